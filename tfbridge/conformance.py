"""``tfbridge conformance``: each kind's example proven against moto through the real runtime.

Per kind, in its own names (a run prefix on every object, so kinds run side by side):

1. create: the kind's example and the examples it references are applied and become Ready; the
   import check made at create must have imported the object;
2. reimport: the kind's workspace is deleted (its state lost), the next observe imports the object
   by the ID the kind's GetIDFn builds: the external name is unchanged and moto holds no second object;
3. update: one argument the provider's plan updates in place (``tags``, else a free-text argument,
   else an optional boolean: :func:`changes`) changes and the change reaches the state; a kind with
   none passes with this step skipped, saying why, and the report's totals count those apart;
4. delete: every object of the example is deleted, and moto no longer holds the kind's object.

moto runs in this process, so that duplicates are counted in its own record of every object it made
(each model's tracked instances, deleted ones too; what ``/moto-api/data.json`` serves, read here
without its serialisation, which fails on some models): the distinct objects (by ARN, ID or name)
that mention the kind's object name or external name, before and after the state was lost, in the
models that held the kind's object before. A second object would carry the same name, or the
``crossplane-name`` tag, under an ID of its own, in the same model.
Gone is the provider's own read: after the delete, a fresh workspace imports the kind's import ID
and must find nothing.

The results are merged into the report (``providers/<name>/conformance.yaml``, and a page,
``conformance.md``, generated from it), so a run over some kinds (``--kinds``, ``--sample N --seed S``)
adds to the report of earlier runs instead of replacing it.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import datetime
import functools
import json
import logging
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import filelock
import yaml

from bridge.api.registry import Kind, ProviderPackage
from bridge.settings import EXECUTOR_CHOICES
from bridge.testing import cloud
from tfbridge import children
from tfconfig import Timeouts

if TYPE_CHECKING:
    from tfbridge.conformance_crashes import Crash

PROVIDERS = Path(__file__).resolve().parent.parent / "providers"
STEPS = ("create", "reimport", "update", "delete")
# Why a step failed. Every failure gets one; "our bug" is the default, so nothing is blamed on
# moto, the provider, the example or the clock without its words saying so.
MOTO, OURS, PROVIDER, EXAMPLE, TIMEOUT = "moto unsupported", "our bug", "provider bug", "example invalid", "timeout"
CLASSES = (MOTO, OURS, PROVIDER, EXAMPLE, TIMEOUT)
# Words in an error that name the culprit, checked in this order: the provider's and the cloud's own
# words first, then the runner's "timed out", which the words of the conditions it ends with may explain.
_CULPRITS: tuple[tuple[str, tuple[str | re.Pattern[str], ...]], ...] = (
    (PROVIDER, ("inconsistent result", "panic:", "plugin did not respond", "produced an unexpected new value",
                "the plugin encountered an error", "the provider process is gone", "did not answer (unavailable)")),
    # The runtime's own words for an exception it did not expect, and the runner's for a step that
    # proved the runtime wrong.
    (OURS, ("unexpected keyerror", "unexpected typeerror", "unexpected valueerror", "unexpected attributeerror",
            "traceback", "the import check at create", "moto holds", "still reads",
            "the external name changed", "tfbridge never replaces")),
    # moto answers a call it does not implement with an HTML or XML 404, a 501, an empty 200 the SDK
    # cannot decode, or says so in words; a host it has no backend for, the runner names; an argument
    # it does not store reads back otherwise after every update.
    (MOTO, ("not yet implemented", "notimplemented", "not implemented", "has not been implemented",
            "unknownoperation", "invalidaction", "unknown action", "deserialization failed",
            "error while deserializing", "invalid character '<'", "statuscode: 501", "unrecognizedclientexception",
            "internalfailure", "statuscode: 500", "could not find a service", "invalidclienttokenid",
            "moto has no backend", "moto answered", "empty result",
            # The runtime's words for a value the provider applied and then read back otherwise.
            "the cloud does not keep what was applied",
            # A provider waiting for a status moto never sets (it answers with none).
            "unexpected state ''",
            # The v1 SDK's words for moto's own internal error (an exception in its handler).
            "status code: 500",
            # A call sent to a host other than the one endpoint configured (moto, on the loopback
            # address): the SDK prefixes the endpoint with the account ID (S3 Control) or a host label
            # (``api.``, ``cp.maps.``), or follows moto's own answer to endpoint discovery, which names
            # the real service's host (Timestream's ``ingest.``: moto's timestreamwrite
            # ``describe_endpoints``); the name found no address. moto serves no such host.
            re.compile(r'request send failed, [a-z]+ "https?://(?!(?:127\.0\.0\.1|localhost)[:/"])([^/":]+)'
                       r'[^"]*": dial tcp: lookup \1(?: on \S+)?: no such host'),
            # A 404 whose body names no error code (the SDK's "UnknownError"): every AWS service names
            # one; moto's dispatcher answers so for a path it has no route for.
            re.compile(r"statuscode: 404, requestid: [^,]*, (?:hostid: [^,]*, )?api error unknownerror"),
            # An enum the provider checks, which moto leaves empty (it does not model the field):
            # AWS always sets one of the enum's values.
            re.compile(r'unexpected \w+ value "" returned by api'),
            # moto gives every DB instance one DbiResourceId, by which the provider finds an instance
            # after its create: with a second instance in the same moto, the lookup matches two and the
            # create fails so (plain terraform 1.11 and hashicorp/aws 5.100.0, two aws_db_instance in
            # one moto: the second fails in these words).
            re.compile(r"reading rds db instance \([^)]*\): couldn't find resource"))),
    # The provider's validation, and the cloud refusing a value or naming an object the example does not make.
    (EXAMPLE, ("validation", "invalidparameter", "invalid value", "is invalid", "not a valid", "malformed",
               "must be", "must not be", "must only", "invalidspec", "cannot build", "conflicts with", "required",
               "invalid arn", "must match", "unsupported value", "invalid", "admission", "notfound",
               "does not exist", "not found", "nosuchentity", "badrequest", "cannot be", "endpoint rule error",
               "invalidstate", "doesn't look like", "isn't a valid", "resourceinuse", "not in the correct state",
               "must specify")),
    # Nothing said but the clock: an operation the provider retries or waits on (a state moto never
    # reaches), an object that never became ready, an outcome lost to an operation's own deadline.
    (TIMEOUT, ("timed out", "did not answer within", "deadline_exceeded", "cannot determine creation result",
               "in progress for")),
)
# Replacements moto forces: right after an object's own create, its next plan wants it replaced,
# because moto returns an argument otherwise than it was given. Each was seen with plain terraform 1.11
# and hashicorp/aws 5.100.0 against moto (apply, then plan: the same replacement), so none is the
# runtime's. Keyed by the kind and the arguments as the runtime's refusal names them.
MOTO_REPLACES: dict[tuple[str, str], str] = {
    ("GraphQLAPI", "api_type"): "aws_appsync_graphql_api: moto returns no apiType",
    ("PublicKey", "encoded_key"): "aws_cloudfront_public_key: moto returns the key with a newline added",
    ("Model", "vpc_config"): "aws_sagemaker_model: moto returns an empty vpc_config where none was given",
    ("HealthCheck", "request_interval"): "aws_route53_health_check: moto returns no RequestInterval",
    ("LayerVersionPermission", "principal"): "aws_lambda_layer_version_permission: moto returns the principal as *",
    # moto 5.2.1's GetBucketIntelligentTieringConfiguration answers an empty configuration (no Id) for
    # one it stored, as boto3 alone against moto shows; the provider reads the name from that Id.
    ("BucketIntelligentTieringConfiguration", "name"):
        "aws_s3_bucket_intelligent_tiering_configuration: moto returns an empty configuration, with no Id",
}
_REPLACEMENT = re.compile(r"\b(\w+)/\S+: changing ([\w, ]+?) needs the resource replaced")
MAX_RETRIES = 2
# The provider's arguments for the runner's own reads. The account ID is asked of moto's STS, as a
# provider in a real account asks it (the ProviderConfig the runtime uses says the same): an importer
# or a read that builds an ARN from it (an ECS capacity provider's, an Athena workgroup's) finds
# nothing by an ARN with no account in it.
_CONFIGURATION = {**cloud.MOTO_CONFIGURATION, "skip_requesting_account_id": False}
# A run's defaults, for two cores: a kind spends most of its time waiting (on the provider's own
# waiters, which poll every few seconds, and on moto's answers), so each job runs several kinds side by
# side; two jobs keep both cores' worth of interpreter lock in use.
JOBS, WORKERS, BATCH = 2, 4, 100
# Seconds an object may say Synced=False (not about a reference) before that is its step's failure: the
# reconciler retries at once, so a failure that lasts this long is the cloud's answer, not a moment's.
SETTLE_SECONDS = 10.0
# Seconds a kind still not Ready may go on after moto missed a host of its own services: long enough
# for the provider's own failure (which names the call) to be seen first, short because nothing moto
# has no backend for ever answers.
NO_BACKEND_SECONDS = 3.0
REPORT_HEADER = "# Code generated by tfbridge conformance. DO NOT EDIT.\n"
_ANNOTATION = "conformance.tfbridge.io/step"
# A ``name`` argument as documentation examples write one: a bare word (no dots, slashes or spaces,
# which a DNS name, a path or a sentence has) that reads as a placeholder.
_PLACEHOLDER_NAME = re.compile(r"[A-Za-z0-9_-]+")
_DOC_NAME = re.compile(r"example|test|^tf|^terraform|^my", re.IGNORECASE)
# A name made up as one lowercase word (``johndoe``); a catalog's choice (an add-on's ``vpc-cni``, a
# region, an identity provider's ``Google``) is written otherwise, and names nothing the example makes.
_MADE_UP_NAME = re.compile(r"[a-z]+")
# Names too common to count objects by (a placeholder argument's value may be the external name).
_COMMON = frozenset({"example", "true", "false", "default"})


# Free-text arguments the update step may rewrite, and the booleans it never flips (they decide what a
# delete or a wait does).
FREE_TEXT = ("description", "comment")
_LIFECYCLE_FLAG = re.compile(r"destroy|delet|protect|retain|wait|skip|prevent")
# How many candidate arguments the update step asks the provider's plan about before it gives up.
MAX_CHANGES = 4


# A failure the runner gave its class itself, not by the words: an exception it did not expect (its
# type's name first: ``OperationFailed: ...``, always "our bug"), or the API server refusing the example.
_RUNNERS_OWN = re.compile(r"create: refused |[a-z]+: [A-Z][A-Za-z]*: ")


def reclassified(failure: str, was: str) -> str:
    """A report row's class by its failure's words again (``step: words``). A class the runner gave
    itself stands; so does one the words kept no longer tell: the report keeps a failure's first
    600 characters, and the words that named its culprit may have come after."""
    if _RUNNERS_OWN.match(failure):
        return was
    now = classify(failure.split(": ", 1)[-1])
    return was if now == OURS and len(failure) >= 600 else now


def classify(message: str) -> str:
    """The failure class a message's words point at; "our bug" when nothing does."""
    replacement = _REPLACEMENT.search(message)
    if replacement and (replacement[1], replacement[2]) in MOTO_REPLACES:
        return MOTO
    lower = message.lower()
    for culprit, words in _CULPRITS:
        if any(w.search(lower) if isinstance(w, re.Pattern) else w in lower for w in words):
            return culprit
    return OURS


# -- the examples a kind needs ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Bundle:
    """A kind's example and the examples it references, referenced ones first."""

    kind: Kind
    objects: tuple[tuple[Kind, dict[str, Any]], ...]

    @property
    def target(self) -> dict[str, Any]:
        return self.objects[-1][1]


def example_path(provider_dir: Path, kind: Kind) -> Path:
    c = kind.config
    return provider_dir / "examples" / c.short_group / c.version / f"{c.kind.lower()}.yaml"


def _refs(value: Any) -> Iterator[str]:
    """The object names every ``<field>Ref``/``<field>Refs`` under ``value`` names (not a
    ``<field>SecretRef``: it names a Kubernetes Secret, not another example)."""
    if isinstance(value, dict):
        for key, item in sorted(value.items()):
            if key.endswith("SecretRef"):
                continue
            if key.endswith("Ref") and isinstance(item, dict) and isinstance(item.get("name"), str):
                yield item["name"]
            elif key.endswith("Refs") and isinstance(item, list):
                yield from (i["name"] for i in item if isinstance(i, dict) and isinstance(i.get("name"), str))
            else:
                yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


class Examples:
    def __init__(self, package: ProviderPackage, provider_dir: Path) -> None:
        # Each Terraform type is proven once, through its cluster-scoped kind: a namespaced twin shares
        # its schema, import ID and executor path.
        self.package = dataclasses.replace(package, kinds=tuple(k for k in package.kinds if not k.namespaced))
        self.manifests: dict[str, dict[str, Any]] = {}
        self.by_name: dict[str, list[Kind]] = {}
        for kind in self.package.kinds:
            path = example_path(provider_dir, kind)
            if path.exists():
                doc = yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
                self.manifests[kind.config.tf_type] = doc
                self.by_name.setdefault(doc["metadata"]["name"], []).append(kind)

    def bundle(self, kind: Kind) -> Bundle:
        order: list[Kind] = []

        def visit(k: Kind, seen: tuple[str, ...]) -> None:
            if any(o.config.tf_type == k.config.tf_type for o in order) or k.config.tf_type in seen:
                return
            targets = {r.to for r in k.config.references.values()}
            for name in _refs(self.manifests[k.config.tf_type]["spec"]):
                found = [c for c in self.by_name.get(name, []) if c.config.tf_type in targets] or \
                    self.by_name.get(name, [])
                if found:
                    visit(found[0], (*seen, k.config.tf_type))
            order.append(k)

        visit(kind, ())
        return Bundle(kind, tuple((k, self.manifests[k.config.tf_type]) for k in order))


def identifying_fields(kind: Kind) -> list[str]:
    """The spec.forProvider fields (CR form) besides ``name`` that hold the object's own name in the
    cloud: a required string argument named for the kind's own noun (``domain_name`` of
    aws_opensearch_domain, ``user_name`` of aws_identitystore_user; never aws_db_option_group's
    ``engine_name``, which names an engine). An argument a kind's external name is set from is no spec
    field (the external name is the object's name, already this run's own)."""
    words = kind.config.tf_type.split("_")[1:]
    nouns = {"_".join(words[i:]) + "_name" for i in range(len(words))}
    out = []
    for a in kind.schema().block.attributes:
        if a.name in nouns and a.required and a.type == "string":
            field = kind.converter.json_name(a.name)
            if field:
                out.append(field)
    return out


def renamed(bundle: Bundle, prefix: str) -> list[tuple[Kind, dict[str, Any]]]:
    """The bundle's manifests with ``prefix`` on every object name and every reference to one."""
    names = {m["metadata"]["name"] for _, m in bundle.objects}
    # A name written without a dash (a kind whose cloud name is the object's name and allows letters and
    # digits only: an Athena database, a signing profile) takes the prefix without its dash.
    text = {n: (prefix if "-" in n else prefix.strip("-")) + n for n in names}

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            out = {k: rename(v) for k, v in value.items()}
            if set(out) == {"name"} and out["name"] in text:
                out["name"] = text[out["name"]]
            return out
        if isinstance(value, list):
            return [rename(v) for v in value]
        return value

    out = []
    for kind, manifest in bundle.objects:
        spec = rename(manifest["spec"])
        for_provider = dict(spec.get("forProvider") or {})
        name = for_provider.get("name")
        if isinstance(name, str) and _PLACEHOLDER_NAME.fullmatch(name) and _DOC_NAME.search(name):
            # A name the example's source wrote (``example``, ``tf_example_plan``) would be the same cloud
            # name in every bundle that brings this example along: made this run's own, as the object
            # names are (hex digits only, which every name's validation allows).
            for_provider["name"] = name + prefix.strip("-")
        for field in identifying_fields(kind):
            value = for_provider.get(field)
            if isinstance(value, str) and _PLACEHOLDER_NAME.fullmatch(value) and \
                    (_DOC_NAME.search(value) or _MADE_UP_NAME.fullmatch(value)):
                # The object's own name in the cloud (``domain_name: example``, ``user_name: johndoe``),
                # which two bundles running side by side in one moto would both create: made this run's own.
                for_provider[field] = value + prefix.strip("-")
        if for_provider:
            spec = {**spec, "forProvider": for_provider}
        doc = {**manifest, "metadata": {**manifest["metadata"], "name": text[manifest["metadata"]["name"]]},
               "spec": spec}
        out.append((kind, doc))
    return out


# -- counting in moto ---------------------------------------------------------------------------------


class InProcessMoto:
    """moto's server in a thread of this process (where :class:`MotoCount` reads what it made),
    remembering each AWS host it has no backend for: a service moto does not emulate."""

    def __init__(self) -> None:
        from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
        from werkzeug.serving import make_server

        # A list: appended to by the server's threads, copied by the runner's (safe without a lock).
        unsupported = self.unsupported = list[str]()

        class Dispatcher(DomainDispatcherApplication):
            def get_backend_for_host(self, host: str | None) -> Any:
                found = super().get_backend_for_host(host)
                if found is None and host and "amazonaws.com" in host and host not in unsupported:
                    unsupported.append(host)
                return found

        # "host status" of each answer moto failed with (a 5xx: an exception in moto, or no such call).
        failures = self.failures = list[str]()
        dispatcher = Dispatcher(create_backend_app)

        def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
            def start(status: str, headers: Any, *rest: Any) -> Any:
                if status.startswith("5"):
                    failures.append(f"{environ.get('HTTP_HOST', '')} {status.split(' ')[0]}")
                return start_response(status, headers, *rest)
            return dispatcher(environ, start)

        logging.getLogger("werkzeug").setLevel(logging.CRITICAL)  # a request log line, and a traceback per miss
        self.server = make_server("127.0.0.1", cloud.free_port(), app, True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.endpoint = f"http://{host!s}:{port}"

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join(10)


class MotoCount:
    """Objects moto (running in this process) has made that mention any of some strings."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one walk at a time: each reads every model

    def __call__(self, needles: Sequence[str]) -> int:
        return sum(len(ids) for ids in self.where(needles).values())

    def where(self, needles: Sequence[str]) -> dict[str, set[str]]:
        """The objects (by :func:`identity`) of each ``service.Model`` that mention a needle."""
        from moto.core.model_instances import model_data

        wanted = [n for n in needles if countable(n)]
        found: dict[str, set[str]] = {}
        if not wanted:
            return {}
        with self._lock:
            for service, models in sorted(model_data.items()):
                for model, cls in sorted(models.items()):
                    for obj in list(getattr(cls, "instances_tracked", ())):
                        text = _text(obj)
                        if any(mentions(text, n) for n in wanted):
                            found.setdefault(f"{service}.{model}", set()).add(identity(obj, text))
        return found


# An account ID or a region as a whole value: what an account's or a region's setting is imported by
# (aws_glue_data_catalog_encryption_settings by ``123456789012``, aws_iot_indexing_configuration by
# ``us-east-1``), and a segment of every ARN moto makes, of every kind.
_ACCOUNT_OR_REGION = re.compile(r"\d{12}|(?:af|ap|ca|cn|eu|il|me|mx|sa|us)(?:-gov|-iso[a-z]?)?"
                                r"-(?:north|south|east|west|central)(?:east|west)?-\d")


def countable(needle: str) -> bool:
    """Whether objects that mention ``needle`` are the kind's own: a name long enough and particular
    enough that other objects do not carry it (not ``example``, not an account ID or a region)."""
    return len(needle) >= 6 and needle.lower() not in _COMMON and not _ACCOUNT_OR_REGION.fullmatch(needle)


def second_objects(before: Mapping[str, set[str]], after: Mapping[str, set[str]]) -> int:
    """How many objects moto made, after the state was lost, in the models that held the kind's object
    before: a second object of the kind is one of its own model. An object of another model that names
    it (a snapshot of it, a log group named after it) or another kind's example of the same name, which
    workers running side by side make meanwhile, is not."""
    # By count, not by identity: an object's identity is read from what moto holds, which may change
    # while the state is lost and found again (a model that is a whole backend, an ID moto rewrites).
    return sum(max(len(after.get(model, set())) - len(ids), 0) for model, ids in before.items())


def identity(obj: object, text: str) -> str:
    """What tells one cloud object from another: moto makes a model object again for some reads
    (an EC2 security group rule per describe), each a copy of the same object."""
    attrs = getattr(obj, "__dict__", {})
    for name in ("arn", "id", "physical_resource_id", "name"):
        value = attrs.get(name)
        if isinstance(value, str) and value:
            return f"{name}={value}"
    return text


def _text(obj: object) -> str:
    """An object's attributes as text; a model another thread is changing is read again."""
    for _ in range(3):
        try:
            return json.dumps(vars(obj), default=_value_text)
        except (RuntimeError, TypeError, ValueError):
            continue
    return ""


def _value_text(value: object) -> str:
    """A value JSON cannot hold, as its text; moto has models whose ``__repr__`` returns None."""
    try:
        return str(value)
    except Exception:  # any model's own __str__/__repr__ may raise
        return f"<{type(value).__name__}>"


def serves(host: str, tf_types: Sequence[str]) -> bool:
    """Whether an AWS host (``waf-regional.us-east-1.amazonaws.com``) is the service of one of the
    Terraform types (``aws_wafregional_rule``): its first label, without dashes, in the type's name
    without underscores. A service whose host is named otherwise (keyspaces' ``cassandra``) is not
    matched, and its kinds fail by the provider's own words instead."""
    label = host.split(".")[0].replace("-", "").lower()
    return bool(label) and any(label in t.replace("_", "").lower() for t in tf_types)


def mentions(text: str, needle: str) -> bool:
    """``needle`` as a whole value or path segment, so ``vpc-1`` is not counted in ``vpc-12``."""
    return re.search(rf"(?<![\w-]){re.escape(needle)}(?![\w-])", text) is not None


# -- one kind's run -----------------------------------------------------------------------------------


@dataclasses.dataclass
class Result:
    kind: str
    steps: dict[str, str] = dataclasses.field(default_factory=dict)  # step → ok | failed | skipped: why
    failure: str = ""
    failure_class: str = ""
    external_name: str = ""
    import_check_seconds: float | None = None
    duplicates: int = 0
    seconds: float = 0.0
    # Seconds each step took (the log's profile of where a kind's time goes; not in the report).
    step_seconds: dict[str, float] = dataclasses.field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.failure and all(self.steps.get(s, "").split(":")[0] in ("ok", "skipped") for s in STEPS)

    def fail(self, step: str, message: str, culprit: str | None = None) -> Result:
        self.steps[step] = "failed"
        self.failure = f"{step}: {message}"[:600]
        self.failure_class = culprit or classify(message)
        return self

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"steps": {s: self.steps.get(s, "not run") for s in STEPS},
                               "result": "passed" if self.passed else "failed"}
        if self.failure:
            out["failure"], out["class"] = self.failure, self.failure_class
        if self.duplicates:
            out["duplicates"] = self.duplicates
        if self.import_check_seconds:
            out["import_check_ms"] = round(1000 * self.import_check_seconds)
        return out


@dataclasses.dataclass(frozen=True)
class Change:
    """One argument the update step changes: its spec.forProvider field and value (CR form), and
    the Terraform state's value that shows the change applied."""

    argument: str
    field: str
    value: Any
    shown: Callable[[Any], bool]

    @property
    def words(self) -> str:
        return f"{self.argument} changed in place"


def changes(kind: Kind, for_provider: Mapping[str, Any], state: Mapping[str, Any], mark: str) -> list[Change]:
    """The arguments the update step may change, best first: ``tags`` (a ``conformance`` tag added),
    then free text (``description``, ``comment``: a value of plain words, which every validation of
    free text allows), then optional booleans flipped (a boolean's value is never refused as
    malformed). A boolean that decides what a delete does (``force_destroy``, ``deletion_protection``,
    ``skip_destroy``) or what the provider waits for (``wait_for_*``) is never flipped: the
    delete step would then prove the flag, not the kind. Each is checked against the provider's plan
    before it is used (:meth:`Harness._in_place`)."""
    attributes = {a.name: a for a in kind.schema().block.attributes if (a.required or a.optional) and not a.sensitive}
    out = []
    if "tags" in attributes:
        tags = {**(for_provider.get("tags") or {}), "conformance": mark}
        out.append(Change("tags", "tags", tags, functools.partial(_tagged, mark)))
    for name in FREE_TEXT:
        if name in attributes and attributes[name].type == "string":
            text = f"updated by conformance {mark}"
            out.append(Change(name, kind.converter.json_name(name) or "", text, functools.partial(_same, text)))
    for name, a in attributes.items():
        if a.type == "bool" and a.optional and not _LIFECYCLE_FLAG.search(name):
            flipped = not state.get(name)
            out.append(Change(name, kind.converter.json_name(name) or "", flipped, functools.partial(_same, flipped)))
    return [c for c in out if c.field]


def _tagged(mark: str, tags: Any) -> bool:
    return isinstance(tags, dict) and tags.get("conformance") == mark


def _same(want: Any, value: Any) -> bool:
    return type(value) is type(want) and value == want


class StepFailed(Exception):
    def __init__(self, message: str, culprit: str | None = None) -> None:
        super().__init__(message)
        self.culprit = culprit


# Kinds that manage a setting of the account or the region, which always exists: their destroy resets
# it, so the provider's read still finds it afterwards. Each is what the kind's own Terraform
# documentation says its destroy does (hashicorp/terraform-provider-aws, website/docs/r/<name>.html.markdown)
# or, where the page is silent, what its Delete function does (internal/service/<service>/<name>.go); a
# kind neither says it of is left out, and its setting read after the delete fails the step.
RESET_ON_DELETE: dict[str, str] = {
    # The page's note: removing the resource turns default EBS encryption off.
    "aws_ebs_encryption_by_default": "removing it turns default EBS encryption off",
    # The page's note: a destroyed configuration goes back to the region's default one.
    "aws_emr_block_public_access_configuration": "destroying it puts back the region's default configuration",
    # The page: it cannot be deleted and reverts to BASIC scanning with no rules.
    "aws_ecr_registry_scanning_configuration": "destroying it puts back BASIC scanning with no rules",
    # Delete puts empty encryption settings (PutDataCatalogEncryptionSettings).
    "aws_glue_data_catalog_encryption_settings": "destroying it puts empty encryption settings",
    # Delete puts empty admins and default permissions (PutDataLakeSettings).
    "aws_lakeformation_data_lake_settings": "destroying it clears the admins and default permissions",
}


# Kinds whose object a delete leaves where moto, not the runtime, is the reason; each was seen with plain
# terraform 1.11 and hashicorp/aws 5.100.0 against moto (apply, destroy, then a look with boto3).
MOTO_KEEPS: dict[str, str] = {
    # Its destroy succeeds, yet GetLFTag still answers for the key (with no values).
    "aws_lakeformation_lf_tag": "moto answers GetLFTag for a deleted key, with no values",
}
# Kinds whose provider deletes nothing: plain terraform's destroy succeeds and the object stays. Seen
# against moto as above (the object stays listed), or read in the kind's Delete function, which calls
# nothing (internal/service/<service>/<name>.go).
FORGOTTEN_ON_DELETE: dict[str, str] = {
    "aws_mq_configuration": "Amazon MQ configurations are not deleted by the provider's destroy",
    # Delete is schema.NoopContext.
    "aws_iot_indexing_configuration": "the provider's destroy leaves the indexing configuration as it is",
    # Delete returns at once: DKIM signing stays on the domain identity.
    "aws_ses_domain_dkim": "the provider's destroy leaves DKIM signing on the domain",
}


def after_delete(tf_type: str, external: str, still_reads: Callable[[], bool]) -> str:
    """The delete step's words once every object of the example is deleted: ok when the provider's
    read finds the kind's object no more, or when finding it is what the kind's delete does."""
    if tf_type.startswith("aws_default_"):
        # Deleting a default resource only forgets it: the provider leaves it in the cloud.
        return "ok: forgotten, left in the cloud as the provider documents"
    if not still_reads():
        return "ok"
    if tf_type in RESET_ON_DELETE:
        return f"ok: still read, reset as its documentation says ({RESET_ON_DELETE[tf_type]})"
    if tf_type in FORGOTTEN_ON_DELETE:
        return f"ok: forgotten, left in the cloud as the provider's destroy does ({FORGOTTEN_ON_DELETE[tf_type]})"
    if tf_type in MOTO_KEEPS:
        raise StepFailed(f"moto answered a read of {external!r} after the delete ({MOTO_KEEPS[tf_type]})")
    raise StepFailed(f"the provider still reads {external!r} after the delete")


class Harness:
    """The cluster, the provider and the cloud one run shares."""

    def __init__(self, kube: Any, package: ProviderPackage, store_root: Path, count: MotoCount,
                 timeout: float, read: Any, unsupported: list[str], failures: list[str], *,
                 read_root: Path | None = None) -> None:
        self.unsupported = unsupported  # AWS hosts moto had no backend for, so far
        self.failures = failures  # moto's 5xx answers, so far
        self.kube, self.package, self.root, self.count, self.timeout = kube, package, store_root, count, timeout
        # Executors of their own, on a workspace root of their own: the provider's read of a deleted object.
        self.read = read
        self.read_root = read_root or store_root.parent / "gone"
        self._local = threading.local()  # per worker: the first object not Ready at its last look

    def res(self, kind: Kind) -> Any:
        from bridge.kube.client import Resource

        group, version = kind.api_version.split("/")
        return Resource(group, version, kind.config.plural, kind.kind)

    def get(self, kind: Kind, name: str) -> dict[str, Any] | None:
        from bridge.kube import errors

        try:
            obj: dict[str, Any] = self.kube.get(self.res(kind), name)
            return obj
        except errors.NotFound:
            return None

    def workspace(self, kind: Kind, name: str) -> Any:
        from bridge.workspace.store import WorkspaceStore

        return WorkspaceStore(self.root).get(kind.api_version, kind.kind, name)

    @property
    def stuck(self) -> str:
        return str(getattr(self._local, "stuck", ""))

    @stuck.setter
    def stuck(self, value: str) -> None:
        self._local.stuck = value

    def wait(self, what: str, done: Callable[[], str | None], timeout: float | None = None) -> None:
        """Wait until ``done`` returns "" (done); it returns None (keep waiting) or a failure's words."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            answer = done()
            if answer == "":
                return
            if answer is not None:
                raise StepFailed(answer)
            if time.monotonic() > deadline:
                # Classified by the words of the conditions it ends with; none: ours.
                raise StepFailed(f"timed out waiting for {what}" + (f"; {self.stuck}" if self.stuck else ""))
            time.sleep(0.5)

    def ready(self, objects: Sequence[tuple[Kind, dict[str, Any]]], since: dict[str, float]) -> str | None:
        """"" when the kind under test (the last object) is Ready and Synced and what it references is
        Ready; a failure's words once one has said Synced=False for a while (not about a reference still
        resolving); None to keep waiting.

        A referenced object only has to exist: one whose later updates moto does not keep (a backup
        vault's tags, which moto never lists) would otherwise fail the kind that references it, or not,
        by how soon its second update lands."""
        waiting = False
        self.stuck = ""
        now = time.monotonic()
        for index, (kind, m) in enumerate(objects):
            name = m["metadata"]["name"]
            obj = self.get(kind, name) or {}
            conds = {c["type"]: c for c in (obj.get("status") or {}).get("conditions") or []}
            referenced = index < len(objects) - 1
            if conds.get("Ready", {}).get("status") == "True" and \
                    (referenced or conds.get("Synced", {}).get("status") == "True"):
                continue
            earlier_waiting, waiting = waiting, True
            self.stuck = self.stuck or f"{kind.kind}/{name}: " + "; ".join(
                f"{c['type']}={c.get('status')} {c.get('reason', '')} {c.get('message', '')}".strip()
                for c in conds.values())
            synced = conds.get("Synced", {})
            message = synced.get("message", "")
            if earlier_waiting:
                # An object whose references resolved before what they name was made (a name is known
                # at once) fails its create until it is: only its own failure, once those are Ready, counts.
                since.pop(name, None)
                since.pop(f"{name} after its references", None)
                continue
            # The failure it shows may be one from before its references were Ready, which its next
            # attempt does not repeat: for a while after they are, it counts only once it has settled.
            references_ready = since.setdefault(f"{name} after its references", now)
            if synced.get("status") == "False" and "reference" not in message.lower():
                # A failed create is the provider's answer; anything else may still settle.
                first = since.setdefault(name, now)
                answered = any(f"{verb} failed" in message for verb in ("create", "update"))
                if (answered and (index == 0 or now - references_ready > SETTLE_SECONDS)) or \
                        now - first > SETTLE_SECONDS:
                    return f"{kind.kind}/{name}: {message}"
        # Only hosts of the example's own services: the other workers' kinds miss hosts meanwhile.
        types = [k.config.tf_type for k, _ in getattr(self._local, "objects", objects)]
        missed = sorted(h for h in set(self.unsupported[:]) - getattr(self._local, "baseline", set())
                        if serves(h, types))
        if waiting and missed and time.monotonic() - getattr(self._local, "started", 0.0) > NO_BACKEND_SECONDS:
            return f"moto has no backend for {', '.join(missed)}"
        return None if waiting else ""

    def run(self, bundle: Bundle, prefix: str) -> Result:
        started = self._local.started = time.monotonic()
        self._local.baseline = set(self.unsupported[:])
        failures_before = len(self.failures)
        result = Result(bundle.kind.config.tf_type)
        objects = self._local.objects = renamed(bundle, prefix)
        types = [k.config.tf_type for k, _ in objects]
        kind, target = objects[-1]
        name = target["metadata"]["name"]
        step = "create"
        lap = started
        try:
            for k, m in objects:
                try:
                    self.kube.create(self.res(k), m)
                except Exception as exc:  # the API server refusing the example: its admission, its schema
                    raise StepFailed(f"refused {k.kind}/{m['metadata']['name']}: {exc}", EXAMPLE) from exc
            since: dict[str, float] = {}
            self.wait(f"{name} Ready", lambda: self.ready(objects, since))
            obj = self.get(kind, name) or {}
            external = (obj["metadata"].get("annotations") or {}).get("crossplane.io/external-name", "")
            result.external_name = external
            meta = self.workspace(kind, name).meta()
            result.import_check_seconds = meta.import_check_seconds
            # A check cut short by its deadline proves nothing either way: the reimport step below,
            # which imports by the same ID, decides.
            if meta.import_check and meta.import_check not in ("imported", "unchecked"):
                raise StepFailed(f"the import check at create: {meta.import_check} by import ID {meta.import_id!r}",
                                 OURS)
            result.steps[step] = "ok"

            result.step_seconds[step], lap = round(time.monotonic() - lap, 1), time.monotonic()
            step = "reimport"
            needles = (name, external)
            before = self.count.where(needles)
            ws = self.workspace(kind, name)
            self._lose(ws)
            self.kube.patch(self.res(kind), name, {"metadata": {"annotations": {_ANNOTATION: "reimport"}}})

            failing: dict[str, float] = {}

            def reimported() -> str | None:
                current = self.get(kind, name) or {}
                now = (current["metadata"].get("annotations") or {}).get("crossplane.io/external-name", "")
                if now != external:
                    return f"the external name changed from {external!r} to {now!r}"
                # Ready from before the state was lost counts only once the state is back; a failure
                # (Synced=False for a while) counts at once, in its own words.
                answer = self.ready([(kind, current)], failing)
                return None if answer == "" and not ws.state_path.exists() else answer

            self.wait(f"{name} imported again", reimported)
            after = self.count.where(needles)
            second = second_objects(before, after)
            if second:
                result.duplicates = second
                held = ", ".join(f"{m} {len(after.get(m, set()))}, {len(ids)} before" for m, ids in before.items()
                                 if len(after.get(m, set())) > len(ids))
                raise StepFailed(f"moto holds objects naming {name} or {external}: {held}", OURS)
            result.steps[step] = "ok"

            result.step_seconds[step], lap = round(time.monotonic() - lap, 1), time.monotonic()
            step = "update"
            result.steps[step] = self._update(kind, name, ws, prefix.strip("-"), failing)

            result.step_seconds[step], lap = round(time.monotonic() - lap, 1), time.monotonic()
            step = "delete"
            last = self.get(kind, name) or {}
            self._delete(objects)
            result.steps[step] = after_delete(kind.config.tf_type, external, lambda: self._exists(kind, last))
        except StepFailed as exc:
            moto_failed = sorted({f for f in self.failures[failures_before:] if serves(f.split(" ")[0], types)})
            if exc.culprit in (None, OURS) and classify(str(exc)) in (OURS, TIMEOUT) and moto_failed:
                # Nothing in the runtime's words, but moto failed calls meanwhile: an operation it does not emulate.
                result.fail(step, f"{exc}; moto answered {', '.join(moto_failed[:5])}", MOTO)
            else:
                result.fail(step, str(exc), exc.culprit)
        except Exception as exc:
            result.fail(step, f"{type(exc).__name__}: {exc}", OURS)
        finally:
            if result.failure:
                with contextlib.suppress(Exception):
                    self._delete(objects, quiet=True)
            result.step_seconds.setdefault(step, round(time.monotonic() - lap, 1))
            result.seconds = round(time.monotonic() - started, 1)
        return result

    def _lose(self, ws: Any) -> None:
        """Everything in the workspace removed (its state, its configuration, the provider's files), as
        a lost volume would leave it; under the workspace's lock, so an operation still running on it
        (an update right after the create) ends first instead of finding its files gone mid-write."""
        from bridge.workspace.store import LOCK

        with ws.lock("conformance: the workspace lost", self.timeout):
            for entry in ws.dir.iterdir():
                if entry.name == LOCK:
                    continue
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)

    def _update(self, kind: Kind, name: str, ws: Any, mark: str, failing: dict[str, float]) -> str:
        """Change one mutable argument (:func:`changes`) that the provider updates in place, and wait
        until the change is in the state; the step's words say which. None that the plan updates in
        place: skipped, saying what each candidate would have done."""
        inst = self._instance(ws)
        state = inst.attributes if inst is not None else {}
        tried = []
        refused: StepFailed | None = None
        for_provider = ((self.get(kind, name) or {}).get("spec") or {}).get("forProvider") or {}
        for change in changes(kind, for_provider, state, mark)[:MAX_CHANGES]:
            why = self._in_place(kind, name, change)
            if why:
                tried.append(f"{change.argument} {why}")
                continue
            self.kube.patch(self.res(kind), name, {"spec": {"forProvider": {change.field: change.value}}})

            def updated(change: Change = change) -> str | None:
                # Ready from before the change counts only once the change is in the state; a failure
                # counts at once.
                answer = self.ready([(kind, self.get(kind, name) or {})], failing)
                inst = self._instance(ws)
                if inst is None or not change.shown(inst.attributes.get(change.argument)):
                    return None if answer == "" else answer
                return answer

            try:
                self.wait(f"{name} updated ({change.argument})", updated)
            except StepFailed as exc:
                failure = StepFailed(f"changing {change.argument}: {exc}", exc.culprit)
                culprit = exc.culprit or classify(str(exc))
                # moto does not emulate updating this argument, or the value the step chose for it is
                # refused with the rest of the spec (a flag another argument must come with, which a plan
                # does not validate): the next candidate may still prove the step. Only moto's refusal
                # fails the kind when none does; the step's own choice of value is not the kind's fault.
                if culprit not in (MOTO, EXAMPLE) or not self._revert(kind, name, change, for_provider):
                    raise (refused or failure) from exc
                if culprit == MOTO:
                    refused = refused or failure
                tried.append(f"{change.argument} refused ({culprit})")
                continue
            return f"ok: {change.words}"
        if refused is not None:
            raise refused
        if not tried:
            return "skipped: no tags, free-text or optional boolean argument to change"
        return "skipped: no argument changes in place (" + "; ".join(tried) + ")"

    def _revert(self, kind: Kind, name: str, change: Change, for_provider: Mapping[str, Any]) -> bool:
        """Put ``change``'s argument back as the spec had it, and whether the object is Ready and Synced
        again within the step's time."""
        before = for_provider.get(change.field)
        if isinstance(before, Mapping) and isinstance(change.value, Mapping):
            # A merge patch merges maps: the keys the change added are removed by name.
            before = {**{k: None for k in change.value if k not in before}, **before}
        patched = self.kube.patch(self.res(kind), name, {"spec": {"forProvider": {change.field: before}}})
        generation = int(patched["metadata"].get("generation") or 0)
        settled: dict[str, float] = {}

        def back() -> str | None:
            current = self.get(kind, name) or {}
            synced = [c for c in (current.get("status") or {}).get("conditions") or [] if c.get("type") == "Synced"]
            # The conditions of the refused change count until a reconcile of the reverted spec replaces them.
            if not synced or int(synced[0].get("observedGeneration") or 0) < generation:
                return None
            return self.ready([(kind, current)], settled)

        try:
            self.wait(f"{name} back as it was ({change.argument})", back)
        except StepFailed:
            return False
        return True

    def _in_place(self, kind: Kind, name: str, change: Change) -> str:
        """"" when the provider's plan for ``change`` on the object updates it in place; otherwise what
        it does instead. Planned as every observe plans (the object imported by its external name
        into a workspace of the runner's own, removed afterwards), so the object is not touched."""
        from bridge.api.external import ProviderSetup
        from bridge.api.managed import Managed
        from bridge.workspace.store import WorkspaceStore

        last = self.get(kind, name) or {}
        spec = last.get("spec") or {}
        obj = {"apiVersion": last["apiVersion"], "kind": last["kind"],
               "spec": {**spec, "forProvider": {**(spec.get("forProvider") or {}), change.field: change.value}},
               "metadata": {"name": name, "uid": last["metadata"].get("uid", ""),
                            "annotations": {"crossplane.io/external-name":
                                            last["metadata"]["annotations"]["crossplane.io/external-name"]}}}
        setup = ProviderSetup(configuration=_CONFIGURATION, credentials_env=cloud.MOTO_CREDENTIALS)
        try:
            observed = self.read.client(kind, setup, self._secret).observe(Managed(obj))
        except Exception as exc:
            return f"could not be planned: {str(exc)[:120]}"
        finally:
            shutil.rmtree(WorkspaceStore(self.read_root).get(kind.api_version, kind.kind, name).dir,
                          ignore_errors=True)
        action, _, changed = observed.diff.partition(": ")
        if not observed.exists:
            return "could not be planned: the object was not found by its external name"
        if observed.up_to_date:
            return "plans no change"
        if action != "update":
            return f"plans {action}"
        if change.argument not in [c.strip() for c in changed.split(",")]:
            return f"plans an update of {changed} instead"
        return ""

    def _exists(self, kind: Kind, last: dict[str, Any]) -> bool:
        """Whether the provider, importing the object's import ID into an empty workspace, finds it."""
        from bridge.api.external import ProviderSetup
        from bridge.api.managed import Managed

        obj = {"apiVersion": last["apiVersion"], "kind": last["kind"], "spec": last["spec"],
               "metadata": {"name": last["metadata"]["name"], "uid": last["metadata"].get("uid", ""),
                            "annotations": {"crossplane.io/external-name":
                                            last["metadata"]["annotations"]["crossplane.io/external-name"]}}}
        setup = ProviderSetup(configuration=_CONFIGURATION, credentials_env=cloud.MOTO_CREDENTIALS)
        from bridge.api.errors import OperationFailed
        from bridge.workspace.backend import names_no_object

        try:
            return bool(self.read.client(kind, setup, self._secret).observe(Managed(obj)).exists)
        except OperationFailed as exc:
            # Some importers fail, rather than answer nothing, for an ID that names no object: read as the
            # executors read a lost workspace's import.
            said = (str(exc), *exc.diagnostics)
            if names_no_object(said, self.package.provider.not_found) or any("non-existent" in d for d in said):
                return False
            raise

    def _secret(self, namespace: str, name: str) -> dict[str, bytes]:
        """A Secret's data, for the provider's read of a deleted object whose spec names one."""
        from bridge.kube.client import SECRETS

        data = (self.kube.get(SECRETS, name, namespace) or {}).get("data") or {}
        return {k: base64.b64decode(v) for k, v in data.items()}

    def _instance(self, ws: Any) -> Any:
        from bridge.workspace import tfstate
        from bridge.workspace.document import RESOURCE_NAME

        doc = ws.read_state()
        if not doc:
            return None
        try:
            return tfstate.instance(doc, ws.meta().address.split(".")[0], RESOURCE_NAME)
        except Exception:
            return None

    def _delete(self, objects: Sequence[tuple[Kind, dict[str, Any]]], *, quiet: bool = False) -> None:
        from bridge.kube import errors

        for kind, m in reversed(objects):
            with contextlib.suppress(errors.NotFound):
                self.kube.delete(self.res(kind), m["metadata"]["name"])
        if quiet:
            return

        def gone() -> str | None:
            left = [f"{k.kind}/{m['metadata']['name']}" for k, m in objects if self.get(k, m["metadata"]["name"])]
            if not left:
                return ""
            kind, m = objects[-1]
            obj = self.get(kind, m["metadata"]["name"]) or {}
            synced = {c["type"]: c for c in (obj.get("status") or {}).get("conditions") or []}.get("Synced", {})
            return synced.get("message") if synced.get("status") == "False" and "delet" in \
                synced.get("message", "").lower() else None

        self.wait("the example's objects deleted", gone)


def crd_subset(provider_dir: Path, kinds: Iterable[Kind], work: Path) -> Path:
    """A directory of the CRDs a run serves: the provider's own (ProviderConfig and its usages) and
    the kinds' (cluster-scoped). The API server reads and compiles every CRD it is given, about 17 ms
    each: the whole tree, both scopes of every group, would take a minute to start."""
    out = work / "crds"
    out.mkdir()
    files = [*sorted((provider_dir / "crds" / "config").glob("*.yaml")),
             *(provider_dir / "crds" / k.config.short_group / f"{k.api_version.split('/')[0]}_{k.config.plural}.yaml"
               for k in kinds)]
    for path in files:
        if path.name != "kustomization.yaml":
            (out / path.name).symlink_to(path)
    return out


# -- the report ---------------------------------------------------------------------------------------


def load_report(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {"kinds": {}}
    doc: dict[str, Any] = yaml.safe_load(path.read_text()) or {}
    doc.setdefault("kinds", {})
    return doc


def totals(kinds: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    failed = [k for k in kinds.values() if k.get("result") != "passed"]
    checks = [int(k["import_check_ms"]) for k in kinds.values() if k.get("import_check_ms")]
    # A kind with no argument the provider updates in place (or none the runner knows how to change)
    # passes with its update skipped: everything else about its lifecycle is proven, and what an
    # update would prove is not there to prove. The totals keep the two apart.
    passed = [k for k in kinds.values() if k.get("result") == "passed"]
    proven = sum(1 for k in passed if str((k.get("steps") or {}).get("update", "")).startswith("ok"))
    return {"run": len(kinds), "passed": len(passed),
            "passed_update": {"proven": proven, "skipped": len(passed) - proven},
            "import_check_ms": {"creates": len(checks), "median": sorted(checks)[len(checks) // 2] if checks else 0},
            "failed": {c: sum(1 for k in failed if k.get("class") == c) for c in CLASSES},
            "duplicates": sum(int(k.get("duplicates", 0)) for k in kinds.values())}


def write_report(path: Path, report: dict[str, Any]) -> None:
    report["totals"] = totals(report["kinds"])
    report["kinds"] = dict(sorted(report["kinds"].items()))
    _replace(path, REPORT_HEADER + yaml.safe_dump(report, sort_keys=True, width=120, allow_unicode=True))
    lines = ["<!-- Code generated by tfbridge conformance. DO NOT EDIT. -->", "",
             "# Conformance against moto", "",
             "Each kind's example, run through the runtime against moto (`tfbridge conformance`): create → "
             "Ready → workspace lost → imported again by its import ID with no second object → one argument "
             "updated in place (`tags`, a description, a flag) → deleted and gone.", "",
             f"Totals: {report['totals']['run']} kinds run, {report['totals']['passed']} passed (the update "
             f"proven in {report['totals']['passed_update']['proven']}, skipped in "
             f"{report['totals']['passed_update']['skipped']}: no argument changes in place); failed by class: "
             + ", ".join(f"{c} {n}" for c, n in report["totals"]["failed"].items())
             + f"; duplicates {report['totals']['duplicates']}.", "",
             "| Terraform type | result | executor | date | failed step (class) |", "|---|---|---|---|---|"]
    for tf_type, row in report["kinds"].items():
        failure = row.get("failure", "").split(":")[0]
        why = f"{failure} ({row['class']})" if failure else ""
        lines.append(f"| `{tf_type}` | {row['result']} | {row.get('executor', '')} | {row.get('date', '')} | {why} |")
    _replace(path.with_suffix(".md"), "\n".join(lines) + "\n")


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole: a reader (another run resuming, a look at a run under way)
    never sees half a report."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(text)
    partial.replace(path)


def passed_kinds(provider_dir: Path) -> list[str]:
    """The Terraform types the committed report says pass every step."""
    report = load_report(provider_dir / "conformance.yaml")
    return sorted(t for t, row in report["kinds"].items() if row.get("result") == "passed")


# -- the command --------------------------------------------------------------------------------------


def select(package: ProviderPackage, examples: Examples, kinds: Sequence[str], sample: int, seed: int,
           skip: Sequence[str]) -> list[Kind]:
    with_examples = [k for k in package.kinds if k.config.tf_type in examples.manifests and not k.namespaced]
    if kinds:
        wanted = set(kinds)
        chosen = [k for k in with_examples if k.config.tf_type in wanted or k.kind in wanted]
    else:
        chosen = with_examples
    chosen = [k for k in chosen if k.config.tf_type not in set(skip)]
    if sample:
        chosen = sorted(random.Random(seed).sample(chosen, min(sample, len(chosen))), key=lambda k: k.config.tf_type)
    return chosen


@dataclasses.dataclass
class Run:
    """What ``run_conformance`` did: every kind's result and the run's wall time."""

    results: list[Result]
    seconds: float


def run_conformance(provider_dir: Path, kinds: Sequence[Kind], examples: Examples, *, executor: str,
                    workers: int, timeout: float, log: Callable[[str], None] = print,
                    done: Callable[[Result], None] = lambda r: None,
                    starting: Callable[[Kind], None] = lambda k: None,
                    crashed: Callable[[Crash], None] = lambda c: None) -> Run:
    """Start moto (in this process), the local API server and the provider; run every kind's bundle
    (``starting`` and ``done`` hear of each kind as it starts and as its result comes, ``crashed`` of
    each provider process that ended unasked under the kinds then running); stop them all."""
    from bridge.kube.client import NAMESPACES, SECRETS, HTTPKube, api_client
    from bridge.managed.providerconfig import ConfigResources
    from bridge.manager import Manager
    from bridge.settings import ExecutorSettings, Settings
    from bridge.tfplugin import process
    from tfbridge.conformance_crashes import CrashWatch

    started = time.monotonic()
    bundles = [examples.bundle(k) for k in kinds]
    # The kinds the examples apply, and every kind those may reference (the runtime resolves a
    # reference through its kind even where an example leaves the field out).
    by_type = {k.config.tf_type: k for k in examples.package.kinds}
    needed: dict[str, Kind] = {}
    pending = [k for b in bundles for k, _ in b.objects]
    while pending:
        k = pending.pop()
        if k.config.tf_type not in needed:
            needed[k.config.tf_type] = k
            pending.extend(by_type[r.to] for r in k.config.references.values() if r.to in by_type)
    # Operations bounded by the steps' own deadline: a create the provider retries for its full
    # half hour (a call moto answers oddly) would hold one of the provider's operation slots long
    # after its kind has failed, and starve the kinds after it.
    bounded = Timeouts(create=timeout, update=timeout, delete=timeout, observe=timeout)
    package = dataclasses.replace(examples.package, kinds=tuple(
        dataclasses.replace(k, config=dataclasses.replace(k.config, timeouts=bounded))
        for k in examples.package.kinds if k.config.tf_type in needed))
    work = Path(tempfile.mkdtemp(prefix="tfbridge-conformance-"))
    processes: list[subprocess.Popen[bytes]] = []
    manager: Manager | None = None
    thread: threading.Thread | None = None
    read: Any = None
    moto: Any = None
    saved_env = {k: os.environ.get(k) for k in ("AWS_ENDPOINT_URL", "AWS_CA_BUNDLE")}
    # Every provider process of the run (the controllers' and the runner's own reads) logs its end there.
    watch = CrashWatch(crashed)
    process.log.addFilter(watch)
    try:
        moto = InProcessMoto()
        endpoint = moto.endpoint
        cloud.wait_http(f"{endpoint}/moto-api/", 30)
        kubeconfig = work / "kubeconfig"
        server = subprocess.Popen([sys.executable, "-m", "tfbridge", "dev", "apiserver", "--kubeconfig",
                                   str(kubeconfig), "--crds", str(crd_subset(provider_dir, needed.values(), work))],
                                  stderr=subprocess.DEVNULL)
        processes.append(server)
        deadline = time.monotonic() + 120
        while not kubeconfig.exists():
            if time.monotonic() > deadline or server.poll() is not None:
                raise click.ClickException("the local API server did not start")
            time.sleep(0.1)
        kube = HTTPKube(api_client(str(kubeconfig)))
        kube.create(NAMESPACES, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "crossplane-system"}})
        kube.create(SECRETS, cloud.credentials_secret())
        # The Secret generated examples name where a required argument is sensitive.
        kube.create(SECRETS, {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
                              "metadata": {"name": "example-secret", "namespace": "crossplane-system"},
                              "data": {"example-key": base64.b64encode(b"Example-Passw0rd-2024").decode()}})
        # Few SDK retries: moto answers at once, and what it answers with a 5xx (a call it does not
        # emulate) it answers so again; the SDK's default 25 retries with backoff would hold each such
        # create for minutes before its failure is seen.
        configuration = {**cloud.MOTO_PROVIDER_CONFIGURATION, "maxRetries": MAX_RETRIES,
                         "skipRequestingAccountId": False}
        kube.create(ConfigResources.of(package).configs,
                    cloud.provider_config(package.provider.root_group, configuration=configuration))
        # Endpoints by environment, never a provider `endpoints` block; a CA bundle breaks the provider.
        os.environ["AWS_ENDPOINT_URL"] = endpoint
        os.environ.pop("AWS_CA_BUNDLE", None)
        plugin_dir = os.environ.get("TFBRIDGE_PLUGIN_DIR") or None
        settings = ExecutorSettings(workspace_root=work / "workspaces",
                                    terraform=os.environ.get("TFBRIDGE_TERRAFORM", "terraform"),
                                    plugin_dir=Path(plugin_dir) if plugin_dir else None, executor=executor)
        manager = Manager(Settings(executors=settings, health_port=0, poll=600.0, grace=5.0,
                                   max_concurrent_operations=8 * workers), package, kube)
        thread = threading.Thread(target=manager.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 300
        while not manager.ready():
            if time.monotonic() > deadline:
                raise click.ClickException("the provider's informers did not sync")
            time.sleep(0.2)
        from bridge.executors import Executors

        read = Executors(dataclasses.replace(settings, workspace_root=work / "gone"), package)
        harness = Harness(kube, package, work / "workspaces", MotoCount(), timeout, read, moto.unsupported,
                          moto.failures, read_root=work / "gone")

        def one(i: int, bundle: Bundle) -> Result:
            starting(bundle.kind)
            tf_type = bundle.kind.config.tf_type
            watch.start(tf_type, [k.config.tf_type for k, _ in bundle.objects])
            try:
                # Short (cloud names have length limits: "c01a-example-cluster" is a 20-character DAX
                # cluster name), and unique only within the run: the run's cluster and cloud are its own.
                result = harness.run(bundle, f"c{i:03x}-")
                log(progress(i + 1, len(bundles), result))
                done(result)
            finally:
                watch.end(tf_type)
            return result

        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(lambda ib: one(*ib), enumerate(bundles)))
    finally:
        if read is not None:
            read.shutdown()
        if manager is not None and thread is not None:
            manager.stop()
            thread.join(60)
        children.stop(processes)
        if moto is not None:
            moto.stop()
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(work, ignore_errors=True)
        process.log.removeFilter(watch)
    return Run(results, time.monotonic() - started)


def merge(report_path: Path, rows: Mapping[str, Mapping[str, Any]]) -> None:
    """Merge ``rows`` (kind → its row) into the report, read again under the report's lock: another
    run (a slice someone else started on the same checkout) may have added to it meanwhile."""
    with filelock.FileLock(str(report_path.with_name(f".{report_path.name}.lock"))):
        current = load_report(report_path)
        current["kinds"].update(rows)
        write_report(report_path, current)


def progress(i: int, total: int, result: Result) -> str:
    """One kind's line in the run's log."""
    mark = f"passed (update {result.steps.get('update')})" if result.passed else \
        f"FAILED {result.failure_class}: {result.failure[:200]}"
    steps = " ".join(f"{s} {n:.0f}s" for s, n in result.step_seconds.items())
    return f"[{i}/{total}] {result.kind} {result.seconds:.0f}s ({steps}) {mark}"


@click.command()
@click.option("--provider", "provider_name", default="aws", show_default=True)
@click.option("--kinds", default="",
              help="Comma-separated Terraform types or kinds (default: every kind with an example).")
@click.option("--sample", type=int, default=0, help="Run N kinds chosen by --seed.")
@click.option("--seed", type=int, default=None, help="The sample's seed (printed; default: random).")
@click.option("--skip-reported", is_flag=True, help="Leave out kinds the report already has (resume a run).")
@click.option("--executor", type=click.Choice(EXECUTOR_CHOICES), default="direct", show_default=True)
@click.option("--jobs", type=click.IntRange(1, 8), default=JOBS, show_default=True,
              help="Job processes taking kinds at once, each with its own moto, API server and provider.")
@click.option("--workers", type=click.IntRange(1, 16), default=WORKERS, show_default=True,
              help="Kinds side by side in each job.")
@click.option("--batch", type=click.IntRange(1), default=BATCH, show_default=True,
              help="Kinds per job process at most (each batch starts with an empty moto).")
@click.option("--timeout", type=float, default=180.0, show_default=True, help="Seconds per step.")
@click.option("--reclassify", is_flag=True,
              help="Classify the report's failures again by their words, and run nothing.")
@click.option("--report/--no-report", default=True, show_default=True,
              help="Merge the results into providers/<provider>/conformance.yaml and .md.")
def conformance(provider_name: str, kinds: str, sample: int, seed: int | None, skip_reported: bool, executor: str,
                jobs: int, workers: int, batch: int, timeout: float, reclassify: bool, report: bool) -> None:
    """Prove each kind's example against moto: create, lose the workspace, import, update, delete."""
    from codegen import pipeline
    from tfbridge.conformance_jobs import run_jobs
    from tfbridge.run import load_package

    provider_dir = PROVIDERS / provider_name
    pipeline.ensure(provider_dir, jobs=min(2, os.cpu_count() or 1))
    package = load_package(provider_name)
    examples = Examples(package, provider_dir)
    report_path = provider_dir / "conformance.yaml"
    if reclassify:
        with filelock.FileLock(str(report_path.with_name(f".{report_path.name}.lock"))):
            doc = load_report(report_path)
            for row in doc["kinds"].values():
                if row.get("failure"):
                    row["class"] = reclassified(row["failure"], row.get("class", OURS))
            write_report(report_path, doc)
        click.echo(f"{report_path}: {doc['totals']}")
        return
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 16)
    skip = sorted(load_report(report_path)["kinds"]) if skip_reported else []
    chosen = select(package, examples, [k for k in kinds.split(",") if k], sample, seed, skip)
    click.echo(f"conformance: {len(chosen)} kinds, executor {executor}, {jobs} jobs of {workers} workers"
               + (f", sample seed {seed}" if sample else ""))
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    ended = 0

    def record(r: Result) -> None:
        # Written as each kind ends: a run cut short keeps what it proved, and --skip-reported resumes it.
        nonlocal ended
        ended += 1
        click.echo(progress(ended, len(chosen), r))
        if report:
            merge(report_path, {r.kind: {**r.to_json(), "executor": executor, "date": today}})

    run = run_jobs(provider_name, [k.config.tf_type for k in chosen], jobs=jobs, batch=batch, executor=executor,
                   workers=workers, timeout=timeout, done=record)
    summary = totals({r.kind: r.to_json() for r in run.results})
    checks = [r.import_check_seconds for r in run.results if r.import_check_seconds]
    cost = f"{1000 * sum(checks) / len(checks):.0f} ms mean over {len(checks)} creates" if checks else "n/a"
    rate = 60 * len(run.results) / run.seconds if run.seconds else 0.0
    click.echo(f"run {summary['run']}, passed {summary['passed']} (update proven {summary['passed_update']['proven']}, "
               f"skipped {summary['passed_update']['skipped']}), failed {summary['failed']}, "
               f"duplicates {summary['duplicates']}; import check {cost}; wall time {run.seconds:.0f}s "
               f"({rate:.1f} kinds a minute)")
    if run.again:
        click.echo(f"run a second time (a provider crash under them; only that result counts): "
                   f"{', '.join(run.again)}")
    if run.lost:
        click.echo(f"no result (their job ended first): {', '.join(run.lost)}", err=True)
    if report:
        click.echo(f"report: {report_path}")
    if summary["duplicates"] or run.lost:
        raise SystemExit(1)
