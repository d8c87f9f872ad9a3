#include "core/broadphase/broad_phase.hpp"

#include "core/broadphase/box_validity_simd.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

#include <immintrin.h>
#include <stdexcept>
#include <string>

namespace aabb {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string describe(const Box2& box) {
    return "[" + std::to_string(box.min.x) + ", " + std::to_string(box.max.x) + "] x [" +
           std::to_string(box.min.y) + ", " + std::to_string(box.max.y) + "]";
}

}  // namespace

void StructureVisitor::tree_node(const Box2&, int, bool, BoxId) {}
void StructureVisitor::cell(const Box2&, int, int) {}
void StructureVisitor::endpoint(int, float, BoxId, bool, int) {}
void StructureVisitor::band(int, float, float, int) {}
void StructureVisitor::fat_box(const Box2&, BoxId, bool) {}

BroadPhase::BroadPhase(TouchingPolicy policy)
    : policy_(policy), open_(policy.rule == TouchingRule::open) {
    if (policy.rule == TouchingRule::tolerance &&
        !(std::isfinite(policy.relative_tolerance) && policy.relative_tolerance >= 0.0f &&
          policy.relative_tolerance < 1.0f)) {
        throw std::invalid_argument("touching policy: relative_tolerance must be in [0, 1), got " +
                                    std::to_string(policy.relative_tolerance));
    }
}

Box2 BroadPhase::stored_form(const Box2& box) const {
    return policy_.rule == TouchingRule::tolerance ? expanded(box, tolerance_padding(box, policy_))
                                                   : box;
}

void BroadPhase::check_box(const Box2& box, const char* what, std::size_t index) const {
    if (box.is_valid()) return;
    const bool finite = std::isfinite(box.min.x) && std::isfinite(box.min.y) &&
                        std::isfinite(box.max.x) && std::isfinite(box.max.y);
    throw std::invalid_argument(std::string(what) + " " + std::to_string(index) + ": box " +
                                describe(box) +
                                (finite ? " has min > max" : " has a NaN or infinite coordinate"));
}

void BroadPhase::add(BoxId id, const Box2& box) {
    if (id > max_box_id) {
        throw std::invalid_argument("box id " + std::to_string(id) + " is above the limit " +
                                    std::to_string(max_box_id));
    }
    check_box(box, "box id", id);
    if (contains(id)) {
        throw std::invalid_argument("box id " + std::to_string(id) + " is already present");
    }
    if (id >= boxes_.size()) {
        boxes_.resize(std::size_t{id} + 1);
        present_.resize(std::size_t{id} + 1, 0);
    }
    boxes_[id] = stored_form(box);
    present_[id] = 1;
    ++count_;
    try {
        do_add(id);
    } catch (...) {
        present_[id] = 0;
        --count_;
        rebuild_structure();
        throw;
    }
}

void BroadPhase::update(BoxId id, const Box2& box) {
    check_box(box, "box id", id);
    if (!contains(id)) {
        throw std::invalid_argument("box id " + std::to_string(id) + " is not present");
    }
    const Box2 old_box = boxes_[id];
    boxes_[id] = stored_form(box);
    try {
        do_update(id, old_box);
    } catch (...) {
        boxes_[id] = old_box;
        rebuild_structure();
        throw;
    }
}

void BroadPhase::remove(BoxId id) {
    if (!contains(id)) {
        throw std::invalid_argument("box id " + std::to_string(id) + " is not present");
    }
    try {
        do_remove(id);
    } catch (...) {
        rebuild_structure();
        throw;
    }
    present_[id] = 0;
    --count_;
}

namespace {

// Copies `boxes` to `target` and returns true when every box is finite with min <= max. One
// SSE pass over the four floats of each box (a Box2 is min x, min y, max x, max y): checking
// a frame costs nothing beyond copying it; the slow per-box check runs only to name the first
// bad box.
bool copy_if_valid_sse2(const Box2* boxes, std::size_t count, Box2* target) {
    static_assert(sizeof(Box2) == 4 * sizeof(float));
    __m128 valid = _mm_castsi128_ps(_mm_set1_epi32(-1));
    const float* floats = reinterpret_cast<const float*>(boxes);
    float* target_floats = reinterpret_cast<float*>(target);
    for (std::size_t index = 0; index < count; ++index) {
        const __m128 box = _mm_loadu_ps(floats + 4 * index);
        _mm_storeu_ps(target_floats + 4 * index, box);
        valid = _mm_and_ps(valid, valid_box_lanes(box));
    }
    return _mm_movemask_ps(valid) == 0xf;
}

// The same, two boxes per instruction (AVX2 machines).
__attribute__((target("avx2"))) bool copy_if_valid_avx2(const Box2* boxes, std::size_t count,
                                                        Box2* target) {
    __m256 valid = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
    const float* floats = reinterpret_cast<const float*>(boxes);
    float* target_floats = reinterpret_cast<float*>(target);
    std::size_t index = 0;
    for (; index + 2 <= count; index += 2) {
        const __m256 pair = _mm256_loadu_ps(floats + 4 * index);
        _mm256_storeu_ps(target_floats + 4 * index, pair);
        valid = _mm256_and_ps(valid, valid_box_pair_lanes(pair));
    }
    const bool head_valid = _mm256_movemask_ps(valid) == 0xff;
    return copy_if_valid_sse2(boxes + index, count - index, target + index) && head_valid;
}

bool copy_if_valid(std::span<const Box2> boxes, Box2* target) {
    static const bool has_avx2 = __builtin_cpu_supports("avx2");
    return has_avx2 ? copy_if_valid_avx2(boxes.data(), boxes.size(), target)
                    : copy_if_valid_sse2(boxes.data(), boxes.size(), target);
}

}  // namespace

void BroadPhase::set_all(std::span<const Box2> boxes) {
    if (boxes.size() > std::size_t{max_box_id} + 1) {
        throw std::invalid_argument("set_all: " + std::to_string(boxes.size()) +
                                    " boxes is above the limit " + std::to_string(max_box_id + 1));
    }
    const auto start = Clock::now();
    // Last frame's boxes become the previous ones by swapping buffers, not copying them; the
    // new buffer is then written whole. Ids past the new count keep their old box and presence
    // until do_set_all has removed them from the structure.
    const std::size_t old_size = boxes_.size();
    const std::size_t new_count = boxes.size();
    previous_boxes_.swap(boxes_);
    previous_presence_.swap(present_);
    // From here until do_set_all returns, an exception (std::bad_alloc, or one carried back
    // from a worker of copy_valid_boxes or do_set_all) puts last frame's buffers back and
    // rebuilds the structure from them.
    bool restored = false;
    try {
        const std::size_t size = std::max(old_size, new_count);
        boxes_.resize(size);
        present_.resize(size);
        if (new_count < old_size) {
            std::copy(previous_boxes_.begin() + static_cast<std::ptrdiff_t>(new_count),
                      previous_boxes_.end(),
                      boxes_.begin() + static_cast<std::ptrdiff_t>(new_count));
            std::copy(previous_presence_.begin() + static_cast<std::ptrdiff_t>(new_count),
                      previous_presence_.end(),
                      present_.begin() + static_cast<std::ptrdiff_t>(new_count));
        }
        if (!copy_valid_boxes(boxes, boxes_.data())) {
            // Nothing is half-set: the buffers swap back before the error names the bad box.
            previous_boxes_.swap(boxes_);
            previous_presence_.swap(present_);
            restored = true;
            for (std::size_t index = 0; index < boxes.size(); ++index)
                check_box(boxes[index], "box", index);
        }
        if (policy_.rule == TouchingRule::tolerance) {
            for (std::size_t index = 0; index < new_count; ++index)
                boxes_[index] = stored_form(boxes[index]);
        }
        std::fill(present_.begin(), present_.begin() + static_cast<std::ptrdiff_t>(new_count),
                  std::uint8_t{1});
        do_set_all(new_count, previous_boxes_, previous_presence_);
    } catch (...) {
        if (!restored) {
            previous_boxes_.swap(boxes_);
            previous_presence_.swap(present_);
            rebuild_structure();
        }
        throw;
    }
    std::fill(present_.begin() + static_cast<std::ptrdiff_t>(new_count), present_.end(),
              std::uint8_t{0});
    count_ = new_count;
    last_update_ms_ = milliseconds_since(start);
}

bool BroadPhase::copy_valid_boxes(std::span<const Box2> boxes, Box2* stored) {
    return copy_if_valid(boxes, stored);
}

void BroadPhase::do_set_all(std::size_t new_count, std::span<const Box2> old_boxes,
                            std::span<const std::uint8_t> was_present) {
    for (std::size_t index = new_count; index < present_.size(); ++index) {
        if (present_[index]) do_remove(static_cast<BoxId>(index));
    }
    for (std::size_t index = 0; index < new_count; ++index) {
        const auto id = static_cast<BoxId>(index);
        if (index < was_present.size() && was_present[index]) {
            do_update(id, old_boxes[index]);
        } else {
            do_add(id);
        }
    }
}

void BroadPhase::clear() {
    boxes_.clear();
    present_.clear();
    count_ = 0;
    do_clear();
}

void BroadPhase::find_pairs(std::vector<BoxPair>& pairs) {
    const auto start = Clock::now();
    pairs.clear();
    PairSearchCounters counters;
    try {
        do_find_pairs(pairs, counters);
    } catch (...) {
        // The search may have left caches half-updated; the boxes themselves did not change.
        pairs.clear();
        rebuild_structure();
        throw;
    }
    last_counters_ = counters;
    last_true_pairs_ = pairs.size();
    last_pairs_ms_ = milliseconds_since(start);
}

void BroadPhase::rebuild_structure() noexcept {
    try {
        std::vector<std::uint8_t> present;
        present.swap(present_);
        present_.assign(present.size(), 0);
        count_ = 0;
        do_clear();
        for (std::size_t index = 0; index < present.size(); ++index) {
            if (!present[index]) continue;
            present_[index] = 1;
            ++count_;
            do_add(static_cast<BoxId>(index));
        }
    } catch (...) {
        boxes_.clear();
        present_.clear();
        count_ = 0;
        try {
            do_clear();
        } catch (...) {
            // do_clear only releases: nothing is left to undo.
        }
    }
}

void BroadPhase::check_deadline() const {
    if (deadline_ && Clock::now() >= *deadline_) {
        throw DeadlineExceeded(std::string(name()) + ": stopped inside the search (time budget)");
    }
}

void BroadPhase::grow_pairs(std::vector<BoxPair>& pairs) const {
    check_pair_count(pairs.size() + 1);
    const std::uint64_t most =
        std::min<std::uint64_t>(budget_.max_pairs, budget_.max_bytes / sizeof(BoxPair));
    pairs.reserve(static_cast<std::size_t>(
        std::min<std::uint64_t>(std::max<std::uint64_t>(2 * pairs.size(), 64), most)));
}

void BroadPhase::check_pair_count(std::uint64_t count) const {
    check_budget(budget_, name(), "pairs", count, budget_.max_pairs, "max_pairs", sizeof(BoxPair),
                 pair_budget_advice);
}

void BroadPhase::check_cell_count(std::uint64_t count, std::string_view what,
                                  std::size_t item_bytes) const {
    check_budget(budget_, name(), what, count, budget_.max_cells, "max_cells", item_bytes,
                 cell_budget_advice);
}

void BroadPhase::query_box(const Box2& box, std::vector<BoxId>& ids) const {
    check_box(box, "query", 0);
    ids.clear();
    do_query_box(stored_form(box), ids);
}

void BroadPhase::cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits) const {
    const bool finite = std::isfinite(ray.origin.x) && std::isfinite(ray.origin.y) &&
                        std::isfinite(ray.direction.x) && std::isfinite(ray.direction.y) &&
                        !std::isnan(ray.max_t);
    if (!finite) throw std::invalid_argument("cast_ray: the ray has a NaN or infinite component");
    hits.clear();
    RayCastCounters counters;
    do_cast_ray(ray, hits, counters);
    last_ray_counters_ = counters;
}

BroadPhaseStats BroadPhase::stats() const {
    BroadPhaseStats result;
    result.box_tests = last_counters_.box_tests;
    result.candidate_pairs = last_counters_.candidate_pairs;
    result.true_pairs = last_true_pairs_;
    result.update_ms = last_update_ms_;
    result.pairs_ms = last_pairs_ms_;
    result.ray_node_visits = last_ray_counters_.node_visits;
    result.ray_leaf_visits = last_ray_counters_.leaf_visits;
    result.memory_bytes =
        boxes_.capacity() * sizeof(Box2) + present_.capacity() + structure_memory_bytes();
    fill_structure_stats(result);
    return result;
}

void BroadPhase::visit(StructureVisitor&) const {}

void BroadPhase::do_query_box(const Box2& box, std::vector<BoxId>& ids) const {
    for (std::size_t id = 0; id < boxes_.size(); ++id) {
        if (present_[id] && exact_overlap(box, boxes_[id])) ids.push_back(static_cast<BoxId>(id));
    }
}

void BroadPhase::do_cast_ray(const Ray2& ray, std::vector<RayCastHit>& hits,
                             RayCastCounters& counters) const {
    const PreparedRay<2> prepared(ray);
    for (std::size_t id = 0; id < boxes_.size(); ++id) {
        if (!present_[id]) continue;
        ++counters.leaf_visits;
        const RayBoxHit<2> hit = intersect(prepared, boxes_[id]);
        if (hit.hit) hits.push_back({static_cast<BoxId>(id), hit.t_enter});
    }
}

void BroadPhase::fill_structure_stats(BroadPhaseStats&) const {}

}  // namespace aabb
