"""accessanalyzer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_accessanalyzer_analyzer": Resource(
        external_name=by_name("analyzer_name"),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_accessanalyzer_archive_rule": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "analyzerName": "example-analyzer",
                "ruleName": "example",
                "filter": [
                    {"criteria": "condition.aws:UserId", "eq": ["userid"]},
                    {"criteria": "error"},
                    {"criteria": "isPublic", "eq": ["false"]},
                ],
            }
        ),
    ),
}
