# Strict defaults as an INTERFACE target that every gridpress target links PRIVATE.
add_library(gridpress_options INTERFACE)
target_compile_options(gridpress_options INTERFACE -Wall -Wextra -Wpedantic -Wshadow
  -Wnon-virtual-dtor -Woverloaded-virtual -Wimplicit-fallthrough)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  # GCC 12 reports -Wrestrict false positives inside libstdc++'s std::string (GCC bug 105329).
  target_compile_options(gridpress_options INTERFACE -Wno-restrict)
endif()
if(GRIDPRESS_WERROR)
  target_compile_options(gridpress_options INTERFACE -Werror)
endif()
if(GRIDPRESS_SANITIZE OR GRIDPRESS_FUZZ)
  # Applied to the whole build so libraries and tests agree on the runtime.
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
# The libFuzzer targets live in the sanitizer build (scripts/build.sh sanitize, with clang): no
# third build of the libraries. Coverage instrumentation, which libFuzzer steers by, goes only into
# the readers of outside input that the targets exercise (gridpress_fuzz_readers: all of
# libFuzzer's instrumentation) and core, whose grid codec they reach (edge counters only: its
# comparison tracing cost the tests 20 s); the rest of the build, which the tests spend their time
# in, is not slowed by it (the whole build instrumented ran the sanitizer tests in 212 s, not 99 s).
set(gridpress_fuzz_readers spec input pdfcheck)
set(gridpress_fuzz_edges core)
# In the sanitizer build, the libraries that write manifests (codec), arrange and draw pages, keep
# the catalogue and serve the studio compile at -O0 (about half the compile time of -O1): the tests spend their time in the
# puzzle code (core, solver, grader, generator: -O1) and in Cairo, Pango, fontconfig and SQLite,
# which are not instrumented, not in these. The fuzzed readers stay at -O1 (fuzzing speed).
# The program's own sources (src/cli) are treated the same way there.
set(gridpress_sanitize_unoptimised codec catalogue layout render book studio)
# In an optimised build (Release), the libraries that read specs and files, lay out pages and run
# the book compile at -O2 instead of -O3: their code is not where a book's time goes (the puzzle
# libraries and render, at -O3, and Cairo are), and -O3 took about 40 % more compile time for them
# (gp_book: 133 s against 93 s of CPU, compiled back to back on a busy machine). The same output.
set(gridpress_release_o2 spec input codec catalogue pdfcheck layout book studio)
if(GRIDPRESS_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "GRIDPRESS_FUZZ needs clang (libFuzzer): configure with CXX=clang++")
endif()

# gridpress_library(NAME DEPS ...): one static library per src/ folder, built from every .cpp in
# that folder. Targets are named gp_<folder>; include paths are "folder/header.hpp" from src/.
function(gridpress_library name)
  cmake_parse_arguments(ARG "" "" "DEPS;PRIVATE_DEPS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  if(NOT sources)  # a layer whose code has not been written yet: headers only
    add_library(gp_${name} INTERFACE)
    target_include_directories(gp_${name} INTERFACE ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(gp_${name} INTERFACE ${ARG_DEPS})
    return()
  endif()
  add_library(gp_${name} STATIC ${sources})
  target_include_directories(gp_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(gp_${name} PUBLIC ${ARG_DEPS} PRIVATE gridpress_options ${ARG_PRIVATE_DEPS})
  if(GRIDPRESS_SANITIZE AND name IN_LIST gridpress_sanitize_unoptimised)
    target_compile_options(gp_${name} PRIVATE -O0)
  endif()
  if(name IN_LIST gridpress_release_o2)
    target_compile_options(gp_${name} PRIVATE $<$<CONFIG:Release>:-O2>)
  endif()
  if(GRIDPRESS_FUZZ AND name IN_LIST gridpress_fuzz_readers)
    target_compile_options(gp_${name} PRIVATE -fsanitize=fuzzer-no-link)
  elseif(GRIDPRESS_FUZZ AND name IN_LIST gridpress_fuzz_edges)
    target_compile_options(gp_${name} PRIVATE -fsanitize-coverage=inline-8bit-counters,pc-table)
  endif()
endfunction()
