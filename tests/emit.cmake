# tests/emit.cmake — tests of irlog emit (docs/emit.md): the round trip over the corpus
# (cases of tests/emit/passing.txt must keep passing) and broken fact sets.
file(GLOB EMIT_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/emit/*.sh)
foreach(s ${EMIT_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  add_test(NAME emit.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
endforeach()
