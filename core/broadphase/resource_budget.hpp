#pragma once
// What a broad phase may allocate, checked before it allocates (issue 13, classes 2 and 4).
//
// A small valid scene can ask for more than memory holds: thirty thousand identical boxes at
// one point overlap in 450 million pairs, and a tiny cell size lists a handful of boxes in
// billions of cells. Without a budget the run ends after seconds and gigabytes with a bare
// std::bad_alloc. Every structure instead checks the count it is about to store against this
// budget and throws BudgetExceeded, which names the structure, the count, the limit and what
// to change; the world, the window and both programs pass it on with the scene's or trace's
// name. The defaults are the one source of truth (docs/limits.md lists them); the flags
// --max-pairs, --max-cells and --max-bytes set them (resource_budget_flags.hpp).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace aabb {

/// Limits on what one broad phase stores; counts above them throw BudgetExceeded.
struct ResourceBudget {
    /// The most overlapping (or candidate) pairs one search may hold: 2^25 (256 MiB of pairs).
    std::uint64_t max_pairs = std::uint64_t{1} << 25;
    /// The most cells a grid may have, and the most (cell, box) entries a grid or hash may
    /// list: 2^25.
    std::uint64_t max_cells = std::uint64_t{1} << 25;
    /// The most bytes one of those arrays may take: 1 GiB.
    std::uint64_t max_bytes = std::uint64_t{1} << 30;
    /// Budgets compare field by field.
    [[nodiscard]] bool operator==(const ResourceBudget&) const = default;
};

/// The budget every broad phase starts with.
inline constexpr ResourceBudget default_resource_budget{};

/// What to change when the pair budget is exceeded (the one wording every structure uses).
inline constexpr std::string_view pair_budget_advice =
    "too many boxes overlap each other (boxes piled at one point overlap pairwise): spread them "
    "out, emit fewer, or raise the pair budget (--max-pairs)";

/// What to change when a grid or hash would list too many cells or entries.
inline constexpr std::string_view cell_budget_advice =
    "the cells are too small for the boxes: raise cell_size (0 picks it from the boxes) or "
    "lower max_cells_per_box or max_cells, or raise the cell budget (--max-cells)";

/// A count that went over a ResourceBudget limit; what() is the whole message.
class BudgetExceeded : public std::runtime_error {
  public:
    /// `message` as built by check_budget.
    BudgetExceeded(const std::string& message, std::uint64_t count, std::uint64_t limit)
        : std::runtime_error(message), count_(count), limit_(limit) {}
    /// The count that went over (for pairs: the count reached when the search stopped).
    [[nodiscard]] std::uint64_t count() const { return count_; }
    /// The limit it went over.
    [[nodiscard]] std::uint64_t limit() const { return limit_; }

  private:
    std::uint64_t count_;
    std::uint64_t limit_;
};

/// A search stopped because it ran past the deadline set with BroadPhase::set_deadline (a
/// time budget that can end inside a frame, e.g. brute force on a million boxes).
class DeadlineExceeded : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Throws BudgetExceeded unless `count` items of `item_bytes` bytes each fit both `limit` and
/// budget.max_bytes. `who` names the structure, `what` the items ("pairs", "cell entries"),
/// `limit_name` the budget field, `advice` what to change.
inline void check_budget(const ResourceBudget& budget, std::string_view who, std::string_view what,
                         std::uint64_t count, std::uint64_t limit, std::string_view limit_name,
                         std::size_t item_bytes, std::string_view advice) {
    const std::uint64_t bytes_limit = budget.max_bytes / std::max<std::size_t>(item_bytes, 1);
    if (count <= limit && count <= bytes_limit) return;
    const bool by_bytes = count <= limit;
    const std::uint64_t broken = by_bytes ? bytes_limit : limit;
    std::string message = std::string(who) + ": " + std::to_string(count) + " " +
                          std::string(what) + " needed, above the budget of " +
                          std::to_string(broken) + " (";
    message +=
        by_bytes ? std::to_string(budget.max_bytes) + " bytes, max_bytes" : std::string(limit_name);
    message += "); " + std::string(advice);
    throw BudgetExceeded(message, count, broken);
}

}  // namespace aabb
