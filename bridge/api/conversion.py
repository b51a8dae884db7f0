"""A managed resource between the API versions of its kind: what the conversion webhook does to each object.

Every version of a kind is built from the same Terraform schema, so two versions' field trees differ only
in how they show it: a block of at most one element is an embedded object in one and a one-element list in
the other, and an older version may serve a field under the name it had before the Terraform provider
renamed its argument (:data:`~tfschema.fields.OLD_NAME`). Conversion walks the source version's tree and
the target's side by side over ``spec.forProvider``, ``spec.initProvider`` and ``status.atProvider``, each
field matched to the target's field of the same argument and role; everything else of the object (its
metadata, the rest of its spec and status) is copied as it is.

What converts, and back:

- a list of one element ⇄ that element; an empty list has no element, so it becomes no field (Terraform
  reads an empty block list and an absent block alike), and a list of two or more where the target embeds
  is an error (the CRD's ``maxItems: 1`` refuses such a list before it gets here);
- an older name ⇄ the field's own: going up, a value under the old name is the field's (it wins over one
  under the new name, as upjet's field renames do); going down, the version that has both names
  gets the value under both;
- a key no tree knows is kept as it is (the API server prunes what the target's schema lacks).

So an object converted to another version and back is the object it was, but for an empty singleton list
(gone) and, in a version with older names, the value shown under both names. Nothing of a value is
evaluated; the walk follows the trees, never the depth of the value (a value the trees do not describe is
copied without being looked into).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfschema import fields as f


class ConversionError(ValueError):
    """An object cannot be shown at the version asked for; the message names the field."""


_ABSENT = object()  # a field the target version shows as no field at all

# Where the trees apply: the object's path → the view that describes it.
_PARTS: tuple[tuple[str, str, str], ...] = (("spec", "forProvider", "parameters"), ("spec", "initProvider", "init"),
                                            ("status", "atProvider", "observation"))


def convert(obj: Mapping[str, Any], source: f.Views, target: f.Views, api_version: str) -> dict[str, Any]:
    """``obj`` (a whole object at the version whose trees are ``source``) at the version whose trees are
    ``target``, with ``api_version`` as its apiVersion. Raises :class:`ConversionError`."""
    out = dict(obj)
    out["apiVersion"] = api_version
    for section, name, view in _PARTS:
        part = out.get(section)
        if not isinstance(part, Mapping) or name not in part:
            continue
        value = _reshape(part[name], getattr(source, view), getattr(target, view), f"{section}.{name}")
        part = dict(part)
        if value is _ABSENT:
            del part[name]
        else:
            part[name] = value
        out[section] = part
    return out


def _reshape(value: Any, source: f.Node, target: f.Node, path: str) -> Any:
    if isinstance(source, f.Object) and isinstance(target, f.Object):
        return _object(value, source, target, path) if isinstance(value, Mapping) else value
    if isinstance(source, f.Array) and isinstance(target, f.Array):
        return _array(value, source, target, path)
    if isinstance(source, f.Map) and isinstance(target, f.Map) and isinstance(value, Mapping):
        return {k: _reshape(v, source.value, target.value, f"{path}.{k}") for k, v in value.items()}
    return value


def _array(value: Any, source: f.Array, target: f.Array, path: str) -> Any:
    if source.embedded and target.embedded:
        return _reshape(value, source.item, target.item, path)
    if source.embedded:
        return value if value is None else [_reshape(value, source.item, target.item, f"{path}[0]")]
    if not isinstance(value, list):
        return value
    if not target.embedded:
        return [_reshape(v, source.item, target.item, f"{path}[{i}]") for i, v in enumerate(value)]
    if not value:
        return _ABSENT
    if len(value) > 1:
        raise ConversionError(f"{path}: {len(value)} elements, where the version asked for holds at most one")
    return _reshape(value[0], source.item, target.item, f"{path}[0]")


def _object(value: Mapping[str, Any], source: f.Object, target: f.Object, path: str) -> dict[str, Any]:
    by_json = source.by_json()
    by_argument = {(fld.tf_name, fld.role): fld for fld in target.fields}
    out: dict[str, Any] = {}
    renamed: list[tuple[f.Field, Any]] = []
    for key, item in value.items():
        field = by_json.get(key)
        if field is None:
            out[key] = item
            continue
        if field.role is f.OLD_NAME:
            renamed.append((field, item))
            continue
        place = by_argument.get((field.tf_name, field.role))
        if place is None:
            out[key] = item
            continue
        converted = _reshape(item, field.node, place.node, f"{path}.{key}")
        if converted is not _ABSENT:
            out[place.json_name] = converted
    for field, item in renamed:
        for role in (f.OLD_NAME, f.TF):
            place = by_argument.get((field.tf_name, role))
            if place is None:
                continue
            converted = _reshape(item, field.node, place.node, f"{path}.{field.json_name}")
            if converted is _ABSENT:
                out.pop(place.json_name, None)
            else:
                out[place.json_name] = converted
    for old in (fld for fld in target.fields if fld.role is f.OLD_NAME and fld.json_name not in out):
        own = by_argument.get((old.tf_name, f.TF))
        if own is not None and own.json_name in out:
            out[old.json_name] = out[own.json_name]
    return out
