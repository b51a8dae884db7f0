from typing import Any

import pytest

from tests.support import synthetic
from tfconfig import ConfigError, Exclusion, LocalFiles, Reason, Reference, Resource
from tfschema import catalogue
from tfschema import schema as s


def document(**resources: dict[str, Any]) -> s.Document:
    doc = synthetic.document()
    doc["provider_schemas"][synthetic.SOURCE]["resource_schemas"].update(resources)
    return s.document(doc, synthetic.SOURCE)


NO_ID = {"version": 0, "block": {"attributes": {"arn": synthetic.attr("string", computed=True)}}}
UPLOAD = {"version": 0, "block": {"attributes": {"id": synthetic.attr("string", computed=True),
                                                 "source": synthetic.attr("string", required=True)}}}


def test_every_resource_is_a_kind_or_excluded_with_its_reason() -> None:
    provider = synthetic.provider(include=("demo_*",), exclude={"demo_unused": Exclusion(
        Reason.NO_IMPORT, "the API has no read by ID", source="https://example.com/docs")})
    plan = catalogue.plan(provider, document(demo_noid=NO_ID, demo_upload=UPLOAD))
    assert plan.included == ("demo_network", "demo_thing")
    assert plan.excluded == {
        "demo_noid": Exclusion(Reason.NO_ID),
        "demo_unused": Exclusion(Reason.NO_IMPORT, "the API has no read by ID", source="https://example.com/docs"),
        "demo_upload": Exclusion(Reason.READS_LOCAL_FILES, "source"),
    }


def test_resources_not_included_are_listed_as_such() -> None:
    plan = catalogue.plan(synthetic.provider(), document())
    assert plan.excluded == {"demo_unused": Exclusion(Reason.NOT_INCLUDED)}


def test_a_configured_resource_without_id_is_the_config_s_to_answer_for() -> None:
    provider = synthetic.provider(include=("demo_thing", "demo_network", "demo_noid"),
                                  resources={**synthetic.provider().resources, "demo_noid": Resource()})
    assert "demo_noid" in catalogue.plan(provider, document(demo_noid=NO_ID)).included


def test_an_excepted_argument_is_no_local_file() -> None:
    provider = synthetic.provider(include=("demo_*",), local_files=LocalFiles({"demo_upload.source": "an ARN"}))
    assert "demo_upload" in catalogue.plan(provider, document(demo_upload=UPLOAD)).included


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        pytest.param({"exclude": {"demo_nope": Exclusion(Reason.OTHER)}},
                     "exclude['demo_nope']: not a resource of example/demo", id="ExcludedUnknown"),
        pytest.param({"exclude": {"demo_network": Exclusion(Reason.CRD_TOO_LARGE)}},
                     "resources['demo_thing'].references['network_id']: refers to 'demo_network', which is excluded: "
                     "its CRD is over the API server's request limit", id="ReferenceToExcluded"),
        pytest.param({"resources": {"demo_thing": Resource(references={"network_id": Reference("demo_gone")})}},
                     "refers to unknown resource 'demo_gone'", id="ReferenceToUnknown"),
    ],
)
def test_config_errors_name_the_entry(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        catalogue.plan(synthetic.provider(**overrides), document())
