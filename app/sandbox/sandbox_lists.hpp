#pragma once
// aabb-sandbox --list-NAME: the program's lists, one name per line, each printed from the one
// table that owns it, so that CTest and the docs ask the program instead of reading its source.

#include <ostream>

#include "app/sandbox/command_line.hpp"

namespace aabb::sandbox {

/// Writes `list` to `out`, one entry per line (--list-keys: keys, a tab, the action, in
/// English).
void print_list(SandboxList list, std::ostream& out);

}  // namespace aabb::sandbox
