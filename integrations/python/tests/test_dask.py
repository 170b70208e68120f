"""A real distributed run: a Dask LocalCluster of 2 worker processes extracts a directory of JSON Lines shards through
the client (farsw.shards.run_dask); one worker is killed mid-shard, and every record is in the output exactly once."""
from __future__ import annotations

import gzip
import json
import os
import shutil
import signal
import tempfile
import threading
import time
import unittest
import uuid
from pathlib import Path

from farsw.shards import extract_shard, run_dask
from helpers import HOSTILE_ENV, OPTIONS, page

try:
    import distributed
except ImportError:  # CI installs it (integrations/python/install-deps.sh); FARSW_REQUIRE_DASK=1 makes its absence a failure
    distributed = None

SHARDS, PER_SHARD = 4, 40


def marked(tag: str) -> list[int]:
    """Processes whose environment holds FARSW_TEST_RUN=tag (the node workers this test started, wherever they went)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/environ", "rb") as f:
                    if f"FARSW_TEST_RUN={tag}".encode() in f.read().split(b"\0"):
                        out.append(int(d))
            except OSError:
                pass
    return out


def write_shards(directory: Path) -> dict[str, list[str]]:
    """Shards of records, gzip and not; each page is slow (test-slow-MS), so a shard takes seconds. Ids per shard."""
    ids: dict[str, list[str]] = {}
    for s in range(SHARDS):
        name = f"part-{s:02d}.jsonl" + (".gz" if s % 2 else "")
        lines = []
        for n in range(PER_SHARD):
            rid = f"s{s}-r{n}"
            lines.append(json.dumps({"id": rid, "url": f"https://example.org/{s}/{n}", "html": page(n, "test-slow-60")}))
        lines.insert(7, "not a record")
        body = ("\n".join(lines) + "\n").encode()
        (directory / name).write_bytes(gzip.compress(body) if name.endswith(".gz") else body)
        ids[name.removesuffix(".gz")] = [json.loads(l)["id"] if l.startswith("{") else f"{directory / name}:8" for l in lines]
    return ids


class ShardTest(unittest.TestCase):
    def test_a_shard_is_written_through_partial_rename_and_marker_and_resumes_a_cut_partial(self) -> None:
        tmp = Path(tempfile.mkdtemp(prefix="farsw-shard-"))
        try:
            src = tmp / "in.jsonl"
            src.write_text("".join(json.dumps({"id": f"r{n}", "html": page(n)}) + "\n" for n in range(6)))
            out = tmp / "out"
            out.mkdir()
            # An interrupted run's output: two complete records and a cut third.
            (out / "in.jsonl.partial").write_text('{"id":"r0","text":"kept 0","ms":1}\n{"id":"r1","text":"kept 1","ms":1}\n{"id":"r2","te')
            summary = extract_shard(src, out, OPTIONS)
            self.assertEqual((summary["records"], summary["resumed"], summary["failed"]), (6, 2, 0))
            recs = [json.loads(l) for l in (out / "in.jsonl").read_text().splitlines()]
            self.assertEqual([r["id"] for r in recs], [f"r{n}" for n in range(6)])
            self.assertEqual(recs[0]["text"], "kept 0")
            self.assertIn("Article 2 tells", recs[2]["text"])
            self.assertEqual(sorted(p.name for p in out.iterdir()), ["in.jsonl", "in.jsonl.done"])
            self.assertEqual(json.loads((out / "in.jsonl.done").read_text())["records"], 6)
            # The same job again: skipped by its marker; another job: refused.
            self.assertEqual(extract_shard(src, out, OPTIONS)["records"], 6)
            with self.assertRaisesRegex(RuntimeError, "different job"):
                extract_shard(src, out, {"algorithm": "dana"})
        finally:
            shutil.rmtree(tmp)


@unittest.skipIf(distributed is None and os.environ.get("FARSW_REQUIRE_DASK") != "1", "python3-distributed is not installed")
class DaskTest(unittest.TestCase):
    def test_a_cluster_of_2_workers_loses_one_mid_shard_and_writes_every_record_exactly_once(self) -> None:
        from distributed import Client, LocalCluster

        tmp = Path(tempfile.mkdtemp(prefix="farsw-dask-"))
        tag = uuid.uuid4().hex
        cluster = client = None
        try:
            shards, out = tmp / "shards", tmp / "out"
            shards.mkdir()
            ids = write_shards(shards)
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50)
            client = Client(cluster)
            result: dict = {}
            env = {**HOSTILE_ENV, "FARSW_TEST_RUN": tag}

            def run() -> None:
                try:
                    result["summaries"] = run_dask(shards, out, client, OPTIONS, env=env, timeout=30)
                except BaseException as e:  # reported below, with the test's own failure
                    result["error"] = e

            runner = threading.Thread(target=run)
            runner.start()
            # Kill the worker process writing a shard once its partial output holds a few records.
            killed = None
            deadline = time.monotonic() + 240  # a loaded machine starts 2 Dask workers and their Node workers slowly
            while killed is None and time.monotonic() < deadline and "error" not in result:
                for partial in out.glob("*.partial") if out.exists() else []:
                    if partial.read_bytes().count(b"\n") >= 5:
                        key = f"farsw-{next(s.name for s in shards.iterdir() if s.name.removesuffix('.gz') + '.partial' == partial.name)}"
                        for addr, keys in client.processing().items():
                            if key in keys:
                                pid = client.run(os.getpid, workers=[addr])[addr]
                                os.kill(pid, signal.SIGKILL)
                                killed = (partial.name, pid)
                        break
                time.sleep(0.1)
            self.assertNotIn("error", result)
            self.assertIsNotNone(killed, "no shard's partial output reached 5 records in time")
            runner.join(timeout=300)
            self.assertFalse(runner.is_alive())
            summaries = result["summaries"]
            self.assertEqual(len(summaries), SHARDS)
            for name, want in ids.items():
                recs = [json.loads(l) for l in (out / name).read_text().splitlines()]
                self.assertEqual([r["id"] for r in recs], want, name)  # each id once, in input order
                self.assertEqual(sum("error" in r for r in recs), 1)
                self.assertTrue((out / f"{name}.done").exists())
            self.assertEqual(sorted(p.name for p in out.iterdir() if not p.name.endswith((".jsonl", ".done"))), [])
            resumed = {s["job"]["inputs"][0]["path"]: s["resumed"] for s in summaries}
            self.assertGreater(sum(resumed.values()), 0, f"no shard resumed a partial output after the kill of {killed}")
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
            # The killed worker's node process sees the end of its input and exits; every other one was closed.
            deadline = time.monotonic() + 20
            while marked(tag) and time.monotonic() < deadline:
                time.sleep(0.2)
            left = marked(tag)
            for pid in left:
                os.kill(pid, signal.SIGKILL)
            shutil.rmtree(tmp, ignore_errors=True)
        self.assertEqual(left, [], "node workers left running")


if __name__ == "__main__":
    unittest.main()
