"""elb: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_app_cookie_stickiness_policy": Resource(
        external_name=PROBED,
        references={"load_balancer": Reference("aws_elb")},
        example=Example(
            {
                "region": "us-east-1",
                "cookieName": "MyAppCookie",
                "lbPort": 80,
                "loadBalancerRef": {"name": "example-elb"},
                "name": "example",
            }
        ),
    ),
    "aws_elb": Resource(
        external_name=by_name(),
        references={"instances": Reference("aws_instance"), "subnets": Reference("aws_subnet")},
        late_init_ignore=("access_logs",),
        example=Example(
            {
                "region": "us-east-1",
                "availabilityZones": ["us-west-2a", "us-west-2b", "us-west-2c"],
                "connectionDraining": True,
                "connectionDrainingTimeout": 400,
                "crossZoneLoadBalancing": True,
                "idleTimeout": 400,
                "tags": {"Name": "foobar-terraform-elb"},
                "accessLogs": {"bucket": "foo", "bucketPrefix": "bar", "interval": 60},
                "healthCheck": {
                    "healthyThreshold": 2,
                    "interval": 30,
                    "target": "HTTP:8000/",
                    "timeout": 3,
                    "unhealthyThreshold": 2,
                },
                "listener": [
                    {"instancePort": 8000, "instanceProtocol": "http", "lbPort": 80, "lbProtocol": "http"},
                    {
                        "instancePort": 8000,
                        "instanceProtocol": "http",
                        "lbPort": 443,
                        "lbProtocol": "https",
                        "sslCertificateId": "arn:aws:iam::123456789012:server-certificate/certName",
                    },
                ],
            }
        ),
    ),
}
