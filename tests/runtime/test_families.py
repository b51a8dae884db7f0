"""Provider families: two families and the config family run at once, and each reconciles only its own kinds."""

from __future__ import annotations

from collections.abc import Callable

from bridge.api.registry import CONFIG_FAMILY
from bridge.managed.providerconfig import IN_USE, ConfigResources
from devrig.fakes import FakeCloud
from tests.support.packages import AWS_CURATED as AWS
from tests.support.running import Running
from tests.support.waiting import wait_for


def test_two_families_run_at_once_and_each_reconciles_only_its_own(start_manager: Callable[..., Running]) -> None:
    clouds = {"ec2": FakeCloud(), "iam": FakeCloud()}
    runs = {family: start_manager(AWS.family(family), "aws", family=family, client_factory=cloud.client,
                                  provider_config_controller=False)
            for family, cloud in clouds.items()}
    config = start_manager(AWS.family(CONFIG_FAMILY), "aws", family=CONFIG_FAMILY,
                           client_factory=FakeCloud().client)
    ec2, iam = runs["ec2"], runs["iam"]
    ec2.apply("VPC", "fam-vpc", {"region": "us-east-1", "cidrBlock": "10.0.0.0/16"})
    iam.apply("Role", "fam-role", {"assumeRolePolicy": "{}"})
    wait_for(lambda: ec2.ready("VPC", "fam-vpc") and iam.ready("Role", "fam-role"), "both kinds Ready")
    assert clouds["ec2"].calls["create"] == 1 and list(clouds["iam"].resources) == ["fam-role"]
    assert clouds["iam"].calls["create"] == 1 and len(clouds["ec2"].resources) == 1
    assert {k.kind for k in ec2.package.kinds} == {"VPC", "Subnet", "SecurityGroup", "SecurityGroupIngressRule"}
    assert set(ec2.manager.controllers) == {k.id for k in ec2.package.kinds}, "no ProviderConfig controller"
    assert set(config.manager.controllers) == {"providerconfig"}
    configs = ConfigResources.of(AWS).configs
    wait_for(lambda: IN_USE in (config.kube.get(configs, "default")["metadata"].get("finalizers") or []),
          "the config family to own the ProviderConfig")
