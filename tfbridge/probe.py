"""``tfbridge schema probe-imports``: ask the provider plugin what import ID each resource expects.

The import ID is the one fact that, when wrong, turns a lost workspace into a duplicate object.
Most importers answer without the cloud: they copy the ID into the state
(``id``, or another attribute for plugin-framework resources), or reject it with a message that
states the expected format. This module asks every resource type with a probe ID and, where the
probe is rejected, with a few composite shapes, and records what each answer was, so the catalogue
can be checked against measured behaviour of the exact provider version.

The plugin runs with what the provider config's probe names (dummy credentials, say, and every
endpoint pointed at a closed loopback port), so an importer that calls the cloud fails at once
(recorded as ``cloud``: the shape was accepted far enough to be used in a request). A plugin that
dies or hangs is replaced and the type recorded.
"""

from __future__ import annotations

import dataclasses
import json
import os
import platform
import re
import socket
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from bridge.api.errors import OperationFailed, OperationTimedOut
from bridge.tfplugin.provider import Provider, ProviderGone
from tfconfig import ImportProbe
from tfconfig import Provider as TFProvider

PROBE = "tfbridge-probe-id"
# Composite shapes tried when the plain probe is rejected: distinctive parts, so the attribute an
# importer copies each part into can be read from the state it returns.
SEPARATORS = ("/", ",", ":", "_", "|")
PARTS = ("partone", "parttwo", "partthree")
CALL_TIMEOUT = 20.0

# How the plugin answered one import ID.
PASSTHROUGH = "passthrough"  # a state came back without the cloud
REJECTED = "rejected"  # an error diagnostic: the ID (or its format) is wrong
UNSUPPORTED = "unsupported"  # the resource has no importer
CLOUD = "cloud"  # the importer reached for the cloud: the shape was accepted
HUNG = "hung"  # no answer within the deadline
DIED = "died"  # the plugin process died during the call

_CLOUD_MARKS = ("connection refused", "connect: connection", "dial tcp", "request send failed",
                "exceeded maximum number of attempts", "retry quota exceeded")


@dataclasses.dataclass(frozen=True)
class Answer:
    outcome: str
    message: str = ""
    # Top-level string attributes of the returned state that carry (parts of) the probe ID.
    attributes: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"outcome": self.outcome}
        if self.message:
            out["message"] = self.message
        if self.attributes:
            out["attributes"] = dict(sorted(self.attributes.items()))
        return out


def shapes() -> list[str]:
    out = []
    for sep in SEPARATORS:
        out += [sep.join(PARTS[:2]), sep.join(PARTS)]
    return out


def classify_error(message: str, probe: str) -> Answer:
    text = normalise(message, probe)
    low = text.lower()
    if "doesn't support import" in low or "does not support import" in low:
        return Answer(UNSUPPORTED, text)
    if any(mark in low for mark in _CLOUD_MARKS):
        return Answer(CLOUD, text)
    return Answer(REJECTED, text)


def normalise(message: str, probe: str) -> str:
    """The message without what varies run to run (the probe ID, the closed port, request IDs)."""
    text = message.replace(probe, "<ID>")
    # The closed port is chosen per run.
    text = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:<port>", text)
    for part in PARTS:
        text = text.replace(part, f"<{part}>")
    text = " ".join(text.split())
    return text[:600]


def carried(attributes: Mapping[str, Any], probe: str) -> dict[str, str]:
    pieces = (probe, *PARTS)
    return {k: v for k, v in attributes.items()
            if isinstance(v, str) and any(p in v for p in pieces)}


class Prober:
    """One plugin process at a time, replaced whenever it dies or stops answering."""

    def __init__(self, start: Callable[[], Provider]) -> None:
        self._start = start
        self._provider: Provider | None = None
        self.restarts = 0

    def _live(self) -> Provider:
        if self._provider is None or not self._provider.alive():
            if self._provider is not None:
                self._provider.stop()
                self.restarts += 1
            self._provider = self._start()
        return self._provider

    def ask(self, tf_type: str, import_id: str) -> Answer:
        provider = self._live()
        try:
            imported = provider.import_state(tf_type, import_id, CALL_TIMEOUT)
        except OperationTimedOut:
            self._replace()
            return Answer(HUNG)
        except ProviderGone:
            self._replace()
            return Answer(DIED)
        except OperationFailed as exc:
            if not provider.alive():
                self._replace()
                return Answer(DIED)
            detail = "; ".join(exc.diagnostics) if getattr(exc, "diagnostics", ()) else str(exc)
            return classify_error(detail, import_id)
        attrs: dict[str, str] = {}
        for r in imported:
            if r.type_name == tf_type and isinstance(r.state, Mapping):
                attrs.update(carried(r.state, import_id))
        return Answer(PASSTHROUGH, attributes=attrs)

    def _replace(self) -> None:
        if self._provider is not None:
            self._provider.stop()
            self._provider = None
            self.restarts += 1

    def stop(self) -> None:
        if self._provider is not None:
            self._provider.stop()
            self._provider = None


def probe_type(prober: Prober, tf_type: str) -> dict[str, Any]:
    first = prober.ask(tf_type, PROBE)
    entry: dict[str, Any] = {"probe": first.to_json()}
    if first.outcome in (REJECTED, CLOUD, HUNG, DIED):
        # Only the shapes answered differently from the probe are kept: the rest were rejected alike.
        answers = {shape: prober.ask(tf_type, shape) for shape in shapes()}
        entry["shapes"] = {shape: a.to_json() for shape, a in answers.items() if a != first}
    return entry


def closed_port() -> int:
    """A loopback port nothing listens on: bound, then released."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def plugin_binary(plugin_dir: Path, registry_source: str, name: str, version: str) -> Path:
    machine = {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())
    arch = f"{platform.system().lower()}_{machine}"
    folder = plugin_dir / registry_source / version / arch
    for candidate in sorted(folder.glob(f"terraform-provider-{name}*")):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(f"no terraform-provider-{name} {version} for {arch} under {plugin_dir}")


def isolated_env(port: int, probe: ImportProbe) -> dict[str, str]:
    """The provider config's probe environment (credentials that work nowhere, the cloud's endpoints
    at ``{endpoint}``: a loopback port that refuses connections at once), and nothing else of ours."""
    keep = ("PATH", "HOME", "TMPDIR", "LANG")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env.update({k: v.replace("{endpoint}", f"http://127.0.0.1:{port}") for k, v in probe.env.items()})
    return env


def configuration(provider: TFProvider) -> dict[str, Any]:
    """The provider block the probe configures the plugin with: the config's defaults, then its probe's."""
    return {**provider.provider_defaults, **provider.credentials.probe.configuration}


def run(types: Iterable[str], start: Callable[[], Provider], *, version: str, source: str,
        progress: Callable[[str, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    prober = Prober(start)
    results: dict[str, Any] = {}
    try:
        for tf_type in sorted(types):
            results[tf_type] = probe_type(prober, tf_type)
            if progress is not None:
                progress(tf_type, results[tf_type])
    finally:
        prober.stop()
    return {"provider": source, "version": version, "probe_id": PROBE,
            "shapes": shapes(), "resources": results}


def write(document: Mapping[str, Any], target: Path) -> None:
    target.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
