"""An extractor with datatrove's shape (``extract(text: str) -> str``), written without importing datatrove.

datatrove's ``BaseExtractor`` subclasses implement ``extract(text) -> str``; its ``run`` replaces each document's text
with it, drops documents left empty and counts a ``TimeoutError`` as a dropped document. :class:`FarswExtractor` does
the same on its own (``run``, and ``__call__(data, rank, world_size)`` as a pipeline step), so it goes in a pipeline's
list as it is; or wrap it in a ``BaseExtractor`` subclass (integrations/python/README.md) to get datatrove's stats.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Optional

from .client import Farsw, FarswTimeout


class FarswExtractor:
    """farsw as a datatrove-style extractor: ``extract(html) -> text``, one worker process per instance (per task).

    ``timeout``: seconds per document (datatrove's default for trafilatura is 1 s); a document over it raises
    :class:`FarswTimeout` (a ``TimeoutError``, as datatrove expects) from ``extract`` and is dropped by ``run``.
    A page the worker cannot extract (not HTML, over its limits) gives ``""``, which ``run`` drops too.
    ``options``: ``farsw apply``'s flags (``{"favor": "precision"}``). Keyword arguments go to :class:`Farsw`.
    """

    name = "⛏ farsw"
    type = "🛢 - EXTRAC"

    def __init__(self, timeout: float = 1.0, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        self.timeout = timeout
        self.options = dict(options or {})
        self._kwargs = kwargs
        self._farsw: Optional[Farsw] = None
        self.stats = {"extracted": 0, "dropped_empty": 0, "dropped_timeout": 0, "dropped_error": 0}

    @property
    def farsw(self) -> Farsw:
        """The worker, started at the first document (so an unpickled copy on a remote worker starts its own)."""
        if self._farsw is None:
            self._farsw = Farsw(self.options, timeout=self.timeout, **self._kwargs)
        return self._farsw

    def extract(self, text: str) -> str:
        """The main text of one HTML page; ``""`` when the worker answers with an error."""
        record = self.farsw.extract(text)
        return "" if "error" in record else record["text"]

    def run(self, data: Iterable[Any], rank: int = 0, world_size: int = 1) -> Iterator[Any]:
        """datatrove's ``BaseExtractor.run``: each document's ``.text`` (HTML) becomes its main text; empty, failed and
        timed-out documents are dropped."""
        for doc in data:
            try:
                doc.text = self.extract(doc.text)
            except FarswTimeout:
                self.stats["dropped_timeout"] += 1
                continue
            if doc.text:
                self.stats["extracted"] += 1
                yield doc
            else:
                self.stats["dropped_empty"] += 1

    def __call__(self, data: Iterable[Any], rank: int = 0, world_size: int = 1) -> Iterator[Any]:
        return self.run(data, rank, world_size)

    def close(self) -> None:
        if self._farsw is not None:
            self._farsw.close()
            self._farsw = None

    def __getstate__(self) -> dict:
        # Pickled to a remote worker (datatrove's executors, Dask, Spark): without the process, which does not travel.
        return {**self.__dict__, "_farsw": None}
