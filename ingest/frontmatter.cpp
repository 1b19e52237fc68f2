#include "ingest/frontmatter.h"

#include <algorithm>

#include "core/util/text.h"
#include "ingest/yaml_document.h"

namespace anth::ingest {

namespace {

// Refuse deeper frontmatter before reading it: libyaml keeps its nesting on the heap, but nothing a
// note means nests this deep, and the limit is documented (S001).
constexpr int max_nesting = 64;
// What the field values may add up to beyond the frontmatter's own size, aliases expanded: without
// aliases they never exceed it (escapes and block scalars only shrink text).
constexpr std::size_t expansion_allowance = 1 << 20;

int nesting_depth(std::string_view yaml) {
  int depth = 0, deepest = 0;
  for (char c : yaml) {
    if (c == '[' || c == '{') deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  // Block sequences nest by "- - -" on one line or by indentation; both show in leading runs.
  std::size_t start = 0;
  while (start < yaml.size()) {
    std::size_t end = yaml.find('\n', start);
    if (end == std::string_view::npos) end = yaml.size();
    std::string_view line = yaml.substr(start, end - start);
    int run = 0;
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '-' || line[i] == '?' || line[i] == ':')) {
      if (line[i] != ' ') ++run;
      ++i;
    }
    deepest = std::max({deepest, run, static_cast<int>(i / 2)});
    start = end + 1;
  }
  return deepest;
}

Location at(const YamlNode& node, const std::string& path, int first_line) {
  return {path, first_line + node.line, node.column + 1};
}

// Reads fields out of the YAML tree within a budget of bytes. The tree shares an aliased node, but each
// read of one copies its text: a list of a thousand aliases of one 100 KB string would become 100 MB
// of field values (and more in the index). The budget counts every scalar read, alias repeats
// included, and stops the reading once it is spent.
class FieldReader {
 public:
  struct OverBudget {
    Location where;
  };
  FieldReader(const YamlDocument& doc, const std::string& path, int first_line, std::size_t budget,
              std::vector<Diagnostic>& findings)
      : doc_(doc), path_(path), first_line_(first_line), left_(budget), findings_(findings) {}

  Field field(const YamlNode& key, const YamlNode& value) {
    Field f;
    f.where = field_where_ = at(key, path_, first_line_);
    f.key = key.kind == YamlNode::Kind::scalar ? take(key.text) : "<complex key>";
    f.origin = Origin::Frontmatter;
    switch (value.kind) {
      case YamlNode::Kind::null:
        f.shape = Field::Shape::Null;
        break;
      case YamlNode::Kind::scalar:
        f.shape = Field::Shape::Scalar;
        f.items.push_back(value_of(value));
        break;
      case YamlNode::Kind::sequence:
        f.shape = Field::Shape::List;
        for (std::size_t item : value.children) {
          if (f.items.size() == max_list_entries) {
            findings_.push_back({"S003", Severity::Error, at(doc_.at(item), path_, first_line_),
                                 "list '" + f.key + "' has " + std::to_string(value.children.size()) +
                                     " entries, more than the limit of " + std::to_string(max_list_entries) +
                                     ": the entries from here on are not read",
                                 {}});
            break;
          }
          f.items.push_back(value_of(doc_.at(item)));
        }
        break;
      case YamlNode::Kind::mapping:
        f.shape = Field::Shape::Map;
        for (std::size_t i = 0; i + 1 < value.children.size(); i += 2) {
          const YamlNode& entry_key = doc_.at(value.children[i]);
          f.keys.push_back(entry_key.kind == YamlNode::Kind::scalar ? take(entry_key.text) : "<complex key>");
          f.items.push_back(value_of(doc_.at(value.children[i + 1])));
        }
        break;
    }
    return f;
  }

 private:
  // The text of a scalar, charged to the budget. Past it, the field being read is blamed: an alias's
  // own place is its anchor's.
  const std::string& take(const std::string& text) {
    if (text.size() > left_) throw OverBudget{field_where_};
    left_ -= text.size();
    return text;
  }

  FieldValue value_of(const YamlNode& node) {
    FieldValue v;
    v.where = at(node, path_, first_line_);
    if (node.kind == YamlNode::Kind::scalar) {
      v.text = take(node.text);
    } else if (node.kind == YamlNode::Kind::sequence && node.children.size() == 1 &&
               doc_.at(node.children[0]).kind == YamlNode::Kind::scalar) {
      // `source: [[LIT-523]]` unquoted is YAML for a list holding a list: read it as the wikilink it means.
      v.text = "[[" + take(doc_.at(node.children[0]).text) + "]]";
    } else if (node.kind == YamlNode::Kind::sequence) {
      v.text = "<list>";
    } else if (node.kind == YamlNode::Kind::mapping) {
      v.text = "<mapping>";
    }
    return v;
  }

  const YamlDocument& doc_;
  const std::string& path_;
  int first_line_;
  std::size_t left_;
  std::vector<Diagnostic>& findings_;
  Location field_where_;
};

Diagnostic yaml_error(const std::string& path, int line, int column, std::string message) {
  return Diagnostic{"S001", Severity::Error, {path, line, column}, std::move(message), {}};
}

bool is_fence(std::string_view line, bool closing) {
  line = util::trim(line);
  return line == "---" || (closing && line == "...");
}

}  // namespace

Frontmatter parse_frontmatter(std::string_view text, const std::string& path) {
  Frontmatter fm;
  fm.body = text;
  std::size_t first_end = text.find('\n');
  if (!is_fence(text.substr(0, first_end), false)) return fm;  // no frontmatter: all body

  fm.present = true;
  // Find the closing fence.
  std::size_t pos = first_end == std::string_view::npos ? text.size() : first_end + 1;
  int line_no = 2;
  std::size_t yaml_end = std::string_view::npos;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (is_fence(text.substr(pos, end - pos), true)) {
      yaml_end = pos;
      fm.body = end < text.size() ? text.substr(end + 1) : std::string_view();
      fm.body_line = line_no + 1;
      break;
    }
    pos = end + 1;
    ++line_no;
  }
  if (yaml_end == std::string_view::npos) {
    fm.error = yaml_error(path, 1, 1, "frontmatter opened with '---' on line 1 is never closed");
    fm.body = std::string_view();
    return fm;
  }

  std::string yaml(text.substr(first_end + 1, yaml_end - (first_end + 1)));
  if (nesting_depth(yaml) > max_nesting) {
    fm.error = yaml_error(path, 2, 1, "frontmatter nests deeper than " + std::to_string(max_nesting) + " levels");
    return fm;
  }
  auto doc = parse_yaml(yaml);
  if (!doc) {
    fm.error = yaml_error(path, 2 + doc.error().line, doc.error().column + 1, "invalid YAML: " + doc.error().message);
    return fm;
  }
  if (doc->root == YamlDocument::none || doc->at(doc->root).kind == YamlNode::Kind::null) return fm;
  const YamlNode& root = doc->at(doc->root);
  if (root.kind != YamlNode::Kind::mapping) {
    Location where = at(root, path, 2);
    fm.error = yaml_error(path, where.line, where.column, "frontmatter is not a mapping of field names to values");
    return fm;
  }
  try {
    FieldReader reader(*doc, path, 2, yaml.size() + expansion_allowance, fm.findings);
    for (std::size_t i = 0; i + 1 < root.children.size(); i += 2)
      fm.fields.push_back(reader.field(doc->at(root.children[i]), doc->at(root.children[i + 1])));
  } catch (const FieldReader::OverBudget& over) {
    fm.fields.clear();
    fm.findings.clear();
    fm.error = yaml_error(path, over.where.line, over.where.column,
                          "frontmatter of " + std::to_string(yaml.size()) + " bytes expands past " +
                              std::to_string(yaml.size() + expansion_allowance) +
                              " bytes through YAML aliases (the limit is its size plus 1 MiB)");
  }
  return fm;
}

}  // namespace anth::ingest
