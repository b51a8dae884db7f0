"""s3outposts: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_id

RESOURCES: dict[str, Resource] = {
    "aws_s3outposts_endpoint": Resource(
        external_name=composite_id(
            "{{ .external_name }},{{ .parameters.security_group_id }},{{ .parameters.subnet_id }}"
        ).sourced(
            "probe",
            "expected ENDPOINT-ARN,SECURITY-GROUP-ID,SUBNET-ID",
            IDExample(
                "partone,parttwo,partthree",
                "partone",
                {"security_group_id": "parttwo", "subnet_id": "partthree"},
                {"id": "partone", "security_group_id": "parttwo", "subnet_id": "partthree"},
            ),
        ),
    ),
}
