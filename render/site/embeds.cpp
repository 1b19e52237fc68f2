#include "render/site/embeds.h"

#include <algorithm>
#include <array>
#include <set>

#include "core/graph/link_path.h"
#include "core/util/case_fold.h"
#include "core/util/contained_file.h"
#include "render/site/html.h"

namespace anth::render::site {

namespace {

enum class Media { Image, Audio, Video, Other };

Media media_of(std::string_view path) {
  static constexpr std::array<std::string_view, 9> images = {"png", "jpg", "jpeg", "gif", "bmp", "webp", "avif", "ico", "svg"};
  static constexpr std::array<std::string_view, 6> audio = {"mp3", "wav", "ogg", "m4a", "flac", "3gp"};
  static constexpr std::array<std::string_view, 5> video = {"mp4", "webm", "ogv", "mov", "mkv"};
  std::size_t dot = path.find_last_of('.');
  if (dot == std::string_view::npos) return Media::Other;
  std::string ext = util::fold_case(path.substr(dot + 1));
  auto in = [&](const auto& list) { return std::find(list.begin(), list.end(), ext) != list.end(); };
  return in(images) ? Media::Image : in(audio) ? Media::Audio : in(video) ? Media::Video : Media::Other;
}

void append_size(std::string& out, const BodyLink& link) {
  if (link.width > 0) out.append(" width=\"").append(std::to_string(link.width)).append("\"");
  if (link.height > 0) out.append(" height=\"").append(std::to_string(link.height)).append("\"");
}

// Where the tag that holds `at` opens: the last '<' before it.
std::size_t tag_start(std::string_view html, std::size_t at) { return html.rfind('<', at); }

// The element opening at `open` through its closing tag, counting nested elements of its name.
std::string_view whole_element(std::string_view html, std::size_t open) {
  std::size_t name_end = html.find_first_of(" >", open + 1);
  if (name_end == std::string_view::npos) return {};
  std::string name(html.substr(open + 1, name_end - open - 1));
  std::string opening = "<" + name, closing = "</" + name + ">";
  int depth = 0;
  for (std::size_t at = open; at < html.size();) {
    std::size_t next_open = html.find(opening, at), next_close = html.find(closing, at);
    if (next_close == std::string_view::npos) return html.substr(open);
    if (next_open != std::string_view::npos && next_open < next_close) {
      char after = next_open + opening.size() < html.size() ? html[next_open + opening.size()] : '>';
      if (after == ' ' || after == '>') ++depth;
      at = next_open + opening.size();
      continue;
    }
    if (--depth == 0) return html.substr(open, next_close + closing.size() - open);
    at = next_close + closing.size();
  }
  return html.substr(open);
}

}  // namespace

std::string attachment_file(std::string_view vault_path) { return "attachments/" + std::string(vault_path); }

std::string attachment_href(std::string_view vault_path) { return percent_encode(attachment_file(vault_path)); }

void append_attachment_embed(std::string& out, const BodyLink& link, std::string_view shown) {
  std::string href = attachment_href(link.attachment);
  switch (media_of(link.attachment)) {
    case Media::Image:
      out.append("<img class=\"embed-image\" src=\"").append(href).append("\" alt=\"").append(shown).append("\"");
      append_size(out, link);
      out.append(" loading=\"lazy\">");
      return;
    case Media::Audio:
      out.append("<audio class=\"embed-audio\" controls preload=\"metadata\" src=\"").append(href).append("\" title=\"");
      out.append(shown).append("\"></audio>");
      return;
    case Media::Video:
      out.append("<video class=\"embed-video\" controls preload=\"metadata\" src=\"").append(href).append("\" title=\"");
      out.append(shown).append("\"");
      append_size(out, link);
      out.append("></video>");
      return;
    case Media::Other:
      out.append("<a class=\"embed-file\" href=\"").append(href).append("\">").append(shown).append("</a>");
      return;
  }
}

std::string_view embedded_part(std::string_view html, std::string_view anchor) {
  if (anchor.empty()) return html;
  std::string id = " id=\"" + std::string(anchor) + "\"";
  std::size_t at = html.find(id);
  if (at == std::string_view::npos) return {};
  std::size_t open = tag_start(html, at);
  if (open == std::string_view::npos) return {};
  // A heading "<hN id=...>": its section runs to the next heading of level N or above.
  if (open + 2 < html.size() && html[open + 1] == 'h' && html[open + 2] >= '1' && html[open + 2] <= '6' &&
      html.compare(open + 3, 1, " ") == 0) {
    char level = html[open + 2];
    for (std::size_t next = html.find("<h", open + 3); next != std::string_view::npos; next = html.find("<h", next + 2))
      if (next + 2 < html.size() && html[next + 2] >= '1' && html[next + 2] <= level &&
          (html.compare(next + 3, 1, " ") == 0 || html.compare(next + 3, 1, ">") == 0))
        return html.substr(open, next - open);
    return html.substr(open);
  }
  return whole_element(html, open);
}

bool copy_attachments(const Corpus& corpus, std::uint64_t max_bytes, const FileSink& sink) {
  std::set<std::string_view> wanted;
  for (const Note& n : corpus.notes)
    if (n.in_graph)
      for (const BodyLink& l : n.rendered.links)
        if (!l.attachment.empty()) wanted.insert(l.attachment);
  if (wanted.empty()) return true;
  const std::filesystem::path root = util::real_root(corpus.root);
  for (std::string_view path : wanted) {
    auto bytes = util::read_inside(root, std::string(path), max_bytes);
    if (!bytes || bytes->size() > max_bytes) continue;  // refused at ingest already (S008), or changed since
    if (!sink(attachment_file(path), std::move(*bytes))) return false;
  }
  return true;
}

}  // namespace anth::render::site
