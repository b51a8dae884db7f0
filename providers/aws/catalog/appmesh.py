"""appmesh: external names, references and the other facts of its kinds (sources in each entry)."""

from tfconfig import Example, IDExample, Reference, Resource, composite_id

from .strategies import by_name

RESOURCES: dict[str, Resource] = {
    "aws_appmesh_gateway_route": Resource(
        external_name=composite_id(
            "{{ .parameters.mesh_name }}/{{ .parameters.virtual_gateway_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe+docs",
            "mesh-name/virtual-gateway-name/gateway-route-name",
            IDExample(
                "mesh/gw1/example-gateway-route",
                "example-gateway-route",
                {"mesh_name": "mesh", "virtual_gateway_name": "gw1", "name": "example-gateway-route"},
                source="docs",
            ),
        ),
        references={
            "spec.http_route.action.target.virtual_service.virtual_service_name": Reference(
                "aws_appmesh_virtual_service", "name"
            ),
            "virtual_gateway_name": Reference("aws_appmesh_virtual_gateway", "name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "meshName": "example-service-mesh",
                "tags": {"Environment": "test"},
                "virtualGatewayNameRef": {"name": "example-virtualgateway"},
                "spec": {
                    "httpRoute": {
                        "action": {
                            "target": {"virtualService": {"virtualServiceNameRef": {"name": "example-virtualservice"}}}
                        },
                        "match": {"prefix": "/"},
                    }
                },
            }
        ),
    ),
    "aws_appmesh_mesh": Resource(
        external_name=by_name(),
        example=Example({"region": "us-east-1"}),
    ),
    "aws_appmesh_route": Resource(
        external_name=composite_id(
            "{{ .parameters.mesh_name }}/{{ .parameters.virtual_router_name }}/{{ .external_name }}", argument="name"
        ).sourced(
            "probe+docs",
            "mesh-name/virtual-router-name/route-name",
            IDExample(
                "simpleapp/serviceB/serviceB-route",
                "serviceB-route",
                {"mesh_name": "simpleapp", "virtual_router_name": "serviceB", "name": "serviceB-route"},
                source="docs",
            ),
        ),
        references={
            "mesh_name": Reference("aws_appmesh_mesh"),
            "spec.http_route.action.weighted_target.virtual_node": Reference("aws_appmesh_virtual_node", "name"),
            "spec.tcp_route.action.weighted_target.virtual_node": Reference("aws_appmesh_virtual_node", "name"),
            "virtual_router_name": Reference("aws_appmesh_virtual_router", "name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "meshNameRef": {"name": "example-mesh"},
                "virtualRouterNameRef": {"name": "example-virtualrouter"},
                "spec": {
                    "httpRoute": {
                        "action": {
                            "weightedTarget": [
                                {"virtualNodeRef": {"name": "example-virtualnode"}, "weight": 90},
                                {"virtualNodeRef": {"name": "example-virtualnode"}, "weight": 10},
                            ]
                        },
                        "match": {"prefix": "/"},
                    }
                },
            }
        ),
    ),
    "aws_appmesh_virtual_gateway": Resource(
        external_name=composite_id("{{ .parameters.mesh_name }}/{{ .external_name }}", argument="name").sourced(
            "probe+docs",
            "mesh-name/virtual-gateway-name",
            IDExample("mesh/gw1", "gw1", {"mesh_name": "mesh", "name": "gw1"}, source="docs"),
        ),
        references={"spec.listener.tls.certificate.acm.certificate_arn": Reference("aws_acm_certificate", "arn")},
        example=Example(
            {
                "region": "us-east-1",
                "meshName": "example-service-mesh",
                "tags": {"Environment": "test"},
                "spec": {"listener": [{"portMapping": {"port": 8080, "protocol": "http"}}]},
            }
        ),
    ),
    "aws_appmesh_virtual_node": Resource(
        external_name=composite_id("{{ .parameters.mesh_name }}/{{ .external_name }}", argument="name").sourced(
            "probe+docs",
            "mesh-name/virtual-node-name",
            IDExample(
                "simpleapp/serviceBv1", "serviceBv1", {"mesh_name": "simpleapp", "name": "serviceBv1"}, source="docs"
            ),
        ),
        references={
            "mesh_name": Reference("aws_appmesh_mesh"),
            "spec.service_discovery.aws_cloud_map.namespace_name": Reference(
                "aws_service_discovery_http_namespace", "name"
            ),
        },
        example=Example(
            {
                "region": "us-east-1",
                "meshNameRef": {"name": "example-mesh"},
                "spec": {
                    "backend": [{"virtualService": {"virtualServiceName": "servicea.simpleapp.local"}}],
                    "listener": [{"portMapping": {"port": 8080, "protocol": "http"}}],
                    "serviceDiscovery": {"dns": {"hostname": "serviceb.simpleapp.local"}},
                },
            }
        ),
    ),
    "aws_appmesh_virtual_router": Resource(
        external_name=composite_id("{{ .parameters.mesh_name }}/{{ .external_name }}", argument="name").sourced(
            "probe+docs",
            "mesh-name/virtual-router-name",
            IDExample("simpleapp/serviceB", "serviceB", {"mesh_name": "simpleapp", "name": "serviceB"}, source="docs"),
        ),
        references={"mesh_name": Reference("aws_appmesh_mesh")},
        example=Example(
            {
                "region": "us-east-1",
                "meshNameRef": {"name": "example-mesh"},
                "spec": {"listener": [{"portMapping": {"port": 8080, "protocol": "http"}}]},
            }
        ),
    ),
    "aws_appmesh_virtual_service": Resource(
        external_name=composite_id("{{ .parameters.mesh_name }}/{{ .external_name }}", argument="name").sourced(
            "probe+docs",
            "mesh-name/virtual-service-name",
            IDExample(
                "simpleapp/servicea.simpleapp.local",
                "servicea.simpleapp.local",
                {"mesh_name": "simpleapp", "name": "servicea.simpleapp.local"},
                source="docs",
            ),
        ),
        references={
            "mesh_name": Reference("aws_appmesh_mesh"),
            "spec.provider.virtual_node.virtual_node_name": Reference("aws_appmesh_virtual_node", "name"),
            "spec.provider.virtual_router.virtual_router_name": Reference("aws_appmesh_virtual_router", "name"),
        },
        example=Example(
            {
                "region": "us-east-1",
                "meshNameRef": {"name": "example-mesh"},
                "spec": {"provider": {"virtualNode": {"virtualNodeNameRef": {"name": "example-virtualnode"}}}},
            }
        ),
    ),
}
