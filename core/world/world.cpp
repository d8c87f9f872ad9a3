#include "core/world/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "core/broadphase/broad_phase_factory.hpp"

namespace aabb {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

bool is_finite(glm::vec2 value) {
    return std::isfinite(value.x) && std::isfinite(value.y);
}

Box2 box_of(const Body& body) {
    return Box2::from_center_extents(body.position, body.half_size);
}

}  // namespace

World::World(WorldSettings settings) : settings_(std::move(settings)) {
    if (!(std::isfinite(settings_.time_step) && settings_.time_step > 0.0f)) {
        throw std::invalid_argument("world: time_step must be a positive finite number");
    }
    if (!settings_.bounds.is_valid()) {
        throw std::invalid_argument("world: bounds must be finite with min <= max");
    }
    broad_phase_ = make_broad_phase(settings_.broad_phase, settings_.touching);
}

std::size_t World::add_body(const Body& body) {
    if (!is_finite(body.position) || !is_finite(body.velocity) || !is_finite(body.half_size)) {
        throw std::invalid_argument("world: body has a NaN or infinite value");
    }
    if (body.half_size.x <= 0.0f || body.half_size.y <= 0.0f) {
        throw std::invalid_argument("world: body half_size must be positive");
    }
    bodies_.push_back(body);
    boxes_.push_back(box_of(body));
    return bodies_.size() - 1;
}

void World::clear() {
    bodies_.clear();
    boxes_.clear();
    pairs_.clear();
    broad_phase_->clear();
    frame_ = 0;
}

void World::step() {
    const auto start = Clock::now();
    const float dt = settings_.time_step;
    const Box2& bounds = settings_.bounds;
    for (std::size_t i = 0; i < bodies_.size(); ++i) {
        Body& body = bodies_[i];
        body.position += body.velocity * dt;
        // Bounce off the bounds so the scene keeps moving forever.
        for (int axis = 0; axis < 2; ++axis) {
            const float low = bounds.min[axis] + body.half_size[axis];
            const float high = bounds.max[axis] - body.half_size[axis];
            if (body.position[axis] < low) {
                body.position[axis] = std::min(low, high);
                body.velocity[axis] = std::abs(body.velocity[axis]);
            } else if (body.position[axis] > high) {
                body.position[axis] = std::max(low, high);
                body.velocity[axis] = -std::abs(body.velocity[axis]);
            }
        }
        boxes_[i] = box_of(body);
    }
    const auto integrated = Clock::now();
    refresh_pairs();
    ++frame_;
    timings_.integrate_ms = milliseconds_between(start, integrated);
    timings_.total_ms = milliseconds_between(start, Clock::now());
}

void World::refresh_pairs() {
    broad_phase_->set_all(boxes_);
    broad_phase_->find_pairs(pairs_);
    std::sort(pairs_.begin(), pairs_.end());
    const BroadPhaseStats stats = broad_phase_->stats();
    timings_.update_ms = stats.update_ms;
    timings_.pairs_ms = stats.pairs_ms;
}

void World::set_broad_phase(std::string_view name) {
    auto replacement = make_broad_phase(name, settings_.touching);
    settings_.broad_phase = std::string(name);
    broad_phase_ = std::move(replacement);
    refresh_pairs();
}

void add_random_moving_boxes(World& world, std::size_t count, std::uint32_t seed) {
    std::mt19937 random(seed);
    const Box2& bounds = world.settings().bounds;
    const glm::vec2 size = bounds.size();
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (std::size_t i = 0; i < count; ++i) {
        Body body;
        // Mostly small boxes with a few large ones, as in a game level.
        const float scale = unit(random) < 0.9f ? 0.006f : 0.025f;
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
