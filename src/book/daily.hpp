// What a newspaper's publishing days ask of a run, apart from drawing the files: ratings that rise
// through the week, the day a solution runs, and the website's daily JSON file. See
// docs/newspaper.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "generator/generator.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// True when two days ask for the same puzzles: the same grid, variant, clue range, symmetry, fill,
// minimality and rating range (so either day's puzzle would do for the other).
bool same_request(const gen::Request& a, const gen::Request& b);

// The seven-step weekly ramp: gives each day the rating slice of its band that its weekday has.
// A stretch of k consecutive weekdays (Monday .. Sunday, not wrapping) with the same band
// (newspaper.weekday_difficulty, or a newspaper.weekdays entry's own difficulty) shares the band
// out: with the band's default cuts (core/difficulty.hpp default_spread_cuts) c1 < c2 < ..., the
// first of two days gets lo..c1 and the second c1..hi; three days get the three slices of a band
// with two cuts; more days than slices share them in order (day j of k takes slice j*m/k). A band
// given for all seven weekdays is a paper of one difficulty: its days keep the whole band (one
// request, so the order by rating spans the run).
// So by default (Mon/Tue easy, Wed/Thu medium, Fri/Sat hard, Sun expert) every weekday has a
// rating range of its own, each above the day before's: ratings rise strictly Monday to Sunday.
// Applies to a request whose band is a default band with its default range, on an 8x8 or 9x9
// grid, and not killer or samurai (the slices are measured there: docs/difficulty.md); other days
// keep their whole band. `requests[d]` is the request of spec.sections[d].
void ramp_by_weekday(const spec::BookSpec& spec, std::vector<gen::Request>& requests);

// The rating range of slice j of k of the band of `r` (see ramp_by_weekday); nullopt when the
// request keeps its whole band.
std::optional<grader::RatingRange> ramp_slice(const gen::Request& r, int j, int k);

// Orders the puzzles of a run (one per day, in day order, `requests[d]` made `puzzles[d]`) so that
// ratings do not fall from one day to the next where the requests allow it: within each stretch
// of consecutive days with the same request, the stretch's puzzles are sorted by rating (equal
// ratings keep their day order). A day never gets a puzzle made for another request, so every
// day stays in its own band; bands that rise through the week (the default weekday_difficulty)
// then give ratings that never fall. Deterministic: it depends only on the puzzles' ratings.
// Requires: requests.size() == puzzles.size().
void rise_by_rating(const std::vector<gen::Request>& requests, std::vector<Puzzle>& puzzles);

// The number of days rated below the day before (0 for a run whose ratings never fall).
int rating_falls(const std::vector<Puzzle>& puzzles);

// The ISO date ("YYYY-MM-DD") of the day after `iso_date`; "" when it does not parse.
std::string day_after(const std::string& iso_date);

// One day of the website feed (newspaper.feed_file_name): what the JSON file says.
struct FeedDay {
  std::string title;          // the spec's title (the paper's name for the puzzle)
  int number = 0;             // the printed number
  std::string date;           // the day the puzzle runs, YYYY-MM-DD
  std::string weekday;        // in newspaper.locale
  std::string solution_date;  // the day the solution runs (the same day, or the next)
  std::string caption;        // the expanded newspaper.caption
  int stars = 0;              // the band's rank, as {stars}
};

// The feed file of one day: a JSON object, keys in this order: format ("gridpress-daily"),
// version (1), title, number, date, weekday, grid ("9x9"), variant ("classic", "killer", ...),
// label, rating (one decimal), stars, clues, puzzle (the givens, n*n characters row by row, '.'
// for an empty cell; samurai: the 441 characters of its board, '#' off the board), then a jigsaw
// puzzle's regions (core/codec.hpp format_regions) or a killer puzzle's cages ([{"sum": S,
// "cells": [...]}], as generate --format json), solution, solution_date, caption. Ends with a
// newline.
std::string feed_text(const FeedDay& day, const Puzzle& puzzle);

}  // namespace gp::book
