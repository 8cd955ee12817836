# tests/ir.cmake — tests of the fact generator.
find_program(LLVM_AS NAMES llvm-as PATHS ${LLVM_BIN_DIR} NO_DEFAULT_PATH)
file(GLOB IR_GOLDEN CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/golden/ir/*.ll)
foreach(c ${IR_GOLDEN})
  get_filename_component(name ${c} NAME_WE)
  add_test(NAME ir.golden.${name}
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/ir/golden.sh $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${c})
endforeach()
# docs/relations.md must be what `irlog schema --markdown` prints.
add_test(NAME ir.schema_doc_fresh
         COMMAND bash -c "$<TARGET_FILE:irlog> schema --markdown | diff -u ${CMAKE_SOURCE_DIR}/docs/relations.md - && echo docs/relations.md is fresh")
# datalog/schema.dl must be what `irlog schema --dl` prints.
add_test(NAME ir.schema_dl_fresh
         COMMAND bash -c "$<TARGET_FILE:irlog> schema --dl | diff -u ${CMAKE_SOURCE_DIR}/datalog/schema.dl - && echo datalog/schema.dl is fresh")
file(GLOB IR_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/ir/test_*.sh)
foreach(s ${IR_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  add_test(NAME ir.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
endforeach()
