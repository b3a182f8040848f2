// BookSpec -> YAML: the spec with its profile and defaults applied, in the spec's own key names,
// so a user can see (and copy) exactly what a book will be made from. Every key is written by its
// schema entry (schema.cpp), in the schema's order.
#include "spec/schema.hpp"
#include "spec/spec.hpp"

namespace gp::spec {

std::string to_yaml(const BookSpec& b) {
  YAML::Emitter out;
  detail::emit_scope(out, detail::Scope::Top, detail::View{b, nullptr, false});
  return std::string(out.c_str()) + "\n";
}

}  // namespace gp::spec
