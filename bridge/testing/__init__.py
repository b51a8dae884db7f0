"""Test doubles that ship with the runtime: :class:`StoreKube` (the Kube protocol straight over the
local API server's store, no HTTP) and :class:`FakeCloud` (an ExternalClient with a scriptable
in-memory cloud: blocking operations, failures, call counts)."""

from bridge.testing.fakes import FakeCloud, StoreKube

__all__ = ["FakeCloud", "StoreKube"]
