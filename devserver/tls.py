"""The server's TLS certificate: self-signed, made at start, for 127.0.0.1 and localhost.

kubectl sends a kubeconfig's bearer token only over TLS, so the server that checks the token must
speak it. The certificate is its own CA; the kubeconfig carries it as ``certificate-authority-data``,
and the private key never leaves the process (it is written to a 0600 file only for the moment the
``ssl`` module reads it).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import ssl
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


class Certificate:
    def __init__(self) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "tfbridge-dev-apiserver")])
        now = datetime.datetime.now(datetime.UTC)
        cert = (
            x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                        x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .sign(key, hashes.SHA256()))
        self.pem = cert.public_bytes(serialization.Encoding.PEM)
        self._key = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption())

    def context(self) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        # load_cert_chain reads files only: one private scratch file, removed at once.
        fd, path = tempfile.mkstemp(prefix="tfbridge-dev-tls-")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(self.pem + self._key)
            context.load_cert_chain(path)
        finally:
            os.unlink(path)
        return context
