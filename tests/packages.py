"""The shipped providers as the runtime loads them, once per test process (loading reads the schema)."""

from bridge.api import registry

AWS = registry.load("aws")
BUILTIN = registry.load("builtin")
