"""``tfbridge schema probe-imports`` classifies what a provider's importer does with an ID, replaces a
plugin that dies or hangs, and writes a sorted, reproducible document. A scripted provider stands in
for the plugin; the committed ``import_probe.json`` is the real run."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bridge.api.errors import OperationFailed, OperationTimedOut
from bridge.tfplugin.provider import Imported, ProviderGone
from providers.aws.config import PROVIDER as AWS
from tests.support import synthetic
from tfbridge import probe
from tfconfig import Credentials, ImportProbe, Reason, Resource, Strategy, importprobe, name_as_identifier

Script = Callable[[str, str], Any]


@dataclass
class FakeProvider:
    script: Script
    stopped: bool = False
    calls: list[tuple[str, str]] = field(default_factory=list)

    def import_state(self, tf_type: str, import_id: str, timeout: float) -> list[Imported]:
        self.calls.append((tf_type, import_id))
        answer = self.script(tf_type, import_id)
        if isinstance(answer, BaseException):
            raise answer
        return [Imported(tf_type, answer, b"")]

    def alive(self) -> bool:
        return not self.stopped

    def stop(self) -> None:
        self.stopped = True


def failed(message: str) -> OperationFailed:
    return OperationFailed(f"import: {message}", verb="import", diagnostics=(message,))


def importer(tf_type: str, import_id: str) -> Any:
    if tf_type == "aws_passthrough":
        return {"id": import_id, "arn": None, "force_destroy": False}
    if tf_type == "aws_named":
        return {"id": None, "name": import_id}
    if tf_type == "aws_none":
        return failed("resource aws_none doesn't support import")
    if tf_type == "aws_composite":
        if "/" in import_id and import_id.count("/") == 1:
            api, own = import_id.split("/")
            return {"id": own, "rest_api_id": api}
        return failed(f'Unexpected format of ID ("{import_id}"), expected REST-API-ID/AUTHORIZER-ID')
    if tf_type == "aws_cloudy":
        return failed(f"reading X ({import_id}): dial tcp 127.0.0.1:9: connect: connection refused")
    raise AssertionError(tf_type)


@pytest.mark.parametrize(
    ("tf_type", "want"),
    [
        pytest.param("aws_passthrough", {"outcome": "passthrough", "attributes": {"id": probe.PROBE}},
                     id="PassthroughOnId"),
        pytest.param("aws_named", {"outcome": "passthrough", "attributes": {"name": probe.PROBE}},
                     id="PassthroughOnAnotherAttribute"),
        pytest.param("aws_none", {"outcome": "unsupported", "message": "resource aws_none doesn't support import"},
                     id="NoImporter"),
        pytest.param("aws_composite",
                     {"outcome": "rejected",
                      "message": 'Unexpected format of ID ("<ID>"), expected REST-API-ID/AUTHORIZER-ID'},
                     id="FormatErrorWithTheProbeMasked"),
        pytest.param("aws_cloudy",
                     {"outcome": "cloud",
                      "message": "reading X (<ID>): dial tcp 127.0.0.1:<port>: connect: connection refused"},
                     id="ReachedForTheCloudWithThePortMasked"),
    ],
)
def test_probe_answer_is_classified(tf_type: str, want: dict[str, Any]) -> None:
    prober = probe.Prober(lambda: FakeProvider(importer))  # type: ignore[arg-type,return-value]
    assert prober.ask(tf_type, probe.PROBE).to_json() == want


def test_rejected_probe_tries_shapes_and_keeps_those_answered_differently() -> None:
    prober = probe.Prober(lambda: FakeProvider(importer))  # type: ignore[arg-type,return-value]
    entry = probe.probe_type(prober, "aws_composite")
    assert entry["shapes"] == {"partone/parttwo": {"outcome": "passthrough",
                                                   "attributes": {"id": "parttwo", "rest_api_id": "partone"}}}


def test_passthrough_probe_tries_no_shapes() -> None:
    fake = FakeProvider(importer)
    prober = probe.Prober(lambda: fake)  # type: ignore[arg-type,return-value]
    assert "shapes" not in probe.probe_type(prober, "aws_passthrough")
    assert fake.calls == [("aws_passthrough", probe.PROBE)]


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        pytest.param(ProviderGone("import: the provider process is gone", verb="import"), probe.DIED, id="Died"),
        pytest.param(OperationTimedOut("import: no answer", applying=False), probe.HUNG, id="Hung"),
    ],
)
def test_a_dead_or_hung_plugin_is_replaced(error: BaseException, outcome: str) -> None:
    started: list[FakeProvider] = []

    def start() -> FakeProvider:
        started.append(FakeProvider(lambda t, i: error if t == "aws_bad" else importer(t, i)))
        return started[-1]

    prober = probe.Prober(start)  # type: ignore[arg-type]
    assert prober.ask("aws_bad", probe.PROBE).outcome == outcome
    assert prober.ask("aws_passthrough", probe.PROBE).outcome == probe.PASSTHROUGH
    assert len(started) == 2 and started[0].stopped and prober.restarts == 1


def test_run_is_sorted_and_records_the_provider() -> None:
    doc = probe.run(["aws_named", "aws_passthrough"], lambda: FakeProvider(importer),  # type: ignore[arg-type,return-value]
                    version="5.100.0", source="hashicorp/aws")
    assert list(doc["resources"]) == ["aws_named", "aws_passthrough"]
    assert (doc["version"], doc["provider"], doc["probe_id"]) == ("5.100.0", "hashicorp/aws", probe.PROBE)
    assert doc["shapes"] == probe.shapes()


def test_the_probe_environment_is_the_provider_configs_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_PROFILE", "admin")
    monkeypatch.setenv("DEMO_TOKEN", "the operator's")
    demo = synthetic.provider(provider_defaults={"endpoint": "https://api.example"}, credentials=Credentials(
        probe=ImportProbe(env={"DEMO_URL": "{endpoint}/v1", "DEMO_TOKEN": "probe"}, configuration={"retries": 0})))
    env = probe.isolated_env(4321, demo.credentials.probe)
    assert {k: v for k, v in env.items() if k.startswith("DEMO_")} == {"DEMO_URL": "http://127.0.0.1:4321/v1",
                                                                      "DEMO_TOKEN": "probe"}
    assert not [k for k in env if k.startswith("AWS_")], "nothing of another provider, nothing of the shell"
    assert probe.configuration(demo) == {"endpoint": "https://api.example", "retries": 0}
    aws = probe.isolated_env(4321, AWS.credentials.probe)
    assert {k: v for k, v in aws.items() if k.startswith("AWS_")} == {
        "AWS_ENDPOINT_URL": "http://127.0.0.1:4321", "AWS_ACCESS_KEY_ID": "probe", "AWS_SECRET_ACCESS_KEY": "probe",
        "AWS_EC2_METADATA_DISABLED": "true", "AWS_MAX_ATTEMPTS": "1"}
    assert probe.configuration(AWS)["skip_credentials_validation"] is True


def test_kinds_default_their_external_name_from_the_probes_answers() -> None:
    document = {"resources": {
        "demo_thing": {"probe": {"outcome": "passthrough", "attributes": {"id": probe.PROBE}}},
        "demo_network": {"probe": {"outcome": "passthrough", "attributes": {"arn": probe.PROBE}}},
        "demo_unused": {"probe": {"outcome": "unsupported", "message": "resource demo_unused doesn't support import"}},
        "demo_other": {"probe": {"outcome": "rejected", "message": 'expected "A/B", got "<ID>"'}},
        "demo_kept": {"probe": {"outcome": "rejected"}},
    }}
    configured = Resource(short_group="core", external_name=name_as_identifier())
    demo = importprobe.with_defaults(synthetic.provider(include=("demo_*",), resources={"demo_kept": configured}),
                                     document)
    thing = demo.resources["demo_thing"].external_name
    assert thing.strategy is Strategy.IDENTIFIER_FROM_PROVIDER and thing.source == "probe"
    network = demo.resources["demo_network"].external_name
    assert network.get_external_name({"arn": "arn:demo:1", "id": "x"}) == "arn:demo:1"
    assert network.import_id("arn:demo:1", {}, {}) == "arn:demo:1"
    assert demo.resources["demo_kept"] is configured, "what the config says wins"
    assert demo.exclude["demo_unused"].reason is Reason.NO_IMPORT
    assert demo.exclude["demo_other"].reason is Reason.IMPORT_ID_UNKNOWN
    assert 'expected "A/B"' in demo.exclude["demo_other"].detail
    narrow = importprobe.with_defaults(synthetic.provider(include=("demo_thing",), resources={}), document)
    assert set(narrow.resources) == {"demo_thing"} and not narrow.exclude, "only what include names"
