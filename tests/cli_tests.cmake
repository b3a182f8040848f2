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
endfunction()

gridpress_cli_test(version ARGS --version MATCH "gridpress 0\\.")
gridpress_cli_test(help ARGS --help MATCH "generate")

# book (render engineer): outputs go to the build tree, never the source tree.
gridpress_cli_test(book_help ARGS book --help MATCH "--jobs")
gridpress_cli_test(book_small ARGS book data/books/small.yaml -o ${CMAKE_CURRENT_BINARY_DIR}/cli-book/small.pdf
  MATCH "wrote .*small\\.pdf: [0-9]+ pages, 10 puzzles in")
gridpress_cli_test(book_bad_spec ARGS book data/books/bad.yaml MATCH "bad\\.yaml:9:5: sections\\[1\\]\\.symetry: unknown key")
gridpress_cli_test(book_bad_format ARGS book data/books/small.yaml --format tiff WILL_FAIL)
