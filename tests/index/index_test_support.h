#pragma once
// What the index tests share: a small corpus of notes, building and storing it, reading rows back, and
// comparing parses field by field.
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <ctime>

#include "core/index/index.h"
#include "ingest/note_parser.h"
#include "ingest/resolver.h"
#include "core/util/embedded_assets.h"
#include "tests/support/test_support.h"
#include <catch2/catch.hpp>

namespace anth::index_test {

using namespace anth;
using anth::test::TempDir;
namespace fs = std::filesystem;

// ---- building corpora ----

inline const char* const sota_192 = R"(---
id: SOTA-192
title: Normalize queries and keys before the dot product
tags: [model-stability, attention-techniques]
aliases: ["QK norm", "query-key normalization"]
status: adopted
source: [LIT-088, "[[LIT-640]]"]
introduced_by: LIT-640
contested_by: [LIT-088]
promote_when: "two independent replications"
kernel: qk_norm
kernel_params: {eps: 0.000001, scale: 2.5}
lint-ignore: [P001]
---
Bounding the norms of queries and keys bounds the attention logits, see [[LIT-640|Henry et al.]] and
[[LIT-088#Results]] and [[nowhere-to-be-found]].

source:: [[LIT-449]]

`[[LIT-000]]` is code, not a link.
)";

inline const char* const lit_640 = R"(---
id: LIT-640
title: Query-key normalization for transformers
authors: [Henry, Dachapally, Pawar, Chen]
year: 2020
arxiv: "2010.04245"
venue: Findings of EMNLP
url: https://example.org/qknorm
tags: [attention-techniques]
---
The paper proposes normalizing queries and keys. Mentions [[qk-softmax]].
)";

inline const char* const lit_088 = R"(---
id: LIT-088
title: Scaling vision transformers to many parameters
authors: [Dehghani]
year: 2023
---
Large vision transformers diverge without logit control.
)";

inline const char* const lit_449 = R"(---
id: LIT-449
title: Small scale proxies for large transformer instabilities
authors: [Wortsman]
year: 2023
---
Attention logit growth can be studied at small scale.
)";

inline const char* const note_1 = R"(---
id: NOTE-001
title: Reading QK norm
paper: LIT-640
status: read
---
A careful reading of [[LIT-640]].
)";

inline const char* const note_2 = R"(---
id: NOTE-002
title: Second reading of QK norm
paper: "[[LIT-640]]"
---
Another pass.
)";

inline const char* const term = R"(---
id: qk-softmax
title: QK softmax
short: the softmax over query-key dot products
plain: how much each token attends to each other token
---
Body of the term.
)";

inline const char* const broken = "---\nid: [unclosed\n---\nbody\n";

struct Built {
  std::vector<ParsedNote> parses;
  Corpus corpus;
  std::vector<std::string> paths;
  std::vector<Diagnostic> diagnostics;

  std::vector<index::Index::FileParse> changed() const {
    std::vector<index::Index::FileParse> out;
    for (const ParsedNote& p : parses) out.push_back({&p, index::CachedFile{p.note.content_hash, 1000, 42}});
    return out;
  }
};

inline Built build(const std::vector<std::pair<std::string, std::string>>& files) {
  Built b;
  for (const auto& [path, text] : files) b.parses.push_back(ingest::parse_note(path, text));
  std::sort(b.parses.begin(), b.parses.end(),
            [](const ParsedNote& x, const ParsedNote& y) { return x.note.path < y.note.path; });
  b.corpus.root = "corpus";
  for (const ParsedNote& p : b.parses) {
    b.corpus.notes.push_back(p.note);
    b.paths.push_back(p.note.path);
    for (const Diagnostic& d : p.diagnostics) b.diagnostics.push_back(d);
  }
  ingest::resolve_corpus(b.corpus);
  for (const Diagnostic& d : b.corpus.diagnostics) b.diagnostics.push_back(d);
  return b;
}

inline std::vector<std::pair<std::string, std::string>> sample_files() {
  return {{"sota/SOTA-192.md", sota_192}, {"lit/LIT-640.md", lit_640},  {"lit/LIT-088.md", lit_088},
          {"lit/LIT-449.md", lit_449},    {"notes/NOTE-001.md", note_1}, {"notes/NOTE-002.md", note_2},
          {"terms/qk-softmax.md", term},  {"broken/broken.md", broken}};
}

// ---- reading the database ----

// The rows of a query, each row's columns joined with '|' (NULL as "NULL").
inline std::vector<std::string> rows(sqlite3* db, const std::string& sql) {
  std::vector<std::string> out;
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      if (i) row += '|';
      const unsigned char* t = sqlite3_column_text(stmt, i);
      row += t ? reinterpret_cast<const char*>(t) : "NULL";
    }
    out.push_back(row);
  }
  sqlite3_finalize(stmt);
  return out;
}

inline std::string one(sqlite3* db, const std::string& sql) {
  auto r = rows(db, sql);
  REQUIRE(r.size() == 1);
  return r[0];
}

// Every derived table's content, in a stable order.
inline std::vector<std::string> derived_content(sqlite3* db) {
  std::vector<std::string> out;
  for (const char* sql :
       {"SELECT * FROM nodes ORDER BY id", "SELECT * FROM relations ORDER BY src, file, line, col, kind, written",
        "SELECT * FROM fields ORDER BY node, file, line, col, key", "SELECT * FROM tags ORDER BY node, tag",
        "SELECT * FROM aliases ORDER BY node, alias", "SELECT * FROM authors ORDER BY node, position",
        "SELECT rule, name, severity, file, line, col, message, related FROM diagnostics ORDER BY file, line, col, rule, message",
        "SELECT id, title, body FROM search ORDER BY id", "SELECT * FROM node_docs ORDER BY id",
        "SELECT id, fingerprint FROM search_docs ORDER BY id", "SELECT * FROM practices ORDER BY id",
        "SELECT * FROM lit ORDER BY id", "SELECT * FROM relations_named ORDER BY src, file, line, col, kind"}) {
    out.push_back(std::string("-- ") + sql);
    for (std::string& row : rows(db, sql)) out.push_back(std::move(row));
  }
  return out;
}

// ---- comparing parses ----

inline bool same_number(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b;
}

inline void check_same(const Note& a, const Note& b) {
  CHECK(a.path == b.path);
  CHECK(a.id == b.id);
  CHECK(a.kind == b.kind);
  CHECK(a.content_hash == b.content_hash);
  CHECK(a.in_graph == b.in_graph);
  CHECK(a.title == b.title);
  CHECK(a.tags == b.tags);
  CHECK(a.aliases == b.aliases);
  CHECK(a.lint_ignore == b.lint_ignore);
  CHECK(a.status == b.status);
  CHECK(a.authors == b.authors);
  CHECK(a.year == b.year);
  CHECK(a.arxiv == b.arxiv);
  CHECK(a.doi == b.doi);
  CHECK(a.venue == b.venue);
  CHECK(a.url == b.url);
  CHECK(a.version == b.version);
  CHECK(a.promote_when == b.promote_when);
  CHECK(a.kernel == b.kernel);
  REQUIRE(a.kernel_params.size() == b.kernel_params.size());
  for (std::size_t i = 0; i < a.kernel_params.size(); ++i) {
    CHECK(a.kernel_params[i].first == b.kernel_params[i].first);
    CHECK(same_number(a.kernel_params[i].second, b.kernel_params[i].second));
  }
  CHECK(a.short_definition == b.short_definition);
  CHECK(a.plain == b.plain);
  REQUIRE(a.fields.size() == b.fields.size());
  for (std::size_t i = 0; i < a.fields.size(); ++i) {
    const Field &x = a.fields[i], &y = b.fields[i];
    CHECK(x.key == y.key);
    CHECK(x.where == y.where);
    CHECK(x.origin == y.origin);
    CHECK(x.shape == y.shape);
    CHECK(x.keys == y.keys);
    REQUIRE(x.items.size() == y.items.size());
    for (std::size_t k = 0; k < x.items.size(); ++k) {
      CHECK(x.items[k].text == y.items[k].text);
      CHECK(x.items[k].where == y.items[k].where);
    }
  }
  REQUIRE(a.wikilinks.size() == b.wikilinks.size());
  for (std::size_t i = 0; i < a.wikilinks.size(); ++i) {
    CHECK(a.wikilinks[i].target == b.wikilinks[i].target);
    CHECK(a.wikilinks[i].heading == b.wikilinks[i].heading);
    CHECK(a.wikilinks[i].display == b.wikilinks[i].display);
    CHECK(a.wikilinks[i].where == b.wikilinks[i].where);
    CHECK(a.wikilinks[i].resolved == b.wikilinks[i].resolved);
  }
  REQUIRE(a.relations.size() == b.relations.size());
  for (std::size_t i = 0; i < a.relations.size(); ++i) {
    CHECK(a.relations[i].kind == b.relations[i].kind);
    CHECK(a.relations[i].from == b.relations[i].from);
    CHECK(a.relations[i].written == b.relations[i].written);
    CHECK(a.relations[i].to == b.relations[i].to);
    CHECK(a.relations[i].where == b.relations[i].where);
    CHECK(a.relations[i].origin == b.relations[i].origin);
  }
  CHECK(a.body == b.body);
  CHECK(a.body_line == b.body_line);
  CHECK(a.word_count == b.word_count);
}

inline void check_same(const ParsedNote& a, const ParsedNote& b) {
  check_same(a.note, b.note);
  REQUIRE(a.diagnostics.size() == b.diagnostics.size());
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic &x = a.diagnostics[i], &y = b.diagnostics[i];
    CHECK(x.rule == y.rule);
    CHECK(x.severity == y.severity);
    CHECK(x.where == y.where);
    CHECK(x.message == y.message);
    REQUIRE(x.related.size() == y.related.size());
    for (std::size_t k = 0; k < x.related.size(); ++k) {
      CHECK(x.related[k].where == y.related[k].where);
      CHECK(x.related[k].message == y.related[k].message);
    }
  }
}

// A parse with every member set, some to values JSON cannot hold directly.
inline ParsedNote rich_parse() {
  ParsedNote p = ingest::parse_note("sota/SOTA-192.md", sota_192);
  REQUIRE(p.note.kind == Kind::Sota);
  REQUIRE(!p.note.fields.empty());
  REQUIRE(p.note.wikilinks.size() == 3);
  Note& n = p.note;
  n.content_hash = 0xfedcba9876543210ull;  // above INT64_MAX
  n.in_graph = false;
  n.authors = {"Henry", "Ünïcødé \"quoted\" \\ name"};
  n.year = 2020;
  n.arxiv = "2010.04245";
  n.doi = "10.1/xyz";
  n.venue = "venue";
  n.url = "https://example.org";
  n.version = 3;
  n.short_definition = "short";
  n.plain = "plain words\nover two lines\twith a tab";
  n.kernel_params.push_back({"nan", std::nan("")});
  n.kernel_params.push_back({"big", INFINITY});
  n.kernel_params.push_back({"small", -INFINITY});
  n.kernel_params.push_back({"third", 1.0 / 3.0});
  n.wikilinks[0].resolved = "LIT-640";
  n.relations[0].to = "LIT-088";
  n.relations[0].where = {"elsewhere/other.md", 7, 9};
  Field map;
  map.key = "kernel_params";
  map.where = {n.path, 12, 1};
  map.shape = Field::Shape::Map;
  map.items = {{"1e-6", {n.path, 12, 21}}, {"2.5", {n.path, 12, 33}}};
  map.keys = {"eps", "scale"};
  n.fields.push_back(map);
  Field null_field;
  null_field.key = "plain";
  null_field.shape = Field::Shape::Null;
  null_field.origin = Origin::Inline;
  null_field.where = {n.path, 30, 2};
  n.fields.push_back(null_field);
  n.body += std::string("\x01 control and \xF0\x9F\x98\x80 emoji\n");
  p.diagnostics.push_back({"P001", Severity::Warning, {n.path, 3, 4}, "origin is not the earliest",
                           {{{"lit/LIT-088.md", 1, 1}, "earlier paper"}, {{n.path, 8, 2}, "here"}}});
  p.diagnostics.push_back({"S004", Severity::Info, {"other.md", 2, 1}, "unknown field", {}});
  return p;
}

inline fs::path index_path(const TempDir& dir) { return dir.path() / ".anthology" / "index.db"; }

inline void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// As a session opens CORPUS/.anthology/index.db: the folder is the tool's own.
inline index::Index open_rw(const fs::path& path, index::Index::Place place = index::Index::Place::OwnFolder) {
  auto index = index::Index::open(path, index::Index::Mode::ReadWrite, place);
  if (!index) FAIL(index.error());
  return std::move(*index);
}

}  // namespace anth::index_test
