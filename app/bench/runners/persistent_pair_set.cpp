#include "app/bench/runners/persistent_pair_set.hpp"

#include <algorithm>

namespace aabb::bench {

namespace {

void erase_partner(std::vector<std::uint32_t>& partners, std::uint32_t partner) {
    const auto found = std::find(partners.begin(), partners.end(), partner);
    *found = partners.back();
    partners.pop_back();
}

}  // namespace

void PersistentPairSet::reset(std::size_t box_count, const ResourceBudget& budget,
                              std::string_view who) {
    budget_ = budget;
    who_ = std::string(who);
    pairs_.clear();
    partners_.assign(box_count, {});
}

void PersistentPairSet::add(std::uint32_t a, std::uint32_t b) {
    // Walk the shorter edge list, as Box2D walks one body's contact edges.
    const std::vector<std::uint32_t>& a_partners = partners_[a];
    const std::vector<std::uint32_t>& b_partners = partners_[b];
    const bool a_shorter = a_partners.size() <= b_partners.size();
    const std::vector<std::uint32_t>& shorter = a_shorter ? a_partners : b_partners;
    const std::uint32_t other = a_shorter ? b : a;
    if (std::find(shorter.begin(), shorter.end(), other) != shorter.end()) return;
    // Box2D calls this from its C++ UpdatePairs, so the exception reaches the benchmark.
    check_budget(budget_, who_, "kept pairs", std::uint64_t{pairs_.size()} + 1, budget_.max_pairs,
                 "max_pairs", sizeof(BoxPair), pair_budget_advice);
    partners_[a].push_back(b);
    partners_[b].push_back(a);
    pairs_.push_back(make_pair_ordered(a, b));
}

void PersistentPairSet::drop(std::size_t k) {
    const BoxPair pair = pairs_[k];
    erase_partner(partners_[pair.first], pair.second);
    erase_partner(partners_[pair.second], pair.first);
    pairs_[k] = pairs_.back();
    pairs_.pop_back();
}

std::size_t PersistentPairSet::memory_bytes() const {
    std::size_t total = pairs_.capacity() * sizeof(BoxPair) +
                        partners_.capacity() * sizeof(std::vector<std::uint32_t>);
    for (const std::vector<std::uint32_t>& partners : partners_)
        total += partners.capacity() * sizeof(std::uint32_t);
    return total;
}

}  // namespace aabb::bench
