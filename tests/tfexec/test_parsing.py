import json
import zipfile
from pathlib import Path

import pytest

from bridge.api.errors import StateCorrupted
from bridge.tfexec import jsonstream
from bridge.tfexec import state as tfstate

PLAN = "\n".join(json.dumps(m) for m in [
    {"type": "version", "terraform": "1.11.4"},
    {"type": "resource_drift", "change": {"resource": {"addr": "aws_vpc.this"}, "action": "update"}},
    {"type": "planned_change", "change": {"resource": {"addr": "aws_vpc.this"}, "action": "update"}},
    {"type": "change_summary", "changes": {"add": 0, "change": 1, "import": 0, "remove": 0, "operation": "plan"}},
    {"type": "apply_start", "hook": {"resource": {"addr": "aws_vpc.this"}, "action": "update"}},
    {"type": "diagnostic", "diagnostic": {"severity": "warning", "summary": "Deprecated", "detail": "use x"}},
    {"type": "diagnostic", "diagnostic": {"severity": "error", "summary": "creating EC2 VPC",
                                          "detail": "InvalidVpcRange:\n  bad", "address": "aws_vpc.this"}},
]) + "\nnot json\n"


def test_parse_stream() -> None:
    s = jsonstream.parse(PLAN)
    assert s.planned == {"aws_vpc.this": "update"} and s.drift == {"aws_vpc.this": "update"}
    assert s.summary == jsonstream.ChangeSummary(0, 1, 0, 0, "plan")
    assert [str(d) for d in s.errors] == ["creating EC2 VPC: InvalidVpcRange: bad"]
    assert s.errors[0].address == "aws_vpc.this"
    assert s.applying == {"aws_vpc.this"} and not jsonstream.parse("").applying


IMPORT_STDERR = """
╷
│ Error: Cannot import non-existent remote object
│
│ While attempting to import an existing object to "aws_vpc.this", the
│ provider detected that no object exists with the given id.
╵
"""


def test_parse_text_errors() -> None:
    (d,) = jsonstream.parse_text_errors(IMPORT_STDERR)
    assert d.summary == "Cannot import non-existent remote object"
    assert d.detail.startswith('While attempting to import an existing object to "aws_vpc.this"')


STATE = {
    "version": 4, "serial": 3, "lineage": "x", "outputs": {},
    "resources": [{"mode": "managed", "type": "aws_db", "name": "this", "provider": "p", "instances": [{
        "schema_version": 1, "status": "tainted",
        "attributes": {"id": "db-1", "password": "s3cret", "endpoint": {"port": 5432, "host": "h"}},
        "sensitive_attributes": [[{"type": "get_attr", "value": "password"}]]}]}],
}


def test_state_instance_and_connection_details() -> None:
    inst = tfstate.instance(STATE, "aws_db", "this")
    assert inst is not None and inst.tainted and inst.schema_version == 1
    assert tfstate.connection_details(inst, ("endpoint.port",)) == {
        "attribute.endpoint.port": b"5432", "attribute.password": b"s3cret"}
    assert tfstate.instance(STATE, "aws_db", "other") is None


@pytest.mark.parametrize("text", ["{not json", '{"version": 3, "resources": []}', "[]"])
def test_corrupt_state_is_refused(text: str) -> None:
    with pytest.raises(StateCorrupted, match=r"terraform\.tfstate"):
        tfstate.parse(text, "terraform.tfstate")


def test_planfile_state(tmp_path: Path) -> None:
    plan = tmp_path / "p.plan"
    with zipfile.ZipFile(plan, "w") as z:
        z.writestr("tfplan", b"\x00")
        z.writestr("tfstate", json.dumps(STATE))
    assert tfstate.from_planfile(plan) == STATE
    (tmp_path / "bad.plan").write_bytes(b"not a zip")
    assert tfstate.from_planfile(tmp_path / "bad.plan") is None
