#!/usr/bin/env bash
# Headless Chromium for the browser-rendered explain test (test/explain/browser.test.ts):
# installs Debian's `chromium` and the DejaVu fonts the picture names, when no chromium is
# on the PATH. Idempotent (a no-op when it is there) and fast-failing (needs root and apt-get;
# every step stops at its first error). `.ci/run` runs it before `npm test`.
set -euo pipefail

log() { echo "chromium-install: $*" >&2; }

for cmd in chromium chromium-browser; do
  if command -v "$cmd" >/dev/null; then log "found $(command -v "$cmd")"; exit 0; fi
done
command -v apt-get >/dev/null || { log "no chromium and no apt-get to install it"; exit 1; }
[[ $(id -u) -eq 0 ]] || { log "no chromium; installing it needs root (apt-get install chromium fonts-dejavu-core)"; exit 1; }
log "installing chromium fonts-dejavu-core from Debian"
timeout 300 apt-get update -qq
DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
command -v chromium >/dev/null || { log "apt-get finished but chromium is not on the PATH"; exit 1; }
log "installed $(command -v chromium)"
