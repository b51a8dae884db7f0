"""Where a provider is, and what it holds: the one loader the generator and the runtime share.

A provider is a Python package holding ``config.py`` (``PROVIDER = tfconfig.Provider(...)``), its
Terraform schema (``Provider.schema_file``) and its data (``catalog/``). :func:`load` finds it by

* a path: the package's directory (``providers/aws``), or the root of a provider project whose
  ``pyproject.toml`` names the package in the ``tfbridge.providers`` entry point group (what
  ``tfbridge init`` writes);
* a name: the ``tfbridge.providers`` entry point of that name of an installed distribution (``aws``),
  or a dotted importable package (``benchpkgs.awsall``).

Standard library, :mod:`tfconfig` and :mod:`tfschema` only: codegen and bridge both import it.
"""

from tfproject.find import ENTRY_POINT_GROUP, LoadError, Location, find, installed
from tfproject.load import Loaded, load

__all__ = ["ENTRY_POINT_GROUP", "LoadError", "Loaded", "Location", "find", "installed", "load"]
