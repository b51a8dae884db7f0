"""terraform's machine-readable output, and the human errors of its verbs that have none."""

import json

from bridge.tfexec import jsonstream

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
