// The mutant catalogues: parsing render/kernels/mutants/<kernel>.txt and applying a mutant's edits.
#include "render/kernels/kernel_mutants.h"

#include <stdexcept>

#include "core/util/embedded_assets.h"

namespace anth::render::kernels {

namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The lines from `from` up to the line equal to `marker`, joined; `from` ends past the marker.
std::string block_until(const std::vector<std::string_view>& lines, std::size_t& from, std::string_view marker,
                        std::string_view kernel) {
  std::string out;
  for (std::size_t i = from; i < lines.size(); ++i) {
    if (lines[i] == marker) {
      from = i + 1;
      return out;
    }
    out += (i > from ? "\n" : "") + std::string(lines[i]);
  }
  throw std::logic_error("mutants of " + std::string(kernel) + ": an edit from line " + std::to_string(from) +
                         " has no " + std::string(marker) + " line");
}

}  // namespace

std::vector<Mutant> parse_mutants(std::string_view kernel, std::string_view text) {
  const auto lines = lines_of(text);
  std::vector<Mutant> mutants;
  const auto fail = [&](std::size_t line, const std::string& why) {
    throw std::logic_error("mutants of " + std::string(kernel) + ", line " + std::to_string(line + 1) + ": " + why);
  };
  for (std::size_t i = 0; i < lines.size();) {
    const std::string_view line = lines[i];
    if (line.substr(0, 3) == "## ") {
      const auto colon = line.find(": ");
      if (colon == std::string_view::npos) fail(i, "a mutant needs `## name: description`");
      mutants.push_back({std::string(kernel), std::string(line.substr(3, colon - 3)), std::string(line.substr(colon + 2)), {}});
      ++i;
    } else if (line.substr(0, 9) == "variant: ") {
      if (mutants.empty()) fail(i, "a variant before any mutant");
      mutants.back().kernel = std::string(kernel) + "." + std::string(line.substr(9));
      ++i;
    } else if (line == "<<<<") {
      if (mutants.empty()) fail(i, "an edit before any mutant");
      ++i;
      std::string find = block_until(lines, i, "====", kernel);
      std::string replace = block_until(lines, i, ">>>>", kernel);
      if (find.empty()) fail(i, "an edit with nothing to find");
      mutants.back().edits.emplace_back(std::move(find), std::move(replace));
    } else if (line.empty() || line[0] == '#') {
      ++i;
    } else {
      fail(i, "expected `## name: description`, `variant:`, `<<<<`, a comment or an empty line");
    }
  }
  for (const Mutant& m : mutants)
    if (m.edits.empty()) throw std::logic_error("mutant " + m.name + " of " + std::string(kernel) + " has no edit");
  return mutants;
}

std::vector<Mutant> kernel_mutants(std::string_view kernel) {
  const auto text = util::embedded_asset("render/kernels/mutants/" + std::string(kernel) + ".txt");
  return text ? parse_mutants(kernel, *text) : std::vector<Mutant>{};
}

std::string apply_mutant(std::string source, const Mutant& mutant) {
  for (const auto& [find, replace] : mutant.edits) {
    const auto at = source.find(find);
    if (at == std::string::npos || source.find(find, at + 1) != std::string::npos)
      throw std::invalid_argument("mutant " + mutant.name + " of " + mutant.kernel + ": the text to replace occurs " +
                                  (at == std::string::npos ? "nowhere" : "more than once") + ": " +
                                  find.substr(0, find.find('\n')));
    source.replace(at, find.size(), replace);
  }
  return source;
}

}  // namespace anth::render::kernels
