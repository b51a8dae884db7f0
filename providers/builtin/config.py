"""Terraform's built-in provider: ``terraform_data`` as a managed kind.

It needs no plugin and no cloud, and runs in about 0.1 s, so tests and demos use it to exercise
the runtime's semantics against the real terraform CLI.
"""

from tfconfig import Example, Provider, Reference, Resource, identifier_from_provider

PROVIDER = Provider(
    name="terraform",
    source="terraform.io/builtin/terraform",
    version="",
    root_group="builtin.tfbridge.io",
    # Namespaced twins too: the runtime's namespace semantics, tested without a cloud.
    namespaced_root_group="builtin.m.tfbridge.io",
    namespaced_version="v1beta1",
    resource_prefix="terraform_",
    default_version="v1alpha1",
    include=("terraform_data",),
    resources={
        "terraform_data": Resource(
            short_group="core", kind="Data", external_name=identifier_from_provider(),
            # Lets one Data take another's ID: the runtime's reference semantics, tested without a cloud.
            references={"input": Reference("terraform_data", "id")},
            example=Example({"input": {"hello": "world"}}, name="example-data"),
        ),
    },
)
