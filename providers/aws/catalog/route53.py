"""route53: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, attribute_as_identifier, joined_attributes

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_route53_cidr_collection": Resource(
        external_name=PROBED,
    ),
    "aws_route53_cidr_location": Resource(
        external_name=PROBED,
    ),
    "aws_route53_delegation_set": Resource(
        external_name=PROBED,
    ),
    "aws_route53_health_check": Resource(
        external_name=PROBED,
        references={
            "child_healthchecks": Reference("aws_route53_health_check"),
            "cloudwatch_alarm_name": Reference("aws_cloudwatch_metric_alarm"),
        },
        # An HTTP check of a site's root every 30 seconds (the interval is written out: the API answers
        # it either way, and an interval the spec leaves out plans a replacement).
        example=Example(
            {
                "region": "us-east-1",
                "fqdn": "example.com",
                "port": 80,
                "requestInterval": 30,
                "resourcePath": "/",
                "tags": {"Name": "tf-test-health-check"},
                "type": "HTTP",
            }
        ),
    ),
    "aws_route53_hosted_zone_dnssec": Resource(
        external_name=PROBED,
        references={"hosted_zone_id": Reference("aws_route53_zone")},
        example=Example({"region": "us-east-1", "hostedZoneIdRef": {"name": "example-zone"}}),
    ),
    "aws_route53_key_signing_key": Resource(
        external_name=PROBED,
    ),
    "aws_route53_query_log": Resource(
        external_name=PROBED,
        references={
            "cloudwatch_log_group_arn": Reference("aws_cloudwatch_log_group", "arn"),
            "zone_id": Reference("aws_route53_zone", "zone_id"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "cloudwatchLogGroupArnRef": {"name": "example-log-group"},
                "zoneIdRef": {"name": "example-zone"},
            }
        ),
    ),
    "aws_route53_records_exclusive": Resource(
        external_name=attribute_as_identifier("zone_id").sourced("probe", "the importer takes the value of zone_id"),
        references={"zone_id": Reference("aws_route53_zone")},
        # Every record set of the zone but its apex NS and SOA: here one A record.
        example=Example(
            {
                "region": "us-east-1",
                "zoneIdRef": {"name": "example-zone"},
                "resourceRecordSet": [
                    {"name": "www.example.com", "type": "A", "ttl": 300, "resourceRecords": [{"value": "192.0.2.1"}]}
                ],
            }
        ),
    ),
    "aws_route53_resolver_config": Resource(
        external_name=PROBED,
        references={"resource_id": Reference("aws_vpc")},
        example=Example(
            {"region": "us-east-1", "autodefinedReverseFlag": "DISABLE", "resourceIdRef": {"name": "example-vpc"}}
        ),
    ),
    "aws_route53_traffic_policy": Resource(
        external_name=joined_attributes("/", "id", "version").sourced(
            "probe", "TRAFFIC-POLICY-ID/TRAFFIC-POLICY-VERSION, both assigned by the provider"
        ),
        example=Example(
            {
                "region": "us-east-1",
                "comment": "example comment",
                "document": '{\n  "AWSPolicyFormatVersion": "2015-10-01",\n  "RecordType": "A",\n  "Endpoints": {\n    "endpoint-start-NkPh": {\n      "Type": "value",\n      "Value": "10.0.0.2"\n    }\n  },\n  "StartEndpoint": "endpoint-start-NkPh"\n}\n',
                "name": "example",
            }
        ),
    ),
    "aws_route53_traffic_policy_instance": Resource(
        external_name=PROBED,
        references={
            "hosted_zone_id": Reference("aws_route53_zone"),
            "traffic_policy_id": Reference("aws_route53_traffic_policy"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "hostedZoneIdRef": {"name": "example-zone"},
                "name": "test.example.com",
                "trafficPolicyIdRef": {"name": "example-trafficpolicy"},
                "trafficPolicyVersion": 1,
                "ttl": 360,
            }
        ),
    ),
    "aws_route53_vpc_association_authorization": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc"), "zone_id": Reference("aws_route53_zone")},
        example=Example(
            {"region": "us-east-1", "vpcIdRef": {"name": "example-vpc"}, "zoneIdRef": {"name": "example-zone"}}
        ),
    ),
    "aws_route53_zone_association": Resource(
        external_name=PROBED,
        references={"vpc_id": Reference("aws_vpc"), "zone_id": Reference("aws_route53_zone", "zone_id")},
        example=Example(
            {"region": "us-east-1", "vpcIdRef": {"name": "example-vpc"}, "zoneIdRef": {"name": "example-zone"}}
        ),
    ),
}
