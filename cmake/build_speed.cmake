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
