#include "ingest/field_validation.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <unordered_set>

#include "core/model/schema.h"
#include "core/model/rule_catalog.h"
#include "core/util/did_you_mean.h"
#include "core/util/text.h"
#include "ingest/body_scan.h"
#include "ingest/page_id.h"

namespace anth::ingest {

namespace {

using Shape = Field::Shape;

class Validator {
 public:
  Validator(Note& note, const std::string& stem, const TypingPolicy& typing, std::vector<Diagnostic>& out)
      : note_(note), stem_(stem), typing_(typing), out_(out) {}

  void run() {
    if (!identify()) return;
    std::set<std::string> seen_keys;
    std::map<std::string, Location> empty_required;  // a required key written only without a value
    for (const Field& f : note_.fields) {
      const FieldSpec* spec = find_field(*note_.kind, f.key);
      if (!spec) {
        if (f.origin == Origin::Frontmatter && is_typed(*note_.kind)) unknown_field(f);
        continue;  // inline fields outside the schema are the author's own data, as in Dataview
      }
      if (spec->required && is_empty(f)) {
        empty_required.try_emplace(f.key, f.where);
        continue;
      }
      seen_keys.insert(f.key);
      apply(*spec, f);
    }
    for (const FieldSpec& spec : schema_of(*note_.kind)) {
      std::string key(spec.key);
      if (!spec.required || seen_keys.count(key)) continue;
      auto empty = empty_required.find(key);
      report("S002", empty == empty_required.end() ? Location{note_.path, 1, 1} : empty->second,
             std::string(kind_name(*note_.kind)) + " " + note_.id + " has " +
                 (empty == empty_required.end() ? "no" : "an empty") + " `" + key + "`, which every " +
                 kind_name(*note_.kind) + " needs");
    }
    if (note_.status.empty()) note_.status = std::string(default_status(*note_.kind));
  }

 private:
  // Null, an empty list, or only blank text: a required field written this way is missing (S002).
  static bool is_empty(const Field& f) {
    if (f.shape == Shape::Null) return true;
    if (f.shape == Shape::Map) return false;
    return std::all_of(f.items.begin(), f.items.end(), [](const FieldValue& v) { return util::trim(v.text).empty(); });
  }

  void report(const char* rule, Location where, std::string message, std::vector<RelatedLocation> related = {}) {
    out_.push_back({rule, find_rule(rule)->severity, std::move(where), std::move(message), std::move(related)});
  }

  // Sets id and kind; returns false when the note cannot be typed (S005), which keeps it out of the graph.
  // A note of a typed id is of its kind; a slug is a TERM only when the note says so (docs/format.md,
  // "Pages"); any other note is a page, unless it looks meant as typed or the vault wants every note typed.
  bool identify() {
    const Field* id_field = note_.field("id");
    Location id_where{note_.path, 1, 1};
    note_.id = stem_;
    const bool explicit_id = id_field && id_field->shape == Shape::Scalar;
    if (explicit_id) {
      note_.id = std::string(util::trim(id_field->items[0].text));
      id_where = id_field->items[0].where;
    } else if (id_field) {
      report("S003", id_field->where, "`id` must be a single string");
    }
    if (const Field* t = note_.field("title"); t && t->shape == Shape::Scalar) note_.title = t->items[0].text;
    const Field* type = note_.field("type");
    const std::string written_type = type && type->shape == Shape::Scalar ? type->items[0].text : "";
    note_.kind = kind_of_id(note_.id);
    if (note_.kind == Kind::Term && !says_term(explicit_id, written_type)) note_.kind = std::nullopt;
    if (!note_.kind) {
      if (typing_.untyped_pages && !meant_as_typed()) return become_page();
      report("S005", id_where,
             "id '" + note_.id + "' matches no kind's pattern (LIT-, NOTE-, SOTA-, THEORY- and digits, or a lowercase slug)");
      note_.in_graph = false;
      return false;
    }
    if (type) {
      auto declared = parse_kind(written_type);
      if (!declared || *declared != *note_.kind) {
        report("S005", type->shape == Shape::Scalar ? type->items[0].where : type->where,
               "type '" + written_type + "' disagrees with id " + note_.id + ", which is a " + kind_name(*note_.kind));
        note_.in_graph = false;
        return false;
      }
    }
    if (note_.id != stem_)
      report("S007", id_where, "file name '" + stem_ + ".md' differs from id " + note_.id);
    return true;
  }

  bool in_folder(const std::string& folder) const {
    return !folder.empty() && note_.path.size() > folder.size() && note_.path.starts_with(folder) &&
           note_.path[folder.size()] == '/';
  }

  // A slug is a TERM in the glossary folder, with `type: TERM`, or with its own `id` and a `short`.
  bool says_term(bool explicit_id, const std::string& written_type) const {
    if (in_folder(typing_.glossary)) return true;
    if (auto declared = parse_kind(written_type); declared == Kind::Term) return true;
    return explicit_id && note_.field("short");
  }

  // Untyped, but an S005 rather than a page: in the glossary or a typed folder, an id written with a
  // kind's prefix ("LIT-abc"), or a file named as a typed note ("LIT-3.md" declaring another id).
  bool meant_as_typed() const {
    if (in_folder(typing_.glossary)) return true;
    if (auto named = kind_of_id(stem_); named && *named != Kind::Term) return true;
    for (const std::string& f : typing_.typed_folders)
      if (in_folder(f)) return true;
    for (Kind k : all_kinds)
      if (is_typed(k) && k != Kind::Term && note_.id.starts_with(std::string(kind_name(k)) + "-")) return true;
    return false;
  }

  bool become_page() {
    note_.kind = Kind::Page;
    // An id of the author's own (a Zettelkasten number, say) still names the note in links.
    if (note_.id != stem_) note_.aliases.push_back(note_.id);
    note_.id = page_id(note_.path);
    if (note_.title.empty()) note_.title = stem_;  // as Obsidian shows it: the file name
    return true;
  }

  void unknown_field(const Field& f) {
    std::vector<std::string> names;
    for (const FieldSpec& s : schema_of(*note_.kind)) names.emplace_back(s.key);
    std::string message = "unknown field `" + f.key + "` for a " + kind_name(*note_.kind);
    if (auto best = util::closest_match(f.key, names)) message += "; did you mean `" + *best + "`?";
    report("S004", f.where, message);
  }

  void bad_value(const Field& f, const FieldValue* v, const std::string& expectation) {
    std::string shown = v ? "'" + v->text + "'" : f.shape == Shape::List ? "a list" : f.shape == Shape::Map ? "a mapping" : "nothing";
    report("S003", v ? v->where : f.where, "`" + f.key + "` " + expectation + ", not " + shown);
  }

  std::optional<std::string> scalar(const FieldSpec& spec, const Field& f) {
    if (f.shape == Shape::Scalar) return f.items[0].text;
    bad_value(f, nullptr, spec.type == FieldType::Integer ? "must be an integer" : "must be a single value");
    return std::nullopt;
  }

  // The items of a list field; a scalar counts as a list of one.
  std::vector<const FieldValue*> list_items(const Field& f) {
    std::vector<const FieldValue*> items;
    if (f.shape == Shape::Map) {
      bad_value(f, nullptr, "must be a list");
      return items;
    }
    for (const FieldValue& v : f.items) items.push_back(&v);
    return items;
  }

  void apply(const FieldSpec& spec, const Field& f) {
    switch (spec.type) {
      case FieldType::String: apply_string(spec, f); break;
      case FieldType::StringList:
      case FieldType::SlugList:
      case FieldType::RuleList: apply_list(spec, f); break;
      case FieldType::Integer: apply_integer(spec, f); break;
      case FieldType::Enum: apply_enum(spec, f); break;
      case FieldType::Ref:
      case FieldType::RefList: apply_relation(spec, f); break;
      case FieldType::Kernel: apply_string(spec, f); break;
      case FieldType::NumberMap: apply_number_map(f); break;
      case FieldType::Date: apply_date(spec, f); break;
    }
  }

  // A single-valued field written twice (frontmatter and inline, or a repeated key) must agree (R005).
  bool set_single(const Field& f, std::string& slot, const std::string& value, const Location& where) {
    auto [it, fresh] = single_values_.try_emplace(f.key, value, where);
    if (!fresh && it->second.first != value) {
      report("R005", where, "`" + f.key + "` takes one value, but is given '" + it->second.first + "' and '" + value + "'",
             {{it->second.second, "first value"}});
      return false;
    }
    slot = value;
    return true;
  }

  void apply_string(const FieldSpec& spec, const Field& f) {
    auto value = scalar(spec, f);
    if (!value) return;
    std::string* slot = nullptr;
    std::string ignored;
    if (spec.key == "title") slot = &note_.title;
    else if (spec.key == "arxiv") slot = &note_.arxiv;
    else if (spec.key == "doi") slot = &note_.doi;
    else if (spec.key == "venue") slot = &note_.venue;
    else if (spec.key == "url") slot = &note_.url;
    else if (spec.key == "promote_when") slot = &note_.promote_when;
    else if (spec.key == "kernel") slot = &note_.kernel;
    else if (spec.key == "short") slot = &note_.short_definition;
    else if (spec.key == "plain") slot = &note_.plain;
    else slot = &ignored;  // id and type were read by identify()
    set_single(f, *slot, *value, f.items[0].where);
  }

  static bool is_tag(std::string_view t) {
    if (t.empty()) return false;
    return std::all_of(t.begin(), t.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '/';
    });
  }

  void apply_list(const FieldSpec& spec, const Field& f) {
    std::vector<std::string>* slot = spec.key == "tags"    ? &note_.tags
                                     : spec.key == "aliases" ? &note_.aliases
                                     : spec.key == "authors" ? &note_.authors
                                                             : &note_.lint_ignore;
    // Duplicates (but authors) are dropped through a hash set, not a search of the list per item (quadratic: 39 s for
    // 100,000 authors). It views the slot's strings, which stay put: the slot has room for every item.
    std::vector<const FieldValue*> items = list_items(f);
    slot->reserve(slot->size() + items.size());
    std::unordered_set<std::string_view> kept(slot->begin(), slot->end());
    for (const FieldValue* v : items) {
      std::string text(util::trim(v->text));
      if (note_.kind == Kind::Page && spec.key == "tags" && text.starts_with('#')) text.erase(0, 1);  // Obsidian takes both
      if (spec.type == FieldType::SlugList && !is_tag(text)) {
        bad_value(f, v, "holds tags made of letters, digits, '-', '_' and '/'");
        continue;
      }
      if (spec.type == FieldType::RuleList && !find_rule(text)) {
        bad_value(f, v, "holds rule ids such as P001");
        continue;
      }
      if (text.empty()) continue;
      // Two authors may share a name (a paper with two "H Wang"s): each is a person, kept in place.
      if (spec.key == "authors") slot->emplace_back(std::move(text));
      else if (!kept.count(text)) kept.insert(slot->emplace_back(std::move(text)));
    }
  }

  void apply_integer(const FieldSpec& spec, const Field& f) {
    auto value = scalar(spec, f);
    if (!value) return;
    errno = 0;
    char* end = nullptr;
    long n = std::strtol(value->c_str(), &end, 10);
    if (value->empty() || *end != '\0' || errno == ERANGE || n < spec.minimum || n > 100000) {
      bad_value(f, &f.items[0], "must be an integer of at least " + std::to_string(spec.minimum));
      return;
    }
    std::string ignored;
    if (!set_single(f, ignored, *value, f.items[0].where)) return;
    (spec.key == "year" ? note_.year : note_.version) = static_cast<int>(n);
  }

  static bool is_day(const std::string& v) {
    auto digits = [&](std::size_t from, std::size_t n) {
      return std::all_of(v.begin() + from, v.begin() + from + n, [](char c) { return c >= '0' && c <= '9'; });
    };
    bool ok = v.size() >= 10 && digits(0, 4) && v[4] == '-' && digits(5, 2) && v[7] == '-' && digits(8, 2) &&
              (v.size() == 10 || v[10] == 'T' || v[10] == ' ');
    int month = ok ? std::stoi(v.substr(5, 2)) : 0, day = ok ? std::stoi(v.substr(8, 2)) : 0;
    return ok && month >= 1 && month <= 12 && day >= 1 && day <= 31;
  }

  // A day as YYYY-MM-DD; a YAML timestamp's time ("2024-05-01T10:00:00Z", "2024-05-01 10:00") is dropped.
  void apply_date(const FieldSpec& spec, const Field& f) {
    if (note_.kind == Kind::Page && (f.shape != Shape::Scalar || !is_day(f.items[0].text))) return;
    auto value = scalar(spec, f);
    if (!value) return;
    const std::string& v = *value;
    if (!is_day(v)) {
      bad_value(f, &f.items[0], "must be a date written YYYY-MM-DD");
      return;
    }
    set_single(f, spec.key == "created" ? note_.created : note_.updated, v.substr(0, 10), f.items[0].where);
  }

  void apply_enum(const FieldSpec& spec, const Field& f) {
    auto value = scalar(spec, f);
    if (!value) return;
    if (std::find(spec.choices.begin(), spec.choices.end(), *value) == spec.choices.end()) {
      std::string allowed;
      for (auto c : spec.choices) allowed += (allowed.empty() ? "" : ", ") + std::string(c);
      bad_value(f, &f.items[0], "must be one of " + allowed);
      return;
    }
    set_single(f, note_.status, *value, f.items[0].where);
  }

  void apply_relation(const FieldSpec& spec, const Field& f) {
    std::vector<FieldValue> values;
    for (const FieldValue* v : list_items(f)) {
      // An inline or scalar value may list several ids separated by commas.
      if (v->text.find("[[") == std::string::npos && v->text.find(',') != std::string::npos) {
        std::size_t start = 0;
        while (start <= v->text.size()) {
          std::size_t comma = v->text.find(',', start);
          if (comma == std::string::npos) comma = v->text.size();
          std::string part(util::trim(std::string_view(v->text).substr(start, comma - start)));
          if (!part.empty()) values.push_back({part, v->where});
          start = comma + 1;
        }
      } else {
        values.push_back(*v);
      }
    }
    for (const FieldValue& v : values) {
      std::string target = reference_target(v.text);
      if (target.empty() || v.text == "<list>" || v.text == "<mapping>") {
        bad_value(f, &v, "must name a note by id or [[wikilink]]");
        continue;
      }
      std::string folded = util::fold_case(target);
      auto key = std::make_pair(f.key, folded);
      if (auto it = relation_seen_.find(key); it != relation_seen_.end()) {
        report("R006", v.where, "`" + f.key + ": " + target + "` is written twice", {{it->second, "first written here"}});
        continue;
      }
      if (spec.type == FieldType::Ref) {
        if (auto it = single_values_.find(f.key); it != single_values_.end() && util::fold_case(it->second.first) != folded) {
          report("R005", v.where,
                 "`" + f.key + "` takes one value, but is given '" + it->second.first + "' and '" + target + "'",
                 {{it->second.second, "first value"}});
          continue;
        }
        single_values_.try_emplace(f.key, target, v.where);
      }
      relation_seen_.emplace(key, v.where);
      note_.relations.push_back({f.key, note_.id, target, "", v.where, f.origin});
    }
  }

  void apply_number_map(const Field& f) {
    if (f.shape != Shape::Map) {
      bad_value(f, nullptr, "must be a mapping of parameter names to numbers");
      return;
    }
    for (std::size_t i = 0; i < f.items.size(); ++i) {
      const std::string& text = f.items[i].text;
      char* end = nullptr;
      double value = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || !std::isfinite(value)) {
        bad_value(f, &f.items[i], "values must be numbers");
        continue;
      }
      note_.kernel_params.emplace_back(f.keys[i], value);
    }
  }

  Note& note_;
  const std::string& stem_;
  const TypingPolicy& typing_;
  std::vector<Diagnostic>& out_;
  std::map<std::string, std::pair<std::string, Location>> single_values_;
  std::map<std::pair<std::string, std::string>, Location> relation_seen_;
};

}  // namespace

std::string reference_target(std::string_view written) {
  std::string_view w = util::trim(written);
  if (w.size() >= 4 && w.substr(0, 2) == "[[" && w.substr(w.size() - 2) == "]]")
    return parse_wikilink_text(w.substr(2, w.size() - 4)).target;
  return std::string(w);
}

void apply_schema(Note& note, const std::string& stem, const TypingPolicy& typing, std::vector<Diagnostic>& out) {
  Validator(note, stem, typing, out).run();
}

}  // namespace anth::ingest
