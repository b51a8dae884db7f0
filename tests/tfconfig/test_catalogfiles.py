"""A catalogue as data: YAML files per group read into the config's types, the probe's answers as defaults
and examples, code named by hook, and every mistake reported with its file, line and key."""

import json
import textwrap
import types
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tfconfig import (
    Catalog,
    ConfigError,
    Example,
    Exclusion,
    ExternalName,
    GroupRule,
    IDExample,
    Importless,
    Lookup,
    ManagedElsewhere,
    Reason,
    Reference,
    Resource,
    Strategy,
    TemplateError,
    Timeouts,
    load_catalog,
    parameter_as_identifier,
)

SETUP = {"client_metadata": {"account_id": "123456789012", "partition": "aws"}}


def _record_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    parts = [str(parameters[k]) for k in ("zone_id", "name")]
    if parameters.get("set_identifier"):
        parts.append(str(parameters["set_identifier"]))
    return "_".join(parts)


def _last_segment(attributes: Mapping[str, Any]) -> str:
    value = attributes.get("id")
    if not isinstance(value, str):
        raise TemplateError("no id")
    return value.rsplit("/", 1)[-1]


def _named_by(argument: str = "name") -> ExternalName:
    return parameter_as_identifier(argument).sourced("probe+upjet", f"named by {argument}")


HOOKS = types.SimpleNamespace(__name__="example.hooks", record_id=_record_id, last_segment=_last_segment,
                              named_by=_named_by, not_a_function="x", not_a_strategy=lambda: "x")

PROBE = {
    "probe_id": "tfbridge-probe-id",
    "provider": "hashicorp/example",
    "version": "1.0.0",
    "resources": {
        "ex_queue": {"probe": {"outcome": "passthrough", "attributes": {"id": "tfbridge-probe-id"}}},
        "ex_policy": {"probe": {"outcome": "passthrough", "attributes": {"id": "tfbridge-probe-id"}}},
        "ex_attachment": {
            "probe": {"outcome": "rejected", "message": "expected <role>/<policy>"},
            "shapes": {"a/b": {"outcome": "passthrough", "attributes": {"id": "a-b", "role": "a", "policy": "b"}},
                       "a,b": {"outcome": "rejected", "message": "expected <role>/<policy>"}},
        },
        "ex_member": {
            "probe": {"outcome": "rejected", "message": "expected USER/GROUP"},
            "shapes": {"a/b": {"outcome": "passthrough", "attributes": {"user": "a"}}},
        },
        "ex_old": {"probe": {"outcome": "unsupported", "message": "doesn't support import"}},
    },
}


def catalogue(tmp_path: Path, files: Mapping[str, str], *, probe: Mapping[str, Any] | None = PROBE,
              hooks: object = HOOKS) -> Catalog:
    directory = tmp_path / "catalog"
    directory.mkdir(exist_ok=True)
    for name, text in files.items():
        (directory / name).write_text(textwrap.dedent(text).lstrip("\n"))
    probe_path = None
    if probe is not None:
        probe_path = tmp_path / "import_probe.json"
        probe_path.write_text(json.dumps(probe))
    return load_catalog(directory, hooks=hooks, probe=probe_path)


def test_every_key_of_an_entry_becomes_the_resource_it_describes(tmp_path: Path) -> None:
    cat = catalogue(tmp_path, {"ex.yaml": """
        ex_queue:
          kind: Queue
          short_group: messaging
          version: v1beta2
          references:
            policy_id: ex_policy
            target.role_arn: {to: ex_policy, extract: arn}
            target.policy_ids: {to: ex_policy, stem: policyIds, prefix: policies/}
          sensitive: [token, target.secret]
          late_init_ignore: [name_prefix]
          managed_elsewhere:
            - {argument: policy, by: [ex_policy], source: docs}
          timeouts: {create: 600, delete: 60.5}
          lookup: {data_source: ex_queues}
          tagged: false
          executor: direct
          removed_parameters: [local_path]
          example:
            name: example-queue
            labels: {team: a}
            connection_secret_namespace: crossplane-system
            for_provider:
              name: example-queue
              delaySeconds: 5
              tags: {Name: example}
              policyIdRef: {name: example-policy}
            init_provider: {publicKey: ssh-rsa AAAA}
        ex_policy: {}
        """})
    assert cat.resources["ex_queue"] == Resource(
        kind="Queue", short_group="messaging", version="v1beta2",
        external_name=cat.resources["ex_queue"].external_name,
        references={"policy_id": Reference("ex_policy"), "target.role_arn": Reference("ex_policy", "arn"),
                    "target.policy_ids": Reference("ex_policy", stem="policyIds", prefix="policies/")},
        sensitive=("token", "target.secret"), late_init_ignore=("name_prefix",),
        managed_elsewhere=(ManagedElsewhere("policy", ("ex_policy",), "docs"),),
        timeouts=Timeouts(create=600.0, delete=60.5), lookup=Lookup("ex_queues"), tagged=False, executor="direct",
        removed_parameters=("local_path",),
        example=Example({"name": "example-queue", "delaySeconds": 5, "tags": {"Name": "example"},
                         "policyIdRef": {"name": "example-policy"}}, name="example-queue", labels={"team": "a"},
                        init_provider={"publicKey": "ssh-rsa AAAA"}, connection_secret_namespace="crossplane-system"))
    assert list(cat.resources) == ["ex_policy", "ex_queue"]
    assert cat.where == {"ex_policy": f"{tmp_path}/catalog/ex.yaml:28",
                         "ex_queue": f"{tmp_path}/catalog/ex.yaml:1"}


def test_an_entry_without_an_external_name_takes_the_probes_answer(tmp_path: Path) -> None:
    en = catalogue(tmp_path, {"ex.yaml": "ex_queue: {}\n"}).resources["ex_queue"].external_name
    assert (en.strategy, en.source, en.note, en.examples) == (
        Strategy.IDENTIFIER_FROM_PROVIDER, "probe", "the importer takes the state id as it is", ())
    assert en.import_id("q-1", {}, {}) == "q-1"


def test_excluded_resources_and_group_rules_are_read_with_the_kinds(tmp_path: Path) -> None:
    cat = catalogue(tmp_path, {
        "ex.yaml": """
            ex_queue: {}
            ex_old:
              excluded: {reason: NoImport, source: probe}
            """,
        "_groups.yaml": """
            - {pattern: ^ex_queue(_|$), group: messaging, drop_words: 0}
            - {pattern: ^ex_, group: other}
            """})
    assert cat.excluded == {"ex_old": Exclusion(Reason.NO_IMPORT, source="probe")}
    assert cat.group_rules == (GroupRule("^ex_queue(_|$)", "messaging", 0), GroupRule("^ex_", "other"))
    assert list(cat.resources) == ["ex_queue"]


@pytest.mark.parametrize(
    ("external_name", "parameters", "import_id", "state", "external"),
    [
        pytest.param("{strategy: name_as_identifier}", {"name": "q"}, "q", {"id": "q", "name": "q"}, "q",
                     id="NameAsIdentifier"),
        pytest.param("{strategy: parameter_as_identifier, argument: bucket}", {}, "q", {"id": "q"}, "q",
                     id="ParameterAsIdentifier"),
        pytest.param("{strategy: attribute_as_identifier, attribute: arn}", {}, "q", {"arn": "q"}, "q",
                     id="AttributeAsIdentifier"),
        pytest.param("{strategy: composite_id, template: '{{ .parameters.api }}/{{ .external_name }}'}",
                     {"api": "a"}, "a/q", {"id": "q"}, "q", id="CompositeID"),
        pytest.param("{strategy: templated, template: 'arn:{{ .setup.client_metadata.partition }}:q:{{ "
                     ".external_name }}', argument: name}", {}, "arn:aws:q:q", {"id": "arn:aws:q:q"}, "q",
                     id="Templated"),
        pytest.param("{strategy: composite_from_parameters, separator: /, arguments: [role, policy]}",
                     {"role": "r", "policy": "p"}, "r/p", {"role": "r", "policy": "p"}, "r/p",
                     id="CompositeFromParameters"),
        pytest.param("{strategy: composite_by, get_id: record_id, arguments: [zone_id, name, set_identifier]}",
                     {"zone_id": "Z", "name": "n", "set_identifier": "s"}, "Z_n_s",
                     {"zone_id": "Z", "name": "n", "set_identifier": "s"}, "Z_n_s", id="CompositeByHook"),
        pytest.param("{strategy: joined_attributes, separator: ',', attributes: [gid, version]}", {}, "q",
                     {"gid": "g", "version": "1"}, "g,1", id="JoinedAttributes"),
        pytest.param("{strategy: identifier_from_provider, get_id: record_id, get_external_name: last_segment}",
                     {"zone_id": "Z", "name": "n"}, "Z_n", {"id": "x/q"}, "q", id="HooksOnABuiltInStrategy"),
        pytest.param("{strategy: named_by, argument: bucket}", {}, "q", {"id": "q"}, "q", id="HookStrategy"),
    ],
)
def test_strategies_are_named_with_their_arguments(tmp_path: Path, external_name: str,
                                                   parameters: dict[str, Any], import_id: str,
                                                   state: dict[str, Any], external: str) -> None:
    en = catalogue(tmp_path, {"ex.yaml": f"ex_queue:\n  external_name: {external_name}\n"}).resources[
        "ex_queue"].external_name
    assert en.import_id("q", parameters, SETUP) == import_id
    assert en.get_external_name(state) == external


def test_source_note_and_written_examples_are_kept_and_a_hook_strategys_own_are_its_defaults(tmp_path: Path) -> None:
    cat = catalogue(tmp_path, {"ex.yaml": """
        ex_queue:
          external_name: {strategy: named_by, argument: bucket}
        ex_policy:
          external_name:
            strategy: named_by
            source: docs
            note: the documentation's Import section
            examples:
              - {import_id: p1, external_name: p1, parameters: {name: p1}, source: docs}
              - import_id: p2
                external_name: p2
                state: {id: p2}
                setup: {client_metadata: {account_id: '123456789012'}}
        """})
    queue, policy = cat.resources["ex_queue"].external_name, cat.resources["ex_policy"].external_name
    assert (queue.identifier_argument, queue.source, queue.note) == ("bucket", "probe+upjet", "named by bucket")
    assert (policy.identifier_argument, policy.source, policy.note) == (
        "name", "docs", "the documentation's Import section")
    assert policy.examples == (
        IDExample("p1", "p1", {"name": "p1"}, source="docs"),
        IDExample("p2", "p2", state={"id": "p2"}, setup={"client_metadata": {"account_id": "123456789012"}}))


ATTACHMENT = """
ex_attachment:
  external_name:
    strategy: composite_from_parameters
    separator: /
    arguments: [role, policy]
    source: probe
"""


def test_every_id_shape_the_importer_took_is_an_example(tmp_path: Path) -> None:
    en = catalogue(tmp_path, {"ex.yaml": ATTACHMENT}).resources["ex_attachment"].external_name
    assert en.examples == (IDExample("a/b", "a/b", {"role": "a", "policy": "b"},
                                     {"id": "a-b", "role": "a", "policy": "b"}),)


def test_a_written_example_of_a_shape_takes_its_place(tmp_path: Path) -> None:
    text = ATTACHMENT + "    examples: [{import_id: a/b, external_name: a/b, parameters: {role: a, policy: b}}]\n"
    en = catalogue(tmp_path, {"ex.yaml": text}).resources["ex_attachment"].external_name
    assert en.examples == (IDExample("a/b", "a/b", {"role": "a", "policy": "b"}),)


def test_a_shape_skipped_with_its_reason_is_no_example(tmp_path: Path) -> None:
    text = ATTACHMENT + "    skip_probe_shapes: {a/b: the importer keeps the ID apart}\n"
    assert catalogue(tmp_path, {"ex.yaml": text}).resources["ex_attachment"].external_name.examples == ()


def test_without_a_probe_nothing_is_derived_or_checked(tmp_path: Path) -> None:
    cat = catalogue(tmp_path, {"ex.yaml": ATTACHMENT + "ex_old: {}\n"}, probe=None)
    assert cat.resources["ex_attachment"].external_name.examples == ()
    assert cat.resources["ex_old"].external_name.source == "probe"


def test_a_catalogue_names_no_hook_without_a_hook_module(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"ex.yaml:2: ex_queue.external_name.strategy: names the hook "
                                          r"'named_by', but no hook module was given"):
        catalogue(tmp_path, {"ex.yaml": "ex_queue:\n  external_name: {strategy: named_by}\n"}, hooks=None)


def test_a_resource_terraform_cannot_import_is_served_with_its_policy(tmp_path: Path) -> None:
    """The probe found no importer: the entry says what a lost workspace becomes, and its external name is
    the state id the rebuilt state starts from."""
    cat = catalogue(tmp_path, {"ex.yaml": """
        ex_old:
          importless: {policy: rebuild, reason: its read empties the state when it is gone, source: provider}
        """})
    old = cat.resources["ex_old"]
    assert old.importless == Importless("rebuild", "its read empties the state when it is gone", "provider")
    assert (old.external_name.strategy, old.external_name.source) == (Strategy.IDENTIFIER_FROM_PROVIDER, "importless")
    assert old.external_name.import_id("x-1", {}, {}) == "x-1"
    assert old.external_name.get_external_name({"id": "x-1"}) == "x-1"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        pytest.param({"ex.yaml": "ex_queue:\n  exmaple: {}\n"},
                     r"ex.yaml:2: ex_queue.exmaple: unknown key 'exmaple' \(known: external_name, kind, ",
                     id="UnknownKey"),
        pytest.param({"ex.yaml": "ex_queue:\n  example:\n    name: q\n    forProvider: {}\n"},
                     r"ex.yaml:4: ex_queue.example.forProvider: unknown key 'forProvider'", id="UnknownExampleKey"),
        pytest.param({"ex.yaml": "ex_queue:\n  example: {name: q}\n"},
                     r"ex.yaml:2: ex_queue.example: 'for_provider' must be given", id="MissingKey"),
        pytest.param({"ex.yaml": "ex_queue:\n  version: 2\n"},
                     r"ex.yaml:2: ex_queue.version: must be a string, not a number; quote it", id="WrongType"),
        pytest.param({"ex.yaml": "ex_queue:\n  sensitive: token\n"},
                     r"ex.yaml:2: ex_queue.sensitive: must be a list, not a string", id="NotAList"),
        pytest.param({"ex.yaml": "ex_queue:\n  tagged: 'no'\n"},
                     r"ex.yaml:2: ex_queue.tagged: must be true or false, not a string", id="NotABoolean"),
        pytest.param({"ex.yaml": "ex_queue:\n  timeouts: {create: 1h}\n"},
                     r"ex.yaml:2: ex_queue.timeouts.create: must be a number, not a string", id="NotANumber"),
        pytest.param({"ex.yaml": "ex_queue:\n  executor: fast\n"},
                     r"ex.yaml:2: ex_queue.executor: 'fast' is not one of cli, direct", id="UnknownExecutor"),
        pytest.param({"ex.yaml": "ex_queue: {}\nex_queue: {}\n"},
                     r"ex.yaml:2: 'ex_queue' is given twice", id="DuplicateKey"),
        pytest.param({"a.yaml": "ex_queue: {}\n", "b.yaml": "ex_queue: {}\n"},
                     r"b.yaml:1: ex_queue: catalogued twice: also at .*a.yaml:1", id="CataloguedTwice"),
        pytest.param({"ex.yaml": "ex_queue:\n  references:\n    policy_id: {to: ex_polcy}\n"},
                     r"ex.yaml:3: ex_queue.references.policy_id.to: refers to 'ex_polcy', which is not catalogued",
                     id="ReferenceToNothing"),
        pytest.param({"ex.yaml": "ex_queue:\n  references: {policy_id: ex_old}\n"
                                 "ex_old:\n  excluded: {reason: NoImport}\n"},
                     r"ex.yaml:2: ex_queue.references.policy_id: refers to 'ex_old', which is excluded: Terraform "
                     r"cannot import it", id="ReferenceToAnExcludedResource"),
        pytest.param({"ex.yaml": "ex_old:\n  excluded: {reason: NoImport}\n  sensitive: [x]\n"},
                     r"ex.yaml:3: ex_old.sensitive: an excluded resource has no other facts", id="ExcludedWithFacts"),
        pytest.param({"ex.yaml": "ex_old:\n  importless: {policy: create}\n"},
                     r"ex.yaml:2: ex_old.importless: policy 'create' is not one of rebuild, stop", id="BadImportless"),
        pytest.param({"ex.yaml": "ex_old: {}\n"},
                     r"ex.yaml:1: ex_old: no external_name, and the probe's importer did not take the ID",
                     id="NoImporterNoPolicy"),
        pytest.param({"ex.yaml": "ex_old:\n  excluded: {reason: Gone}\n"},
                     r"ex.yaml:2: ex_old.excluded.reason: 'Gone' is not one of NotIncluded, NoImport", id="BadReason"),
        pytest.param({"ex.yaml": "ex_queue:\n  example:\n    for_provider: {start: 2024-01-01}\n"},
                     r"ex.yaml:3: ex_queue.example.for_provider.start: a date is not a value a manifest holds; "
                     r"quote it", id="DateInAnExample"),
        pytest.param({"ex.yaml": "ex_queue:\n  example:\n    for_provider: {yes: 1}\n"},
                     r"ex.yaml:3: ex_queue.example.for_provider: a key must be a string, not a boolean \(True; "
                     r"quote it\)", id="KeyThatIsNotAString"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: named_by_name}\n"},
                     r"ex.yaml:2: ex_queue.external_name.strategy: no hook 'named_by_name' in example.hooks",
                     id="UnknownStrategy"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: not_a_function}\n"},
                     r"ex.yaml:2: ex_queue.external_name.strategy: no hook 'not_a_function'", id="HookNotCallable"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: not_a_strategy}\n"},
                     r"ex.yaml:2: ex_queue.external_name.strategy: the hook not_a_strategy must return an "
                     r"ExternalName, not str", id="HookStrategyReturnsSomethingElse"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: named_by, colour: red}\n"},
                     r"ex.yaml:2: ex_queue.external_name.colour: unknown key 'colour' for strategy named_by "
                     r"\(known: argument, examples, ",
                     id="HookStrategyArguments"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: parameter_as_identifier}\n"},
                     r"ex.yaml:2: ex_queue.external_name: strategy parameter_as_identifier needs argument",
                     id="StrategyNeedsArgument"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: name_as_identifier, template: x}\n"},
                     r"ex.yaml:2: ex_queue.external_name.template: unknown key 'template' for strategy "
                     r"name_as_identifier", id="StrategyUnknownArgument"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name:\n    strategy: composite_id\n"
                                 "    template: '{{ .parameters.a }}'\n"},
                     r"ex.yaml:2: ex_queue.external_name: composite_id: template .* has no \{\{ .external_name \}\}",
                     id="TemplateWithoutTheExternalName"),
        pytest.param({"ex.yaml": "ex_queue:\n  external_name: {strategy: identifier_from_provider, get_id: nope}\n"},
                     r"ex.yaml:2: ex_queue.external_name.get_id: no hook 'nope' in example.hooks", id="UnknownHook"),
        pytest.param({"ex.yaml": "ex_attachment: {}\n"},
                     r"ex.yaml:1: ex_attachment: no external_name, and the probe's importer did not take the ID as "
                     r"it is \(rejected: expected <role>/<policy>\)", id="DefaultAgainstTheProbe"),
        pytest.param({"ex.yaml": "ex_unknown: {}\n"},
                     r"ex.yaml:1: ex_unknown: .*import_probe.json has no answer for it", id="NotProbed"),
        pytest.param({"ex.yaml": ATTACHMENT + "    skip_probe_shapes: {a/c: why}\n"},
                     r"ex.yaml:7: ex_attachment.external_name.skip_probe_shapes: 'a/c' is not an ID shape the "
                     r"probe's importer took", id="SkipOfAShapeNotTaken"),
        pytest.param({"ex.yaml": "ex_member:\n  external_name: {strategy: attribute_as_identifier, attribute: name}\n"},
                     r"ex.yaml:2: ex_member.external_name: the probe's importer took 'a/b' and made the state "
                     r"\{'user': 'a'\}, from which the strategy reads no external name", id="ShapeWithoutAName"),
        pytest.param({"ex.yaml": "ex_queue:\n  kind: [Queue\n"}, r"ex.yaml:3: not YAML", id="NotYAML"),
        pytest.param({"ex.yaml": "- ex_queue\n"}, r"ex.yaml:1: must be a mapping, not a list", id="NotAMapping"),
        pytest.param({"ex.yaml": "ex_queue:\n"}, r"ex.yaml:1: ex_queue: an entry is a mapping of facts",
                     id="EmptyEntry"),
        pytest.param({"_kinds.yaml": "{}\n"}, r"_kinds.yaml: unknown file", id="UnknownFile"),
        pytest.param({"_groups.yaml": "- {pattern: ^ex_, drop: 1}\n"},
                     r"_groups.yaml:1: group rules\[0\].drop: unknown key 'drop'", id="GroupRuleKey"),
    ],
)
def test_a_mistake_is_reported_with_its_file_line_and_key(tmp_path: Path, files: dict[str, str],
                                                          message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        catalogue(tmp_path, files)


def test_the_probe_file_must_be_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"import_probe.json: not an import probe"):
        catalogue(tmp_path, {"ex.yaml": "ex_queue: {}\n"}, probe={"resources": {"ex_queue": {}}})


PACKAGE_CONFIG = '''
from pathlib import Path

from tfconfig import Provider, load_catalog

HERE = Path(__file__).resolve().parent
CATALOG = load_catalog(HERE / "catalog")
PROVIDER = Provider(name="demo", source="example/demo", version="1.0.0", root_group="demo.tfbridge.io",
                    resource_prefix="demo_", schema_file="schema.json", resources=CATALOG.resources)
'''


def test_a_mistake_stops_the_generator_and_the_runtime_with_its_file_and_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from bridge.api import registry
    from tests.support import synthetic
    from tfbridge.cli import cli

    package = tmp_path / "catalogue_mistakes" / "demo"
    (package / "catalog").mkdir(parents=True)
    (package.parent / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "config.py").write_text(PACKAGE_CONFIG)
    (package / "schema.json").write_text(json.dumps(synthetic.document()))
    (package / "catalog" / "thing.yaml").write_text("demo_thing:\n  exmaple: {}\n")
    want = "catalog/thing.yaml:2: demo_thing.exmaple: unknown key 'exmaple'"

    result = CliRunner().invoke(cli, ["generate", str(package)])
    assert result.exit_code == 1 and want in result.output, result.output
    assert "Traceback" not in result.output
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(registry.LoadError, match=want):
        registry.load("catalogue_mistakes.demo")
