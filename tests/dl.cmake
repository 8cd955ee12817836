# tests/dl.cmake — the Datalog engine's tests (included by tests/tests.cmake).
# Golden cases: tests/golden/dl/<case>/ (see tests/dl/run_golden.sh).
# Property tests: random programs and facts, the engine against a naive evaluator
# (tests/dl/naive.py), sequential and with -j 2.
# Not registered (they need Soufflé's source, SOUFFLE_SRC, and skip without it; see
# docs/datalog.md): tests/dl/souffle_conformance.sh (Soufflé's evaluation and example
# cases) and tests/dl/souffle_errors.sh (its semantic and syntactic error cases).
if(IRLOG_HAVE_DL)
  add_test(NAME dl.golden
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/dl/run_golden.sh $<TARGET_FILE:irlog>
                   ${CMAKE_SOURCE_DIR}/tests/golden/dl)
  find_program(IRLOG_PYTHON3 python3)
  if(IRLOG_PYTHON3)
    add_test(NAME dl.property
             COMMAND ${IRLOG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/dl/property.py
                     $<TARGET_FILE:irlog> --count 150)
  endif()
endif()
if(IRLOG_HAVE_DL)
  add_test(NAME dl.interrupt
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/dl/test_interrupt.sh $<TARGET_FILE:irlog>)
endif()
