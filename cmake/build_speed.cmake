# build_speed: what keeps a from-scratch build cheap (CI builds everything on 2 cores
# with no compiler cache). Measured in CPU seconds per step; see README, "Building".
# Included by the root CMakeLists (also in the fuzz build).
#
# lld as the linker when the compiler accepts -fuse-ld=lld (scripts/setup.sh installs
# it): ~65 executables link the same static libraries, and GNU ld takes about four
# times lld's CPU time for each (0.4-0.7 s against 0.1-0.2 s). -DTRIBUTARY_USE_LLD=OFF
# links with the compiler's default linker.

include(CheckLinkerFlag)
option(TRIBUTARY_USE_LLD "Link with lld when the compiler accepts -fuse-ld=lld" ON)
if(TRIBUTARY_USE_LLD)
  check_linker_flag(CXX "-fuse-ld=lld" TRIBUTARY_LINKER_LLD_WORKS)
  if(TRIBUTARY_LINKER_LLD_WORKS)
    add_link_options(-fuse-ld=lld)
  endif()
endif()

# Test code (tests/, integration/) is compiled at -O1 instead of Release's -O3, with
# one precompiled GoogleTest header shared by every test target. GoogleTest's macros
# expand to much code that -O3 spends most of its time on, and tests measure no speed
# (bench/ does, and keeps -O3); the libraries and `tributary`, which the tests link
# and run, keep the build type's flags. -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON turns
# the PCH off.
set(TRIBUTARY_TEST_OPTIMIZATION -O1 CACHE STRING
    "Optimisation flag for tests/ and integration/ in optimised builds (Debug stays -O0)")
set(_tributary_test_opt "$<$<NOT:$<CONFIG:Debug>>:${TRIBUTARY_TEST_OPTIMIZATION}>")

# ccache, when it is the compiler launcher, is told to accept precompiled headers
# (the sloppiness its manual asks for); without it every PCH user compiles uncached.
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache" AND NOT CMAKE_DISABLE_PRECOMPILE_HEADERS)
  set(CMAKE_CXX_COMPILER_LAUNCHER
    env CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
    ${CMAKE_CXX_COMPILER_LAUNCHER})
endif()

# tributary_test_code(target): compile a test target as test code. The PCH belongs
# to a small target of its own (made on first use) so that every test target,
# whatever it links, reuses the same .gch: GCC accepts it when the flags that matter
# match, and every test target gets the same -O from here.
function(tributary_test_code target)
  if(NOT TARGET tributary_test_pch)
    add_library(tributary_test_pch OBJECT "${PROJECT_SOURCE_DIR}/cmake/test_pch.cpp")
    target_link_libraries(tributary_test_pch PRIVATE GTest::gtest)
    target_compile_options(tributary_test_pch PRIVATE ${_tributary_test_opt})
    target_precompile_headers(tributary_test_pch PRIVATE
      <gtest/gtest.h>
      <algorithm> <chrono> <cstdint> <filesystem> <fstream> <functional> <map> <memory>
      <optional> <sstream> <string> <string_view> <thread> <vector>)
  endif()
  target_compile_options(${target} PRIVATE ${_tributary_test_opt})
  target_precompile_headers(${target} REUSE_FROM tributary_test_pch)
endfunction()
