"""Reading an upjet provider's checkout: what the measurement takes from its generated Go, CRDs and examples."""

import json
from pathlib import Path

from benchmarks import upjet_parity
from tests.support.synthetic import attr

SCHEMA = {"format_version": "1.0", "provider_schemas": {"registry.terraform.io/acme/acme": {
    "provider": {"version": 0, "block": {}},
    "resource_schemas": {
        "acme_team": {"version": 0, "block": {"attributes": {"id": attr("string", computed=True),
                                                             "name": attr("string", required=True)}}},
        "acme_team_member": {"version": 0, "block": {"attributes": {
            "id": attr("string", computed=True), "team_id": attr("string", required=True)}}},
    }}}}

GROUP_VERSION = 'var (\n\tCRDGroup = "team.acme.example.io"\n\tCRDVersion = "v1alpha1"\n)\n'
TERRAFORMED = ('func (mg *{kind}) GetTerraformResourceType() string {{\n\treturn "{tf_type}"\n}}\n')
RESOLVERS = '''
func (mg *Member) ResolveReferences(ctx context.Context, c client.Reader) error {
	rsp, err = r.Resolve(ctx, reference.ResolutionRequest{
		CurrentValue: reference.FromPtrValue(mg.Spec.ForProvider.TeamID),
		Extract:      reference.ExternalName(),
		To: reference.To{
			List:    &TeamList{},
			Managed: &Team{},
		},
	})
}
'''


def crd(kind: str, plural: str) -> str:
    spec = {"type": "object", "properties": {"forProvider": {"type": "object", "properties": {
        "name": {"type": "string"}, "teamId": {"type": "string"},
        "teamIdRef": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}
    return json.dumps({"spec": {"group": "team.acme.example.io", "scope": "Cluster",
                                "names": {"kind": kind, "plural": plural},
                                "versions": [{"name": "v1alpha1", "schema": {"openAPIV3Schema": {
                                    "type": "object", "properties": {"metadata": {"type": "object"},
                                                                     "spec": spec}}}}]}})


def test_a_checkout_s_kinds_references_and_examples(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "schema.json").write_text(json.dumps(SCHEMA))
    apis = tmp_path / "apis" / "team" / "v1alpha1"
    apis.mkdir(parents=True)
    (apis / "zz_groupversion_info.go").write_text(GROUP_VERSION)
    (apis / "zz_team_terraformed.go").write_text(TERRAFORMED.format(kind="Team", tf_type="acme_team"))
    (apis / "zz_member_terraformed.go").write_text(TERRAFORMED.format(kind="Member", tf_type="acme_team_member"))
    (apis / "zz_generated.resolvers.go").write_text(RESOLVERS)
    (tmp_path / "package" / "crds").mkdir(parents=True)
    for kind, plural in (("Team", "teams"), ("Member", "members")):
        (tmp_path / "package" / "crds" / f"team.acme.example.io_{plural}.yaml").write_text(crd(kind, plural))
    (tmp_path / "examples" / "team").mkdir(parents=True)
    (tmp_path / "examples" / "team" / "member.yaml").write_text(
        "apiVersion: team.acme.example.io/v1alpha1\nkind: Member\nmetadata: {name: m}\n"
        "spec: {forProvider: {teamIdRef: {name: t}}}\n---\n"
        "apiVersion: team.acme.example.io/v1alpha1\nkind: Member\nmetadata: {name: n}\nspec: {forProvider: {x: 1}}\n"
        "---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\n")
    upjet = upjet_parity.read_checkout(tmp_path)
    assert (upjet.name, upjet.prefix, upjet.source) == ("acme", "acme", "registry.terraform.io/acme/acme")
    assert sorted(upjet.kinds, key=lambda k: k.tf_type) == [
        upjet_parity.UpjetKind("acme_team", False, "team.acme.example.io", "v1alpha1", "Team"),
        upjet_parity.UpjetKind("acme_team_member", False, "team.acme.example.io", "v1alpha1", "Member")]
    assert upjet.references == (upjet_parity.UpjetReference("acme_team_member", "team_id", "acme_team"),)
    assert [(e.kind, e.valid) for e in upjet.examples] == [("Member", True), ("Member", False)], \
        "only the provider's own kinds; one upjet's own CRD refuses"
    report = upjet_parity.measure(upjet, upjet_parity.scaffold(upjet))
    assert (report.valid_fits, report.valid, report.inferred, report.wrong) == (1, 1, 1, [])
    assert report.served == {"cluster": (2, 2)}
    compact = upjet_parity.from_fixture(json.loads(upjet_parity.dump_fixture(upjet_parity.fixture(upjet))))
    assert compact.kinds == upjet.kinds and compact.references == upjet.references
    assert [e.valid for e in compact.examples] == [True, False]
    only = upjet_parity.fixture(upjet, only=("acme_team_member",))
    assert sorted(only["schema"]) == ["acme_team", "acme_team_member"], "with the team its reference points at"
    assert sorted(k[0] for k in only["kinds"]) == ["acme_team", "acme_team_member"]
    alone = upjet_parity.fixture(upjet, only=("acme_team",))
    assert (sorted(alone["schema"]), alone["references"], alone["examples"]) == (["acme_team"], [], [])
