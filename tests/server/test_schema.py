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
