# tests/check.cmake — tests of the shipped Datalog programs and `irlog check`.
find_program(PYTHON3 NAMES python3 REQUIRED)
add_test(NAME check.mutations COMMAND ${PYTHON3} ${CMAKE_SOURCE_DIR}/tests/check/mutations.py
         $<TARGET_FILE:irlog> ${CMAKE_SOURCE_DIR})
file(GLOB CHECK_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/check/test_*.sh)
foreach(s ${CHECK_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  add_test(NAME check.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
endforeach()
# docs/check.md lists every constraint (generated from datalog/constraints.dl).
add_test(NAME check.doc_fresh
         COMMAND bash -c "${PYTHON3} ${CMAKE_SOURCE_DIR}/tests/check/gen_doc.py ${CMAKE_SOURCE_DIR} | diff -u ${CMAKE_SOURCE_DIR}/docs/check.md - && echo docs/check.md is fresh")
