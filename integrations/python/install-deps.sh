#!/usr/bin/env bash
# Debian's python3 and python3-distributed (Dask) for the Python client's tests; idempotent: installs only what is missing,
# and runs `apt-get update` once, only when something is. Needs root (CI and the developers' machines run as root).
set -euo pipefail
need=()
[ -x /usr/bin/python3 ] || need+=(python3)
/usr/bin/python3 -c 'import distributed' 2>/dev/null || need+=(python3-distributed)
if [ ${#need[@]} -eq 0 ]; then
  echo "install-deps: python3 and python3-distributed already installed" >&2
  exit 0
fi
echo "install-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
/usr/bin/python3 -c 'import distributed; print("install-deps: distributed", distributed.__version__)' >&2
