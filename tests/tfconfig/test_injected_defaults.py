"""A kind of a service with one endpoint takes the provider setting an injected field carries (AWS: the
region) from its config when the spec leaves it out: the field is optional there, and everywhere else
what the provider says."""

import pytest

from tfconfig import ConfigError, InjectedField, Provider, Resource

REGION = InjectedField("region", "The region.", example="us-east-1", pattern="^(us-east-1|us-west-2)$",
                       except_groups=("iam",))


def provider(**resources: Resource) -> Provider:
    return Provider(name="aws", source="hashicorp/aws", version="5.100.0", root_group="aws.tfbridge.io",
                    resource_prefix="aws_", injected_fields=(REGION,), resources=resources)


def test_a_default_makes_the_field_optional_on_that_kind_alone() -> None:
    p = provider(aws_networkmanager_site=Resource(injected_defaults={"region": "us-west-2"}))
    (site,) = p.resolve("aws_networkmanager_site").injected
    assert (site.required, site.default, site.example) == (False, "us-west-2", "us-west-2")
    (twin,) = p.resolve("aws_networkmanager_site", namespaced=True).injected
    assert twin == site, "both scopes"
    (vpc,) = p.resolve("aws_vpc").injected
    assert (vpc.required, vpc.default, vpc.example) == (True, "", "us-east-1")


def test_a_field_without_default_keeps_its_canonical_form() -> None:
    """Digests of kinds without a default stay those they were before defaults existed."""
    assert "default" not in REGION.canonical()
    p = provider(aws_route53_zone=Resource(injected_defaults={"region": "us-east-1"}))
    (zone,) = p.resolve("aws_route53_zone").injected
    assert zone.canonical()["default"] == "us-east-1"


@pytest.mark.parametrize(("defaults", "message"), [
    ({"zone": "us-east-1"}, "the kind has no injected field 'zone' (it has: region)"),
    ({"region": "mars-1"}, "'mars-1' is no value of the field"),
    ({"region": ""}, "'' is no value of the field"),
])
def test_a_default_for_no_field_or_of_no_value_is_refused(defaults: dict[str, str], message: str) -> None:
    p = provider(aws_route53_zone=Resource(injected_defaults=defaults))
    with pytest.raises(ConfigError, match=r"resources\['aws_route53_zone'\]\.injected_defaults") as err:
        p.resolve("aws_route53_zone")
    assert message in str(err.value)


def test_a_group_without_the_field_takes_no_default() -> None:
    p = provider(aws_iam_role=Resource(injected_defaults={"region": "us-east-1"}))
    with pytest.raises(ConfigError, match="the kind has no injected field 'region' \\(it has: none\\)"):
        p.resolve("aws_iam_role")
