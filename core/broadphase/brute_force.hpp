#pragma once
// Brute force: test every pair, n(n−1)/2 tests. The reference every other algorithm is
// checked against (curriculum §1).

#include <vector>

#include "core/broadphase/broad_phase.hpp"

namespace aabb {

/// The all-pairs reference broad phase; it keeps a dense list of present ids.
class BruteForce final : public BroadPhase {
  public:
    /// A brute-force broad phase under `policy`.
    explicit BruteForce(TouchingPolicy policy = {}) : BroadPhase(policy) {}
    /// "brute_force".
    [[nodiscard]] std::string_view name() const override { return "brute_force"; }

  protected:
    void do_add(BoxId id) override;
    void do_update(BoxId, const Box2&) override {}
    void do_remove(BoxId id) override;
    void do_clear() override;
    void do_find_pairs(std::vector<BoxPair>& pairs, PairSearchCounters& counters) override;
    [[nodiscard]] std::size_t structure_memory_bytes() const override;

  private:
    std::vector<BoxId> ids_;                 // present ids, dense
    std::vector<std::uint32_t> slot_of_id_;  // position of each id in ids_
};

}  // namespace aabb
