#!/usr/bin/env bash
# Run the guide's Slurm recipe for real (docs/guide.md, "Counting on many machines"): bring up a
# one-node Slurm cluster on this machine (munge, slurmctld and slurmd on localhost), write the
# guide's job script as it stands there, submit it as a job array for a board small enough for
# CI, wait for every task, combine the residues with the guide's command and compare the count
# with the known one. CI runs it as root (.ci/run); it needs Debian's slurm-wlm and munge.
#
# Usage: scripts/slurm-recipe.sh TOURGLYPH_BINARY [BOARD]   (BOARD defaults to 16x16)
set -euo pipefail
BIN="$(realpath "$1")"
B="${2:-16x16}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
for t in munged slurmctld slurmd sbatch squeue sacct scontrol; do
  command -v "$t" >/dev/null 2>&1 || { echo "slurm-recipe: $t is not installed (apt-get install slurm-wlm munge)" >&2; exit 1; }
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tourglyph-slurm.XXXXXX")"
# Stop what this script started (the daemons, then munged); keep the logs only on failure.
cleanup() {
  local status=$?
  scontrol shutdown >/dev/null 2>&1 || true
  for _ in $(seq 20); do pgrep -x 'slurm(ctld|d)' >/dev/null || break; sleep 0.5; done
  pkill -x 'slurm(ctld|d)' 2>/dev/null || true
  [ -f "$WORK/munged.pid" ] && kill "$(cat "$WORK/munged.pid")" 2>/dev/null || true
  if [ "$status" = 0 ]; then rm -rf "$WORK"; else echo "slurm-recipe: logs in $WORK" >&2; fi
}
trap cleanup EXIT

# munge: the authentication Slurm's daemons and commands use. Debian's package made the key.
mkdir -p /run/munge && chown munge:munge /run/munge
# A munged already running (a machine with Slurm) is used as it is, and left running.
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  chown munge:munge "$WORK"
  runuser -u munge -- munged --pid-file="$WORK/munged.pid"
fi
munge -n </dev/null | unmunge >/dev/null

# One node: this machine, its cores and most of its memory; no cgroups (containers lack them).
NODE="$(hostname -s)"
CPUS="$(nproc)"
MEM_MB=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10 ))
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat >/etc/slurm/slurm.conf <<EOF
ClusterName=tourglyph-ci
SlurmctldHost=$NODE(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=ci Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -c   # -c: a clean start, no state from an earlier run
slurmd -c
for _ in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
  sleep 1
done
sinfo -h -o '%P %D %t %c %m' | sed 's/^/slurm-recipe: partition /'
sinfo -h -o %t | grep -qE '^(idle|mix|alloc)' || { echo "slurm-recipe: the node did not come up" >&2; cat "$WORK/slurmd.log" >&2; exit 1; }

# The guide's job script, as written: the first ```sh block after the marker.
awk '/<!-- recipe: slurm -->/ {on=1; next} on && /^```sh/ {inblk=1; next} inblk && /^```/ {exit} inblk {print}' \
  "$ROOT/docs/guide.md" >"$WORK/count24.sbatch"
grep -q '^#SBATCH --array' "$WORK/count24.sbatch" || { echo "slurm-recipe: no job script found in docs/guide.md" >&2; exit 1; }
# ... and the guide's submission line for another board, as written there.
SUBMIT="$(awk '/<!-- recipe: slurm-submit -->/ {on=1; next} on && /^```sh/ {inblk=1; next} inblk && /^```/ {exit} inblk {print}' "$ROOT/docs/guide.md")"
[ -n "$SUBMIT" ] || { echo "slurm-recipe: no submission block found in docs/guide.md" >&2; exit 1; }

mkdir -p "$WORK/bin" "$WORK/run"
ln -s "$BIN" "$WORK/bin/tourglyph"
export PATH="$WORK/bin:$PATH"
cd "$WORK/run"
cp "$WORK/count24.sbatch" .
# The submission block sets B (the board) and MEM (memory a task) itself when they are unset;
# CI sets them for a small board.
export B MEM=1G CPUS=1
echo "slurm-recipe: submitting the guide's job array for $B"
bash -euo pipefail -c "$SUBMIT" | tee submit.out
JOB="$(grep -oE 'Submitted batch job [0-9]+' submit.out | grep -oE '[0-9]+$' | head -1)"
[ -n "$JOB" ] || { echo "slurm-recipe: sbatch printed no job id" >&2; exit 1; }
for _ in $(seq 600); do
  [ -z "$(squeue -h -j "$JOB" 2>/dev/null)" ] && break
  sleep 1
done
[ -z "$(squeue -h -j "$JOB" 2>/dev/null)" ] || { echo "slurm-recipe: job $JOB did not finish in 10 minutes" >&2; exit 1; }
TASKS="$(wc -l <moduli.txt)"
echo "slurm-recipe: job $JOB, $TASKS tasks (one a modulus)"
for i in $(seq "$TASKS"); do
  [ -s "r-$i.json" ] || { echo "slurm-recipe: task $i wrote no residue (r-$i.json)" >&2; ls -la >&2; cat slurm-*.out >&2 || true; exit 1; }
  echo "slurm-recipe: task $JOB.$i: $(cat "r-$i.json")"
done
COMBINED="$(tourglyph count --board "$B" --combine r-*.json)"
# The published figure (OEIS A003763, kept with the tests' reference figures).
R="${B%x*}"; C="${B#*x}"
PUBLISHED="$(tr -d ' \n' <"$ROOT/tests/it/reference.rs" | grep -oE "f\($R,$C,\"[0-9]+\"\)" | head -1 | grep -oE '"[0-9]+"' | tr -d '"')"
[ -n "$PUBLISHED" ] || { echo "slurm-recipe: no published figure for $B in tests/it/reference.rs" >&2; exit 1; }
echo "slurm-recipe: combined $COMBINED; published (A003763) $PUBLISHED"
[ "$COMBINED" = "$PUBLISHED" ] || { echo "slurm-recipe: the combined count differs from the published figure" >&2; exit 1; }
echo "slurm-recipe: passed"
