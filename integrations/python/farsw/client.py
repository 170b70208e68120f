"""A client of ``farsw serve --stdio``: one Node worker process behind a pipe, standard library only.

One JSON request a line goes in, one JSON record a line comes back, in order (src/batch/serve.ts).
"""
from __future__ import annotations

import atexit
import base64
import itertools
import json
import os
import queue
import selectors
import subprocess
import threading
import time
import re
import weakref
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Optional, Sequence, Union

#: bin/farsw.js of the repository this package sits in (integrations/python/farsw/ → the repository root).
DEFAULT_BIN = Path(__file__).resolve().parents[3] / "bin" / "farsw.js"

Page = Union[str, bytes]


class FarswError(Exception):
    """A failure of the worker process itself (not of one page: a page's failure is a record with ``error``)."""


class FarswTimeout(FarswError, TimeoutError):
    """A call took longer than its timeout: the worker process was killed and is started again on the next call."""


class FarswWorkerError(FarswError):
    """The worker process ended or answered out of protocol during a call; it is started again on the next call."""


def _flag_args(options: Optional[Mapping[str, Any]]) -> list[str]:
    """``{"with-metadata": True, "format": "markdown", "best_line": False}`` → ``--with-metadata --format markdown --no-best-line``."""
    args: list[str] = []
    for key, value in (options or {}).items():
        flag = "--" + key.replace("_", "-")
        if value is None:
            continue
        if value is True:
            args.append(flag)
        elif value is False:
            args.append("--no-" + flag[2:])
        else:
            args += [flag, str(value)]
    return args


_live: "weakref.WeakSet[Farsw]" = weakref.WeakSet()

#: Pipe capacity asked for (Linux): a whole page goes in one write instead of 64 KiB at a time, each a switch of
#: process (costly on a loaded core). Capped by /proc/sys/fs/pipe-max-size (1 MiB by default).
PIPE_BYTES = 1 << 20


def _widen(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_BYTES)
    except OSError:
        pass  # not Linux, or a lower cap: the default size works, with more switches

#: The worker names a request by its line on its input ("line 7: …"): meaningless to a caller, who has the id.
_LINE = re.compile(r"^line \d+: ")


def _record(line: bytes, rid: str) -> dict:
    try:
        record = json.loads(line)
    except ValueError:
        raise FarswWorkerError(f"the worker answered a line that is not JSON: {line[:200]!r}") from None
    if not isinstance(record, dict) or record.get("id") != rid:
        raise FarswWorkerError(f"the worker answered request {record.get('id') if isinstance(record, dict) else record!r}, expected {rid!r}")
    if "error" in record:
        record["error"] = _LINE.sub("", record["error"])
    return record


@atexit.register
def _close_all() -> None:
    for worker in list(_live):
        worker.close()


class Farsw:
    """One ``farsw serve --stdio`` worker process.

    ``options``: ``farsw apply``'s flags as a dict (``{"model": "default", "format": "markdown", "with-metadata": True}``),
    given once at start; ``extract(..., options=...)`` lays per-call options over them. ``timeout``: seconds a call may
    take (request sent to record read); past it the process is killed, :class:`FarswTimeout` raised, and the next call
    starts a new one. The worker's own ``--page-timeout`` (``page_timeout_ms``, default ``0.8 × timeout``) answers a slow
    page with an error record first, without a restart. Thread-safe (one call at a time); a context manager;
    ``close()`` ends the process (also at interpreter exit).
    """

    def __init__(
        self,
        options: Optional[Mapping[str, Any]] = None,
        *,
        timeout: float = 30.0,
        page_timeout_ms: Optional[int] = None,
        workers: int = 1,
        max_memory_mb: Optional[int] = None,
        node: str = "node",
        command: Optional[Sequence[str]] = None,
        env: Optional[Mapping[str, str]] = None,
        stderr: Any = None,
        start_timeout: float = 60.0,
    ) -> None:
        if timeout <= 0:
            raise ValueError(f"timeout: expected seconds > 0, found {timeout}")
        self.timeout = float(timeout)
        self.start_timeout = float(start_timeout)
        page_ms = int(self.timeout * 800) if page_timeout_ms is None else int(page_timeout_ms)
        base = list(command) if command is not None else [node, os.environ.get("FARSW_BIN", str(DEFAULT_BIN))]
        self._argv = base + ["serve", "--stdio", "--quiet", "--workers", str(workers), "--page-timeout", str(page_ms)]
        if max_memory_mb is not None:
            self._argv += ["--max-memory", str(int(max_memory_mb))]
        self._argv += _flag_args(options)
        self._env = {**os.environ, **env} if env is not None else None
        self._stderr = stderr
        self._lock = threading.Lock()
        self._proc: Optional[subprocess.Popen] = None
        self._buf = bytearray()
        self._ids = itertools.count()
        self._closed = False
        self._started = False
        #: Processes started after the first (after a timeout, a crash, a protocol error).
        self.restarts = 0
        _live.add(self)

    # -- process ----------------------------------------------------------------------------------------------
    def _start(self) -> subprocess.Popen:
        if self._closed:
            raise FarswError("this Farsw worker is closed")
        try:
            proc = subprocess.Popen(self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=self._env)
        except OSError as e:
            raise FarswWorkerError(f"cannot start the worker ({self._argv[0]}): {e.strerror or e}") from None
        for pipe in (proc.stdin, proc.stdout):
            os.set_blocking(pipe.fileno(), False)
            _widen(pipe.fileno())
        self._proc, self._buf = proc, bytearray()
        if self._started:
            self.restarts += 1
        self._started = True
        # A first page within start_timeout, not a call's timeout: Node's start and the model's loading are paid here.
        try:
            deadline = time.monotonic() + self.start_timeout
            self._send(proc, b'{"id":"start","html":"<p>farsw</p>"}\n', deadline)
            answer = self._receive(proc, deadline)
        except FarswError as e:
            self._kill()
            raise FarswWorkerError(f"the worker did not start ({' '.join(self._argv)}): {e}") from None
        if not answer.startswith(b'{"id":"start"'):
            self._kill()
            raise FarswWorkerError(f"the worker did not start ({' '.join(self._argv)}): it answered {answer[:200]!r}")
        return proc

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        proc.kill()
        proc.wait()
        for f in (proc.stdin, proc.stdout):
            try:
                f.close()
            except OSError:
                pass

    @property
    def pid(self) -> Optional[int]:
        """The worker process's id while one runs."""
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def close(self) -> None:
        """End the worker: close its input (it answers what it holds and exits 0), kill it if it has not within 5 s."""
        with self._lock:
            self._closed = True
            proc = self._proc
            if proc is None:
                return
            try:
                proc.stdin.close()
                proc.wait(timeout=5)
                proc.stdout.close()
                self._proc = None
            except (OSError, subprocess.TimeoutExpired):
                self._kill()

    def __enter__(self) -> "Farsw":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if self._proc is not None:
                self._kill()
        except Exception:
            pass

    # -- protocol ---------------------------------------------------------------------------------------------
    def _send(self, proc: subprocess.Popen, data: bytes, deadline: float) -> None:
        # Answers are read into the buffer while the request goes out: a worker blocked writing answers to a full
        # pipe would not read the rest of the request (extract_many keeps several in flight).
        view, fd_in, fd_out = memoryview(data), proc.stdin.fileno(), proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd_in, selectors.EVENT_WRITE)
            sel.register(fd_out, selectors.EVENT_READ)
            while view:
                try:
                    view = view[os.write(fd_in, view):]
                    continue
                except BlockingIOError:
                    pass
                except OSError as e:
                    raise FarswWorkerError(f"the worker process ended (exit code {proc.poll()}): {e}") from None
                left = deadline - time.monotonic()
                events = sel.select(left) if left > 0 else []
                if not events:
                    raise FarswTimeout(f"the worker did not read its input in time: worker killed (it starts again on the next call)")
                if any(key.fd == fd_out for key, _ in events):
                    try:
                        chunk = os.read(fd_out, 1 << 20)
                    except BlockingIOError:
                        chunk = None
                    if chunk == b"":
                        raise FarswWorkerError(f"the worker process ended (exit code {proc.wait()}) while reading a request")
                    if chunk:
                        self._buf += chunk

    def _receive(self, proc: subprocess.Popen, deadline: float) -> bytes:
        fd = proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                nl = self._buf.find(b"\n")
                if nl >= 0:
                    line = bytes(self._buf[:nl])
                    del self._buf[: nl + 1]
                    return line
                try:
                    chunk = os.read(fd, 1 << 20)
                    if not chunk:
                        code = proc.wait()
                        raise FarswWorkerError(f"the worker process ended (exit code {code}) before answering")
                    self._buf += chunk
                    continue
                except BlockingIOError:
                    pass
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise FarswTimeout("no answer from the worker in time: worker killed (it starts again on the next call)")

    def _request(self, html: Page, url: Optional[str], options: Optional[Mapping[str, Any]]) -> tuple[str, bytes]:
        rid = str(next(self._ids))
        req: dict[str, Any] = {"id": rid}
        if isinstance(html, str):
            req["html"] = html
        elif isinstance(html, (bytes, bytearray, memoryview)):
            req["html_b64"] = base64.b64encode(bytes(html)).decode("ascii")
        else:
            raise TypeError(f"html: expected str or bytes, found {type(html).__name__}")
        if url is not None:
            req["url"] = url
        if options:
            req["options"] = dict(options)
        # ASCII JSON (non-ASCII as \u escapes): json.dumps's fast path, 2.3 times faster on these pages than UTF-8 output.
        return rid, (json.dumps(req, separators=(",", ":")) + "\n").encode("ascii")

    def extract(self, html: Page, url: Optional[str] = None, options: Optional[Mapping[str, Any]] = None,
                timeout: Optional[float] = None) -> dict:
        """The record of one page: ``{"id", "text", "model", "modelReason", "ms", …}``, or ``{"id", "error"}`` for a page the
        worker could not extract (not HTML, over its time or memory limit, a bad option). ``html``: text, or bytes
        (their charset is read from the page). Raises :class:`FarswTimeout` / :class:`FarswWorkerError` when the
        process itself fails."""
        rid, data = self._request(html, url, options)
        limit = self.timeout if timeout is None else float(timeout)
        with self._lock:
            proc = self._proc if self._proc is not None and self._proc.poll() is None else None
            if proc is None:
                self._kill()
                proc = self._start()
            try:
                deadline = time.monotonic() + limit
                self._send(proc, data, deadline)
                line = self._receive(proc, deadline)
            except FarswTimeout as e:
                self._kill()
                raise FarswTimeout(f"page took more than {limit} s: {e}") from None
            except FarswError:
                self._kill()
                raise
            try:
                return _record(line, rid)
            except FarswError:
                self._kill()
                raise

    def extract_many(self, pages: Iterable[Union[Page, tuple]], in_flight: int = 8) -> Iterator[dict]:
        """Records of many pages (each ``html`` or ``(html, url)``), in order, with up to ``in_flight`` requests in the
        pipe at once (the worker reads the next while it extracts one). The per-call timeout holds for each record."""
        with self._lock:
            proc = self._proc if self._proc is not None and self._proc.poll() is None else None
            if proc is None:
                self._kill()
                proc = self._start()
            pending: "queue.SimpleQueue[str]" = queue.SimpleQueue()
            waiting = 0
            try:
                for item in pages:
                    html, url = (item[0], item[1]) if isinstance(item, tuple) else (item, None)
                    rid, data = self._request(html, url, None)
                    if waiting >= in_flight:
                        yield self._answer(proc, pending.get())
                        waiting -= 1
                    self._send(proc, data, time.monotonic() + self.timeout)
                    pending.put(rid)
                    waiting += 1
                while waiting:
                    yield self._answer(proc, pending.get())
                    waiting -= 1
            except FarswError:
                self._kill()
                raise
            except BaseException:
                if waiting:
                    self._kill()  # answers left in the pipe would be read as the next call's
                raise

    def _answer(self, proc: subprocess.Popen, rid: str) -> dict:
        try:
            line = self._receive(proc, time.monotonic() + self.timeout)
        except FarswTimeout as e:
            raise FarswTimeout(f"page took more than {self.timeout} s: {e}") from None
        return _record(line, rid)


class FarswPool:
    """``n`` :class:`Farsw` workers, each a process; thread-safe: ``extract`` takes a free worker (waiting for one),
    ``map`` spreads pages over all of them from threads. The keyword arguments are :class:`Farsw`'s."""

    def __init__(self, n: int, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        if n < 1:
            raise ValueError(f"n: expected at least 1 worker, found {n}")
        self.workers = [Farsw(options, **kwargs) for _ in range(n)]
        self._free: "queue.SimpleQueue[Farsw]" = queue.SimpleQueue()
        for w in self.workers:
            self._free.put(w)

    def extract(self, html: Page, url: Optional[str] = None, options: Optional[Mapping[str, Any]] = None,
                timeout: Optional[float] = None) -> dict:
        worker = self._free.get()
        try:
            return worker.extract(html, url, options, timeout)
        finally:
            self._free.put(worker)

    def map(self, pages: Iterable[Union[Page, tuple]]) -> Iterator[dict]:
        """Records of ``pages`` (each ``html`` or ``(html, url)``), in order, ``n`` at a time (at most ``2 n`` pages read
        ahead). A worker failure is raised."""
        from collections import deque
        from concurrent.futures import ThreadPoolExecutor

        def one(item: Union[Page, tuple]) -> dict:
            return self.extract(*item) if isinstance(item, tuple) else self.extract(item)

        with ThreadPoolExecutor(max_workers=len(self.workers)) as ex:
            ahead: deque = deque()
            for item in pages:
                ahead.append(ex.submit(one, item))
                if len(ahead) >= 2 * len(self.workers):
                    yield ahead.popleft().result()
            while ahead:
                yield ahead.popleft().result()

    def close(self) -> None:
        for w in self.workers:
            w.close()

    def __enter__(self) -> "FarswPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
