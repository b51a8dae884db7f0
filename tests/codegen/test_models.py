"""The generated pydantic models validate CR specs and convert CR ↔ Terraform both ways."""

import importlib.util
from types import ModuleType
from typing import Any

import pydantic
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.api.models import TFModel
from codegen import fields, pipeline
from codegen import schema as s
from providers.aws import zz_registry
from tests.codegen import synthetic


@pytest.mark.parametrize("kind", zz_registry.KINDS, ids=[k.kind for k in zz_registry.KINDS])
def test_aws_example_round_trips(kind: Any) -> None:
    example = dict(kind.config.example.for_provider)
    model = kind.parameters.from_cr(example)
    assert model.to_cr() == example, "CR → model → CR"
    tf = model.to_terraform()
    assert "region" not in tf or "region" in kind.parameters.tf_fields.values(), "region configures the provider"
    again = kind.parameters.from_terraform(tf)
    assert again.to_terraform() == tf, "TF → model → TF"
    cr_fields = {k: v for k, v in example.items() if not k.endswith(("Ref", "Refs", "Selector"))
                 and k not in ("region",)}
    assert again.to_cr() == cr_fields, "only Terraform arguments travel to Terraform and back"


def test_validation_error_names_the_field() -> None:
    vpc = zz_registry.PACKAGE.by_type("aws_vpc").parameters
    with pytest.raises(pydantic.ValidationError) as err:
        vpc.from_cr({"cidrBlock": ["not", "a", "string"], "unknownField": 1})
    text = str(err.value)
    assert "cidrBlock" in text and "unknownField" in text


def test_nested_blocks_convert_to_terraform_lists() -> None:
    table = zz_registry.PACKAGE.by_type("aws_dynamodb_table").parameters
    model = table.from_cr({"attribute": [{"name": "id", "type": "S"}], "hashKey": "id", "ttl": [{"enabled": True}]})
    assert model.to_terraform() == {"attribute": [{"name": "id", "type": "S"}], "hash_key": "id",
                                    "ttl": [{"enabled": True}]}


@pytest.fixture(scope="module")
def demo_models(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    out = tmp_path_factory.mktemp("demo")
    generated = pipeline.generate(synthetic.provider(), s.parse(synthetic.document(), synthetic.SOURCE))
    path = out / "model.py"
    path.write_text(generated.files["apis/core/v1alpha1/zz_thing.py"])
    spec = importlib.util.spec_from_file_location("demo_thing_models", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _strategy(node: fields.Node) -> st.SearchStrategy[Any]:
    json_scalars = st.one_of(st.text(max_size=6), st.integers(-99, 99), st.booleans())
    if isinstance(node, fields.Scalar):
        return {"string": st.text(max_size=8), "boolean": st.booleans(),
                "number": st.one_of(st.integers(-10**6, 10**6),
                                    st.floats(allow_nan=False, allow_infinity=False, width=32))}[node.kind]
    if isinstance(node, fields.Dynamic):
        return st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=2)
                            | st.dictionaries(st.text(min_size=1, max_size=4), inner, max_size=2), max_leaves=4)
    if isinstance(node, fields.Array):
        return st.lists(_strategy(node.item), max_size=node.max_items or 3)
    if isinstance(node, fields.Map):
        return st.dictionaries(st.text(min_size=1, max_size=5), _strategy(node.value), max_size=3)
    assert isinstance(node, fields.Object)
    return st.fixed_dictionaries({}, optional={f.json_name: _strategy(f.node) for f in node.fields
                                               if f.role is fields.TF})


THING_VIEWS = fields.build(s.parse(synthetic.document(), synthetic.SOURCE).resources["demo_thing"],
                           synthetic.provider().resolve("demo_thing"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cr=_strategy(THING_VIEWS.parameters), obs=_strategy(THING_VIEWS.observation))
def test_random_values_round_trip(demo_models: ModuleType, cr: dict[str, Any], obs: dict[str, Any]) -> None:
    params: type[TFModel] = demo_models.ThingParameters
    model = params.from_cr(cr)
    assert model.to_cr() == cr
    assert params.from_terraform(model.to_terraform()).to_cr() == cr
    observation: type[TFModel] = demo_models.ThingObservation
    seen = observation.from_cr(obs)
    assert observation.from_terraform(seen.to_terraform()).to_cr() == obs
