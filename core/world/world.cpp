#include "core/world/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/geometry/box_transform.hpp"
#include "core/geometry/swept_box.hpp"
#include "core/narrowphase/narrow_phase.hpp"
#include "core/shapes/convex_polygon.hpp"
#include "core/shapes/rotation.hpp"
#include "core/world/body_extent.hpp"
#include "core/world/state_hash.hpp"

namespace aabb {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint32_t no_target = std::numeric_limits<std::uint32_t>::max();
constexpr float two_pi = 6.2831853f;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

bool is_finite(glm::vec2 value) {
    return std::isfinite(value.x) && std::isfinite(value.y);
}

// A uniform float in [0, 1) from the top 24 bits of the engine: unlike
// std::uniform_real_distribution, the same on every standard library.
float unit_random(std::mt19937& random) {
    return static_cast<float>(random() >> 8) * (1.0f / 16777216.0f);
}

// Puts the sweep's normal (from B towards A) the other way round: from A towards B.
glm::vec2 normal_from_a_to_b(const SweepResult<2>& result) {
    return -result.normal;
}

// True when A moves into B along the normal from A towards B.
bool approaches(glm::vec2 relative_displacement, glm::vec2 normal_a_to_b) {
    return glm::dot(relative_displacement, normal_a_to_b) > 0.0f;
}

template <typename T>
void compact(std::vector<T>& values, std::span<const std::uint8_t> removed) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!removed[i]) values[kept++] = values[i];
    }
    values.resize(kept);
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
    broad_phase_ =
        make_broad_phase(settings_.broad_phase, settings_.touching, settings_.broad_phase_options);
    broad_phase_->set_budget(budget_);
}

void World::set_resource_budget(const ResourceBudget& budget) {
    budget_ = budget;
    broad_phase_->set_budget(budget);
}

World::World(const World& other)
    : detail::WorldState(other),
      broad_phase_(make_broad_phase(settings_.broad_phase, settings_.touching)) {
    broad_phase_->set_budget(budget_);
    // The same boxes give the same pairs under every exact broad phase, so the copy steps
    // exactly like the original; finding the pairs once restores the broad phase's counters.
    broad_phase_->set_all(broad_boxes_);
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
    // From the local box and the current pose every time, never from the last world box.
    return transformed(local_box(body), rotation_2d(body.angle), body.position);
}

std::span<const glm::vec2> World::polygon_vertices(PolygonId id) const {
    const PolygonRange range = polygons_[id];
    return std::span<const glm::vec2>(polygon_vertices_).subspan(range.offset, range.count);
}

void World::push_body(const Body& body) {
    bodies_.push_back(body);
    Body& stored = bodies_.back();
    if (stored.shape != ShapeType::box) stored.half_size = local_box(stored).extents();
    if (stored.kind == BodyKind::wall) {
        stored.velocity = glm::vec2(0.0f);
        stored.angular_velocity = 0.0f;
    }
    ids_.push_back(next_id_++);
    boxes_.push_back(world_box(bodies_.size() - 1));
    broad_boxes_.push_back(boxes_.back());
    vertex_ranges_.push_back({});
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
    ids_.clear();
    boxes_.clear();
    broad_boxes_.clear();
    start_boxes_.clear();
    start_positions_.clear();
    vertex_ranges_.clear();
    vertices_.clear();
    polygons_.clear();
    polygon_vertices_.clear();
    spawners_.clear();
    spawn_accumulators_.clear();
    spawned_counts_.clear();
    pairs_.clear();
    pair_contacts_.clear();
    contacts_.clear();
    hits_.clear();
    tunneled_.clear();
    tunneling_log_.clear();
    broad_phase_->clear();
    last_counts_ = {};
    total_counts_ = {};
    next_id_ = 0;
    random_.seed(settings_.seed);
    frame_ = 0;
}

void World::spawn() {
    const float dt = settings_.time_step;
    for (std::size_t s = 0; s < spawners_.size(); ++s) {
        const Spawner& spawner = spawners_[s];
        spawn_accumulators_[s] += spawner.rate * dt;
        while (spawn_accumulators_[s] >= 1.0f) {
            if ((spawner.limit != 0 && spawned_counts_[s] >= spawner.limit) ||
                bodies_.size() >= spawn_body_limit) {
                spawn_accumulators_[s] = 0.0f;
                break;
            }
            spawn_accumulators_[s] -= 1.0f;
            ++spawned_counts_[s];
            Body body = spawner.body;
            body.position = spawner.position;
            const float direction =
                spawner.direction + (unit_random(random_) - 0.5f) * spawner.spread;
            body.velocity = glm::vec2(std::cos(direction), std::sin(direction)) * spawner.speed;
            if (spawner.random_angle) body.angle = unit_random(random_) * two_pi;
            push_body(body);
        }
    }
}

void World::integrate() {
    const float dt = settings_.time_step;
    const Box2& bounds = settings_.bounds;
    const std::size_t count = bodies_.size();
    start_positions_.resize(count);
    start_boxes_.resize(count);
    removed_.assign(count, 0);
    for (std::size_t i = 0; i < count; ++i) {
        Body& body = bodies_[i];
        start_positions_[i] = body.position;
        start_boxes_[i] = world_box(i);
        if (body.kind == BodyKind::wall) continue;
        body.position += body.velocity * dt;
        body.angle += body.angular_velocity * dt;
        if (body.kind == BodyKind::bullet) {
            // Bullets fly out of the world instead of bouncing forever.
            if (!overlaps_closed(world_box(i), bounds)) removed_[i] = 1;
            continue;
        }
        // Bounce the world box off the bounds so the scene keeps moving forever.
        const Box2 local = local_box(body);
        const glm::mat2 rotation = rotation_2d(body.angle);
        const bool circle = body.shape == ShapeType::circle;
        const glm::vec2 offset = circle ? glm::vec2(0.0f) : rotation * local.center();
        const glm::vec2 extents = circle ? local.extents() : absolute(rotation) * local.extents();
        for (int axis = 0; axis < 2; ++axis) {
            const float low = bounds.min[axis] + extents[axis] - offset[axis];
            const float high = bounds.max[axis] - extents[axis] - offset[axis];
            if (body.position[axis] < low) {
                body.position[axis] = std::min(low, high);
                body.velocity[axis] = std::abs(body.velocity[axis]);
            } else if (body.position[axis] > high) {
                body.position[axis] = std::max(low, high);
                body.velocity[axis] = -std::abs(body.velocity[axis]);
            }
        }
    }
}

void World::update_geometry() {
    const std::size_t count = bodies_.size();
    boxes_.resize(count);
    vertex_ranges_.resize(count);
    vertices_.clear();
    for (std::size_t i = 0; i < count; ++i) {
        const Body& body = bodies_[i];
        boxes_[i] = world_box(i);
        VertexRange range{static_cast<std::uint32_t>(vertices_.size()), 0};
        const Rotation rotation = Rotation::from_angle(body.angle);
        if (body.shape == ShapeType::box) {
            const glm::vec2 h = body.half_size;
            const glm::vec2 corners[4] = {{-h.x, -h.y}, {h.x, -h.y}, {h.x, h.y}, {-h.x, h.y}};
            for (const glm::vec2& corner : corners)
                vertices_.push_back(body.position + rotation.apply(corner));
            range.count = 4;
        } else if (body.shape == ShapeType::polygon) {
            const auto local = polygon_vertices(body.polygon);
            vertices_.resize(vertices_.size() + local.size());
            transform_points(local, body.position, rotation,
                             std::span<glm::vec2>(vertices_).subspan(range.offset, local.size()));
            range.count = static_cast<std::uint32_t>(local.size());
        }
        vertex_ranges_[i] = range;
    }
}

bool World::is_swept_bullet(std::size_t index) const {
    const Body& body = bodies_[index];
    return body.kind == BodyKind::bullet && body.detection == DetectionMode::swept;
}

void World::find_candidates() {
    broad_phase_->set_all(broad_boxes_);
    broad_phase_->find_pairs(pairs_);
    std::sort(pairs_.begin(), pairs_.end());
    const BroadPhaseStats stats = broad_phase_->stats();
    timings_.update_ms = stats.update_ms;
    timings_.pairs_ms = stats.pairs_ms;
}

PlacedShape World::placed_shape(std::size_t index) const {
    const Body& body = bodies_[index];
    const VertexRange range = vertex_ranges_[index];
    PlacedShape shape;
    shape.type = body.shape;
    shape.axis_aligned = body.angle == 0.0f;
    shape.box = boxes_[index];
    shape.center = body.position;
    shape.radius = body.radius;
    shape.vertices = std::span<const glm::vec2>(vertices_).subspan(range.offset, range.count);
    return shape;
}

std::vector<PairContactPoints> World::contact_points() const {
    std::vector<PairContactPoints> result;
    result.reserve(contacts_.size());
    for (const Contact& contact : contacts_) {
        PairContactPoints entry{contact.first, contact.second, {}};
        if (contact.first < bodies_.size() && contact.second < bodies_.size()) {
            const PlacedShape a = placed_shape(contact.first);
            const PlacedShape b = placed_shape(contact.second);
            // The same gap the narrow phase accepted as touching under the policy.
            const float slack = settings_.touching.rule == TouchingRule::tolerance
                                    ? tolerance_padding(a.box, settings_.touching) +
                                          tolerance_padding(b.box, settings_.touching)
                                    : 0.0f;
            entry.manifold = aabb::contact_points(a, b, slack);
        }
        result.push_back(entry);
    }
    return result;
}

void World::classify_pairs(bool sweep_bullets) {
    pair_contacts_.assign(pairs_.size(), 0);
    contacts_.clear();
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
        const std::size_t a = pairs_[k].first;
        const std::size_t b = pairs_[k].second;
        Contact contact{pairs_[k].first, pairs_[k].second, {}, 1.0f};
        bool touching = false;
        if (sweep_bullets && (is_swept_bullet(a) || is_swept_bullet(b))) {
            // A swept bullet's candidate is confirmed by the sweep of the boxes over the step.
            const SweepResult<2> result =
                sweep(start_boxes_[a], bodies_[a].position - start_positions_[a], start_boxes_[b],
                      bodies_[b].position - start_positions_[b]);
            touching = result.state != SweepState::separated;
            contact.contact.separation = 0.0f;
            contact.contact.normal = normal_from_a_to_b(result);
            contact.time_of_impact = result.time_of_impact;
        } else {
            const NarrowPhaseResult result =
                collide(placed_shape(a), placed_shape(b), settings_.touching);
            touching = result.touching;
            contact.contact = result.contact;
        }
        if (touching) {
            pair_contacts_[k] = 1;
            contacts_.push_back(contact);
        }
    }
}

bool World::has_contact(std::size_t a, std::size_t b) const {
    const BoxPair pair = make_pair_ordered(static_cast<BoxId>(a), static_cast<BoxId>(b));
    const auto found = std::lower_bound(pairs_.begin(), pairs_.end(), pair);
    return found != pairs_.end() && *found == pair &&
           pair_contacts_[static_cast<std::size_t>(found - pairs_.begin())] != 0;
}

void World::detect_bullet_events() {
    const std::size_t count = bodies_.size();
    response_targets_.assign(count, no_target);
    response_normals_.assign(count, glm::vec2(0.0f));
    response_times_.assign(count, 1.0f);
    response_from_sweep_.assign(count, 0);
    hit_scratch_.clear();
    tunneled_.clear();
    const std::uint64_t frame = frame_ + 1;
    const auto is_bullet = [this](std::size_t i) { return bodies_[i].kind == BodyKind::bullet; };
    const auto displacement = [this](std::size_t i) {
        return bodies_[i].position - start_positions_[i];
    };

    // Contacts: entering hits of swept bullets, and the discrete responses.
    for (const Contact& contact : contacts_) {
        for (int side = 0; side < 2; ++side) {
            const std::uint32_t self = side == 0 ? contact.first : contact.second;
            const std::uint32_t other = side == 0 ? contact.second : contact.first;
            const glm::vec2 normal = side == 0 ? contact.contact.normal : -contact.contact.normal;
            const BodyKind kind = bodies_[self].kind;
            const BodyKind other_kind = bodies_[other].kind;
            if (kind == BodyKind::bullet && other_kind != BodyKind::bullet) {
                if (is_swept_bullet(self)) {
                    const SweepResult<2> result = sweep(start_boxes_[self], displacement(self),
                                                        start_boxes_[other], displacement(other));
                    const glm::vec2 toward = normal_from_a_to_b(result);
                    if (result.state == SweepState::hit &&
                        approaches(displacement(self) - displacement(other), toward)) {
                        hit_scratch_.push_back({self, other, result.time_of_impact, toward});
                    }
                } else if (other < response_targets_[self]) {
                    response_targets_[self] = other;
                    response_normals_[self] = normal;
                }
            } else if ((kind == BodyKind::box || kind == BodyKind::shape) &&
                       other_kind == BodyKind::wall && other < response_targets_[self]) {
                response_targets_[self] = other;
                response_normals_[self] = normal;
            }
        }
    }

    // The shadow sweep of discrete bullets: what did the step's motion cross? It never changes
    // the response; it only tells reported hits from tunneling.
    for (std::uint32_t bullet = 0; bullet < count; ++bullet) {
        if (!is_bullet(bullet) || is_swept_bullet(bullet)) continue;
        broad_phase_->query_box(merge(start_boxes_[bullet], boxes_[bullet]), query_scratch_);
        std::sort(query_scratch_.begin(), query_scratch_.end());
        for (const BoxId target : query_scratch_) {
            if (target == bullet || is_bullet(target)) continue;
            const SweepResult<2> result = sweep(start_boxes_[bullet], displacement(bullet),
                                                start_boxes_[target], displacement(target));
            const glm::vec2 toward = normal_from_a_to_b(result);
            if (result.state != SweepState::hit ||
                !approaches(displacement(bullet) - displacement(target), toward)) {
                continue;
            }
            if (has_contact(bullet, target)) {
                hit_scratch_.push_back({bullet, target, result.time_of_impact, toward});
            } else if (!overlaps(boxes_[bullet], boxes_[target], settings_.touching)) {
                // Crossed during the step, apart at its end, and nothing reported it. (Boxes
                // still overlapping at the end are a false positive, not a crossing.)
                tunneled_.push_back({frame, ids_[bullet], ids_[target], result.time_of_impact,
                                     result.time_of_exit});
            }
        }
    }

    std::sort(hit_scratch_.begin(), hit_scratch_.end(),
              [](const HitCandidate& x, const HitCandidate& y) {
                  if (x.bullet != y.bullet) return x.bullet < y.bullet;
                  if (x.time_of_impact != y.time_of_impact)
                      return x.time_of_impact < y.time_of_impact;
                  return x.target < y.target;
              });
    hits_.clear();
    for (std::size_t k = 0; k < hit_scratch_.size(); ++k) {
        const HitCandidate& hit = hit_scratch_[k];
        hits_.push_back({frame, ids_[hit.bullet], ids_[hit.target], hit.time_of_impact});
        const bool first_of_bullet = k == 0 || hit_scratch_[k - 1].bullet != hit.bullet;
        if (first_of_bullet && is_swept_bullet(hit.bullet)) {
            response_targets_[hit.bullet] = hit.target;
            response_normals_[hit.bullet] = hit.normal;
            response_times_[hit.bullet] = hit.time_of_impact;
            response_from_sweep_[hit.bullet] = 1;
        }
    }
    for (const TunnelingEvent& event : tunneled_) {
        if (tunneling_log_.size() == tunneling_log_capacity) {
            tunneling_log_.erase(tunneling_log_.begin());
        }
        tunneling_log_.push_back(event);
    }
}

void World::respond() {
    bool moved = false;
    removed_.assign(bodies_.size(), 0);
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        if (response_targets_[i] == no_target) continue;
        Body& body = bodies_[i];
        if (body.kind == BodyKind::wall) continue;
        const glm::vec2 normal = response_normals_[i];
        const auto move_to_impact = [&] {
            if (!response_from_sweep_[i]) return;
            body.position =
                start_positions_[i] + (body.position - start_positions_[i]) * response_times_[i];
            moved = true;
        };
        switch (body.response) {
            case Response::pass_through:
                break;
            case Response::stop:
                move_to_impact();
                body.velocity = glm::vec2(0.0f);
                body.angular_velocity = 0.0f;
                break;
            case Response::reflect: {
                move_to_impact();
                const float into = glm::dot(body.velocity, normal);
                if (into > 0.0f) body.velocity -= 2.0f * into * normal;
                break;
            }
            case Response::remove:
                removed_[i] = 1;
                break;
        }
    }
    if (moved) update_geometry();
}

void World::remove_flagged() {
    if (std::find(removed_.begin(), removed_.end(), std::uint8_t{1}) == removed_.end()) return;
    const std::size_t count = bodies_.size();
    remap_scratch_.assign(count, no_target);
    std::uint32_t next = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (!removed_[i]) remap_scratch_[i] = next++;
    }
    compact(bodies_, removed_);
    compact(ids_, removed_);
    compact(boxes_, removed_);
    compact(broad_boxes_, removed_);
    compact(vertex_ranges_, removed_);
    if (start_boxes_.size() == count) compact(start_boxes_, removed_);
    if (start_positions_.size() == count) compact(start_positions_, removed_);
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
    remove_flagged();
    update_geometry();
    broad_boxes_.resize(bodies_.size());
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        broad_boxes_[i] = is_swept_bullet(i) ? merge(start_boxes_[i], boxes_[i]) : boxes_[i];
    }
    const auto integrated = Clock::now();
    find_candidates();
    const auto narrow_start = Clock::now();
    classify_pairs(true);
    detect_bullet_events();

    last_counts_ = {};
    last_counts_.candidate_pairs = pairs_.size();
    last_counts_.contacts = contacts_.size();
    last_counts_.false_positives = pairs_.size() - contacts_.size();
    last_counts_.tunneled = tunneled_.size();
    last_counts_.hits = hits_.size();
    total_counts_.candidate_pairs += last_counts_.candidate_pairs;
    total_counts_.contacts += last_counts_.contacts;
    total_counts_.false_positives += last_counts_.false_positives;
    total_counts_.tunneled += last_counts_.tunneled;
    total_counts_.hits += last_counts_.hits;

    respond();
    remove_flagged();
    ++frame_;
    const auto end = Clock::now();
    timings_.integrate_ms = milliseconds_between(start, integrated);
    timings_.narrow_ms = milliseconds_between(narrow_start, end);
    timings_.total_ms = milliseconds_between(start, end);
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
    broad_boxes_ = boxes_;
    find_candidates();
    classify_pairs(false);
}

void World::set_broad_phase(std::string_view name, const BroadPhaseParameterValues& options) {
    auto replacement = make_broad_phase(name, settings_.touching, options);
    replacement->set_budget(budget_);
    // Tried on the current boxes before anything changes: options whose cost goes over the
    // budget (a tiny cell size, say) throw BudgetExceeded here and the world keeps its broad
    // phase.
    std::vector<BoxPair> pairs;
    replacement->set_all(broad_boxes_);
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
