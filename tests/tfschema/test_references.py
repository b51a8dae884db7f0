"""References inferred from argument names, without config."""

from typing import Any

import pytest

from tests.support.synthetic import attr
from tfconfig import Provider, Reference, Resource
from tfschema import catalogue, fields, references
from tfschema import schema as s

SOURCE = "registry.terraform.io/example/acme"
ID = attr("string", computed=True)


def resource(*blocks: tuple[str, dict[str, Any]], **attributes: dict[str, Any]) -> dict[str, Any]:
    block: dict[str, Any] = {"attributes": {"id": ID, **attributes}}
    if blocks:
        block["block_types"] = {name: {"nesting_mode": "list", "block": {"attributes": inner}}
                                for name, inner in blocks}
    return {"version": 0, "block": block}


REQ = attr("string", required=True)
OPT = attr("string", optional=True)
IDS = attr(["set", "string"], optional=True)

RESOURCES: dict[str, dict[str, Any]] = {
    "acme_team": resource(name=REQ, slug=ID),
    "acme_team_membership": resource(("grant", {"team_id": OPT}), team_id=REQ, role=OPT,
                                     token_id=attr("string", optional=True, sensitive=True)),
    "acme_team_sync": resource(team_slug=REQ),
    "acme_repository": resource(name=REQ, default_branch=OPT),
    "acme_repository_environment": resource(repository=REQ, environment=REQ),
    "acme_actions_environment_secret": resource(repository=REQ, environment=REQ),
    "acme_pull_request": resource(base_repository=REQ, head_ref=REQ),
    "acme_droplet": resource(name=REQ, volume_ids=IDS),
    "acme_firewall": resource(droplet_ids=IDS, tags=attr(["list", "string"], optional=True)),
    "acme_tag": resource(name=REQ),
    "acme_app": resource(("image", {"tag": OPT, "repository": OPT}), name=REQ),
    "acme_database_cluster": resource(name=REQ),
    "acme_database_user": resource(cluster_id=REQ, name=REQ),
    "acme_kubernetes_cluster": resource(name=REQ),
    "acme_kubernetes_node_pool": resource(cluster_id=REQ, parent_node_pool_id=OPT),
    "acme_user": resource(display_name=REQ, object_id=ID),
    "acme_invitation": resource(user_display_name=REQ),
    "acme_group": resource(display_name=REQ, object_id=ID),
    "acme_group_member": resource(group_object_id=REQ, member_object_id=REQ),
    "acme_application": resource(display_name=REQ, client_id=ID),
    "acme_application_registration": resource(display_name=REQ, client_id=ID),
    "acme_service_principal": resource(client_id=REQ),
    "acme_volume": resource(name=REQ, team_id=OPT, team_id_selector=OPT),
}


def document(**extra: dict[str, Any]) -> s.Document:
    return s.document({"format_version": "1.0", "provider_schemas": {SOURCE: {
        "provider": {"version": 0, "block": {}}, "resource_schemas": {**RESOURCES, **extra}}}}, SOURCE)


def provider(**overrides: Any) -> Provider:
    base: dict[str, Any] = dict(name="acme", source="example/acme", version="1.0.0", root_group="acme.tfbridge.io",
                                resource_prefix="acme_", include=("acme_*",))
    base.update(overrides)
    return Provider(**base)


def inferred(p: Provider, doc: s.Document | None = None) -> dict[str, dict[str, Reference]]:
    doc = doc or document()
    return references.infer(p, doc.resources, catalogue.plan(p, doc).included)


def test_arguments_named_for_a_kind_reference_it() -> None:
    assert inferred(provider()) == {
        # <kind>_id: its external name, as upjet's references without an extractor copy it.
        "acme_team_membership": {"team_id": Reference("acme_team"), "grant.team_id": Reference("acme_team")},
        # <kind>_<attribute> the provider computes: that attribute.
        "acme_team_sync": {"team_slug": Reference("acme_team", "slug")},
        # A required bare name; the one kind whose name ends with it; a qualified one.
        "acme_repository_environment": {"repository": Reference("acme_repository")},
        "acme_actions_environment_secret": {"repository": Reference("acme_repository"),
                                            "environment": Reference("acme_repository_environment")},
        "acme_pull_request": {"base_repository": Reference("acme_repository")},
        # Lists: <kind>_ids, and a kind's name in the plural.
        "acme_droplet": {"volume_ids": Reference("acme_volume")},
        "acme_firewall": {"droplet_ids": Reference("acme_droplet"), "tags": Reference("acme_tag")},
        # Beside the argument's own resource first: two clusters, told apart by where they are used.
        "acme_database_user": {"cluster_id": Reference("acme_database_cluster")},
        "acme_kubernetes_node_pool": {"cluster_id": Reference("acme_kubernetes_cluster")},
        "acme_group_member": {"group_object_id": Reference("acme_group", "object_id")},
        # The one kind computing client_id (a kind below it gives way).
        "acme_service_principal": {"client_id": Reference("acme_application", "client_id")},
    }


def test_nothing_is_inferred_where_a_name_could_mean_something_else() -> None:
    found = inferred(provider())
    assert "default_branch" not in found.get("acme_repository", {}), "an optional qualified name"
    assert "acme_app" not in found, "a block's tag or repository"
    assert "acme_invitation" not in found, "an attribute the user writes (display_name) identifies nothing"
    assert "member_object_id" not in found["acme_group_member"], "no kind is a member"
    assert "token_id" not in found["acme_team_membership"], "a sensitive argument is a Secret's"
    assert "parent_node_pool_id" not in found["acme_kubernetes_node_pool"], "no reference to itself"
    assert "acme_volume" not in found, "teamIdSelector would clash with the argument team_id_selector"
    assert "head_ref" not in found["acme_pull_request"]


def test_the_config_overrides_or_opts_out() -> None:
    p = provider(resources={
        "acme_team_membership": Resource(references={"team_id": Reference("acme_team", "slug")},
                                         not_references=("grant.team_id",)),
        "acme_database_user": Resource(not_references=("cluster_id",))})
    found = inferred(p)
    assert "acme_team_membership" not in found, "team_id's reference is the config's, grant.team_id opted out"
    assert "acme_database_user" not in found
    completed = catalogue.plan(p, document()).provider
    assert completed.resolve("acme_team_membership").references == {"team_id": Reference("acme_team", "slug")}
    assert inferred(provider(infer_references=False)) == {}


def test_only_kinds_are_referenced() -> None:
    found = inferred(provider(include=("acme_team_membership", "acme_database_user", "acme_database_cluster")))
    assert found == {"acme_database_user": {"cluster_id": Reference("acme_database_cluster")}}


def test_both_sides_resolve_kinds_with_the_inferred_references() -> None:
    """The plan's provider carries them: the field trees get Ref and Selector fields, upjet's list names by
    default, and a required argument a reference can fill is no longer required."""
    doc = document()
    p = catalogue.plan(provider(), doc).provider
    membership = fields.build(doc.parse_resource("acme_team_membership"),
                              fields.rules(p.resolve("acme_team_membership")))
    assert {"teamId", "teamIdRef", "teamIdSelector"} <= set(membership.parameters.by_json())
    assert all(name != "teamId" for name, _ in membership.required)
    firewall = fields.build(doc.parse_resource("acme_firewall"), fields.rules(p.resolve("acme_firewall")))
    assert {"dropletIdsRefs", "dropletIdsSelector", "tagsRefs", "tagsSelector"} <= set(firewall.parameters.by_json())
    singular = catalogue.plan(provider(singular_list_refs=True), doc).provider
    aws_style = fields.build(doc.parse_resource("acme_firewall"), fields.rules(singular.resolve("acme_firewall")))
    assert {"dropletIdRefs", "dropletIdSelector"} <= set(aws_style.parameters.by_json())


@pytest.mark.parametrize("singular", [True, False])
def test_the_list_naming_is_in_the_digest_only_where_it_is_upjet_s(singular: bool) -> None:
    """A provider that keeps the singular names keeps the digests its CRDs were labelled with."""
    rules = fields.rules(provider(singular_list_refs=singular).resolve("acme_firewall"))
    assert ("upjet_list_refs" in rules.canonical()) is not singular


def test_a_number_is_named_for_a_kind_only_as_its_identifier() -> None:
    """``droplet_id`` (a number) takes a droplet's ID; a number named otherwise (``size``, a kind's bare
    name, an identifier some kind computes) is no reference."""
    doc = document(
        acme_reserved_ip=resource(droplet_id=attr("number", optional=True), team=attr("number", optional=True),
                                  object_id=attr("number", optional=True), volume_ids=attr(["list", "number"],
                                                                                            optional=True)),
        acme_port=resource(number=attr("number", required=True)),
        acme_listener=resource(port=attr("number", required=True)),
    )
    found = inferred(provider(), doc)
    assert found["acme_reserved_ip"] == {"droplet_id": Reference("acme_droplet"),
                                         "volume_ids": Reference("acme_volume")}
    assert "acme_listener" not in found, "a required bare number is no acme_port"


def test_an_identifier_no_name_resolves_takes_the_kind_its_name_ends_with_or_its_description_names() -> None:
    doc = document(
        acme_service_principal=resource(client_id=REQ, object_id=ID),
        acme_application_from_template=resource(template_id=REQ),
        # A principal is the one kind whose name ends with the word; its description names its object_id.
        acme_role_assignment=resource(principal_id=attr("string", required=True,
                                                        description="The object ID of the member principal"),
                                      template_id=REQ),
        acme_catalog_association=resource(resource_origin_id=attr("string", required=True, description=(
            "The unique identifier of the resource in the origin system. In the case of a group, this is the "
            "identifier of the group")), other_id=attr("string", required=True, description=(
                "The ID of the team member, which no kind is"))),
        acme_schedule=resource(("rule", {"rule_id": attr("string", optional=True, description="The ID of the team")}),
                               principal_id=OPT),
    )
    found = inferred(provider(), doc)
    assert found["acme_role_assignment"] == {"principal_id": Reference("acme_service_principal", "object_id")}, \
        "application_from_template is an application: its name does not end with the noun template"
    assert found["acme_catalog_association"] == {"resource_origin_id": Reference("acme_group")}, \
        "the first ID of a kind the description names; none for words that name no kind"
    assert "acme_schedule" not in found, \
        "an optional principal_id's name alone names no kind; a block's description says nothing"
