#include "core/measure/workload.hpp"
// Brace-initialized vectors evaluate their random draws left to right (list-initialization
// order is guaranteed), so the scene is the same whatever the compiler.

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "core/text/input_excerpt.hpp"

namespace aabb {

namespace {

struct NamedKind {
    std::string_view name;
    WorkloadKind kind;
};

constexpr NamedKind named_kinds[] = {
    {"uniform", WorkloadKind::uniform},     {"clustered", WorkloadKind::clustered},
    {"line", WorkloadKind::line},           {"mixed", WorkloadKind::mixed},
    {"static", WorkloadKind::static_scene}, {"bullets", WorkloadKind::bullets},
    {"dense", WorkloadKind::dense},
};

constexpr float two_pi = 6.28318530718f;

// A velocity of the given speed in a uniformly random direction.
glm::vec2 random_velocity(std::mt19937& random, float speed) {
    std::uniform_real_distribution<float> angle(0.0f, two_pi);
    const float a = angle(random);
    return {speed * std::cos(a), speed * std::sin(a)};
}

// Keeps a box of half-size `half` inside [low, high] on one axis, reflecting the motion at the
// walls; a step longer than the free space is clamped instead of reflected twice.
void bounce(float& center, float& velocity, float half, float low, float high) {
    const float lowest = low + half;
    const float highest = high - half;
    if (center < lowest) {
        center = 2.0f * lowest - center;
        velocity = std::abs(velocity);
    } else if (center > highest) {
        center = 2.0f * highest - center;
        velocity = -std::abs(velocity);
    }
    center = std::clamp(center, lowest, std::max(lowest, highest));
}

}  // namespace

std::vector<std::string> workload_names() {
    std::vector<std::string> names;
    for (const NamedKind& named : named_kinds)
        names.emplace_back(named.name);
    return names;
}

std::string_view workload_name(WorkloadKind kind) {
    for (const NamedKind& named : named_kinds) {
        if (named.kind == kind) return named.name;
    }
    return "unknown";
}

WorkloadKind workload_kind_from_name(std::string_view name) {
    for (const NamedKind& named : named_kinds) {
        if (named.name == name) return named.kind;
    }
    std::string known;
    for (const NamedKind& named : named_kinds) {
        known += (known.empty() ? "" : ", ") + std::string(named.name);
    }
    throw std::invalid_argument("unknown workload '" + input_excerpt(name) + "' (known: " + known +
                                ")");
}

Workload::Workload(const WorkloadOptions& options) : options_(options) {
    if (options.box_count < 1 || options.box_count > max_workload_boxes) {
        throw std::invalid_argument("workload box_count must be in 1.." +
                                    std::to_string(max_workload_boxes) + ", got " +
                                    std::to_string(options.box_count));
    }
    if (options.frame_count < 1 || options.frame_count > max_workload_frames) {
        throw std::invalid_argument("workload frame_count must be in 1.." +
                                    std::to_string(max_workload_frames) + ", got " +
                                    std::to_string(options.frame_count));
    }
    generate();
}

void Workload::restart() {
    generate();
}

void Workload::go_to_frame(int frame) {
    if (frame < 0) throw std::invalid_argument("workload frame must be >= 0");
    if (frame < frame_) restart();
    while (frame_ < frame)
        advance();
}

void Workload::advance() {
    const std::size_t count = centers_.size();
    for (std::size_t i = 0; i < count; ++i) {
        glm::vec2& center = centers_[i];
        glm::vec2& velocity = velocities_[i];
        center += velocity;
        bounce(center.x, velocity.x, half_sizes_[i].x, bounds_.min.x, bounds_.max.x);
        bounce(center.y, velocity.y, half_sizes_[i].y, bounds_.min.y, bounds_.max.y);
    }
    ++frame_;
    write_boxes();
}

void Workload::write_boxes() {
    const std::size_t count = centers_.size();
    for (std::size_t i = 0; i < count; ++i) {
        boxes_[i] = Box2{centers_[i] - half_sizes_[i], centers_[i] + half_sizes_[i]};
    }
}

// Square world of side `world_side`; sizes uniform per axis in [min_size, max_size]; centers
// uniform; speeds uniform in [0, max_speed] in a random direction.
void Workload::place_uniform(std::mt19937& random, float world_side, float min_size, float max_size,
                             float max_speed) {
    bounds_ = Box2{glm::vec2(0.0f), glm::vec2(world_side)};
    std::uniform_real_distribution<float> size(min_size, max_size);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (std::size_t i = 0; i < centers_.size(); ++i) {
        half_sizes_[i] = glm::vec2{size(random), size(random)} * 0.5f;
        const glm::vec2 free = glm::vec2(world_side) - 2.0f * half_sizes_[i];
        centers_[i] = half_sizes_[i] + glm::vec2{unit(random), unit(random)} * free;
        velocities_[i] = random_velocity(random, max_speed * unit(random));
    }
}

void Workload::generate() {
    const std::size_t count = options_.box_count;
    centers_.assign(count, glm::vec2(0.0f));
    half_sizes_.assign(count, glm::vec2(0.0f));
    velocities_.assign(count, glm::vec2(0.0f));
    boxes_.assign(count, Box2{});
    frame_ = 0;
    std::mt19937 random(options_.seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const float root = std::sqrt(static_cast<float>(count));
    // World sides scale with sqrt(n) so that the density, and so the pairs per box, stay the
    // same at every n: with sizes averaging 1, pairs per box ≈ 4·n / side².
    switch (options_.kind) {
        case WorkloadKind::uniform:
            place_uniform(random, std::max(4.0f, 2.0f * root), 0.5f, 1.5f, 0.05f);
            break;
        case WorkloadKind::dense:
            place_uniform(random, std::max(4.0f, 0.5f * root), 0.5f, 1.5f, 0.05f);
            break;
        case WorkloadKind::bullets: {
            place_uniform(random, std::max(4.0f, 0.6f * root), 0.2f, 0.4f, 0.0f);
            std::uniform_real_distribution<float> sizes_per_frame(3.0f, 6.0f);
            for (std::size_t i = 0; i < count; ++i) {
                const float size = 2.0f * std::max(half_sizes_[i].x, half_sizes_[i].y);
                velocities_[i] = random_velocity(random, size * sizes_per_frame(random));
            }
            break;
        }
        case WorkloadKind::static_scene: {
            place_uniform(random, std::max(4.0f, 2.0f * root), 0.5f, 1.5f, 0.0f);
            // Exactly n/20 boxes (5%, rounded down) move about one box size per frame.
            std::vector<std::size_t> order(count);
            std::iota(order.begin(), order.end(), std::size_t{0});
            std::shuffle(order.begin(), order.end(), random);
            for (std::size_t k = 0; k < count / 20; ++k) {
                velocities_[order[k]] = random_velocity(random, 1.0f);
            }
            break;
        }
        case WorkloadKind::clustered: {
            const float side = std::max(16.0f, 8.0f * root);
            bounds_ = Box2{glm::vec2(0.0f), glm::vec2(side)};
            const std::size_t cluster_count = std::max<std::size_t>(1, count / 500);
            std::vector<glm::vec2> cluster_centers(cluster_count);
            for (glm::vec2& center : cluster_centers) {
                center =
                    glm::vec2(0.1f * side) + 0.8f * side * glm::vec2{unit(random), unit(random)};
            }
            // 500 boxes of mean area ~0.42 in a disc of radius ~2σ ≈ 16: crowded but not packed.
            std::normal_distribution<float> spread(0.0f, 8.0f);
            std::uniform_real_distribution<float> size(0.3f, 1.0f);
            std::uniform_int_distribution<std::size_t> which(0, cluster_count - 1);
            for (std::size_t i = 0; i < count; ++i) {
                half_sizes_[i] = glm::vec2{size(random), size(random)} * 0.5f;
                const glm::vec2 cluster = cluster_centers[which(random)];
                const glm::vec2 center = cluster + glm::vec2{spread(random), spread(random)};
                centers_[i] = glm::clamp(center, half_sizes_[i], glm::vec2(side) - half_sizes_[i]);
                velocities_[i] = random_velocity(random, 0.03f * unit(random));
            }
            break;
        }
        case WorkloadKind::line: {
            // A band 2 wide and n long: pairs per box ≈ n · P(x overlap ≈ 0.6) · 2/n ≈ 1.2.
            const float width = 2.0f;
            const float length = std::max(8.0f, static_cast<float>(count));
            bounds_ = Box2{glm::vec2(0.0f), glm::vec2(width, length)};
            std::uniform_real_distribution<float> size(0.5f, 1.5f);
            std::uniform_real_distribution<float> signed_unit(-1.0f, 1.0f);
            for (std::size_t i = 0; i < count; ++i) {
                half_sizes_[i] = glm::vec2{size(random), size(random)} * 0.5f;
                const glm::vec2 free = glm::vec2(width, length) - 2.0f * half_sizes_[i];
                centers_[i] = half_sizes_[i] + glm::vec2{unit(random), unit(random)} * free;
                velocities_[i] =
                    glm::vec2{0.01f * signed_unit(random), 0.05f * signed_unit(random)};
            }
            break;
        }
        case WorkloadKind::mixed: {
            const float side = std::max(8.0f, 1.5f * root);
            place_uniform(random, side, 0.3f, 0.8f, 0.03f);
            // A few walls (4 + one per 2000 boxes) half a world long, alternating horizontal
            // and vertical: each one spans a whole row or column of grid cells.
            const std::size_t wall_count = std::min(count / 10 + 1, 4 + count / 2000);
            std::uniform_real_distribution<float> wall_length(0.3f * side, 0.6f * side);
            for (std::size_t i = 0; i < wall_count; ++i) {
                const float half_length = 0.5f * wall_length(random);
                half_sizes_[i] =
                    (i % 2 == 0) ? glm::vec2(half_length, 0.25f) : glm::vec2(0.25f, half_length);
                const glm::vec2 free = glm::vec2(side) - 2.0f * half_sizes_[i];
                centers_[i] = half_sizes_[i] + glm::vec2{unit(random), unit(random)} * free;
                velocities_[i] = random_velocity(random, 0.01f);
            }
            break;
        }
    }
    write_boxes();
}

}  // namespace aabb
