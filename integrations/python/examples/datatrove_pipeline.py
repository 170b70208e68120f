"""farsw in a datatrove pipeline, in place of its Trafilatura step (needs `pip install datatrove`; not run in CI here).

    PYTHONPATH=integrations/python python3 integrations/python/examples/datatrove_pipeline.py
"""
from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.extractors.base import BaseExtractor
from datatrove.pipeline.readers import WarcReader
from datatrove.pipeline.writers import JsonlWriter

from farsw import FarswExtractor


class Farsw(BaseExtractor):
    """datatrove's BaseExtractor around farsw: datatrove's stats and its handling of TimeoutError."""

    name = "⛏ farsw"

    def __init__(self, timeout: float = 1.0, **kwargs):
        super().__init__(timeout)
        self.farsw = FarswExtractor(timeout=timeout, **kwargs)

    def extract(self, text: str) -> str:
        return self.farsw.extract(text)


if __name__ == "__main__":
    LocalPipelineExecutor(
        pipeline=[
            WarcReader("crawl/", glob_pattern="*.warc.gz"),
            Farsw(timeout=1.0, options={"favor": "precision"}),  # was: Trafilatura(favour_precision=True)
            JsonlWriter("extracted/"),
        ],
        tasks=4,
    ).run()
