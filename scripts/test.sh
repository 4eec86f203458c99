#!/usr/bin/env bash
# test.sh — everything CI checks, in one command (the README's test command).
#
# 1. scripts/setup.sh: missing packages + Release build in build/.
# 2. Unit tests:        ctest -L unit         (every GoogleTest case is one ctest test)
# 3. Integration tests: ctest -L integration  (real PostgreSQL publishers, real servers)
# 4. scripts/fuzz.sh, when present: the pgoutput decoder fuzzer (its default 60 s).
# Every step runs even when an earlier one failed; the exit status is non-zero if
# anything failed. The last line is always `N passed, M failed` (ctest counts of both
# runs; a label that could not run at all counts as one failure).
# Environment: TRIBUTARY_BUILD_DIR (default build/), TRIBUTARY_TEST_TMPDIR (where the
# integration tests' scratch directories go; default /dev/shm when it is a tmpfs with
# 2 GB free, else /tmp), UNIT_JOBS (ctest -j, default 2),
# INTEGRATION_JOBS (default 4: an integration test mostly waits for its publisher and
# server, about half a CPU-second per second, so four of them keep two cores busy; README,
# "Building"), FUZZ_SECONDS (passed on to fuzz.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export TRIBUTARY_BUILD_DIR="${TRIBUTARY_BUILD_DIR:-${ROOT}/build}"
BUILD_DIR="${TRIBUTARY_BUILD_DIR}"

passed=0
failed=0
status=0

# run_ctest LABEL JOBS: runs one label, adds its counts to passed/failed.
run_ctest() {
  local label="$1" jobs="$2" log="${BUILD_DIR}/ctest-$1.log" rc=0
  echo "== ${label} tests"
  ctest --test-dir "${BUILD_DIR}" -L "^${label}\$" --output-on-failure --no-tests=error \
    -j "${jobs}" </dev/null 2>&1 | tee "${log}" || rc=$?
  # ctest's summary: "95% tests passed, 1 tests failed out of 20"
  local summary
  summary="$(grep -E '[0-9]+ tests? failed out of [0-9]+' "${log}" | tail -n 1 || true)"
  if [[ ${summary} =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
    local failures="${BASH_REMATCH[1]}" total="${BASH_REMATCH[2]}"
    passed=$((passed + total - failures))
    failed=$((failed + failures))
  else
    echo "test: ctest could not run the ${label} tests (see ${log})" >&2
    failed=$((failed + 1))
  fi
  if ((rc != 0)); then status=1; fi
}

if ! "${ROOT}/scripts/setup.sh"; then
  echo "test: setup failed, no tests were run" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

run_ctest unit "${UNIT_JOBS:-2}"

# The integration tests' publishers, servers and cluster templates go to a tmpfs when
# the machine has one with room (README, "Building"): each publisher is a copy of a
# 40 MB template cluster, which costs an ext4 /tmp about ten times the CPU (and far
# more time) than a tmpfs. TRIBUTARY_TEST_TMPDIR set by the caller wins; empty keeps /tmp.
if [[ -z ${TRIBUTARY_TEST_TMPDIR+set} && -d /dev/shm && -w /dev/shm ]] &&
  [[ "$(stat -f -c %T /dev/shm 2>/dev/null)" == tmpfs ]] &&
  (($(df -Pk /dev/shm | awk 'NR == 2 { print $4 }') >= 2 * 1024 * 1024)); then
  export TRIBUTARY_TEST_TMPDIR=/dev/shm
fi
echo "== integration scratch directories in ${TRIBUTARY_TEST_TMPDIR:-/tmp}"
run_ctest integration "${INTEGRATION_JOBS:-4}"

if [[ -f "${ROOT}/scripts/fuzz.sh" ]]; then
  echo "== fuzzing the pgoutput decoder"
  if bash "${ROOT}/scripts/fuzz.sh" </dev/null; then
    echo "fuzz: no finding"
  else
    echo "fuzz: FAILED (a finding or a build error; see the output above)" >&2
    status=1
  fi
else
  echo "fuzz: scripts/fuzz.sh not present, skipped"
fi

echo "${passed} passed, ${failed} failed"
exit "${status}"
