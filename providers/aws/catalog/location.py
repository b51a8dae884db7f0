"""location: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_location_geofence_collection": Resource(
        external_name=by_name("collection_name"),
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1"}),
    ),
    "aws_location_map": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by map_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_location_place_index": Resource(
        external_name=by_name("index_name"),
        example=Example({"region": "us-east-1", "dataSource": "Here"}),
    ),
    "aws_location_route_calculator": Resource(
        external_name=by_name("calculator_name"),
        example=Example({"region": "us-east-1", "dataSource": "Here"}),
    ),
    "aws_location_tracker": Resource(
        external_name=by_name("tracker_name"),
        references={"kms_key_id": Reference("aws_kms_key")},
        example=Example({"region": "us-east-1"}),
    ),
    "aws_location_tracker_association": Resource(
        external_name=PROBED,
        references={
            "consumer_arn": Reference("aws_location_geofence_collection", "collection_arn"),
            "tracker_name": Reference("aws_location_tracker"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "consumerArnRef": {"name": "example-geofencecollection"},
                "trackerNameRef": {"name": "example-tracker"},
            }
        ),
    ),
}
