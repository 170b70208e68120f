"""Run every test of the client and print "python tests: N passed, N failed[, N skipped]" last; exit 1 on a failure.

A file, not a script on standard input: Dask's worker processes start by spawn, which imports the parent's main
module again from its path (a main read from stdin has none, and every worker died at start).
"""
import sys
import unittest
from pathlib import Path

if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    suite = unittest.defaultTestLoader.discover(str(here), top_level_dir=str(here))
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    print(f"python tests: {result.testsRun - failed - skipped} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    sys.exit(1 if failed or result.testsRun == 0 else 0)
