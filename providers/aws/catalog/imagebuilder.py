"""imagebuilder: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_imagebuilder_component": Resource(
        external_name=PROBED,
        references={"kms_key_id": Reference("aws_kms_key")},
    ),
    "aws_imagebuilder_container_recipe": Resource(
        external_name=PROBED,
        references={
            "component.component_arn": Reference("aws_imagebuilder_component", "arn"),
            "kms_key_id": Reference("aws_kms_key"),
            "target_repository.repository_name": Reference("aws_ecr_repository"),
        },
    ),
    "aws_imagebuilder_distribution_configuration": Resource(
        external_name=PROBED,
    ),
    "aws_imagebuilder_image": Resource(
        external_name=PROBED,
        references={
            "distribution_configuration_arn": Reference("aws_imagebuilder_distribution_configuration", "arn"),
            "image_recipe_arn": Reference("aws_imagebuilder_image_recipe", "arn"),
            "infrastructure_configuration_arn": Reference("aws_imagebuilder_infrastructure_configuration", "arn"),
        },
    ),
    "aws_imagebuilder_image_pipeline": Resource(
        external_name=PROBED,
        references={
            "image_recipe_arn": Reference("aws_imagebuilder_image_recipe", "arn"),
            "infrastructure_configuration_arn": Reference("aws_imagebuilder_infrastructure_configuration", "arn"),
        },
    ),
    "aws_imagebuilder_image_recipe": Resource(
        external_name=PROBED,
        references={"component.component_arn": Reference("aws_imagebuilder_component", "arn")},
    ),
    "aws_imagebuilder_infrastructure_configuration": Resource(
        external_name=PROBED,
        references={
            "instance_profile_name": Reference("aws_iam_instance_profile"),
            "key_pair": Reference("aws_key_pair"),
            "logging.s3_logs.s3_bucket_name": Reference("aws_s3_bucket"),
            "security_group_ids": Reference("aws_security_group"),
            "sns_topic_arn": Reference("aws_sns_topic", "arn"),
            "subnet_id": Reference("aws_subnet"),
        },
    ),
    "aws_imagebuilder_lifecycle_policy": Resource(
        external_name=PROBED,
    ),
    "aws_imagebuilder_workflow": Resource(
        external_name=PROBED,
    ),
}
