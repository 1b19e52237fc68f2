// A small mustache renderer for the site's own templates. It replaced kainjow mustache, whose data
// conversion and rendering were a sixth of a build; the output is byte for byte what kainjow gave,
// down to its rule for dropping lines: a line (up to a newline of the template) that rendered a
// section and holds only spaces and tabs is dropped with its newline.
#include "render/site/templates.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

#include "core/util/embedded_assets.h"
#include "core/util/text.h"
#include "render/site/html.h"

namespace anth::render::site {

namespace {

constexpr std::string_view template_dir = "render/assets/site/templates/";

struct Node {
  enum class Kind : std::uint8_t { text, newline, variable, raw_variable, section, inverted };
  Kind kind = Kind::text;
  std::string text;                // text and newline: the bytes; tags: the name
  std::vector<std::string> path;   // the name split at dots; empty for {{.}}
  std::vector<Node> children;      // sections
};

Node tag_node(Node::Kind kind, std::string_view name) {
  Node n;
  n.kind = kind;
  n.text = name;
  if (name == ".") return n;
  // As std::getline splits: a trailing empty part is no part.
  for (std::size_t start = 0; start < name.size();) {
    std::size_t dot = std::min(name.find('.', start), name.size());
    n.path.emplace_back(name.substr(start, dot - start));
    start = dot + 1;
  }
  if (name.empty()) n.path.emplace_back();
  return n;
}

std::vector<Node> parse(std::string_view input) {
  std::vector<Node> root;
  std::vector<std::vector<Node>*> open{&root};  // the innermost open section's children last
  auto add_text = [&](std::string_view text) {
    std::vector<Node>& into = *open.back();
    if (!into.empty() && into.back().kind == Node::Kind::text) into.back().text += text;
    else into.push_back({Node::Kind::text, std::string(text), {}, {}});
  };
  for (std::size_t at = 0; at < input.size();) {
    if (input.compare(at, 2, "{{") != 0) {
      std::size_t newline = input.compare(at, 2, "\r\n") == 0 ? 2 : input[at] == '\n' || input[at] == '\r' ? 1 : 0;
      if (newline) {
        open.back()->push_back({Node::Kind::newline, std::string(input.substr(at, newline)), {}, {}});
        at += newline;
      } else {
        std::size_t end = input.find_first_of("{\r\n", at + 1);
        if (end == std::string_view::npos) end = input.size();
        add_text(input.substr(at, end - at));
        at = end;
      }
      continue;
    }
    bool triple = at + 2 < input.size() && input[at + 2] == '{';
    std::size_t from = at + (triple ? 3 : 2);
    std::size_t close = input.find(triple ? "}}}" : "}}", from);
    if (close == std::string_view::npos) throw std::runtime_error("unclosed tag at " + std::to_string(at));
    std::string_view contents = util::trim(input.substr(from, close - from));
    at = close + (triple ? 3 : 2);
    if (triple) {
      open.back()->push_back(tag_node(Node::Kind::raw_variable, contents));
      continue;
    }
    char sigil = contents.empty() ? '\0' : contents[0];
    std::string_view name = sigil == '\0' ? contents : util::trim(contents.substr(1));
    switch (sigil) {
      case '!': break;  // a comment
      case '&': open.back()->push_back(tag_node(Node::Kind::raw_variable, name)); break;
      case '#':
      case '^':
        open.back()->push_back(tag_node(sigil == '#' ? Node::Kind::section : Node::Kind::inverted, name));
        open.push_back(&open.back()->back().children);
        break;
      case '/': {
        if (open.size() == 1) throw std::runtime_error("unopened section \"" + std::string(name) + "\"");
        open.pop_back();
        if (open.back()->back().text != name)
          throw std::runtime_error("unclosed section \"" + open.back()->back().text + "\"");
        break;
      }
      case '>':
      case '=': throw std::runtime_error("partials and delimiter changes are not supported");
      default: open.back()->push_back(tag_node(Node::Kind::variable, contents));
    }
  }
  if (open.size() > 1) throw std::runtime_error("unclosed section \"" + (*(open.end() - 2))->back().text + "\"");
  return root;
}

class Renderer {
 public:
  Renderer(const TemplateValue& data, std::string& out) : out_(out), line_start_(out.size()), stack_{&data} {}

  void run(const std::vector<Node>& nodes) {
    walk(nodes);
    end_line({});
  }

 private:
  const TemplateValue* lookup(const Node& n) const {
    if (n.path.empty()) return stack_.back();
    for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
      const TemplateValue* v = *it;
      for (const std::string& part : n.path)
        if (!(v = v->get(part))) break;
      if (v) return v;
    }
    return nullptr;
  }

  void end_line(std::string_view newline) {
    bool blank = section_line_;
    for (std::size_t i = line_start_; blank && i < out_.size(); ++i) blank = out_[i] == ' ' || out_[i] == '\t';
    if (blank) out_.resize(line_start_);
    else out_ += newline;
    line_start_ = out_.size();
    section_line_ = false;
  }

  void section(const Node& n, const TemplateValue* value) {
    if (value && value->is_list() && !value->empty_list()) {
      for (const TemplateValue& item : value->items()) {
        section_line_ = true;
        stack_.push_back(&item);
        walk(n.children);
        stack_.pop_back();
        section_line_ = true;
      }
      return;
    }
    section_line_ = true;
    if (value) stack_.push_back(value);
    walk(n.children);
    if (value) stack_.pop_back();
    section_line_ = true;
  }

  void walk(const std::vector<Node>& nodes) {
    for (const Node& n : nodes) {
      switch (n.kind) {
        case Node::Kind::text: out_ += n.text; break;
        case Node::Kind::newline: end_line(n.text); break;
        case Node::Kind::variable:
        case Node::Kind::raw_variable:
          if (const TemplateValue* v = lookup(n); v && v->is_text()) {
            if (n.kind == Node::Kind::variable) append_escaped_html(out_, v->text());
            else out_ += v->text();
          }
          break;
        case Node::Kind::section: {
          const TemplateValue* v = lookup(n);
          if (v && !v->is_false() && !v->empty_list()) section(n, v);
          break;
        }
        case Node::Kind::inverted: {
          const TemplateValue* v = lookup(n);
          if (!v || v->is_false() || v->empty_list()) section(n, v);
          break;
        }
      }
    }
  }

  std::string& out_;
  std::size_t line_start_;
  bool section_line_ = false;  // the current line rendered a section
  std::vector<const TemplateValue*> stack_;
};

}  // namespace

struct Templates::Impl {
  std::map<std::string, std::vector<Node>, std::less<>> parsed;
};

Templates::Templates() : impl_(std::make_unique<Impl>()) {
  for (std::string_view path : util::embedded_asset_names(template_dir)) {
    std::string name(path.substr(template_dir.size()));
    if (name.size() < 6 || name.substr(name.size() - 5) != ".html") continue;
    name.resize(name.size() - 5);
    try {
      impl_->parsed.emplace(name, parse(*util::embedded_asset(path)));
    } catch (const std::runtime_error& e) {
      throw std::runtime_error("template " + name + ": " + e.what());
    }
  }
}

Templates::~Templates() = default;

void Templates::render(std::string_view name, const TemplateValue& data, std::string& out) const {
  auto it = impl_->parsed.find(name);
  if (it == impl_->parsed.end()) throw std::runtime_error("no template " + std::string(name));
  Renderer(data, out).run(it->second);
}

std::string Templates::render(std::string_view name, const TemplateValue& data) const {
  std::string out;
  render(name, data, out);
  return out;
}

std::string Templates::render_text(std::string_view text, const TemplateValue& data) {
  std::string out;
  Renderer(data, out).run(parse(text));
  return out;
}

}  // namespace anth::render::site
