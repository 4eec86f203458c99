// The translation unit of tributary_test_pch (cmake/build_speed.cmake): the target
// exists to build the precompiled header every test target reuses; it has no code.
