# tests/analyze.cmake — tests of the points-to analysis and `irlog analyze`
# (included by tests/tests.cmake). Every tests/analyze/test_*.sh is one ctest test,
# called as `bash test_X.sh IRLOG LLVM_BIN_DIR SOURCE_DIR`; see docs/analyze-tests.md.
# test_soundness runs in the release build only: it checks what the analysis derives
# against real runs (the same under a sanitizer), and under ASan it took 14 minutes of the
# CI run; test_programs and test_cli run the same code paths under the sanitizers.
file(GLOB ANALYZE_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/analyze/test_*.sh)
foreach(s ${ANALYZE_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  if(name STREQUAL "test_soundness" AND IRLOG_SANITIZE)
    continue()
  endif()
  add_test(NAME analyze.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
endforeach()
