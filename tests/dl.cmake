# tests/dl.cmake — the Datalog engine's tests (included by tests/tests.cmake).
# Golden cases: tests/golden/dl/<case>/ (see tests/dl/run_golden.sh).
# Property tests: random programs and facts, the engine against a naive evaluator
# (tests/dl/naive.py), sequential and with -j 2.
# dl.golden.j2: the golden cases again with -j 2, every phase on the threads.
# dl.stress: one program many times at -j 2, each run's bytes equal to the -j 1 run's (CI:
# at most 40 s; the long campaign: python3 tests/dl/stress.py build/irlog --runs 2000).
# dl.souffle_property: random programs, irlog against Soufflé's interpreter (Soufflé from
# $SOUFFLE or PATH; skips without it; CI: at most 45 s).
# dl.incl_property: random inclusion rules over graphs with cycles (tests/dl/incl_property.py),
# with their collapse on and off, against a naive fixpoint.
# Under IRLOG_TSAN the property tests run at -j 2 and -j 4 (ThreadSanitizer).
# Not registered (they need Soufflé's source, SOUFFLE_SRC, and skip without it; see
# docs/datalog.md): tests/dl/souffle_conformance.sh (Soufflé's evaluation and example
# cases) and tests/dl/souffle_errors.sh (its semantic and syntactic error cases).
if(IRLOG_HAVE_DL)
  add_test(NAME dl.golden
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/dl/run_golden.sh $<TARGET_FILE:irlog>
                   ${CMAKE_SOURCE_DIR}/tests/golden/dl)
  add_test(NAME dl.golden.j2
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/dl/run_golden.sh $<TARGET_FILE:irlog>
                   ${CMAKE_SOURCE_DIR}/tests/golden/dl)
  set_tests_properties(dl.golden.j2 PROPERTIES
                       ENVIRONMENT "IRLOG_DL_EXTRA_ARGS=-j 2;IRLOG_DL_FORCE_JOBS=1")
  find_program(IRLOG_PYTHON3 python3)
  if(IRLOG_PYTHON3)
    if(IRLOG_TSAN)
      set(IRLOG_DL_PROPERTY_ARGS --count 100 --jobs 2,4)
      set(IRLOG_DL_INCL_ARGS --count 60 --jobs 2,4)
    else()
      set(IRLOG_DL_PROPERTY_ARGS --count 150)
      set(IRLOG_DL_INCL_ARGS --count 100)
    endif()
    add_test(NAME dl.property
             COMMAND ${IRLOG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/dl/property.py
                     $<TARGET_FILE:irlog> ${IRLOG_DL_PROPERTY_ARGS})
    add_test(NAME dl.incl_property
             COMMAND ${IRLOG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/dl/incl_property.py
                     $<TARGET_FILE:irlog> ${IRLOG_DL_INCL_ARGS})
    add_test(NAME dl.stress
             COMMAND ${IRLOG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/dl/stress.py
                     $<TARGET_FILE:irlog> --runs 2000 --seconds 40)
    add_test(NAME dl.souffle_property
             COMMAND ${IRLOG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/dl/souffle_property.py
                     $<TARGET_FILE:irlog> --count 5000 --seconds 45)
  endif()
endif()
if(IRLOG_HAVE_DL)
  add_test(NAME dl.interrupt
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/dl/test_interrupt.sh $<TARGET_FILE:irlog>)
endif()
