"""The typed provider configuration API, shared by the generator and the runtime.

A provider author writes ``providers/<name>/config.py`` with one :class:`Provider` value.
``codegen`` reads it to decide what to generate; ``bridge`` reads the very same value at run
time (through the generated registry) to decide how to name, import and observe resources.
Because both sides call :meth:`Provider.resolve`, they cannot disagree on a resource's rules.

A provider's catalogue (each resource's facts) is data, one YAML file per API group:
:func:`load_catalog` reads and checks it. This package depends on the standard library and PyYAML only.
"""

from tfconfig.catalogfiles import Catalog, load_catalog
from tfconfig.catalogue import Exclusion, Reason
from tfconfig.credentials import (
    Context,
    Credentials,
    CredentialsError,
    CredentialsExtension,
    CredentialsUnavailable,
    ImportProbe,
    Sourced,
)
from tfconfig.externalname import (
    ExternalName,
    IDExample,
    Strategy,
    TemplateError,
    attribute_as_identifier,
    composite_by,
    composite_from_parameters,
    composite_id,
    identifier_from_provider,
    joined_attributes,
    name_as_identifier,
    parameter_as_identifier,
    templated,
)
from tfconfig.kinds import GroupRule
from tfconfig.localfiles import LocalFiles
from tfconfig.naming import camel, lower_camel, plural
from tfconfig.provider import (
    ApiVersion,
    ConfigError,
    ConfigKind,
    ExampleValues,
    InjectedField,
    Package,
    Provider,
    ResolvedResource,
    Tagging,
)
from tfconfig.resource import (
    Example,
    Importless,
    Lookup,
    ManagedElsewhere,
    OldName,
    Reference,
    Resource,
    Timeouts,
    extract_path,
)

__all__ = [
    "ApiVersion",
    "Catalog",
    "ConfigError",
    "ConfigKind",
    "Context",
    "Credentials",
    "CredentialsError",
    "CredentialsExtension",
    "CredentialsUnavailable",
    "Example",
    "ExampleValues",
    "Exclusion",
    "ExternalName",
    "GroupRule",
    "IDExample",
    "ImportProbe",
    "Importless",
    "InjectedField",
    "LocalFiles",
    "Lookup",
    "ManagedElsewhere",
    "OldName",
    "Package",
    "Provider",
    "Reason",
    "Reference",
    "ResolvedResource",
    "Resource",
    "Sourced",
    "Strategy",
    "Tagging",
    "TemplateError",
    "Timeouts",
    "attribute_as_identifier",
    "camel",
    "composite_by",
    "composite_from_parameters",
    "composite_id",
    "extract_path",
    "identifier_from_provider",
    "joined_attributes",
    "load_catalog",
    "lower_camel",
    "name_as_identifier",
    "parameter_as_identifier",
    "plural",
    "templated",
]
