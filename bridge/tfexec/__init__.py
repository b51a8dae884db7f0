"""The terraform CLI executor: an ExternalClient that runs terraform in each managed resource's workspace.

:mod:`backend` is what the manager sees (the runner, the shared provider installation and
processes, data reads); :mod:`client` is the ExternalClient, which says what to do with
:mod:`verbs` (plan, apply, import, untaint, destroy as typed results). Below them, :mod:`runner`
runs terraform with a deadline and a clean interrupt, :mod:`jsonstream` parses what it prints,
:mod:`plugins` installs providers once for all workspaces and :mod:`providers` starts the
long-lived provider processes runs reattach to. The workspaces themselves are
:mod:`bridge.workspace`'s, shared with the direct executor.
"""
