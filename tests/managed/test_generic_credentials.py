"""A provider with no credentials extension of its own: its ProviderConfig kinds take the generic spec
(``credentials: {source: Secret|None, secretRef}``), and a Secret's keys reach the provider as it
declares them, as environment or as provider-block arguments given in memory only."""

from __future__ import annotations

import base64
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from bridge.api import registry
from bridge.api.errors import InvalidSpec
from bridge.api.external import ProviderSetup
from bridge.kube.client import CRDS, NAMESPACES, SECRETS
from bridge.kube.redact import Redactor
from bridge.managed.credentials import Sources
from bridge.managed.providerconfig import ConfigResources, Connector
from bridge.managed.secrets import SecretAccess
from bridge.settings import ExecutorSettings
from bridge.tfexec.backend import CLIBackend
from bridge.tfplugin import backend as tfplugin_backend
from bridge.tfplugin.backend import DirectBackend
from bridge.workspace.backend import config_key
from bridge.workspace.document import ProviderBlock
from codegen import pipeline, structural
from devrig.fakes import FakeCloud, StoreKube
from tests.support import synthetic
from tfconfig import Credentials
from tfschema import schema as s

CREDENTIALS = Credentials(env={"api_key": "DEMO_API_KEY"}, arguments={"token": "token"},
                          provider_arguments=("api_key",))
PROVIDER = synthetic.provider(credentials=CREDENTIALS, namespaced=True, namespaced_root_group="demo.m.tfbridge.io")
DOCUMENT = s.document(synthetic.document(), synthetic.SOURCE)


def config_crds() -> dict[tuple[str, str], dict[str, Any]]:
    generated = pipeline.generate(PROVIDER, DOCUMENT)
    crds = [yaml.safe_load(t) for p, t in generated.files.items() if p.startswith("crds/config/") and "kustom" not in p]
    return {(c["spec"]["group"], c["spec"]["names"]["kind"]): c for c in crds}


def spec_of(crd: dict[str, Any]) -> dict[str, Any]:
    return crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]  # type: ignore[no-any-return]


def test_a_provider_without_an_extension_gets_the_generic_provider_config_spec() -> None:
    crds = config_crds()
    kinds = {("demo.tfbridge.io", "ProviderConfig"), ("demo.m.tfbridge.io", "ProviderConfig"),
             ("demo.m.tfbridge.io", "ClusterProviderConfig")}
    assert kinds <= set(crds)
    for key in kinds:
        assert structural.crd_violations(crds[key]) == [], key
        spec = spec_of(crds[key])
        assert set(spec["properties"]) - {"configuration"} == {"credentials"}, f"{key}: nothing of another provider's"
        creds = spec["properties"]["credentials"]["properties"]
        assert set(creds) == {"source", "secretRef"}
        assert creds["source"]["enum"] == ["Secret", "None"]
        assert "key" not in creds["secretRef"].get("required", []), "without a key: the Secret's own keys"
    namespaced = spec_of(crds[("demo.m.tfbridge.io", "ProviderConfig")])["properties"]["credentials"]["properties"]
    assert set(namespaced["secretRef"]["properties"]) == {"name", "key", "namespace"}, "its own namespace's, if named"
    configuration = spec_of(crds[("demo.tfbridge.io", "ProviderConfig")])["properties"]["configuration"]
    assert "apiKey" not in configuration["properties"], "a credential argument comes only from the Secret"


def resolve(value: dict[str, bytes], ref: dict[str, Any], *, whole: bool = False) -> Any:
    def secret_value(r: Any, where: str) -> bytes:
        return value[str(r["key"])]

    return Sources(CREDENTIALS, environ={"DEMO_API_KEY": "the pod's", "HOME": "/home"}).resolve(
        {"credentials": {"source": "Secret", "secretRef": ref}}, display="ProviderConfig/pc", namespaced=False,
        secret_value=secret_value, secret_data=(lambda r, where: value) if whole else None)


@pytest.mark.parametrize(("value", "ref", "whole"), [
    pytest.param({"creds": json.dumps({"api_key": "k-123456", "token": "t-abcdef", "other": "x"}).encode()},
                 {"name": "demo", "key": "creds"}, False, id="JSONInOneKey"),
    pytest.param({"api_key": b"k-123456", "token": b"t-abcdef", "other": b"x"}, {"name": "demo"}, True,
                 id="TheSecretsOwnKeys"),
])
def test_a_secret_reaches_the_environment_and_the_provider_block_as_declared(
        value: dict[str, bytes], ref: dict[str, Any], whole: bool) -> None:
    sourced = resolve(value, ref, whole=whole)
    assert sourced.env == {"DEMO_API_KEY": "k-123456"}
    assert sourced.secret_arguments == {"token": "t-abcdef"}
    assert sourced.arguments == {}, "no secret among the arguments a workspace file may hold"
    assert {"k-123456", "t-abcdef"} <= set(sourced.secrets)


def test_a_value_that_is_no_json_object_is_refused_without_quoting_it() -> None:
    with pytest.raises(InvalidSpec, match="is not a JSON object") as caught:
        resolve({"creds": b"hunter2hunter2"}, {"name": "demo", "key": "creds"})
    assert "hunter2" not in str(caught.value)


def test_the_connector_gives_the_executor_what_the_secret_declares() -> None:
    kube = StoreKube()
    package = registry.from_document(PROVIDER, DOCUMENT)
    res = ConfigResources.of(package)
    for crd in config_crds().values():
        kube.create(CRDS, crd)
    kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}})
    kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "demo", "namespace": "team-a"},
                          "data": {"api_key": base64.b64encode(b"k-123456").decode(),
                                   "token": base64.b64encode(b"t-abcdef").decode()}})
    assert res.namespaced_configs is not None
    kube.create(res.namespaced_configs, {
        "apiVersion": "demo.m.tfbridge.io/v1beta1", "kind": "ProviderConfig",
        "metadata": {"name": "mine", "namespace": "team-a"},
        "spec": {"credentials": {"source": "Secret", "secretRef": {"name": "demo"}}}})
    redactor = Redactor()
    connector = Connector(kube, package, FakeCloud().client, access=SecretAccess.of("crossplane-system"),
                          redactor=redactor)
    setup = connector.setup("mine", res.namespaced_configs, "team-a")
    assert setup.credentials_env == {"DEMO_API_KEY": "k-123456"}
    assert setup.secret_arguments == {"token": "t-abcdef"}
    assert "token" not in setup.configuration
    assert setup.environment({"DEMO_API_KEY": "the pod's", "HOME": "/home"}) == {
        "DEMO_API_KEY": "k-123456", "HOME": "/home"}, "the pod's own key never mixes with the ProviderConfig's"
    assert "t-abcdef" not in redactor("the provider said t-abcdef")



def test_secret_arguments_reach_a_direct_provider_in_memory_and_the_cli_executor_refuses_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[dict[str, Any]] = []

    class Started:
        pid = 1

        def __init__(self, binary: Path, env: dict[str, str], configuration: dict[str, Any], **_: Any) -> None:
            started.append({"env": env, "configuration": configuration})

        def alive(self) -> bool:
            return True

        def stop(self) -> None:
            pass

    monkeypatch.setattr(tfplugin_backend, "Provider", Started)
    package = registry.from_document(PROVIDER, DOCUMENT)
    settings = ExecutorSettings(workspace_root=tmp_path, base_env={"HOME": "/home"})
    setup = ProviderSetup(configuration={}, credentials_env={"DEMO_API_KEY": "k-123456"},
                          secret_arguments={"token": "t-abcdef"})
    direct = DirectBackend(settings, PROVIDER, binary=lambda: tmp_path / "plugin")
    block = ProviderBlock("demo", PROVIDER.source, PROVIDER.version, {"endpoint": "https://api"})
    with direct.session(block, setup):
        pass
    direct.shutdown()
    (one,) = started
    assert one["configuration"] == {"endpoint": "https://api", "token": "t-abcdef"}
    assert one["env"]["DEMO_API_KEY"] == "k-123456"
    other = dataclasses.replace(setup, secret_arguments={"token": "t-other1"})
    assert config_key(block, setup) != config_key(block, other), "another token is another provider process"
    cli = CLIBackend(settings, PROVIDER)
    with pytest.raises(InvalidSpec, match=r"provider-block arguments \(token\), which reach the provider only on the "
                                          r"direct executor"):
        cli.client(package.by_type("demo_thing"), setup)
