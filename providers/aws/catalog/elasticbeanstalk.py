"""elasticbeanstalk: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, SLOW, by_name

RESOURCES: dict[str, Resource] = {
    "aws_elastic_beanstalk_application": Resource(
        external_name=by_name(),
        references={"appversion_lifecycle.service_role": Reference("aws_iam_role", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "description": "tf-test-desc",
                "appversionLifecycle": {
                    "deleteSourceFromS3": True,
                    "maxCount": 128,
                    "serviceRoleRef": {"name": "example-role"},
                },
            }
        ),
    ),
    "aws_elastic_beanstalk_environment": Resource(
        external_name=PROBED,
        references={"application": Reference("aws_elastic_beanstalk_application")},
        timeouts=SLOW,
        # An environment of the example application, on a platform named by its solution stack.
        example=Example(
            {
                "region": "us-east-1",
                "applicationRef": {"name": "example-application"},
                "name": "tfenvtest",
                "solutionStackName": "64bit Amazon Linux 2023 v4.0.0 running Python 3.11",
            }
        ),
    ),
}
