"""Kinds Terraform cannot import, against moto on both executors: a lost workspace is rebuilt from the
external name and the spec and read back (never created again), or, where the read cannot tell whether
the object exists, stopped with instructions."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.api.errors import StateLost
from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin.backend import DirectBackend
from tests.support.cloud import Moto
from tests.support.executors import SETUP, cli_backend, direct_backend, mr
from tests.support.packages import AWS

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
EXECUTORS = ("cli", "direct")


@pytest.fixture
def executors(tmp_path: Path, terraform_bin: str, plugin_dir: Path,
              moto: Moto) -> Iterator[dict[str, CLIBackend | DirectBackend]]:
    cli = cli_backend(tmp_path / "ws", terraform_bin, plugin_dir, moto)
    direct = direct_backend(cli)
    yield {"cli": cli, "direct": direct}
    direct.shutdown()
    cli.shutdown()


def lose_workspace(backend: CLIBackend | DirectBackend, m: Managed) -> None:
    ws = backend.store.get(m.api_version, m.kind, m.name)
    assert ws.state_path.exists()
    shutil.rmtree(ws.dir)


def test_the_importless_policy_is_catalogue_data() -> None:
    assert AWS.by_type("aws_iam_group_membership").config.importless.policy == "rebuild"  # type: ignore[union-attr]
    assert AWS.by_type("aws_iot_thing_principal_attachment").config.importless.policy == "rebuild"  # type: ignore[union-attr]
    assert AWS.by_type("aws_kms_ciphertext").config.importless.policy == "stop"  # type: ignore[union-attr]
    assert AWS.by_type("aws_iam_group").config.importless is None


@pytest.mark.parametrize("which", EXECUTORS)
def test_a_lost_group_membership_is_rebuilt_not_created_again(
        executors: dict[str, CLIBackend | DirectBackend], moto: Moto, which: str) -> None:
    backend = executors[which]
    iam = moto.client("iam")
    group = f"members-{which}"
    iam.create_group(GroupName=group)
    for user in ("ann", "bob"):
        iam.create_user(UserName=f"{user}-{which}")
    kind = AWS.by_type("aws_iam_group_membership")
    spec = {"name": f"membership-{which}", "group": group, "users": [f"ann-{which}", f"bob-{which}"]}
    m = mr("aws_iam_group_membership", f"membership-{which}", spec, package=AWS)
    created = backend.client(kind, SETUP).create(m)
    assert created.import_check is None, "no importer to prove"
    m.set_external_name(created.external_name)
    lose_workspace(backend, m)

    seen = backend.client(kind, SETUP).observe(m)
    assert (seen.exists, seen.up_to_date) == (True, True), seen.diff
    assert seen.recovered == ("rebuild",)
    state = backend.store.get(m.api_version, m.kind, m.name).read_state()
    assert state is not None and state["resources"][0]["instances"][0]["attributes"]["id"] == m.external_name
    assert backend.client(kind, SETUP).observe(m).up_to_date, "and it stays so, the state read back"
    users = sorted(u["UserName"] for u in iam.get_group(GroupName=group)["Users"])
    assert users == [f"ann-{which}", f"bob-{which}"]

    # Lost again, then deleted: the rebuilt state says what to remove.
    lose_workspace(backend, m)
    backend.client(kind, SETUP).delete(m)
    assert iam.get_group(GroupName=group)["Users"] == []

    # The membership is the group's list of users: with the group there, a rebuilt state reads it, empty,
    # and the update puts the users back (a set: nothing can be added twice).
    seen = backend.client(kind, SETUP).observe(m)
    assert (seen.exists, seen.diff) == (True, "update: users")
    # With the group gone, the read finds nothing: absent.
    lose_workspace(backend, m)
    iam.delete_group(GroupName=group)
    assert not backend.client(kind, SETUP).observe(m).exists


@pytest.mark.parametrize("which", EXECUTORS)
def test_a_lost_thing_principal_attachment_is_rebuilt_and_not_attached_twice(
        executors: dict[str, CLIBackend | DirectBackend], moto: Moto, which: str) -> None:
    backend = executors[which]
    iot = moto.client("iot")
    thing = f"thing-{which}"
    iot.create_thing(thingName=thing)
    certificate = iot.create_keys_and_certificate(setAsActive=True)["certificateArn"]
    kind = AWS.by_type("aws_iot_thing_principal_attachment")
    m = mr("aws_iot_thing_principal_attachment", f"attached-{which}",
           {"region": "us-east-1", "thing": thing, "principal": certificate}, package=AWS)
    m.set_external_name(backend.client(kind, SETUP).create(m).external_name)
    lose_workspace(backend, m)

    seen = backend.client(kind, SETUP).observe(m)
    assert (seen.exists, seen.up_to_date, seen.recovered) == (True, True, ("rebuild",)), seen.diff
    assert iot.list_thing_principals(thingName=thing)["principals"] == [certificate]

    # Detached behind our back, then lost: the rebuilt state reads nothing, so the create attaches it again.
    iot.detach_thing_principal(thingName=thing, principal=certificate)
    lose_workspace(backend, m)
    assert not backend.client(kind, SETUP).observe(m).exists


@pytest.mark.parametrize("which", EXECUTORS)
def test_a_lost_ciphertext_stops_with_instructions(
        executors: dict[str, CLIBackend | DirectBackend], moto: Moto, which: str) -> None:
    backend = executors[which]
    key = moto.client("kms").create_key(Description=f"cipher-{which}")["KeyMetadata"]["KeyId"]
    kind = AWS.by_type("aws_kms_ciphertext")
    m = mr("aws_kms_ciphertext", f"cipher-{which}", {
        "region": "us-east-1", "keyId": key,
        "plaintextSecretRef": {"name": "plain", "namespace": "default", "key": "text"}}, package=AWS)

    def secrets(namespace: str, name: str) -> dict[str, bytes]:
        return {"text": b"hello"}

    m.set_external_name(backend.client(kind, SETUP, secrets).create(m).external_name)
    assert m.external_name
    lose_workspace(backend, m)

    for verb in ("observe", "delete"):
        with pytest.raises(StateLost, match=f"Terraform cannot import a aws_kms_ciphertext.*{EXTERNAL_NAME}"):
            getattr(backend.client(kind, SETUP, secrets), verb)(m)
    assert not backend.store.get(m.api_version, m.kind, m.name).state_path.exists(), "nothing rebuilt"
