"""cloudsearch: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Reference, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_cloudsearch_domain": Resource(
        external_name=by_name(),
        example=Example(
            {
                "region": "us-east-1",
                "indexField": [
                    {
                        "analysisScheme": "_en_default_",
                        "highlight": False,
                        "name": "headline",
                        "return": True,
                        "search": True,
                        "sort": True,
                        "type": "text",
                    },
                    {
                        "facet": True,
                        "name": "price",
                        "return": True,
                        "search": True,
                        "sort": True,
                        "sourceFields": "headline",
                        "type": "double",
                    },
                ],
                "scalingParameters": {"desiredInstanceType": "search.medium"},
            }
        ),
    ),
    "aws_cloudsearch_domain_service_access_policy": Resource(
        external_name=PROBED,
        references={"domain_name": Reference("aws_cloudsearch_domain")},
        example=Example(
            {
                "region": "us-east-1",
                "accessPolicy": '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:ListAllMyBuckets"],"Resource":"*"}]}',
                "domainNameRef": {"name": "example-domain"},
            }
        ),
    ),
}
