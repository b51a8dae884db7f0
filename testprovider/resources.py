"""How each resource type behaves: its ID, what the store computes for it, what it checks, how it imports.

Values are cty values as :mod:`bridge.tfplugin.cty` holds them (``None`` null, ``UNKNOWN`` not yet
known). A plan leaves every computed attribute it cannot know as ``UNKNOWN`` (:mod:`testprovider.provider`);
:meth:`Resource.complete` gives each its value at apply, and nothing else changes, as Terraform
requires of an apply.
"""

from __future__ import annotations

import copy
import hashlib
import re
import secrets
import threading
from collections.abc import Callable
from typing import Any

from bridge.tfplugin import cty
from testprovider import schema
from testprovider.store import Store

# The slow create's default, and how long a create may be asked to take at most.
DEFAULT_CREATE_SECONDS = 30.0
MAX_CREATE_SECONDS = 3600.0
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,62}")


class Problem(Exception):
    """What the provider answers as an error diagnostic."""

    def __init__(self, summary: str, detail: str = "", attribute: str = "") -> None:
        super().__init__(f"{summary}: {detail}" if detail else summary)
        self.summary, self.detail, self.attribute = summary, detail, attribute


def _known(value: Any) -> bool:
    return value is not None and value is not cty.UNKNOWN


def _name_problems(config: dict[str, Any], *names: str) -> list[Problem]:
    return [Problem("Invalid name", f"{name} must be lowercase letters, digits and dashes (up to 63), "
                    f"starting with a letter or digit", name)
            for name in names if isinstance(config.get(name), str) and not _NAME.fullmatch(config[name])]


class Resource:
    type_name = ""
    # Arguments whose change replaces the object.
    replaces: tuple[str, ...] = ()
    importable = True

    def validate(self, config: dict[str, Any]) -> list[Problem]:
        return []

    def complete(self, planned: dict[str, Any], store: Store) -> dict[str, Any]:
        """``planned`` with the value of each computed attribute it leaves unknown."""
        return copy.deepcopy(planned)

    def check(self, state: dict[str, Any], store: Store) -> None:
        """Raises when the store cannot hold ``state`` (a parent that does not exist)."""

    def create(self, state: dict[str, Any], store: Store, stopped: threading.Event) -> tuple[dict[str, Any], int]:
        """Makes the object; its state and revision."""
        return state, store.insert(self.type_name, state["id"], cty.to_json(self.type, state))

    def imported(self, import_id: str) -> dict[str, Any]:
        """The state an import starts from (the read after it fills in the rest)."""
        if not import_id:
            raise Problem("Invalid import ID", "the ID is empty")
        return {"id": import_id}

    def upgrade(self, version: int, attributes: dict[str, Any]) -> dict[str, Any]:
        """A state stored under schema ``version`` in the current schema's shape."""
        return attributes

    @property
    def type(self) -> cty.Object:
        return schema.MODELS[self.type_name].type


class Project(Resource):
    type_name = "tfbtest_project"
    replaces = ("name",)

    def validate(self, config: dict[str, Any]) -> list[Problem]:
        return _name_problems(config, "name")

    def complete(self, planned: dict[str, Any], store: Store) -> dict[str, Any]:
        state = copy.deepcopy(planned)
        state["id"] = state["name"]
        if state["tier"] is cty.UNKNOWN:
            state["tier"] = "standard"
        if state["api_key"] is cty.UNKNOWN:
            state["api_key"] = f"pk_{secrets.token_hex(16)}"
        return state

    def upgrade(self, version: int, attributes: dict[str, Any]) -> dict[str, Any]:
        if version == 0:  # version 0 called the description "summary"
            attributes = dict(attributes)
            attributes["description"] = attributes.pop("summary", None)
        return attributes


class Item(Resource):
    type_name = "tfbtest_item"
    replaces = ("project", "name")

    def validate(self, config: dict[str, Any]) -> list[Problem]:
        problems = _name_problems(config, "project", "name")
        for i, port in enumerate(config.get("ports") or []):
            if isinstance(port, dict) and _known(port.get("protocol")) and port["protocol"] not in ("tcp", "udp"):
                problems.append(Problem("Invalid protocol", "protocol must be tcp or udp", f"ports[{i}].protocol"))
        for rule in config.get("rules") or []:
            if isinstance(rule, dict) and _known(rule.get("action")) and rule["action"] not in ("allow", "deny"):
                problems.append(Problem("Invalid action", "action must be allow or deny", "rules"))
        return problems

    def complete(self, planned: dict[str, Any], store: Store) -> dict[str, Any]:
        state = copy.deepcopy(planned)
        state["id"] = f"{state['project']}/{state['name']}"
        for port in state["ports"] or []:
            if port["id"] is cty.UNKNOWN:  # the same for the same port of the same item, whoever applies it
                seed = f"{state['id']}:{port['number']}:{port['protocol']}".encode()
                port["id"] = f"port-{hashlib.sha256(seed).hexdigest()[:8]}"
        return state

    def check(self, state: dict[str, Any], store: Store) -> None:
        if store.get(Project.type_name, state["project"]) is None:
            raise Problem("Project not found", f"no project {state['project']!r}", "project")

    def imported(self, import_id: str) -> dict[str, Any]:
        project, sep, name = import_id.partition("/")
        if not sep or not project or not name or "/" in name:
            raise Problem("Unexpected import identifier",
                          f"expected an ID of the form project/name, got {import_id!r}")
        return {"id": import_id, "project": project, "name": name}


class Volume(Resource):
    type_name = "tfbtest_volume"

    def validate(self, config: dict[str, Any]) -> list[Problem]:
        problems = []
        if isinstance(config.get("size"), int | float) and config["size"] < 1:
            problems.append(Problem("Invalid size", "size must be at least 1", "size"))
        seconds = config.get("create_seconds")
        if isinstance(seconds, int | float) and not 0 <= seconds <= MAX_CREATE_SECONDS:
            problems.append(Problem("Invalid create_seconds", f"between 0 and {MAX_CREATE_SECONDS:.0f}",
                                    "create_seconds"))
        return problems

    def complete(self, planned: dict[str, Any], store: Store) -> dict[str, Any]:
        state = copy.deepcopy(planned)
        if state["id"] is cty.UNKNOWN:
            state["id"] = f"vol-{secrets.token_hex(6)}"
        if state["status"] is cty.UNKNOWN:
            state["status"] = "available"
        return state

    def create(self, state: dict[str, Any], store: Store, stopped: threading.Event) -> tuple[dict[str, Any], int]:
        """The volume exists from the start, ``creating`` until its time is up: a provider that dies
        meanwhile leaves it in the store, to be found by its labels."""
        seconds = state["create_seconds"]
        seconds = DEFAULT_CREATE_SECONDS if seconds is None else float(seconds)
        done = dict(state)
        store.insert(self.type_name, state["id"], cty.to_json(self.type, {**state, "status": "creating"}))
        if stopped.wait(seconds):
            raise Interrupted({**state, "status": "creating"})
        return done, store.update(self.type_name, state["id"], cty.to_json(self.type, done))


class Attachment(Resource):
    type_name = "tfbtest_attachment"
    replaces = ("project", "volume_id")
    importable = False

    def complete(self, planned: dict[str, Any], store: Store) -> dict[str, Any]:
        state = copy.deepcopy(planned)
        if state["id"] is cty.UNKNOWN:
            state["id"] = f"att-{secrets.token_hex(6)}"
        return state

    def check(self, state: dict[str, Any], store: Store) -> None:
        if store.get(Project.type_name, state["project"]) is None:
            raise Problem("Project not found", f"no project {state['project']!r}", "project")
        if store.get(Volume.type_name, state["volume_id"]) is None:
            raise Problem("Volume not found", f"no volume {state['volume_id']!r}", "volume_id")


class Interrupted(Problem):
    """A create stopped by StopProvider; the object exists, half made (``state``)."""

    def __init__(self, state: dict[str, Any]) -> None:
        super().__init__("Create interrupted", f"the provider was asked to stop; {state['id']} is left creating")
        self.state = state


RESOURCES: dict[str, Resource] = {r.type_name: r for r in (Project(), Item(), Volume(), Attachment())}


def find_volumes(store: Store, labels: dict[str, str]) -> list[str]:
    """IDs of the volumes that carry every label in ``labels``, sorted."""
    def carries(attributes: dict[str, Any]) -> bool:
        have = attributes.get("labels") or {}
        return all(have.get(k) == v for k, v in labels.items())

    return sorted(i for i, a in store.objects(Volume.type_name).items() if carries(a))


DATA_SOURCES: dict[str, Callable[[Store, dict[str, Any]], dict[str, Any]]] = {
    "tfbtest_volumes": lambda store, config: {"labels": config["labels"],
                                              "ids": find_volumes(store, config["labels"] or {})},
}
