"""Farsw over one ``farsw serve --stdio`` process: records, per-call options, time limits, crashes, shutdown."""
from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time
import unittest

from farsw import Farsw, FarswExtractor, FarswPool, FarswTimeout, FarswWorkerError
from helpers import HOSTILE_ENV, OPTIONS, ROOT, alive, assert_all_gone, child_pids, page


class ClientTest(unittest.TestCase):
    def setUp(self) -> None:
        self.before = child_pids()
        self.pids: list[int] = []

    def tearDown(self) -> None:
        time.sleep(0.05)
        assert_all_gone(self, self.pids)
        self.assertEqual(child_pids() - self.before, set(), "a child process of the test is left")

    def test_records_of_text_bytes_url_and_per_call_options(self) -> None:
        with Farsw(OPTIONS) as f:
            rec = f.extract(page(1))
            self.pids.append(f.pid)
            self.assertIn("Article 1 tells", rec["text"])
            self.assertNotIn("Privacy", rec["text"])
            self.assertIsInstance(rec["ms"], float)
            latin1 = "<meta charset='iso-8859-1'><p>Le café du port ouvre à six heures pour les pêcheurs du matin.</p>".encode("latin-1")
            self.assertIn("Le café du port", f.extract(latin1)["text"])
            md = f.extract(page(2), url="https://example.org/a", options={"format": "markdown", "with_metadata": True})
            self.assertIn("Article 2 tells", md["markdown"])
            self.assertEqual(md["metadata"]["title"], "t2")
            self.assertNotIn("markdown", f.extract(page(3)))  # the options were that call's only

    def test_a_page_the_worker_cannot_extract_is_a_record_with_error(self) -> None:
        with Farsw(OPTIONS) as f:
            bad = f.extract(page(1), options={"phi": 0})
            self.pids.append(f.pid)
            self.assertEqual(bad["error"], "options.phi: expected an integer ≥ 1, found 0")
            png = f.extract(b"\x89PNG\r\n\x1a\n" + bytes(64))
            self.assertIn("not HTML", png["error"])
            self.assertIn("Article 4", f.extract(page(4))["text"])  # the same process goes on
            self.assertEqual(f.restarts, 0)

    def test_extract_many_keeps_the_order_with_requests_in_flight(self) -> None:
        with Farsw(OPTIONS) as f:
            recs = list(f.extract_many([page(n) if n % 2 else (page(n), f"https://example.org/{n}") for n in range(30)], in_flight=6))
            self.pids.append(f.pid)
        self.assertEqual(len(recs), 30)
        for n, rec in enumerate(recs):
            self.assertIn(f"Article {n} tells", rec["text"])

    def test_start_options_become_flags(self) -> None:
        with Farsw({**OPTIONS, "format": "markdown", "with-metadata": True, "best_line": False}) as f:
            rec = f.extract(page(5))
            self.pids.append(f.pid)
        self.assertIn("Article 5", rec["markdown"])
        self.assertEqual(rec["metadata"]["title"], "t5")

    def test_a_call_over_its_timeout_kills_the_worker_and_the_next_call_starts_another(self) -> None:
        with Farsw(OPTIONS, timeout=1.5, page_timeout_ms=0, env=HOSTILE_ENV) as f:
            f.extract(page(0))
            first = f.pid
            self.pids.append(first)
            t0 = time.monotonic()
            with self.assertRaises(FarswTimeout) as caught:
                f.extract(page(1, "test-hang"))
            self.assertLess(time.monotonic() - t0, 5)
            self.assertIsInstance(caught.exception, TimeoutError)
            self.assertRegex(str(caught.exception), r"^page took more than 1.5 s: no answer from the worker in time: worker killed")
            self.assertFalse(alive(first))
            self.assertIn("Article 2", f.extract(page(2))["text"])
            self.assertNotEqual(f.pid, first)
            self.pids.append(f.pid)

    def test_the_workers_own_limits_answer_with_an_error_record_and_keep_the_process(self) -> None:
        with Farsw(OPTIONS, timeout=30, page_timeout_ms=500, env=HOSTILE_ENV) as f:
            f.extract(page(0))
            pid = f.pid
            self.pids.append(pid)
            self.assertEqual(f.extract(page(1, "test-hang"))["error"], "timed out after 500 ms (worker replaced)")
            self.assertEqual(f.pid, pid)
        # The heap cap alone (no page time limit: filling even 32 MiB takes seconds on a loaded machine).
        with Farsw(OPTIONS, timeout=60, page_timeout_ms=0, max_memory_mb=32, env=HOSTILE_ENV) as f:
            f.extract(page(0))
            pid = f.pid
            self.pids.append(pid)
            self.assertRegex(f.extract(page(2, "test-oom"))["error"], r"^worker failed \(.*memory")
            self.assertIn("Article 3", f.extract(page(3))["text"])
            self.assertEqual(f.pid, pid)

    def test_a_worker_that_dies_mid_call_raises_and_the_next_call_starts_another(self) -> None:
        with Farsw(OPTIONS, timeout=20, env=HOSTILE_ENV) as f:
            f.extract(page(0))
            pid = f.pid
            self.pids.append(pid)
            threading.Timer(0.5, lambda: os.kill(pid, signal.SIGKILL)).start()
            with self.assertRaises(FarswWorkerError) as caught:
                f.extract(page(1, "test-slow-3000"))
            self.assertIn("ended", str(caught.exception))
            self.assertIn("Article 2", f.extract(page(2))["text"])
            self.pids.append(f.pid)
            # Killed between calls: the next call starts a new process on its own.
            os.kill(f.pid, signal.SIGKILL)
            time.sleep(0.2)
            self.assertIn("Article 3", f.extract(page(3))["text"])
            self.pids.append(f.pid)
            self.assertEqual(f.restarts, 2)

    def test_a_worker_that_cannot_start_is_one_clear_error(self) -> None:
        with Farsw(OPTIONS, node="/nonexistent/node") as f:
            with self.assertRaisesRegex(FarswWorkerError, r"^cannot start the worker \(/nonexistent/node\): No such file or directory$"):
                f.extract(page(0))
        with Farsw({"model": "no-such-model"}, start_timeout=30) as f:
            with self.assertRaisesRegex(FarswWorkerError, r"^the worker did not start .*: the worker process ended \(exit code 1\)"):
                f.extract(page(0))

    def test_close_ends_the_process_with_exit_0_and_refuses_later_calls(self) -> None:
        f = Farsw(OPTIONS)
        f.extract(page(0))
        proc = f._proc
        self.pids.append(proc.pid)
        f.close()
        self.assertEqual(proc.returncode, 0)
        with self.assertRaisesRegex(Exception, "closed"):
            f.extract(page(1))

    def test_a_script_that_never_closes_leaves_no_process(self) -> None:
        script = textwrap.dedent(f"""
            import sys
            sys.path.insert(0, {str(ROOT / 'integrations/python')!r})
            from farsw import Farsw
            f = Farsw({OPTIONS!r})
            f.extract('<p>Some page text that is long enough.</p>')
            print(f.pid, flush=True)
        """)
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True).stdout
        pid = int(out.split()[0])
        time.sleep(0.2)
        self.assertFalse(alive(pid))

    def test_a_pool_spreads_calls_over_its_processes_from_threads(self) -> None:
        with FarswPool(3, OPTIONS) as pool:
            recs = list(pool.map([page(n) for n in range(24)]))
            self.pids += [w.pid for w in pool.workers]
            self.assertEqual(len({w.pid for w in pool.workers}), 3)
            for n, rec in enumerate(recs):
                self.assertIn(f"Article {n} tells", rec["text"])
            got: dict[int, str] = {}

            def call(n: int) -> None:
                got[n] = pool.extract(page(n))["text"]

            threads = [threading.Thread(target=call, args=(n,)) for n in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertEqual(sorted(got), list(range(8)))
            self.assertTrue(all(f"Article {n} tells" in t for n, t in got.items()))


class Doc:
    """A stand-in for datatrove's Document: text, id, metadata."""

    def __init__(self, text: str, id: str) -> None:
        self.text, self.id, self.metadata = text, id, {}


class DatatroveAdapterTest(unittest.TestCase):
    def test_extract_gives_text_and_run_drops_empty_failed_and_timed_out_documents(self) -> None:
        ex = FarswExtractor(timeout=2, options=OPTIONS, page_timeout_ms=0, env=HOSTILE_ENV)
        try:
            self.assertIn("Article 1", ex.extract(page(1)))
            docs = [Doc(page(0), "a"), Doc("<html><body></body></html>", "empty"), Doc(page(2, "test-hang"), "slow"), Doc(page(3), "b")]
            out = list(ex(docs, rank=0, world_size=1))
            self.assertEqual([d.id for d in out], ["a", "b"])
            self.assertIn("Article 3", out[1].text)
            self.assertEqual(ex.stats["dropped_timeout"], 1)
            self.assertEqual(ex.stats["dropped_empty"], 1)
            copy = pickle.loads(pickle.dumps(ex))  # as a pipeline step travels to a remote worker: without the process
            self.assertIsNone(copy._farsw)
        finally:
            pid = ex.farsw.pid
            ex.close()
            time.sleep(0.05)
            self.assertFalse(pid is not None and alive(pid))


if __name__ == "__main__":
    unittest.main()
