#!/usr/bin/env bash
# install_node_clients.sh — Node's PostgreSQL client `pg` (node-postgres) for the
# integration tests' client checks (integration/049_client_workflows_test.cpp).
#
# Source: the npm registry, the version pinned below, installed with
# `npm install --ignore-scripts` into
#
#   ${TRIBUTARY_NODE_CLIENTS:-/opt/tributary/node}/node_modules/pg
#
# (CMake reads the same variable; the test loads the module from there). Everything is
# made world-readable. Idempotent: when that version is there, nothing is downloaded.
# Fails loudly (non-zero, message on stderr) when npm is missing or the download fails.
# npm's output goes to <dir>/install.log.
set -euo pipefail

DIR="${TRIBUTARY_NODE_CLIENTS:-/opt/tributary/node}"
LOG="${DIR}/install.log"
# The newest pg the registry had when this was written (`npm view pg version`).
VERSION="8.23.1"

installed_version() {
  node -e "console.log(require(process.argv[1]).version)" "${DIR}/node_modules/pg/package.json" 2>/dev/null || true
}

umask 022
mkdir -p "${DIR}"
command -v npm >/dev/null 2>&1 || { echo "install_node_clients: npm is not installed" >&2; exit 1; }
if [[ "$(installed_version)" != "${VERSION}" ]]; then
  echo "=== $(date -u +%FT%TZ) npm install pg@${VERSION}" >>"${LOG}"
  npm install --prefix "${DIR}" --no-save --no-audit --no-fund --ignore-scripts "pg@${VERSION}" \
    >>"${LOG}" 2>&1 </dev/null || {
    echo "install_node_clients: npm install pg@${VERSION} failed; last lines of ${LOG}:" >&2
    tail -n 20 "${LOG}" >&2
    exit 1
  }
  chmod -R a+rX "${DIR}"
  [[ "$(installed_version)" == "${VERSION}" ]] || {
    echo "install_node_clients: pg@${VERSION} is not loadable from ${DIR}" >&2
    exit 1
  }
fi
echo "install_node_clients: pg ${VERSION} in ${DIR}"
