"""tfbridge's code generator: Terraform provider schema + provider config → a Kubernetes provider.

The pipeline, in data-flow order:

* :mod:`codegen.schema`  parses ``terraform providers schema -json`` into frozen dataclasses;
* :mod:`codegen.fields`  turns one resource schema plus its config into typed field trees
  (forProvider, initProvider, atProvider);
* :mod:`codegen.crd`     renders those trees as CRDs (OpenAPI v3), checked by
  :mod:`codegen.structural`;
* :mod:`codegen.models`  renders them as pydantic model class specs;
* :mod:`codegen.examples` builds an example manifest per kind;
* :mod:`codegen.render`  runs the jinja2 templates over everything, in sorted order;
* :mod:`codegen.pipeline` ties it together and writes the tree all at once, or not at all.
"""
