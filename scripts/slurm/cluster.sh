#!/usr/bin/env bash
# A one-node Slurm cluster on 127.0.0.1 for tests: installs Slurm and munge from
# Debian if missing, writes a config into a fresh state directory, starts munged,
# slurmctld and slurmd, waits for `sinfo` to say idle, runs COMMAND with the
# cluster's environment, and stops the daemons it started, by their PIDs, on every
# exit path (normal end, error, Ctrl-C, TERM).
#
#   sudo scripts/slurm/cluster.sh COMMAND [ARGS...]
#
# COMMAND sees SLURM_CONF (the config), FARSW_SLURM_STATE (the state directory:
# logs, pid files) and FARSW_SLURM=1. `scripts/slurm/cluster.sh restart-slurmd`,
# run by COMMAND, starts slurmd again after a test killed it (a node failure).
# Needs root (munge runs as user munge, slurmd starts jobs as their owner).
set -euo pipefail

log() { echo "slurm-cluster: $*" >&2; }

start_slurmd() {
  # -N localhost: the node is `localhost` whatever the machine's host name is.
  slurmd -N localhost -f "$SLURM_CONF"
  for _ in $(seq 1 100); do
    [[ -s "$FARSW_SLURM_STATE/slurmd.pid" ]] && kill -0 "$(cat "$FARSW_SLURM_STATE/slurmd.pid")" 2>/dev/null && return 0
    sleep 0.1
  done
  log "slurmd did not start; see $FARSW_SLURM_STATE/slurmd.log"
  return 1
}

if [[ "${1:-}" == restart-slurmd ]]; then
  : "${SLURM_CONF:?restart-slurmd runs inside cluster.sh}" "${FARSW_SLURM_STATE:?}"
  start_slurmd
  exit 0
fi

[[ $# -gt 0 ]] || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { log "needs root (munged runs as user munge; slurmd as root)"; exit 1; }

install_packages() {
  local missing=()
  for cmd in slurmctld slurmd sinfo munged; do command -v "$cmd" >/dev/null || missing+=("$cmd"); done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  log "installing slurmctld slurmd slurm-client munge (missing: ${missing[*]})"
  # Keep the packages' scripts from starting services of their own: this script starts and stops the daemons.
  local policy=/usr/sbin/policy-rc.d added=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' > "$policy"; chmod +x "$policy"; added=1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
  [[ $added -eq 1 ]] && rm -f "$policy"
  return 0
}
install_packages

STATE=$(mktemp -d /tmp/farsw-slurm.XXXXXX)
chmod 755 "$STATE"
export FARSW_SLURM_STATE=$STATE SLURM_CONF=$STATE/slurm.conf FARSW_SLURM=1
PIDS=()  # daemons started here (their pid files may be gone by the time we stop them)

stop_all() {
  local rc=$?
  trap - EXIT INT TERM
  # Jobs first (this cluster's own), so that no job process outlives its slurmd.
  if [[ -s "$STATE/slurmctld.pid" ]]; then
    scancel --full --signal=KILL $(squeue -h -o %i 2>/dev/null) 2>/dev/null || true
    for _ in $(seq 1 50); do [[ -z "$(squeue -h -t running,completing 2>/dev/null)" ]] && break; sleep 0.1; done
  fi
  # Then the daemons by PID: the pid files (slurmd may have been restarted by the test) and what this script started.
  local pids=()
  for f in slurmd slurmctld munged; do [[ -s "$STATE/$f.pid" ]] && pids+=("$(cat "$STATE/$f.pid")"); done
  pids+=("${PIDS[@]}")
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  [[ $rc -ne 0 ]] && log "exit $rc; daemon logs kept in $STATE" || rm -rf "$STATE"
  exit "$rc"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# munge: its socket directory owned by munge, the daemon run as that user, with pid and log in our state directory.
mkdir -p /run/munge "$STATE/munge"
chown munge:munge /run/munge "$STATE/munge"
chmod 755 /run/munge
if [[ ! -s /etc/munge/munge.key ]]; then
  mkdir -p /etc/munge
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
  chown munge:munge /etc/munge/munge.key
  chmod 400 /etc/munge/munge.key
fi
if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  log "a munged is already running; using it"
else
  su -s /bin/sh munge -c "munged --pid-file=$STATE/munge/munged.pid --log-file=$STATE/munge/munged.log --seed-file=$STATE/munge/munged.seed"
  for _ in $(seq 1 50); do [[ -s "$STATE/munge/munged.pid" ]] && break; sleep 0.1; done
  cp "$STATE/munge/munged.pid" "$STATE/munged.pid"
  munge -n | unmunge >/dev/null
fi

# Ports: Slurm's own (6817, 6818) unless something listens there already (another cluster), then the next free pair.
port=${FARSW_SLURM_PORT:-6817}
while (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null || (echo > "/dev/tcp/127.0.0.1/$((port + 1))") 2>/dev/null; do
  port=$((port + 2))
done

CPUS=$(nproc)
MEM_MB=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 8 / 10 ))
mkdir -p "$STATE/ctld" "$STATE/d"
cat > "$SLURM_CONF" <<EOF
ClusterName=farsw-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# Requeued jobs wait for the old job credential to expire (120 s by default).
AuthInfo=cred_expire=10
CommunicationParameters=NoInAddrAny
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# A node that went down comes back when its slurmd registers; a job on it is requeued.
ReturnToService=2
JobRequeue=1
# A batch script that exits 137 (a SIGKILLed farsw) is requeued.
RequeueExit=137
# A node whose slurmd stops answering is down after 10 s (300 s by default).
SlurmdTimeout=10
MessageTimeout=5
MinJobAge=600
KillWait=5
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -f "$SLURM_CONF" -i
for _ in $(seq 1 100); do [[ -s "$STATE/slurmctld.pid" ]] && break; sleep 0.1; done
PIDS+=("$(cat "$STATE/slurmctld.pid")")
start_slurmd

t0=$SECONDS
until [[ "$(sinfo -h -n localhost -o %T 2>/dev/null)" == idle ]]; do
  if (( SECONDS - t0 > 60 )); then
    log "the node is not idle after 60 s: $(sinfo -h -N -o '%N %T %E' 2>&1)"
    tail -5 "$STATE/slurmctld.log" "$STATE/slurmd.log" >&2 || true
    exit 1
  fi
  sleep 0.5
done
log "localhost idle after $(( SECONDS - t0 )) s (state in $STATE)"

"$@"
