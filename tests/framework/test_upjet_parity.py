"""A provider author's config of a few lines, measured against what upjet generated from the same schema.

The fixtures hold, in a compact form of our own, the facts of two upjet providers that the measurement
needs (``python -m benchmarks.upjet_parity CHECKOUT --fixture``): the Terraform schema they commit in
``config/schema.json`` (types and flags), the kinds, groups, versions and references upjet generated, and
the field paths of their example manifests with each value's JSON type. Sources:
crossplane-contrib/provider-upjet-kafka, crossplane-contrib/provider-upjet-mysql and, for a few of its
resources (``--only``: reserved IPs, a volume attachment, a firewall, Spaces buckets and keys, and the kinds
upjet's references of those point at), crossplane-contrib/provider-upjet-digitalocean.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks import upjet_parity
from tfconfig import Reference, Resource, name_as_identifier, templated

FIXTURES = Path(__file__).parent / "fixtures"


def upjet(name: str) -> upjet_parity.Upjet:
    return upjet_parity.from_fixture(json.loads((FIXTURES / f"{name}.json").read_text()))


def assert_parity(report: upjet_parity.Report) -> None:
    assert report.structural and report.crds
    for scope, (ours, theirs) in report.served.items():
        assert ours >= 0.9 * theirs, f"{report.name} serves {ours} of upjet's {theirs} {scope} resources"
    assert report.valid_fits >= 0.9 * report.valid, \
        f"{report.valid_fits} of {report.valid} examples fit: {report.misfits}"


def test_kafka_with_the_scaffold_alone() -> None:
    kafka = upjet("kafka")
    report = upjet_parity.measure(kafka, upjet_parity.scaffold(kafka))
    assert_parity(report)
    assert report.served == {"cluster": (4, 4)}
    assert report.crds == 4 * 2 + 5, "every kind in both scopes, and the five ProviderConfig kinds"
    assert (report.fits, report.examples) == (7, 7)
    # upjet's own provider names kafka_user_scram_credential by hand (kafka's UserScramCredential).
    assert (report.kinds_equal, report.kinds) == (3, 4)


def test_mysql_with_the_scaffold_alone() -> None:
    """upjet's mysql takes a database's and a role's name and a user's user from the external name; the
    scaffold leaves them out of what a new object must say, and fills them from the object's name."""
    mysql = upjet("mysql")
    provider = upjet_parity.scaffold(mysql)
    report = upjet_parity.measure(mysql, provider)
    assert_parity(report)
    assert (report.fits, report.examples, report.kinds_equal, report.kinds) == (5, 5, 4, 4)
    completed = upjet_parity.generate(mysql, provider).provider
    assert {t: completed.resolve(t).name_argument for t in ("mysql_database", "mysql_role", "mysql_user")} == {
        "mysql_database": "name", "mysql_role": "name", "mysql_user": "user"}
    # Both of upjet's references (a grant's database and user) are inferred; the two more are a grant's
    # role and roles, which upjet's config leaves without one.
    assert report.upjet_references == 2
    assert (report.inferred, sorted(report.wrong)) == (4, ["mysql_grant.role → mysql_role (upjet: none)",
                                                           "mysql_grant.roles → mysql_role (upjet: none)"])


# As upjet's mysql config names them, and as the import probe finds them: a database and a role are
# imported by their name, a user by user@host.
MYSQL_EXTERNAL_NAMES = {
    "mysql_database": Resource(external_name=name_as_identifier()),
    "mysql_role": Resource(external_name=name_as_identifier()),
    "mysql_user": Resource(external_name=templated("user", "{{ .external_name }}@{{ .parameters.host }}")),
}


def test_mysql_with_its_external_names() -> None:
    mysql = upjet("mysql")
    provider = upjet_parity.scaffold(mysql, resources=MYSQL_EXTERNAL_NAMES)
    report = upjet_parity.measure(mysql, provider)
    assert_parity(report)
    assert (report.fits, report.examples) == (5, 5)
    completed = upjet_parity.generate(mysql, provider).provider
    assert completed.resolve("mysql_user").name_argument == "", "the external name fills it"


def test_without_default_names_mysql_s_examples_lack_the_name_upjet_takes_from_the_object() -> None:
    mysql = upjet("mysql")
    report = upjet_parity.measure(mysql, upjet_parity.scaffold(mysql, default_names=False))
    assert report.fits == 1
    assert {e for _, errors in report.misfits for e in errors} >= {
        'spec: Invalid value: "object": spec.forProvider.name is a required parameter',
        'spec: Invalid value: "object": spec.forProvider.user is a required parameter'}


def test_digitalocean_with_the_scaffold_alone() -> None:
    """upjet takes a Spaces bucket's and key's name from the external name, and converts a droplet's ID to the
    number a reserved IP's droplet_id takes: the scaffold's defaults do both."""
    do = upjet("digitalocean")
    provider = upjet_parity.scaffold(do)
    report = upjet_parity.measure(do, provider)
    assert_parity(report)
    assert (report.valid_fits, report.valid) == (84, 86)
    # The two misfits: a reserved IP assignment's ip_address, whose reference upjet's config declares.
    assert {s.split(" ")[0].split("/")[1] for s, _ in report.misfits} == {"cluster", "namespaced"}
    assert all("ipAddress" in " ".join(errors) for _, errors in report.misfits)
    ours = upjet_parity.generate(do, provider)
    completed = ours.provider
    assert completed.resolve("digitalocean_spaces_bucket").name_argument == "name"
    assert completed.resolve("digitalocean_reserved_ip").references == {"droplet_id": Reference("digitalocean_droplet")}
    for_provider = ours.crds[("digitalocean_reserved_ip", True)]["spec"]["versions"][0]["schema"]["openAPIV3Schema"][
        "properties"]["spec"]["properties"]["forProvider"]["properties"]
    assert for_provider["dropletId"] == {"type": "number"} and "dropletIdSelector" in for_provider
    # Inferred where upjet's config has none: a droplet's volumes, a firewall rule's droplets.
    assert sorted(report.wrong) == [
        "digitalocean_droplet.volume_ids → digitalocean_volume (upjet: none)",
        "digitalocean_firewall.inbound_rule.source_droplet_ids → digitalocean_droplet (upjet: none)",
        "digitalocean_firewall.outbound_rule.destination_droplet_ids → digitalocean_droplet (upjet: none)"]
    unnamed = upjet_parity.measure(do, upjet_parity.scaffold(do, default_names=False))
    assert unnamed.valid_fits == 68
    assert 'spec: Invalid value: "object": spec.forProvider.name is a required parameter' in {
        e for _, errors in unnamed.misfits for e in errors}


@pytest.mark.parametrize(
    ("for_provider", "error"),
    [
        pytest.param({"partitions": 1, "replicationFactor": 1, "nope": 1}, "spec.forProvider.nope: unknown field",
                     id="unknown-field"),
        pytest.param({"partitions": "one", "replicationFactor": 1},
                     "spec.forProvider.partitions: Invalid value: \"one\": must be of type number", id="type"),
        pytest.param({"partitions": 1}, "spec.forProvider.replicationFactor is a required parameter", id="cel"),
    ],
)
def test_a_manifest_fits_only_as_the_api_server_would_take_it(for_provider: dict[str, Any], error: str) -> None:
    kafka = upjet("kafka")
    crd = upjet_parity.generate(kafka, upjet_parity.scaffold(kafka)).crds[("kafka_topic", False)]
    metadata = {"name": "t"}
    good = {"name": "t", "partitions": 1, "replicationFactor": 1}
    assert upjet_parity.fit(crd, {"metadata": metadata, "spec": {"forProvider": good}}) == []
    errors = upjet_parity.fit(crd, {"metadata": metadata, "spec": {"forProvider": for_provider}})
    assert any(error in e for e in errors), errors
