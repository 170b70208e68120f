"""Shared pieces of the client's tests: the repository, small pages, and a check that no started process is left."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
#: The test-only worker of test/serve (pages holding test-hang, test-oom or test-slow-MS misbehave), over dist/.
HOSTILE_ENV = {
    "FARSW_BATCH_WORKER": str(ROOT / "test/serve/hostile-worker.mjs"),
    "FARSW_HOSTILE_BASE": (ROOT / "dist/batch/worker.js").as_uri(),
}
#: An extractor needing no model: the tests do not depend on the shipped model.
OPTIONS = {"algorithm": "addanag"}


def page(n: int, marker: str = "") -> str:
    """A page whose main text is ``Article <n> …``, with a menu and a footer around it."""
    return (f"<html><head><title>t{n}</title></head><body><ul><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li></ul>"
            f"<div class='article'><p>Article {n} tells how the village rebuilt its old stone bridge after the spring flood had "
            f"washed the middle arch away, and how the work took the whole summer.{marker}</p></div>"
            "<div class='footer'><a href='/privacy'>Privacy</a></div></body></html>")


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie of ours counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False


def assert_all_gone(case, pids) -> None:
    left = [p for p in pids if p is not None and alive(p)]
    case.assertEqual(left, [], f"processes left running: {left}")


def child_pids() -> set[int]:
    """Processes whose parent is this one."""
    me, out = os.getpid(), set()
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().split(") ", 1)[1].split()[1]) == me:
                        out.add(int(d))
            except (FileNotFoundError, IndexError, ValueError):
                pass
    return out
