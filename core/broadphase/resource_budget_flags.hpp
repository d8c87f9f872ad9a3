#pragma once
// The command-line flags that set the ResourceBudget (issue 13): one table from which
// aabb-sandbox (window and --headless) and aabb-bench derive their flag rows (app/), help lines
// and ranges, so a machine with more memory can raise a limit without a rebuild.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/broadphase/resource_budget.hpp"

namespace aabb {

/// One ResourceBudget field as a command-line flag.
struct ResourceBudgetFlag {
    /// The flag, e.g. "--max-pairs".
    std::string_view name;
    /// The budget field it sets.
    std::uint64_t ResourceBudget::*field;
    /// The largest value accepted; the smallest is 1.
    std::uint64_t largest;
    /// What the field limits, for the help line (resource_budget_flag_help adds the default).
    std::string_view help;
};

/// Every budget flag, in help order. The largest values are far above any memory (2^36 pairs
/// are 512 GiB): they only refuse typos such as a negative or 30-digit number.
inline constexpr ResourceBudgetFlag resource_budget_flags[] = {
    {"--max-pairs", &ResourceBudget::max_pairs, std::uint64_t{1} << 36,
     "most overlapping pairs one broad-phase search may hold"},
    {"--max-cells", &ResourceBudget::max_cells, std::uint64_t{1} << 36,
     "most cells, and (cell, box) entries, a grid or hash may list"},
    {"--max-bytes", &ResourceBudget::max_bytes, std::uint64_t{1} << 40,
     "most bytes one pair, cell or entry array may take"},
};

/// The flag's help line: what it limits and its default ("(default 33554432)").
[[nodiscard]] std::string resource_budget_flag_help(const ResourceBudgetFlag& flag);

}  // namespace aabb
