"""The AWS provider: its hand-written config (``config.py``) and Terraform schema (``schema.json.gz``).

Kinds are built from these two at run time (``bridge.api.registry.load("aws")``); ``tfbridge generate
providers/aws`` writes the CRDs, examples and deployables, and the committed catalogue ``zz_catalogue.yaml``.
"""
