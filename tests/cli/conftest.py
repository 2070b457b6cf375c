"""Fixtures shared with the edge tests: ``toy`` (the toy game registered for the CLI)."""

from tests.edges.conftest import toy  # noqa: F401 - a fixture, registered by being here
