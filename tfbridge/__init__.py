"""The ``tfbridge`` command: generate providers, run them, inspect and repair workspaces."""
