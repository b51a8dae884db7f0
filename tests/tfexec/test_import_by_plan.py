"""An observe of a lost workspace imports and plans in one terraform run (an ``import`` block), and saves
the object as ``terraform import`` saves it; the real aws provider against moto."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.tfexec.backend import CLIBackend
from tests.support.cloud import Moto
from tests.support.executors import SETUP, cli_backend, mr
from tests.support.packages import AWS_CURATED as AWS

pytestmark = [pytest.mark.slow, pytest.mark.cloud]


@pytest.fixture
def executor(tmp_path: Path, terraform_bin: str, plugin_dir: Path, moto: Moto) -> Iterator[CLIBackend]:
    ex = cli_backend(tmp_path / "ws", terraform_bin, plugin_dir, moto)
    yield ex
    ex.shutdown()


def test_a_lost_workspace_is_imported_and_planned_in_one_run(executor: CLIBackend, moto: Moto) -> None:
    s3 = moto.client("s3")
    name = "tfbridge-one-run-import"
    bucket = mr("aws_s3_bucket", name, {"region": "us-east-1", "tags": {"team": "a"}}, external_name=name)
    client = executor.client(AWS.by_type("aws_s3_bucket"), SETUP)
    client.create(bucket)
    ws = executor.store.get(bucket.api_version, bucket.kind, bucket.name)
    shutil.rmtree(ws.dir)

    runs = dict(executor.stats().terraform_runs)
    seen = executor.client(AWS.by_type("aws_s3_bucket"), SETUP).observe(bucket)
    after = executor.stats().terraform_runs
    ran = {verb: n - runs.get(verb, 0) for verb, n in after.items() if n != runs.get(verb, 0)}
    assert ran == {"plan": 1}, f"an observe that imports makes one run (plan), not import + plan: {ran}"
    assert (seen.exists, seen.up_to_date, seen.recovered, seen.external_name) == (True, True, ("import",), name)

    main = ws.read_main()
    assert main is not None and "import" not in main, "the import block is gone: no later plan imports again"
    saved = ws.read_state()
    assert saved is not None and saved["serial"] == 1 and saved["lineage"], saved
    imported = client.floor.instance(saved)
    # What `terraform import` of the same ID saves, in a scratch workspace.
    with client._operation(bucket, "observe", 120) as (_, _, driver):
        reference = driver.probe(name, 120)
    assert imported is not None and reference is not None
    assert imported.attributes == reference.attributes
    assert (imported.private, imported.schema_version, imported.sensitive_paths) == (
        reference.private, reference.schema_version, reference.sensitive_paths)
    assert imported.private, "the importer's private data is kept"

    imports = executor.stats().terraform_runs.get("import", 0)
    again = executor.client(AWS.by_type("aws_s3_bucket"), SETUP).observe(bucket)
    assert (again.exists, again.up_to_date, again.recovered) == (True, True, ())
    assert executor.stats().terraform_runs.get("import", 0) == imports, "the saved state answers: no import"

    # The saved state carries an update and a delete.
    bucket.set_for_provider("tags", {"team": "b"})
    client.update(bucket)
    assert s3.get_bucket_tagging(Bucket=name)["TagSet"] == [{"Key": "team", "Value": "b"}]
    client.delete(bucket)
    assert name not in [b["Name"] for b in s3.list_buckets()["Buckets"]]


def test_the_import_id_is_a_literal_never_a_template(executor: CLIBackend, moto: Moto) -> None:
    """An external name reaches the ``import`` block's ``id`` as a literal: were it read as a template,
    this one would name the bucket that exists (and another could call functions, read files). An ID
    that names no object answers absent in one run."""
    made = mr("aws_s3_bucket", "tfbridge-template", {"region": "us-east-1"}, external_name="tfbridge-template")
    executor.client(AWS.by_type("aws_s3_bucket"), SETUP).create(made)
    templated = mr("aws_s3_bucket", "tfbridge-templated", {"region": "us-east-1"},
                   external_name="tfbridge-%{ if true }template%{ endif }")
    runs = dict(executor.stats().terraform_runs)
    seen = executor.client(AWS.by_type("aws_s3_bucket"), SETUP).observe(templated)
    assert not seen.exists, seen
    ran = {verb: n - runs.get(verb, 0) for verb, n in executor.stats().terraform_runs.items() if n != runs.get(verb, 0)}
    assert ran == {"plan": 1}, f"the plan's import found no such bucket, in one run: {ran}"
