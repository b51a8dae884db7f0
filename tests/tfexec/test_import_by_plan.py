"""An observe of a lost workspace imports and plans in one terraform run (an ``import`` block), and saves
the object as ``terraform import`` saves it; the real aws provider against moto."""

from __future__ import annotations

import shutil

import pytest

from bridge.tfexec.backend import CLIBackend
from tests.support.cloud import Moto
from tests.support.executors import SETUP, mr
from tests.support.packages import AWS_CURATED as AWS

pytestmark = [pytest.mark.slow, pytest.mark.cloud]


def _ran_since(executor: CLIBackend, before: dict[str, int]) -> dict[str, int]:
    """The terraform runs, per verb, since ``before`` (the executor's counts then)."""
    return {verb: n - before.get(verb, 0) for verb, n in executor.stats().terraform_runs.items()
            if n != before.get(verb, 0)}


def test_a_lost_workspace_is_imported_and_planned_in_one_run(aws_executor: CLIBackend, moto: Moto) -> None:
    s3 = moto.client("s3")
    name = "tfbridge-one-run-import"
    bucket = mr("aws_s3_bucket", name, {"region": "us-east-1", "tags": {"team": "a"}}, external_name=name)
    client = aws_executor.client(AWS.by_type("aws_s3_bucket"), SETUP)
    client.create(bucket)
    ws = aws_executor.store.get(bucket.api_version, bucket.kind, bucket.name)
    shutil.rmtree(ws.dir)

    runs = dict(aws_executor.stats().terraform_runs)
    seen = aws_executor.client(AWS.by_type("aws_s3_bucket"), SETUP).observe(bucket)
    ran = _ran_since(aws_executor, runs)
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

    imports = aws_executor.stats().terraform_runs.get("import", 0)
    again = aws_executor.client(AWS.by_type("aws_s3_bucket"), SETUP).observe(bucket)
    assert (again.exists, again.up_to_date, again.recovered) == (True, True, ())
    assert aws_executor.stats().terraform_runs.get("import", 0) == imports, "the saved state answers: no import"

    # The saved state carries an update and a delete.
    bucket.set_for_provider("tags", {"team": "b"})
    client.update(bucket)
    assert s3.get_bucket_tagging(Bucket=name)["TagSet"] == [{"Key": "team", "Value": "b"}]
    client.delete(bucket)
    assert name not in [b["Name"] for b in s3.list_buckets()["Buckets"]]


def test_the_import_id_is_a_literal_never_a_template(aws_executor: CLIBackend, moto: Moto) -> None:
    """An external name reaches the ``import`` block's ``id`` as a literal: were it read as a template,
    this one would name the bucket that exists (and another could call functions, read files). An ID
    that names no object answers absent in one run."""
    made = mr("aws_s3_bucket", "tfbridge-template", {"region": "us-east-1"}, external_name="tfbridge-template")
    aws_executor.client(AWS.by_type("aws_s3_bucket"), SETUP).create(made)
    templated = mr("aws_s3_bucket", "tfbridge-templated", {"region": "us-east-1"},
                   external_name="tfbridge-%{ if true }template%{ endif }")
    runs = dict(aws_executor.stats().terraform_runs)
    seen = aws_executor.client(AWS.by_type("aws_s3_bucket"), SETUP).observe(templated)
    assert not seen.exists, seen
    ran = _ran_since(aws_executor, runs)
    assert ran == {"plan": 1}, f"the plan's import found no such bucket, in one run: {ran}"
