"""paymentcryptography: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_paymentcryptography_key": Resource(
        external_name=PROBED,
        # A TR-31 key-encryption key: AES-256, symmetric, to wrap and unwrap other keys.
        example=Example(
            {
                "region": "us-east-1",
                "exportable": True,
                "keyAttributes": {
                    "keyAlgorithm": "AES_256",
                    "keyClass": "SYMMETRIC_KEY",
                    "keyUsage": "TR31_K0_KEY_ENCRYPTION_KEY",
                    "keyModesOfUse": {"decrypt": True, "encrypt": True, "unwrap": True, "wrap": True},
                },
            }
        ),
    ),
    "aws_paymentcryptography_key_alias": Resource(
        external_name=PROBED,
    ),
}
