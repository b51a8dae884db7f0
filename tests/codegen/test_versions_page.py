"""The guide's page of API versions is written from the committed AWS catalogue: the committed page is current,
and it names every kind with the versions the catalogue gives it."""

from pathlib import Path

import yaml

from codegen import versions

ROOT = Path(__file__).resolve().parents[2]
PROVIDER = ROOT / "providers" / "aws"
COMMITTED = ROOT / "docs" / "guide" / "versions.md"


def test_the_committed_page_is_what_the_catalogue_says() -> None:
    assert COMMITTED.read_text() == versions.markdown(PROVIDER), "run `make docs` and commit docs/guide/versions.md"


def test_every_kind_is_in_one_row_of_its_group_with_its_versions() -> None:
    catalogue = yaml.safe_load((PROVIDER / "zz_catalogue.yaml").read_text())
    rows = {(g["group"], kind): (r["stored"], r["served"]) for g in versions.groups(catalogue) for r in g["rows"]
            for kind in r["kinds"]}
    assert len(rows) == catalogue["kindCount"] == len(catalogue["kinds"])
    for k in catalogue["kinds"]:
        assert rows[(k["group"], k["kind"])] == (k["version"], k.get("served") or [k["version"]])
    assert rows[("s3.aws.tfbridge.io", "Bucket")] == ("v1beta2", ["v1beta1", "v1beta2"])
