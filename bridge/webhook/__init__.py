"""The conversion webhook: the provider converts objects of its multi-version kinds between their versions
for the API server (``ConversionReview`` over HTTPS, as upjet's providers do).

- :mod:`~bridge.webhook.review`: a review answered, within bounds
- :mod:`~bridge.webhook.server`: the HTTPS server at ``/convert``
- :mod:`~bridge.webhook.certs`: its certificate (Crossplane's files, or one it makes itself) and the CA
  bundle of its CRDs
"""

from __future__ import annotations

import logging
import threading

from bridge.api.registry import ProviderPackage
from bridge.kube.client import Kube
from bridge.settings import Settings
from bridge.webhook.certs import CertificateFiles, SelfSigned
from bridge.webhook.review import Reviewer
from bridge.webhook.server import WebhookServer

log = logging.getLogger(__name__)


class Webhook:
    """The server, and for a certificate of its own, what keeps it fresh and trusted."""

    def __init__(self, server: WebhookServer, minted: SelfSigned | None) -> None:
        self.server, self.minted = server, minted
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self.server.port

    def start(self) -> Webhook:
        self.server.start()
        if self.minted is not None:
            self._thread = threading.Thread(target=self.minted.run, args=(self._stop,), daemon=True,
                                            name="webhook-certificate")
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self.server.stop()
        if self._thread is not None:
            self._thread.join(timeout=5)


def webhook_secrets(settings: Settings) -> tuple[str, ...]:
    """The Secrets of the provider's namespace that hold the webhook's keys (the one it makes itself)."""
    return (SelfSigned.secret_name(settings.webhook.service),) if settings.webhook.service else ()


def of(settings: Settings, package: ProviderPackage, kube: Kube) -> Webhook | None:
    """The webhook ``settings`` ask for, or None: none of ``package``'s kinds has several versions, or there
    is no certificate to serve (then objects are converted nowhere, and reads at another version fail)."""
    reviewer = Reviewer.of(package.kinds)
    if not reviewer.kinds:
        return None
    config = settings.webhook
    minted: SelfSigned | None = None
    if config.certs_dir is not None:
        files = CertificateFiles(config.certs_dir)
        context = files.context
    elif config.service:
        minted = SelfSigned(kube, settings.namespace, config.service, sorted({k.config.crd_name for k in
                                                                               reviewer.kinds.values()}))
        minted.ensure()
        injected = minted.inject()
        log.info("conversion webhook certificate ready", extra={"service": config.service, "crds_patched": injected})
        context = minted.context
    else:
        log.warning("no conversion webhook: no certificate directory (--certs-dir) and no Service to make one for "
                    "(--webhook-service); objects of kinds served at several versions are readable at the version "
                    "they are stored at only", extra={"kinds": len(reviewer.kinds)})
        return None
    return Webhook(WebhookServer(reviewer, context, port=config.port), minted)
