"""The Terraform CLI executor: workspaces on disk, the terraform runner, and an ExternalClient over them.

In data-flow order: :mod:`mainfile` renders ``main.tf.json`` (pure) → :mod:`workspace` keeps one
locked directory per managed resource → :mod:`runner` runs terraform there with a deadline →
:mod:`jsonstream` and :mod:`state` parse what it prints and writes → :mod:`client` turns it all
into Observations for the reconciler. :mod:`plugins` shares provider installation between
workspaces and :mod:`providers` shares long-lived provider processes.
"""
