"""The proposed new state: what Terraform core hands PlanResourceChange, computed the same way.

Per attribute: what the configuration sets wins; where it sets nothing and the provider computes
the attribute, the prior value stays (the provider decides whether it becomes unknown); otherwise
null. Nested blocks recurse: single and group blocks as one object, lists by index, maps by key,
and sets by matching each configured element to a prior element that agrees with it on
everything the configuration sets (so computed members of an unchanged element are kept).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from bridge.tfplugin import cty
from bridge.tfplugin.schema import Attribute, Block, NestedBlock
from bridge.workspace import initprovider


def proposed_new(block: Block, prior: Any, config: Any) -> Any:
    if config is None:
        return None  # destroy
    if config is cty.UNKNOWN:
        return cty.UNKNOWN
    return _object(block, prior if isinstance(prior, dict) else {}, config)


def _object(block: Block, prior: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for attr in block.attributes:
        out[attr.name] = _attribute(attr, prior.get(attr.name), config.get(attr.name))
    for nb in block.blocks:
        out[nb.name] = _nested(nb, prior.get(nb.name), config.get(nb.name))
    return out


def _attribute(attr: Attribute, prior: Any, config: Any) -> Any:
    if attr.computed and config is None:
        return prior
    if attr.nested is not None and config is not None and config is not cty.UNKNOWN:
        return _nested(NestedBlock(attr.name, attr.nesting, attr.nested), prior, config)
    return config


def _nested(nb: NestedBlock, prior: Any, config: Any) -> Any:
    if config is cty.UNKNOWN or config is None:
        return config
    if nb.nesting in ("single", "group"):
        return _object(nb.block, prior if isinstance(prior, dict) else {}, config)
    if nb.nesting == "list":
        before = prior if isinstance(prior, list) else []
        return [_element(nb.block, before[i] if i < len(before) else None, c) for i, c in enumerate(config)]
    if nb.nesting == "map":
        keyed = prior if isinstance(prior, dict) else {}
        return {k: _element(nb.block, keyed.get(k), c) for k, c in config.items()}
    unmatched = list(prior) if isinstance(prior, list) else []
    out = []
    for c in config:
        match = _matching(nb.block, unmatched, c)
        if match is not None:
            unmatched.remove(match)
        out.append(_element(nb.block, match, c))
    return out


def _element(block: Block, prior: Any, config: Any) -> Any:
    if config is None or config is cty.UNKNOWN:
        return config
    return _object(block, prior if isinstance(prior, dict) else {}, config)


def _matching(block: Block, candidates: Iterable[Any], config: Any) -> Any:
    """The prior set element that equals ``config`` wherever the configuration has a say."""
    if not isinstance(config, dict):
        return None
    for candidate in candidates:
        if isinstance(candidate, dict) and _agrees(block, candidate, config):
            return candidate
    return None


def _agrees(block: Block, prior: dict[str, Any], config: dict[str, Any]) -> bool:
    for attr in block.attributes:
        c = config.get(attr.name)
        if attr.computed and c is None:
            continue
        if not cty.equal(attr.type, prior.get(attr.name), c):
            return False
    for nb in block.blocks:
        proposed = _nested(nb, prior.get(nb.name), config.get(nb.name))
        if not cty.equal(nb.type(), prior.get(nb.name), proposed):
            return False
    return True


def ignore_changes(prior: Any, config: Any, names: Iterable[str]) -> Any:
    """``lifecycle.ignore_changes``: at each path, the prior value stands in for the config's (paths as
    :mod:`bridge.workspace.initprovider` writes them: ``tags["team"]``, ``rule[0].priority``)."""
    out = copy.deepcopy(config)
    for name in names:
        path = initprovider.parse(name)
        if path is not None:
            out = _keep_prior(prior, out, path)
    return out


def _keep_prior(prior: Any, config: Any, path: initprovider.Path) -> Any:
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        if not isinstance(config, list) or not isinstance(prior, list) or step >= len(prior):
            return config
        if step >= len(config):
            return config
        config[step] = _keep_prior(prior[step], config[step], rest) if rest else prior[step]
        return config
    if not isinstance(config, dict) or not isinstance(prior, dict):
        return config
    if rest:
        if step in config:
            config[step] = _keep_prior(prior.get(step), config[step], rest)
    elif step in prior:
        config[step] = prior[step]
    else:
        # An object's prior value has every attribute: a key it lacks is a map key the prior map did
        # not have, which an ignored change leaves out, as Terraform does.
        config.pop(step, None)
    return config
