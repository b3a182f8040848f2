// Limits on what a spec may ask for, and the checks that enforce them. Each check is a small
// function of a plain value (no YAML), so any reader of spec keys can call it; the loader reports
// a problem at the key's place ("spec.yaml:3:8: title: ..."). The figures are in docs/spec.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace gp::spec {

// A spec or profile file is read whole; larger files are refused before parsing.
inline constexpr std::size_t kMaxSpecBytes = 1 << 20;  // 1 MiB
// Text keys, in characters (Unicode code points): a short one (title, author, a section name, a
// caption, a label, a font) is one line on a page; a long one (front_matter.notice,
// cover.back_text) is a paragraph or two. File names: the system's PATH_MAX.
inline constexpr std::size_t kMaxShortText = 500;
inline constexpr std::size_t kMaxLongText = 5000;
inline constexpr std::size_t kMaxPathText = 4096;
// The largest page side: 200 in = 14,400 pt, the PDF limit (ISO 32000 annex C) that readers
// enforce; 5080 mm.
inline constexpr double kMaxPageMm = 5080.0;
// The most puzzles one run makes: over all sections, each class list name counting its sections
// again (a section's own `count` is capped at the same figure). Pages follow from it (at most a
// page per puzzle and one per answer, besides the front and back matter), and so do the work and
// memory of a run: a larger spec is refused by `gridpress spec` and `book` before any work.
inline constexpr long long kMaxPuzzlesPerRun = 100000;

// Pictures (cover.image, and every PNG or JPEG an SVG cover image draws, embedded or beside it):
// a file of at most 64 MiB; a raster picture of at most 30,000 pixels a side and 60 million
// pixels in all (240 MB once decoded); an SVG's pictures together at most 60 million pixels.
inline constexpr std::uint64_t kMaxImageBytes = std::uint64_t{64} << 20;
inline constexpr std::int64_t kMaxImageSide = 30000;
inline constexpr std::int64_t kMaxImagePixels = 60'000'000;

// What is wrong with the picture file at `path` (a PNG, or an SVG by its extension), or nothing:
// "cannot read 'X': no such file or no permission", "'X' is a FIFO, not a picture file" (never
// opened, so never waited on), "'X' is 80 MiB; a picture file may be at most 64 MiB", "'X' is not
// a PNG file", "'X' is 40000 x 40000 pixels; a picture may have at most 30000 pixels a side and 60
// million in all". An SVG is read as text: every picture it draws from outside itself (href,
// url(...)) must be a PNG or JPEG within the same caps, embedded (data:) or in a file; another
// SVG, a web address, a stylesheet @import are refused ("'art.svg' refers to 'http://...', which
// is not a file beside it").
std::optional<std::string> image_problem(const std::string& path);

// The character limit for the text key at `key_path` ("title", "front_matter.notice",
// "sections[2].name"): kMaxLongText for notice and back_text, kMaxPathText for path and profile
// keys, kMaxShortText otherwise.
std::size_t max_text_length(std::string_view key_path);

// What is wrong with `value` as text of at most `max_chars` characters, or nothing. Problems:
// "contains a NUL character (byte 7)", "is not valid UTF-8 (byte 7)", "contains the control
// character U+0007 (byte 7)" (tab, line feed and carriage return are allowed), "is 100000
// characters long; at most 500 are allowed".
std::optional<std::string> text_problem(std::string_view value, std::size_t max_chars);

// What is wrong with `mm` as a page side (a page size, or the page with its bleed), or nothing:
// "is 1e+300 mm; a PDF page is at most 5080 mm (200 in, 14,400 pt)".
std::optional<std::string> page_side_problem(double mm);

// Reads a spec or profile file whole. Only a regular file is read: a folder, a FIFO, a device
// or a socket is refused without opening it for reading (a FIFO would block), as is a file over
// kMaxSpecBytes. Errors (Diagnostic on `path`): "cannot read the spec file (No such file or
// directory)", "is a folder, not a spec file", "is a FIFO, not a regular file",
// "is 1073741824 bytes; a spec file is at most 1048576 bytes (1 MiB)". "-" reads standard input
// (any kind of file, up to the same cap; errors name "<stdin>").
Result<std::string> read_spec_text(const std::string& path, std::string_view what = "spec");

}  // namespace gp::spec
