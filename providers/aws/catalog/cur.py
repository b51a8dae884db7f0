"""cur: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Reference, Resource

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_cur_report_definition": Resource(
        external_name=by_name("report_name"),
        references={"s3_bucket": Reference("aws_s3_bucket")},
    ),
}
