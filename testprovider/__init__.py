"""tfbtest: a Terraform provider plugin of protocol 6, written in Python, kept as a test fixture.

It is served the way a Go provider is (go-plugin's handshake and AutoMTLS, gRPC with reflection), so
the real ``terraform`` CLI and the direct executor both run it, installed into a filesystem mirror
(:mod:`testprovider.mirror`). It manages objects in an SQLite file that tests read from outside
(:mod:`testprovider.store`); its schema (:mod:`testprovider.schema`) exercises what the aws provider
does not. Nothing in the runtime imports it, and the image leaves it out. See docs/test-provider.md.
"""

NAMESPACE = "tfbridge"
NAME = "tfbtest"
VERSION = "0.1.0"
SOURCE = f"{NAMESPACE}/{NAME}"
