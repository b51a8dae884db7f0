"""tfbridge's code generator: Terraform provider schema + provider config → a Kubernetes provider's manifests.

The pipeline, in data-flow order (the schema and the field trees come from :mod:`tfschema`, which the
runtime reads too):

* :mod:`codegen.crd`      renders a kind's field trees as a CRD (OpenAPI v3), checked by
  :mod:`codegen.structural`;
* :mod:`codegen.examples` builds an example manifest per kind;
* :mod:`codegen.deploy`   builds the deployables: the whole provider and one family per API group;
* :mod:`codegen.render`   runs the jinja2 templates over everything, in sorted order;
* :mod:`codegen.pipeline` ties it together: the committed catalogue, and the tree written all at once,
  or not at all.

No Python is generated: the runtime builds its kinds from the same config and schema.
"""
