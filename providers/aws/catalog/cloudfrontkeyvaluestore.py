"""cloudfrontkeyvaluestore: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import IDExample, Resource, composite_from_parameters

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_cloudfrontkeyvaluestore_key": Resource(
        external_name=PROBED,
    ),
    "aws_cloudfrontkeyvaluestore_keys_exclusive": Resource(
        external_name=composite_from_parameters(",", "key_value_store_arn").sourced(
            "probe+docs",
            "the import ID is key_value_store_arn (the probe's error names that path)",
            IDExample(
                "arn:aws:cloudfront::111111111111:key-value-store/8562g61f-caba-2845-9d99-b97diwae5d3c",
                "arn:aws:cloudfront::111111111111:key-value-store/8562g61f-caba-2845-9d99-b97diwae5d3c",
                {
                    "key_value_store_arn": "arn:aws:cloudfront::111111111111:key-value-store/8562g61f-caba-2845-9d99-b97diwae5d3c"
                },
                source="docs",
            ),
        ),
    ),
}
