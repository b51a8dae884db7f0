"""The front of a reattached provider process: terraform sees only its run's types, and plans as it does
reattached to the process itself; narrowing copies the schema's entries as the provider encoded them."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.tfexec.backend import CLIBackend
from bridge.tfexec.front import Front, Schema, used_types
from bridge.tfexec.providers import DebugProcess
from bridge.workspace.document import ProviderBlock, ResourceBlock, build
from bridge.workspace.store import Workspace
from devrig.cloud import MOTO_CONFIGURATION, MOTO_CREDENTIALS
from testprovider import protocol
from tests.support.packages import AWS_CURATED as AWS

pytestmark = [pytest.mark.terraform]


def _response(resources: dict[str, int], data: dict[str, int]) -> Any:
    """A schema answer whose types' schemas differ by version, so each entry can be told apart."""
    response = protocol.message("GetProviderSchema.Response")()
    response.provider.version = 7
    response.server_capabilities.plan_destroy = True
    for name, version in resources.items():
        response.resource_schemas[name].version = version
    for name, version in data.items():
        response.data_source_schemas[name].version = version
    return response


def _schema(response: Any) -> Schema:
    fields = response.DESCRIPTOR.fields_by_name
    narrowed = ("resource_schemas", "data_source_schemas")
    return Schema(response.SerializeToString(), {fields[n].number: n for n in narrowed})


def test_narrowing_keeps_the_named_types_and_everything_else_whole() -> None:
    whole = _response({"t_a": 1, "t_b": 2, "t_c": 3}, {"t_a": 4, "t_d": 5})
    schema = _schema(whole)
    answer = schema.narrowed(frozenset({"t_a", "t_c", "t_x"}))
    parsed = protocol.message("GetProviderSchema.Response").FromString(answer)
    assert {k: v.version for k, v in parsed.resource_schemas.items()} == {"t_a": 1, "t_c": 3}
    assert {k: v.version for k, v in parsed.data_source_schemas.items()} == {"t_a": 4}
    assert parsed.provider == whole.provider and parsed.server_capabilities == whole.server_capabilities
    assert schema.narrowed(None) == whole.SerializeToString()
    assert schema.narrowed(frozenset()) == _response({}, {}).SerializeToString()


def test_a_workspace_names_its_types_in_its_configuration_and_its_state(tmp_path: Path) -> None:
    ws = Workspace(tmp_path, "w")
    assert used_types(ws) is None, "no configuration yet: the schema whole"
    ws.write_main({"resource": {"aws_vpc": {"this": {}}}, "data": {"aws_region": {"r": {}}},
                   "import": [{"to": "aws_subnet.this", "id": "subnet-1"}]})
    assert used_types(ws) == {"aws_vpc", "aws_region", "aws_subnet"}
    ws.state_path.write_text(json.dumps({"resources": [{"mode": "managed", "type": "aws_route_table",
                                                        "name": "this"}]}))
    assert used_types(ws) == {"aws_vpc", "aws_region", "aws_subnet", "aws_route_table"}
    ws.state_path.write_text("{")  # what the front cannot read, it does not narrow
    assert used_types(ws) is None


def test_a_front_that_cannot_serve_lets_its_runs_reattach_to_the_process_itself(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    def reattach(network: str, address: str) -> str:
        return json.dumps({"registry.terraform.io/hashicorp/aws": {
            "Protocol": "grpc", "ProtocolVersion": 5, "Pid": 1, "Test": True,
            "Addr": {"Network": network, "String": address}}})

    over_tcp = reattach("tcp", "127.0.0.1:1")
    with Front(over_tcp).serve(frozenset({"aws_vpc"})) as given:
        assert given == over_tcp
    gone = reattach("unix", str(tmp_path / "no-such.sock"))  # a process that answers nothing (no reflection)
    front = Front(gone, timeout=5)
    with caplog.at_level(logging.WARNING), front.serve(frozenset({"aws_vpc"})) as given:
        assert given == gone
    assert "without the front" in caplog.text
    front.close()


def process_env(executor: CLIBackend) -> dict[str, str]:
    return {**{k: v for k, v in executor.plugins.env.items() if k != "TF_CLI_CONFIG_FILE"}, **MOTO_CREDENTIALS}


@pytest.fixture
def process(aws_executor: CLIBackend) -> Iterator[DebugProcess]:
    binary = aws_executor.plugins.binary(AWS.provider)
    assert binary is not None
    started = DebugProcess(binary, process_env(aws_executor))
    yield started
    started.stop()


def test_terraform_through_the_front_sees_its_runs_types_and_plans_as_reattached_directly(
        aws_executor: CLIBackend, process: DebugProcess, tmp_path: Path) -> None:
    provider = ProviderBlock("aws", AWS.provider.source, AWS.provider.version,
                             {**MOTO_CONFIGURATION, "region": "us-east-1"})
    (tmp_path / "workspaces").mkdir()
    ws = Workspace(tmp_path / "workspaces", "vpc")
    ws.ensure()
    ws.write_main(build(provider, resource=ResourceBlock("aws_vpc", {"cidr_block": "10.9.0.0/16",
                                                                     "tags": {"front": "yes"}})))
    aws_executor.link(ws, provider)

    def terraform(reattach: str, *args: str) -> str:
        run = aws_executor.runner.run(ws.dir, list(args), env={**aws_executor.plugins.env,
                                                               "TF_REATTACH_PROVIDERS": reattach}, timeout=120)
        assert run.returncode == 0, run.stderr[-2000:]
        return run.stdout

    types = used_types(ws)
    assert types == {"aws_vpc"}
    with process.front.serve(types) as reattach:
        assert reattach != process.reattach
        schemas = json.loads(terraform(reattach, "providers", "schema", "-json"))
        terraform(reattach, "plan", "-refresh=false", "-input=false", "-no-color", "-out=front.plan")
        through_front = json.loads(terraform(reattach, "show", "-json", "front.plan"))
    terraform(process.reattach, "plan", "-refresh=false", "-input=false", "-no-color", "-out=direct.plan")
    reattached = json.loads(terraform(process.reattach, "show", "-json", "direct.plan"))
    whole = json.loads(terraform(process.reattach, "providers", "schema", "-json"))

    (seen,) = schemas["provider_schemas"].values()
    (everything,) = whole["provider_schemas"].values()
    assert sorted(seen["resource_schemas"]) == ["aws_vpc"]
    assert sorted(seen.get("data_source_schemas", {})) == ["aws_vpc"]  # the data source of that name
    assert len(everything["resource_schemas"]) > 1000
    assert seen["provider"] == everything["provider"]
    assert seen["resource_schemas"]["aws_vpc"] == everything["resource_schemas"]["aws_vpc"]
    assert through_front["resource_changes"] == reattached["resource_changes"]
    assert [c["change"]["actions"] for c in through_front["resource_changes"]] == [["create"]]

    # A second process of the same binary is never asked for its schema: its front answers from the first's,
    # and the process serves the run as well.
    binary = aws_executor.plugins.binary(AWS.provider)
    assert binary is not None
    second = DebugProcess(binary, process_env(aws_executor))
    try:
        with second.front.serve(types) as reattach:
            terraform(reattach, "plan", "-refresh=false", "-input=false", "-no-color", "-out=second.plan")
            again = json.loads(terraform(reattach, "show", "-json", "second.plan"))
        assert second.front.schema is process.front.schema
        assert again["resource_changes"] == reattached["resource_changes"]
    finally:
        second.stop()
