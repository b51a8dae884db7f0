"""lightsail: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource, identifier_from_provider

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_lightsail_bucket": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "bundleId": "small_1_0"}),
    ),
    "aws_lightsail_bucket_access_key": Resource(
        external_name=PROBED,
        sensitive=("secret_access_key",),
    ),
    "aws_lightsail_bucket_resource_access": Resource(
        external_name=PROBED,
    ),
    "aws_lightsail_certificate": Resource(
        external_name=by_name(),
        example=Example(
            {"region": "us-east-1", "domainName": "example.com", "subjectAlternativeNames": ["www.example.com"]}
        ),
    ),
    "aws_lightsail_container_service": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "isDisabled": False,
                "power": "nano",
                "scale": 1,
                "tags": {"foo1": "bar1", "foo2": ""},
            }
        ),
    ),
    "aws_lightsail_container_service_deployment_version": Resource(
        external_name=PROBED,
    ),
    "aws_lightsail_database": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
    "aws_lightsail_disk": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "availabilityZone": "example", "sizeInGb": 8}),
    ),
    "aws_lightsail_disk_attachment": Resource(
        external_name=PROBED,
        references={"disk_name": Reference("aws_lightsail_disk"), "instance_name": Reference("aws_lightsail_instance")},
        example=Example(
            {
                "region": "us-east-1",
                "diskNameRef": {"name": "example-disk"},
                "diskPath": "/dev/xvdf",
                "instanceNameRef": {"name": "example-instance"},
            }
        ),
    ),
    "aws_lightsail_distribution": Resource(
        external_name=PROBED,
    ),
    "aws_lightsail_domain_entry": Resource(
        external_name=PROBED,
        example=Example(
            {"region": "us-east-1", "domainName": "example", "name": "example", "target": "127.0.0.1", "type": "A"}
        ),
    ),
    "aws_lightsail_instance": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "availabilityZone": "us-east-1b",
                "blueprintId": "amazon_linux_2",
                "bundleId": "nano_3_0",
                "keyPairName": "some_key_name",
                "tags": {"foo": "bar"},
            }
        ),
    ),
    "aws_lightsail_lb": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1", "healthCheckPath": "/", "instancePort": 80, "tags": {"foo": "bar"}}),
    ),
    "aws_lightsail_lb_attachment": Resource(
        external_name=PROBED,
        references={"instance_name": Reference("aws_lightsail_instance"), "lb_name": Reference("aws_lightsail_lb")},
        example=Example(
            {
                "region": "us-east-1",
                "instanceNameRef": {"name": "example-instance"},
                "lbNameRef": {"name": "example-lb"},
            }
        ),
    ),
    "aws_lightsail_lb_certificate": Resource(
        external_name=PROBED,
        references={"lb_name": Reference("aws_lightsail_lb")},
        example=Example(
            {"region": "us-east-1", "domainName": "example.com", "lbNameRef": {"name": "example-lb"}, "name": "example"}
        ),
    ),
    "aws_lightsail_lb_certificate_attachment": Resource(
        external_name=PROBED,
    ),
    "aws_lightsail_lb_https_redirection_policy": Resource(
        external_name=identifier_from_provider().sourced(
            "probe", "upjet names it by lb_name but lists it as not tested: the state id is used"
        ),
    ),
    "aws_lightsail_lb_stickiness_policy": Resource(
        external_name=by_name("lb_name"),
        example=Example({"region": "us-east-1", "cookieDuration": 900, "enabled": True}),
    ),
}
