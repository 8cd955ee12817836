# tests/analyze.cmake — tests of the points-to analysis and `irlog analyze`
# (included by tests/tests.cmake). Every tests/analyze/test_*.sh is one ctest test,
# called as `bash test_X.sh IRLOG LLVM_BIN_DIR SOURCE_DIR`; see docs/analyze-tests.md.
file(GLOB ANALYZE_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/analyze/test_*.sh)
foreach(s ${ANALYZE_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  add_test(NAME analyze.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
endforeach()
