"""The local-file rule: which arguments are never user-settable, and the AWS review of every candidate."""

import fnmatch
from collections.abc import Iterator
from typing import Any

import pytest

from providers.aws.localfiles import LOCAL_FILES
from tests.support.packages import AWS, ROOT
from tfconfig import LocalFiles
from tfconfig.localfiles import candidate
from tfschema import schema as s
from tfschema.fields import path_like

RULE = LocalFiles(exceptions={"demo_*.health_check.path": "a URL path", "demo_a.*_s3_path": "S3"},
                  also=("provider.custom_ca_bundle",))


@pytest.mark.parametrize(
    ("path", "reads"),
    [
        pytest.param("demo_a.source", True, id="Source"),
        pytest.param("demo_a.filename", True, id="Filename"),
        pytest.param("demo_a.block.zip_file", True, id="NestedFile"),
        pytest.param("provider.shared_config_files", True, id="Files"),
        pytest.param("demo_a.export_path", True, id="Path"),
        pytest.param("demo_a.dag_s3_path", False, id="ExceptedByPattern"),
        pytest.param("demo_b.dag_s3_path", True, id="ExceptionIsPerType"),
        pytest.param("demo_b.health_check.path", False, id="PathAloneIsNoCandidate"),
        pytest.param("demo_a.profile", False, id="NoCandidate"),
        pytest.param("provider.custom_ca_bundle", True, id="Also"),
    ],
)
def test_rule(path: str, reads: bool) -> None:
    assert RULE.reads_local_file(path) is reads


def test_for_type_keeps_only_what_can_match_the_type() -> None:
    assert RULE.for_type("demo_a") == LocalFiles(exceptions={"demo_*.health_check.path": "a URL path",
                                                             "demo_a.*_s3_path": "S3"})
    assert RULE.for_type("provider") == LocalFiles(also=("provider.custom_ca_bundle",))


def _arguments(prefix: str, block: s.Block) -> Iterator[tuple[str, Any]]:
    for attr in block.attributes:
        if attr.is_parameter:
            yield f"{prefix}.{attr.name}", attr.type
    for bt in block.block_types:
        yield from _arguments(f"{prefix}.{bt.name}", bt.block)


# What the review found to read a file on the provider's machine (see providers/aws/localfiles.py).
AWS_REFUSED = {
    "aws_connect_contact_flow.filename", "aws_connect_contact_flow_module.filename",
    "aws_dataexchange_revision_assets.asset.import_assets_from_signed_url.filename", "aws_gamelift_script.zip_file",
    "aws_lambda_function.filename", "aws_lambda_layer_version.filename", "aws_rds_custom_db_engine_version.filename",
    "aws_s3_bucket_object.source", "aws_s3_object.source", "aws_synthetics_canary.zip_file",
    "provider.assume_role_with_web_identity.web_identity_token_file", "provider.custom_ca_bundle",
    "provider.shared_config_files", "provider.shared_credentials_files",
}


def test_every_aws_argument_the_rule_names_was_reviewed() -> None:
    """A new provider version's new candidates are refused until reviewed: this lists them."""
    doc = s.load_document(ROOT / "providers" / "aws" / AWS.provider.schema_file, AWS.provider.registry_source)
    arguments = dict(_arguments("provider", doc.parse_provider()))
    for tf_type in sorted(doc.resources):
        arguments.update(_arguments(tf_type, doc.parse_resource(tf_type).block))
    refused = {p for p, t in arguments.items() if path_like(t) and LOCAL_FILES.reads_local_file(p)}
    assert refused == AWS_REFUSED
    excused = {pattern for p, t in arguments.items() if path_like(t) and candidate(p.rsplit(".", 1)[-1])
               for pattern in LOCAL_FILES.exceptions if fnmatch.fnmatchcase(p, pattern)}
    assert set(LOCAL_FILES.exceptions) - excused == set(), "every exception excuses an argument of the schema"
