"""Generate every resource of the AWS schema (not only the curated ones) into a temp dir.

Prints wall time, peak RSS (this process and its workers) and how many CRDs are structural.
Targets: under 20 s and under 1 GB on 2 cores, all 1526 structural.

    python -m benchmarks.codegen_all [--jobs 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import tempfile
import time
from pathlib import Path

import yaml

from codegen import pipeline, structural
from codegen import schema as s

AWS = Path(__file__).resolve().parent.parent / "providers" / "aws"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.monotonic()
    curated = pipeline.load_config(AWS)
    # Every resource: generic kinds for the uncurated, but a curated reference needs its target.
    provider = dataclasses.replace(curated, include=("aws_*",))
    schema = s.load(AWS / provider.schema_file, provider.registry_source)
    loaded = time.monotonic()
    generated = pipeline.generate(provider, schema, jobs=args.jobs)
    rendered = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tfbridge-bench-") as out:
        pipeline.write_tree(Path(out), generated)
        written = time.monotonic()
        crds = sorted((Path(out) / "crds").glob("*.yaml"))
        managed = [p for p in crds if not p.name.startswith(f"{provider.root_group}_")]
        structural_ok = sum(1 for p in managed if not structural.crd_violations(yaml.load(
            p.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))))
        size = sum(p.stat().st_size for p in Path(out).rglob("*") if p.is_file())
    rss_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rss_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"resources in schema:     {len(schema.resources)}")
    print(f"kinds generated:         {len(generated.kinds)}")
    print(f"files written:           {len(generated.files)} ({size / 1e6:.1f} MB)")
    print(f"structural (generator):  {sum(k.structural for k in generated.kinds)}/{len(generated.kinds)}")
    print(f"structural (re-parsed):  {structural_ok}/{len(managed)}")
    too_big = [k.tf_type for k in generated.kinds if k.crd_bytes > pipeline.CRD_SIZE_LIMIT]
    print(f"CRDs over 1.5 MiB:       {len(too_big)} ({', '.join(too_big[:5])}{'...' if len(too_big) > 5 else ''})")
    print(f"wall, load schema:       {loaded - started:.1f} s")
    print(f"wall, render all:        {rendered - loaded:.1f} s (jobs={args.jobs})")
    print(f"wall, write tree:        {written - rendered:.1f} s")
    print(f"wall, total generate:    {written - started:.1f} s  (target < 20 s)")
    print(f"peak RSS main / worker:  {rss_self:.0f} MB / {rss_children:.0f} MB  (target < 1024 MB)")


if __name__ == "__main__":
    main()
