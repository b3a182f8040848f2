// What the book-making commands share (book, newspaper runs, preflight of a spec): turning a
// spec's sections into generator requests, checking them and the theme fonts.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/difficulty.hpp"
#include "core/puzzle_store.hpp"
#include "core/result.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// The spec's bands (label -> SE range) as the grader's ordered list, maxima ascending, each band with
// its own floor (grader::Band::min). The last band keeps its cap unless it reaches 12.0 (the top of
// the scale): then it is open-ended. An empty map gives the default bands.
grader::Bands make_bands(const spec::BookSpec& spec);

// The generator request for section `s` (checked with gen::check_request). Errors are diagnostics
// at the section's key in the spec ("clues", "symmetry", "fill", "difficulty").
// Requires: 0 <= s < spec.sections.size().
Result<gen::Request> make_request(const spec::BookSpec& spec, int s);

// The checks every run makes before generating: appends each section's request (make_request) to
// `requests` in section order, and every problem to `problems`: the sections' diagnostics, then one
// per theme font that is not installed, at the key the spec names it by ("FILE: theme.font: font
// 'X' is not installed (fontconfig would use 'Y' instead)"; a family named by several keys is
// checked once, under the first). theme.title_font is checked only when `title_font` is true (books
// use it for titles, headings and the cover; single-puzzle files never draw it).
void check_sections(const spec::BookSpec& spec, bool title_font, std::vector<gen::Request>& requests,
                    std::vector<Diagnostic>& problems);

// Generates section `s` of the book (stream = s, graded for labels) into a compact store. The
// puzzles are made in chunks of at most kSectionChunk, so memory holds one chunk of full Puzzles
// at a time however long the section; the result is the same as one batch. `seen` holds the
// canonical forms of the book's earlier puzzles (none is repeated) and receives this section's.
// `progress(done, total)` is called as puzzles are made. `excluded` (may be empty) names more
// puzzles to avoid (a catalogue, excluded files). Errors: the generator's (gave up,
// too few distinct puzzles), prefixed with how many of the section's puzzles were made before.
// With `spread: even` (8x8 and 9x9 sections with a rating target) the puzzles are dealt in turn to
// the slices of spread_slices, each made as a batch with stream s + (slice + 1) * 2^32; with
// `order: rating` they are sorted easiest first (stable). `out_of_budget` not null: running out of
// budget keeps the puzzles made so far (fewer than the section's count) and stores the error there.
// `grade` false: unrated sections are not graded here (the caller grades them with
// gen::grade_into, e.g. beside the rendering; the puzzles are the same either way).
inline constexpr int kSectionChunk = 1000;
Result<PuzzleStore> generate_section(const spec::BookSpec& spec, int s, const gen::Request& request, int jobs,
                                     std::unordered_set<std::string>& seen,
                                     const std::function<void(int done, int total)>& progress = {},
                                     Error* out_of_budget = nullptr,
                                     const std::function<bool(const std::string&)>& excluded = {},
                                     bool grade = true);

// The clue range `clues: auto` gives a section (core/difficulty.hpp, or the band's own `clues`);
// nullopt = whatever digging reaches.
std::optional<ClueRange> auto_clues(const spec::BookSpec& spec, const spec::SectionSpec& sec);

// Whether `r` asks for one of the default bands exactly (its name and its default range): only
// those have measured cuts (core/difficulty.hpp default_spread_cuts).
bool default_band(const gen::Request& r);

// The rating slices an even spread deals a section's puzzles to (docs/difficulty.md): the default
// bands' measured cuts, thirds of any other range (up to 9.0) at least 0.9 wide; empty when the
// section has no rating target, `spread: any`, fewer puzzles than slices, or a grid other than
// 8x8 and 9x9.
std::vector<grader::RatingRange> spread_slices(const spec::SectionSpec& sec, const gen::Request& r);
// The same for `count` puzzles of request `r` with spread `spread` ("even" or "any"): what
// `gridpress generate --spread` deals its run to.
std::vector<grader::RatingRange> spread_slices(const std::string& spread, int count, const gen::Request& r);

}  // namespace gp::book
