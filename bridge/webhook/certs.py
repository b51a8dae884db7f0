"""Where the conversion webhook's TLS certificate comes from, and how the API server learns to trust it.

Two ways, one per way of installing a provider:

- :class:`CertificateFiles`: ``tls.crt`` and ``tls.key`` in a directory. Crossplane's package manager makes
  a certificate for each provider, mounts it at ``/tls/server`` (``TLS_SERVER_CERTS_DIR``), and writes its
  CA into the ``caBundle`` of every package CRD that asks for a conversion webhook, with the Service it
  runs in front of the provider: the provider only serves.
- :class:`SelfSigned`: without Crossplane (``deploy/``), the provider makes a CA and a certificate for its
  webhook's Service itself, keeps them in a Secret of its namespace (so that every replica serves the same
  one, and a restart keeps it), renews the certificate before it expires, and writes the CA into the
  ``caBundle`` of its own multi-version CRDs, as operators' certificate controllers commonly do. Its role
  may patch exactly those CRDs (by name) and read and write Secrets of its namespace, nothing more.

A Secret that holds a private key is never one a managed resource may name (see
:meth:`SelfSigned.secret_name`).
"""

from __future__ import annotations

import base64
import datetime
import logging
import os
import ssl
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from bridge.kube import errors
from bridge.kube.client import CRDS, SECRETS, Kube, Obj
from tfschema import digest

log = logging.getLogger(__name__)

CERT_FILE, KEY_FILE, CA_FILE, CA_KEY_FILE = "tls.crt", "tls.key", "ca.crt", "ca.key"
CA_VALIDITY = datetime.timedelta(days=3650)
VALIDITY = datetime.timedelta(days=365)
# A certificate with less than this left is renewed (the CA too, which changes the CRDs' caBundle).
RENEW_BEFORE = datetime.timedelta(days=30)
# How often the Secret and the CRDs are looked at again: a CRD applied anew (without our caBundle) is
# converted again within this, and a certificate renewed by another replica served.
RECHECK = 60.0


def context_of(cert: bytes, key: bytes) -> ssl.SSLContext:
    """A server context for a PEM certificate (chain) and key. ``load_cert_chain`` reads files only: one
    private scratch file, removed at once."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    fd, path = tempfile.mkstemp(prefix="tfbridge-webhook-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(cert.rstrip(b"\n") + b"\n" + key)
        context.load_cert_chain(path)
    finally:
        os.unlink(path)
    return context


class CertificateFiles:
    """``tls.crt`` and ``tls.key`` of ``directory``, read again when either changes (looked at no more often
    than every few seconds)."""

    def __init__(self, directory: Path, *, every: float = 5.0) -> None:
        self.directory = directory
        self._every = every
        self._lock = threading.Lock()
        self._stamp: tuple[float, float] | None = None
        self._checked = 0.0
        self._context: ssl.SSLContext | None = None
        self.context()  # a missing or unreadable certificate is an error at start, not at the first request

    def _read(self) -> None:
        cert, key = self.directory / CERT_FILE, self.directory / KEY_FILE
        stamp = (cert.stat().st_mtime, key.stat().st_mtime)
        if stamp != self._stamp:
            self._context = context_of(cert.read_bytes(), key.read_bytes())
            self._stamp = stamp

    def context(self) -> ssl.SSLContext:
        with self._lock:
            now = time.monotonic()
            if self._context is None or now - self._checked >= self._every:
                self._checked = now
                try:
                    self._read()
                except (OSError, ssl.SSLError):
                    if self._context is None:
                        raise
                    log.warning("the webhook's certificate files cannot be read; serving the last one read",
                                exc_info=True)
            assert self._context is not None
            return self._context


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def new_ca(common_name: str, now: datetime.datetime) -> tuple[bytes, bytes]:
    """A CA certificate and its key (PEM)."""
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name(common_name)).issuer_name(_name(common_name))
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + CA_VALIDITY)
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                         crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            .sign(key, hashes.SHA256()))
    return cert.public_bytes(serialization.Encoding.PEM), _pem_key(key)


def new_certificate(ca_cert: bytes, ca_key: bytes, dns_names: Sequence[str],
                    now: datetime.datetime) -> tuple[bytes, bytes]:
    """A server certificate for ``dns_names`` signed by the CA, and its key (PEM)."""
    issuer = x509.load_pem_x509_certificate(ca_cert)
    signer = serialization.load_pem_private_key(ca_key, password=None)
    assert isinstance(signer, ec.EllipticCurvePrivateKey)
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name(dns_names[0])).issuer_name(issuer.subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + VALIDITY)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in dns_names]), critical=False)
            .sign(signer, hashes.SHA256()))
    return cert.public_bytes(serialization.Encoding.PEM), _pem_key(key)


def _expires(pem: bytes) -> datetime.datetime:
    return x509.load_pem_x509_certificate(pem).not_valid_after_utc


def service_names(service: str, namespace: str) -> tuple[str, ...]:
    """The names the API server may reach a Service by; it asks for ``<service>.<namespace>.svc``."""
    return (f"{service}.{namespace}.svc", service, f"{service}.{namespace}", f"{service}.{namespace}.svc.cluster.local")


class SelfSigned:
    """A certificate for ``service`` in ``namespace``, kept in the Secret :meth:`secret_name`, its CA written
    into the ``caBundle`` of ``crds`` (CRD names) that name that Service for their conversion."""

    def __init__(self, kube: Kube, namespace: str, service: str, crds: Sequence[str], *,
                 now: Callable[[], datetime.datetime] = lambda: datetime.datetime.now(datetime.UTC)) -> None:
        self.kube, self.namespace, self.service, self.crds = kube, namespace, service, tuple(sorted(crds))
        self._now = now
        self._lock = threading.Lock()
        self._data: dict[str, bytes] = {}
        self._context: ssl.SSLContext | None = None

    @staticmethod
    def secret_name(service: str) -> str:
        return f"{service}-tls"

    @property
    def ca_bundle(self) -> bytes:
        return self._data[CA_FILE]

    def context(self) -> ssl.SSLContext:
        with self._lock:
            if self._context is None:
                raise RuntimeError("no certificate yet: call ensure() first")
            return self._context

    def ensure(self) -> None:
        """The Secret's certificate, made or renewed when it is missing or about to expire, served from now on."""
        name = self.secret_name(self.service)
        for _ in range(5):  # replicas starting together: the one that writes second reads the first one's
            try:
                secret: Obj | None = self.kube.get(SECRETS, name, self.namespace)
            except errors.NotFound:
                secret = None
            data = {k: base64.b64decode(v) for k, v in ((secret or {}).get("data") or {}).items()}
            fresh = self._renewed(data)
            try:
                if secret is None:
                    self.kube.create(SECRETS, self._secret(name, fresh), self.namespace)
                elif fresh != data:
                    self.kube.update(SECRETS, {**self._secret(name, fresh), "metadata": {
                        **secret["metadata"], "name": name, "namespace": self.namespace}})
            except errors.Conflict:
                continue
            self._serve(fresh)
            return
        raise RuntimeError(f"the Secret {self.namespace}/{name} keeps changing under the webhook's certificate")

    def _renewed(self, data: dict[str, bytes]) -> dict[str, bytes]:
        now = self._now()
        have = all(data.get(k) for k in (CA_FILE, CA_KEY_FILE, CERT_FILE, KEY_FILE))
        out = dict(data) if have else {}
        try:
            if have and _expires(out[CA_FILE]) - now < RENEW_BEFORE:
                out = {}
            if not out:
                out[CA_FILE], out[CA_KEY_FILE] = new_ca(f"{self.service}-ca", now)
            if CERT_FILE not in out or _expires(out[CERT_FILE]) - now < RENEW_BEFORE:
                out[CERT_FILE], out[KEY_FILE] = new_certificate(out[CA_FILE], out[CA_KEY_FILE],
                                                                service_names(self.service, self.namespace), now)
        except ValueError:  # not a certificate: made anew
            return self._renewed({})
        return out

    def _secret(self, name: str, data: dict[str, bytes]) -> Obj:
        return {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
                "metadata": {"name": name, "namespace": self.namespace,
                             "labels": {"app.kubernetes.io/part-of": "tfbridge"}},
                "data": {k: base64.b64encode(v).decode() for k, v in sorted(data.items())}}

    def _serve(self, data: dict[str, bytes]) -> None:
        with self._lock:
            if data != self._data or self._context is None:
                self._context = context_of(data[CERT_FILE], data[KEY_FILE])
                self._data = data

    def inject(self) -> int:
        """Write the CA into the caBundle of every CRD of ours that names our Service and lacks it; how many."""
        bundle = base64.b64encode(self.ca_bundle).decode()
        patched = 0
        ours = set(self.crds)
        crds, _ = self.kube.list(CRDS, label_selector=f"{digest.CONVERSION_LABEL}={digest.CONVERSION_WEBHOOK}")
        for crd in crds:
            name = (crd.get("metadata") or {}).get("name")
            if name not in ours:
                continue
            webhook = ((crd.get("spec") or {}).get("conversion") or {}).get("webhook") or {}
            config = webhook.get("clientConfig") or {}
            service = config.get("service") or {}
            if (service.get("name"), service.get("namespace")) != (self.service, self.namespace):
                continue  # converted by another webhook (Crossplane's, for a package): not ours to change
            if config.get("caBundle") == bundle:
                continue
            self.kube.patch(CRDS, name, {"spec": {"conversion": {"webhook": {"clientConfig": {"caBundle": bundle}}}}})
            patched += 1
        return patched

    def run(self, stop: threading.Event) -> None:
        """Keep the certificate fresh and the CRDs' caBundle ours until ``stop``."""
        while not stop.wait(RECHECK):
            try:
                self.ensure()
                if (count := self.inject()):
                    log.info("conversion webhook's CA written into CRDs", extra={"crds": count})
            except (errors.APIError, RuntimeError):
                log.warning("the conversion webhook's certificate or CRDs could not be checked", exc_info=True)
