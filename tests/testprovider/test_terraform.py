"""The test provider plugin under the real terraform CLI: installed from a filesystem mirror, spoken to
over go-plugin's AutoMTLS, every resource type's lifecycle with the store checked from outside."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from bridge.workspace import tfstate
from testprovider import mirror
from testprovider.store import Store
from tests.support import tfbtest
from tests.support.tfbtest import CASES, Case, Terraform, reference, resources
from tfschema.schema import parse

pytestmark = pytest.mark.terraform


@pytest.fixture
def tf(tmp_path: Path, terraform_bin: str) -> Terraform:
    tfbtest.plugin(tmp_path)
    return Terraform(terraform_bin, tmp_path / "work", tmp_path / "mirror")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return tfbtest.store(tmp_path)


def test_init_installs_from_the_mirror_and_locks_its_hash(tf: Terraform, store: Store, tmp_path: Path) -> None:
    tf.write(tfbtest.configuration(store), {})
    tf.run("init", "-input=false")
    lock = (tf.workdir / ".terraform.lock.hcl").read_text()
    assert '"registry.terraform.io/tfbridge/tfbtest"' in lock and 'version     = "0.1.0"' in lock
    assert f'"{mirror.h1(mirror.package_dir(tmp_path / "mirror"))}"' in lock, lock
    tf.run("plan", "-input=false")  # checks the installed package against the lock file's hash

    mirror.install(tmp_path / "mirror").write_text("#!/bin/sh\nexit 1\n")  # the package changed since
    refused = tf.run("plan", "-input=false", check=False)
    assert refused.returncode == 1 and "does not match any of the checksums" in refused.stderr, refused.stderr


def test_its_schema_reads_as_terraform_providers_schema_json(tf: Terraform, store: Store) -> None:
    tf.write(tfbtest.configuration(store), {})
    tf.run("init", "-input=false")
    document = json.loads(tf.run("providers", "schema", "-json").stdout)
    schema = parse(document, "registry.terraform.io/tfbridge/tfbtest", origin="terraform")  # as schema refresh does
    assert sorted(schema.resources) == ["tfbtest_attachment", "tfbtest_item", "tfbtest_project", "tfbtest_volume"]
    ports = next(a for a in schema.resources["tfbtest_item"].block.attributes if a.name == "ports")
    assert ports.nested is not None and [a.name for a in ports.nested.attributes] == ["id", "number", "protocol"]
    raw = document["provider_schemas"]["registry.terraform.io/tfbridge/tfbtest"]
    assert sorted(raw["data_source_schemas"]) == ["tfbtest_volumes"]
    assert raw["provider"]["block"]["attributes"]["token"]["sensitive"] is True
    item = raw["resource_schemas"]["tfbtest_item"]["block"]["attributes"]
    assert {name: item[name]["nested_type"]["nesting_mode"] for name in ("spec", "ports", "rules", "endpoints")} == {
        "spec": "single", "ports": "list", "rules": "set", "endpoints": "map"}
    assert item["ports"]["nested_type"]["attributes"]["id"]["computed"] is True
    project = raw["resource_schemas"]["tfbtest_project"]
    assert project["version"] == 1 and project["block"]["block_types"]["settings"]["max_items"] == 1
    assert project["block"]["attributes"]["api_key"] == {**project["block"]["attributes"]["api_key"],
                                                         "computed": True, "sensitive": True}
    assert {"optional", "computed"} <= set(project["block"]["attributes"]["tier"])


def test_plaintext_when_terraform_turns_plugin_tls_off(tf: Terraform, store: Store) -> None:
    tf.write(tfbtest.configuration(store), {})
    tf.run("init", "-input=false")
    answer = tf.run("providers", "schema", "-json", env={"TF_DISABLE_PLUGIN_TLS": "1"})
    assert "tfbtest_item" in json.loads(answer.stdout)["provider_schemas"]["registry.terraform.io/tfbridge/tfbtest"][
        "resource_schemas"]


@pytest.mark.parametrize("case", CASES, ids=[c.tf_type for c in CASES])
def test_lifecycle(tf: Terraform, store: Store, case: Case) -> None:
    provider = tfbtest.configuration(store)
    tf.write(provider, resources(case, case.create(reference)))
    tf.run("init", "-input=false")
    tf.apply()
    (made,) = store.objects(case.tf_type).values()
    state = tf.state()[case.address]
    assert state["attributes"] == made, "the state holds what the store holds"
    assert tf.plan() == {}, "no diff after create"

    tf.write(provider, resources(case, case.update(reference)))
    assert tf.plan() == {case.address: ["update"]}
    tf.apply()
    (updated,) = store.objects(case.tf_type).values()
    assert updated["id"] == made["id"] and updated == tf.state()[case.address]["attributes"] != made
    assert tf.plan() == {}

    if case.replace is not None:
        tf.write(provider, resources(case, case.replace(reference)))
        assert sorted(tf.plan()[case.address]) == ["create", "delete"], "the change plans a replacement"
        tf.apply()
        (replaced,) = store.objects(case.tf_type).values()
        assert replaced["id"] != made["id"] == state["attributes"]["id"]

    current = tf.state()[case.address]["attributes"]
    shutil.copy(tf.workdir / "terraform.tfstate", tf.workdir / "kept.tfstate")
    tf.run("state", "rm", case.address)
    imported = tf.run("import", "-input=false", case.address, current["id"], check=False)
    if case.importable:
        assert imported.returncode == 0, imported.stderr
        assert tf.state()[case.address]["attributes"] == current
        assert tf.plan() == {}, "an import reads every argument back"
    else:
        assert imported.returncode == 1 and "does not support import" in imported.stderr, imported.stderr
        shutil.copy(tf.workdir / "kept.tfstate", tf.workdir / "terraform.tfstate")
    assert store.count(case.tf_type) == 1, "no second object"

    tf.run("destroy", "-auto-approve", "-input=false")
    assert store.count() == 0, store.objects(case.tf_type)


def test_the_composite_import_id_and_sensitive_values(tf: Terraform, store: Store) -> None:
    item = CASES[1]
    tf.write(tfbtest.configuration(store), {**resources(item, item.create(reference)),
                                            "tfbtest_project": {"alpha": {"name": "alpha"}}})
    tf.run("init", "-input=false")
    tf.apply()
    assert tf.state()["tfbtest_item.this"]["attributes"]["id"] == "alpha/one"
    tf.run("state", "rm", "tfbtest_item.this")
    wrong = tf.run("import", "-input=false", "tfbtest_item.this", "one", check=False)
    assert wrong.returncode == 1 and "expected an ID of the form project/name" in wrong.stderr, wrong.stderr
    missing = tf.run("import", "-input=false", "tfbtest_item.this", "alpha/none", check=False)
    assert missing.returncode == 1 and "Cannot import non-existent remote object" in missing.stderr, missing.stderr
    tf.run("import", "-input=false", "tfbtest_item.this", "alpha/one")
    project = tf.state()["tfbtest_project.alpha"]
    assert project["attributes"]["api_key"].startswith("pk_") and project["attributes"]["tier"] == "standard"
    # The connection details the CLI executor publishes from terraform's state: sensitive values, nested too.
    document = tfstate.parse((tf.workdir / "terraform.tfstate").read_text(), "terraform.tfstate")
    found = {tf_type: tfstate.instance(document, tf_type, name) for tf_type, name in (
        ("tfbtest_project", "alpha"), ("tfbtest_item", "this"))}
    assert {t: tfstate.connection_details(i) for t, i in found.items() if i is not None} == {
        "tfbtest_project": {"attribute.api_key": project["attributes"]["api_key"].encode()},
        "tfbtest_item": {"attribute.spec.secret": b"hush", "attribute.endpoints.a.key": b"k1"}}


def test_a_token_the_store_refuses_fails_the_plan(tf: Terraform, store: Store) -> None:
    tf.write(tfbtest.configuration(store, token="not-the-token"), {"tfbtest_project": {"p": {"name": "p"}}})
    tf.run("init", "-input=false")
    refused = tf.run("plan", "-input=false", check=False)
    assert refused.returncode == 1 and "the store refused the token" in refused.stderr, refused.stderr
    assert "not-the-token" not in refused.stderr + refused.stdout
    tf.write({"endpoint": "relative.db"}, {"tfbtest_project": {"p": {"name": "p"}}})
    invalid = tf.run("plan", "-input=false", check=False)
    assert invalid.returncode == 1 and "endpoint must be an absolute path" in invalid.stderr, invalid.stderr


def test_the_provider_block_may_come_from_the_environment(tf: Terraform, store: Store) -> None:
    tf.write({}, {"tfbtest_project": {"p": {"name": "p"}}})
    tf.run("init", "-input=false")
    tf.run("apply", "-auto-approve", "-input=false",
           env={"TFBTEST_ENDPOINT": str(store.path), "TFBTEST_TOKEN": tfbtest.TOKEN})
    assert list(store.objects("tfbtest_project")) == ["p"]


def test_the_data_source_finds_volumes_by_label(tf: Terraform, store: Store) -> None:
    volume = {"size": 1, "create_seconds": 0}
    tf.write(tfbtest.configuration(store),
             {"tfbtest_volume": {"a": {"name": "a", "labels": {"team": "x", "tier": "1"}, **volume},
                                 "b": {"name": "b", "labels": {"team": "x"}, **volume},
                                 "c": {"name": "c", "labels": {"team": "y"}, **volume}}},
             data={"tfbtest_volumes": {"x": {"labels": {"team": "x"},
                                             "depends_on": ["tfbtest_volume.a", "tfbtest_volume.b"]}}})
    tf.run("init", "-input=false")
    tf.apply()
    found = tf.state()["data.tfbtest_volumes.x"]["attributes"]["ids"]
    assert found == sorted(i for i, v in store.objects("tfbtest_volume").items() if v["labels"]["team"] == "x")
    assert len(found) == 2


def test_a_slow_create_is_seen_creating_from_outside(tf: Terraform, store: Store) -> None:
    tf.write(tfbtest.configuration(store), {"tfbtest_volume": {"slow": {"name": "slow", "size": 1,
                                                                        "create_seconds": 5}}})
    tf.run("init", "-input=false")
    apply = subprocess.Popen([tf.binary, "apply", "-auto-approve", "-input=false", "-no-color"], cwd=tf.workdir,
                             env=tf.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        seen = []
        deadline = time.monotonic() + 60
        while apply.poll() is None and time.monotonic() < deadline:
            seen += [v["status"] for v in store.objects("tfbtest_volume").values()]
            time.sleep(0.1)
        out, err = apply.communicate(timeout=60)
    finally:
        if apply.poll() is None:
            apply.kill()
            apply.wait()
    assert apply.returncode == 0, err
    assert "creating" in seen, f"the store never showed the volume creating: {seen[-5:]}"
    assert [v["status"] for v in store.objects("tfbtest_volume").values()] == ["available"]
    assert "Still creating..." in out or "Creation complete after" in out, out
