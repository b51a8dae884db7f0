"""Generate every resource of the AWS schema (not only the curated ones) into a temp dir.

Prints wall time, peak RSS (this process and its workers), how many CRDs are structural, and the
size of the generated tree: in total, per kind (distribution and the largest), and by kind of file.
Targets: under 10 s and under 1 GB on 2 cores; every CRD under 1.5 MiB or excluded.

    python -m benchmarks.codegen_all [--jobs 2] [--keep DIR]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

import yaml

from benchmarks import aws_everything
from codegen import pipeline, structural


def _mib(n: float) -> str:
    return f"{n / 2**20:.2f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--reparse", action="store_true", help="Also re-read every CRD and check it (slow).")
    args = parser.parse_args()
    started = time.monotonic()
    provider = aws_everything.provider()
    doc = aws_everything.document()
    loaded = time.monotonic()
    generated = pipeline.generate(provider, doc, jobs=args.jobs)
    rendered = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tfbridge-bench-") as out:
        pipeline.write_tree(Path(out), generated)
        written = time.monotonic()
        files = [p for p in Path(out).rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        by_root: dict[str, int] = {}
        for p in files:
            root = p.relative_to(out).parts[0]
            by_root[root] = by_root.get(root, 0) + p.stat().st_size
        structural_ok = None
        if args.reparse:
            crds = [p for p in (Path(out) / "crds").rglob("*.yaml") if p.name != "kustomization.yaml"]
            loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            structural_ok = sum(1 for p in crds if not structural.crd_violations(yaml.load(p.read_text(),
                                                                                        Loader=loader)))
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    rss_self, rss_children = me.ru_maxrss / 1024, children.ru_maxrss / 1024
    cpu = me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime
    sizes = sorted(k.crd_bytes for k in generated.kinds)
    largest = sorted(generated.kinds, key=lambda k: -k.crd_bytes)[:5]
    print(f"resources in schema:     {len(doc.resources)}")
    print(f"kinds generated:         {len(generated.kinds)}; left out: {len(generated.catalogue.excluded)}")
    print(f"files written:           {len(generated.files)} ({size / 1e6:.1f} MB: "
          + ", ".join(f"{root} {n / 1e6:.1f} MB" for root, n in sorted(by_root.items())) + ")")
    print(f"structural (generator):  {sum(k.structural for k in generated.kinds)}/{len(generated.kinds)}"
          + (f"; re-parsed {structural_ok}" if structural_ok is not None else ""))
    print(f"CRD size per kind:       median {_mib(statistics.median(sizes))}, p90 {_mib(sizes[len(sizes) * 9 // 10])}, "
          f"p99 {_mib(sizes[len(sizes) * 99 // 100])}, max {_mib(sizes[-1])}; "
          f"over 1 MiB: {sum(1 for n in sizes if n > 2**20)}")
    print("largest CRDs:            " + ", ".join(f"{k.tf_type} {_mib(k.crd_bytes)}" for k in largest))
    print(f"wall, load schema:       {loaded - started:.1f} s")
    print(f"wall, render all:        {rendered - loaded:.1f} s (jobs={args.jobs})")
    print(f"wall, write tree:        {written - rendered:.1f} s")
    print(f"wall, total generate:    {written - started:.1f} s  (target < 10 s)")
    print(f"CPU, all processes:      {cpu:.1f} s (on a shared machine, the steadier measure of work)")
    print(f"peak RSS main / worker:  {rss_self:.0f} MB / {rss_children:.0f} MB  (target < 1024 MB)")


if __name__ == "__main__":
    main()
