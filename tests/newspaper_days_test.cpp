// The publishing-day rules of a newspaper run, as library calls (book/daily.hpp): ratings that do
// not fall through the week, the day after a date, and the website's daily JSON file.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "book/daily.hpp"
#include "core/codec.hpp"
#include "grader/grader.hpp"

namespace {

gp::gen::Request band(double lo, double hi) {
  gp::gen::Request r;
  r.rating = gp::grader::RatingRange{lo, hi, lo > 0};
  return r;
}

gp::Puzzle rated(double rating, std::uint64_t seed) {
  gp::Puzzle p;
  p.rating = rating;
  p.seed = seed;
  return p;
}

std::vector<double> ratings(const std::vector<gp::Puzzle>& puzzles) {
  std::vector<double> out;
  for (const auto& p : puzzles) out.push_back(p.rating);
  return out;
}

std::vector<std::uint64_t> seeds(const std::vector<gp::Puzzle>& puzzles) {
  std::vector<std::uint64_t> out;
  for (const auto& p : puzzles) out.push_back(p.seed);
  return out;
}

}  // namespace

TEST_CASE("days in a row with the same request take their puzzles in order of rating") {
  const auto easy = band(0, 1.5), medium = band(1.5, 2.5), hard = band(2.5, 4.0), expert = band(4.0, 6.0);
  // A week as the generator made it: Tuesday below Monday, Thursday below Wednesday, Saturday
  // below Friday.
  const std::vector<gp::gen::Request> week{easy, easy, medium, medium, hard, hard, expert};
  std::vector<gp::Puzzle> days{rated(1.5, 1), rated(1.2, 2), rated(2.5, 3), rated(2.0, 4),
                               rated(3.4, 5), rated(2.8, 6), rated(4.4, 7)};
  CHECK(gp::book::rating_falls(days) == 3);
  gp::book::rise_by_rating(week, days);
  CHECK(gp::book::rating_falls(days) == 0);
  CHECK(ratings(days) == std::vector<double>{1.2, 1.5, 2.0, 2.5, 2.8, 3.4, 4.4});
  // Each puzzle stays within its own band's days.
  CHECK(seeds(days) == std::vector<std::uint64_t>{2, 1, 4, 3, 6, 5, 7});

  // Equal ratings keep their day order; a stretch already rising is left alone.
  std::vector<gp::Puzzle> ties{rated(1.2, 1), rated(1.2, 2), rated(1.5, 3)};
  gp::book::rise_by_rating({easy, easy, easy}, ties);
  CHECK(seeds(ties) == std::vector<std::uint64_t>{1, 2, 3});

  // Days with different requests never exchange puzzles, even when that leaves a fall (bands
  // the spec made fall); nor do days of one request that are not next to each other.
  std::vector<gp::Puzzle> falling{rated(3.0, 1), rated(1.2, 2), rated(1.5, 3), rated(3.4, 4)};
  gp::book::rise_by_rating({hard, easy, easy, hard}, falling);
  CHECK(seeds(falling) == std::vector<std::uint64_t>{1, 2, 3, 4});
  CHECK(gp::book::rating_falls(falling) == 1);
}

namespace {

// A day's request as the newspaper run makes it: a default band by name and its range.
gp::gen::Request named(const char* name, double lo, double hi) {
  gp::gen::Request r = band(lo, hi);
  r.difficulty = name;
  return r;
}

std::vector<gp::gen::Request> default_week() {
  return {named("easy", 0, 1.5),   named("easy", 0, 1.5), named("medium", 1.5, 2.5), named("medium", 1.5, 2.5),
          named("hard", 2.5, 4.0), named("hard", 2.5, 4.0), named("expert", 4.0, 6.0)};
}

gp::spec::BookSpec week_spec(const std::vector<std::string>& weekdays) {
  gp::spec::BookSpec spec;
  spec.newspaper.enabled = true;
  for (const std::string& wd : weekdays) {
    gp::spec::SectionSpec s;
    s.weekday = wd;
    spec.sections.push_back(s);
  }
  return spec;
}

std::string text(const gp::grader::RatingRange& r) {
  return (r.lo_exclusive ? "(" : "[") + std::to_string(r.lo).substr(0, 3) + "," + std::to_string(r.hi).substr(0, 3) + "]";
}

}  // namespace

TEST_CASE("the default week: a rating slice of its band for each weekday, each above the day before") {
  const std::vector<std::string> names{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
  const gp::spec::BookSpec spec = week_spec(names);
  std::vector<gp::gen::Request> week = default_week();
  gp::book::ramp_by_weekday(spec, week);
  std::vector<std::string> got;
  for (const auto& r : week) got.push_back(text(*r.rating));
  CHECK(got == std::vector<std::string>{"[0.0,1.2]", "(1.2,1.5]", "(1.5,2.0]", "(2.0,2.5]", "(2.5,2.8]",
                                        "(2.8,4.0]", "(4.0,6.0]"});
  // Disjoint and ascending: any puzzle of a day rates above any puzzle of the day before.
  for (std::size_t d = 1; d < week.size(); ++d) {
    CHECK(week[d].rating->lo >= week[d - 1].rating->hi);
    CHECK(week[d].rating->lo_exclusive);
  }

  // A run that starts on a Wednesday gives each weekday the same slice as a week from Monday.
  const gp::spec::BookSpec from_wednesday =
      week_spec({"Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday"});
  std::vector<gp::gen::Request> rotated = default_week();
  std::rotate(rotated.begin(), rotated.begin() + 2, rotated.end());
  gp::book::ramp_by_weekday(from_wednesday, rotated);
  CHECK(text(*rotated[0].rating) == "(1.5,2.0]");
  CHECK(text(*rotated[5].rating) == "[0.0,1.2]");
  CHECK(text(*rotated[6].rating) == "(1.2,1.5]");
}

TEST_CASE("weekdays outside the slices keep their whole band") {
  const gp::spec::BookSpec spec =
      week_spec({"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"});
  std::vector<gp::gen::Request> week = default_week();
  week[1].shape = gp::Shape{2, 3};               // a 6x6 Tuesday: the slices are measured on 8x8 and 9x9 only
  week[5].variant = gp::Variant::kKiller;        // a killer Saturday rates on its own scale
  week[6].rating = gp::grader::RatingRange{4.0, 5.0, true};  // a range of the spec's own
  gp::book::ramp_by_weekday(spec, week);
  CHECK(text(*week[0].rating) == "[0.0,1.2]");   // Monday still takes the lower easy slice
  CHECK(text(*week[1].rating) == "[0.0,1.5]");
  CHECK(text(*week[4].rating) == "(2.5,2.8]");
  CHECK(text(*week[5].rating) == "(2.5,4.0]");
  CHECK(text(*week[6].rating) == "(4.0,5.0]");

  // Three easy days share the band's two slices in order; a lone easy day takes the whole band.
  gp::spec::BookSpec three = week_spec({"Monday", "Tuesday", "Wednesday", "Thursday"});
  three.newspaper.weekday_difficulty["wednesday"] = "easy";
  std::vector<gp::gen::Request> days{named("easy", 0, 1.5), named("easy", 0, 1.5), named("easy", 0, 1.5),
                                     named("medium", 1.5, 2.5)};
  gp::book::ramp_by_weekday(three, days);
  CHECK(text(*days[0].rating) == "[0.0,1.2]");
  CHECK(text(*days[1].rating) == "[0.0,1.2]");
  CHECK(text(*days[2].rating) == "(1.2,1.5]");
  CHECK(text(*days[3].rating) == "(1.5,2.5]");  // Thursday alone in medium now
  // One band every day: a paper of one difficulty, no slices.
  gp::spec::BookSpec flat = week_spec({"Sunday", "Monday"});
  for (auto& [day, name] : flat.newspaper.weekday_difficulty) name = "medium";
  std::vector<gp::gen::Request> two{named("medium", 1.5, 2.5), named("medium", 1.5, 2.5)};
  gp::book::ramp_by_weekday(flat, two);
  CHECK(text(*two[0].rating) == "(1.5,2.5]");
  CHECK(text(*two[1].rating) == "(1.5,2.5]");
  CHECK(gp::book::ramp_slice(named("easy", 0, 1.5), 0, 1) == std::nullopt);
  CHECK(gp::book::ramp_slice(named("tough", 3.0, 4.0), 0, 2) == std::nullopt);  // not a default band
}

TEST_CASE("two requests are the same when every field that shapes the puzzle is") {
  const auto easy = band(0, 1.5);
  CHECK(gp::book::same_request(easy, easy));
  CHECK_FALSE(gp::book::same_request(easy, band(1.5, 2.5)));
  CHECK_FALSE(gp::book::same_request(easy, gp::gen::Request{}));  // no rating range at all
  auto other = easy;
  other.clues_min = other.clues_max = 26;
  CHECK_FALSE(gp::book::same_request(easy, other));
  other = easy;
  other.symmetry = "rotate180";
  CHECK_FALSE(gp::book::same_request(easy, other));
  other = easy;
  other.shape = gp::Shape{2, 3};
  CHECK_FALSE(gp::book::same_request(easy, other));
  other = easy;
  other.budget_seconds = 5;  // how long to try is not what to make
  CHECK(gp::book::same_request(easy, other));
}

TEST_CASE("the day after a date, across months, years and leap days") {
  CHECK(gp::book::day_after("2026-03-02") == "2026-03-03");
  CHECK(gp::book::day_after("2026-02-28") == "2026-03-01");
  CHECK(gp::book::day_after("2028-02-28") == "2028-02-29");
  CHECK(gp::book::day_after("2026-12-31") == "2027-01-01");
  CHECK(gp::book::day_after("2026-02-30").empty());
  CHECK(gp::book::day_after("soon").empty());
}

TEST_CASE("the website's daily file holds the puzzle, its solution, number, date and rating") {
  gp::Puzzle p;
  auto givens = gp::parse_line("1...............");
  auto solution = gp::parse_line("1234341221434321");
  REQUIRE(givens);
  REQUIRE(solution);
  p.givens = *givens;
  p.solution = *solution;
  p.rating = 1.2000001;
  p.label = "easy";
  gp::book::FeedDay day;
  day.title = "The Daily Grid";
  day.number = 1201;
  day.date = "2026-03-02";
  day.weekday = "Monday";
  day.solution_date = "2026-03-03";
  day.caption = "No. 1201";
  day.stars = 1;
  CHECK(gp::book::feed_text(day, p) ==
        "{\n"
        "  \"format\": \"gridpress-daily\",\n"
        "  \"version\": 1,\n"
        "  \"title\": \"The Daily Grid\",\n"
        "  \"number\": 1201,\n"
        "  \"date\": \"2026-03-02\",\n"
        "  \"weekday\": \"Monday\",\n"
        "  \"grid\": \"4x4\",\n"
        "  \"variant\": \"classic\",\n"
        "  \"label\": \"easy\",\n"
        "  \"rating\": 1.2,\n"
        "  \"stars\": 1,\n"
        "  \"clues\": 1,\n"
        "  \"puzzle\": \"1...............\",\n"
        "  \"solution\": \"1234341221434321\",\n"
        "  \"solution_date\": \"2026-03-03\",\n"
        "  \"caption\": \"No. 1201\"\n"
        "}\n");
}

TEST_CASE("the daily file of a killer, jigsaw or samurai day carries its variant and its rule data") {
  gp::book::FeedDay day;
  day.title = "The Daily Grid";
  day.number = 7;
  day.date = "2026-03-02";
  day.weekday = "Monday";
  day.solution_date = "2026-03-02";
  day.caption = "No. 7";
  day.stars = 2;
  auto solution = gp::parse_line("1234341221434321");
  REQUIRE(solution);

  // Killer: the cages as generate --format json writes them; the puzzle has no givens.
  auto cages = gp::parse_cages("0+1=3;2+3=7;4+8=5;5+6=5;7+11=5;9+10=5;12+13=7;14+15=3", 16);
  REQUIRE(cages);
  auto killer = gp::killer_board(gp::Shape{2, 2}, *cages);
  REQUIRE(killer);
  gp::Puzzle k;
  k.givens = gp::Grid(*killer);
  k.solution = gp::Grid(*killer);
  k.solution.cells = solution->cells;
  k.rating = 2.5;
  k.label = "medium";
  const std::string text = gp::book::feed_text(day, k);
  CHECK(text.find("  \"grid\": \"4x4\",\n  \"variant\": \"killer\",\n") != std::string::npos);
  CHECK(text.find("  \"puzzle\": \"................\",\n"
                  "  \"cages\": [\n"
                  "    {\n"
                  "      \"sum\": 3,\n"
                  "      \"cells\": [\n"
                  "        0,\n"
                  "        1\n"
                  "      ]\n"
                  "    },\n") != std::string::npos);
  const nlohmann::json feed = nlohmann::json::parse(text);
  REQUIRE(feed["cages"].size() == 8);
  CHECK(feed["cages"][5] == nlohmann::json({{"sum", 5}, {"cells", {9, 10}}}));
  CHECK(feed["clues"] == 0);
  CHECK(feed["solution"] == "1234341221434321");
  CHECK_FALSE(feed.contains("regions"));

  // Jigsaw: the region map.
  auto region = gp::parse_regions("1122112233443344", 4);
  REQUIRE(region);
  auto jigsaw = gp::jigsaw_board(gp::Shape{2, 2}, *region);
  REQUIRE(jigsaw);
  gp::Puzzle j;
  j.givens = gp::Grid(*jigsaw);
  j.givens.cells = gp::parse_line("1...............")->cells;
  j.solution = gp::Grid(*jigsaw);
  j.solution.cells = solution->cells;
  const nlohmann::json jf = nlohmann::json::parse(gp::book::feed_text(day, j));
  CHECK(jf["variant"] == "jigsaw");
  CHECK(jf["regions"] == "1122112233443344");
  CHECK_FALSE(jf.contains("cages"));

  // Samurai: the whole board, 441 characters ('#' off the board).
  gp::Puzzle s;
  s.givens = gp::Grid(gp::samurai_board());
  s.solution = s.givens;
  const nlohmann::json sf = nlohmann::json::parse(gp::book::feed_text(day, s));
  CHECK(sf["variant"] == "samurai");
  CHECK(sf["puzzle"].get<std::string>().size() == 441);
  CHECK(sf["puzzle"] == gp::format_line(s.givens));
}
