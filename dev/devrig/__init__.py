"""The local rig: everything a run of a provider on one machine needs around it, for the demo, the
conformance runner, the benchmarks and the tests. A development package: never in a provider image, and
nothing of the product imports it.

* :mod:`devrig.rig`       the rig: moto, the local API server, the namespace, credentials and
  ProviderConfig, the provider in a thread; one context manager, typed options.
* :mod:`devrig.moto`      moto, in a process of its own or in this one: the one wrapper.
* :mod:`devrig.cloud`     what points the aws provider at moto: its arguments, credentials, ProviderConfig.
* :mod:`devrig.fakes`     the Kube protocol over the local API server's store, and a scriptable cloud.
* :mod:`devrig.children`  stopping the processes a local command started.
* :mod:`devrig.demo`, :mod:`devrig.dev`  the ``tfbridge demo`` and ``tfbridge dev apiserver`` commands.
"""
