#!/usr/bin/env bash
# run_catchup.sh: build (Release) and run the catch-up benchmarks of issue 3 and
# print their figures: Tributary's catch-up rate against a bare libpq drain of the
# same changes (the ceiling), the ratio (target >= 0.7), peak RSS, CPU per thread.
#
# Usage:  bench/run_catchup.sh [all|rows|pgbench|large|compare] [-- extra arguments for the program(s)]
#   rows     1 000 000 rows inserted in transactions of 100 (catchup_rows)
#   pgbench  W2 of issue 10: pgbench -i -s 1, then tpcb-like with 8 clients for 20 s, consumed by
#            Tributary, a bare libpq drain and PostgreSQL 18's subscriber (catchup_pgbench;
#            `-- --no-pg18` leaves PostgreSQL out)
#   compare  W1 of issue 10: 1 000 000 rows in transactions of 100 into bench_t, consumed by a bare
#            libpq drain, PostgreSQL 18's subscriber and Tributary (catchup_compare; not part of `all`)
#   large    one transaction of 1 000 000 rows, streamed and spooled (large_transaction, issue 9;
#            not part of `all`)
# Environment:
#   TRIBUTARY_BUILD_DIR  build directory (default: <repo>/build-bench), configured Release
#   BENCH_JOBS           parallel compile jobs (default 2, never more than 2 here)
#   TRIBUTARY_PG_BINDIR  PostgreSQL bin directory of the publisher (default PostgreSQL 15)
# Needs: a PostgreSQL server installation (initdb, pg_ctl, pgbench); as root, the
# publisher runs as the unprivileged user `tributary_test` (created if missing).
# Exit status: non-zero when a build or a run failed; a ratio below target is reported,
# not an error.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
build=${TRIBUTARY_BUILD_DIR:-$repo/build-bench}
jobs=${BENCH_JOBS:-2}
(( jobs > 2 )) && jobs=2
which=${1:-all}
shift || true
[[ ${1:-} == "--" ]] && shift
case $which in
  all) programs=(catchup_rows catchup_pgbench) ;;
  rows) programs=(catchup_rows) ;;
  pgbench) programs=(catchup_pgbench) ;;
  large) programs=(large_transaction) ;;
  compare) programs=(catchup_compare) ;;
  *) echo "usage: $0 [all|rows|pgbench|large|compare] [-- program arguments]" >&2; exit 2 ;;
esac

echo "building in $build (Release)..."
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 1
cmake --build "$build" --target tributary "${programs[@]}" -j "$jobs" >"$build/bench-build.log" 2>&1 || {
  tail -40 "$build/bench-build.log"; exit 1; }

status=0
results=()
for program in "${programs[@]}"; do
  echo
  log="$build/bench-$program.log"
  "$build/bench/$program" "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  if (( rc != 0 )); then
    echo "$program failed (exit $rc); output in $log"
    status=1
  fi
  results+=("$(grep '^RESULT ' "$log")")
done

echo
echo "== summary =="
printf '%s\n' "${results[@]}" | grep -v '^$' || echo "(no results)"
exit $status
