"""codestarconnections: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codestarconnections_connection": Resource(
        external_name=PROBED,
        example=Example({"region": "us-east-1", "name": "example-connection", "providerType": "Bitbucket"}),
    ),
    "aws_codestarconnections_host": Resource(
        external_name=PROBED,
        example=Example(
            {
                "region": "us-east-1",
                "name": "example-host",
                "providerEndpoint": "https://example.com",
                "providerType": "GitHubEnterpriseServer",
            }
        ),
    ),
}
