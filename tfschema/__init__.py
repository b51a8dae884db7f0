"""A provider's Terraform schema as the generator and the runtime both read it.

* :mod:`tfschema.schema`    parses ``terraform providers schema -json`` into frozen dataclasses, all at
  once (the generator) or one resource at a time, when first used (the runtime);
* :mod:`tfschema.catalogue` decides which resources become kinds and why the others do not;
* :mod:`tfschema.fields`    turns one resource schema plus its config into field trees (forProvider,
  initProvider, atProvider): the CRD is rendered from them and specs are converted by walking them;
* :mod:`tfschema.digest`    ties a served CRD to the trees the runtime builds.

Standard library and :mod:`tfconfig` only: codegen and bridge both import it, never each other.
"""
