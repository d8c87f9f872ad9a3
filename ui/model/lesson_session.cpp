#include "ui/model/lesson_session.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "core/lesson/lesson_file.hpp"
#include "core/lesson/lesson_world.hpp"

namespace aabb::ui {

namespace {

/// The world a lesson without a scene shows: empty, in the default bounds.
Scene empty_scene(const lesson::Lesson& lesson) {
    Scene scene;
    scene.title = lesson.title;
    scene.title_zh = lesson.title_zh;
    scene.description = lesson.objective;
    scene.description_zh = lesson.objective_zh;
    return scene;
}

}  // namespace

LessonSession::LessonSession(std::filesystem::path directory)
    : directory_(directory.empty() ? lesson::find_lesson_directory() : std::move(directory)),
      entries_(lesson::list_lessons(directory_)) {}

bool LessonSession::load(const std::filesystem::path& path, std::optional<std::size_t> index,
                         std::size_t step) {
    try {
        lesson::LessonRuntime loaded = lesson::LessonRuntime::load(path);
        loaded.go_to_step(std::min(step, loaded.step_count() - 1));
        runtime_.emplace(std::move(loaded));
    } catch (const std::exception& problem) {
        error_ = problem.what();
        world_error_ = false;
        return false;
    }
    index_ = index;
    error_.clear();
    ++load_count_;
    return true;
}

bool LessonSession::open(std::size_t index, std::size_t step) {
    if (index >= entries_.size()) return false;
    return load(entries_[index].path, index, step);
}

bool LessonSession::open_named(const std::string& name, std::size_t step) {
    std::filesystem::path path;
    try {
        path = lesson::resolve_lesson(name, directory_);
    } catch (const std::exception& problem) {
        error_ = problem.what();
        world_error_ = false;
        return false;
    }
    std::optional<std::size_t> index;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        std::error_code error;
        if (std::filesystem::equivalent(entries_[i].path, path, error)) index = i;
    }
    return load(path, index, step);
}

void LessonSession::close() {
    runtime_.reset();
    index_.reset();
    synced_revision_ = 0;
}

bool LessonSession::next_step() {
    if (!runtime_) return false;
    if (runtime_->current_step() + 1 < runtime_->step_count()) {
        runtime_->go_to_step(runtime_->current_step() + 1);
        return true;
    }
    return next_lesson();
}

bool LessonSession::previous_step() {
    if (!runtime_) return false;
    if (runtime_->current_step() > 0) {
        runtime_->go_to_step(runtime_->current_step() - 1);
        return true;
    }
    if (!index_ || *index_ == 0) return false;
    // Back across a lesson boundary lands on the previous lesson's last step.
    for (std::size_t i = *index_; i-- > 0;) {
        if (open(i, entries_[i].steps == 0 ? 0 : entries_[i].steps - 1)) return true;
    }
    return false;
}

bool LessonSession::next_lesson() {
    if (!index_) return false;
    // A broken lesson file is skipped (its error stays listed in the Lessons tab).
    for (std::size_t i = *index_ + 1; i < entries_.size(); ++i) {
        if (open(i)) return true;
    }
    return false;
}

bool LessonSession::previous_lesson() {
    if (!index_) return false;
    for (std::size_t i = *index_; i-- > 0;) {
        if (open(i)) return true;
    }
    return false;
}

void LessonSession::first_step() {
    go_to_step(0);
}

void LessonSession::last_step() {
    if (runtime_) go_to_step(runtime_->step_count() - 1);
}

void LessonSession::go_to_step(std::size_t index) {
    if (runtime_) runtime_->go_to_step(std::min(index, runtime_->step_count() - 1));
}

void LessonSession::restart_step() {
    if (runtime_) runtime_->restart_step();
}

bool LessonSession::reload() {
    if (!runtime_) return false;
    try {
        runtime_->reload();
    } catch (const std::exception& problem) {
        error_ = problem.what();
        world_error_ = false;
        return false;
    }
    error_.clear();
    ++load_count_;
    // The edited file may have a new title or step count.
    if (index_) entries_ = lesson::list_lessons(directory_);
    return true;
}

void LessonSession::sync_world(SimulationController& simulation) {
    if (!runtime_) return;
    if (synced_load_ == load_count_ && synced_revision_ == runtime_->scene_revision()) return;
    synced_load_ = load_count_;
    synced_revision_ = runtime_->scene_revision();
    const lesson::Lesson& lesson = runtime_->lesson();
    const Scene* scene = runtime_->scene();
    const Scene world_scene = scene ? *scene : empty_scene(lesson);
    const std::uint64_t steps = runtime_->world_steps();
    // The same limits as a headless run (core/lesson/lesson_world.hpp), checked before the
    // build and after every step; a run above them, or a build the pair budget or memory
    // refuses, stops: the core's message names the structure, only the lesson knows its file
    // and step.
    try {
        lesson::LessonRun run(world_scene, steps);
        simulation.load_scene(world_scene, lesson.path.string());
        simulation.set_paused(true);
        run.count(simulation.world());
        for (std::uint64_t step = 0; step < steps; ++step) {
            simulation.request_single_step();
            // A failed step pauses the simulation with its message (advance_frame).
            if (simulation.advance_frame() == 0) break;
            run.count(simulation.world());
        }
        if (world_error_) error_.clear();
        world_error_ = false;
    } catch (const std::exception& problem) {
        error_ = lesson.source + ": steps[" + std::to_string(runtime_->current_step()) +
                 "]: " + lesson::lesson_run_problem(problem);
        world_error_ = true;
    }
}

void LessonSession::update_progress(const World* world) {
    if (!runtime_ || !runtime_->goal_reached(world)) return;
    reached_.emplace(runtime_->lesson().id, runtime_->current_step());
}

bool LessonSession::goal_reached(const std::string& lesson_id, std::size_t step) const {
    return reached_.contains({lesson_id, step});
}

std::size_t LessonSession::goals_reached(const std::string& lesson_id) const {
    return static_cast<std::size_t>(
        std::count_if(reached_.begin(), reached_.end(),
                      [&](const auto& entry) { return entry.first == lesson_id; }));
}

std::optional<Box2> LessonSession::objects_bounds() const {
    if (!runtime_) return std::nullopt;
    Box2 bounds = Box2::empty();
    const auto add = [&bounds](glm::vec2 point) {
        if (std::isfinite(point.x) && std::isfinite(point.y))
            bounds = merge(bounds, Box2{point, point});
    };
    const auto add_box = [&](const Box2& box) {
        add(box.min);
        add(box.max);
    };
    for (const lesson::LessonObject& object : runtime_->objects()) {
        switch (object.kind) {
            case lesson::ObjectKind::box:
                add_box(object.box);
                break;
            case lesson::ObjectKind::point:
                add(object.vector);
                break;
            case lesson::ObjectKind::vector: {
                // Drawn from its tail: a point, a box's center, or the origin.
                glm::vec2 tail{0.0f};
                if (const lesson::LessonObject* from = runtime_->object(object.from))
                    tail =
                        from->kind == lesson::ObjectKind::box ? from->box.center() : from->vector;
                add(tail);
                add(tail + object.vector);
                break;
            }
            case lesson::ObjectKind::point_set:
                for (std::size_t i = 0; i < object.count && i < object.points.size(); ++i)
                    add(object.points[i]);
                break;
            case lesson::ObjectKind::box_list:
                for (std::size_t i = 0; i < object.count && i < object.boxes.size(); ++i)
                    add_box(object.boxes[i]);
                break;
            case lesson::ObjectKind::wedge:
                add(object.wedge.apex);
                add(object.wedge.apex + glm::vec2(object.wedge.far_distance));
                add(object.wedge.apex - glm::vec2(object.wedge.far_distance * 0.6f));
                break;
            case lesson::ObjectKind::number:
                break;
        }
    }
    if (!bounds.is_valid()) return std::nullopt;
    const float margin = std::max(1.0f, 0.15f * std::max(bounds.size().x, bounds.size().y));
    return expanded(bounds, margin);
}

bool LessonSession::broad_phase_unlocked() const {
    if (!runtime_) return true;
    for (const lesson::Handle& handle : runtime_->lesson().handles) {
        for (const std::string& target : handle.target_texts) {
            if (target == "world.broad_phase") return true;
        }
    }
    return false;
}

std::optional<std::pair<std::string, std::size_t>> LessonSession::place() const {
    if (!runtime_) return std::nullopt;
    return std::pair{runtime_->lesson().id, runtime_->current_step()};
}

}  // namespace aabb::ui
