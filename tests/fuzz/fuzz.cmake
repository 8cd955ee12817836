# tests/fuzz/fuzz.cmake — libFuzzer targets (included by CMakeLists.txt when IRLOG_FUZZ is
# on; needs clang, e.g. -DCMAKE_C_COMPILER=clang-19). Every library is then compiled with
# -fsanitize=fuzzer-no-link,address,undefined (set in CMakeLists.txt); the targets link
# libFuzzer. Run them with tests/fuzz/run.sh (60 s each in CI; see docs/testing.md).
foreach(t fuzz_dl_front fuzz_dl_facts)
  add_executable(${t} ${CMAKE_SOURCE_DIR}/tests/fuzz/${t}.c)
  target_link_libraries(${t} PRIVATE irlog_dl)
  target_compile_options(${t} PRIVATE ${IRLOG_WARN})
  target_link_options(${t} PRIVATE -fsanitize=fuzzer)
  set_target_properties(${t} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
endforeach()
