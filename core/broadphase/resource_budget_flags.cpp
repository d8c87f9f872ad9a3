#include "core/broadphase/resource_budget_flags.hpp"

#include <charconv>
#include <stdexcept>

#include "core/text/input_excerpt.hpp"

namespace aabb {

const ResourceBudgetFlag* find_resource_budget_flag(std::string_view name) {
    for (const ResourceBudgetFlag& flag : resource_budget_flags) {
        if (flag.name == name) return &flag;
    }
    return nullptr;
}

void set_resource_budget_flag(ResourceBudget& budget, const ResourceBudgetFlag& flag,
                              std::string_view text) {
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || value < 1 || value > flag.largest) {
        throw std::invalid_argument(std::string(flag.name) + ": expected a whole number in [1, " +
                                    std::to_string(flag.largest) + "], got '" +
                                    input_excerpt(text) + "'");
    }
    budget.*flag.field = value;
}

std::string resource_budget_flag_help(const ResourceBudgetFlag& flag) {
    return std::string(flag.help) + " (default " +
           std::to_string(default_resource_budget.*flag.field) + ")";
}

}  // namespace aabb
