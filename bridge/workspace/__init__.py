"""The workspace floor both executors stand on: the on-disk contract that lets a managed resource
move between them, and the one sequence every operation runs. It imports neither executor.

In data-flow order: :mod:`values` turns a spec into Terraform values (the one user of the
generated models) → :mod:`document` builds every ``main.tf.json``, escaping every user string →
:mod:`store` keeps one locked directory per managed resource, with typed :mod:`metadata` →
:mod:`tfstate` reads and writes Terraform state v4 → :mod:`kind` holds the steps around a
provider call (render, prepare, import ID, lookup, the Observation from a state) → :mod:`client`
runs each operation's sequence, asking an executor's :mod:`driver` for the verbs it does its own
way, and :mod:`applied` says how long the state our own apply saved answers. :mod:`backend` is the
seam to the manager; :mod:`identity` reads provider metadata for import IDs once.
"""
