"""schemathesis against the OpenAPI schema: generated requests never meet a server error."""

from __future__ import annotations

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from gameshelf.server.app import create_app
from tests.server.conftest import fast_settings, guest, new_table


def test_no_server_error(db_url):
    app = create_app(fast_settings(db_url))
    with TestClient(app) as http:  # runs the lifespan: migrations, service, broker
        token = guest(http, "Fuzz")
        table = new_table(http, token)
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 15
        for operation in operations:
            @given(case=operation.as_strategy())
            @settings(max_examples=6, deadline=None, derandomize=True, database=None,
                      suppress_health_check=list(HealthCheck))
            def check(case):
                if case.path_parameters and "table_id" in case.path_parameters and hash(str(case)) % 2:
                    case.path_parameters["table_id"] = table["id"]  # reach a real table too
                case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=[not_a_server_error])

            check()


def _with_nul(value, keys: bool = True):
    """Every string of a generated parameter or body (its keys too if ``keys``), with a NUL in it
    (PostgreSQL cannot store one)."""
    if isinstance(value, str):
        return value + "\x00"
    if isinstance(value, dict):
        return {(_with_nul(k) if keys else k): _with_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_nul(v) for v in value]
    return value


def test_d2_a_nul_in_any_string_of_any_operation_is_refused_never_a_server_error(db_url):
    """Issue 34 d2: on PostgreSQL a NUL reached the store and answered 500; both stores must refuse it."""
    app = create_app(fast_settings(db_url))
    with TestClient(app) as http:
        token = guest(http, "Fuzz")
        table = new_table(http, token)
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        for operation in [result.ok() for result in schema.get_all_operations()]:
            @given(case=operation.as_strategy())
            @settings(max_examples=3, deadline=None, derandomize=True, database=None,
                      suppress_health_check=list(HealthCheck))
            def check(case):
                if case.path_parameters and "table_id" in case.path_parameters:
                    case.path_parameters["table_id"] = table["id"]
                touched = False
                for part in ("path_parameters", "query", "body"):
                    value = getattr(case, part, None)
                    if isinstance(value, (dict, list)) and value:
                        changed = _with_nul(value, keys=part == "body")
                        setattr(case, part, changed)
                        touched = touched or changed != value
                response = case.call(headers={"Authorization": f"Bearer {token}"})
                assert response.status_code < 500, (case.path, response.text)
                if touched:
                    assert 400 <= response.status_code < 500, (case.path, response.text)

            check()
