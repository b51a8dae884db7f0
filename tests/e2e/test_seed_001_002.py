"""Seeds 001 and 002 against moto with real terraform, on one set of resources (they share the cost).

001, long operations: five VPC creates are held by a slow cloud (tests/support/cloudproxy.py) while fifty
fast objects (a VPC, twenty subnets that reference it, twenty-nine KMS keys) become Ready: no
starvation. Creating shows within a second of applying; a spec change made during a slow create is
what ends up in moto.

002, references under contention: the twenty subnets are created at once while the API server forces
409s on VPC and subnet updates (local server only). Every subnet pins the VPC with its own in-use
finalizer. Deleting the VPC first leaves it in the cloud until the last subnet is gone; then it goes.
The VPC and its subnets are namespaced objects of a tenant (its own ProviderConfig, its references
resolved in its namespace), the slow VPCs and the keys cluster-scoped: one provider serves both scopes.

The KMS keys and subnets run on the direct executor (per-kind choice in the provider config), the
VPCs on the terraform CLI: one provider, two executors, one operation pool. (What is tested here is
the runtime's; the CLI's handling of every kind is the lifecycle test's, and forty-one CLI runs for
the subnets would cost CI minutes for no new finding.)
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bridge.api.managed import EXTERNAL_NAME, Managed
from bridge.api.registry import ProviderPackage
from bridge.managed import references
from tests.support.aws import TENANT_CONFIG, configure_aws, configure_tenant
from tests.support.cloud import Moto
from tests.support.cloudproxy import CloudProxy
from tests.support.cluster import Cluster
from tests.support.external import executor_under_test
from tests.support.packages import AWS_CURATED as AWS
from tests.support.packages import AWS_CURATED_NAMESPACED
from tests.support.running import Running

# The scenario's waits add up to more than the suite's per-test limit on a machine busy with other work.
pytestmark = [pytest.mark.slow, pytest.mark.cloud, pytest.mark.timeout(1200)]
SLOW = [f"10.{60 + i}.0.0/16" for i in range(5)]
NET = "10.70.0.0/16"
TENANT = "seed002"


def with_executor(package: ProviderPackage, executor: str, *tf_types: str) -> ProviderPackage:
    kinds = tuple(dataclasses.replace(k, config=dataclasses.replace(k.config, executor=executor))
                  if k.config.tf_type in tf_types else k for k in package.kinds)
    return dataclasses.replace(package, kinds=kinds)


def test_seed_001_002_slow_creates_fifty_fast_objects_and_twenty_references(
        cluster: Cluster, start_manager: Callable[..., Running], proxy: CloudProxy, moto: Moto,
        terraform_bin: str, plugin_dir: Path) -> None:
    ec2 = moto.client("ec2")
    holds = [proxy.pending("CreateVpc", cidr) for cidr in SLOW]
    both = dataclasses.replace(AWS, kinds=(*AWS.kinds, *AWS_CURATED_NAMESPACED.kinds))
    # Both executors in one provider, whatever the report proves: the keys and subnets direct, the VPCs on the CLI.
    package = with_executor(with_executor(both, "direct", "aws_kms_key", "aws_subnet"), "cli", "aws_vpc")
    run = start_manager(package, "aws", terraform=terraform_bin, plugin_dir=plugin_dir, poll=600.0,
                        max_concurrent_reconciles=10, max_concurrent_operations=12)
    configure_aws(run.kube)
    configure_tenant(run.kube, TENANT)
    tenant = Running(run.kube, package, run.manager, log=run.log, namespace=TENANT)

    # 001: the slow creates show Creating at once.
    def creating(name: str) -> bool:
        return bool(run.condition("VPC", name, "Ready").get("reason") == "Creating")

    for i, cidr in enumerate(SLOW):
        run.apply("VPC", f"slow-{i}", {"region": "us-east-1", "cidrBlock": cidr})
        # The cloud holds every one of these creates until the end: Creating is shown while the create
        # runs, not after it (a duration would prove nothing on a busy machine).
        run.wait(functools.partial(creating, f"slow-{i}"), "Creating while the cloud holds its create")
    run.wait(lambda: all(h.creates == 1 for h in holds), "all five creates accepted, their VPCs pending", timeout=120)
    run.kube.patch(run.res("VPC"), "slow-0", {"spec": {"forProvider": {"tags": {"changed": "during-create"}}}})

    # 002: twenty subnets at once, under forced 409s.
    if cluster.server is not None:
        cluster.server.set_faults({"conflict_every": {"update vpcs": 3, "update subnets": 4}})
    tenant.apply("VPC", "net", {"region": "us-east-1", "cidrBlock": NET}, providerConfigRef=TENANT_CONFIG)
    subnets = [f"sub-{i}" for i in range(20)]
    for i, name in enumerate(subnets):
        tenant.apply("Subnet", name, {"region": "us-east-1", "cidrBlock": f"10.70.{i}.0/24",
                                      "vpcIdRef": {"name": "net"}}, providerConfigRef=TENANT_CONFIG)
    keys = [f"seed001-key-{i}" for i in range(29)]
    for name in keys:
        run.apply("Key", name, {"region": "us-east-1", "description": name, "deletionWindowInDays": 7})
    fast = [("VPC", "net"), *(("Subnet", n) for n in subnets)]
    assert len(fast) + len(keys) == 50

    started = time.monotonic()

    # Shorter than the test's own limit, so that a timeout names the objects left and the log's tail.
    tenant.wait_ready(fast, "the tenant's VPC and subnets Ready beside the slow creates", timeout=420)
    run.wait_ready([("Key", n) for n in keys], "the keys Ready beside the slow creates", timeout=300)
    assert run.manager is not None and run.manager.executors is not None
    executors = run.manager.executors
    print(f"fifty fast objects Ready after {time.monotonic() - started:.0f}s; terraform runs "
          f"{executors.stats().terraform_runs}")
    assert executors.direct is not None and executors.direct.started >= 1, "keys and subnets went direct"
    if executor_under_test() == "auto":  # TFBRIDGE_TEST_EXECUTOR=direct puts the VPCs on it too
        assert executors.stats().terraform_runs.get("apply", 0) >= 6, "the VPCs went through the terraform CLI"
    assert all(creating(f"slow-{i}") for i in range(5)), \
        "the slow creates are still running: the fast ones were not starved"
    for hold in holds:
        hold.release.set()
    run.wait(lambda: all(run.ready("VPC", f"slow-{i}") for i in range(5)), "the slow creates to finish", timeout=300)
    slow_0 = run.get("VPC", "slow-0")["metadata"]["annotations"][EXTERNAL_NAME]
    run.wait(lambda: {t["Key"]: t["Value"] for t in ec2.describe_vpcs(VpcIds=[slow_0])["Vpcs"][0].get("Tags", [])}
          .get("changed") == "during-create", "the spec change made during the create to reach moto", timeout=180)
    for cidr in SLOW:
        assert len(ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": [cidr]}])["Vpcs"]) == 1
    assert [h.creates for h in holds] == [1] * 5, "each slow VPC was asked for once"

    def pins() -> int:
        fins = tenant.get("VPC", "net")["metadata"].get("finalizers") or []
        return len([f for f in fins if f.startswith("in-use.tfbridge.io/")])

    assert pins() == 20, "every subnet pinned the VPC"
    assert all(references.pinned(Managed(tenant.get("Subnet", n))) == [("ec2.aws.m.tfbridge.io/v1beta1", "VPC", "net",
                                                                        "")]
               for n in subnets), "every subnet recorded what it pinned, in its own namespace"
    if cluster.server is not None:
        assert cluster.server.faults.injected.get("409 update vpcs", 0) > 0, "conflicts were really injected"
        cluster.server.set_faults({"conflict_every": {}})

    vpc_id = tenant.get("VPC", "net")["metadata"]["annotations"][EXTERNAL_NAME]
    tenant.delete("VPC", "net")
    tenant.wait(lambda: "waiting for 20 referencing" in tenant.condition("VPC", "net", "Ready").get("message", ""),
                "the VPC to wait for its subnets")
    for name in subnets[:-1]:
        tenant.delete("Subnet", name)
    tenant.wait(lambda: all(tenant.gone("Subnet", n) for n in subnets[:-1]), "19 subnets gone", timeout=300)
    tenant.wait(lambda: pins() == 1, "one pin left")
    assert ec2.describe_vpcs(VpcIds=[vpc_id])["Vpcs"], "the VPC stays in the cloud while a subnet references it"
    tenant.delete("Subnet", subnets[-1])
    tenant.wait(lambda: tenant.gone("VPC", "net"), "the VPC to go once the last subnet is gone", timeout=300)
    assert ec2.describe_vpcs(Filters=[{"Name": "cidr", "Values": [NET]}])["Vpcs"] == []
    assert ec2.describe_subnets(Filters=[{"Name": "vpc-id", "Values": [vpc_id]}])["Subnets"] == []

