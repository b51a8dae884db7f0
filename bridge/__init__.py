"""tfbridge's in-cluster runtime.

* :mod:`bridge.api`  the contracts: generated-model base class, the kind registry, the
  ExternalClient protocol and its typed results and errors. Standard library and pydantic only.
"""
