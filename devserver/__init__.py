"""A small, faithful Kubernetes API server for tests and demos (the envtest analogue), never for real
credentials. The runtime never imports it, and the provider image leaves it out.

- :mod:`~devserver.server`: HTTP(S) on 127.0.0.1, the checks that keep it local, routing, watches
- :mod:`~devserver.store`: objects, resourceVersions, finalizers, garbage collection, admission
- :mod:`~devserver.openapi`: a CRD schema's pruning, defaults and validation
- :mod:`~devserver.rules`: CEL ``x-kubernetes-validations``
- :mod:`~devserver.fieldmanager`: ``managedFields`` and server-side apply
- :mod:`~devserver.patch`: merge, JSON and strategic merge patches
- :mod:`~devserver.tables`: ``Table`` responses and printer columns
- :mod:`~devserver.discovery`, :mod:`~devserver.documents`, :mod:`~devserver.openapiv2`: API discovery and
  the OpenAPI v2/v3 documents kubectl reads
- :mod:`~devserver.builtin`: the built-in kinds it serves; :mod:`~devserver.names`: object names;
  :mod:`~devserver.protobuf`: kubectl's protobuf request bodies; :mod:`~devserver.tls`: its certificate
"""
