"""tfbridge's in-cluster runtime, in the order a managed resource flows through it.

* :mod:`bridge.api`        the contracts: generated-model base class, the kind registry, the
  ExternalClient protocol, its typed results and errors. Standard library and pydantic only.
* :mod:`bridge.kube`       the cluster: client, informer cache, rate-limited work queue,
  controllers, leader election, metrics.
* :mod:`bridge.managed`    the reconciler with crossplane-runtime's semantics, its collaborators,
  the operation pool, ProviderConfigs. It never sees an executor.
* :mod:`bridge.workspace`  the floor both executors stand on: the workspace store with typed
  metadata, the one escaping ``main.tf.json`` builder, tfstate v4, the Observation from a state,
  and the one module that uses the generated models.
* :mod:`bridge.tfexec`     the executor that runs the terraform CLI.
* :mod:`bridge.tfplugin`   the executor that speaks the provider's plugin protocol itself; a
  sibling of ``tfexec``, never importing it.
* :mod:`bridge.processes`  the pod's bounded pool of long-lived provider processes, for both.
* :mod:`bridge.executors`  the one place that chooses a kind's executor.
* :mod:`bridge.settings`   what an operator sets; :mod:`bridge.manager` wires everything.
* :mod:`bridge.testing`    fakes and the moto set-up that tests, benchmarks and the demo share;
  :mod:`bridge.devserver`, the local API server for tests and demos.
"""
