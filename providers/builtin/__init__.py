"""Terraform's built-in provider (``terraform_data``): its hand-written config and schema.

Kinds are built from these at run time; ``tfbridge generate providers/builtin`` writes the CRDs,
examples and deployables.
"""
