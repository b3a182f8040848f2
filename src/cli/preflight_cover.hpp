// `gridpress preflight COVER.pdf --cover --pages N --paper white|cream [--trim 6x9]`: a finished
// full-wrap cover checked for its size (two trims + the spine for N pages on that paper + 0.125 in
// bleed all round), its fonts and text safety (layout::cover_geometry's safe boxes and barcode
// area). Without --trim the trim is worked out from the cover's size and must be a KDP trim.
#pragma once

#include <iosfwd>
#include <string>

#include "cli/preflight.hpp"

namespace gp::cli {

struct CoverPreflightOptions {
  bool cover = false;           // FILE is a full-wrap cover
  int pages = 0;                // the interior's page count (the spine's width)
  std::string paper = "white";  // "white" | "cream"
};

// Checks and prints as preflight_pdf_file does ("preflight: passed (1 page, 12.6x9.25 in; 6x9 in
// trim, 0.338 in spine)"). Exit code: 0 passed (or problems without strict), 1 problems with
// options.strict, 2 bad options (no --pages, a bad --trim) or a file that cannot be read.
int preflight_cover_file(const std::string& path, const PreflightOptions& options, const CoverPreflightOptions& cover,
                         std::ostream& out, std::ostream& err);

}  // namespace gp::cli
