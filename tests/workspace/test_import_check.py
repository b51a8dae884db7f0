"""The import check after a create, and the lost workspace it guards, on the floor both executors share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.api.errors import OperationFailed, OperationTimedOut, StateLost
from bridge.api.external import ImportOutcome
from bridge.api.managed import EXTERNAL_NAME, IMPORT_CHECK_FAILED
from bridge.workspace.kind import KindWorkspaces
from bridge.workspace.store import WorkspaceStore
from bridge.workspace.tfstate import Instance
from tests.support.executors import SETUP, mr
from tests.support.packages import AWS_CURATED as AWS

VPC = {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"}
METADATA = {"account_id": "123456789012", "partition": "aws"}


def floor(tmp_path: Path, tf_type: str, metadata: dict[str, str] = METADATA) -> KindWorkspaces:
    return KindWorkspaces(store=WorkspaceStore(tmp_path), provider=AWS.provider, kind=AWS.by_type(tf_type),
                          setup=SETUP, secrets=None, executor="direct", lock_timeout=5,
                          metadata=lambda block, setup: metadata)


def instance(**attributes: Any) -> Instance:
    return Instance(attributes, (), 0, False)


def raises(exc: BaseException) -> Callable[[str], Instance | None]:
    def probe(import_id: str) -> Instance | None:
        raise exc
    return probe


CREATED = instance(id="vpc-1", arn="arn:aws:ec2:us-east-1:123456789012:vpc/vpc-1", cidr_block="10.0.0.0/16")


@pytest.mark.parametrize(
    ("probe", "want", "detail"),
    [
        pytest.param(lambda i: CREATED, ImportOutcome.IMPORTED, "", id="ImportsTheObjectJustCreated"),
        pytest.param(lambda i: None, ImportOutcome.NOT_FOUND, "", id="FindsNothingTwice"),
        pytest.param(lambda i: instance(id="vpc-2"), ImportOutcome.OTHER_OBJECT, "'vpc-2', not 'vpc-1'",
                     id="ReadsAnotherObject"),
        pytest.param(lambda i: instance(id="vpc-1", arn="arn:aws:ec2:eu-west-1:123456789012:vpc/vpc-1"),
                     ImportOutcome.OTHER_OBJECT, "arn 'arn:aws:ec2:eu-west-1", id="SameIDOtherARN"),
        pytest.param(lambda i: instance(id="vpc-1", arn=CREATED.attributes["arn"], cidr_block="10.1.0.0/16"),
                     ImportOutcome.IMPORTED, "", id="OtherArgumentsAreNotIdentity"),
        pytest.param(raises(OperationFailed("import failed", verb="import",
                                            diagnostics=("unexpected format of ID",))),
                     ImportOutcome.REFUSED, "unexpected format of ID", id="ProviderRefusesTheID"),
        pytest.param(raises(OperationFailed("import failed", verb="import", diagnostics=("context canceled",),
                                            canceled=True)),
                     ImportOutcome.UNCHECKED, "context canceled", id="CancelledProvesNothing"),
        pytest.param(raises(OperationTimedOut("deadline")), ImportOutcome.UNCHECKED, "deadline",
                     id="DeadlineProvesNothing"),
    ],
)
def test_import_check_outcomes(tmp_path: Path, probe: Callable[[str], Instance | None], want: ImportOutcome,
                               detail: str) -> None:
    f = floor(tmp_path, "aws_vpc")
    m = mr("aws_vpc", "v", VPC)
    ws = f.workspace(m)
    tried: list[str] = []

    def counted(import_id: str) -> Instance | None:
        tried.append(import_id)
        return probe(import_id)

    check = f.check_import(ws, m, f.render(m), CREATED, counted, recheck=0)
    assert (check.outcome, check.import_id) == (want, "vpc-1")
    assert detail in check.detail
    assert tried == (["vpc-1", "vpc-1"] if want is ImportOutcome.NOT_FOUND else ["vpc-1"])
    assert check.failed == (want in (ImportOutcome.NOT_FOUND, ImportOutcome.OTHER_OBJECT, ImportOutcome.REFUSED))
    assert "'vpc-1'" in check.describe()
    assert (ws.meta().import_check, ws.meta().import_id) == (want.value, "vpc-1")


def test_the_id_is_built_from_the_new_external_name_and_the_parameters(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_sns_topic")
    m = mr("aws_sns_topic", "t", {"region": "eu-west-1"})
    created = instance(id="arn:aws:sns:eu-west-1:123456789012:t", arn="arn:aws:sns:eu-west-1:123456789012:t",
                       name="t")
    tried: list[str] = []
    check = f.check_import(f.workspace(m), m, f.render(m), created, lambda i: tried.append(i) or created, recheck=0)
    assert tried == ["arn:aws:sns:eu-west-1:123456789012:t"] and check.outcome is ImportOutcome.IMPORTED


def test_an_id_made_up_at_create_is_not_identity(tmp_path: Path) -> None:
    """aws_iam_role_policy_attachment's ``id`` is the role's name and a random suffix at create, and the
    import ID after an import: the same attachment, told by its external name."""
    f = floor(tmp_path, "aws_iam_role_policy_attachment")
    m = mr("aws_iam_role_policy_attachment", "a", {"role": "r", "policyArn": "arn:aws:iam::123456789012:policy/p"})
    created = instance(id="r-20261201044900000000000001", role="r", policy_arn="arn:aws:iam::123456789012:policy/p")
    imported = instance(id="r/arn:aws:iam::123456789012:policy/p", role="r",
                        policy_arn="arn:aws:iam::123456789012:policy/p")
    check = f.check_import(f.workspace(m), m, f.render(m), created, lambda i: imported, recheck=0)
    assert (check.outcome, check.import_id) == (ImportOutcome.IMPORTED, "r/arn:aws:iam::123456789012:policy/p")


def test_an_id_that_cannot_be_built_is_refused(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_iam_policy", metadata={})  # the policy ARN needs the account ID
    m = mr("aws_iam_policy", "p", {"policy": "{}"})
    check = f.check_import(f.workspace(m), m, f.render(m), instance(id="arn:x", name="p"), lambda i: None, recheck=0)
    assert check.outcome is ImportOutcome.REFUSED and "account_id" in check.detail


def test_a_lost_workspace_of_a_marked_object_stops_with_instructions(tmp_path: Path) -> None:
    f = floor(tmp_path, "aws_vpc")
    m = mr("aws_vpc", "v", VPC, external_name="vpc-1")
    assert f.import_id(m, f.render(m)) == "vpc-1"
    m.set_annotations({IMPORT_CHECK_FAILED: "vpc-1"})
    with pytest.raises(StateLost) as err:
        f.import_id(m, f.render(m))
    message = str(err.value)
    assert "VPC/v" in message and "'vpc-1'" in message
    assert "tfbridge workspaces import VPC/v" in message and IMPORT_CHECK_FAILED in message
    assert EXTERNAL_NAME in message
