"""Kubernetes' own syntax for names, namespaces, Secret keys and labels, as anchored patterns.

The generated CRDs carry them (admission refuses a bad value) and the runtime checks them again: a
name with ``/`` or ``..`` could otherwise name another object's path, and a label value with ``,``
could extend a selector.
"""

DNS_SUBDOMAIN = r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"
DNS_LABEL = r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"
SECRET_KEY = r"^[-._a-zA-Z0-9]+$"
LABEL_NAME = r"^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$"
LABEL_VALUE = r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$"
MAX_SUBDOMAIN = 253
MAX_LABEL = 63
