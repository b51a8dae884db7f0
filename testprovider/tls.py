"""go-plugin's AutoMTLS, on the plugin's side: a certificate of its own, and TLS in front of gRPC.

terraform's go-plugin client sends a fresh self-signed ECDSA P-521 certificate in
``PLUGIN_CLIENT_CERT`` and dials TLS (1.2 at least, ALPN ``h2``) with it, whatever the plugin
answers. gRPC's own TLS (BoringSSL) cannot take that certificate: it does not offer the
ecdsa_secp521r1_sha512 signature scheme, so Go finds no certificate the server would accept, sends
none, and the handshake fails (``PEER_DID_NOT_RETURN_A_CERTIFICATE``). So gRPC serves plaintext on a
private socket, and the socket terraform dials is Python's ``ssl`` (OpenSSL, which offers it),
relaying each connection's bytes to gRPC's socket. The certificate is made as the local API
server makes its own (:class:`devserver.tls.Certificate`): self-signed, its own CA, for ``localhost``.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import ssl
import threading
from pathlib import Path

from devserver.tls import Certificate


def context(client_cert: str) -> tuple[ssl.SSLContext, str]:
    """A server context that presents a fresh self-signed certificate for ``localhost`` (the name
    go-plugin's client verifies) and requires the client certificate ``client_cert``; and that
    certificate as the handshake line carries it (unpadded base64 of its DER)."""
    own = Certificate()
    ctx = own.context()
    ctx.verify_mode = ssl.CERT_REQUIRED
    ctx.load_verify_locations(cadata=client_cert)
    ctx.set_alpn_protocols(["h2"])  # grpc-go refuses a TLS server that does not choose h2
    der = ssl.PEM_cert_to_DER_cert(own.pem.decode())
    return ctx, base64.b64encode(der).decode().rstrip("=")


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(1 << 16):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, ssl.SSLError):
        pass
    finally:
        with contextlib.suppress(ConnectionError, ssl.SSLError, RuntimeError):
            writer.close()


class Terminator:
    """TLS on ``listen`` (a unix socket), each connection relayed to plaintext gRPC on ``upstream``;
    served by an event loop on a thread of its own."""

    def __init__(self, listen: Path, upstream: Path, ctx: ssl.SSLContext) -> None:
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(listen, upstream, ctx), daemon=True,
                                        name="tfbtest-tls")
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed

    def _run(self, listen: Path, upstream: Path, ctx: ssl.SSLContext) -> None:
        async def relay(tls_reader: asyncio.StreamReader, tls_writer: asyncio.StreamWriter) -> None:
            try:
                reader, writer = await asyncio.open_unix_connection(str(upstream))
            except OSError:
                tls_writer.close()
                return
            await asyncio.gather(_pump(tls_reader, writer), _pump(reader, tls_writer))

        asyncio.set_event_loop(self._loop)
        try:
            self._server = self._loop.run_until_complete(
                asyncio.start_unix_server(relay, path=str(listen), ssl=ctx))
        except BaseException as exc:
            self._failed = exc
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
