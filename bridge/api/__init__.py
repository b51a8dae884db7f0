"""Contracts between generated providers, the reconciler and the executors."""
