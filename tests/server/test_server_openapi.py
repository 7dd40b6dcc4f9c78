"""schemathesis against the lobby's OpenAPI description (a real server, bounded examples)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance
from serverproc import Server

from gostop.server.app import create_app

# The description the server publishes at /openapi.json (built without starting the app).
schema = schemathesis.openapi.from_dict(create_app().openapi())


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(Path(tmp_path_factory.mktemp("openapi")),
                    args=("--bot-delay", "0", "--max-rooms-per-client", "100000")).start()
    yield server
    server.stop()


def test_published_description_is_the_one_tested(lobby: Server) -> None:
    with lobby.http() as http:
        assert http.get("/openapi.json").json() == create_app().openapi()


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_lobby_conforms_to_its_openapi(case: schemathesis.Case, lobby: Server) -> None:
    # A body can match the schema and still ask for something impossible (join a room of bots
    # only, an unknown knob): that is a 400 with a sentence, so "valid data accepted" is off.
    response = case.call_and_validate(base_url=lobby.url, excluded_checks=[positive_data_acceptance])
    assert response.status_code < 500
