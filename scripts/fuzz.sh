#!/usr/bin/env bash
# fuzz.sh: builds the pgoutput decoder fuzzer (clang, libFuzzer + ASan + UBSan)
# in build-fuzz and runs it for ${FUZZ_SECONDS:-60} seconds.
#
#   scripts/fuzz.sh                 # 60 s
#   FUZZ_SECONDS=600 scripts/fuzz.sh
#
# The corpus lives in build-fuzz/fuzz-corpus (kept between runs, seeded by
# fuzz_pgoutput_seeds); a crashing input is written to build-fuzz/fuzz-artifacts/.
# Exit status: 0 when nothing was found, non-zero on a build failure or a finding.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${root}/build-fuzz"
seconds="${FUZZ_SECONDS:-60}"
jobs="${FUZZ_BUILD_JOBS:-2}"

CXX="${CXX:-clang++}" cmake -S "${root}" -B "${build}" -DTRIBUTARY_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "${build}" --target fuzz_pgoutput_decoder fuzz_pgoutput_seeds -j "${jobs}"

corpus="${build}/fuzz-corpus"
artifacts="${build}/fuzz-artifacts"
mkdir -p "${corpus}" "${artifacts}"
"${build}/fuzz/fuzz_pgoutput_seeds" "${corpus}"

before=$(find "${artifacts}" -type f | wc -l)
status=0
"${build}/fuzz/fuzz_pgoutput_decoder" "${corpus}" \
  -max_total_time="${seconds}" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="${artifacts}/" || status=$?
after=$(find "${artifacts}" -type f | wc -l)

if [[ ${status} -ne 0 || ${after} -gt ${before} ]]; then
  echo "fuzz.sh: the fuzzer found a problem (exit ${status}); see ${artifacts}/" >&2
  exit $(( status != 0 ? status : 1 ))
fi
echo "fuzz.sh: ${seconds} s of fuzzing, nothing found"
