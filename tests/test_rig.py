"""The local rig the demo, conformance, the benchmarks and the tests share: what it starts, what it
configures, what it says when a part does not start, and that it leaves nothing behind."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import urllib.request
from collections.abc import Callable
from pathlib import Path

import botocore.exceptions
import pytest

from bridge.api import registry
from bridge.kube.client import NAMESPACES, SECRETS
from bridge.managed.providerconfig import ConfigResources
from bridge.settings import ExecutorSettings, Settings
from devrig import cloud
from devrig.fakes import FakeCloud
from devrig.moto import Moto
from devrig.rig import PROVIDERS, Rig, RigError, RigOptions, configure
from tests.support.packages import AWS

BUILTIN = registry.load("builtin")
# The AWS provider's ProviderConfig kinds (whose spec.configuration is the aws provider's arguments), and
# the builtin provider's kinds, which run on a fake cloud.
CRDS = (PROVIDERS / "aws" / "crds" / "config", PROVIDERS / "builtin" / "crds")


def test_a_rig_starts_the_api_server_configures_it_and_runs_a_provider(tmp_path: Path) -> None:
    with Rig(tmp_path, RigOptions(moto="none", crds=CRDS)) as rig:
        kube = rig.up(AWS.provider)
        assert kube.get(NAMESPACES, "crossplane-system")["metadata"]["name"] == "crossplane-system"
        secret = kube.get(SECRETS, cloud.CREDENTIALS_SECRET[1], cloud.CREDENTIALS_SECRET[0])
        assert json.loads(base64.b64decode(secret["data"]["credentials"])) == {"access_key": "test",
                                                                                "secret_key": "test"}
        config = kube.get(ConfigResources.of(AWS).configs, "default")
        assert config["spec"]["configuration"] == dict(cloud.MOTO_PROVIDER_CONFIGURATION)
        assert config["spec"]["credentials"]["secretRef"]["name"] == cloud.CREDENTIALS_SECRET[1]
        provider = rig.run_provider(BUILTIN, Settings(executors=ExecutorSettings(workspace_root=tmp_path / "ws"),
                                                      health_port=0), client_factory=FakeCloud().client,
                                    ready_timeout=60)
        assert provider.manager.ready()
        server = rig.server
        assert server is not None
    assert not provider.thread.is_alive(), "the provider stopped with the rig"
    assert server.poll() is not None, "the API server stopped with the rig"


def test_configure_again_patches_what_exists(tmp_path: Path) -> None:
    with Rig(tmp_path, RigOptions(moto="none", crds=CRDS)) as rig:
        kube = rig.up(AWS.provider)
        configure(kube, AWS.provider, credentials=cloud.credentials_secret("other"),
                  configuration={"region": "eu-west-1"})
        secret = kube.get(SECRETS, cloud.CREDENTIALS_SECRET[1], cloud.CREDENTIALS_SECRET[0])
        assert json.loads(base64.b64decode(secret["data"]["credentials"]))["access_key"] == "other"
        config = kube.get(ConfigResources.of(AWS).configs, "default")
        assert config["spec"]["configuration"] == {**cloud.MOTO_PROVIDER_CONFIGURATION, "region": "eu-west-1"}, \
            "merged into what was there"


def test_an_api_server_that_does_not_start_is_named_with_its_log(tmp_path: Path) -> None:
    with Rig(tmp_path, RigOptions(moto="none", crds=(tmp_path / "no-such-directory",))) as rig, \
            pytest.raises(RigError, match=r"^the local API server did not start \(it exited with 2\); its log ends: "
                                          r".*no-such-directory"):
        rig.start_apiserver()


def test_moto_in_process_points_the_sdk_at_itself_and_remembers_hosts_it_has_no_backend_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_CA_BUNDLE", "/somewhere/ca.pem")
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    with Rig(tmp_path, RigOptions(moto="in-process")) as rig:
        moto = rig.start_moto()
        assert os.environ["AWS_ENDPOINT_URL"] == moto.endpoint and "AWS_CA_BUNDLE" not in os.environ
        assert moto.pid is None, "no process of its own"
        # A call signed for a service moto does not emulate (moto reads the service from the signature).
        signed = "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/waf-regional/aws4_request, SignedHeaders=host"
        request = urllib.request.Request(f"{moto.endpoint}/", data=b"{}", headers={"Authorization": signed})
        with contextlib.suppress(OSError):  # whatever moto answers for a host it has no backend for
            urllib.request.urlopen(request, timeout=10).close()
        assert moto.unsupported == ["waf-regional.us-east-1.amazonaws.com"]
        assert moto.client("sqs").create_queue(QueueName="rig")["QueueUrl"].endswith("/rig")
    assert "AWS_ENDPOINT_URL" not in os.environ and os.environ["AWS_CA_BUNDLE"] == "/somewhere/ca.pem", "put back"


@pytest.mark.parametrize("start", [Moto.in_process, Moto.start], ids=["in-process", "own-process"])
def test_moto_refuses_bucket_configurations_it_would_answer_as_calls_on_the_bucket(
        start: Callable[[], Moto]) -> None:
    with start() as moto:
        s3 = moto.client("s3")

        def refused(call: Callable[..., object], **kwargs: object) -> str:
            with pytest.raises(botocore.exceptions.ClientError) as caught:
                call(Bucket="metered", Id="EntireBucket", **kwargs)
            error = caught.value.response["Error"]
            return f"{error['Code']}: {error['Message']}"

        def buckets() -> list[str]:
            return [b["Name"] for b in s3.list_buckets()["Buckets"]]

        # moto itself answers a metrics configuration's PUT by creating the bucket, and its DELETE by deleting it.
        assert refused(s3.put_bucket_metrics_configuration, MetricsConfiguration={"Id": "EntireBucket"}) == \
            ("NotImplemented: moto does not emulate PUT ?metrics on a bucket: it would answer it as a call on the "
             "bucket itself")
        assert buckets() == [], "no bucket made by another object's configuration"
        s3.create_bucket(Bucket="metered")
        s3.put_bucket_tagging(Bucket="metered", Tagging={"TagSet": [{"Key": "k", "Value": "v"}]})
        assert refused(s3.delete_bucket_metrics_configuration).startswith("NotImplemented: moto does not emulate "
                                                                          "DELETE ?metrics")
        assert refused(s3.delete_bucket_analytics_configuration).startswith("NotImplemented: moto does not emulate "
                                                                            "DELETE ?analytics")
        assert buckets() == ["metered"], "the bucket outlives a refused configuration's delete"
        # What moto emulates goes through: a configuration's delete, the bucket's own.
        s3.delete_bucket_tagging(Bucket="metered")
        assert buckets() == ["metered"]
        s3.delete_bucket(Bucket="metered")
        assert buckets() == []


def test_moto_in_a_process_of_its_own_stops() -> None:
    with Moto.start() as moto:
        assert moto.client("sqs").create_queue(QueueName="rig")["QueueUrl"].endswith("/rig")
        moto.reset()
        assert not moto.client("sqs").list_queues().get("QueueUrls"), "reset empties the cloud"
        assert moto.process is not None
    assert moto.process.poll() is not None
    # What answered was that process: a server another test started on a port it had meant to take would go on.
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{moto.endpoint}/moto-api/", timeout=5).close()


def test_moto_in_a_process_of_its_own_listens_where_it_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every port chosen before binding collides with a server already listening there: the process binds
    # its own and names it, so it never talks to that server instead.
    with Moto.start() as taken:
        port = int(taken.endpoint.rsplit(":", 1)[1])
        monkeypatch.setattr("devrig.moto.free_port", lambda: port)
        with Moto.start() as moto:
            assert moto.endpoint != taken.endpoint
            moto.client("sqs").create_queue(QueueName="own")
            assert not taken.client("sqs").list_queues().get("QueueUrls"), "the other server got nothing"
