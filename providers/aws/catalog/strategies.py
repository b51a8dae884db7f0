"""The two external-name facts most of the catalogue shares, and the timeouts of slow services.

``tfbridge schema probe-imports`` imported every resource of the aws provider 5.100 with a probe ID
(``import_probe.json``). Most importers copy the ID into the state's ``id`` unchanged: for those the
import ID is the state id, so the external name is the state id (:data:`PROBED`). Where
provider-upjet-aws names such a resource by an argument and writes that argument as its state id,
the argument is the external name instead (:func:`by_name`), so an existing object can be adopted
by name.
"""

from tfconfig import ExternalName, Timeouts, identifier_from_provider, name_as_identifier, parameter_as_identifier

PROBED = identifier_from_provider().sourced("probe", "the importer takes the state id as it is")


def by_name(argument: str = "name") -> ExternalName:
    """Named by ``argument``, which is also the state id: the importer takes the state id as it is,
    and provider-upjet-aws (in its tested table) names the resource by ``argument`` and writes it
    as the state id."""
    base = name_as_identifier() if argument == "name" else parameter_as_identifier(argument)
    return base.sourced("probe+upjet", f"the importer takes the state id as it is, and {argument} is that id")


# Databases, clusters, search domains and distributions whose operations the provider itself lets
# run well past the default 30 minutes (their Terraform documentation lists defaults up to 120).
SLOW = Timeouts(create=7200.0, update=7200.0, delete=7200.0, observe=300.0)
