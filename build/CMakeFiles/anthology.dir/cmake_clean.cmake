file(REMOVE_RECURSE
  "CMakeFiles/anthology.dir/cli/main.cpp.o"
  "CMakeFiles/anthology.dir/cli/main.cpp.o.d"
  "anthology"
  "anthology.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/anthology.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
