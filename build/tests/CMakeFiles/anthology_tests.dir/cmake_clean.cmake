file(REMOVE_RECURSE
  "CMakeFiles/anthology_tests.dir/index/index_test.cpp.o"
  "CMakeFiles/anthology_tests.dir/index/index_test.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/ingest/incremental_test.cpp.o"
  "CMakeFiles/anthology_tests.dir/ingest/incremental_test.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/ingest/kind_test.cpp.o"
  "CMakeFiles/anthology_tests.dir/ingest/kind_test.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/ingest/note_parser_test.cpp.o"
  "CMakeFiles/anthology_tests.dir/ingest/note_parser_test.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/ingest/structure_rules_test.cpp.o"
  "CMakeFiles/anthology_tests.dir/ingest/structure_rules_test.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/lint/lint_output_test.cpp.o"
  "CMakeFiles/anthology_tests.dir/lint/lint_output_test.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/support/rule_fixture.cpp.o"
  "CMakeFiles/anthology_tests.dir/support/rule_fixture.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/support/test_support.cpp.o"
  "CMakeFiles/anthology_tests.dir/support/test_support.cpp.o.d"
  "CMakeFiles/anthology_tests.dir/test_main.cpp.o"
  "CMakeFiles/anthology_tests.dir/test_main.cpp.o.d"
  "anthology_tests"
  "anthology_tests.pdb"
  "anthology_tests_tests-b12d07c.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/anthology_tests.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
