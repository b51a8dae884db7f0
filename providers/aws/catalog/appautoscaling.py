"""appautoscaling: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_from_parameters, composite_id

RESOURCES: dict[str, Resource] = {
    "aws_appautoscaling_policy": Resource(
        external_name=composite_id(
            "{{ .parameters.service_namespace }}/{{ .parameters.resource_id }}/{{ .parameters.scalable_dimension }}/{{ .external_name }}",
            argument="name",
        ).sourced(
            "probe+upjet+docs",
            "<service-namespace>/<resource-id>/<scalable-dimension>/<policy-name>",
            IDExample(
                "service-namespace/resource-id/scalable-dimension/policy-name",
                "policy-name",
                {
                    "service_namespace": "service-namespace",
                    "resource_id": "resource-id",
                    "scalable_dimension": "scalable-dimension",
                    "name": "policy-name",
                },
                source="docs",
            ),
        ),
        references={
            "resource_id": Reference("aws_appautoscaling_target", "resource_id"),
            "scalable_dimension": Reference("aws_appautoscaling_target", "scalable_dimension"),
            "service_namespace": Reference("aws_appautoscaling_target", "service_namespace"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "policyType": "TargetTrackingScaling",
                "resourceIdRef": {"name": "example-target"},
                "scalableDimensionRef": {"name": "example-target"},
                "serviceNamespaceRef": {"name": "example-target"},
                "targetTrackingScalingPolicyConfiguration": {
                    "targetValue": 70,
                    "predefinedMetricSpecification": {"predefinedMetricType": "DynamoDBReadCapacityUtilization"},
                },
            }
        ),
    ),
    "aws_appautoscaling_target": Resource(
        external_name=composite_from_parameters("/", "service_namespace", "resource_id", "scalable_dimension").sourced(
            "probe",
            "expected <service-namespace>/<resource-id>/<scalable-dimension>",
            IDExample(
                "partone/parttwo/partthree",
                "partone/parttwo/partthree",
                {"resource_id": "parttwo", "scalable_dimension": "partthree", "service_namespace": "partone"},
                {
                    "id": "parttwo",
                    "resource_id": "parttwo",
                    "scalable_dimension": "partthree",
                    "service_namespace": "partone",
                },
            ),
        ),
        references={"role_arn": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "maxCapacity": 100,
                "minCapacity": 5,
                # table/<table name>: the example table's name, which a reference cannot compose.
                "resourceId": "table/example-table",
                "scalableDimension": "dynamodb:table:ReadCapacityUnits",
                "serviceNamespace": "dynamodb",
            }
        ),
    ),
}
