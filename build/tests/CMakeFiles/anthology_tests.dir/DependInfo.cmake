
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/tests/index/index_test.cpp" "tests/CMakeFiles/anthology_tests.dir/index/index_test.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/index/index_test.cpp.o.d"
  "/work/main/tests/ingest/incremental_test.cpp" "tests/CMakeFiles/anthology_tests.dir/ingest/incremental_test.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/ingest/incremental_test.cpp.o.d"
  "/work/main/tests/ingest/kind_test.cpp" "tests/CMakeFiles/anthology_tests.dir/ingest/kind_test.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/ingest/kind_test.cpp.o.d"
  "/work/main/tests/ingest/note_parser_test.cpp" "tests/CMakeFiles/anthology_tests.dir/ingest/note_parser_test.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/ingest/note_parser_test.cpp.o.d"
  "/work/main/tests/ingest/structure_rules_test.cpp" "tests/CMakeFiles/anthology_tests.dir/ingest/structure_rules_test.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/ingest/structure_rules_test.cpp.o.d"
  "/work/main/tests/lint/lint_output_test.cpp" "tests/CMakeFiles/anthology_tests.dir/lint/lint_output_test.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/lint/lint_output_test.cpp.o.d"
  "/work/main/tests/support/rule_fixture.cpp" "tests/CMakeFiles/anthology_tests.dir/support/rule_fixture.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/support/rule_fixture.cpp.o.d"
  "/work/main/tests/support/test_support.cpp" "tests/CMakeFiles/anthology_tests.dir/support/test_support.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/support/test_support.cpp.o.d"
  "/work/main/tests/test_main.cpp" "tests/CMakeFiles/anthology_tests.dir/test_main.cpp.o" "gcc" "tests/CMakeFiles/anthology_tests.dir/test_main.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build/CMakeFiles/anthology_lib.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
