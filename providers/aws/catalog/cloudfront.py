"""cloudfront: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudfront_cache_policy": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_continuous_deployment_policy": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_distribution": Resource(
        external_name=PROBED,
        references={
            "ordered_cache_behavior.function_association.function_arn": Reference("aws_cloudfront_function", "arn"),
            "ordered_cache_behavior.lambda_function_association.lambda_arn": Reference(
                "aws_lambda_function", "qualified_arn"
            ),
            "origin.origin_access_control_id": Reference("aws_cloudfront_origin_access_control"),
            "origin.s3_origin_config.origin_access_identity": Reference(
                "aws_cloudfront_origin_access_identity", "cloudfront_access_identity_path"
            ),
        },
        timeouts=SLOW,
    ),
    "aws_cloudfront_field_level_encryption_config": Resource(
        external_name=PROBED,
        references={
            "query_arg_profile_config.query_arg_profiles.items.profile_id": Reference(
                "aws_cloudfront_field_level_encryption_profile"
            )
        },
    ),
    "aws_cloudfront_field_level_encryption_profile": Resource(
        external_name=PROBED,
        references={"encryption_entities.items.public_key_id": Reference("aws_cloudfront_public_key")},
    ),
    "aws_cloudfront_function": Resource(
        external_name=by_name(),
        sensitive=("code",),
    ),
    "aws_cloudfront_key_group": Resource(
        external_name=PROBED,
        references={"items": Reference("aws_cloudfront_public_key")},
    ),
    "aws_cloudfront_key_value_store": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_monitoring_subscription": Resource(
        external_name=PROBED,
        references={"distribution_id": Reference("aws_cloudfront_distribution")},
    ),
    "aws_cloudfront_origin_access_control": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_origin_access_identity": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_origin_request_policy": Resource(
        external_name=by_name(),
    ),
    "aws_cloudfront_public_key": Resource(
        external_name=PROBED,
        sensitive=("encoded_key",),
    ),
    "aws_cloudfront_realtime_log_config": Resource(
        external_name=PROBED,
        references={
            "endpoint.kinesis_stream_config.role_arn": Reference("aws_iam_role", "arn"),
            "endpoint.kinesis_stream_config.stream_arn": Reference("aws_kinesis_stream", "id"),
        },
    ),
    "aws_cloudfront_response_headers_policy": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfront_vpc_origin": Resource(
        external_name=PROBED,
        references={"vpc_origin_endpoint_config.arn": Reference("aws_lb", "arn")},
    ),
}
