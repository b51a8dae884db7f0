from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen.render import to_flow, to_yaml

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
    st.text(), st.sampled_from(["yes", "No", "on", "null", "~", "1e5", "0x1F", "10:20", "- x", "a: b", "#c", "",
                                " lead", "trail ", "10.0.0.0/16", "us-east-1", "@x", "*y", "!z", "a\nb"]),
)
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=6) | st.sampled_from(["yes", "1", "x-y"]), inner,
                                           max_size=4), max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(documents)
def test_to_yaml_reads_back_identically(value: Any) -> None:
    assert yaml.safe_load(to_yaml(value)) == value


def test_to_yaml_layout() -> None:
    doc = {"spec": {"names": ["a", "b"], "x": [{"k": 1, "v": {"w": True}}], "empty": {}, "none": []},
           "s": "10.0.0.0/16", "t": "type"}
    assert to_yaml(doc) == (
        "spec:\n  names:\n  - a\n  - b\n  x:\n  - k: 1\n    v:\n      w: true\n  empty: {}\n  none: []\n"
        's: "10.0.0.0/16"\nt: type'
    )


def test_a_flow_mapping_holds_lists_as_yaml_lists() -> None:
    text = to_flow({"kind": "Bucket", "served": ["v1beta1", "v1beta2"], "empty": []})
    assert text == "{kind: Bucket, served: [v1beta1, v1beta2], empty: []}"
    assert yaml.safe_load(text) == {"kind": "Bucket", "served": ["v1beta1", "v1beta2"], "empty": []}
