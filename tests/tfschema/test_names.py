"""The argument a resource is named by: a new object may leave it out and take its own name."""

from typing import Any

from tests.support.synthetic import attr
from tfconfig import Provider, Reference, Resource, name_as_identifier, templated
from tfschema import catalogue, fields, names
from tfschema import schema as s

SOURCE = "registry.terraform.io/example/acme"
REQ = attr("string", required=True)
OPT = attr("string", optional=True)


def resource(**attributes: dict[str, Any]) -> dict[str, Any]:
    return {"version": 0, "block": {"attributes": {"id": attr("string", computed=True), **attributes}}}


RESOURCES: dict[str, dict[str, Any]] = {
    "acme_database": resource(name=REQ, charset=OPT),
    "acme_user": resource(user=REQ, host=OPT),
    "acme_branch": resource(repository=REQ, branch=REQ),
    "acme_repository": resource(name=REQ),
    "acme_ssh_key": resource(key=REQ, title=REQ),
    "acme_bucket_policy": resource(bucket=REQ, policy=REQ, region=REQ),
    "acme_secret": resource(name=attr("string", required=True, sensitive=True)),
    "acme_label": resource(name=OPT),
    "acme_count": resource(name=attr("number", required=True)),
    "acme_bucket": resource(name=REQ),
}


def document() -> s.Document:
    return s.document({"format_version": "1.0", "provider_schemas": {SOURCE: {
        "provider": {"version": 0, "block": {}}, "resource_schemas": RESOURCES}}}, SOURCE)


def provider(**overrides: Any) -> Provider:
    base: dict[str, Any] = dict(name="acme", source="example/acme", version="1.0.0", root_group="acme.tfbridge.io",
                                resource_prefix="acme_", include=("acme_*",))
    base.update(overrides)
    return Provider(**base)


def found(p: Provider) -> dict[str, str]:
    """Each kind's name argument, as both sides resolve it from the plan's provider."""
    plan = catalogue.plan(p, document())
    return {t: plan.provider.resolve(t).name_argument for t in plan.included if plan.provider.resolve(t).name_argument}


def test_a_resource_is_named_by_its_name_or_the_one_argument_named_as_its_last_word() -> None:
    assert found(provider()) == {
        "acme_database": "name", "acme_repository": "name", "acme_bucket": "name",
        # The only required string of its own (branch's repository is filled by a reference).
        "acme_user": "user", "acme_branch": "branch",
    }


def test_no_default_where_the_word_holds_a_value_or_the_argument_is_no_plain_required_string() -> None:
    named = found(provider())
    assert "acme_ssh_key" not in named, "a key beside a title is the key's text, not its name"
    assert "acme_bucket_policy" not in named, "a policy document"
    assert "acme_secret" not in named, "a sensitive name is a Secret's"
    assert "acme_label" not in named, "an optional name needs no default"
    assert "acme_count" not in named, "a number is no object name"


def test_the_external_name_s_own_argument_and_the_config_win() -> None:
    p = provider(resources={
        "acme_database": Resource(external_name=name_as_identifier()),
        "acme_user": Resource(external_name=templated("user", "{{ .external_name }}@{{ .parameters.host }}")),
        "acme_repository": Resource(name_argument=""),
        "acme_ssh_key": Resource(name_argument="title"),
    })
    assert found(p) == {"acme_bucket": "name", "acme_branch": "branch", "acme_ssh_key": "title"}, \
        "the external name fills a database's name and a user's user; the config names none or another"
    completed = catalogue.plan(p, document()).provider
    assert completed.resolve("acme_bucket", namespaced=True).name_argument == "name"
    doc = document()
    assert names.infer(completed, doc.resources, ("acme_ssh_key", "acme_repository")) == {}, \
        "what the config says is not inferred again"
    assert found(provider(default_names=False)) == {}
    assert found(provider(default_names=False, resources={"acme_bucket": Resource(name_argument="name")})) == {
        "acme_bucket": "name"}, "a resource may have one without the provider's default"


def test_a_reference_fills_an_argument_before_a_name_does() -> None:
    p = provider(resources={"acme_branch": Resource(references={"branch": Reference("acme_repository")})})
    assert "acme_branch" not in found(p)


def test_the_crd_no_longer_requires_the_name_argument_and_the_digest_says_so_only_where_it_is_in_effect() -> None:
    doc = document()
    named = catalogue.plan(provider(), doc).provider
    unnamed = catalogue.plan(provider(default_names=False), doc).provider
    views = fields.build(doc.parse_resource("acme_bucket"), fields.rules(named.resolve("acme_bucket")))
    assert "name" in views.parameters.by_json() and views.required == ()
    before = fields.build(doc.parse_resource("acme_bucket"), fields.rules(unnamed.resolve("acme_bucket")))
    assert before.required == (("name", True),)
    assert "name_argument" in fields.rules(named.resolve("acme_bucket")).canonical()
    assert "name_argument" not in fields.rules(unnamed.resolve("acme_bucket")).canonical()
