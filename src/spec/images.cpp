// Resource caps on the pictures a spec names (limits.hpp: image_problem).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/files.hpp"
#include "spec/limits.hpp"

namespace gp::spec {
namespace {

namespace fs = std::filesystem;

std::string mib(std::uint64_t bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

// The bytes of the picture file at `path`: a regular file (never a FIFO or a device: refused
// before it is opened, and opened without blocking) of at most kMaxImageBytes. `what` names it in
// messages ("'art.png'", "'photo.png', which 'art.svg' refers to").
Result<std::string> read_picture(const std::string& path, const std::string& what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return Error("cannot read " + what + ": no such file or no permission");
  if (!S_ISREG(st.st_mode)) return Error(what + " is " + file_kind(st.st_mode) + ", not a picture file");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxImageBytes)
    return Error(what + " is " + mib(static_cast<std::uint64_t>(st.st_size)) + "; a picture file may be at most " +
                 mib(kMaxImageBytes));
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error("cannot read " + what + ": " + std::strerror(errno));
  std::string bytes;
  std::string problem;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) problem = what + " is not a regular file";
  while (problem.empty()) {
    char buf[1 << 16];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) problem = "cannot read " + what + ": " + std::strerror(errno);
    if (n <= 0) break;
    bytes.append(buf, static_cast<std::size_t>(n));
    if (bytes.size() > kMaxImageBytes) problem = what + " is larger than " + mib(kMaxImageBytes);
  }
  ::close(fd);
  if (!problem.empty()) return Error(problem);
  return bytes;
}

struct Pixels {
  std::int64_t w = 0, h = 0;
};

std::uint32_t be(std::string_view b, std::size_t at, int n) {
  std::uint32_t v = 0;
  for (int k = 0; k < n; ++k) v = v << 8 | static_cast<unsigned char>(b[at + static_cast<std::size_t>(k)]);
  return v;
}

bool is_png(std::string_view b) { return b.starts_with("\x89PNG\r\n\x1a\n"); }
bool is_jpeg(std::string_view b) { return b.size() >= 3 && b.starts_with("\xff\xd8\xff"); }

std::optional<Pixels> png_size(std::string_view b) {
  if (b.size() < 24 || !is_png(b) || b.substr(12, 4) != "IHDR") return std::nullopt;
  return Pixels{be(b, 16, 4), be(b, 20, 4)};
}

// A JPEG's size, from its first start-of-frame segment.
std::optional<Pixels> jpeg_size(std::string_view b) {
  std::size_t i = 2;
  while (i + 4 <= b.size()) {
    if (static_cast<unsigned char>(b[i]) != 0xFF) return std::nullopt;
    const auto m = static_cast<unsigned char>(b[i + 1]);
    if (m == 0xFF) {  // fill byte
      ++i;
      continue;
    }
    if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)) {
      i += 2;
      continue;
    }
    const std::size_t len = be(b, i + 2, 2);
    if (len < 2) return std::nullopt;
    if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) {
      if (i + 9 > b.size()) return std::nullopt;
      return Pixels{be(b, i + 7, 2), be(b, i + 5, 2)};
    }
    i += 2 + len;
  }
  return std::nullopt;
}

// What is wrong with a raster picture's size, or "".
std::string size_problem(const Pixels& p, const std::string& what) {
  if (p.w < 1 || p.h < 1) return what + " has an impossible size (" + std::to_string(p.w) + " x " + std::to_string(p.h) + ")";
  if (p.w > kMaxImageSide || p.h > kMaxImageSide || p.w * p.h > kMaxImagePixels)
    return what + " is " + std::to_string(p.w) + " x " + std::to_string(p.h) + " pixels; a picture may have at most " +
           std::to_string(kMaxImageSide) + " pixels a side and " + std::to_string(kMaxImagePixels / 1000000) +
           " million in all";
  return "";
}

// The size of a PNG or JPEG picture; an error for anything else.
Result<Pixels> raster_size(std::string_view bytes, const std::string& what) {
  std::optional<Pixels> p = is_png(bytes) ? png_size(bytes) : is_jpeg(bytes) ? jpeg_size(bytes) : std::nullopt;
  if (!p) return Error(what + " is not a PNG or JPEG picture gridpress can check");
  if (std::string why = size_problem(*p, what); !why.empty()) return Error(why);
  return *p;
}

std::optional<std::string> base64(std::string_view text) {
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    int v;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    else if (c >= '0' && c <= '9') v = c - '0' + 52;
    else if (c == '+' || c == '-') v = 62;
    else if (c == '/' || c == '_') v = 63;
    else if (c == '=' || c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    else return std::nullopt;
    acc = acc << 6 | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFF);
    }
  }
  return out;
}

// XML character references and URL %XX escapes undone (as librsvg reads an href).
std::string unescape(std::string_view v) {
  std::string xml;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '&') {
      const auto end = v.find(';', i);
      const std::string_view ent = end == std::string_view::npos ? std::string_view() : v.substr(i + 1, end - i - 1);
      const char* rep = ent == "amp" ? "&" : ent == "lt" ? "<" : ent == "gt" ? ">" : ent == "quot" ? "\"" : ent == "apos" ? "'" : nullptr;
      if (rep) {
        xml += rep;
        i = end;
        continue;
      }
    }
    xml += v[i];
  }
  std::string out;
  for (std::size_t i = 0; i < xml.size(); ++i) {
    if (xml[i] == '%' && i + 2 < xml.size() && std::isxdigit(static_cast<unsigned char>(xml[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(xml[i + 2]))) {
      out += static_cast<char>(std::stoi(xml.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += xml[i];
    }
  }
  return out;
}

// Every picture an SVG draws from outside its own elements: href attributes (image, use, feImage,
// pattern ...), url(...) references and CSS @import. Internal references ("#id") are fine; PNG and
// JPEG pictures, embedded (data:) or in files beside it, are checked like a cover image; anything
// else (another SVG, a web address, a stylesheet) is refused, since it could not be checked.
std::string svg_problem(const std::string& path, const std::string& text) {
  const std::string who = "'" + path + "'";
  if (text.find("@import") != std::string::npos) return who + " imports a stylesheet (@import), which gridpress does not allow";
  std::int64_t total = 0;
  const auto check_ref = [&](std::string ref) -> std::string {
    while (!ref.empty() && std::isspace(static_cast<unsigned char>(ref.front()))) ref.erase(ref.begin());
    if (ref.empty() || ref.front() == '#') return "";
    const std::string shown = ref.size() > 60 ? ref.substr(0, 60) + "..." : ref;
    std::string bytes, what = "'" + shown + "', which " + who + " refers to,";
    if (ref.starts_with("data:")) {
      const auto comma = ref.find(',');
      const std::string head = ref.substr(5, comma == std::string::npos ? 0 : comma - 5);
      if (comma == std::string::npos || !head.ends_with(";base64") ||
          !(head.starts_with("image/png") || head.starts_with("image/jpeg") || head.starts_with("image/jpg")))
        return who + " embeds data of type '" + head.substr(0, head.find(';')) +
               "': only PNG and JPEG pictures (base64) may be embedded";
      auto decoded = base64(std::string_view(ref).substr(comma + 1));
      if (!decoded) return who + " embeds a picture that is not valid base64";
      bytes = std::move(*decoded);
      what = "a picture embedded in " + who;
    } else {
      std::string file = ref;
      if (file.starts_with("file://")) file = file.substr(7);
      const auto colon = file.find(':'), slash = file.find('/');
      if (colon != std::string::npos && (slash == std::string::npos || colon < slash))
        return who + " refers to '" + shown + "', which is not a file beside it (gridpress reads no addresses)";
      if (const auto hash = file.find('#'); hash != std::string::npos) file.resize(hash);
      const fs::path p = fs::path(file).is_absolute() ? fs::path(file) : fs::path(path).parent_path() / file;
      auto read = read_picture(p.lexically_normal().string(), what);
      if (!read) return read.error().diagnostics.front().message;
      bytes = std::move(*read);
    }
    auto size = raster_size(bytes, what);
    if (!size) return size.error().diagnostics.front().message;
    total += size->w * size->h;
    if (total > kMaxImagePixels)
      return who + " draws pictures of more than " + std::to_string(kMaxImagePixels / 1000000) +
             " million pixels in all";
    return "";
  };
  // href="..." / xlink:href='...' (any namespace prefix), and url(...).
  for (std::size_t at = text.find("href"); at != std::string::npos; at = text.find("href", at + 4)) {
    std::size_t i = at + 4;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size() || text[i] != '=') continue;
    ++i;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) continue;
    const auto end = text.find(text[i], i + 1);
    if (end == std::string::npos) return who + " has an href that does not end";
    if (std::string why = check_ref(unescape(std::string_view(text).substr(i + 1, end - i - 1))); !why.empty()) return why;
  }
  for (std::size_t at = text.find("url("); at != std::string::npos; at = text.find("url(", at + 4)) {
    const auto end = text.find(')', at);
    if (end == std::string::npos) return who + " has a url( that does not end";
    std::string ref = unescape(std::string_view(text).substr(at + 4, end - at - 4));
    if (!ref.empty() && (ref.front() == '"' || ref.front() == '\'')) ref = ref.substr(1, ref.size() >= 2 ? ref.size() - 2 : 0);
    if (std::string why = check_ref(ref); !why.empty()) return why;
  }
  return "";
}

std::string lower_extension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

std::optional<std::string> image_problem(const std::string& path) {
  const std::string who = "'" + path + "'";
  auto bytes = read_picture(path, who);
  if (!bytes) return bytes.error().diagnostics.front().message;
  if (lower_extension(path) == ".svg") {
    if (std::string why = svg_problem(path, *bytes); !why.empty()) return why;
    return std::nullopt;
  }
  if (!png_size(*bytes)) return who + " is not a PNG file";
  if (std::string why = size_problem(*png_size(*bytes), who); !why.empty()) return why;
  return std::nullopt;
}

}  // namespace gp::spec
