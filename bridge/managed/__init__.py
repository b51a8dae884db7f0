"""The managed-resource reconciler with crossplane-runtime semantics, and its parts."""
