"""kendra: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW

RESOURCES: dict[str, Resource] = {
    "aws_kendra_data_source": Resource(
        external_name=PROBED,
        references={
            "configuration.s3_configuration.bucket_name": Reference("aws_s3_bucket"),
            "configuration.web_crawler_configuration.authentication_configuration.basic_authentication.credentials": Reference(
                "aws_secretsmanager_secret", "arn"
            ),
            "configuration.web_crawler_configuration.proxy_configuration.credentials": Reference(
                "aws_secretsmanager_secret", "arn"
            ),
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
        },
    ),
    "aws_kendra_experience": Resource(
        external_name=PROBED,
        references={"index_id": Reference("aws_kendra_index"), "role_arn": Reference("aws_iam_role", "arn")},
    ),
    "aws_kendra_faq": Resource(
        external_name=PROBED,
    ),
    "aws_kendra_index": Resource(
        external_name=PROBED,
        references={"role_arn": Reference("aws_iam_role", "arn")},
        timeouts=SLOW,
    ),
    "aws_kendra_query_suggestions_block_list": Resource(
        external_name=PROBED,
        references={
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "source_s3_path.bucket": Reference("aws_s3_bucket"),
        },
    ),
    "aws_kendra_thesaurus": Resource(
        external_name=PROBED,
        references={
            "index_id": Reference("aws_kendra_index"),
            "role_arn": Reference("aws_iam_role", "arn"),
            "source_s3_path.bucket": Reference("aws_s3_bucket"),
            "source_s3_path.key": Reference("aws_s3_object", "key"),
        },
    ),
}
