# Command-line smoke tests: run the real binary. gridpress_cli_test(NAME ARGS... [WILL_FAIL] [MATCH regex])
function(gridpress_cli_test name)
  cmake_parse_arguments(ARG "WILL_FAIL" "MATCH" "ARGS" ${ARGN})
  add_test(NAME cli_${name} COMMAND gridpress ${ARG_ARGS} WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  if(ARG_WILL_FAIL)
    set_tests_properties(cli_${name} PROPERTIES WILL_FAIL TRUE)
  endif()
  if(ARG_MATCH)
    set_tests_properties(cli_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${ARG_MATCH}")
  endif()
  set_tests_properties(cli_${name} PROPERTIES LABELS cli)
endfunction()

# gridpress_cli_exit_test(NAME CODE ARGS...): the command must exit with exactly CODE (1: the work
# failed; 2: bad usage or a bad spec), not just non-zero.
function(gridpress_cli_exit_test name code)
  add_test(NAME cli_exit_${name} COMMAND sh -c "\"$0\" \"$@\"; test $? -eq ${code}" $<TARGET_FILE:gridpress> ${ARGN}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(cli_exit_${name} PROPERTIES LABELS cli)
endfunction()

gridpress_cli_exit_test(bad_spec 2 book data/books/bad.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-exit/bad.pdf)
gridpress_cli_exit_test(bad_option 2 generate --grid 7x7)
gridpress_cli_exit_test(missing_spec 2 spec data/no-such-spec.yaml)
gridpress_cli_exit_test(bad_puzzle_line 1 solve data/bad_puzzle_line.txt)
gridpress_cli_exit_test(good_puzzle_line 0 solve data/one_puzzle.txt)

gridpress_cli_test(version ARGS --version MATCH "gridpress 0\\.")
gridpress_cli_test(help ARGS --help MATCH "generate")
gridpress_cli_test(version_short ARGS -V MATCH "^gridpress [0-9]+\\.[0-9]+\\.[0-9]+ \\(commit ([0-9a-f]+|unknown)\\)\n$")
gridpress_cli_test(help_command ARGS help solve MATCH "multiple solutions")
gridpress_cli_test(help_command_unknown ARGS help sovle WILL_FAIL)
gridpress_cli_test(unknown_command ARGS genrate --count 2 MATCH "unknown command 'genrate'; did you mean 'generate'\\?")
gridpress_cli_test(unknown_command_exit ARGS genrate WILL_FAIL)

# book (render engineer): outputs go to the build tree, never the source tree.
gridpress_cli_test(book_help ARGS book --help MATCH "--jobs")
gridpress_cli_test(book_small ARGS book data/books/small.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-book/small.pdf
  MATCH "wrote .*small\\.pdf: [0-9]+ pages, 10 puzzles in")
gridpress_cli_test(book_bad_spec ARGS book data/books/bad.yaml MATCH "bad\\.yaml:9:5: sections\\[1\\]\\.symetry: unknown key")
gridpress_cli_test(book_bad_format ARGS book data/books/small.yaml --format tiff WILL_FAIL)

# grade (owner: grader)
gridpress_cli_test(grade_line ARGS grade data/grader_cli_ok.txt
  MATCH "97\\.3\\.6\\.428\\.5[.0-9]* 3\\.2 hard X-wing")
gridpress_cli_test(grade_explain ARGS grade --explain data/grader_cli_ok.txt MATCH "  [0-9]+\\. 3\\.2 X-wing on [1-9] in")
gridpress_cli_test(grade_json ARGS grade --format json data/grader_cli_ok.txt MATCH "\"hardest\": \"X-wing\"")
gridpress_cli_test(grade_csv ARGS grade --format csv data/grader_cli_ok.txt MATCH "line,puzzle,rating,label,hardest\n2,97[.0-9]*,3\\.2,hard,\"X-wing\"")
gridpress_cli_test(grade_bad_exit ARGS grade data/grader_cli_bad.txt WILL_FAIL)
gridpress_cli_test(grade_bad_lines ARGS grade data/grader_cli_bad.txt
  MATCH "grader_cli_bad\\.txt:2: multiple solutions \\(not rated\\).*grader_cli_bad\\.txt:3: no solution \\(not rated\\).*grader_cli_bad\\.txt:4: 4 cells: not a puzzle line")
gridpress_cli_test(grade_bad_keeps_going ARGS grade data/grader_cli_bad.txt MATCH "3\\.2 hard X-wing\nerror\nerror\nerror")
gridpress_cli_test(grade_missing_file ARGS grade data/no_such_file.txt WILL_FAIL)

# solve (owner: solver)
gridpress_cli_test(solve_good ARGS solve data/solver_cli_good.txt
  MATCH "^953168742862734951417952836746893125281645397395271468138529674574386219629417583\nmultiple solutions\nno solution\n4213134221343421\n$")
gridpress_cli_test(solve_count ARGS solve --count data/solver_cli_good.txt MATCH "^1\n2\\+\n0\n1\n$")
gridpress_cli_test(solve_bad_exit ARGS solve data/solver_cli_bad.txt WILL_FAIL)
gridpress_cli_test(solve_bad_lines ARGS solve data/solver_cli_bad.txt
  MATCH "data/solver_cli_bad\\.txt:2: 80 cells, expected 81\ndata/solver_cli_bad\\.txt:3: digit 5 twice in row 2")
gridpress_cli_test(solve_bad_keeps_going ARGS solve --count data/solver_cli_bad.txt MATCH "1\nerror\nerror\n1\n")
gridpress_cli_test(solve_missing_file ARGS solve data/no_such_file.txt
  MATCH "data/no_such_file\\.txt: cannot open \\(No such file or directory\\)")
gridpress_cli_test(solve_missing_file_exit ARGS solve data/no_such_file.txt WILL_FAIL)
gridpress_cli_test(solve_stats ARGS solve --count --stats data/solver_cli_good.txt MATCH "4 puzzles, [0-9.e+-]+ us/puzzle")
gridpress_cli_test(solve_help ARGS solve --help MATCH "multiple solutions")

# gridpress spec: check a spec without generating (owned by "spec").
gridpress_cli_test(spec_ok ARGS spec ../examples/paperback-6x9.yaml MATCH "ok - 3 sections, 100 puzzles, page 6x9, profile kdp-6x9")
gridpress_cli_test(spec_bad ARGS spec data/specs/bad.yaml WILL_FAIL)
gridpress_cli_test(spec_bad_text ARGS spec data/specs/bad.yaml MATCH "bad.yaml:4:12: sections\\[0\\].count: expected a whole number, got 'ten'")
gridpress_cli_test(spec_resolved ARGS spec data/specs/good.yaml --resolved MATCH "inside: 14mm")
gridpress_cli_test(spec_profiles ARGS spec --profiles MATCH "kdp-6x9")

# generate (owner: generator)
gridpress_cli_test(generate_lines ARGS generate --count 3 --seed 5 MATCH "^[1-9.]+\n[1-9.]+\n[1-9.]+\n$")
gridpress_cli_test(generate_with_solution ARGS generate --count 2 --with-solution --jobs 2
  MATCH "^[1-9.]+ [1-9]+\n[1-9.]+ [1-9]+\n$")
gridpress_cli_test(generate_csv_exact ARGS generate --clues 23 --count 2 --symmetry rotate180 --format csv
  MATCH "^index,batch_seed,seed,puzzle,clues,symmetry,fill,rating,label,hardest\n1,1,[0-9]+,[1-9.]+,23,rotate180,random,[0-9.]+,[a-z]+,\"[^\"]+\"\n2,")
gridpress_cli_test(generate_json ARGS generate --format json --seed 9 --grid 6x6 --fill pattern
  MATCH "\"fill\": \"pattern\",.*\"rating\": [0-9.]+,.*\"seed\": 9")
gridpress_cli_test(generate_grid_4x4 ARGS generate --grid 4x4 --format grid --with-solution
  MATCH "# puzzle 1 \\([0-9]+ clues\\)\n.*# solution\n[1-4] [1-4] \\| [1-4] [1-4]")
# 4x4 has 36 puzzles at the clue count one dig reaches, up to relabelling and rotation: the error
# says how to get more, and --dedup exact (every relabelling its own puzzle) does.
gridpress_cli_exit_test(generate_4x4_300 1 generate --grid 4x4 --count 300 -q)
gridpress_cli_test(generate_4x4_300_hint ARGS generate --grid 4x4 --count 300 -q
  MATCH "only 36 distinct puzzles found for 4x4 .*widen the request \\(--clues 6-9; in a spec clues: \\[6, 9\\]\\), or count puzzles that differ only by relabelling, rotation or reflection as different \\(--dedup exact; in a spec dedup: exact\\)")
gridpress_cli_exit_test(generate_4x4_300_exact 0 generate --grid 4x4 --count 300 --dedup exact -q)
gridpress_cli_exit_test(generate_4x4_300_clue_range 0 generate --grid 4x4 --count 300 --clues 6-9 -q)
gridpress_cli_exit_test(generate_bad_dedup 2 generate --dedup same)
gridpress_cli_test(generate_box_override ARGS generate --grid 6x6 --box 3x2 --clues 12 MATCH "^[1-6.]+\n$")
gridpress_cli_test(generate_below_17 ARGS generate --clues 16 WILL_FAIL)
gridpress_cli_test(generate_below_17_text ARGS generate --clues 16
  MATCH "error: a 9x9 puzzle needs at least 17 clues to have a unique solution \\(proven by McGuire, Tugemann and Civario, 2012\\): 16 is impossible")
gridpress_cli_test(generate_parity_text ARGS generate --grid 4x4 --symmetry rotate180 --clues 7
  MATCH "error: rotate180 symmetry on 4x4 gives clues in classes of 2 cells: 7 is impossible \\(nearest possible: 6 or 8\\)")
gridpress_cli_test(generate_bad_clues ARGS generate --clues 2x
  MATCH "error: invalid --clues '2x': expected a count K or a range A-B such as 22-26")
gridpress_cli_test(generate_bad_symmetry ARGS generate --symmetry spiral
  MATCH "error: unknown symmetry 'spiral': expected none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal or dihedral")
gridpress_cli_test(generate_budget ARGS generate --clues 17 --budget 0.2
  MATCH "error: gave up after 0\\.2 s: 9x9 with exactly 17 clues, best reached [0-9]+ clues in [0-9,]+ tr(y|ies)")
gridpress_cli_test(generate_budget_exit ARGS generate --clues 17 --budget 0.2 WILL_FAIL)
gridpress_cli_test(generate_exclude ARGS generate --count 2 --seed 3 --exclude data/generator_exclude.txt
  MATCH "^[1-9.]+\n[1-9.]+\n$")
gridpress_cli_test(generate_exclude_bad ARGS generate --exclude data/generator_exclude_bad.txt
  MATCH "error: data/generator_exclude_bad\\.txt:3: bad character 'y' at column 5")
gridpress_cli_test(generate_exclude_missing ARGS generate --exclude data/no_such_file.txt
  MATCH "error: data/no_such_file\\.txt: cannot open \\(No such file or directory\\)")
gridpress_cli_test(generate_difficulty ARGS generate --difficulty hard --count 2 --format csv --jobs 2
  MATCH "\n1,1,[0-9]+,[1-9.]+,[0-9]+,none,random,(2\\.[6-9]|3\\.[0-9]|4),hard,\"[^\"]+\"\n2,")
gridpress_cli_test(generate_rating ARGS generate --rating 1.0-1.5 --format json --grid 6x6
  MATCH "\"label\": \"easy\"")
gridpress_cli_test(generate_bad_difficulty ARGS generate --difficulty brutal
  MATCH "error: unknown difficulty 'brutal': expected easy, medium, hard, expert or fiendish or a range A-B such as 2\\.6-4\\.0")
gridpress_cli_test(generate_difficulty_and_rating ARGS generate --difficulty hard --rating 2-3 WILL_FAIL)

# preflight (owner: pdfcheck). data/pdfcheck_planted.pdf: 3 pages, Helvetica not embedded, 6 pt text,
# 0.5 pt lines, a link on page 3.
gridpress_cli_test(preflight_help ARGS preflight --help MATCH "--strict")
gridpress_cli_test(preflight_planted ARGS preflight data/pdfcheck_planted.pdf
  MATCH "^the document has 3 pages; the minimum is 24\nthe document has 3 pages; the page count must be even \\(add a notes page\\)\nfont 'Helvetica' is not embedded \\(pages 1-3\\)\npages 1-3: text set at 6\\.0 pt \\(the minimum is 7 pt\\)\npages 1-3: a line 0\\.50 pt wide \\(the minimum is 0\\.75 pt\\)\npage 3 has 1 link annotation\npreflight: 6 problems\n$")
gridpress_cli_test(preflight_planted_not_strict ARGS preflight data/pdfcheck_planted.pdf)
gridpress_cli_test(preflight_planted_strict ARGS preflight data/pdfcheck_planted.pdf --strict WILL_FAIL)
gridpress_cli_test(preflight_json ARGS preflight data/pdfcheck_planted.pdf --format json
  MATCH "\"page\": 1,\n *\"pages\": \\[\n *\\[\n *1,\n *3\n *\\]\n *\\],\n *\"rule\": \"fonts-embedded\"")
gridpress_cli_test(preflight_trim ARGS preflight data/pdfcheck_planted.pdf --rules none --trim 8.5x11
  MATCH "^pages 1-3 are 6 x 9 in \\(432 x 648 pt\\); expected 8\\.5 x 11 in \\(612 x 792 pt\\)\npreflight: 1 problem\n$")
gridpress_cli_test(preflight_trim_ok ARGS preflight data/pdfcheck_planted.pdf --rules none --trim 6x9 --strict
  MATCH "^preflight: passed \\(3 pages, 6x9 in\\)\n$")
gridpress_cli_test(preflight_trim_mm ARGS preflight data/pdfcheck_planted.pdf --rules none --trim 152.4x228.6mm
  MATCH "^preflight: passed \\(3 pages, 6x9 in\\)\n$")
gridpress_cli_test(preflight_trim_bleed ARGS preflight data/pdfcheck_planted.pdf --rules none --trim 6x9 --bleed
  MATCH "expected 6\\.125 x 9\\.25 in \\(441 x 666 pt\\)")
gridpress_cli_test(preflight_bad_trim ARGS preflight data/pdfcheck_planted.pdf --trim 6by9
  MATCH "--trim: expected WxH in inches \\(e\\.g\\. 6x9\\) or with a unit \\(e\\.g\\. 150x230mm\\), got '6by9'")
gridpress_cli_test(preflight_bad_trim_exit ARGS preflight data/pdfcheck_planted.pdf --trim 6by9 WILL_FAIL)
gridpress_cli_test(preflight_missing ARGS preflight data/no_such.pdf
  MATCH "cannot read 'data/no_such\\.pdf': No such file or directory")
gridpress_cli_test(preflight_missing_exit ARGS preflight data/no_such.pdf WILL_FAIL)
gridpress_cli_test(preflight_not_pdf ARGS preflight data/grader_cli_ok.txt
  MATCH "cannot read 'data/grader_cli_ok\\.txt': not a PDF file \\(no %PDF- header\\)")
# data/pdfcheck_legal.pdf: 2 pages of 8.5 x 14 in, not a KDP trim: refused unless --trim names it.
gridpress_cli_test(preflight_legal ARGS preflight data/pdfcheck_legal.pdf --strict WILL_FAIL)
gridpress_cli_test(preflight_legal_size ARGS preflight data/pdfcheck_legal.pdf
  MATCH "\npages 1-2 are 8\\.5 x 14 in \\(612 x 1008 pt\\), not a KDP trim size \\(give --trim WxH for a custom trim\\)\n")
gridpress_cli_test(preflight_legal_trim ARGS preflight data/pdfcheck_legal.pdf --rules none --trim 8.5x14 --strict
  MATCH "^preflight: passed \\(2 pages, 8\\.5x14 in\\)\n$")
gridpress_cli_test(preflight_legal_json ARGS preflight data/pdfcheck_legal.pdf --format json
  MATCH "\"page\": 1,\n *\"pages\": \\[\n *\\[\n *1,\n *2\n *\\]\n *\\],\n *\"rule\": \"page-size\"")
gridpress_cli_test(preflight_paper_bad ARGS preflight data/pdfcheck_legal.pdf --paper yellow WILL_FAIL)
gridpress_cli_test(preflight_paper_option ARGS preflight data/pdfcheck_legal.pdf --paper cream
  MATCH "the document has 2 pages; the minimum is 24\n")
# A KDP 6x9 book made by gridpress passes the strict preflight for its trim.
gridpress_cli_test(preflight_book_make ARGS book data/pdfcheck_kdp.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-preflight/kdp.pdf)
gridpress_cli_test(preflight_book ARGS preflight ${CMAKE_CURRENT_BINARY_DIR}/cli-preflight/kdp.pdf --trim 6x9 --strict
  MATCH "^preflight: passed \\([0-9]+ pages, 6x9 in\\)\n$")
set_tests_properties(cli_preflight_book_make PROPERTIES FIXTURES_SETUP preflight_book)
set_tests_properties(cli_preflight_book PROPERTIES FIXTURES_REQUIRED preflight_book)
# newspaper runs (owner: newspaper): one file per day and format, manifest, summary line.
gridpress_cli_test(newspaper_week ARGS book data/newspaper/week.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-newspaper/week.json
  --format svg MATCH "wrote 14 files \\(svg\\) for 7 puzzles in [0-9]+\\.[0-9] s: No\\. 1201 2026-03-02 \\.\\. No\\. 1207 2026-03-08, to .*cli-newspaper/; manifest .*week\\.json; next run: --start-number 1208\n")
gridpress_cli_test(newspaper_bad_width ARGS book data/newspaper/bad_width.yaml
  MATCH "bad_width\\.yaml:4:10: newspaper\\.width: must be between 20 mm and 400 mm")
gridpress_cli_test(newspaper_start_number_needs_newspaper ARGS book data/books/small.yaml --start-number 5 WILL_FAIL)

# Print-on-demand paperbacks (owner: kdp). Outputs go to the build tree.
gridpress_cli_test(kdp_example ARGS book ../examples/kdp-6x9.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-kdp/kdp-6x9.pdf
  MATCH "wrote .*kdp-6x9\\.pdf: 116 pages, 160 puzzles in [0-9.]+ s; cover: .*kdp-6x9-cover\\.pdf; preflight passed\n")
# The example book as written, checked again from its PDF (the spec's own preflight is
# kdp_preflight_spec's; making the 160 puzzles twice would only repeat kdp_example).
gridpress_cli_test(kdp_preflight_example ARGS preflight ${CMAKE_CURRENT_BINARY_DIR}/cli-kdp/kdp-6x9.pdf --trim 6x9 --strict
  MATCH "^preflight: passed \\(116 pages, 6x9 in\\)\n")
set_tests_properties(cli_kdp_example PROPERTIES FIXTURES_SETUP kdp_example_book COST 18)
set_tests_properties(cli_kdp_preflight_example PROPERTIES FIXTURES_REQUIRED kdp_example_book)
gridpress_cli_test(kdp_preflight_spec ARGS preflight data/pdfcheck_kdp.yaml --strict MATCH "^preflight: passed \\([0-9]+ pages, 6x9 in\\)\n")
gridpress_cli_test(kdp_strict_exit ARGS book data/books/kdp_short_strict.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-kdp/short.pdf WILL_FAIL)
gridpress_cli_test(kdp_strict_list ARGS book data/books/kdp_short_strict.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-kdp/short-list.pdf
  MATCH "error: short-list\\.pdf does not meet the print rules \\(kdp\\):\n  the book has 22 pages; the minimum is 24\n")
gridpress_cli_test(kdp_not_strict ARGS book data/books/kdp_short.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-kdp/short-warn.pdf)
gridpress_cli_test(kdp_preflight_strict_spec ARGS preflight data/books/kdp_short_strict.yaml WILL_FAIL)
gridpress_cli_test(kdp_preflight_bad_spec ARGS preflight data/books/bad.yaml MATCH "bad\\.yaml:9:5: sections\\[1\\]\\.symetry: unknown key")
# examples/kdp-6x9.yaml is a book spec, not the kdp-6x9 profile its neighbours name.
gridpress_cli_test(kdp_profile_beside_example ARGS spec ../examples/paperback-6x9.yaml MATCH "ok - 3 sections, 100 puzzles, page 6x9, profile kdp-6x9")

# Shell completions (dist/completions) list exactly the options of each command's --help.
add_test(NAME completions COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/completions_test.sh $<TARGET_FILE:gridpress>
  ${PROJECT_SOURCE_DIR}/dist/completions)

# variants (owner: variants)
gridpress_cli_test(generate_variant_json ARGS generate --variant x --count 2 --seed 3 --format json
  MATCH "\"variant\": \"x\"")
gridpress_cli_test(generate_variant_bad_size ARGS generate --variant hyper --grid 6x6
  MATCH "error: hyper needs a 9x9 grid with 3x3 boxes")
gridpress_cli_test(generate_variant_bad_size_exit ARGS generate --variant hyper --grid 6x6 WILL_FAIL)
gridpress_cli_test(generate_variant_unknown ARGS generate --variant hypr MATCH "did you mean 'hyper'\\?")
gridpress_cli_test(solve_variant ARGS solve --variant x data/solver_cli_x.txt
  MATCH "multiple solutions\n[1-9]+\nerror\n")
gridpress_cli_test(solve_variant_needs_flag ARGS solve data/solver_cli_x.txt
  MATCH "^multiple solutions\nmultiple solutions\nmultiple solutions\n$")
gridpress_cli_test(grade_variant ARGS grade --variant x --explain data/grader_cli_x.txt
  MATCH " 1\\.5 easy Hidden single\n  1\\. 1\\.5 Hidden single in diagonal 1: r7c7 = 8\n")
gridpress_cli_test(grade_variant_json ARGS grade --variant x --format json data/grader_cli_x.txt
  MATCH "\"rating\": 1\\.5,[^}]*\"variant\": \"x\"")
gridpress_cli_exit_test(grade_variant_as_classic 1 grade data/grader_cli_x.txt)
gridpress_cli_exit_test(grade_variant_unknown 2 grade --variant hypr data/grader_cli_x.txt)
gridpress_cli_test(spec_variant_difficulty ARGS spec data/specs/variant_difficulty.yaml MATCH "ok - 2 sections, 4 puzzles")
gridpress_cli_test(generate_variant_difficulty ARGS generate --variant hyper --difficulty medium --count 2 --seed 3
  --format csv MATCH ",random,[0-9.]+,medium,[^\n]*\n[^\n]*,random,[0-9.]+,medium,")

# jigsaw: 'PUZZLE REGIONS' lines out of generate and back into solve
gridpress_cli_test(generate_jigsaw_line ARGS generate --variant jigsaw --grid 6x6 --count 2 --seed 2
  MATCH "^[1-6.]+ [1-6]+\n[1-6.]+ [1-6]+\n$")
gridpress_cli_test(generate_jigsaw_json ARGS generate --variant jigsaw --regions symmetric --count 1 --seed 3 --format json
  MATCH "\"regions\": \"[1-9]+\",\n *\"seed\"")
gridpress_cli_test(generate_jigsaw_json_variant ARGS generate --variant jigsaw --count 1 --seed 3 --format json
  MATCH "\"variant\": \"jigsaw\"")
gridpress_cli_test(generate_jigsaw_box ARGS generate --variant jigsaw --grid 6x6 --box 3x2
  MATCH "error: jigsaw puzzles have regions instead of boxes")
gridpress_cli_exit_test(generate_jigsaw_box 2 generate --variant jigsaw --grid 6x6 --box 3x2)
gridpress_cli_exit_test(generate_bad_regions 2 generate --variant jigsaw --regions mirror)
gridpress_cli_test(solve_jigsaw ARGS solve data/solver_cli_jigsaw.txt MATCH "[1-9]+\nerror\nmultiple solutions\n")
gridpress_cli_test(solve_jigsaw_bad_regions ARGS solve data/solver_cli_jigsaw.txt
  MATCH "solver_cli_jigsaw\.txt:3: jigsaw regions: region [1-9] is not in one piece")
gridpress_cli_exit_test(solve_jigsaw_bad_regions 1 solve data/solver_cli_jigsaw.txt)
gridpress_cli_test(grade_jigsaw ARGS grade --variant jigsaw data/grader_cli_jigsaw.txt
  MATCH "^[1-9.]+ [1-9]+ 1\\.9 medium Direct claiming\n$")
gridpress_cli_test(grade_jigsaw_as_x ARGS grade --variant x data/grader_cli_jigsaw.txt
  MATCH "grader_cli_jigsaw\\.txt:1: a jigsaw puzzle \\(it gives its regions\\), not x")
gridpress_cli_test(solve_jigsaw_needs_regions ARGS solve --variant jigsaw data/solver_cli_x.txt
  MATCH "solver_cli_x\.txt:2: a jigsaw puzzle needs its regions")

# solve and grade answer each puzzle of a pipe as it arrives (a coprocess waits for each answer).
add_test(NAME cli_streaming COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/streaming_test.sh $<TARGET_FILE:gridpress>)
set_tests_properties(cli_streaming PROPERTIES TIMEOUT 300 LABELS cli)

# Puzzle input forms (data/formats; the reader itself: input_test.cpp). The same two puzzles as
# lines, grids with their solutions (skipped), generate's CSV and JSON.
set(formats_solutions "^632417958418359672975682413324576891791248365856193724249735186167824539583961247\n124859673689273514573641982931467825247985136865312749352198467716534298498726351\n$")
foreach(sample lines.txt grid.txt generate.csv generate.json noheader.csv bom.txt)
  gridpress_cli_test(formats_${sample} ARGS solve data/formats/${sample} MATCH "${formats_solutions}")
endforeach()
gridpress_cli_test(formats_sdk ARGS solve data/formats/puzzle.sdk
  MATCH "^632417958418359672975682413324576891791248365856193724249735186167824539583961247\n$")
gridpress_cli_test(formats_ss ARGS solve --count data/formats/puzzle.ss MATCH "^1\n$")
gridpress_cli_test(formats_blanks ARGS solve --count data/formats/blanks.txt MATCH "^1\n1\n1\n1\n1\n$")
# qqwing's readable, compact and CSV output (solutions checked with qqwing --solve).
gridpress_cli_test(formats_qqwing ARGS solve data/formats/qqwing.txt
  MATCH "^825473961764291835319685247951837624247569318683124759496752183138946572572318496\n589234716163897452427516389835169274642783591791425638216358947378942165954671823\n$")
gridpress_cli_test(formats_qqwing_compact ARGS solve data/formats/qqwing-compact.txt
  MATCH "^587192634413876259269435817842953176931647528675218943358729461126384795794561382\n$")
gridpress_cli_test(formats_qqwing_csv ARGS grade --format csv data/formats/qqwing.csv
  MATCH "^line,puzzle,rating,label,hardest\n2,\\.\\.\\.4\\.\\.9\\.1[.1-9]+,[0-9.]+,[a-z]+,\"[^\"]+\"\n3,13\\.\\.8")
gridpress_cli_test(formats_solo ARGS solve data/formats/solo.txt
  MATCH "data/formats/solo\\.txt:1: a game ID of Simon Tatham's Solo")
gridpress_cli_test(formats_exclude ARGS generate --count 2 --seed 3 --exclude data/formats/grid.txt
  MATCH "^[1-9.]+\n[1-9.]+\n$")
set_tests_properties(cli_formats_exclude PROPERTIES FAIL_REGULAR_EXPRESSION "6\\.\\.4\\.7\\.5|\\.\\.\\.859")

# "-" for standard input everywhere a file is read, "-o -" for standard output.
add_test(NAME cli_stdin COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stdin_test.sh $<TARGET_FILE:gridpress>
  ${CMAKE_CURRENT_SOURCE_DIR}/data)
set_tests_properties(cli_stdin PROPERTIES TIMEOUT 300 LABELS cli)

# Progress on a terminal only (script(1) provides one), with percent, rate and time left.
add_test(NAME cli_progress COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/progress_test.sh $<TARGET_FILE:gridpress>
  ${CMAKE_CURRENT_SOURCE_DIR}/data)
set_tests_properties(cli_progress PROPERTIES TIMEOUT 300 LABELS cli COST 20)

# Difficulty in books (docs/difficulty.md) and -o's extension.
gridpress_cli_exit_test(book_four_medium 2 book data/difficulty/four_medium.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/kids.pdf)
gridpress_cli_test(book_four_medium_text ARGS book data/difficulty/four_medium.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/kids.pdf
  MATCH "four_medium\\.yaml:6:17: sections\\[0\\]: every 4x4 puzzle is solved with hidden singles in boxes \\(SE 1\\.2 at most; every minimal 4x4 puzzle was graded\\): medium \\(1\\.5 < SE <= 2\\.5\\) cannot be made; ask for easy")
gridpress_cli_exit_test(book_budget 1 book data/difficulty/slow.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/slow.pdf)
gridpress_cli_test(book_budget_text ARGS book data/difficulty/slow.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/slow.pdf
  MATCH "slow\\.yaml:7:5: section 'Impossible in time': gave up after 0\\.3 s: 9x9 with exactly 17 clues, best reached [0-9]+ clues in [0-9,]+ tr(y|ies) \\(made 0 of 3 puzzles\\); give the section a larger `budget`, or keep what was made with --keep-partial")
gridpress_cli_test(book_keep_partial ARGS book data/difficulty/slow.yaml --keep-partial -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/kept.pdf
  MATCH "warning: .*slow\\.yaml:7:5: section 'Impossible in time': kept 0 of 3 puzzles \\(gave up after 0\\.3 s: .*\\)\nwrote .*kept\\.pdf: [0-9]+ pages, 2 puzzles in ")
# A newspaper day that runs out of its budget: exit 1 with the remedy, or with --keep-partial the
# days before it are written and the warning says where the next run starts.
gridpress_cli_exit_test(newspaper_budget 1 book data/newspaper/slow_week.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-newspaper-slow/failed/slow.json)
gridpress_cli_test(newspaper_budget_text ARGS book data/newspaper/slow_week.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-newspaper-slow/failed/slow.json
  MATCH "slow_week\\.yaml:[0-9]+:[0-9]+: Wednesday 2026-03-04 \\(No\\. 303\\): gave up after [0-9.]+ s: 9x9 with exactly 17 clues.*; give the days a larger `budget`, or write the days before it with --keep-partial")
gridpress_cli_test(newspaper_keep_partial ARGS book data/newspaper/slow_week.yaml --keep-partial -o ${CMAKE_CURRENT_BINARY_DIR}/cli-newspaper-slow/kept/slow.json
  MATCH "warning: .*slow_week\\.yaml:[0-9]+:[0-9]+: Wednesday 2026-03-04 \\(No\\. 303\\): gave up after .*; kept the 2 days before it \\(to No\\. 302, 2026-03-03\\), the run's later days are not made; the next run starts at No\\. 303\nwrote 4 files \\(pdf\\) for 2 puzzles in .*No\\. 301 2026-03-02 \\.\\. No\\. 302 2026-03-03")
gridpress_cli_exit_test(book_unknown_extension 2 book data/books/small.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/small.docx)
gridpress_cli_test(book_unknown_extension_text ARGS book data/books/small.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/small.docx
  MATCH "-o .*small\\.docx: '\\.docx' is not a format gridpress writes: name the file \\.pdf, \\.svg, \\.png or \\.eps, or give --format")
gridpress_cli_test(book_upper_case_extension ARGS book data/books/small.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-difficulty/upper/small.PNG
  MATCH "wrote .*small-001\\.png \\.\\. .*small-009\\.png: 9 pages")
gridpress_cli_test(spec_colon_title ARGS spec data/difficulty/colon_title.yaml
  MATCH "colon_title\\.yaml:1:14: YAML syntax error: illegal map value \\(the value of 'title' has a colon in it: put it in quotes, title: \"Sudoku: The Hard Ones\"\\)")
gridpress_cli_test(generate_clues_auto ARGS generate --difficulty hard --clues auto --count 3 --format csv --seed 2
  MATCH ",(2[7-9]|30),rotate180|,(2[7-9]|30),none")

# A killer line is rated by the killer ladder (docs/killer.md): 1.8, easy, a one-cell innie.
gridpress_cli_test(grade_killer ARGS grade data/killer_grade_easy.txt MATCH " 1\\.8 easy 45 rule \\(one house\\): one cell\n$")
# Its JSON gives the cages as generate --format json does (the list, not the line token), so it reads back.
gridpress_cli_test(grade_killer_json ARGS grade --format json data/killer_grade_easy.txt
  MATCH "\"cages\": \\[\n +\\{\n +\"cells\": \\[\n +0,\n +1,\n +10\n +\\],\n +\"sum\": 15\n")

# Sandwich (issue 27): generated puzzles read back by solve from the line, JSON and CSV forms (each
# gives the generator's solution), graded from JSON on the sandwich ladder; a clue no digits can make
# is refused with the file, line, line of the grid and reason, exit 1.
add_test(NAME cli_sandwich_round_trip COMMAND sh -c "G=\"$0\"; D=\"$1\"; mkdir -p \"$D\" &&
  \"$G\" generate --variant sandwich --grid 6x6 --count 3 --seed 2 -q --with-solution > \"$D/l.txt\" &&
  awk '{print $3}' \"$D/l.txt\" > \"$D/want.txt\" && test -s \"$D/want.txt\" &&
  \"$G\" solve \"$D/l.txt\" | cmp - \"$D/want.txt\" &&
  \"$G\" generate --variant sandwich --grid 6x6 --count 3 --seed 2 -q --format json > \"$D/p.json\" &&
  grep -q '\"sandwich\": {' \"$D/p.json\" && \"$G\" solve \"$D/p.json\" | cmp - \"$D/want.txt\" &&
  \"$G\" generate --variant sandwich --grid 6x6 --count 3 --seed 2 -q --format csv > \"$D/p.csv\" &&
  \"$G\" solve \"$D/p.csv\" | cmp - \"$D/want.txt\" &&
  \"$G\" grade --explain \"$D/p.json\" | grep -q 'Sandwich'"
  $<TARGET_FILE:gridpress> ${CMAKE_CURRENT_BINARY_DIR}/cli-sandwich)
set_tests_properties(cli_sandwich_round_trip PROPERTIES LABELS cli)
gridpress_cli_test(sandwich_json ARGS generate --variant sandwich --difficulty easy --count 1 --seed 1 --format json
  MATCH "\"sandwich\": \\{\n +\"cols\": \\[")
gridpress_cli_test(sandwich_bad_clue ARGS solve data/sandwich_bad_clue.txt
  MATCH "data/sandwich_bad_clue.txt:1: sandwich sandwich: row 3: clue 13; the digits 2 to 5 between the 1 and the 6 add up to 0, 2 to 12 or 14")
gridpress_cli_exit_test(sandwich_bad_clue 1 grade data/sandwich_bad_clue.txt)
gridpress_cli_exit_test(sandwich_bad_size 2 generate --variant sandwich --grid 4x4)

# The variety example: every variant (classic, x, hyper, jigsaw, samurai, killer) in one book, one
# puzzle store and one manifest, with its answers; the book's own preflight passes.
gridpress_cli_test(variety_example ARGS book ../examples/variety.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-variety/variety.pdf
  MATCH "wrote .*variety\\.pdf: [0-9]+ pages, [0-9]+ puzzles in [0-9.]+ s; preflight passed\n")
# JSON of a samurai or killer puzzle carries its solution without --with-solution.
gridpress_cli_test(samurai_json_solution ARGS generate --variant samurai --count 1 --seed 1 --format json
  MATCH "\"solution\": \"[1-9#]+\"")
gridpress_cli_test(killer_json_solution ARGS generate --variant killer --count 1 --seed 1 --format json
  MATCH "\"cages\": \\[.*\"solution\": \"[1-9]+\"")

# Every example renders alone with one command (issue 29: newspaper-month.yaml needed the week first).
add_test(NAME cli_examples_alone COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/examples_alone_test.sh
  $<TARGET_FILE:gridpress> ${CMAKE_CURRENT_SOURCE_DIR}/..)
set_tests_properties(cli_examples_alone PROPERTIES TIMEOUT 900 LABELS "cli;slow" COST 100)

# futoshiki, the Latin-square board (owner: latin): 5x5 and 7x7 only for Latin squares; generate,
# solve and grade round trips with the variant known; bad sizes and boxes refused.
gridpress_cli_test(generate_futoshiki_line ARGS generate --variant futoshiki --grid 5x5 --count 2 --seed 1 -q
  MATCH "^[1-5.]+ [0-9>;]+\n[1-5.]+ [0-9>;]+\n$")
gridpress_cli_test(generate_futoshiki_json ARGS generate --variant futoshiki --grid 7x7 --count 1 --seed 2 -q --format json
  MATCH "\"variant\": \"futoshiki\"")
gridpress_cli_test(generate_futoshiki_grid ARGS generate --variant futoshiki --grid 4x4 --count 1 --seed 2 -q --format grid
  MATCH "# inequalities [0-9>;]+\n[1-4.] [1-4.] [1-4.] [1-4.]\n")
gridpress_cli_test(generate_classic_5x5 ARGS generate --grid 5x5
  MATCH "unsupported grid size 5x5 \\(supported: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16\\)")
gridpress_cli_exit_test(generate_classic_7x7 2 generate --grid 7x7 --variant x)
gridpress_cli_test(generate_futoshiki_box ARGS generate --variant futoshiki --grid 6x6 --box 2x3
  MATCH "futoshiki puzzles have no boxes")
gridpress_cli_exit_test(generate_futoshiki_box 2 generate --variant futoshiki --grid 6x6 --box 2x3)
gridpress_cli_test(generate_futoshiki_too_big ARGS generate --variant futoshiki --grid 12x12
  MATCH "futoshiki puzzles are 4x4 to 9x9")
add_test(NAME cli_futoshiki_solve_round_trip
  COMMAND sh -c "\"$0\" generate --variant futoshiki --grid 7x7 --count 3 --seed 4 -q | \"$0\" solve --variant futoshiki --count -"
  $<TARGET_FILE:gridpress> WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_futoshiki_solve_round_trip PROPERTIES PASS_REGULAR_EXPRESSION "^1\n1\n1\n$" LABELS cli)
add_test(NAME cli_futoshiki_grade_round_trip
  COMMAND sh -c "\"$0\" generate --variant futoshiki --grid 5x5 --difficulty medium --count 2 --seed 4 -q --format json | \"$0\" grade --format csv -"
  $<TARGET_FILE:gridpress> WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_futoshiki_grade_round_trip PROPERTIES PASS_REGULAR_EXPRESSION ",medium," LABELS cli)
# Without --variant a 25-cell line is no puzzle (classic has no 5x5): exit 1, the line named.
add_test(NAME cli_futoshiki_needs_variant
  COMMAND sh -c "\"$0\" generate --variant futoshiki --grid 5x5 --count 1 --seed 4 -q | \"$0\" solve -; test $? -eq 1"
  $<TARGET_FILE:gridpress> WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(cli_futoshiki_needs_variant PROPERTIES LABELS cli)
