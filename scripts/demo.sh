#!/usr/bin/env bash
# demo.sh — see Tributary answer psql, from a fresh checkout, in one command.
#
# Steps: setup.sh (packages + build) -> a throwaway server (`tributary serve` on a
# mktemp -d data directory and a free port) -> wait until it accepts connections ->
# psql creates a table, inserts rows and selects them (output shown) -> everything
# started here is stopped and removed on exit (SIGTERM to the server, temp dir
# deleted), also when a step fails or the script is interrupted.
# Each step is a function, so later demos (a publisher, a subscription) add steps.
# Environment: TRIBUTARY_BUILD_DIR (default build/).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export TRIBUTARY_BUILD_DIR="${TRIBUTARY_BUILD_DIR:-${ROOT}/build}"
TRIBUTARY="${TRIBUTARY_BUILD_DIR}/cli/tributary"
PSQL="$(command -v psql || echo /usr/lib/postgresql/15/bin/psql)"

WORK_DIR=""
SERVER_PID=""
SERVER_PORT=""

cleanup() {
  local rc=$?
  if [[ -n "${SERVER_PID}" ]] && kill -0 "${SERVER_PID}" 2>/dev/null; then
    kill -TERM "${SERVER_PID}" 2>/dev/null || true
    wait "${SERVER_PID}" 2>/dev/null || true
  fi
  if ((rc != 0)) && [[ -n "${WORK_DIR}" && -f "${WORK_DIR}/server.log" ]]; then
    echo "demo: failed; last lines of the server log:" >&2
    tail -n 20 "${WORK_DIR}/server.log" >&2
  fi
  [[ -n "${WORK_DIR}" ]] && rm -rf "${WORK_DIR}"
  exit "${rc}"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A TCP port on 127.0.0.1 nobody listens on (connecting is refused).
free_port() {
  local port
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then
      echo "${port}"
      return 0
    fi
  done
  echo "demo: no free port found" >&2
  return 1
}

# start_tributary: a server on a fresh data directory; sets SERVER_PID, SERVER_PORT.
start_tributary() {
  SERVER_PORT="$(free_port)"
  "${TRIBUTARY}" serve -D "${WORK_DIR}/tributary" -p "${SERVER_PORT}" \
    >"${WORK_DIR}/server.log" 2>&1 </dev/null &
  SERVER_PID=$!
  echo "demo: tributary serve -D ${WORK_DIR}/tributary -p ${SERVER_PORT} (pid ${SERVER_PID})"
}

# wait_for_server PORT PID: polls until psql can connect (30 s deadline).
wait_for_server() {
  local port="$1" pid="$2" deadline=$((SECONDS + 30))
  until "${PSQL}" -X -q -h 127.0.0.1 -p "${port}" -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
    if ! kill -0 "${pid}" 2>/dev/null; then
      echo "demo: the server exited during start-up" >&2
      return 1
    fi
    if ((SECONDS >= deadline)); then
      echo "demo: the server did not accept connections within 30 s" >&2
      return 1
    fi
    sleep 0.1
  done
}

# run_sql PORT: runs SQL from stdin with psql, echoing each statement.
run_sql() {
  "${PSQL}" -X -h 127.0.0.1 -p "$1" -d postgres -v ON_ERROR_STOP=1 --echo-queries
}

demo_tables() {
  echo
  echo "demo: a table, three rows, a query — through psql:"
  run_sql "${SERVER_PORT}" <<'SQL'
CREATE TABLE fruit (id int PRIMARY KEY, name text NOT NULL, price_cents int);
INSERT INTO fruit VALUES (1, 'apple', 50), (2, 'banana', 25), (3, 'cherry', 300);
SELECT id, name, price_cents FROM fruit ORDER BY id;
SQL
}

stop_tributary() {
  kill -TERM "${SERVER_PID}"
  local rc=0
  wait "${SERVER_PID}" || rc=$?
  SERVER_PID=""
  echo
  echo "demo: server stopped with SIGTERM (exit status ${rc})"
  return "${rc}"
}

"${ROOT}/scripts/setup.sh"
WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tributary-demo-XXXXXX")"
start_tributary
wait_for_server "${SERVER_PORT}" "${SERVER_PID}"
demo_tables
stop_tributary
