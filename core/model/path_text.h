#pragma once
// The file of a place in the corpus (Location::file). A note's places are many, about thirty a note of
// the benchmark corpus (each field and item, wikilink, relation and finding), and each used to hold a
// heap copy of its path (19 bytes on average, past the small-string buffer): 159 MiB of a cold build's
// peak at 100,000 notes. They share one copy now. The places of one note are made one after another on one
// thread, so a one-entry cache per thread finds the copy to share without a lock or a table
// (path_text.cpp).
#include <compare>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace anth {

class PathText {
 public:
  PathText() = default;
  PathText(std::string_view text);
  PathText(const std::string& text) : PathText(std::string_view(text)) {}
  PathText(const char* text) : PathText(std::string_view(text)) {}

  const std::string& str() const { return text_ ? *text_ : empty_text(); }
  operator const std::string&() const { return str(); }
  operator std::string_view() const { return str(); }
  std::string_view view() const { return str(); }
  bool empty() const { return str().empty(); }
  std::size_t size() const { return str().size(); }
  const char* c_str() const { return str().c_str(); }

  // One overload per kind of text: with the string_view one alone, comparing with a std::string or a
  // literal would be ambiguous against converting it to a PathText.
  friend bool operator==(const PathText& a, const PathText& b) { return a.text_ == b.text_ || a.str() == b.str(); }
  friend bool operator==(const PathText& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const PathText& a, std::string_view b) { return a.view() == b; }
  friend bool operator==(const PathText& a, const char* b) { return a.view() == b; }
  friend std::strong_ordering operator<=>(const PathText& a, const PathText& b) { return a.str() <=> b.str(); }
  friend std::strong_ordering operator<=>(const PathText& a, const std::string& b) { return a.str() <=> b; }
  friend std::strong_ordering operator<=>(const PathText& a, std::string_view b) { return a.view() <=> b; }
  friend std::string operator+(const PathText& a, std::string_view b);
  friend std::string operator+(std::string_view a, const PathText& b);
  friend std::ostream& operator<<(std::ostream& out, const PathText& p);

 private:
  static const std::string& empty_text();
  std::shared_ptr<const std::string> text_;  // null: the empty path
};

}  // namespace anth
