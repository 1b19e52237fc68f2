#include "core/rules/rule_catalog.h"

namespace anth {

const std::vector<RuleInfo>& rule_catalog() {
  using enum Severity;
  static const std::vector<RuleInfo> rules = {
      {"S001", "yaml-syntax", Error, "The frontmatter does not parse as YAML, or is not a mapping."},
      {"S002", "missing-field", Error, "A field the note's kind requires is absent."},
      {"S003", "bad-value", Error, "A field has the wrong type or a value outside its enumeration."},
      {"S004", "unknown-field", Warning, "A field is not in the schema of the note's kind."},
      {"S005", "bad-id", Error, "An id matches no kind's pattern, or `type:` disagrees with the id."},
      {"S006", "duplicate-id", Error, "Two files declare the same id."},
      {"S007", "filename-mismatch", Warning, "The file's stem differs from the note's id."},
      {"S008", "unreadable-file", Error, "A file is not UTF-8, holds NUL bytes, exceeds the size limit, or cannot be read."},
      {"R001", "dangling-reference", Error, "A typed relation names an id that no note has."},
      {"R002", "broken-wikilink", Warning, "A body wikilink resolves to no note."},
      {"R003", "wrong-target-kind", Error, "A relation's target is of a kind outside the field's range."},
      {"R004", "self-reference", Error, "A node relates to itself."},
      {"R005", "cardinality", Error, "A single-valued field gets two different values."},
      {"R006", "duplicate-relation", Warning, "The same relation to the same target is written twice."},
      {"P001", "origin-not-earliest", Warning, "A practice's origin is later than another paper linked to the practice."},
      {"P002", "origin-hedge-contradicted", Error, "A practice is introduced by a paper whose reading declines to claim that origin."},
      {"P003", "read-as-mismatch", Error, "A paper's `read_as` differs from the notes that read it."},
      {"P004", "cites-future", Error, "A paper cites a paper of a later year."},
      {"P005", "contested-by-earlier", Warning, "A node is contested by a paper or theory older than the node."},
      {"P006", "citation-cycle", Error, "`cites` and `supersedes` together form a cycle."},
      {"P007", "adopted-while-contested", Warning, "An adopted practice has `contested_by` entries."},
      {"P008", "candidate-without-criterion", Warning, "A candidate practice has no `promote_when`."},
      {"P009", "retracted-evidence", Warning, "`source` or `introduced_by` names a retracted paper."},
      {"P010", "superseded-evidence", Info, "`source` names a superseded paper."},
      {"P011", "unread-origin", Info, "A practice's origin paper has no note reading it."},
      {"P012", "orphan-literature", Info, "A paper that nothing links to and no note reads."},
      {"P013", "refuted-evidence", Warning, "A practice's `source` names a refuted theory."},
      {"K001", "unknown-kernel", Error, "`kernel:` names no kernel of the library."},
      {"K002", "bad-kernel-param", Error, "`kernel_params` names a parameter the kernel lacks, or a value outside its range."},
      {"K003", "kernel-claim-failed", Error, "The kernel was run and its claim did not hold."},
  };
  return rules;
}

const RuleInfo* find_rule(std::string_view id) {
  for (const RuleInfo& r : rule_catalog())
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace anth
