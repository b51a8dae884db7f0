"""codeconnections: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, Resource

from .strategies import PROBED

RESOURCES: dict[str, Resource] = {
    "aws_codeconnections_connection": Resource(
        external_name=PROBED,
    ),
    "aws_codeconnections_host": Resource(
        external_name=PROBED,
        # A host is for an installed provider (GitHub Enterprise Server, GitLab self-managed) at its own endpoint.
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
