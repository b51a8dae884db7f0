"""comprehend: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_comprehend_document_classifier": Resource(
        external_name=PROBED,
    ),
    "aws_comprehend_entity_recognizer": Resource(
        external_name=PROBED,
    ),
}
