"""The defaults a provider author gets without configuring anything: upjet's groups and kinds, both
scopes, one version for the namespaced twins."""

import dataclasses

import pytest

from tfconfig import GroupRule, Provider, Resource, camel


def provider(**overrides: object) -> Provider:
    fields: dict[str, object] = dict(name="github", source="integrations/github", version="6.0.0",
                                     root_group="github.tfbridge.io", resource_prefix="github_")
    fields.update(overrides)
    return Provider(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tf_type", "want"),
    [
        # The word after the provider's is the group, the rest the kind (upjet's DefaultResource).
        pytest.param("github_actions_secret", ("actions", "Secret"), id="service-word-is-the-group"),
        pytest.param("github_repository_environment_deployment_policy", ("repository", "EnvironmentDeploymentPolicy"),
                     id="the-rest-is-the-kind"),
        # A resource of one word is in the provider's own group.
        pytest.param("github_repository", ("github", "Repository"), id="one-word-in-the-provider-group"),
        # upjet's acronyms, not the AWS provider's.
        pytest.param("github_database_mysql_config", ("database", "MySQLConfig"), id="upjet-acronym"),
        pytest.param("github_branch_protection_v3", ("branch", "ProtectionV3"), id="digit-starts-a-word"),
    ],
)
def test_group_and_kind_as_upjet_derives_them(tf_type: str, want: tuple[str, str]) -> None:
    res = provider().resolve(tf_type)
    assert (res.short_group, res.kind) == want
    assert res.group == f"{want[0]}.github.tfbridge.io"


def test_a_resource_or_a_rule_names_the_group_and_kind_instead() -> None:
    p = provider(group_rules=(GroupRule(r"^github_repository_", "repo"),),
                 resources={"github_actions_secret": Resource(kind="ActionsSecret")})
    assert (p.resolve("github_actions_secret").short_group, p.resolve("github_actions_secret").kind) == \
        ("actions", "ActionsSecret")
    assert (p.resolve("github_repository_webhook").short_group, p.resolve("github_repository_webhook").kind) == \
        ("repo", "Webhook")


def test_a_provider_spells_its_kinds_with_its_own_acronyms() -> None:
    p = provider(kind_acronyms={"cidr": "CIDR"})
    assert p.resolve("github_vpc_ipv6_cidr_block").kind == "Ipv6CIDRBlock", "the table replaces upjet's"
    assert camel("ipv6_cidr_block") == "IPv6CidrBlock"


def test_both_scopes_by_default_with_the_namespaced_group_named_as_upjet_names_it() -> None:
    p = provider(default_version="v1alpha1", resources={"github_team": Resource(version="v1beta2")})
    assert p.scopes == (False, True)
    assert p.namespaced_root_group == "github.m.tfbridge.io"
    assert {(c.group, c.kind) for c in p.config_kinds} >= {("github.m.tfbridge.io", "ClusterProviderConfig"),
                                                           ("github.m.tfbridge.io", "ProviderConfig")}
    twin = p.resolve("github_team", namespaced=True)
    assert (twin.group, twin.version, twin.scope) == ("github.github.m.tfbridge.io", "v1alpha1", "Namespaced"), \
        "one version for every namespaced kind: the provider's, whatever the cluster twin's is"
    assert p.resolve("github_team").version == "v1beta2"


def test_an_author_opts_out_of_namespaced_kinds_or_names_their_group() -> None:
    cluster_only = provider(namespaced=False)
    assert cluster_only.scopes == (False,) and cluster_only.namespaced_root_group == ""
    assert "ClusterProviderConfig" not in {c.kind for c in cluster_only.config_kinds}
    named = provider(namespaced_root_group="gh.m.example.com", namespaced_version="v1beta1")
    assert named.resolve("github_team", namespaced=True).api_version == "github.gh.m.example.com/v1beta1"
    assert dataclasses.replace(named, namespaced=False).scopes == (False,)
    assert provider(root_group="localhost").namespaced_root_group == "localhost.m"


def test_singletons_are_lists_unless_the_provider_or_the_resource_embeds_them() -> None:
    assert not provider().resolve("github_team").embed_singletons, "upjet's default: one-element lists"
    embedded = provider(embed_singletons=True, resources={"github_team": Resource(embed_singletons=False)})
    assert embedded.resolve("github_repository").embed_singletons
    assert not embedded.resolve("github_team").embed_singletons, "a kind kept at its list version"
    assert not embedded.resolve("github_team", namespaced=True).embed_singletons, "both twins share one shape"
