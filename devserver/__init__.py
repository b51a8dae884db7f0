"""A small, faithful Kubernetes API server for tests and demos (the envtest analogue)."""
