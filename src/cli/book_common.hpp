// What the book-making commands share (book, newspaper runs, preflight of a spec): turning a
// spec's sections into generator requests.
#pragma once

#include "core/result.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "spec/book_spec.hpp"

namespace gp::cli {

// The spec's bands (label -> SE range) as the grader's ordered list; the last is open-ended.
// An empty map gives the default bands.
grader::Bands make_bands(const spec::BookSpec& spec);

// The generator request for section `s` (checked with gen::check_request). Errors are diagnostics
// at the section's key in the spec ("clues", "symmetry", "fill", "difficulty").
// Requires: 0 <= s < spec.sections.size().
Result<gen::Request> make_request(const spec::BookSpec& spec, int s);

}  // namespace gp::cli
