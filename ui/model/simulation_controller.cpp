#include "ui/model/simulation_controller.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/scene/scene_file.hpp"
#include "core/scene/scene_world.hpp"
#include "ui/model/scene_capture.hpp"
#include "ui/text/text_catalog.hpp"

namespace aabb::ui {

namespace {

void check_body_count(std::size_t body_count) {
    if (body_count > SimulationController::max_body_count) {
        throw std::invalid_argument("simulation: body count " + std::to_string(body_count) +
                                    " exceeds the maximum of " +
                                    std::to_string(SimulationController::max_body_count));
    }
}

WorldSettings settings_for(const SceneRequest& request) {
    check_body_count(request.body_count);
    WorldSettings settings;
    settings.broad_phase = request.broad_phase;
    settings.resource_budget = request.resource_budget;
    return settings;
}

}  // namespace

SimulationController::SimulationController(const SceneRequest& request)
    : scene_(request),
      world_(settings_for(request)),
      history_(WorldHistory::default_capacity, request.history_byte_budget) {
    if (!request.replay_path.empty()) {
        open_replay(request.replay_path, request.scene_path);
    } else if (request.scene_path.empty()) {
        add_random_moving_boxes(world_, scene_.body_count, scene_.seed);
        describe_random_scene();
    } else {
        load_scene_file(request.scene_path);
    }
}

bool SimulationController::should_auto_pause() {
    if (pause_on_tunneling_) {
        for (const MotionEvent& event : world_.events()) {
            if (event.kind != MotionEventKind::tunneled) continue;
            pause_on_tunneling_ = false;
            auto_pause_ = AutoPause{AutoPause::Cause::tunneling, 0, event.step};
            return true;
        }
    }
    if (pause_on_contact_of_) {
        const auto ids = world_.body_ids();
        for (const Contact& contact : world_.contacts()) {
            if (ids[contact.first] == *pause_on_contact_of_ ||
                ids[contact.second] == *pause_on_contact_of_) {
                auto_pause_ =
                    AutoPause{AutoPause::Cause::contact, *pause_on_contact_of_, world_.frame()};
                pause_on_contact_of_.reset();
                return true;
            }
        }
    }
    return false;
}

BodyId SimulationController::add_body(const Body& body,
                                      std::span<const glm::vec2> polygon_vertices) {
    World edited = world_;
    Body added = body;
    if (body.shape == ShapeType::polygon) added.polygon = edited.add_polygon(polygon_vertices);
    const std::size_t index = edited.add_body(added);
    edited.refresh_pairs();
    history_.push(world_);
    world_ = std::move(edited);
    return world_.body_ids()[index];
}

void SimulationController::attach_recorder(RunRecorder* recorder) {
    recorder_ = recorder;
    if (recorder_) recorder_->start(world_);
}

void SimulationController::add_bodies(std::span<const Body> bodies) {
    recorder_ = nullptr;  // bodies the scene file does not hold would not replay
    World edited = world_;
    for (const Body& body : bodies)
        edited.add_body(body);
    edited.refresh_pairs();
    history_.push(world_);
    world_ = std::move(edited);
}

void SimulationController::remove_body(BodyId id) {
    const auto ids = world_.body_ids();
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] != id) continue;
        history_.push(world_);
        world_.remove_body(i);
        return;
    }
}

void SimulationController::move_body(BodyId id, glm::vec2 position, bool remember) {
    const auto ids = world_.body_ids();
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] != id) continue;
        if (remember) history_.push(world_);
        world_.set_body_position(i, position);
        return;
    }
}

void SimulationController::clear_bodies() {
    history_.push(world_);
    world_.clear();
    world_.refresh_pairs();
}

bool SimulationController::step_back() {
    const std::optional<WorldSnapshot> previous = history_.pop();
    if (!previous) return false;
    world_.restore(*previous);
    if (replay_) replay_->follow(world_);
    paused_ = true;
    bullets_.forget_after(world_.frame());
    banded_frames_.forget_after(world_.frame());
    // The state one step before this one (not one before an edit) holds where the bullets
    // started the step that led here.
    if (const WorldSnapshot* before = history_.newest();
        before != nullptr && before->frame + 1 == world_.frame())
        bullets_.restore_starts(*before);
    return true;
}

bool SimulationController::step_world() {
    if (replay_ && !replay_->read_next()) {
        // The recording ended: stay at its last frame.
        paused_ = true;
        step_debt_ = 0.0f;
        return false;
    }
    history_.push(world_);
    bullets_.before_step(world_);
    if (replay_) {
        replay_->step(world_);
    } else {
        world_.step();
    }
    bullets_.after_step(world_);
    banded_frames_.after_step(world_);
    if (recorder_) recorder_->after_step(world_);
    return true;
}

void SimulationController::open_replay(const std::string& recording, const std::string& scene) {
    auto playback = std::make_unique<RecordingPlayback>(recording);
    const std::string scene_file = scene.empty() ? playback->scene_path().string() : scene;
    if (scene_file.empty() && playback->format() == RecordingFormat::box_trace) {
        // A box trace makes its own bodies (playback->start): default settings, the run's
        // broad phase.
        Scene settings_only;
        settings_only.world.broad_phase = world_.settings().broad_phase;
        load_scene(std::move(settings_only), recording);
    } else if (scene_file.empty()) {
        throw std::invalid_argument(playback->source() +
                                    ": names no scene (a first line '# scene: FILE'); give "
                                    "--scene FILE");
    } else {
        load_scene_file(scene_file);
    }
    playback->start(world_, scene_file.empty());
    replay_ = std::move(playback);
    scene_.replay_path = recording;
}

bool SimulationController::seek_replay(std::int64_t frame) {
    if (!replay_ || !replay_->seek(world_, frame)) return false;
    history_.clear();
    bullets_.clear();
    banded_frames_.clear();
    auto_pause_.reset();
    paused_ = true;
    return true;
}

void SimulationController::world_replaced() {
    recorder_ = nullptr;  // the recording is of the world the run started with
    replay_.reset();
    scene_.replay_path.clear();
    step_debt_ = 0.0f;
    bullets_.clear();
    banded_frames_.clear();
    history_.clear();
    auto_pause_.reset();
    ++world_generation_;
}

void SimulationController::describe_random_scene() {
    description_ = Scene{};
    // English, as a scene file would hold it (Save writes it); the window shows the random
    // scene in its own language (scene_texts.hpp).
    description_.title = text(Language::en, TextKey::random_scene_title);
    description_.description = text_format(Language::en, TextKey::random_scene_description,
                                           scene_.body_count, scene_.seed);
    description_.world = world_.settings();
    scene_path_.clear();
}

void SimulationController::load_scene(Scene scene, const std::string& label) {
    // A lesson's scene brings the lesson's budget (LessonWorldLimits): the run's may lower it.
    ResourceBudget& budget = scene.world.resource_budget;
    budget.max_pairs = std::min(budget.max_pairs, scene_.resource_budget.max_pairs);
    budget.max_cells = std::min(budget.max_cells, scene_.resource_budget.max_cells);
    budget.max_bytes = std::min(budget.max_bytes, scene_.resource_budget.max_bytes);
    World fresh = build_world(scene);
    world_ = std::move(fresh);
    inline_scene_ = scene;
    description_ = std::move(scene);
    detection_override_.reset();
    // Not a file to reload: reset() rebuilds the scene as given.
    scene_path_.clear();
    scene_label_ = label;
    scene_.broad_phase = world_.settings().broad_phase;
    scene_.body_count = world_.bodies().size();
    scene_.scene_path.clear();
    world_replaced();
}

void SimulationController::load_scene_file(const std::string& path) {
    Scene scene = aabb::load_scene(path);
    // Reloading the same file keeps a detection mode set on it; another file brings its own.
    const std::optional<DetectionMode> detection =
        path == scene_path_ ? detection_override_ : std::nullopt;
    if (detection) aabb::set_bullet_detection(scene, *detection);
    scene.world.resource_budget = scene_.resource_budget;
    World fresh = build_world(scene);
    detection_override_ = detection;
    inline_scene_.reset();
    scene_label_ = path;
    world_ = std::move(fresh);
    description_ = std::move(scene);
    scene_path_ = path;
    scene_.broad_phase = world_.settings().broad_phase;
    scene_.body_count = world_.bodies().size();
    scene_.scene_path = path;
    world_replaced();
}

void SimulationController::save_scene_file(const std::string& path) const {
    save_scene(capture_scene(world_, description_), path);
}

void SimulationController::set_bullet_detection(DetectionMode mode) {
    const std::optional<DetectionMode> before = detection_override_;
    detection_override_ = mode;
    try {
        reset();
    } catch (...) {
        detection_override_ = before;
        throw;
    }
}

void SimulationController::reset() {
    if (replay_) {
        (void)seek_replay(0);
    } else if (!scene_path_.empty()) {
        load_scene_file(scene_path_);
    } else if (inline_scene_) {
        Scene scene = *inline_scene_;
        if (detection_override_) aabb::set_bullet_detection(scene, *detection_override_);
        const std::optional<DetectionMode> detection = detection_override_;
        load_scene(std::move(scene), scene_label_);
        detection_override_ = detection;
    } else {
        respawn(scene_.body_count, scene_.seed);
    }
}

int SimulationController::advance_frame() {
    int steps = 0;
    if (paused_) {
        steps = single_step_requested_ ? 1 : 0;
    } else {
        step_debt_ += steps_per_frame_;
        steps = static_cast<int>(std::floor(step_debt_));
        step_debt_ -= static_cast<float>(steps);
    }
    single_step_requested_ = false;
    int taken = 0;
    while (taken < steps) {
        try {
            if (!step_world()) break;
        } catch (const std::exception& problem) {
            // The history holds the state before the failed step: put it back, so the window
            // shows a consistent world, and stop until the user changes something.
            if (const std::optional<WorldSnapshot> before = history_.pop()) {
                world_.restore(*before);
                if (replay_) replay_->follow(world_);
            }
            bullets_.forget_after(world_.frame());
            const std::string scene =
                scene_label_.empty() ? std::string("the random scene") : "scene " + scene_label_;
            auto_pause_ = AutoPause{
                AutoPause::Cause::failure, 0, world_.frame() + 1,
                scene + ", step " + std::to_string(world_.frame() + 1) + ": " + problem.what()};
            paused_ = true;
            step_debt_ = 0.0f;
            break;
        }
        ++taken;
        if (should_auto_pause()) {
            paused_ = true;
            step_debt_ = 0.0f;
            break;
        }
    }
    steps = taken;
    last_steps_ = steps;
    return steps;
}

void SimulationController::set_steps_per_frame(float steps_per_frame) {
    if (!std::isfinite(steps_per_frame)) {
        throw std::invalid_argument("simulation: steps per frame must be finite");
    }
    steps_per_frame_ = std::clamp(steps_per_frame, min_steps_per_frame, max_steps_per_frame);
    step_debt_ = std::min(step_debt_, 1.0f);
}

void SimulationController::respawn(std::size_t body_count, std::uint32_t seed) {
    check_body_count(body_count);
    // The random scene lives in the default bounds; a loaded scene's world is replaced.
    WorldSettings settings;
    settings.broad_phase = scene_.broad_phase;
    settings.resource_budget = scene_.resource_budget;
    World fresh(settings);
    add_random_moving_boxes(fresh, body_count, seed);
    world_ = std::move(fresh);
    scene_.body_count = body_count;
    scene_.seed = seed;
    scene_.scene_path.clear();
    inline_scene_.reset();
    scene_label_.clear();
    describe_random_scene();
    world_replaced();
}

void SimulationController::select_broad_phase(std::string_view name,
                                              const BroadPhaseParameterValues& options) {
    world_.set_broad_phase(name, options);
    scene_.broad_phase = std::string(name);
    banded_frames_.clear();  // a new engine: its frames start afresh
}

}  // namespace aabb::ui
