#include "core/broadphase/resource_budget_flags.hpp"

namespace aabb {

std::string resource_budget_flag_help(const ResourceBudgetFlag& flag) {
    return std::string(flag.help) + " (default " +
           std::to_string(default_resource_budget.*flag.field) + ")";
}

}  // namespace aabb
