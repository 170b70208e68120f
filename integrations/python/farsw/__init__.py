"""farsw from Python: a client of the ``farsw serve --stdio`` worker (standard library only).

    from farsw import Farsw
    with Farsw({"model": "default"}) as f:
        record = f.extract("<html>…</html>", url="https://example.org/a")
        print(record["text"])
"""
from .client import DEFAULT_BIN, Farsw, FarswError, FarswPool, FarswTimeout, FarswWorkerError
from .datatrove_adapter import FarswExtractor

__all__ = ["DEFAULT_BIN", "Farsw", "FarswError", "FarswExtractor", "FarswPool", "FarswTimeout", "FarswWorkerError"]
