# One library per pipeline stage, and walls the compiler enforces (ARCHITECTURE.md, "Build targets").
#
# Every include is written from the repository root ("core/model/note.h"), so a target that had the
# root on its include path could include anything. Instead each stage gets an include root in the
# build tree holding symlinks to its own source folders only:
#   stage-include/model/core/{model,util}   stage-include/core/core/{graph,rules,query,index,config}
#   stage-include/ingest/ingest             stage-include/render/render
#   stage-include/workspace/workspace       stage-include/cli/cli
# and a target sees its own root and the roots of the stages below it, nothing else: an include
# against the direction is "No such file or directory". The compiler's own first look, in the
# including file's folder, can still reach a sibling stage through "../"; the include test
# (tests/architecture/include_direction_test.cpp) resolves such includes and fails on them.
set(STAGE_INCLUDE ${CMAKE_BINARY_DIR}/stage-include)

# stage_root(<stage> <source folder>...): symlinks each folder (relative to the repo root) under the stage's root.
function(stage_root stage)
  foreach(folder IN LISTS ARGN)
    get_filename_component(parent ${STAGE_INCLUDE}/${stage}/${folder} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${folder} ${STAGE_INCLUDE}/${stage}/${folder} SYMBOLIC)
  endforeach()
endfunction()

# stage_library(<target> ROOTS <stage>... SOURCES <file>... LINKS <target>...): a static library that sees
# only the listed stage roots; links are PRIVATE (a static library still passes them on to the link line).
function(stage_library target)
  cmake_parse_arguments(ARG "" "" "ROOTS;SOURCES;LINKS" ${ARGN})
  add_library(${target} STATIC ${ARG_SOURCES})
  list(TRANSFORM ARG_ROOTS PREPEND ${STAGE_INCLUDE}/)
  target_include_directories(${target} PRIVATE ${ARG_ROOTS})
  target_compile_options(${target} PRIVATE ${WARNINGS})
  target_compile_definitions(${target} PRIVATE ANTHOLOGY_VERSION="${PROJECT_VERSION}")
  target_link_libraries(${target} PRIVATE ${ARG_LINKS})
endfunction()

# stage_sources(<var> <glob>...): the .cpp files under the given folders.
function(stage_sources var)
  list(TRANSFORM ARGN APPEND /*.cpp)
  file(GLOB_RECURSE found CONFIGURE_DEPENDS ${ARGN})
  set(${var} ${found} PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${STAGE_INCLUDE})  # folders that moved between stages must not linger
stage_root(model core/model core/util)
stage_root(core core/graph core/rules core/query core/index)
stage_root(ingest ingest)
stage_root(render render)
stage_root(workspace workspace)
stage_root(cli cli)

stage_sources(MODEL_SOURCES ${CMAKE_SOURCE_DIR}/core/model ${CMAKE_SOURCE_DIR}/core/util)
stage_sources(CORE_SOURCES ${CMAKE_SOURCE_DIR}/core/graph ${CMAKE_SOURCE_DIR}/core/rules
              ${CMAKE_SOURCE_DIR}/core/query ${CMAKE_SOURCE_DIR}/core/index)
stage_sources(INGEST_SOURCES ${CMAKE_SOURCE_DIR}/ingest)
stage_sources(RENDER_SOURCES ${CMAKE_SOURCE_DIR}/render)
stage_sources(WORKSPACE_SOURCES ${CMAKE_SOURCE_DIR}/workspace)
stage_sources(CLI_SOURCES ${CMAKE_SOURCE_DIR}/cli)
list(FILTER RENDER_SOURCES EXCLUDE REGEX "render/kernels/templates/")
list(FILTER CLI_SOURCES EXCLUDE REGEX "cli/main\\.cpp$")
# The rules (core/rules/<family>/*.cpp) register themselves from static objects that nothing names, so
# a static archive would drop them: they are an object library whose objects every consumer of
# anthology_core links directly (adding a rule is adding a file, with no list to edit).
file(GLOB RULE_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/core/rules/*/*.cpp)
list(REMOVE_ITEM CORE_SOURCES ${RULE_SOURCES})
# The node-page sections (render/site/sections/*.cpp) register themselves the same way.
file(GLOB SECTION_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/render/site/sections/*.cpp)
list(REMOVE_ITEM RENDER_SOURCES ${SECTION_SOURCES})

stage_library(anthology_model ROOTS model SOURCES ${MODEL_SOURCES} ${ASSETS_CPP}
  LINKS PkgConfig::UTF8PROC PkgConfig::TOMLPP PkgConfig::XXHASH Threads::Threads)
stage_library(anthology_core ROOTS model core SOURCES ${CORE_SOURCES}
  LINKS anthology_model  SQLite::SQLite3 nlohmann_json::nlohmann_json Boost::graph
        PkgConfig::TOMLPP PkgConfig::XXHASH PkgConfig::ZSTD)
stage_library(anthology_ingest ROOTS model core ingest SOURCES ${INGEST_SOURCES}
  LINKS anthology_core anthology_model SQLite::SQLite3 PkgConfig::LIBYAML ${CMAKE_DL_LIBS} PkgConfig::CMARK ${CMARK_EXTENSIONS_LIB}
        PkgConfig::XXHASH PkgConfig::UTF8PROC nlohmann_json::nlohmann_json Threads::Threads)
# libgit2 is not linked but loaded when a corpus is a repository (ingest/git_library.h): its headers,
# and the soname to load, read from the -dev package's symlink (libgit2.so -> libgit2.so.1.5).
target_include_directories(anthology_ingest PRIVATE ${LIBGIT2_INCLUDE_DIRS})
find_library(LIBGIT2_FILE git2 REQUIRED HINTS ${LIBGIT2_LIBRARY_DIRS})
if(IS_SYMLINK "${LIBGIT2_FILE}")
  file(READ_SYMLINK "${LIBGIT2_FILE}" LIBGIT2_SONAME)
  get_filename_component(LIBGIT2_SONAME "${LIBGIT2_SONAME}" NAME)
else()
  get_filename_component(LIBGIT2_SONAME "${LIBGIT2_FILE}" NAME)
endif()
target_compile_definitions(anthology_ingest PRIVATE ANTH_LIBGIT2_SONAME="${LIBGIT2_SONAME}")
# render parses no markdown (ingest made every body ready for it): no cmark-gfm here.
stage_library(anthology_render ROOTS model core render SOURCES ${RENDER_SOURCES}
  LINKS anthology_core anthology_model nlohmann_json::nlohmann_json
        PkgConfig::XXHASH Threads::Threads)
# The resident workspace (serve, build --watch): re-parses a note through ingest, re-renders through render.
stage_library(anthology_workspace ROOTS model core ingest render workspace SOURCES ${WORKSPACE_SOURCES}
  LINKS anthology_render anthology_ingest anthology_core anthology_model Boost::headers PkgConfig::XXHASH Threads::Threads
        nlohmann_json::nlohmann_json)
stage_library(anthology_cli ROOTS model core ingest render workspace cli SOURCES ${CLI_SOURCES}
  LINKS anthology_workspace anthology_render anthology_ingest anthology_core anthology_model nlohmann_json::nlohmann_json
        PkgConfig::XXHASH Threads::Threads)
add_library(anthology_rules OBJECT ${RULE_SOURCES})
target_include_directories(anthology_rules PRIVATE ${STAGE_INCLUDE}/model ${STAGE_INCLUDE}/core)
target_compile_options(anthology_rules PRIVATE ${WARNINGS})
target_link_libraries(anthology_rules PRIVATE nlohmann_json::nlohmann_json Boost::graph)
target_link_libraries(anthology_core INTERFACE $<TARGET_OBJECTS:anthology_rules>)
add_library(anthology_site_sections OBJECT ${SECTION_SOURCES})
target_include_directories(anthology_site_sections PRIVATE ${STAGE_INCLUDE}/model ${STAGE_INCLUDE}/core ${STAGE_INCLUDE}/render)
target_compile_options(anthology_site_sections PRIVATE ${WARNINGS})
target_link_libraries(anthology_render INTERFACE $<TARGET_OBJECTS:anthology_site_sections>)
set(ANTHOLOGY_STAGE_TARGETS anthology_model anthology_core anthology_ingest anthology_render anthology_workspace anthology_cli
    )

add_executable(anthology cli/main.cpp)
target_include_directories(anthology PRIVATE ${STAGE_INCLUDE}/model ${STAGE_INCLUDE}/core ${STAGE_INCLUDE}/ingest
                           ${STAGE_INCLUDE}/render ${STAGE_INCLUDE}/workspace ${STAGE_INCLUDE}/cli)
target_compile_options(anthology PRIVATE ${WARNINGS})
target_link_libraries(anthology PRIVATE anthology_cli ${ALLOCATOR_LIBS})
