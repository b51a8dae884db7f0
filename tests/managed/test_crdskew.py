"""At start the runtime compares the cluster's CRDs with the ones it was built for, by schema digest."""

from __future__ import annotations

import logging

import pytest

from bridge.kube import errors
from bridge.kube.client import CRDS, HTTPKube
from bridge.managed import crdskew
from tests.support.cluster import Cluster
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import install
from tfbridge.run import warn_of_skew
from tfschema import digest


def test_the_crds_of_this_release_are_not_skewed_and_another_release_s_are(cluster: Cluster) -> None:
    kube = HTTPKube(cluster.api_client())
    install(kube, AWS, "aws")
    assert crdskew.skewed(kube, AWS) == []
    assert [key for key in kube.calls if key[2] == "customresourcedefinitions"] == [
        ("create", "apiextensions.k8s.io", "customresourcedefinitions"),
        ("list", "apiextensions.k8s.io", "customresourcedefinitions")], "one list for a provider of this size"
    for name in ("vpcs.ec2.aws.tfbridge.io", "providerconfigs.aws.tfbridge.io"):
        crd = kube.get(CRDS, name)
        crd["metadata"]["labels"][digest.DIGEST_LABEL] = "0" * digest.LENGTH
        kube.update(CRDS, crd)
    messages = crdskew.skewed(kube, AWS)
    assert [m.split(" ")[1] for m in messages] == ["providerconfigs.aws.tfbridge.io", "vpcs.ec2.aws.tfbridge.io"]
    assert f"schema digest {'0' * digest.LENGTH}, this provider's {AWS.by_type('aws_vpc').digest}" in messages[1]
    assert crdskew.skewed(kube, AWS.family("iam")) == ["CRD providerconfigs.aws.tfbridge.io" + messages[0][
        len("CRD providerconfigs.aws.tfbridge.io"):]], "a family checks its own kinds and the config kinds"


def test_a_skew_check_that_cannot_list_warns_and_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    def forbidden(*_: object) -> list[str]:
        raise errors.from_status(403, "Forbidden", "customresourcedefinitions is forbidden")

    with caplog.at_level(logging.WARNING, logger="tfbridge.run"):
        warn_of_skew(None, AWS, forbidden)  # type: ignore[arg-type]
    assert [r.getMessage() for r in caplog.records] == ["cannot compare the cluster's CRDs with this provider's"]
