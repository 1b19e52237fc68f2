// Bad input for Obsidian's markdown (ingest/obsidian_source.h, math_syntax.h, callouts.h, highlight.h,
// block_ids.h, inline_tags.h): unterminated `$$`, `%%` and callouts, callouts 50 deep, and shapes of
// about a megabyte that a search repeated per opener would make quadratic: each parses within a bound
// of CPU time (linear code takes a fraction of it) and leaves no markup that can run.
#include <catch2/catch.hpp>

#include <ctime>
#include <optional>
#include <string>

#include "ingest/body_html.h"
#include "ingest/obsidian_source.h"

using namespace anth::ingest;  // the stage under test

namespace {

std::string repeat(const std::string& piece, std::size_t bytes) {
  std::string out;
  out.reserve(bytes + piece.size());
  while (out.size() < bytes) out += piece;
  return out;
}

// The body parsed as parse_note parses it, and the CPU seconds it took.
std::pair<ParsedBody, double> timed(const std::string& body) {
  std::clock_t start = std::clock();
  std::optional<std::string> visible = obsidian_source(body);
  ParsedBody p = parse_body(visible ? *visible : body, false);
  return {std::move(p), static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC};
}

}  // namespace

TEST_CASE("obsidian markdown: unterminated $$, %% and callouts are safe text", "[hardening][markdown]") {
  CHECK(timed("a $$ b\n\nc\n").first.rendered.html.find("math") == std::string::npos);
  CHECK(timed("a %% b\n\n<script>alert(1)</script>\n").first.rendered.html.find("script") == std::string::npos);
  std::string callout = timed("> [!note\n> text\n\n> [!\n\n> [!tip]- <img src=x onerror=alert(1)>\n").first.rendered.html;
  CHECK(callout.find("<img") == std::string::npos);
  CHECK(callout.find("&lt;img") != std::string::npos);
  CHECK(callout.find("<blockquote>") != std::string::npos);  // "[!note" unclosed is a quote
}

TEST_CASE("obsidian markdown: callouts nested 50 deep all render", "[hardening][markdown]") {
  std::string body;
  for (int k = 1; k <= 50; ++k) body += std::string(static_cast<std::size_t>(k), '>') + " [!note] level " + std::to_string(k) + "\n";
  auto [p, seconds] = timed(body);
  std::size_t callouts = 0;
  for (std::size_t at = p.rendered.html.find("data-callout="); at != std::string::npos; at = p.rendered.html.find("data-callout=", at + 1))
    ++callouts;
  CHECK(callouts == 50);
  CHECK(seconds < 2);
}

TEST_CASE("obsidian markdown: a megabyte of unclosed openers parses in linear time", "[hardening][markdown][cost]") {
  const std::size_t mb = 1 << 20;
  for (const std::string& shape : {repeat("$a ", mb), repeat("$$a $a$ ", mb), repeat("==a ", mb) + "=", repeat("== a ", mb),
                                   "%%" + repeat("hidden text ", mb), repeat("^[", mb), repeat("^[x ", mb), repeat("` `` ``` ", mb),
                                   repeat("#t", mb), repeat("x ^id\n\n", mb), repeat("> [!note] t\n\n", mb / 2),
                                   repeat("#a", 16) + repeat(" #tag", mb / 5)}) {
    auto [p, seconds] = timed(shape);
    INFO(shape.substr(0, 20) << "...: " << seconds << " s");
    CHECK(seconds < 5);
    CHECK(p.rendered.html.find("<script") == std::string::npos);
  }
  // Many distinct tags: each is found once, not searched for among the others.
  std::string tags;
  for (int k = 0; k < 50000; ++k) tags += "#t" + std::to_string(k) + " ";
  auto [p, seconds] = timed(tags);
  CHECK(p.tags.size() == 50000);
  CHECK(seconds < 5);
}
