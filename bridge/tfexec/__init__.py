"""The terraform CLI executor: terraform runs in each managed resource's workspace.

:mod:`backend` is what the manager sees (the runner, the shared provider installation and
processes, data reads); :mod:`driver` holds the verbs the workspace floor's client asks of this
executor in one workspace, each a typed :mod:`verbs` run (plan, apply, import, untaint, destroy).
Below them, :mod:`runner` runs terraform with a deadline and a clean interrupt, :mod:`jsonstream`
parses what it prints, :mod:`plugins` installs providers once for all workspaces and
:mod:`providers` starts the long-lived provider processes runs reattach to. The workspaces, and
the sequence of every operation in them, are :mod:`bridge.workspace`'s, shared with the direct
executor.
"""
