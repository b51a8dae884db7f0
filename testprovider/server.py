"""Serving the provider as a Terraform plugin: go-plugin's handshake, its AutoMTLS, and gRPC.

What a host expects of a plugin it starts (HashiCorp go-plugin, as terraform and the direct
executor use it):

* the magic cookie in the environment (``TF_PLUGIN_MAGIC_COOKIE``), else the plugin refuses to run;
  ``PLUGIN_PROTOCOL_VERSIONS`` lists the protocols the host speaks, and must include 6;
* one line on stdout, ``1|6|unix|<socket>|grpc|<certificate>``: core protocol 1, plugin protocol 6,
  where it listens, and, when the host sent a client certificate, the plugin's own;
* AutoMTLS: terraform sends a fresh self-signed client certificate in ``PLUGIN_CLIENT_CERT`` (PEM)
  and then dials TLS whatever the plugin answers (go-plugin's client keeps the TLS configuration it
  made, so a plaintext server fails its handshake). The plugin makes a self-signed certificate for
  the name ``localhost``, serves TLS that requires the host's certificate (:mod:`testprovider.tls`),
  and prints its own in the handshake line as unpadded base64 of the DER. Without
  ``PLUGIN_CLIENT_CERT`` (the direct executor removes it; terraform sends none when
  ``TF_DISABLE_PLUGIN_TLS`` is set) it serves plaintext gRPC on the socket it names;
* ``plugin.GRPCController/Shutdown``, which the host calls when done: the plugin exits, so the host
  does not wait out its grace period before killing it; the health service answers SERVING for
  ``plugin``; SIGINT belongs to the host and is ignored, SIGTERM stops the plugin.

With ``-debug`` (as the Go SDKs' debug mode, which the CLI executor's shared provider processes use) it
needs no cookie, serves plaintext gRPC and prints ``TF_REATTACH_PROVIDERS='{...}'`` instead of the
handshake: terraform reattaches to it, run after run, and never stops it (Shutdown is ignored; SIGTERM
stops it).

gRPC reflection serves :mod:`testprovider.protocol`'s descriptors.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import grpc
from grpc_reflection.v1alpha import reflection

from bridge.tfplugin.process import MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE
from testprovider import SOURCE, protocol
from testprovider.provider import Provider

PROTOCOL_VERSION = 6
# Calls served at once: terraform applies up to 10 resources in parallel.
WORKERS = 16


def _handlers(provider: Provider, done: threading.Event, *, debug: bool = False) -> list[Any]:
    def unary(method: str) -> Any:
        return grpc.unary_unary_rpc_method_handler(
            lambda request, context: provider.answer(method, request),
            request_deserializer=protocol.message(f"{method}.Request").FromString,
            response_serializer=lambda m: m.SerializeToString())

    def shutdown(request: bytes, context: Any) -> bytes:
        if not debug:  # a reattached plugin serves the runs after this one too
            done.set()
        return b""  # plugin.Empty

    # HealthCheckResponse{status: SERVING}, hand-encoded: go-plugin's client asks for "plugin".
    health = grpc.unary_unary_rpc_method_handler(lambda request, context: b"\x08\x01")
    return [grpc.method_handlers_generic_handler(protocol.SERVICE, {m: unary(m) for m in protocol.METHODS}),
            grpc.method_handlers_generic_handler("plugin.GRPCController",
                                                 {"Shutdown": grpc.unary_unary_rpc_method_handler(shutdown)}),
            grpc.method_handlers_generic_handler("grpc.health.v1.Health", {"Check": health})]


def serve(provider: Provider, *, debug: bool = False) -> None:
    """Serve ``provider`` until the host says to stop (Shutdown, SIGTERM), having printed the handshake
    (with ``debug``, the reattach configuration)."""
    if not debug and os.environ.get(MAGIC_COOKIE_KEY) != MAGIC_COOKIE_VALUE:
        sys.exit("This binary is a plugin. These are not meant to be executed directly.\n"
                 "Please execute the program that consumes these plugins, which will load any plugins automatically")
    offered = os.environ.get("PLUGIN_PROTOCOL_VERSIONS", str(PROTOCOL_VERSION)).split(",")
    if str(PROTOCOL_VERSION) not in offered:
        sys.exit(f"this plugin speaks protocol {PROTOCOL_VERSION}; the host offers {','.join(offered)}")
    done = threading.Event()
    server = grpc.server(concurrent.futures.ThreadPoolExecutor(WORKERS, thread_name_prefix="tfbtest"),
                         options=[("grpc.max_receive_message_length", 256 << 20)])
    server.add_generic_rpc_handlers(_handlers(provider, done, debug=debug))
    reflection.enable_server_reflection([protocol.SERVICE, reflection.SERVICE_NAME], server, pool=protocol.pool())
    directory = Path(tempfile.mkdtemp(prefix="plugin", dir=os.environ.get("PLUGIN_UNIX_SOCKET_DIR") or None))
    socket = directory / "tfbtest.sock"
    client_cert = "" if debug else os.environ.get("PLUGIN_CLIENT_CERT", "")
    shown, terminator = "", None
    if client_cert:
        from testprovider import tls  # only here: cryptography costs a tenth of a second to import

        grpc_socket = directory / "grpc.sock"
        server.add_insecure_port(f"unix:{grpc_socket}")
        server.start()
        ctx, shown = tls.context(client_cert)
        terminator = tls.Terminator(socket, grpc_socket, ctx)
    else:
        server.add_insecure_port(f"unix:{socket}")
        server.start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the host's: it interrupts us with StopProvider
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    if debug:
        reattach = {f"registry.terraform.io/{SOURCE}": {
            "Protocol": "grpc", "ProtocolVersion": PROTOCOL_VERSION, "Pid": os.getpid(), "Test": True,
            "Addr": {"Network": "unix", "String": str(socket)}}}
        print(f"TF_REATTACH_PROVIDERS='{json.dumps(reattach)}'", flush=True)
    else:
        print(f"1|{PROTOCOL_VERSION}|unix|{socket}|grpc|{shown}", flush=True)
    try:
        done.wait()
    finally:
        provider.StopProvider(None)  # ends creates still waiting
        server.stop(2).wait()
        if terminator is not None:
            terminator.close()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> None:
    serve(Provider(), debug="-debug" in sys.argv[1:])
    # Served and stopped: nothing is left to flush, and the interpreter's teardown of gRPC's threads
    # would keep the host waiting for the process to end.
    os._exit(0)
