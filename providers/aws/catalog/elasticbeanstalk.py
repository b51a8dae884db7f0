"""elasticbeanstalk: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_elastic_beanstalk_application": Resource(
        external_name=by_name(),
        references={"appversion_lifecycle.service_role": Reference("aws_iam_role", "arn")},
    ),
    "aws_elastic_beanstalk_environment": Resource(
        external_name=PROBED,
        timeouts=SLOW,
    ),
}
