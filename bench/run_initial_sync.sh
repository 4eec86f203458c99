#!/usr/bin/env bash
# run_initial_sync.sh: build (Release) and run the initial-sync benchmark of issue 4:
# Tributary's CREATE SUBSCRIPTION table copy (copy_data = true, two sync workers)
# against the publisher's COPY-discard ceiling and the local SQLite-insert ceiling,
# the ratio to the lower one (target >= 0.8) and the server's peak RSS.
#
# Usage:  bench/run_initial_sync.sh [-- initial_sync arguments]
#   default 4 tables x 2 500 000 rows; smaller: bench/run_initial_sync.sh -- --rows 500000
# Environment:
#   TRIBUTARY_BUILD_DIR  build directory (default: <repo>/build-bench), configured Release
#   BENCH_JOBS           parallel compile jobs (default 2, never more than 2 here)
#   TRIBUTARY_PG_BINDIR  PostgreSQL bin directory of the publisher (default PostgreSQL 15)
# Needs: a PostgreSQL server installation; as root, the publisher runs as the
# unprivileged user `tributary_test` (created if missing). Disk: the publisher's tables
# plus two SQLite copies (about 2 GB at the default size).
# Exit status: non-zero when the build or the run failed; a ratio below target is
# reported, not an error.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIBUTARY_BUILD_DIR:-$repo/build-bench}
jobs=${BENCH_JOBS:-2}
(( jobs > 2 )) && jobs=2
[[ ${1:-} == "--" ]] && shift

echo "building in $build (Release)..."
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 1
cmake --build "$build" --target tributary initial_sync -j "$jobs" >"$build/bench-build.log" 2>&1 || {
  tail -40 "$build/bench-build.log"; exit 1; }

log="$build/bench-initial_sync.log"
"$build/bench/initial_sync" "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
if (( rc != 0 )); then
  echo "initial_sync failed (exit $rc); output in $log"
  exit 1
fi
echo
echo "== summary =="
grep '^RESULT ' "$log" || echo "(no result)"
