"""The ``tfbridge`` command (the product's CLI): run a provider, generate one, refresh its schema, inspect
workspaces, say its version. The runtime it runs is :mod:`bridge`; development commands come from the
development package (``dev/``) through the entry point group ``tfbridge.commands``."""
