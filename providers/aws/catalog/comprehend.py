"""comprehend: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_comprehend_document_classifier": Resource(
        external_name=PROBED,
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("version_name_prefix",),
    ),
    "aws_comprehend_entity_recognizer": Resource(
        external_name=PROBED,
        # The prefix the provider would make the name from: copied back beside the name, the two conflict.
        late_init_ignore=("version_name_prefix",),
    ),
}
