"""Crash mid-create: the provider is SIGKILLed after the cloud made the object, before the ID was recorded.

The cloud's answer to the create is held back by a proxy (tests/support/cloudproxy.py) until the provider
is dead, so the crash falls exactly in the window where the outcome is lost. On restart (empty
workspace root, as a new pod), nothing may be created twice:

* a VPC (its config has a lookup) is found by the tags put on at create, adopted, and Ready;
* a KMS key (no lookup) stops with a condition that says what to check and which annotation to
  set or remove; doing what it says makes the key Ready, still the one key.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bridge.api.managed import CREATE_PENDING, EXTERNAL_NAME
from bridge.kube.client import HTTPKube
from bridge.managed.reconciler import INCOMPLETE
from tests.support.aws import configure_aws, kill, provider
from tests.support.cloud import Moto
from tests.support.cloudproxy import cloud_proxy
from tests.support.cluster import Cluster
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
CIDR = "10.41.0.0/16"


def keys_tagged(moto: Moto, name: str) -> list[str]:
    kms = moto.client("kms")
    out = []
    for key in kms.list_keys()["Keys"]:
        tags = {t["TagKey"]: t["TagValue"] for t in kms.list_resource_tags(KeyId=key["KeyId"])["Tags"]}
        if tags.get("crossplane-name") == name:
            out.append(key["KeyId"])
    return out


def test_crash_mid_create_is_recovered_by_lookup_or_stopped_with_instructions(
        cluster: Cluster, moto: Moto, terraform_bin: str, plugin_dir: Path, tmp_path: Path,
        providers: list[subprocess.Popen[bytes]], executor: str) -> None:
    kube = HTTPKube(cluster.api_client())
    configure_aws(kube)
    root, log = tmp_path / "ws", tmp_path / "provider.log"
    run = Running(kube, AWS, None, log=log)
    with cloud_proxy(moto.endpoint) as proxy:
        vpc_held = proxy.hold("CreateVpc", CIDR, seconds=600, after_cloud=True)
        key_held = proxy.hold("TrentService.CreateKey", "crash-key", seconds=600, after_cloud=True)
        providers.append(provider(cluster, root, Moto(proxy.endpoint), terraform_bin, plugin_dir, log))
        run.apply("VPC", "crash-vpc", {"region": "us-east-1", "cidrBlock": CIDR})
        run.apply("Key", "crash-key", {"region": "us-east-1", "description": "crash-key"})
        run.wait(lambda: vpc_held.answered_by_cloud == 1 and key_held.answered_by_cloud == 1,
              "the cloud to make both, with the answers held back", timeout=120)

        kill(providers[0])
        vpc_held.release.set()
        key_held.release.set()
        shutil.rmtree(root)
        for kind, name in (("VPC", "crash-vpc"), ("Key", "crash-key")):
            ann = run.get(kind, name)["metadata"]["annotations"]
            assert CREATE_PENDING in ann and EXTERNAL_NAME not in ann, "the crash lost the outcome"
        providers.append(provider(cluster, root, Moto(proxy.endpoint), terraform_bin, plugin_dir, log))

        run.wait(lambda: run.ready("VPC", "crash-vpc"), "the VPC found by its tags and adopted", timeout=180)
        vpcs = moto.client("ec2").describe_vpcs(Filters=[{"Name": "cidr", "Values": [CIDR]}])["Vpcs"]
        assert [v["VpcId"] for v in vpcs] == [run.get("VPC", "crash-vpc")["metadata"]["annotations"][EXTERNAL_NAME]]

        run.wait(lambda: INCOMPLETE in run.condition("Key", "crash-key", "Synced").get("message", ""),
              "the key to stop and say what to check", timeout=120)
        message = run.condition("Key", "crash-key", "Synced")["message"]
        assert "crossplane-name=crash-key" in message and EXTERNAL_NAME in message and CREATE_PENDING in message
        (key_id,) = keys_tagged(moto, "crash-key")
        assert not run.ready("Key", "crash-key")

        # Do what the condition says: the key exists, so set the external name to its ID.
        kube.patch(run.res("Key"), "crash-key", {"metadata": {"annotations": {EXTERNAL_NAME: key_id}}})
        run.wait(lambda: run.ready("Key", "crash-key"), "the key Ready once its ID is known", timeout=180)
        assert keys_tagged(moto, "crash-key") == [key_id]
        assert vpc_held.seen == key_held.seen == 1, "no second create was ever sent"
