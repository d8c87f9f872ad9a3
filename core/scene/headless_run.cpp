#include "core/scene/headless_run.hpp"

#include <cstdio>
#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/broadphase/broad_phase_factory.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/output_files.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/scene/motion_event_csv.hpp"
#include "core/scene/run_recorder.hpp"
#include "core/scene/scene_file.hpp"
#include "core/scene/scene_file_names.hpp"
#include "core/scene/scene_world.hpp"
#include "core/scene/shortest_float.hpp"
#include "core/text/input_excerpt.hpp"
#include "core/world/motion_recording.hpp"
#include "core/world/motion_replay.hpp"

namespace aabb {

namespace {

// Replays `recording` through `world` (built from its scene): frame 0's poses, then one world
// step per later frame, at most `frames` steps; every event into the report.
void replay_recording(MotionRecordingReader& recording, World& world, std::uint64_t frames,
                      bool scene_given, HeadlessReport& report) {
    const std::string& name = recording.source();
    std::vector<RecordedPose> current;
    std::vector<RecordedPose> next;
    if (!recording.next_frame(current)) {
        throw std::invalid_argument(name + ": the recording has no frame");
    }
    if (recording.format() == RecordingFormat::box_trace) {
        add_trace_boxes(world, current, !scene_given);
    }
    // The scene's spawners make the spawned bodies the recording names (the world drops them).
    const std::vector<Spawner> spawners(world.spawners().begin(), world.spawners().end());
    start_replay(world, current, name, 0, spawners);
    for (std::uint64_t step = 0; step < frames; ++step) {
        throw_if_stop_requested(report.scene);
        if (!recording.next_frame(next)) break;
        try {
            replay_step(world, current, next, name, recording.frame(), spawners);
        } catch (const BudgetExceeded& error) {
            throw std::runtime_error(name + ", frame " + std::to_string(recording.frame()) + ": " +
                                     error.what());
        }
        report.events.insert(report.events.end(), world.events().begin(), world.events().end());
        current.swap(next);
    }
}

HeadlessReport finish_report(const World& world, HeadlessReport report);

}  // namespace

Scene headless_scene(const HeadlessOptions& options, const std::filesystem::path& scene_path) {
    Scene scene = scene_path.empty() ? Scene{} : load_scene(scene_path);
    if (!options.broad_phase.empty()) {
        // Validate here so the message names the flag.
        try {
            (void)broad_phase_parameters(options.broad_phase);
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument(std::string("--broadphase: ") + error.what());
        }
        // The scene's options belong to the scene's algorithm.
        if (options.broad_phase != scene.world.broad_phase) scene.world.broad_phase_options.clear();
        scene.world.broad_phase = options.broad_phase;
    }
    if (options.ccd) set_bullet_detection(scene, *options.ccd);
    if (options.seed) scene.world.seed = *options.seed;
    scene.world.resource_budget = options.budget;
    return scene;
}

HeadlessReport run_scene_headless(const HeadlessOptions& options) {
    if (options.frames > max_headless_frames) {
        throw std::invalid_argument("--frames: at most " + std::to_string(max_headless_frames));
    }
    if (options.scene.empty() && options.replay.empty())
        throw std::invalid_argument("--scene: a scene file is required (or --replay FILE)");
    if (!options.replay.empty() && !options.record.empty())
        throw std::invalid_argument("--record: not with --replay (the recording is the input)");
    std::unique_ptr<MotionRecordingReader> recording;
    std::filesystem::path scene_path = options.scene;
    if (!options.replay.empty()) {
        recording = std::make_unique<MotionRecordingReader>(options.replay);
        if (scene_path.empty()) scene_path = recording->scene_path();
        // A box trace makes its own bodies: a scene only gives the settings.
        if (scene_path.empty() && recording->format() != RecordingFormat::box_trace) {
            throw std::invalid_argument(
                input_excerpt(options.replay.generic_string(), quoted_path_limit) +
                ": names no scene (a first line '# scene: FILE') and no --scene was given");
        }
    }
    const Scene scene = headless_scene(options, scene_path);

    HeadlessReport report;
    // A box trace without a scene: the trace names the run.
    report.scene = (scene_path.empty() ? options.replay : scene_path).generic_string();
    // The file's name as messages quote it (the report's JSON keeps it whole).
    const std::string source = input_excerpt(report.scene, quoted_path_limit);
    const auto built = [&] {
        try {
            return build_world(scene);
        } catch (const BudgetExceeded& error) {
            throw std::runtime_error(source + ", frame 0: " + error.what());
        }
    };
    World world = built();
    if (recording) {
        replay_recording(*recording, world, options.frames, !scene_path.empty(), report);
        return finish_report(world, std::move(report));
    }
    std::unique_ptr<RunRecorder> recorder;
    if (!options.record.empty()) {
        recorder = std::make_unique<RunRecorder>(RunRecording{scene_path, options.record, {}});
        recorder->start(world);
    }
    for (std::uint64_t frame = 0; frame < options.frames; ++frame) {
        throw_if_stop_requested(report.scene);  // SIGINT / SIGTERM (core/parallel/stop_request)
        try {
            world.step();
        } catch (const BudgetExceeded& error) {
            // The core names the structure, the count and the limit; only the run knows the
            // scene and the frame.
            throw std::runtime_error(source + ", frame " + std::to_string(frame + 1) + ": " +
                                     error.what());
        }
        report.events.insert(report.events.end(), world.events().begin(), world.events().end());
        if (recorder) recorder->after_step(world);
    }
    if (recorder) recorder->finish();
    return finish_report(world, std::move(report));
}

namespace {

HeadlessReport finish_report(const World& world, HeadlessReport report) {
    report.frames = world.frame();
    report.bodies = world.bodies().size();
    report.broad_phase = world.settings().broad_phase;
    report.ccd = world.settings().ccd;
    report.time_step = world.settings().time_step;
    report.totals = world.total_counts();
    report.state_hash = world.state_hash();
    return report;
}

}  // namespace

std::string report_to_json_text(const HeadlessReport& report) {
    nlohmann::ordered_json root;
    root["scene"] = report.scene;
    root["frames"] = report.frames;
    root["bodies"] = report.bodies;
    root["broadphase"] = report.broad_phase;
    root["ccd"] = name_of(ccd_names, report.ccd);
    root["time_step"] = shortest_float(report.time_step);
    root["candidate_pairs"] = report.totals.candidate_pairs;
    root["contacts"] = report.totals.contacts;
    root["false_positives"] = report.totals.false_positives;
    root["hit_events"] = report.totals.hits;
    root["tunneling_events"] = report.totals.tunneling_events;
    root["tunneled_bodies"] = report.totals.tunneled_bodies;
    root["escaped_events"] = report.totals.escaped;
    root["unresolved_impacts"] = report.totals.unresolved_impacts;
    const auto vector = [](glm::vec2 value) {
        return nlohmann::ordered_json::array({shortest_float(value.x), shortest_float(value.y)});
    };
    const auto body = [&](std::uint32_t id, BodyKind kind, const BodyPose& pose) {
        return nlohmann::ordered_json{{"id", id},
                                      {"kind", name_of(kind_names, kind)},
                                      {"position", vector(pose.position)},
                                      {"angle", shortest_float(pose.angle)}};
    };
    nlohmann::ordered_json events = nlohmann::ordered_json::array();
    for (const MotionEvent& event : report.events) {
        events.push_back({{"kind", name_of(event.kind)},
                          {"step", event.step},
                          {"tau", shortest_float(event.time_of_impact)},
                          {"exit", shortest_float(event.time_of_exit)},
                          {"time", event.time},
                          {"body", body(event.body, event.body_kind, event.body_pose)},
                          {"other", body(event.other, event.other_kind, event.other_pose)},
                          {"normal", vector(event.normal)}});
    }
    root["events"] = std::move(events);
    char hash[17];
    std::snprintf(hash, sizeof(hash), "%016llx",
                  static_cast<unsigned long long>(report.state_hash));
    root["state_hash"] = hash;
    return root.dump(2) + "\n";
}

int run_headless(const HeadlessOptions& options, std::ostream& errors) {
    if (!options.report.empty() || !options.record.empty() || !options.events_csv.empty()) {
        // Before the run: an output over the scene would destroy it, and an output into a
        // missing folder would fail only after every frame was stepped.
        std::vector<io::NamedFile> outputs;
        if (!options.report.empty()) outputs.push_back({"--report", options.report});
        if (!options.record.empty()) outputs.push_back({"--record", options.record});
        if (!options.events_csv.empty()) outputs.push_back({"--events-csv", options.events_csv});
        std::vector<io::NamedFile> inputs;
        if (!options.scene.empty()) inputs.push_back({"--scene", options.scene});
        if (!options.replay.empty()) inputs.push_back({"--replay", options.replay});
        try {
            io::check_output_files(outputs, inputs);
        } catch (const io::OutputFileError& error) {
            errors << "aabb-sandbox: " << error.what() << '\n';
            return 2;
        }
    }
    try {
        const HeadlessReport report = run_scene_headless(options);
        if (!options.events_csv.empty()) {
            try {
                save_motion_events_csv(options.events_csv, report.events);
            } catch (const io::WriteError& error) {
                errors << "aabb-sandbox: --events-csv: " << error.what() << '\n';
                return 1;
            }
        }
        const std::string text = report_to_json_text(report);
        if (options.report.empty()) {
            std::cout << text << std::flush;
            if (!std::cout) {
                errors << "aabb-sandbox: cannot write the report to standard output\n";
                return 1;
            }
            return 0;
        }
        try {
            io::write_file_atomically(options.report, text);
        } catch (const io::WriteError& error) {
            errors << "aabb-sandbox: --report: " << error.what() << '\n';
            return 1;
        }
        return 0;
    } catch (const std::exception& error) {
        errors << "aabb-sandbox: " << error.what() << '\n';
        return 1;
    }
}

}  // namespace aabb
