"""Management and deletion policies, and credentials the cloud refuses, against moto with real terraform.

* deletionPolicy Orphan: deleting the object leaves the VPC in the cloud;
* managementPolicies [Observe]: an existing VPC is adopted by its external name and never changed;
* a ProviderConfig whose credentials the cloud refuses: a clear Synced=False, nothing created, and
  the access key never shows in a condition or event.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from bridge.api.managed import EXTERNAL_NAME
from bridge.kube.client import EVENTS, SECRETS
from bridge.managed.providerconfig import ConfigResources
from devrig.cloud import MOTO_PROVIDER_CONFIGURATION, credentials_secret, provider_config
from tests.support.aws import configure_aws
from tests.support.cloud import Moto
from tests.support.cloudproxy import CloudProxy
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running

pytestmark = [pytest.mark.slow, pytest.mark.cloud]
BAD_KEY = "AKIAREFUSEDBYCLOUD00"
BAD_SECRET = "refused-secret-value-7f3a"


def vpcs(moto: Moto, cidr: str) -> list[dict[str, object]]:
    return list(moto.client("ec2").describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"])


def test_orphan_observe_only_and_refused_credentials(start_manager: Callable[..., Running], proxy: CloudProxy,
                                                     moto: Moto, terraform_bin: str, plugin_dir: Path,
                                                     executor: str) -> None:
    proxy.reject_access_key(BAD_KEY)
    run = start_manager(AWS, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, poll=600.0)
    configure_aws(run.kube)
    refused = ("crossplane-system", "refused-creds", "credentials")
    run.kube.create(SECRETS, credentials_secret(BAD_KEY, BAD_SECRET, where=refused))
    run.kube.create(ConfigResources.of(AWS).configs, provider_config(
        AWS.provider.root_group, "refused", secret=refused, configuration=MOTO_PROVIDER_CONFIGURATION))
    existing = moto.client("ec2").create_vpc(CidrBlock="10.52.0.0/16", TagSpecifications=[
        {"ResourceType": "vpc", "Tags": [{"Key": "owner", "Value": "someone-else"}]}])["Vpc"]

    run.apply("VPC", "orphan", {"region": "us-east-1", "cidrBlock": "10.51.0.0/16"}, deletionPolicy="Orphan")
    run.apply("VPC", "observed", {"region": "us-east-1"}, managementPolicies=["Observe"])
    run.kube.patch(run.res("VPC"), "observed", {"metadata": {"annotations": {EXTERNAL_NAME: existing["VpcId"]}}})
    run.apply("VPC", "refused", {"region": "us-east-1", "cidrBlock": "10.53.0.0/16"},
              providerConfigRef={"name": "refused"})

    run.wait(lambda: run.ready("VPC", "orphan"), "the orphan-policy VPC Ready", timeout=180)
    run.wait(lambda: run.ready("VPC", "observed"), "the existing VPC adopted", timeout=180)
    observed = run.get("VPC", "observed")
    assert observed["status"]["atProvider"]["cidrBlock"] == "10.52.0.0/16"
    assert observed["spec"]["forProvider"] == {"region": "us-east-1"}, "Observe never writes the spec"
    (now,) = vpcs(moto, "10.52.0.0/16")
    assert now["Tags"] == existing["Tags"], "Observe never changes the cloud object"

    seen: list[dict[str, str]] = []

    def refused() -> bool:
        seen.append(run.condition("VPC", "refused", "Synced"))  # one read: status and message together
        return seen[-1].get("status") == "False" and "AuthFailure" in seen[-1].get("message", "")

    run.wait(refused, "the refused credentials to show in Synced", timeout=180)
    assert "not able to validate the provided access credentials" in seen[-1]["message"]
    assert vpcs(moto, "10.53.0.0/16") == [] and proxy.rejections >= 1
    events, _ = run.kube.list(EVENTS, "default")
    written = json.dumps([run.get("VPC", "refused").get("status"), events])
    assert BAD_KEY not in written and BAD_SECRET not in written

    (orphan_id,) = [v["VpcId"] for v in vpcs(moto, "10.51.0.0/16")]
    for name in ("orphan", "observed", "refused"):
        run.kube.delete(run.res("VPC"), name)
    run.wait(lambda: all(run.gone("VPC", n) for n in ("orphan", "observed", "refused")), "the objects gone", 180)
    assert [v["VpcId"] for v in vpcs(moto, "10.51.0.0/16")] == [orphan_id], "Orphan keeps the cloud object"
    assert [v["VpcId"] for v in vpcs(moto, "10.52.0.0/16")] == [existing["VpcId"]], "Observe never deletes"
