// Rewrites a PDF whose colours are all greys (R = G = B) so that its content uses DeviceGray only:
// printed on a black plate, with no ink on the cyan, magenta and yellow plates (newspapers).
// Cairo writes every colour as DeviceRGB ("0 0 0 rg") on pages that are transparency groups
// blended in DeviceRGB; this turns each grey "r r r rg" / "RG" into "r g" / "G" in the pages'
// content streams and their Form XObjects, and the groups' blending space into DeviceGray.
#pragma once

#include <string>
#include <string_view>

#include "core/result.hpp"

namespace gp::pdfcheck {

// Returns the rewritten PDF. The same input gives the same bytes (deterministic /ID); metadata
// (the /Info dictionary with its dates) is kept.
// Errors (nothing to write): a colour that is not a grey ("page 2: a colour that is not grey
// (0 0.5 1 rg): it cannot be printed on the black plate alone"), any other colour operator or
// colour space (cs, sc, scn, k, images in colour), or a PDF qpdf cannot read.
Result<std::string> to_device_gray(std::string_view pdf);

}  // namespace gp::pdfcheck
