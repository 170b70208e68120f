#!/usr/bin/env bash
# tmux for the terminal test (test/cli/terminal.test.ts), which drives `farsw apply` in a real
# pseudo-terminal: installs Debian's tmux when none is on the PATH. Idempotent (a no-op when it is
# there) and fast-failing (needs root and apt-get). `.ci/run` runs it before `npm test`.
set -euo pipefail

log() { echo "tmux-install: $*" >&2; }

if command -v tmux >/dev/null; then log "found $(command -v tmux)"; exit 0; fi
command -v apt-get >/dev/null || { log "no tmux and no apt-get to install it"; exit 1; }
[[ $(id -u) -eq 0 ]] || { log "no tmux; installing it needs root (apt-get install tmux)"; exit 1; }
log "installing tmux from Debian"
timeout 300 apt-get update -qq
DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq --no-install-recommends tmux ncurses-bin >/dev/null
command -v tmux >/dev/null || { log "apt-get finished but tmux is not on the PATH"; exit 1; }
log "installed $(command -v tmux)"
