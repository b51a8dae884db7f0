"""resourcegroups: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_resourcegroups_group": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "resourceQuery": {
                    "query": '{\n  "ResourceTypeFilters": [\n    "AWS::EC2::Instance"\n  ],\n  "TagFilters": [\n    {\n      "Key": "Stage",\n      "Values": ["Test"]\n    }\n  ]\n}\n'
                },
            }
        ),
    ),
    "aws_resourcegroups_resource": Resource(
        external_name=PROBED,
    ),
}
