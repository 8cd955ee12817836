# tests/taint.cmake — tests of the taint analysis and `irlog taint` (included by
# tests/tests.cmake). Every tests/taint/test_*.sh is one ctest test, called as
# `bash test_X.sh IRLOG LLVM_BIN_DIR SOURCE_DIR`; see docs/taint.md (Tests).
file(GLOB TAINT_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/taint/test_*.sh)
foreach(s ${TAINT_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  add_test(NAME taint.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
endforeach()
