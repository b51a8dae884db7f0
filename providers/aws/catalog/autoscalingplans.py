"""autoscalingplans: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource, attribute_as_identifier

RESOURCES: dict[str, Resource] = {
    "aws_autoscalingplans_scaling_plan": Resource(
        external_name=attribute_as_identifier("name", argument="name").sourced(
            "probe", "the importer takes the value of name"
        ),
        example=Example(
            {
                "region": "us-east-1",
                "applicationSource": {"tagFilter": [{"key": "application", "values": ["example"]}]},
                "scalingInstruction": [
                    {
                        "maxCapacity": 3,
                        "minCapacity": 0,
                        "resourceId": "example",
                        "scalableDimension": "autoscaling:autoScalingGroup:DesiredCapacity",
                        "serviceNamespace": "autoscaling",
                        "targetTrackingConfiguration": [
                            {
                                "targetValue": 70,
                                "predefinedScalingMetricSpecification": {
                                    "predefinedScalingMetricType": "ASGAverageCPUUtilization"
                                },
                            }
                        ],
                    }
                ],
            }
        ),
    ),
}
