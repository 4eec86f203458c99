#!/usr/bin/env bash
# demo.sh — see Tributary replicate a PostgreSQL table, from a fresh checkout, in one
# command.
#
# Steps: setup.sh (packages + build) -> a throwaway PostgreSQL 15 publisher (initdb on
# a mktemp -d directory, wal_level=logical, a free port; run as the unprivileged user
# `tributary_demo` when this script runs as root) -> a throwaway Tributary server
# (`tributary serve` on a fresh data directory, a free port) -> psql: a table and a
# publication on the publisher, the same table and CREATE SUBSCRIPTION on Tributary ->
# rows inserted and updated on the publisher appear in Tributary's SQLite table
# (output shown) -> everything started here is stopped and removed on exit, also when a
# step fails or the script is interrupted.
# Environment: TRIBUTARY_BUILD_DIR (default build/).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export TRIBUTARY_BUILD_DIR="${TRIBUTARY_BUILD_DIR:-${ROOT}/build}"
TRIBUTARY="${TRIBUTARY_BUILD_DIR}/cli/tributary"
PSQL="$(command -v psql || echo /usr/lib/postgresql/15/bin/psql)"

PG_BIN="${TRIBUTARY_PG_BINDIR:-/usr/lib/postgresql/15/bin}"
DEMO_USER="tributary_demo"

WORK_DIR=""
SERVER_PID=""
SERVER_PORT=""
PUBLISHER_PORT=""
PUBLISHER_RUNNING=""

cleanup() {
  local rc=$?
  if [[ -n "${PUBLISHER_RUNNING}" ]]; then
    as_publisher_owner "${PG_BIN}/pg_ctl" -D "${WORK_DIR}/publisher" -m immediate stop >/dev/null 2>&1 || true
  fi
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

# as_publisher_owner CMD...: PostgreSQL refuses to run as root; as root, run the
# publisher's programs as an unprivileged user.
as_publisher_owner() {
  if ((EUID == 0)); then
    runuser -u "${DEMO_USER}" -- "$@"
  else
    "$@"
  fi
}

# start_publisher: initdb + pg_ctl start with wal_level=logical; sets PUBLISHER_PORT.
start_publisher() {
  local dir="${WORK_DIR}/publisher"
  if ((EUID == 0)); then
    id -u "${DEMO_USER}" >/dev/null 2>&1 || useradd --system --no-create-home "${DEMO_USER}"
    chmod 755 "${WORK_DIR}"
  fi
  mkdir -p "${dir}"
  ((EUID == 0)) && chown "${DEMO_USER}" "${dir}"
  PUBLISHER_PORT="$(free_port)"
  as_publisher_owner "${PG_BIN}/initdb" -D "${dir}" -A trust -U postgres --no-sync -E UTF8 --locale=C \
    >"${WORK_DIR}/initdb.log" 2>&1
  as_publisher_owner "${PG_BIN}/pg_ctl" -D "${dir}" -w -l "${dir}/server.log" \
    -o "-p ${PUBLISHER_PORT} -c wal_level=logical -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}" \
    start >/dev/null
  PUBLISHER_RUNNING=1
  echo "demo: PostgreSQL publisher on 127.0.0.1:${PUBLISHER_PORT} (wal_level=logical)"
}

# publisher_sql: runs SQL from stdin on the publisher, echoing each statement.
publisher_sql() {
  "${PSQL}" -X -h 127.0.0.1 -p "${PUBLISHER_PORT}" -U postgres -d postgres -v ON_ERROR_STOP=1 --echo-queries
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

# wait_for_rows SQL EXPECTED: polls Tributary until SQL prints EXPECTED (30 s deadline).
wait_for_rows() {
  local deadline=$((SECONDS + 30))
  until [[ "$("${PSQL}" -X -At -h 127.0.0.1 -p "${SERVER_PORT}" -d postgres -c "$1" 2>/dev/null)" == "$2" ]]; do
    if ((SECONDS >= deadline)); then
      echo "demo: Tributary did not show \"$2\" for \"$1\" within 30 s" >&2
      return 1
    fi
    sleep 0.1
  done
}

demo_replication() {
  echo
  echo "demo: on the publisher, a table and a publication:"
  publisher_sql <<'SQL'
CREATE TABLE fruit (id int PRIMARY KEY, name text NOT NULL, price_cents int);
CREATE PUBLICATION fruit_pub FOR TABLE fruit;
SQL
  echo
  echo "demo: on Tributary, the same table and a subscription:"
  run_sql "${SERVER_PORT}" <<SQL
CREATE TABLE fruit (id int PRIMARY KEY, name text NOT NULL, price_cents int);
CREATE SUBSCRIPTION fruit_sub
  CONNECTION 'host=127.0.0.1 port=${PUBLISHER_PORT} dbname=postgres user=postgres'
  PUBLICATION fruit_pub WITH (copy_data = false);
SQL
  echo
  echo "demo: rows inserted and updated on the publisher:"
  publisher_sql <<'SQL'
INSERT INTO fruit VALUES (1, 'apple', 50), (2, 'banana', 25), (3, 'cherry', 300);
UPDATE fruit SET price_cents = 275 WHERE id = 3;
SQL
  wait_for_rows "SELECT price_cents FROM fruit WHERE id = 3" "275"
  echo
  echo "demo: ... arrive in Tributary's SQLite table (${WORK_DIR}/tributary/base/postgres.db):"
  run_sql "${SERVER_PORT}" <<'SQL'
SELECT id, name, price_cents FROM fruit ORDER BY id;
SELECT subname, received_lsn, latest_end_lsn FROM pg_stat_subscription;
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
start_publisher
start_tributary
wait_for_server "${SERVER_PORT}" "${SERVER_PID}"
demo_replication
stop_tributary
