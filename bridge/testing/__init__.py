"""What tests, benchmarks and the demo share with the runtime: :mod:`bridge.testing.fakes` (the Kube
protocol straight over the local API server's store, and a scriptable in-memory cloud) and
:mod:`bridge.testing.cloud` (moto's set-up). Nothing here is imported eagerly: the fakes need the local
API server, which the provider image leaves out."""
