"""Throughput of the Python client against ``farsw apply --input`` on the same pages, on one core (docs/benchmarks/batch.md,
"From Python"). Each run alternates the two, so both see the same machine load; medians of ``--runs``.

    PYTHONPATH=integrations/python taskset -c 0 /usr/bin/python3 integrations/python/bench.py \\
        --data ../shared/datasets/wcxb-dev.jsonl.gz --pages 300 --runs 5

Rates are pages per second of wall time for the whole job: apply's process from start to exit (reading the file,
parsing, extracting, writing to /dev/null); the Python caller from reading the same file (one ``json.loads`` per
record) through the worker's start to the last record. ``tiny`` pages measure the protocol alone. CPU: user + system
seconds of every process of the job (apply's; the caller's and its worker's), what one idle core would need.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from farsw import DEFAULT_BIN, Farsw

BIN = str(DEFAULT_BIN)


def apply_run(path: str, options: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(["node", BIN, "apply", "--input", path, "--output", "/dev/null", "--workers", "1", "--quiet", *options],
                   check=True, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def python_run(path: str, options: dict, in_flight: int) -> tuple[float, float]:
    """(seconds of the whole job, seconds after the worker's start)."""
    t0 = time.perf_counter()
    with Farsw(options, timeout=60) as f:
        f.extract("<p>start</p>")
        t1 = time.perf_counter()
        with open(path, "rb") as src:
            pages = ((r["html"], r.get("url")) for r in map(json.loads, src))
            if in_flight > 1:
                n = sum(1 for rec in f.extract_many(pages, in_flight=in_flight) if "text" in rec or "error" in rec)
            else:
                n = sum(1 for html, url in pages if f.extract(html, url=url))
        t2 = time.perf_counter()
    return t2 - t0, t2 - t1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--pages", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--model", default="default")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="farsw-bench-"))
    pages = tmp / "pages.jsonl"
    tiny = tmp / "tiny.jsonl"
    n = 0
    with gzip.open(args.data, "rt") as src, open(pages, "w") as out:
        for line in src:
            r = json.loads(line)
            out.write(json.dumps({"id": r["id"], "url": r.get("url"), "html": r["html"]}) + "\n")
            n += 1
            if n >= args.pages:
                break
    with open(tiny, "w") as out:
        for i in range(2000):
            out.write(json.dumps({"id": f"t{i}", "html": f"<p>Tiny page {i} of the protocol benchmark.</p>"}) + "\n")
    mb = pages.stat().st_size / 1e6
    print(f"{n} pages, {mb:.1f} MB; affinity {sorted(os.sched_getaffinity(0))}; load {os.getloadavg()[0]:.1f}", flush=True)
    opts_cli, opts_py = ["--model", args.model], {"model": args.model}
    rows: dict[str, list[float]] = {}

    def cpu() -> float:
        me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    for k in range(args.runs):
        for name, fn in [
            ("apply", lambda: apply_run(str(pages), opts_cli)),
            ("python", lambda: python_run(str(pages), opts_py, 1)),
            ("python-8", lambda: python_run(str(pages), opts_py, 8)),
            ("apply-tiny", lambda: apply_run(str(tiny), opts_cli)),
            ("python-tiny", lambda: python_run(str(tiny), opts_py, 1)),
            ("python-8-tiny", lambda: python_run(str(tiny), opts_py, 8)),
        ]:
            c0 = cpu()
            r = fn()
            rows.setdefault(name + " CPU", []).append(cpu() - c0)
            whole, steady = r if isinstance(r, tuple) else (r, r)
            rows.setdefault(name, []).append(whole)
            rows.setdefault(name + " (after start)", []).append(steady)
        print(f"run {k + 1}: " + ", ".join(f"{name} {v[-1]:.2f} s" for name, v in rows.items() if "after" not in name and "CPU" not in name), flush=True)
    med = {name: statistics.median(v) for name, v in rows.items()}
    print(f"load at the end {os.getloadavg()[0]:.1f}")
    for name, s in med.items():
        count = 2000 if "tiny" in name else n
        print(f"{name:28s} median {s:7.2f} s  {count / s:8.1f} pages/s  {1000 * s / count:7.3f} ms/page")
    for py in ("python", "python-8"):
        print(f"{py} / apply: {med['apply'] / med[py]:.2f} (whole job), {med['apply CPU'] / med[py + ' CPU']:.2f} (CPU), tiny pages {med['apply-tiny'] / med[py + '-tiny']:.2f}")
    print(f"pipe and protocol per page (tiny, sequential, after start): {1000 * med['python-tiny (after start)'] / 2000:.3f} ms")
    print(f"CPU per page over apply: real pages {1000 * (med['python CPU'] - med['apply CPU']) / n:+.2f} ms, tiny {1000 * (med['python-tiny CPU'] - med['apply-tiny CPU']) / 2000:+.3f} ms")
    shutil.rmtree(tmp)
    print(f"per page over apply on real pages: sequential {1000 * (med['python'] - med['apply']) / n:+.2f} ms, 8 in flight {1000 * (med['python-8'] - med['apply']) / n:+.2f} ms")


if __name__ == "__main__":
    main()
