"""synthetics: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource, identifier_from_provider

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_synthetics_canary": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_synthetics_group": Resource(
        external_name=PROBED,
    ),
    "aws_synthetics_group_association": Resource(
        external_name=PROBED,
    ),
}
