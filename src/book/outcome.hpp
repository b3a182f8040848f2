// How a run of the book pipeline ended. The command line maps it to an exit code (ok 0, failed 1,
// bad_input 2); the library never exits or prints.
#pragma once

namespace gp::book {

enum class Outcome {
  ok,
  bad_input,  // the spec or the options ask for something impossible; nothing was written
  failed,     // the work failed (the generator gave up, a file could not be written)
};

}  // namespace gp::book
