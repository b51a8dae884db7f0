"""The code the AWS catalogue's data names (``catalog/*.yaml``): a strategy, and import IDs a template
cannot express (optional parts, one of several arguments, an ARN built from the account).

Each import-ID function takes (external name, parameters, setup) and returns the ID the resource's
importer in the aws provider 5.100 accepts. The format comes from the importer's own error message
(``tfbridge schema probe-imports``) and the Import section of the Terraform documentation; the
catalogue's tests replay the documented examples through these functions.
"""

from collections.abc import Mapping
from typing import Any

from tfconfig import ExternalName, TemplateError, name_as_identifier, parameter_as_identifier


def by_name(argument: str = "name") -> ExternalName:
    """Named by ``argument``, which is also the state id: the importer takes the state id as it is (the
    probe), and provider-upjet-aws (in its tested table) names the resource by ``argument`` and writes it
    as the state id, so an existing object can be adopted by its name."""
    base = name_as_identifier() if argument == "name" else parameter_as_identifier(argument)
    return base.sourced("probe+upjet", f"the importer takes the state id as it is, and {argument} is that id")


def _required(parameters: Mapping[str, Any], name: str) -> str:
    value = parameters.get(name)
    if value in (None, ""):
        raise TemplateError(f"{name} is needed for the import ID and has no value")
    return str(value)


def _first(parameters: Mapping[str, Any], *names: str) -> str:
    for name in names:
        if parameters.get(name) not in (None, ""):
            return str(parameters[name])
    raise TemplateError(f"one of {', '.join(names)} is needed for the import ID and none has a value")


def route_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``ROUTETABLEID_DESTINATION``; the destination is whichever of the three the route sets."""
    destination = _first(
        parameters, "destination_cidr_block", "destination_ipv6_cidr_block", "destination_prefix_list_id"
    )
    return f"{_required(parameters, 'route_table_id')}_{destination}"


def route_table_association_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``SUBNET-ID/ROUTE-TABLE-ID`` or ``GATEWAY-ID/ROUTE-TABLE-ID``."""
    return f"{_first(parameters, 'subnet_id', 'gateway_id')}/{_required(parameters, 'route_table_id')}"


def route53_record_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``ZONEID_RECORDNAME_TYPE`` with ``_SET-IDENTIFIER`` when a routing policy sets one."""
    parts = [_required(parameters, arg) for arg in ("zone_id", "name", "type")]
    if parameters.get("set_identifier"):
        parts.append(str(parameters["set_identifier"]))
    return "_".join(parts)


def ami_launch_permission_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``[ACCOUNT-ID|GROUP-NAME|ORGANIZATION-ARN|ORGANIZATIONAL-UNIT-ARN]/IMAGE-ID``."""
    grantee = _first(parameters, "account_id", "group", "organization_arn", "organizational_unit_arn")
    return f"{grantee}/{_required(parameters, 'image_id')}"


def cloudwatch_event_target_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``EVENTBUSNAME/RULENAME/TARGETID``, or ``RULENAME/TARGETID`` on the default bus.

    The importer splits on ``/``, so a bus given by ARN is named by its last segment.
    """
    rule, target = _required(parameters, "rule"), _required(parameters, "target_id")
    bus = str(parameters.get("event_bus_name") or "default")
    if bus.startswith("arn:"):
        bus = bus.rsplit("/", 1)[-1]
    return f"{rule}/{target}" if bus == "default" else f"{bus}/{rule}/{target}"


def ecs_service_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``CLUSTER-NAME/SERVICE-NAME``; ``cluster`` may hold the cluster's ARN, of which the importer
    wants the name. A service without a cluster runs in the ``default`` cluster."""
    cluster = str(parameters.get("cluster") or "default")
    if cluster.startswith("arn:"):
        cluster = cluster.rsplit("/", 1)[-1]
    if not external_name:
        raise TemplateError("the service name (external name) is needed for the import ID and has no value")
    return f"{cluster}/{external_name}"


def iam_user_group_membership_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``USER/GROUP1/GROUP2/...``: the importer manages exactly the groups listed."""
    groups = parameters.get("groups") or []
    if not groups:
        raise TemplateError("groups is needed for the import ID and has no value")
    return "/".join([_required(parameters, "user"), *sorted(str(g) for g in groups)])


def lambda_permission_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``FUNCTION_NAME/STATEMENT_ID`` or ``FUNCTION_NAME:QUALIFIER/STATEMENT_ID``.

    ``function_name`` may hold the function's ARN; the importer wants its name.
    """
    function = _required(parameters, "function_name")
    if function.startswith("arn:"):
        function = function.split(":function:", 1)[-1].split(":", 1)[0]
    qualifier = parameters.get("qualifier")
    head = f"{function}:{qualifier}" if qualifier else function
    return f"{head}/{_required(parameters, 'statement_id')}"


def network_acl_rule_id(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``NETWORK_ACL_ID:RULE_NUMBER:PROTOCOL:EGRESS``; the protocol as given at create."""
    egress = "true" if parameters.get("egress") in (True, "true") else "false"
    parts = [_required(parameters, arg) for arg in ("network_acl_id", "rule_number", "protocol")]
    return ":".join([*parts, egress])


def iam_policy_arn(external_name: str, parameters: Mapping[str, Any], setup: Mapping[str, Any]) -> str:
    """``arn:PARTITION:iam::ACCOUNT:policyPATHNAME``: a policy is imported by its ARN."""
    meta = setup.get("client_metadata") or {}
    if not meta.get("account_id"):
        raise TemplateError("client_metadata.account_id is needed for the policy ARN and has no value")
    path = parameters.get("path") or "/"
    return f"arn:{meta.get('partition', 'aws')}:iam::{meta['account_id']}:policy{path}{external_name}"


def last_arn_segment(attributes: Mapping[str, Any]) -> str:
    """The external name of an object whose state id is its ARN: the ARN's last segment."""
    sid = attributes.get("id")
    if not isinstance(sid, str) or not sid:
        raise TemplateError("the state has no string attribute 'id'")
    return sid.rsplit("/", 1)[-1]
