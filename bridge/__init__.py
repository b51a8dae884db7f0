"""tfbridge's in-cluster runtime, in the order a managed resource flows through it.

* :mod:`bridge.api`        the contracts: the kind registry (kinds built from a provider's config and
  schema), spec ⇄ Terraform conversion over the schema's field trees, the ExternalClient protocol and
  its typed results and errors. Standard library, :mod:`tfconfig` and :mod:`tfschema` only.
* :mod:`bridge.kube`       the cluster: client, informer cache, rate-limited work queue,
  controllers, leader election, metrics.
* :mod:`bridge.managed`    the reconciler with crossplane-runtime's semantics, its collaborators,
  the operation pool, ProviderConfigs. It never sees an executor.
* :mod:`bridge.workspace`  the floor both executors stand on: the workspace store with typed
  metadata, the one escaping ``main.tf.json`` builder, tfstate v4, the Observation from a state,
  and the one module that converts a spec and a state for the executors.
* :mod:`bridge.tfexec`     the executor that runs the terraform CLI.
* :mod:`bridge.tfplugin`   the executor that speaks the provider's plugin protocol itself; a
  sibling of ``tfexec``, never importing it.
* :mod:`bridge.processes`  the pod's bounded pool of long-lived provider processes, for both.
* :mod:`bridge.executors`  the one place that chooses a kind's executor.
* :mod:`bridge.settings`   what an operator sets; :mod:`bridge.manager` wires everything.
"""
