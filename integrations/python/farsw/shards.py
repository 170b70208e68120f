"""Extract a directory of JSON Lines shards through the client, one output per shard, with ``farsw apply``'s output
rules (src/batch/output.ts): the output is written as ``NAME.partial`` and renamed to NAME when the shard is done, then
``NAME.done`` (a JSON summary with the job) is written; a rerun that finds the marker of the same job skips the shard,
one of another job refuses it; an interrupted run's partial output is cut after its last complete line, its K records
kept, and the rerun skips the first K records of the shard (the output is in input order). ``NAME.lock`` is held with
a kernel record lock (as apply's, dropped by the kernel when its holder dies) while a shard is written.

``run_dask`` runs one task per shard on a Dask cluster; a worker lost mid-shard has its task run again elsewhere,
which resumes the shard: each record is in the output exactly once.
"""
from __future__ import annotations

import fcntl
import gzip
import json
import os
import time
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional

from .client import Farsw

SHARD_SUFFIXES = (".jsonl", ".jsonl.gz")


def shard_files(directory: os.PathLike | str) -> list[Path]:
    """The JSON Lines shards of a directory (``*.jsonl``, ``*.jsonl.gz``), by name."""
    return sorted(p for p in Path(directory).iterdir() if p.is_file() and p.name.endswith(SHARD_SUFFIXES))


def output_name(shard: Path) -> str:
    """``part-00.jsonl.gz`` → ``part-00.jsonl``."""
    name = shard.name
    return name[: -len(".gz")] if name.endswith(".gz") else name


def _records(shard: Path) -> Iterator[tuple[int, bytes]]:
    opener = gzip.open if shard.name.endswith(".gz") else open
    with opener(shard, "rb") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                yield n, line


def _job(shard: Path, options: Mapping[str, Any]) -> dict:
    st = shard.stat()
    return {"inputs": [{"path": str(shard), "size": st.st_size, "mtimeMs": round(st.st_mtime_ns / 1e6)}], "options": dict(options)}


def _keep_complete(partial: Path) -> tuple[int, int]:
    """Cut ``partial`` after its last complete line; (lines kept, error lines among them)."""
    lines = failed = end = 0
    with open(partial, "rb") as f:
        for line in f:
            if not line.endswith(b"\n"):
                break
            lines += 1
            end += len(line)
            if b'"error":' in line and "error" in json.loads(line):
                failed += 1
    os.truncate(partial, end)
    return lines, failed


class _Lock:
    """``NAME.lock`` under a kernel record lock for the life of the shard's run (waits for another holder)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> "_Lock":
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
            fcntl.lockf(fd, fcntl.LOCK_EX)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except FileNotFoundError:
                same = False
            if same:
                self.fd = fd
                return self
            os.close(fd)  # the holder we waited for unlinked it: lock the new one

    def __exit__(self, *exc: object) -> None:
        try:
            os.unlink(self.path)
        finally:
            os.close(self.fd)


def extract_shard(shard: os.PathLike | str, out_dir: os.PathLike | str, options: Optional[Mapping[str, Any]] = None,
                  *, farsw: Optional[Farsw] = None, in_flight: int = 8, **farsw_kwargs: Any) -> dict:
    """Extract one shard of ``{"id", "html", "url"?}`` records into ``out_dir/NAME`` (see the module's rules); returns the
    ``.done`` summary (``records``, ``failed``, ``resumed``, ``seconds``, ``job``). A record the worker cannot extract,
    or a line that is not a record, is an error record, as in ``farsw apply``."""
    t0 = time.monotonic()
    shard, out_dir = Path(shard), Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / output_name(shard)
    partial, marker = out.with_name(out.name + ".partial"), out.with_name(out.name + ".done")
    job = _job(shard, options or {})
    with _Lock(out.with_name(out.name + ".lock")):
        if marker.exists():
            found = json.loads(marker.read_text())
            if found.get("job") != job:
                raise RuntimeError(f"{marker}: this output was finished by a different job; remove it to redo the shard")
            return found
        kept, kept_failed = _keep_complete(partial) if partial.exists() else (0, 0)
        own = farsw is None
        worker = farsw or Farsw(options, **farsw_kwargs)
        records = failed = 0
        try:
            with open(partial, "ab" if kept else "wb") as f:
                pages = _pages(shard, kept)
                for where, rec in _extract(worker, pages, in_flight):
                    if "error" in rec:
                        failed += 1
                        if not rec["error"].startswith(where):
                            rec["error"] = f"{where}: {rec['error']}"
                    f.write((json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
                    f.flush()  # each record on disk as it is answered: a lost worker's partial output keeps all it did
                    records += 1
                f.flush()
                os.fsync(f.fileno())
        finally:
            if own:
                worker.close()
        summary = {"records": records + kept, "failed": failed + kept_failed, "resumed": kept,
                   "seconds": round(time.monotonic() - t0, 1), "job": job}
        # The marker is written aside first, then the output renamed into place, then the marker (output.ts's order).
        marker_partial = marker.with_name(marker.name + ".partial")
        marker_partial.write_text(json.dumps(summary) + "\n")
        os.replace(partial, out)
        os.replace(marker_partial, marker)
        return summary


def _pages(shard: Path, skip: int) -> Iterator[tuple[str, Optional[dict], Optional[str]]]:
    """(where, record or None, error) per non-blank line of the shard, after the first ``skip``."""
    k = 0
    for n, line in _records(shard):
        k += 1
        if k <= skip:
            continue
        where = f"{shard}:{n}"
        try:
            rec = json.loads(line)
        except ValueError as e:
            yield where, None, f"{where}: invalid JSON ({e})"
            continue
        if not isinstance(rec, dict) or not isinstance(rec.get("html"), str):
            rid = rec.get("id") if isinstance(rec, dict) else None
            yield where, ({"id": str(rid)} if isinstance(rid, (str, int)) else None), f'{where}: field "html" must be a string'
            continue
        yield where, rec, None


def _extract(worker: Farsw, pages: Iterator[tuple[str, Optional[dict], Optional[str]]], in_flight: int) -> Iterator[tuple[str, dict]]:
    """(where, output record) per page, in input order: good pages go through the worker ``in_flight`` at a time."""
    from collections import deque

    held: deque = deque()  # (where, record id, error) in input order; error None: a page sent to the worker

    def send() -> Iterator[tuple[str, Optional[str]]]:
        for where, rec, error in pages:
            rid = str(rec["id"]) if rec is not None and isinstance(rec.get("id"), (str, int)) else where
            held.append((where, rid, error))
            if error is None:
                yield rec["html"], rec.get("url")

    for answer in worker.extract_many(send(), in_flight=in_flight):
        while held[0][2] is not None:  # lines that were no page, read before this answer's page
            where, rid, error = held.popleft()
            yield where, {"id": rid, "error": error}
        where, rid, _ = held.popleft()
        yield where, {**answer, "id": rid}
    for where, rid, error in held:
        yield where, {"id": rid, "error": error}


def run_dask(shard_dir: os.PathLike | str, out_dir: os.PathLike | str, client: Any, options: Optional[Mapping[str, Any]] = None,
             **farsw_kwargs: Any) -> list[dict]:
    """One Dask task per shard of ``shard_dir`` (``client``: a ``distributed.Client``); the shards' ``.done`` summaries.
    A task whose worker is lost is run again (``retries``), and resumes its shard."""
    shards = shard_files(shard_dir)
    futures = [client.submit(extract_shard, str(s), str(out_dir), dict(options or {}), key=f"farsw-{s.name}", retries=3, pure=False,
                             **farsw_kwargs) for s in shards]
    return client.gather(futures)


def main(argv: Optional[list[str]] = None) -> int:
    """``python3 -m farsw.shards SHARD_DIR OUT_DIR [--workers 2] [--option NAME=VALUE …]``: a local Dask cluster."""
    import argparse

    ap = argparse.ArgumentParser(prog="python3 -m farsw.shards", description=main.__doc__)
    ap.add_argument("shard_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--workers", type=int, default=2, help="Dask worker processes (one farsw worker each)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per page")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a farsw apply flag (format=markdown, with-metadata=true)")
    args = ap.parse_args(argv)
    options: dict[str, Any] = {}
    for o in args.option:
        name, _, value = o.partition("=")
        options[name] = {"true": True, "false": False}.get(value, value)
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as client:
        for s in run_dask(args.shard_dir, args.out_dir, client, options, timeout=args.timeout):
            print(f"{s['job']['inputs'][0]['path']}: {s['records']} records, {s['failed']} failed, {s['resumed']} resumed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
