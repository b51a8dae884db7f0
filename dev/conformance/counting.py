"""Objects in moto's own record of every object it made (each model's tracked instances, deleted ones
too), counted by the names that mention a kind's object: a second object after a reimport is a duplicate."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping, Sequence

# Names too common to count objects by (a placeholder argument's value may be the external name).
_COMMON = frozenset({"example", "true", "false", "default"})


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


