import signal
import subprocess
import sys
import threading
from pathlib import Path

from kubernetes import client

from bridge.kube.client import CRDS, HTTPKube, api_client
from tests.support.waiting import wait_for


def test_dev_apiserver_serves_with_crds_and_stops_on_sigterm(tmp_path: Path) -> None:
    kubeconfig = tmp_path / "kubeconfig"
    proc = subprocess.Popen([sys.executable, "-m", "tfbridge", "dev", "apiserver", "--kubeconfig", str(kubeconfig),
                             "--crds", "providers/builtin/crds", "--bookmark-interval", "0.2"],
                            stderr=subprocess.DEVNULL, cwd=Path(__file__).resolve().parents[2])
    try:
        wait_for(kubeconfig.exists, timeout=30, what="the kubeconfig")
        crds = client.ApiextensionsV1Api(api_client(str(kubeconfig))).list_custom_resource_definition()
        assert {c.metadata.name for c in crds.items} == {
            "datas.core.builtin.tfbridge.io", "providerconfigs.builtin.tfbridge.io",
            "providerconfigusages.builtin.tfbridge.io", "datas.core.builtin.m.tfbridge.io",
            "providerconfigs.builtin.m.tfbridge.io", "clusterproviderconfigs.builtin.m.tfbridge.io",
            "providerconfigusages.builtin.m.tfbridge.io"}
        events = HTTPKube(api_client(str(kubeconfig))).watch(CRDS, "", timeout=10, stop=threading.Event())
        assert "BOOKMARK" in (kind for kind, _ in events), "a watch that asks for bookmarks gets them at the interval"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
