
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/cli/args.cpp" "CMakeFiles/anthology_lib.dir/cli/args.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/args.cpp.o.d"
  "/work/main/cli/cmd_build.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_build.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_build.cpp.o.d"
  "/work/main/cli/cmd_completion.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_completion.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_completion.cpp.o.d"
  "/work/main/cli/cmd_export.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_export.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_export.cpp.o.d"
  "/work/main/cli/cmd_kernels.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_kernels.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_kernels.cpp.o.d"
  "/work/main/cli/cmd_lint.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_lint.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_lint.cpp.o.d"
  "/work/main/cli/cmd_neighbors.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_neighbors.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_neighbors.cpp.o.d"
  "/work/main/cli/cmd_origin.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_origin.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_origin.cpp.o.d"
  "/work/main/cli/cmd_path.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_path.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_path.cpp.o.d"
  "/work/main/cli/cmd_query.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_query.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_query.cpp.o.d"
  "/work/main/cli/cmd_show.cpp" "CMakeFiles/anthology_lib.dir/cli/cmd_show.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/cmd_show.cpp.o.d"
  "/work/main/cli/commands.cpp" "CMakeFiles/anthology_lib.dir/cli/commands.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/commands.cpp.o.d"
  "/work/main/cli/progress.cpp" "CMakeFiles/anthology_lib.dir/cli/progress.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/progress.cpp.o.d"
  "/work/main/cli/session.cpp" "CMakeFiles/anthology_lib.dir/cli/session.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/cli/session.cpp.o.d"
  "/work/main/core/config/config.cpp" "CMakeFiles/anthology_lib.dir/core/config/config.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/config/config.cpp.o.d"
  "/work/main/core/graph/graph.cpp" "CMakeFiles/anthology_lib.dir/core/graph/graph.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/graph/graph.cpp.o.d"
  "/work/main/core/graph/graph_cycles.cpp" "CMakeFiles/anthology_lib.dir/core/graph/graph_cycles.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/graph/graph_cycles.cpp.o.d"
  "/work/main/core/graph/graph_layout.cpp" "CMakeFiles/anthology_lib.dir/core/graph/graph_layout.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/graph/graph_layout.cpp.o.d"
  "/work/main/core/graph/graph_paths.cpp" "CMakeFiles/anthology_lib.dir/core/graph/graph_paths.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/graph/graph_paths.cpp.o.d"
  "/work/main/core/index/derived_tables.cpp" "CMakeFiles/anthology_lib.dir/core/index/derived_tables.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/index/derived_tables.cpp.o.d"
  "/work/main/core/index/index.cpp" "CMakeFiles/anthology_lib.dir/core/index/index.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/index/index.cpp.o.d"
  "/work/main/core/index/parse_codec.cpp" "CMakeFiles/anthology_lib.dir/core/index/parse_codec.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/index/parse_codec.cpp.o.d"
  "/work/main/core/model/corpus.cpp" "CMakeFiles/anthology_lib.dir/core/model/corpus.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/model/corpus.cpp.o.d"
  "/work/main/core/model/diagnostic.cpp" "CMakeFiles/anthology_lib.dir/core/model/diagnostic.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/model/diagnostic.cpp.o.d"
  "/work/main/core/model/kind.cpp" "CMakeFiles/anthology_lib.dir/core/model/kind.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/model/kind.cpp.o.d"
  "/work/main/core/model/note.cpp" "CMakeFiles/anthology_lib.dir/core/model/note.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/model/note.cpp.o.d"
  "/work/main/core/model/schema.cpp" "CMakeFiles/anthology_lib.dir/core/model/schema.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/model/schema.cpp.o.d"
  "/work/main/core/query/fresh_index.cpp" "CMakeFiles/anthology_lib.dir/core/query/fresh_index.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/fresh_index.cpp.o.d"
  "/work/main/core/query/index_corpus.cpp" "CMakeFiles/anthology_lib.dir/core/query/index_corpus.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/index_corpus.cpp.o.d"
  "/work/main/core/query/node_details.cpp" "CMakeFiles/anthology_lib.dir/core/query/node_details.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/node_details.cpp.o.d"
  "/work/main/core/query/node_search.cpp" "CMakeFiles/anthology_lib.dir/core/query/node_search.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/node_search.cpp.o.d"
  "/work/main/core/query/provenance.cpp" "CMakeFiles/anthology_lib.dir/core/query/provenance.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/provenance.cpp.o.d"
  "/work/main/core/query/query_db.cpp" "CMakeFiles/anthology_lib.dir/core/query/query_db.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/query_db.cpp.o.d"
  "/work/main/core/query/result_table.cpp" "CMakeFiles/anthology_lib.dir/core/query/result_table.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/result_table.cpp.o.d"
  "/work/main/core/query/sql_query.cpp" "CMakeFiles/anthology_lib.dir/core/query/sql_query.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/query/sql_query.cpp.o.d"
  "/work/main/core/rules/k001_unknown_kernel.cpp" "CMakeFiles/anthology_lib.dir/core/rules/k001_unknown_kernel.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/k001_unknown_kernel.cpp.o.d"
  "/work/main/core/rules/k002_bad_kernel_param.cpp" "CMakeFiles/anthology_lib.dir/core/rules/k002_bad_kernel_param.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/k002_bad_kernel_param.cpp.o.d"
  "/work/main/core/rules/p001_origin_not_earliest.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p001_origin_not_earliest.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p001_origin_not_earliest.cpp.o.d"
  "/work/main/core/rules/p002_origin_hedge_contradicted.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p002_origin_hedge_contradicted.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p002_origin_hedge_contradicted.cpp.o.d"
  "/work/main/core/rules/p003_read_as_mismatch.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p003_read_as_mismatch.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p003_read_as_mismatch.cpp.o.d"
  "/work/main/core/rules/p004_cites_future.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p004_cites_future.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p004_cites_future.cpp.o.d"
  "/work/main/core/rules/p005_contested_by_earlier.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p005_contested_by_earlier.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p005_contested_by_earlier.cpp.o.d"
  "/work/main/core/rules/p006_citation_cycle.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p006_citation_cycle.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p006_citation_cycle.cpp.o.d"
  "/work/main/core/rules/p007_adopted_while_contested.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p007_adopted_while_contested.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p007_adopted_while_contested.cpp.o.d"
  "/work/main/core/rules/p008_candidate_without_criterion.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p008_candidate_without_criterion.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p008_candidate_without_criterion.cpp.o.d"
  "/work/main/core/rules/p009_retracted_evidence.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p009_retracted_evidence.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p009_retracted_evidence.cpp.o.d"
  "/work/main/core/rules/p010_superseded_evidence.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p010_superseded_evidence.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p010_superseded_evidence.cpp.o.d"
  "/work/main/core/rules/p011_unread_origin.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p011_unread_origin.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p011_unread_origin.cpp.o.d"
  "/work/main/core/rules/p012_orphan_literature.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p012_orphan_literature.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p012_orphan_literature.cpp.o.d"
  "/work/main/core/rules/p013_refuted_evidence.cpp" "CMakeFiles/anthology_lib.dir/core/rules/p013_refuted_evidence.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/p013_refuted_evidence.cpp.o.d"
  "/work/main/core/rules/registry.cpp" "CMakeFiles/anthology_lib.dir/core/rules/registry.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/registry.cpp.o.d"
  "/work/main/core/rules/rule_catalog.cpp" "CMakeFiles/anthology_lib.dir/core/rules/rule_catalog.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/rule_catalog.cpp.o.d"
  "/work/main/core/rules/rule_support.cpp" "CMakeFiles/anthology_lib.dir/core/rules/rule_support.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/rules/rule_support.cpp.o.d"
  "/work/main/core/util/did_you_mean.cpp" "CMakeFiles/anthology_lib.dir/core/util/did_you_mean.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/core/util/did_you_mean.cpp.o.d"
  "/work/main/build/generated/embedded_assets.cpp" "CMakeFiles/anthology_lib.dir/generated/embedded_assets.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/generated/embedded_assets.cpp.o.d"
  "/work/main/ingest/body_scan.cpp" "CMakeFiles/anthology_lib.dir/ingest/body_scan.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/body_scan.cpp.o.d"
  "/work/main/ingest/field_validation.cpp" "CMakeFiles/anthology_lib.dir/ingest/field_validation.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/field_validation.cpp.o.d"
  "/work/main/ingest/frontmatter.cpp" "CMakeFiles/anthology_lib.dir/ingest/frontmatter.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/frontmatter.cpp.o.d"
  "/work/main/ingest/load_corpus.cpp" "CMakeFiles/anthology_lib.dir/ingest/load_corpus.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/load_corpus.cpp.o.d"
  "/work/main/ingest/note_parser.cpp" "CMakeFiles/anthology_lib.dir/ingest/note_parser.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/note_parser.cpp.o.d"
  "/work/main/ingest/resolver.cpp" "CMakeFiles/anthology_lib.dir/ingest/resolver.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/resolver.cpp.o.d"
  "/work/main/ingest/scan.cpp" "CMakeFiles/anthology_lib.dir/ingest/scan.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/scan.cpp.o.d"
  "/work/main/ingest/text.cpp" "CMakeFiles/anthology_lib.dir/ingest/text.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/ingest/text.cpp.o.d"
  "/work/main/render/kernels/kernel_emitter.cpp" "CMakeFiles/anthology_lib.dir/render/kernels/kernel_emitter.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/kernels/kernel_emitter.cpp.o.d"
  "/work/main/render/kernels/kernel_library.cpp" "CMakeFiles/anthology_lib.dir/render/kernels/kernel_library.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/kernels/kernel_library.cpp.o.d"
  "/work/main/render/lint/json_report.cpp" "CMakeFiles/anthology_lib.dir/render/lint/json_report.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/lint/json_report.cpp.o.d"
  "/work/main/render/lint/sarif_report.cpp" "CMakeFiles/anthology_lib.dir/render/lint/sarif_report.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/lint/sarif_report.cpp.o.d"
  "/work/main/render/lint/text_report.cpp" "CMakeFiles/anthology_lib.dir/render/lint/text_report.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/lint/text_report.cpp.o.d"
  "/work/main/render/query/node_text.cpp" "CMakeFiles/anthology_lib.dir/render/query/node_text.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/query/node_text.cpp.o.d"
  "/work/main/render/query/result_formats.cpp" "CMakeFiles/anthology_lib.dir/render/query/result_formats.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/query/result_formats.cpp.o.d"
  "/work/main/render/query/show_report.cpp" "CMakeFiles/anthology_lib.dir/render/query/show_report.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/query/show_report.cpp.o.d"
  "/work/main/render/query/table_format.cpp" "CMakeFiles/anthology_lib.dir/render/query/table_format.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/query/table_format.cpp.o.d"
  "/work/main/render/query/text_width.cpp" "CMakeFiles/anthology_lib.dir/render/query/text_width.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/query/text_width.cpp.o.d"
  "/work/main/render/site/glossary.cpp" "CMakeFiles/anthology_lib.dir/render/site/glossary.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/site/glossary.cpp.o.d"
  "/work/main/render/site/html.cpp" "CMakeFiles/anthology_lib.dir/render/site/html.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/site/html.cpp.o.d"
  "/work/main/render/site/markdown.cpp" "CMakeFiles/anthology_lib.dir/render/site/markdown.cpp.o" "gcc" "CMakeFiles/anthology_lib.dir/render/site/markdown.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
