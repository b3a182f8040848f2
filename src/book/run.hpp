// The book pipeline shared by `gridpress book` and `gridpress preflight SPEC.yaml`: from a loaded
// spec to the files written and the print findings. It never prints: progress goes to a callback
// and problems come back as values; the commands print them and choose the exit code.
//
// Stages (each hands plain data to the next):
//   1. checks before any work: every section's generator request, the theme fonts, the page plan
//      (layout::plan_book with layout::options_for(spec): KDP margins, gutter from the final page
//      count, a "Notes" page padding an odd book)
//   2. generation, section by section (stream = section index), graded
//   3. layout and rendering page by page into the book (and answer document); with
//      print.rules: kdp every book page passes through layout::Preflight on its way
//   4. the cover (cover.enabled): one full-wrap PDF from layout::lay_out_cover with the final page
//      count, showing cover.sample or a representative puzzle (book/cover.hpp); all documents are
//      drawn into staged files (render::Staging) and finished only after every page is drawn; the
//      staged cover is preflighted (book/cover.hpp check_cover_file), and with print.strict its
//      problems fail the run before the commit
//   5. the manifest (output.manifest), staged too; then the whole group (book, answers, cover,
//      manifest) is renamed into place together, or, if any rename fails, none is
//   With a catalogue (book/record.hpp): it is opened in stage 1 (outputs it lists as published
//   are refused without `force`), generation never picks a puzzle it lists, the picked puzzles
//   are reserved after stage 2, the staged files fingerprinted before the commit and the run
//   recorded after it.
//   6. with print.rules: kdp, the written PDF is checked (fonts embedded, text sizes and line
//      widths in the content streams, no bookmarks or links, page count)
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "book/outcome.hpp"
#include "layout/layout.hpp"
#include "core/result.hpp"
#include "render/canvas.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// Samurai cells smaller than this (mm) draw a warning: too small to write a digit in by hand.
inline constexpr double kMinSamuraiCellMm = 7.0;

struct BookRunOptions {
  int jobs = 0;  // generator threads; 0 = one per core (the output never depends on it)
  // Progress of a stage: what is being done ("generating Warm-up", "rendering pages"), how much of
  // it is done and its total; may be empty.
  std::function<void(const std::string& what, long done, long total)> progress;
  // Run the print checks even when the spec names no print rules (the layout is still the
  // spec's own). preflight_spec sets it.
  bool always_check = false;
  // With a catalogue: replace files it lists as published (else the run is refused).
  bool force = false;
  // For tests: called after the files are committed and before the catalogue records the run (a
  // test may end the process there, to leave a run for the next one to repair).
  std::function<void()> after_commit;
  // A section that runs out of its budget keeps the puzzles made so far: the book is made with
  // them (a section with none is left out) and BookRun::warnings says so. Off: the run fails.
  bool keep_partial = false;
  // book --reprint: rebuild the run the catalogue published at the book's output with exactly its
  // puzzles (a new title, cover or text; docs/catalogue.md "Reprints"). Refused (bad_input) without
  // a catalogue, when it lists no book published there, or when the spec's puzzle-determining keys
  // changed (named). The files of that run may be replaced; the run keeps its puzzles and id.
  bool reprint = false;
};

// What a run wrote and found.
struct BookRun {
  // ok; bad_input: the spec asks for something impossible (nothing was opened); failed:
  // generation or writing failed (no earlier file was replaced).
  Outcome outcome = Outcome::ok;
  Error error;                          // the problems when outcome != ok
  std::string book_path;                // the book (PDF, or the path the page files derive from)
  std::string answers_path;             // the separate answer document, "" = none
  std::string cover_path;               // the cover PDF, "" = none
  std::vector<std::string> files;       // every document file written, book pages first
  // worksheet.split: per_child: each child's file (PDF, or the path its page files derive from),
  // in the class list's order; book_path is then the first of them. Empty = one book file.
  std::vector<std::string> child_files;
  int book_pages = 0, answer_pages = 0, puzzles = 0;
  double trim_width_pt = 0, trim_height_pt = 0;  // the book's trim size
  bool strict = false;                  // the spec's print.strict
  bool preflighted = false;             // print.rules is kdp: the checks below ran
  std::vector<std::string> findings;    // preflight problems, in page order; empty = passed
  // The cover's preflight (book/cover.hpp check_cover_file), run whenever a cover is written;
  // with print.strict its findings fail the run before any file is replaced.
  bool cover_checked = false;
  std::vector<std::string> cover_findings;  // empty = passed
  // For the user: sections cut short (keep_partial: "FILE:LINE:COL: section 'X': kept ..."), a run
  // the catalogue repaired, a reused seed, samurai cells below kMinSamuraiCellMm
  // ("FILE:LINE:COL: sections[2]: samurai cells come out at 6.1 mm ...", at the section's variant).
  std::vector<std::string> warnings;
  int recorded = 0;                     // puzzles recorded in the catalogue
  // A reprint (BookRunOptions::reprint): the published run rebuilt, its title and recording time.
  bool reprinted = false;
  std::string reprint_of, reprint_recorded;
};

// Runs the stages above for `spec` (command-line overrides already applied) in `format`.
// Guarantees: files appear only when complete, all together: on any failure (the final renames
// included) no earlier file is replaced; the findings never stop the book from being written (whether they fail the command is the caller's choice: print.strict).
BookRun run_book_stages(const spec::BookSpec& spec, render::Format format, const BookRunOptions& options);

// Everything `book` checks of a spec before it reads or writes a file or makes a puzzle: each
// section's generator request (gen::check_request: killer difficulties, clue counts, symmetries,
// ...), the theme's fonts, the page plan (captions, cell and digit sizes per section), and with a
// cover its size, its text and cover.sample; the same problems, at the same keys, as `book`
// reports. `gridpress spec` runs it, so that a spec it passes does not fail these in `book`.
// A newspaper run (newspaper.enabled) is not checked here (book/newspaper.hpp has its pipeline).
Status check_spec(const spec::BookSpec& spec);

// Samurai sections whose cells come out below kMinSamuraiCellMm in the plan: one warning each, at
// the section's variant key ("book.yaml:9:14: sections[2]: samurai cells come out at 5.8 mm on this
// page, below the 7 mm a pencilled digit needs: a larger trim ..."). run_book_stages adds them
// to BookRun::warnings.
std::vector<std::string> small_samurai_cells(const spec::BookSpec& spec, const layout::BookPlan& plan);

// What `gridpress book` takes from its command line over the spec.
struct Overrides {
  std::string output;                // -o: replaces output.path ("" = keep)
  std::string format;                // --format: replaces output.format ("" = keep)
  std::optional<std::uint64_t> seed;  // --seed
  std::string catalogue;              // --catalogue: replaces the spec's catalogue ("" = keep)
};

// Applies `o` to `spec` and returns the output format. A new output path without a format takes
// the format from its extension, in any case (-o book.svg or book.SVG means SVG; an extension
// that names no format is an error, a name without one keeps the spec's format), and a cover placed
// by default beside the book follows the book to its new place. Error: an unknown format.
Result<render::Format> apply_overrides(spec::BookSpec& spec, const Overrides& o);

// "book.pdf" -> "book-answers.pdf": the separate answer document.
std::string answers_path(const std::string& book_path);
// "out/book.pdf" -> "out/book-cover.pdf": where the cover goes unless cover.path says otherwise.
std::string default_cover_path(const std::string& book_path);
// worksheet.split: per_child: the file of each child of `names`, beside the book and named by the
// child: "out/class.pdf" + "Zoë O'Neil" -> "out/class-zoe-oneil.pdf" (ascii_slug). A name whose
// slug is empty gets "child-N" (N: its place in the list, from 1); a slug already taken (by a
// child before it, or "answers" and "cover", the names of the class's answers and cover files)
// gets "-2", "-3", ... (the first free one), so the same list always gives the same names.
std::vector<std::string> child_paths(const std::string& book_path, const std::vector<std::string>& names);
// The cover file: cover.path, or default_cover_path(book_path) when it is empty.
std::string cover_path(const spec::BookSpec& spec, const std::string& book_path);

// gridpress preflight SPEC.yaml: builds the book the spec describes as a PDF into a fresh
// temporary folder (never over the user's book; the folder is removed afterwards, so the run's
// paths name files that no longer exist) and returns the run with its findings. The book is laid
// out as `gridpress book` would lay it out; the KDP checks run even when the spec names no print
// rules. No cover and no manifest are made.
BookRun preflight_spec(const std::string& spec_path, const BookRunOptions& options);

}  // namespace gp::book
