"""tfbridge's in-cluster runtime.

* :mod:`bridge.api`  the contracts: the kind registry (kinds built from a provider's config and schema),
  spec ⇄ Terraform conversion over the schema's field trees, the ExternalClient protocol and its typed
  results and errors. Standard library, :mod:`tfconfig` and :mod:`tfschema` only.
"""
