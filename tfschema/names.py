"""The argument a resource is named by: what a new object may leave out of its spec and take from its own
name (``metadata.name``), as Crossplane users expect of a name.

A resource is named by a required, top-level string argument (never sensitive, never one a reference fills
or the external name fills) that is

* ``name`` (``digitalocean_droplet``, ``mysql_database``, ``kafka_topic``), or else
* named as the resource type's last word, when it is the only required string argument of its own
  (``user`` of ``mysql_user``, ``branch`` of ``github_branch``): a resource that needs a second one
  (``key`` and ``title`` of ``github_user_ssh_key``, ``policy`` and ``region`` of a bucket policy) holds
  a value in that word, not a name.

The name is only a default for the argument: the external name stays what the resource's strategy says
(the ID the provider assigns, by default), so a lost workspace is imported by the ID recorded at create,
never looked up by a name that another object could also carry. The runtime writes the name into
``spec.forProvider`` before the create, and only for an object without an external name: an object adopted
by its external name must say its name itself, and is refused by Terraform until it does, instead of
renaming the cloud object after ``metadata.name``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tfconfig import Provider


def infer(provider: Provider, resources: Mapping[str, Mapping[str, Any]], included: Iterable[str]) -> dict[str, str]:
    """Each included resource's name argument, for those the config leaves to the schema; empty when the
    provider has ``default_names`` off."""
    if not provider.default_names:
        return {}
    out: dict[str, str] = {}
    for tf_type in sorted(included):
        config = provider.resources.get(tf_type)
        if config is not None and config.name_argument is not None:
            continue
        found = _name_argument(provider, tf_type, _attributes(resources[tf_type]))
        if found:
            out[tf_type] = found
    return out


def _attributes(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    block = raw.get("block") if isinstance(raw, Mapping) else None
    attrs = block.get("attributes") if isinstance(block, Mapping) else None
    return attrs if isinstance(attrs, Mapping) else {}


def _name_argument(provider: Provider, tf_type: str, attrs: Mapping[str, Any]) -> str | None:
    res = provider.resolve(tf_type)
    taken = {*res.references, *res.sensitive, *res.removed_parameters, *res.external_name.identifier_fields}
    if res.external_name.identifier_argument:
        taken.add(res.external_name.identifier_argument)
    own = [name for name, a in sorted(attrs.items()) if isinstance(a, Mapping) and a.get("required")
           and a.get("type") == "string" and not a.get("sensitive") and name not in taken]
    if "name" in own:
        return "name"
    last = tf_type.rsplit("_", 1)[-1]
    return last if own == [last] else None
