#!/usr/bin/env bash
# The Python client's tests (unittest) with Debian's python3: the client, the datatrove-shaped adapter, and the Dask
# run (python3-distributed; FARSW_REQUIRE_DASK=1 makes its absence a failure instead of a skip). Needs dist/ built
# (npm ci / npm run build). Prints unittest's report, then one line "python tests: N passed, N failed, N skipped"; exits
# non-zero when a test failed.
set -uo pipefail
cd "$(dirname "$0")"
PY=${FARSW_PYTHON:-/usr/bin/python3}
PYTHONPATH=".:tests${PYTHONPATH:+:$PYTHONPATH}" exec "$PY" tests/run.py
