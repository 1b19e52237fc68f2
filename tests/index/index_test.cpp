// The SQLite index: the parse codec, opening (creation, rebuilds of damaged or foreign files, read-only),
// store() and what it leaves in the derived tables, and kernel results.
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
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

namespace {

using namespace anth;
using anth::test::TempDir;
namespace fs = std::filesystem;

// ---- building corpora ----

const char* const sota_192 = R"(---
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

const char* const lit_640 = R"(---
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

const char* const lit_088 = R"(---
id: LIT-088
title: Scaling vision transformers to many parameters
authors: [Dehghani]
year: 2023
---
Large vision transformers diverge without logit control.
)";

const char* const lit_449 = R"(---
id: LIT-449
title: Small scale proxies for large transformer instabilities
authors: [Wortsman]
year: 2023
---
Attention logit growth can be studied at small scale.
)";

const char* const note_1 = R"(---
id: NOTE-001
title: Reading QK norm
paper: LIT-640
status: read
---
A careful reading of [[LIT-640]].
)";

const char* const note_2 = R"(---
id: NOTE-002
title: Second reading of QK norm
paper: "[[LIT-640]]"
---
Another pass.
)";

const char* const term = R"(---
id: qk-softmax
title: QK softmax
short: the softmax over query-key dot products
plain: how much each token attends to each other token
---
Body of the term.
)";

const char* const broken = "---\nid: [unclosed\n---\nbody\n";

struct Built {
  std::vector<ParsedNote> parses;
  Corpus corpus;
  std::vector<std::string> paths;
  std::vector<Diagnostic> diagnostics;

  std::vector<Index::FileParse> changed() const {
    std::vector<Index::FileParse> out;
    for (const ParsedNote& p : parses) out.push_back({&p, CachedFile{p.note.content_hash, 1000, 42}});
    return out;
  }
};

Built build(const std::vector<std::pair<std::string, std::string>>& files) {
  Built b;
  for (const auto& [path, text] : files) b.parses.push_back(parse_note(path, text));
  std::sort(b.parses.begin(), b.parses.end(),
            [](const ParsedNote& x, const ParsedNote& y) { return x.note.path < y.note.path; });
  b.corpus.root = "corpus";
  for (const ParsedNote& p : b.parses) {
    b.corpus.notes.push_back(p.note);
    b.paths.push_back(p.note.path);
    for (const Diagnostic& d : p.diagnostics) b.diagnostics.push_back(d);
  }
  resolve_corpus(b.corpus);
  for (const Diagnostic& d : b.corpus.diagnostics) b.diagnostics.push_back(d);
  return b;
}

std::vector<std::pair<std::string, std::string>> sample_files() {
  return {{"sota/SOTA-192.md", sota_192}, {"lit/LIT-640.md", lit_640},  {"lit/LIT-088.md", lit_088},
          {"lit/LIT-449.md", lit_449},    {"notes/NOTE-001.md", note_1}, {"notes/NOTE-002.md", note_2},
          {"terms/qk-softmax.md", term},  {"broken/broken.md", broken}};
}

// ---- reading the database ----

// The rows of a query, each row's columns joined with '|' (NULL as "NULL").
std::vector<std::string> rows(sqlite3* db, const std::string& sql) {
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

std::string one(sqlite3* db, const std::string& sql) {
  auto r = rows(db, sql);
  REQUIRE(r.size() == 1);
  return r[0];
}

// ---- comparing parses ----

bool same_number(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b;
}

void check_same(const Note& a, const Note& b) {
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

void check_same(const ParsedNote& a, const ParsedNote& b) {
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
ParsedNote rich_parse() {
  ParsedNote p = parse_note("sota/SOTA-192.md", sota_192);
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

fs::path index_path(const TempDir& dir) { return dir.path() / ".anthology" / "index.db"; }

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// As a session opens CORPUS/.anthology/index.db: the folder is the tool's own.
Index open_rw(const fs::path& path, Index::Place place = Index::Place::OwnFolder) {
  auto index = Index::open(path, Index::Mode::ReadWrite, place);
  if (!index) FAIL(index.error());
  return std::move(*index);
}

}  // namespace

TEST_CASE("index: a parse survives encode and decode", "[index]") {
  ParsedNote p = rich_parse();
  std::string json = encode_parse(p);
  std::optional<ParsedNote> back = decode_parse(json);
  REQUIRE(back);
  check_same(p, *back);
  CHECK(encode_parse(*back) == json);

  // A plain parsed note too, and a note kept out of the graph.
  for (const auto& [path, text] : sample_files()) {
    ParsedNote q = parse_note(path, text);
    auto again = decode_parse(encode_parse(q));
    REQUIRE(again);
    check_same(q, *again);
  }
  ParsedNote unreadable = unreadable_note("x/y.md", "cannot read: Permission denied");
  auto again = decode_parse(encode_parse(unreadable));
  REQUIRE(again);
  check_same(unreadable, *again);
}

TEST_CASE("index: decode refuses malformed text", "[index]") {
  std::string good = encode_parse(rich_parse());
  for (std::string bad : {std::string(), std::string("{"), std::string("[]"), std::string("null"), std::string("42"),
                          std::string("{\"format\":1}"), std::string("{\"format\":2,\"note\":{},\"diagnostics\":[]}"),
                          good.substr(0, good.size() / 2), std::string("\xff\xfe garbage")})
    CHECK_FALSE(decode_parse(bad));
  // Right syntax, wrong types.
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  CHECK_FALSE(decode_parse(replaced("\"year\":2020", "\"year\":\"2020\"")));
  CHECK_FALSE(decode_parse(replaced("\"in_graph\":false", "\"in_graph\":0")));
  CHECK_FALSE(decode_parse(replaced("\"kind\":\"SOTA\"", "\"kind\":\"BOGUS\"")));
  CHECK_FALSE(decode_parse(replaced("\"origin\":\"frontmatter\"", "\"origin\":\"elsewhere\"")));
  CHECK_FALSE(decode_parse(replaced("\"year\":2020", "\"year\":99999999999")));
  CHECK_FALSE(decode_parse(replaced("\"hash\":\"fedcba9876543210\"", "\"hash\":\"xyz\"")));
  CHECK(decode_parse(replaced("\"year\":2020", "\"year\":2021")));
}

TEST_CASE("index: the parse text is JSON any parser reads, and reads JSON any writer writes", "[index]") {
  ParsedNote p = rich_parse();
  std::string text = encode_parse(p);
  nlohmann::json doc = nlohmann::json::parse(text);  // throws when it is not JSON
  CHECK(doc["format"] == 1);
  CHECK(doc["note"]["id"] == "SOTA-192");
  CHECK(doc["note"]["hash"] == "fedcba9876543210");
  CHECK(doc["note"]["kind"] == "SOTA");
  CHECK(doc["note"]["in_graph"] == false);
  CHECK(doc["note"]["body"] == p.note.body);
  CHECK(doc["note"]["kernel_params"][2][1] == "nan");
  CHECK(doc["note"]["relations"][0]["at"] == nlohmann::json::array({7, 9, "elsewhere/other.md"}));
  CHECK(doc["diagnostics"][0]["related"][0][0] == nlohmann::json::array({1, 1, "lit/LIT-088.md"}));
  CHECK(doc["diagnostics"][0]["related"][1][0] == nlohmann::json::array({8, 2}));

  // The same document as another writer lays it out: indented, every non-ASCII character escaped,
  // members reordered (nlohmann sorts them), an unknown member added.
  doc["note"]["from_the_future"] = {{"nested", {1, 2, {{"x", nullptr}}}}, {"s", "\u00e9"}};
  doc["extra"] = 3.5;
  for (const std::string& other : {doc.dump(2, ' ', true), doc.dump()}) {
    auto back = decode_parse(other);
    if (other.find("\"diagnostics\"") < other.find("\"note\"")) {
      // nlohmann orders members by name: diagnostics before note, which this reader refuses (the
      // diagnostics' locations are relative to the note's path).
      CHECK_FALSE(back);
      continue;
    }
    REQUIRE(back);
    check_same(p, *back);
  }
  // Member order as written by this codec, reformatted with escapes.
  nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(text);
  ordered["note"]["from_the_future"] = {1, 2, 3};
  auto back = decode_parse(ordered.dump(1, '\t', true));
  REQUIRE(back);
  check_same(p, *back);
}

TEST_CASE("index: decode survives damaged text", "[index]") {
  std::string good = encode_parse(rich_parse());
  std::mt19937 random(11);
  int decoded = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string bad = good;
    int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      std::size_t at = random() % bad.size();
      switch (random() % 4) {
        case 0: bad[at] = static_cast<char>(random()); break;
        case 1: bad.erase(at, 1 + random() % 16); break;
        case 2: bad.insert(at, 1, "{}[]\",:\\0-e"[random() % 12]); break;
        case 3: bad.resize(at); break;
      }
      if (bad.empty()) bad = "{";
    }
    if (decode_parse(bad)) ++decoded;  // a change inside a string decodes to another parse: fine
  }
  CHECK(decoded < 3000);
  // Deep nesting in an unknown member is refused, not recursed into without end.
  std::string deep = good;
  deep.insert(deep.find("\"note\""), "\"deep\":" + std::string(100000, '[') + std::string(100000, ']') + ",");
  CHECK_FALSE(decode_parse(deep));
}

TEST_CASE("index: the embedded schema carries the schema version", "[index]") {
  auto sql = embedded_asset("core/index/schema.sql");
  REQUIRE(sql);
  CHECK(sql->find("PRAGMA user_version = " + std::to_string(index_schema_version) + ";") != std::string_view::npos);
}

TEST_CASE("index: open creates the folder and the schema", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Index index = open_rw(path);
  CHECK_FALSE(index.rebuilt());
  CHECK(fs::is_regular_file(path));
  sqlite3* db = index.handle();
  CHECK(one(db, "PRAGMA user_version") == std::to_string(index_schema_version));
  CHECK(one(db, "PRAGMA journal_mode") == "wal");
  for (const char* table : {"meta", "files", "nodes", "relations", "fields", "tags", "aliases", "authors",
                            "diagnostics", "kernel_results", "search"})
    CHECK(one(db, std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '") + table + "'") ==
          "1");
  for (const char* view : {"practices", "relations_named", "lit"})
    CHECK(one(db, std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'view' AND name = '") + view + "'") ==
          "1");
  CHECK(one(db, "SELECT value FROM meta WHERE key = 'schema_version'") == std::to_string(index_schema_version));

  // Opening again keeps the file as it is.
  { Index again = open_rw(path); CHECK_FALSE(again.rebuilt()); }
}

TEST_CASE("index: store keeps parses and hashes", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  Index index = open_rw(index_path(dir));
  REQUIRE(index.cached_files().empty());
  auto changed = b.changed();
  changed[0].file = CachedFile{0xffffffffffffffffull, 123456, -5};
  auto stored = index.store(b.corpus, changed, b.paths, b.diagnostics);
  REQUIRE(stored);

  auto cached = index.cached_files();
  REQUIRE(cached.size() == b.parses.size());
  for (const ParsedNote& p : b.parses) {
    REQUIRE(cached.contains(p.note.path));
    auto loaded = index.load_parse(p.note.path);
    REQUIRE(loaded);
    check_same(p, *loaded);
  }
  const CachedFile& first = cached.at(b.parses[0].note.path);
  CHECK(first.hash == 0xffffffffffffffffull);
  CHECK(first.size == 123456);
  CHECK(first.mtime_ns == -5);
  CHECK(cached.at(b.parses[1].note.path).hash == b.parses[1].note.content_hash);
  CHECK_FALSE(index.load_parse("no/such.md"));

  // A later run: one file gone, nothing reparsed; the gone file is forgotten, the others kept.
  Built later = build({{"sota/SOTA-192.md", sota_192}, {"lit/LIT-640.md", lit_640}});
  REQUIRE(index.store(later.corpus, {}, later.paths, later.diagnostics));
  cached = index.cached_files();
  CHECK(cached.size() == 2);
  CHECK(cached.contains("sota/SOTA-192.md"));
  CHECK(cached.contains("lit/LIT-640.md"));
  CHECK(one(index.handle(), "SELECT count(*) FROM nodes") == "2");

  // The parse is readable from another connection after commit.
  auto reader = Index::open(index_path(dir), Index::Mode::ReadOnly);
  REQUIRE(reader);
  CHECK(reader->cached_files().size() == 2);
  CHECK(reader->load_parse("lit/LIT-640.md"));
}

TEST_CASE("index: store writes the derived tables", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  sqlite3* db = index.handle();

  CHECK(one(db, "SELECT count(*) FROM nodes") == "8");
  CHECK(one(db, "SELECT count(*) FROM nodes WHERE in_graph = 1") == "7");
  CHECK(one(db, "SELECT id, kind, path, in_graph FROM nodes WHERE path = 'broken/broken.md'") ==
        "broken|TERM|broken/broken.md|0");
  CHECK(one(db, "SELECT kind, title, year, arxiv, venue, url, version, status FROM nodes WHERE id = 'LIT-640'") ==
        "LIT|Query-key normalization for transformers|2020|2010.04245|Findings of EMNLP|https://example.org/qknorm|1|"
        "active");
  CHECK(one(db, "SELECT kind, status, kernel, promote_when, year, version FROM nodes WHERE id = 'SOTA-192'") ==
        "SOTA|adopted|qk_norm|two independent replications|NULL|NULL");
  CHECK(one(db, "SELECT short, plain FROM nodes WHERE id = 'qk-softmax'") ==
        "the softmax over query-key dot products|how much each token attends to each other token");
  CHECK(one(db, "SELECT word_count > 10 FROM nodes WHERE id = 'SOTA-192'") == "1");

  // Typed relations, inline ones, and mentions (the unresolved one with dst NULL).
  CHECK(rows(db, "SELECT kind, dst, written, origin FROM relations WHERE src = 'SOTA-192' ORDER BY rowid") ==
        std::vector<std::string>{"source|LIT-088|LIT-088|frontmatter", "source|LIT-640|LIT-640|frontmatter",
                                 "introduced_by|LIT-640|LIT-640|frontmatter",
                                 "contested_by|LIT-088|LIT-088|frontmatter", "source|LIT-449|LIT-449|inline",
                                 "mentions|LIT-640|LIT-640|body", "mentions|LIT-088|LIT-088|body",
                                 "mentions|NULL|nowhere-to-be-found|body"});
  CHECK(one(db, "SELECT file, line FROM relations WHERE src = 'SOTA-192' AND kind = 'introduced_by'") ==
        "sota/SOTA-192.md|8");
  CHECK(one(db, "SELECT count(*) FROM relations WHERE src = 'broken'") == "0");
  CHECK(rows(db, "SELECT src FROM relations WHERE dst = 'LIT-640' AND kind = 'paper' ORDER BY src") ==
        std::vector<std::string>{"NOTE-001", "NOTE-002"});

  // Fields: one row per value, map entries with their keys.
  CHECK(rows(db, "SELECT value FROM fields WHERE node = 'SOTA-192' AND key = 'source' ORDER BY rowid") ==
        std::vector<std::string>{"LIT-088", "[[LIT-640]]", "[[LIT-449]]"});
  CHECK(rows(db, "SELECT origin FROM fields WHERE node = 'SOTA-192' AND key = 'source' ORDER BY rowid") ==
        std::vector<std::string>{"frontmatter", "frontmatter", "inline"});
  CHECK(rows(db, "SELECT item, value FROM fields WHERE node = 'SOTA-192' AND key = 'kernel_params' ORDER BY rowid") ==
        std::vector<std::string>{"eps|0.000001", "scale|2.5"});
  CHECK(one(db, "SELECT file, line FROM fields WHERE node = 'SOTA-192' AND key = 'title'") == "sota/SOTA-192.md|3");

  CHECK(rows(db, "SELECT tag FROM tags WHERE node = 'SOTA-192' ORDER BY rowid") ==
        std::vector<std::string>{"model-stability", "attention-techniques"});
  CHECK(rows(db, "SELECT node FROM tags WHERE tag = 'attention-techniques' ORDER BY node") ==
        std::vector<std::string>{"LIT-640", "SOTA-192"});
  CHECK(rows(db, "SELECT alias FROM aliases WHERE node = 'SOTA-192' ORDER BY rowid") ==
        std::vector<std::string>{"QK norm", "query-key normalization"});
  CHECK(rows(db, "SELECT position, name FROM authors WHERE node = 'LIT-640' ORDER BY position") ==
        std::vector<std::string>{"1|Henry", "2|Dachapally", "3|Pawar", "4|Chen"});

  // Diagnostics with their rule names and related locations.
  CHECK(one(db, "SELECT count(*) FROM diagnostics") == std::to_string(b.diagnostics.size()));
  CHECK(one(db, "SELECT name, severity, file FROM diagnostics WHERE rule = 'R002'") ==
        "broken-wikilink|warning|sota/SOTA-192.md");
  CHECK(one(db, "SELECT count(*) FROM diagnostics WHERE file = 'broken/broken.md'") != "0");

  // The views.
  CHECK(rows(db, "SELECT * FROM practices") ==
        std::vector<std::string>{
            "SOTA-192|Normalize queries and keys before the dot product|adopted|LIT-640|Query-key normalization for "
            "transformers|2020|1"});
  CHECK(rows(db, "SELECT id, readings FROM lit ORDER BY id") ==
        std::vector<std::string>{"LIT-088|0", "LIT-449|0", "LIT-640|2"});
  CHECK(one(db, "SELECT authors FROM lit WHERE id = 'LIT-640'") == "Henry, Dachapally, Pawar, Chen");
  CHECK(one(db, "SELECT src_title, dst_title, line FROM relations_named WHERE src = 'NOTE-001' AND kind = 'paper'") ==
        "Reading QK norm|Query-key normalization for transformers|4");

  // Full-text search over in-graph notes, with stemming.
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'normalizing' ORDER BY id") ==
        std::vector<std::string>{"LIT-640", "SOTA-192"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'title:replications'").empty());
  CHECK(one(db, "SELECT value FROM meta WHERE key = 'root'") == "corpus");
}

TEST_CASE("index: a second store rewrites what changed", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  // Twice with the same corpus: the same content.
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics));
  sqlite3* db = index.handle();
  CHECK(one(db, "SELECT count(*) FROM nodes") == "8");
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
  CHECK(one(db, "SELECT count(*) FROM search_docs") == "7");

  // One note edited, one removed, one added.
  auto files = sample_files();
  files.erase(std::remove_if(files.begin(), files.end(), [](auto& f) { return f.first == "lit/LIT-449.md"; }),
              files.end());
  for (auto& f : files)
    if (f.first == "lit/LIT-088.md") f.second = std::string(lit_088) + "Now with zebras.\n";
  files.push_back({"lit/LIT-900.md", "---\nid: LIT-900\ntitle: Giraffes\nauthors: [A]\nyear: 2024\n---\nTall.\n"});
  Built c = build(files);
  REQUIRE(index.store(c.corpus, c.changed(), c.paths, c.diagnostics));
  CHECK(one(db, "SELECT count(*) FROM nodes") == "8");
  CHECK(one(db, "SELECT count(*) FROM nodes WHERE id = 'LIT-449'") == "0");
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'zebra'") == std::vector<std::string>{"LIT-088"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'giraffes'") == std::vector<std::string>{"LIT-900"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'proxies'").empty());
  CHECK(one(db, "SELECT dst FROM relations WHERE src = 'SOTA-192' AND written = 'LIT-449'") == "NULL");
  CHECK(one(db, "SELECT count(*) FROM files") == "8");
  CHECK(one(db, "SELECT count(*) FROM files WHERE path = 'lit/LIT-449.md'") == "0");
}

namespace {

std::vector<std::pair<std::string, std::string>> generated_files(int count, int variant) {
  std::vector<std::pair<std::string, std::string>> files;
  for (int i = 0; i < count; ++i) {
    if (variant == 1 && i == 3) continue;  // removed
    std::string id = "LIT-" + std::to_string(100 + i);
    std::string text = "---\nid: " + id + "\ntitle: Paper " + std::to_string(i) + "\nauthors: [A" + std::to_string(i) +
                       ", B]\nyear: " + std::to_string(2000 + i % 20) + "\ntags: [t" + std::to_string(i % 3) +
                       "]\ncites: [LIT-" + std::to_string(100 + (i + 1) % count) + "]\n---\nBody of " + id +
                       " about [[LIT-" + std::to_string(100 + (i + 2) % count) + "]].\n";
    if (i == 7) text += "See [[LIT-999]].\n";
    if (variant == 1 && i == 5) text += "An edited line about zebras.\n";
    files.push_back({"lit/" + id + ".md", text});
  }
  if (variant == 1)  // added: resolves the [[LIT-999]] that was dangling
    files.push_back({"lit/LIT-999.md", "---\nid: LIT-999\ntitle: Late paper\nauthors: [Z]\nyear: 2024\n---\nLate.\n"});
  return files;
}

// Every derived table's content, in a stable order.
std::vector<std::string> derived_content(sqlite3* db) {
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

}  // namespace

TEST_CASE("index: updating a few notes gives what writing them all gives", "[index]") {
  TempDir dir;
  Built before = build(generated_files(100, 0));
  Built after = build(generated_files(100, 1));

  Index incremental = open_rw(dir.path() / "incremental.db");
  REQUIRE(incremental.store(before.corpus, before.changed(), before.paths, before.diagnostics));
  sqlite3* db = incremental.handle();
  std::string max_rowid = one(db, "SELECT max(rowid) FROM nodes");
  std::string untouched = one(db, "SELECT rowid FROM nodes WHERE id = 'LIT-120'");
  // Only the parses of the changed and new files are handed over, as ingest does.
  std::vector<Index::FileParse> changed;
  for (const ParsedNote& p : after.parses)
    if (p.note.id == "LIT-105" || p.note.id == "LIT-999") changed.push_back({&p, {p.note.content_hash, 1000, 42}});
  REQUIRE(changed.size() == 2);
  REQUIRE(incremental.store(after.corpus, changed, after.paths, after.diagnostics));
  // The notes untouched kept their rows; the edited one was written anew.
  CHECK(one(db, "SELECT rowid FROM nodes WHERE id = 'LIT-120'") == untouched);
  CHECK(std::stoll(one(db, "SELECT rowid FROM nodes WHERE id = 'LIT-105'")) > std::stoll(max_rowid));
  CHECK(one(db, "SELECT count(*) FROM relations WHERE written = 'LIT-999' AND dst IS NULL") == "0");
  CHECK(one(db, "SELECT count(*) FROM nodes WHERE id = 'LIT-103'") == "0");

  Index whole = open_rw(dir.path() / "whole.db");
  REQUIRE(whole.store(after.corpus, after.changed(), after.paths, after.diagnostics));
  CHECK(derived_content(incremental.handle()) == derived_content(whole.handle()));
  CHECK(one(db, "SELECT count(*) FROM files") == std::to_string(after.parses.size()));

  // Back to the first corpus, then to a corpus where most notes changed (refilled whole).
  REQUIRE(incremental.store(before.corpus, before.changed(), before.paths, before.diagnostics));
  Index again = open_rw(dir.path() / "again.db");
  REQUIRE(again.store(before.corpus, before.changed(), before.paths, before.diagnostics));
  CHECK(derived_content(incremental.handle()) == derived_content(again.handle()));
  for (Note& n : before.corpus.notes) n.tags.push_back("everywhere");
  REQUIRE(incremental.store(before.corpus, {}, before.paths, before.diagnostics));
  Index third = open_rw(dir.path() / "third.db");
  REQUIRE(third.store(before.corpus, before.changed(), before.paths, before.diagnostics));
  CHECK(derived_content(incremental.handle()) == derived_content(third.handle()));
  CHECK(one(db, "SELECT count(*) FROM tags WHERE tag = 'everywhere'") == "100");
}

TEST_CASE("index: rewriting most of the search table keeps its configuration", "[index]") {
  TempDir dir;
  Index index = open_rw(index_path(dir));
  sqlite3* db = index.handle();
  CHECK(one(db, "SELECT v FROM search_config WHERE k = 'hashsize'") == "16777216");
  Built b = build(sample_files());
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  for (Note& n : b.corpus.notes) n.body += "\nEvery note now mentions zeppelins.\n";
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics));
  CHECK(one(db, "SELECT v FROM search_config WHERE k = 'hashsize'") == "16777216");
  CHECK(one(db, "SELECT count(*) FROM search WHERE search MATCH 'zeppelin'") == "7");
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
}

TEST_CASE("index: an index missing part of its schema is rebuilt", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  {
    Index index = open_rw(path);
    REQUIRE(sqlite3_exec(index.handle(), "DROP VIEW practices", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  {
    Index index = open_rw(path);
    CHECK(index.rebuilt());
    CHECK(one(index.handle(), "SELECT count(*) FROM sqlite_schema WHERE name = 'practices'") == "1");
    // Something of the user's own is no damage.
    REQUIRE(sqlite3_exec(index.handle(), "CREATE VIEW mine AS SELECT id FROM nodes", nullptr, nullptr, nullptr) ==
            SQLITE_OK);
  }
  Index index = open_rw(path);
  CHECK_FALSE(index.rebuilt());
}

TEST_CASE("index: a note kept out of the graph loses its id to the in-graph one", "[index]") {
  TempDir dir;
  // Two files declare LIT-640: the first by path keeps it; the broken file with the same stem stays out.
  Built b = build({{"a/LIT-640.md", lit_640},
                   {"b/LIT-640.md", std::string(lit_640) + "\nduplicate\n"},
                   {"0/LIT-640.md", "---\ntitle: [unclosed\n---\n"}});
  Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  CHECK(rows(index.handle(), "SELECT id, path, in_graph FROM nodes") ==
        std::vector<std::string>{"LIT-640|a/LIT-640.md|1"});
  CHECK(one(index.handle(), "SELECT count(*) FROM files") == "3");
}

TEST_CASE("index: a file that is not a database is replaced", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  fs::create_directories(path.parent_path());
  std::mt19937 random(7);
  std::string garbage(20000, '\0');
  for (char& c : garbage) c = static_cast<char>(random());
  write_bytes(path, garbage);
  write_bytes(fs::path(path.string() + "-wal"), garbage.substr(0, 3000));
  Index index = open_rw(path);
  CHECK(index.rebuilt());
  CHECK(one(index.handle(), "PRAGMA user_version") == std::to_string(index_schema_version));
  CHECK(one(index.handle(), "SELECT count(*) FROM files") == "0");

  // A text file too, in the tool's own folder.
  fs::path text_path = path.parent_path() / "text.db";
  write_bytes(text_path, "hello, I am not a database\n");
  Index text = open_rw(text_path);
  CHECK(text.rebuilt());
}

TEST_CASE("index: at a path the user named, only an index of ours is replaced", "[index]") {
  TempDir dir;
  const std::string notes = "hello, I am a user's notes, not a database\n";
  write_bytes(dir.path() / "notes.txt", notes);
  for (auto mode : {Index::Mode::ReadWrite, Index::Mode::ReadOnly}) {
    auto refused = Index::open(dir.path() / "notes.txt", mode, Index::Place::Given);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().find("not an anthology index") != std::string::npos);
  }
  CHECK(anth::test::read_file(dir.path() / "notes.txt") == notes);
  CHECK_FALSE(fs::exists(dir.path() / "notes.txt-wal"));
  CHECK_FALSE(fs::exists(dir.path() / "notes.txt-journal"));

  // A damaged index of ours (its header says so) is rebuilt there.
  fs::path ours = dir.path() / "mine.db";
  { Index index = open_rw(ours, Index::Place::Given); }
  CHECK(one(open_rw(ours, Index::Place::Given).handle(), "PRAGMA application_id") == "1095652424");
  {
    std::fstream f(ours, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);  // all but the header
    f << std::string(fs::file_size(ours) - 100, 'x');
  }
  CHECK(open_rw(ours, Index::Place::Given).rebuilt());

  // An index of schema 1 written before the application id is recognised by its tables, and marked.
  fs::path legacy = dir.path() / "legacy.db";
  { Index index = open_rw(legacy, Index::Place::Given); }
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(legacy.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "PRAGMA application_id = 0; PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  Index reopened = open_rw(legacy, Index::Place::Given);
  CHECK_FALSE(reopened.rebuilt());
  CHECK(one(reopened.handle(), "PRAGMA application_id") == "1095652424");
}

TEST_CASE("index: an index of another schema version is rebuilt", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build(sample_files());
  {
    Index index = open_rw(path);
    REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
    REQUIRE(sqlite3_exec(index.handle(), "PRAGMA user_version = 999", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  {
    Index index = open_rw(path);
    CHECK(index.rebuilt());
    CHECK(index.cached_files().empty());
    CHECK(one(index.handle(), "PRAGMA user_version") == std::to_string(index_schema_version));
  }
  // A database of someone else's (version 0, foreign tables) too, in the tool's own folder; at a path
  // the user named it is left alone.
  fs::path foreign = dir.path() / ".anthology" / "foreign.db";
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(foreign.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "CREATE TABLE people(name TEXT)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  auto refused = Index::open(foreign, Index::Mode::ReadWrite, Index::Place::Given);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("not an anthology index") != std::string::npos);
  Index index = open_rw(foreign);
  CHECK(index.rebuilt());
  CHECK(one(index.handle(), "SELECT count(*) FROM sqlite_schema WHERE name = 'people'") == "0");
}

TEST_CASE("index: a truncated index is rebuilt", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build(sample_files());
  {
    Index index = open_rw(path);
    REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
    // Fold the WAL into the file so the truncation hits real pages.
    REQUIRE(sqlite3_exec(index.handle(), "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  std::string whole = anth::test::read_file(path);
  REQUIRE(whole.size() > 8 * 4096);
  for (std::size_t keep : {whole.size() / 2, std::size_t(4096 * 3), std::size_t(50)}) {
    write_bytes(path, whole.substr(0, keep));
    fs::remove(fs::path(path.string() + "-wal"));
    fs::remove(fs::path(path.string() + "-shm"));
    Index index = open_rw(path);
    CHECK(index.rebuilt());
    CHECK(index.cached_files().empty());
    CHECK(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  }
}

TEST_CASE("index: read-only mode refuses writes and creates nothing", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  auto missing = Index::open(path, Index::Mode::ReadOnly);
  REQUIRE_FALSE(missing);
  CHECK(missing.error().find(path.string()) != std::string::npos);
  CHECK_FALSE(fs::exists(path.parent_path()));

  Built b = build(sample_files());
  { REQUIRE(open_rw(path).store(b.corpus, b.changed(), b.paths, b.diagnostics)); }
  auto reader = Index::open(path, Index::Mode::ReadOnly);
  REQUIRE(reader);
  CHECK_FALSE(reader->rebuilt());
  CHECK(one(reader->handle(), "SELECT count(*) FROM nodes") == "8");
  int rc = sqlite3_exec(reader->handle(), "INSERT INTO tags(node, tag) VALUES('x', 'y')", nullptr, nullptr, nullptr);
  CHECK((rc & 0xff) == SQLITE_READONLY);
  CHECK_FALSE(reader->store(b.corpus, {}, b.paths, b.diagnostics));
  CHECK_FALSE(reader->store_kernel_result({"SOTA-192", "qk_norm", true, "[]", "g++", "2024-01-01T00:00:00Z", ""}));

  // A damaged file is reported, not replaced.
  write_bytes(dir.path() / "garbage.db", std::string(5000, 'x'));
  auto damaged = Index::open(dir.path() / "garbage.db", Index::Mode::ReadOnly);
  REQUIRE_FALSE(damaged);
  CHECK(anth::test::read_file(dir.path() / "garbage.db") == std::string(5000, 'x'));
}

TEST_CASE("index: a reader sees the last committed state while a writer writes", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build(sample_files());
  Index writer = open_rw(path);
  REQUIRE(writer.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  REQUIRE(sqlite3_exec(writer.handle(), "BEGIN IMMEDIATE; DELETE FROM tags; DELETE FROM files;", nullptr, nullptr,
                       nullptr) == SQLITE_OK);
  auto reader = Index::open(path, Index::Mode::ReadOnly);
  REQUIRE(reader);
  CHECK(one(reader->handle(), "SELECT count(*) FROM tags") == "3");
  CHECK(reader->cached_files().size() == b.parses.size());
  // A second writer opens too (it does not need the write lock to check the file).
  auto second = Index::open(path);
  REQUIRE(second);
  CHECK_FALSE(second->rebuilt());
  REQUIRE(sqlite3_exec(writer.handle(), "ROLLBACK", nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(second->store(b.corpus, {}, b.paths, b.diagnostics));
  CHECK(one(reader->handle(), "SELECT count(*) FROM tags") == "3");
}

TEST_CASE("index: an index that cannot be created is a one-line failure", "[index]") {
  TempDir dir;
  dir.write("file.txt", "a regular file\n");
  fs::path path = dir.path() / "file.txt" / "index.db";
  auto index = Index::open(path);
  REQUIRE_FALSE(index);
  CHECK(index.error().starts_with("cannot create index at " + path.string() + ": "));
  CHECK(index.error().find('\n') == std::string::npos);

  auto nested = Index::open(dir.path() / "file.txt" / ".anthology" / "index.db");
  REQUIRE_FALSE(nested);
  CHECK(nested.error().starts_with("cannot create index at "));

  if (::geteuid() != 0) {  // root ignores permissions
    fs::path locked = dir.path() / "locked";
    fs::create_directories(locked);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
    auto denied = Index::open(locked / ".anthology" / "index.db");
    REQUIRE_FALSE(denied);
    CHECK(denied.error().starts_with("cannot create index at "));
    CHECK(denied.error().find('\n') == std::string::npos);
  }
}

TEST_CASE("index: a failed store leaves the previous content", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  sqlite3* db = index.handle();
  std::string nodes = one(db, "SELECT group_concat(id) FROM nodes");
  // A table store() writes late is gone: the whole store must roll back.
  REQUIRE(sqlite3_exec(db, "DROP TABLE authors", nullptr, nullptr, nullptr) == SQLITE_OK);

  Built later = build({{"lit/LIT-900.md", "---\nid: LIT-900\ntitle: Giraffes\nauthors: [A]\nyear: 2024\n---\n"}});
  auto stored = index.store(later.corpus, later.changed(), later.paths, later.diagnostics);
  REQUIRE_FALSE(stored);
  CHECK(stored.error().find("authors") != std::string::npos);
  CHECK(stored.error().find('\n') == std::string::npos);
  CHECK(one(db, "SELECT group_concat(id) FROM nodes") == nodes);
  CHECK(index.cached_files().size() == b.parses.size());
  CHECK_FALSE(index.cached_files().contains("lit/LIT-900.md"));
  CHECK(sqlite3_get_autocommit(db) == 1);  // no transaction left open

  // The connection is still usable.
  CHECK(index.store_kernel_result({"SOTA-192", "qk_norm", true, "[]", "", "", ""}));
}

TEST_CASE("index: kernel results are upserted and listed by node", "[index]") {
  TempDir dir;
  Index index = open_rw(index_path(dir));
  REQUIRE(index.kernel_results().empty());
  REQUIRE(index.store_kernel_result({"THEORY-2", "softmax_bound", false, R"([{"claim":"x","pass":false}])", "g++ 12",
                                     "2024-05-01T10:00:00Z", "bound exceeded"}));
  REQUIRE(index.store_kernel_result({"SOTA-192", "qk_norm", false, "", "g++ 12", "2024-05-01T10:00:00Z", ""}));
  REQUIRE(index.store_kernel_result({"SOTA-192", "qk_norm", true, R"([{"claim":"y","pass":true}])", "clang++ 16",
                                     "2024-05-02T10:00:00Z", ""}));
  auto results = index.kernel_results();
  REQUIRE(results.size() == 2);
  CHECK(results[0].node == "SOTA-192");
  CHECK(results[0].pass);
  CHECK(results[0].claims_json == R"([{"claim":"y","pass":true}])");
  CHECK(results[0].compiler == "clang++ 16");
  CHECK(results[0].checked_at == "2024-05-02T10:00:00Z");
  CHECK(results[0].error.empty());
  CHECK(results[1].node == "THEORY-2");
  CHECK_FALSE(results[1].pass);
  CHECK(results[1].error == "bound exceeded");

  // A store() of the notes leaves them alone.
  Built b = build(sample_files());
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  CHECK(index.kernel_results().size() == 2);
}

TEST_CASE("index: a moved-from index fails cleanly", "[index]") {
  TempDir dir;
  Index index = open_rw(index_path(dir));
  Index other = std::move(index);
  CHECK(other.handle() != nullptr);
  CHECK(index.handle() == nullptr);  // NOLINT(bugprone-use-after-move)
  CHECK(index.cached_files().empty());
  CHECK_FALSE(index.load_parse("x"));
  CHECK_FALSE(index.store(Corpus{}, {}, {}, {}));
  CHECK(index.kernel_results().empty());
}

// ---- benchmark (hidden: run with `anthology_tests "[index-bench]"`) ----

namespace {

std::string synthetic_note(int i, std::mt19937& random) {
  static const char* const words[] = {"attention", "logit",  "query",  "key",     "normalization", "softmax",
                                      "training",  "stable", "scale",  "layer",   "transformer",   "gradient",
                                      "loss",      "warmup", "weight", "decay",   "optimizer",     "batch",
                                      "token",     "embed",  "vision", "language", "model",         "bound"};
  std::string id = "LIT-" + std::to_string(i);
  std::string text = "---\nid: " + id + "\ntitle: Paper number " + std::to_string(i) +
                     " on attention\nauthors: [Alpha, Beta, Gamma]\nyear: " + std::to_string(2000 + i % 24) +
                     "\ntags: [attention-techniques, model-stability]\ncites: [LIT-" + std::to_string((i + 1) % 100000) +
                     ", LIT-" + std::to_string((i + 7) % 100000) + "]\n---\n";
  for (int w = 0; w < 400; ++w) {
    if (w % 80 == 79) text += "[[LIT-" + std::to_string(random() % 100000) + "]] ";
    else text += words[random() % std::size(words)];
    text += w % 16 == 15 ? ".\n" : " ";
  }
  return text;
}

}  // namespace

TEST_CASE("index: store() time for a large corpus", "[.][index-bench]") {
  int count = 100000;
  if (const char* env = std::getenv("ANTHOLOGY_BENCH_NOTES")) count = std::atoi(env);
  std::mt19937 random(1);
  std::vector<std::pair<std::string, std::string>> files;
  for (int i = 0; i < count; ++i) files.push_back({"lit/LIT-" + std::to_string(i) + ".md", synthetic_note(i, random)});
  // Wall time, and in brackets the CPU time of this process (what the wall time would be on an idle
  // machine, give or take I/O waits).
  auto cpu_now = [] {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  };
  auto t0 = std::chrono::steady_clock::now();
  double cpu0 = cpu_now();
  auto seconds = [&](auto from) {
    std::ostringstream out;
    out << std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count() << " s [cpu "
        << cpu_now() - cpu0 << " s]";
    return out.str();
  };
  auto restart = [&] {
    t0 = std::chrono::steady_clock::now();
    cpu0 = cpu_now();
  };
  Built b = build(files);
  WARN("parse + resolve: " << seconds(t0) << " for " << count << " notes");

  restart();
  std::vector<std::string> encoded;
  std::size_t bytes = 0;
  for (const ParsedNote& p : b.parses) {
    encoded.push_back(encode_parse(p));
    bytes += encoded.back().size();
  }
  WARN("encode_parse: " << seconds(t0) << ", " << bytes / (1 << 20) << " MiB");
  restart();
  for (const std::string& e : encoded) REQUIRE(decode_parse(e));
  WARN("decode_parse: " << seconds(t0));
  encoded.clear();

  TempDir dir;
  Index index = open_rw(index_path(dir));
  restart();
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  WARN("store, cold (every file changed): " << seconds(t0));

  restart();
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics));
  WARN("store, warm (nothing changed): " << seconds(t0));

  // Every note's rows change (a new tag everywhere): the graph tables are refilled whole.
  for (Note& n : b.corpus.notes) n.tags.push_back("everywhere");
  restart();
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics));
  WARN("store, every note's rows changed, no file changed: " << seconds(t0));

  // 1% of the notes edited.
  std::vector<Index::FileParse> some;
  for (std::size_t i = 0; i < b.parses.size(); i += 100) {
    b.parses[i].note.body += " edited";
    b.corpus.notes[i].body += " edited";
    some.push_back({&b.parses[i], CachedFile{b.parses[i].note.content_hash, 1, 1}});
  }
  restart();
  REQUIRE(index.store(b.corpus, some, b.paths, b.diagnostics));
  WARN("store, 1% changed: " << seconds(t0));
  restart();
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics));
  WARN("store, warm again: " << seconds(t0));

  // One note edited, as when a user saves a file.
  b.parses[5].note.body += " once more";
  b.corpus.notes[5].body += " once more";
  restart();
  REQUIRE(index.store(b.corpus, {{&b.parses[5], CachedFile{1, 2, 3}}}, b.paths, b.diagnostics));
  WARN("store, 1 note changed: " << seconds(t0));

  index = open_rw(dir.path() / "unused.db");
  restart();
  Index again = open_rw(index_path(dir));
  WARN("open (with quick_check) of " << fs::file_size(index_path(dir)) / (1 << 20) << " MiB: " << seconds(t0));
  restart();
  auto cached = again.cached_files();
  std::size_t decoded = 0;
  for (const auto& [path, file] : cached) decoded += again.load_parse(path) ? 1 : 0;
  WARN("cached_files + load_parse of all: " << seconds(t0));
  CHECK(decoded == cached.size());
}

TEST_CASE("index: a clean close skips the integrity check next time, a changed file does not", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build({{"lit/LIT-640.md", lit_640}});
  {
    Index index = open_rw(path);
    REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics));
  }
  // Closed cleanly: the WAL is folded back and the file's stamp remembered.
  CHECK_FALSE(fs::exists(path.string() + "-wal"));
  REQUIRE(fs::exists(path.string() + ".clean"));
  { CHECK_FALSE(open_rw(path).rebuilt()); }

  // Garbage over a page in the middle, the size unchanged: the stamp no longer matches, the check runs.
  auto size = fs::file_size(path);
  REQUIRE(size > 3 * 4096);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size / 2));
    f << std::string(4096, '\x5a');
  }
  fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(1));
  REQUIRE(fs::file_size(path) == size);
  Index index = open_rw(path);
  CHECK(index.rebuilt());
}
