#include "core/world/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/geometry/box_transform.hpp"
#include "core/narrowphase/narrow_phase.hpp"
#include "core/shapes/convex_polygon.hpp"
#include "core/world/body_extent.hpp"
#include "core/world/body_rotation.hpp"
#include "core/world/state_hash.hpp"

namespace aabb {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

bool is_finite(glm::vec2 value) {
    return std::isfinite(value.x) && std::isfinite(value.y);
}

// Keeps the entries of `values` whose flag in `removed` is 0, in order.
template <typename T>
void compact(std::vector<T>& values, std::span<const std::uint8_t> removed) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!removed[i]) values[kept++] = values[i];
    }
    values.resize(kept);
}

void sort_pairs(std::vector<BoxPair>& pairs, std::size_t box_count,
                std::vector<std::uint32_t>& bucket_scratch, std::vector<BoxPair>& pair_scratch) {
    // Below a few thousand pairs, or with far more boxes (buckets) than pairs, std::sort is
    // as good.
    constexpr std::size_t counting_sort_from = 4096;
    constexpr std::size_t most_boxes_per_pair = 64;
    if (pairs.size() < counting_sort_from || box_count > pairs.size() * most_boxes_per_pair) {
        std::sort(pairs.begin(), pairs.end());
        return;
    }
    if (std::is_sorted(pairs.begin(), pairs.end())) return;
    // Counting sort by the first id, then each first id's few pairs sorted by the second:
    // O(n + pairs) and the same order as std::sort, since (first, second) is a total order.
    bucket_scratch.assign(box_count + 1, 0);
    for (const BoxPair& pair : pairs) {
        if (pair.first >= box_count) {
            std::sort(pairs.begin(), pairs.end());
            return;
        }
        ++bucket_scratch[pair.first + 1];
    }
    for (std::size_t b = 1; b <= box_count; ++b)
        bucket_scratch[b] += bucket_scratch[b - 1];
    pair_scratch.resize(pairs.size());
    for (const BoxPair& pair : pairs)
        pair_scratch[bucket_scratch[pair.first]++] = pair;
    // bucket_scratch[b] is now the end of bucket b, the start of bucket b + 1.
    // Insertion sort within a bucket, which holds few pairs; a body with many partners (a wall
    // across thousands of boxes) gets std::sort, or its bucket would cost O(k²).
    constexpr std::size_t insertion_sort_up_to = 32;
    std::size_t begin = 0;
    for (std::size_t b = 0; b < box_count; ++b) {
        const std::size_t end = bucket_scratch[b];
        if (end - begin > insertion_sort_up_to) {
            std::sort(pair_scratch.begin() + static_cast<std::ptrdiff_t>(begin),
                      pair_scratch.begin() + static_cast<std::ptrdiff_t>(end));
            begin = end;
            continue;
        }
        for (std::size_t k = begin + 1; k < end; ++k) {
            const BoxPair value = pair_scratch[k];
            std::size_t j = k;
            for (; j > begin && value.second < pair_scratch[j - 1].second; --j)
                pair_scratch[j] = pair_scratch[j - 1];
            pair_scratch[j] = value;
        }
        begin = end;
    }
    pairs.swap(pair_scratch);
}

}  // namespace

World::World(WorldSettings settings) {
    settings_ = std::move(settings);
    random_.seed(settings_.seed);
    if (!(std::isfinite(settings_.time_step) && settings_.time_step > 0.0f)) {
        throw std::invalid_argument("world: time_step must be a positive finite number");
    }
    if (!settings_.bounds.is_valid()) {
        throw std::invalid_argument("world: bounds must be finite with min <= max");
    }
    if (settings_.threads < 0 || settings_.threads > max_step_threads) {
        throw std::invalid_argument("world: threads must be 0 (automatic), 1 or 2, got " +
                                    std::to_string(settings_.threads));
    }
    broad_phase_ =
        make_broad_phase(settings_.broad_phase, settings_.touching, settings_.broad_phase_options);
    broad_phase_->set_budget(settings_.resource_budget);
}

WorkerPool* World::step_pool() {
    if (step_pool_) return step_pool_.get();
    if (bodies_.size() < parallel_step_min_bodies) return nullptr;
    const int threads = settings_.threads != 0
                            ? settings_.threads
                            : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u,
                                                          static_cast<unsigned>(max_step_threads)));
    if (threads < 2) return nullptr;
    // Made once, at the first step that is worth it; its one worker sleeps between steps.
    step_pool_ = std::make_unique<WorkerPool>(threads - 1);
    return step_pool_.get();
}

void World::set_resource_budget(const ResourceBudget& budget) {
    settings_.resource_budget = budget;
    broad_phase_->set_budget(budget);
}

World::World(const World& other)
    : detail::WorldState(other),
      broad_phase_(make_broad_phase(settings_.broad_phase, settings_.touching)) {
    broad_phase_->set_budget(settings_.resource_budget);
    // The same boxes give the same pairs under every exact broad phase, so the copy steps
    // exactly like the original; finding the pairs once restores the broad phase's counters.
    broad_phase_->set_all(broad_phase_boxes());
    std::vector<BoxPair> pairs;
    broad_phase_->find_pairs(pairs);
}

World& World::operator=(const World& other) {
    if (this != &other) *this = World(other);
    return *this;
}

void World::validate_body(const Body& body) const {
    if (!is_finite(body.position) || !is_finite(body.velocity) || !is_finite(body.half_size) ||
        !std::isfinite(body.angle) || !std::isfinite(body.angular_velocity) ||
        !std::isfinite(body.radius)) {
        throw std::invalid_argument("world: body has a NaN or infinite value");
    }
    switch (body.shape) {
        case ShapeType::box:
            if (!is_valid_half_size(body.half_size)) {
                throw std::invalid_argument("world: body half_size must be at least 5e-07");
            }
            break;
        case ShapeType::circle:
            if (!is_valid_radius(body.radius)) {
                throw std::invalid_argument("world: circle radius must be at least 1e-06");
            }
            break;
        case ShapeType::polygon:
            if (body.polygon >= polygons_.size()) {
                throw std::invalid_argument("world: body names unknown polygon " +
                                            std::to_string(body.polygon));
            }
            break;
    }
}

Box2 World::local_box(const Body& body) const {
    switch (body.shape) {
        case ShapeType::box:
            return Box2::from_center_extents(glm::vec2(0.0f), body.half_size);
        case ShapeType::circle:
            return Box2::from_center_extents(glm::vec2(0.0f), glm::vec2(body.radius));
        case ShapeType::polygon:
            return bounding_box_of_points(polygon_vertices(body.polygon));
    }
    return {};
}

Box2 World::world_box(std::size_t index) const {
    const Body& body = bodies_[index];
    if (body.shape == ShapeType::circle) {
        return Box2::from_center_extents(body.position, glm::vec2(body.radius));
    }
    // An unrotated box: the general path below gives exactly this (its local box is centered
    // on 0 and its rotation the identity), without the rotation.
    if (body.shape == ShapeType::box && body.angle == 0.0f) {
        return Box2::from_center_extents(body.position, body.half_size);
    }
    // From the local box and the current pose every time, never from the last world box.
    return transformed(local_box(body), body_rotation_matrix(body_cosine_sine(body.angle)),
                       body.position);
}

std::span<const glm::vec2> World::polygon_vertices(PolygonId id) const {
    const PolygonRange range = polygons_[id];
    return std::span<const glm::vec2>(polygon_vertices_).subspan(range.offset, range.count);
}

void World::push_body(const Body& body) {
    bodies_.push_back(body);
    Body& stored = bodies_.back();
    if (stored.kind == BodyKind::bullet) ++bullet_count_;
    if (stored.kind == BodyKind::wall) ++wall_count_;
    if (stored.shape != ShapeType::box) stored.half_size = local_box(stored).extents();
    if (stored.kind == BodyKind::wall) {
        stored.velocity = glm::vec2(0.0f);
        stored.angular_velocity = 0.0f;
    }
    ids_.push_back(next_id_++);
    boxes_.push_back(world_box(bodies_.size() - 1));
    if (!broad_boxes_are_world_boxes_) broad_boxes_.push_back(boxes_.back());
    vertex_ranges_.push_back({});
    plain_boxes_.push_back(is_plain_box(stored) ? 1 : 0);
}

std::size_t World::add_body(const Body& body) {
    validate_body(body);
    push_body(body);
    return bodies_.size() - 1;
}

PolygonId World::add_polygon(std::span<const glm::vec2> local_vertices) {
    validate_convex_polygon(local_vertices, "world: polygon");
    polygons_.push_back({static_cast<std::uint32_t>(polygon_vertices_.size()),
                         static_cast<std::uint32_t>(local_vertices.size())});
    polygon_vertices_.insert(polygon_vertices_.end(), local_vertices.begin(), local_vertices.end());
    return static_cast<PolygonId>(polygons_.size() - 1);
}

void World::add_spawner(const Spawner& spawner) {
    if (!is_finite(spawner.position) || !std::isfinite(spawner.direction) ||
        !std::isfinite(spawner.spread) || !std::isfinite(spawner.speed) ||
        !std::isfinite(spawner.rate)) {
        throw std::invalid_argument("world: spawner has a NaN or infinite value");
    }
    if (spawner.spread < 0.0f || spawner.speed < 0.0f || !(spawner.rate > 0.0f)) {
        throw std::invalid_argument("world: spawner needs spread >= 0, speed >= 0 and rate > 0");
    }
    validate_body(spawner.body);
    spawners_.push_back(spawner);
    spawn_accumulators_.push_back(0.0f);
    spawned_counts_.push_back(0);
}

void World::clear() {
    bodies_.clear();
    bullet_count_ = 0;
    wall_count_ = 0;
    ids_.clear();
    boxes_.clear();
    use_world_boxes_in_broad_phase();
    start_positions_.clear();
    start_angles_.clear();
    vertex_ranges_.clear();
    plain_boxes_.clear();
    vertices_.clear();
    polygons_.clear();
    polygon_vertices_.clear();
    spawners_.clear();
    spawn_accumulators_.clear();
    spawned_counts_.clear();
    pairs_.clear();
    pair_contacts_.clear();
    contacts_.clear();
    events_.clear();
    tunneled_ids_.clear();
    meetings_.clear();
    motion_regions_.clear();
    pending_events_.clear();
    path_outcomes_.clear();
    path_bodies_.clear();
    // Together: respond_to_contacts unsets the responders' entries before resizing.
    responders_.clear();
    response_targets_.clear();
    response_normals_.clear();
    broad_phase_->clear();
    last_counts_ = {};
    total_counts_ = {};
    next_id_ = 0;
    random_.seed(settings_.seed);
    frame_ = 0;
}

void World::use_world_boxes_in_broad_phase() {
    broad_boxes_are_world_boxes_ = true;
    broad_boxes_.clear();
}

void World::find_candidates() {
    broad_phase_->set_all(broad_phase_boxes());
    broad_phase_->find_pairs(pairs_);
    sort_pairs(pairs_, bodies_.size(), remap_scratch_, previous_pairs_);
    const BroadPhaseStats stats = broad_phase_->stats();
    timings_.update_ms = stats.update_ms;
    timings_.pairs_ms = stats.pairs_ms;
}

void World::remove_flagged() {
    if (std::find(removed_.begin(), removed_.end(), std::uint8_t{1}) == removed_.end()) return;
    const std::size_t count = bodies_.size();
    remap_scratch_.assign(count, no_target);
    std::uint32_t next = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (!removed_[i]) {
            remap_scratch_[i] = next++;
        } else if (bodies_[i].kind == BodyKind::bullet) {
            --bullet_count_;
        } else if (bodies_[i].kind == BodyKind::wall) {
            --wall_count_;
        }
    }
    compact(bodies_, removed_);
    compact(ids_, removed_);
    compact(boxes_, removed_);
    if (broad_boxes_.size() == count) compact(broad_boxes_, removed_);
    compact(vertex_ranges_, removed_);
    compact(plain_boxes_, removed_);
    if (start_positions_.size() == count) compact(start_positions_, removed_);
    if (start_angles_.size() == count) compact(start_angles_, removed_);
    // Keep the last step's pairs and contacts meaningful: drop the removed, renumber the rest
    // (renumbering is monotonic, so the pairs stay sorted).
    std::size_t kept = 0;
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
        const BoxPair pair = pairs_[k];
        if (pair.first >= count || pair.second >= count) continue;
        const std::uint32_t first = remap_scratch_[pair.first];
        const std::uint32_t second = remap_scratch_[pair.second];
        if (first == no_target || second == no_target) continue;
        pairs_[kept] = {first, second};
        pair_contacts_[kept] = k < pair_contacts_.size() ? pair_contacts_[k] : 0;
        ++kept;
    }
    pairs_.resize(kept);
    pair_contacts_.resize(kept);
    kept = 0;
    for (const Contact& contact : contacts_) {
        if (contact.first >= count || contact.second >= count) continue;
        const std::uint32_t first = remap_scratch_[contact.first];
        const std::uint32_t second = remap_scratch_[contact.second];
        if (first == no_target || second == no_target) continue;
        Contact renumbered = contact;
        renumbered.first = first;
        renumbered.second = second;
        contacts_[kept++] = renumbered;
    }
    contacts_.resize(kept);
    removed_.assign(bodies_.size(), 0);
}

void World::step() {
    const auto start = Clock::now();
    spawn();
    integrate();
    update_geometry();
    if (has_continuous_bodies_) prepare_motion_regions();
    if (has_swept_bodies_) {
        broad_boxes_.resize(bodies_.size());
        for (std::size_t i = 0; i < bodies_.size(); ++i)
            broad_boxes_[i] = is_swept(i) ? motion_regions_[i] : boxes_[i];
        broad_boxes_are_world_boxes_ = false;
    } else {
        // Without swept bodies the broad phase gets the world boxes themselves: no copy (at a
        // million boxes, 16 MB read and written a step).
        use_world_boxes_in_broad_phase();
    }
    const auto integrated = Clock::now();
    find_candidates();
    const auto narrow_start = Clock::now();
    // Detection first, for every body, before any is moved by a response or removed for
    // leaving the world (a bullet that leaves it after a wall still meets the wall).
    follow_continuous_bodies();
    classify_pairs(true);
    label_events();
    respond_to_contacts();
    respond();
    flag_escaped_bodies();
    count_step();
    remove_flagged();
    ++frame_;
    const auto end = Clock::now();
    timings_.integrate_ms = milliseconds_between(start, integrated);
    timings_.narrow_ms = milliseconds_between(narrow_start, end);
    timings_.total_ms = milliseconds_between(start, end);
}

void World::count_step() {
    last_counts_ = {};
    last_counts_.candidate_pairs = pairs_.size();
    last_counts_.contacts = contacts_.size();
    last_counts_.false_positives = pairs_.size() - contacts_.size();
    last_counts_.unresolved_impacts = unresolved_impacts_;
    BodyId last_tunneled = 0;
    for (const MotionEvent& event : events_) {
        switch (event.kind) {
            case MotionEventKind::hit:
                ++last_counts_.hits;
                break;
            case MotionEventKind::tunneled: {
                // Events are in body order: a body's tunneling events are together.
                if (last_counts_.tunneling_events == 0 || event.body != last_tunneled)
                    ++last_counts_.tunneled_bodies;
                last_tunneled = event.body;
                ++last_counts_.tunneling_events;
                const auto at =
                    std::lower_bound(tunneled_ids_.begin(), tunneled_ids_.end(), event.body);
                if (at == tunneled_ids_.end() || *at != event.body)
                    tunneled_ids_.insert(at, event.body);
                break;
            }
            case MotionEventKind::escaped:
                ++last_counts_.escaped;
                break;
        }
    }
    total_counts_.candidate_pairs += last_counts_.candidate_pairs;
    total_counts_.contacts += last_counts_.contacts;
    total_counts_.false_positives += last_counts_.false_positives;
    total_counts_.hits += last_counts_.hits;
    total_counts_.tunneling_events += last_counts_.tunneling_events;
    total_counts_.tunneled_bodies = tunneled_ids_.size();
    total_counts_.escaped += last_counts_.escaped;
    total_counts_.unresolved_impacts += last_counts_.unresolved_impacts;
}

void World::remove_body(std::size_t index) {
    if (index >= bodies_.size()) {
        throw std::invalid_argument("world: remove_body: index " + std::to_string(index) +
                                    " is out of range (" + std::to_string(bodies_.size()) +
                                    " bodies)");
    }
    removed_.assign(bodies_.size(), 0);
    removed_[index] = 1;
    remove_flagged();
    refresh_pairs();
}

void World::set_body_position(std::size_t index, glm::vec2 position) {
    if (index >= bodies_.size()) {
        throw std::invalid_argument("world: set_body_position: index " + std::to_string(index) +
                                    " is out of range (" + std::to_string(bodies_.size()) +
                                    " bodies)");
    }
    if (!std::isfinite(position.x) || !std::isfinite(position.y)) {
        throw std::invalid_argument("world: set_body_position: position is not finite");
    }
    bodies_[index].position = position;
    refresh_pairs();
}

void World::refresh_pairs() {
    update_geometry();
    use_world_boxes_in_broad_phase();
    find_candidates();
    classify_pairs(false);
}

void World::set_broad_phase(std::string_view name, const BroadPhaseParameterValues& options) {
    auto replacement = make_broad_phase(name, settings_.touching, options);
    replacement->set_budget(settings_.resource_budget);
    // Tried on the current boxes before anything changes: options whose cost goes over the
    // budget (a tiny cell size, say) throw BudgetExceeded here and the world keeps its broad
    // phase.
    std::vector<BoxPair> pairs;
    replacement->set_all(broad_phase_boxes());
    replacement->find_pairs(pairs);
    std::sort(pairs.begin(), pairs.end());
    settings_.broad_phase = std::string(name);
    settings_.broad_phase_options = options;
    broad_phase_ = std::move(replacement);
    // The same boxes give the same pairs under every exact broad phase, so the contacts of
    // the last step stay valid and the next step is unchanged. Only bodies added since the
    // last step can change the pairs; then they are classified again at the current poses.
    previous_pairs_.swap(pairs_);
    pairs_.swap(pairs);
    const BroadPhaseStats stats = broad_phase_->stats();
    timings_.update_ms = stats.update_ms;
    timings_.pairs_ms = stats.pairs_ms;
    if (previous_pairs_ != pairs_) classify_pairs(false);
}

std::uint64_t World::state_hash() const {
    StateHasher hasher;
    hasher.add(static_cast<std::uint64_t>(bodies_.size()));
    hasher.add(frame_);
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        const Body& body = bodies_[i];
        hasher.add(ids_[i]);
        hasher.add(body.position.x);
        hasher.add(body.position.y);
        hasher.add(body.velocity.x);
        hasher.add(body.velocity.y);
        hasher.add(body.half_size.x);
        hasher.add(body.half_size.y);
        hasher.add(body.angle);
        hasher.add(body.angular_velocity);
        hasher.add(body.radius);
        hasher.add(body.polygon);
        hasher.add(static_cast<std::uint8_t>(body.kind));
        hasher.add(static_cast<std::uint8_t>(body.shape));
        hasher.add(static_cast<std::uint8_t>(body.detection));
        hasher.add(static_cast<std::uint8_t>(body.response));
    }
    for (std::size_t s = 0; s < spawners_.size(); ++s) {
        hasher.add(spawn_accumulators_[s]);
        hasher.add(spawned_counts_[s]);
    }
    return hasher.value();
}

void add_random_moving_boxes(World& world, std::size_t count, std::uint32_t seed) {
    std::mt19937 random(seed);
    const Box2& bounds = world.settings().bounds;
    const glm::vec2 size = bounds.size();
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    // Above 300 boxes the sizes shrink with 1/sqrt(count), so the covered fraction of the
    // bounds — and the pairs per box — stay those of the 300-box scene instead of growing
    // with n (at 10,000 unscaled boxes every box would overlap several others).
    const float density_scale = count > 300 ? std::sqrt(300.0f / static_cast<float>(count)) : 1.0f;
    for (std::size_t i = 0; i < count; ++i) {
        Body body;
        // Mostly small boxes with a few large ones, as in a game level.
        const float scale = (unit(random) < 0.9f ? 0.006f : 0.025f) * density_scale;
        body.half_size = glm::vec2(0.3f + unit(random), 0.3f + unit(random)) * scale * size.x;
        body.position = bounds.min + glm::vec2(unit(random), unit(random)) * size;
        const float angle = unit(random) * 6.2831853f;
        const float speed = (0.02f + 0.08f * unit(random)) * size.x;
        body.velocity = glm::vec2(std::cos(angle), std::sin(angle)) * speed;
        world.add_body(body);
    }
    world.refresh_pairs();
}

}  // namespace aabb
