# tests/sql.cmake — the SQL side: `irlog facts --format sqlite` (rows equal to the .facts
# files, determinism, layout, bad outputs), `irlog schema --sql` and
# scripts/load-postgres.sh against a real PostgreSQL server (tests/sql/test_*.sh).
file(GLOB SQL_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/sql/test_*.sh)
foreach(s ${SQL_SCRIPTS})
  get_filename_component(name ${s} NAME_WE)
  add_test(NAME sql.${name} COMMAND bash ${s} $<TARGET_FILE:irlog> ${LLVM_BIN_DIR} ${CMAKE_SOURCE_DIR})
  set_tests_properties(sql.${name} PROPERTIES TIMEOUT 900)
endforeach()
