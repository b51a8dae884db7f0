"""A resource's API group and kind, when its config names neither: upjet's defaults, and group rules.

upjet (``config.DefaultResource``) takes the word after the provider's as the group and the words after
that as the kind: ``digitalocean_database_cluster`` is ``Cluster`` in ``database``, and a resource of one
word is in the provider's own group (``random_password`` is ``Password`` in ``random``). Its providers
then name some groups and kinds by hand (GitHub's ``github_actions_secret`` is ``ActionsSecret``): a
config does the same with ``Resource.kind``/``short_group``, or for many resources at once with a
:class:`GroupRule`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from tfconfig.naming import camel


@dataclasses.dataclass(frozen=True)
class GroupRule:
    """Resources whose Terraform type matches ``pattern`` go to ``group``; the first ``drop_words``
    words after the provider prefix are dropped from the kind (``aws_cloudwatch_log_group`` with
    group ``cloudwatchlogs`` and drop 2 → kind ``Group``)."""

    pattern: str
    group: str
    drop_words: int = 1


def group_and_kind(tf_type: str, prefix: str, rules: tuple[GroupRule, ...],
                   acronyms: Mapping[str, str]) -> tuple[str, str]:
    """The short group and kind of ``tf_type`` (which starts with ``prefix``): the first rule that
    matches, else upjet's default."""
    words = tf_type[len(prefix):].split("_")
    for rule in rules:
        if re.search(rule.pattern, tf_type):
            return rule.group, camel("_".join(words[rule.drop_words:] or words), acronyms)
    if len(words) > 1:
        return words[0], camel("_".join(words[1:]), acronyms)
    return prefix.rstrip("_"), camel(words[0], acronyms)
