# tests/emit.cmake — tests of irlog emit (docs/emit.md): the round trip over the corpus
# (cases of tests/emit/passing.txt must keep passing), broken fact sets, edits, and the
# round trip of real programs from Debian's sources (corpus.sh: release build only, it
# compiles three programs twice; exit 77 = sources unavailable outside CI = skipped).
file(GLOB EMIT_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/emit/*.sh)
foreach(s ${EMIT_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  if(name STREQUAL "corpus" AND IRLOG_SANITIZE)
    continue()
  endif()
  add_test(NAME emit.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
  if(name STREQUAL "corpus")
    set_tests_properties(emit.${name} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900)
  endif()
endforeach()
