"""accessanalyzer: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED, by_name

RESOURCES: dict[str, Resource] = {
    "aws_accessanalyzer_analyzer": Resource(
        external_name=by_name("analyzer_name"),
    ),
    "aws_accessanalyzer_archive_rule": Resource(
        external_name=PROBED,
    ),
}
