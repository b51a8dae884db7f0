"""What a reference copies from its target: the external name, a top-level attribute of the observed
state, or a path into a nested one (``roots[0].id``, as an account or unit takes its organization's
root)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.managed.references import extracted
from tfconfig import extract_path

ORGANIZATION = {
    "metadata": {"annotations": {"crossplane.io/external-name": "o-abc"}},
    "status": {"atProvider": {"arn": "arn:aws:organizations::1:organization/o-abc",
                              "roots": [{"id": "r-1", "name": "Root"}, {"id": "r-2"}],
                              "masterAccountId": "111122223333"}},
}


def test_a_path_is_its_steps() -> None:
    assert extract_path("roots[0].id") == ("roots", 0, "id")
    assert extract_path("arn") == ("arn",)
    assert extract_path("a[1][2].b_c") == ("a", 1, 2, "b_c")


@pytest.mark.parametrize(
    ("extract", "want"),
    [
        pytest.param("external_name", "o-abc", id="ExternalName"),
        pytest.param("arn", "arn:aws:organizations::1:organization/o-abc", id="TopLevel"),
        pytest.param("master_account_id", "111122223333", id="TopLevelSnakeCase"),
        pytest.param("roots[0].id", "r-1", id="NestedInAList"),
        pytest.param("roots[1].id", "r-2", id="SecondElement"),
        pytest.param("roots[2].id", None, id="NoSuchElementYet"),
        pytest.param("roots[1].name", None, id="NoSuchFieldYet"),
        pytest.param("arn[0]", None, id="NotAList"),
        pytest.param("roots.id", None, id="NotAnObject"),
    ],
)
def test_a_reference_reads_its_value_or_nothing_yet(extract: str, want: Any) -> None:
    assert extracted(ORGANIZATION, extract) == want


def test_a_target_not_yet_observed_has_nothing() -> None:
    assert extracted({"metadata": {}}, "roots[0].id") is None
