#!/usr/bin/env bash
# The Python client's tests (unittest) with Debian's python3: the client, the datatrove-shaped adapter, and the Dask
# run (python3-distributed; FARSW_REQUIRE_DASK=1 makes its absence a failure instead of a skip). Needs dist/ built
# (npm ci / npm run build). Prints unittest's report, then one line "python tests: N passed, N failed, N skipped"; exits
# non-zero when a test failed.
set -uo pipefail
cd "$(dirname "$0")"
PY=${FARSW_PYTHON:-/usr/bin/python3}
PYTHONPATH=".:tests${PYTHONPATH:+:$PYTHONPATH}" "$PY" - "$@" <<'PYEOF'
import sys, unittest
suite = unittest.defaultTestLoader.discover("tests", top_level_dir="tests")
result = unittest.TextTestRunner(verbosity=2).run(suite)
failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
skipped = len(result.skipped)
print(f"python tests: {result.testsRun - failed - skipped} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed or result.testsRun == 0 else 0)
PYEOF
