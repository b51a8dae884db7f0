from typing import Any

import pytest

from bridge.tfexec import mainfile


@pytest.mark.parametrize(
    ("value", "want"),
    [
        pytest.param('${file("/etc/hostname")}', '$${file("/etc/hostname")}', id="interpolation"),
        pytest.param("%{ if true }x%{ endif }", "%%{ if true }x%%{ endif }", id="directive"),
        pytest.param("$5 and 100%", "$5 and 100%", id="lone-signs-untouched"),
        pytest.param({"${k}": ["${v}", 1, None]}, {"$${k}": ["$${v}", 1, None]}, id="keys-and-lists"),
        pytest.param(True, True, id="non-string"),
    ],
)
def test_escape(value: Any, want: Any) -> None:
    assert mainfile.escape(value) == want


def test_build_document() -> None:
    doc = mainfile.build(provider_name="aws", source="hashicorp/aws", version="5.100.0",
                         provider_args={"region": "us-east-1"}, tf_type="aws_vpc",
                         args={"cidr_block": "10.0.0.0/16", "tags": {"a": "${x}"}}, ignore_changes=["tags", "b"],
                         prevent_destroy=False)
    assert doc == {
        "terraform": {"required_providers": {"aws": {"source": "hashicorp/aws", "version": "5.100.0"}}},
        "provider": {"aws": {"region": "us-east-1"}},
        "resource": {"aws_vpc": {"this": {"cidr_block": "10.0.0.0/16", "tags": {"a": "$${x}"},
                                          "lifecycle": {"prevent_destroy": False, "ignore_changes": ["b", "tags"]}}}},
    }


def test_builtin_provider_has_no_version_and_no_provider_block() -> None:
    doc = mainfile.build(provider_name="terraform", source="terraform.io/builtin/terraform", version="",
                         provider_args={}, tf_type="terraform_data", args={})
    assert doc["terraform"]["required_providers"] == {"terraform": {"source": "terraform.io/builtin/terraform"}}
    assert "provider" not in doc
    assert doc["resource"]["terraform_data"]["this"] == {"lifecycle": {"prevent_destroy": True}}
