#pragma once
// The sandbox program: a SimulationController stepping the World, a WorldCanvas showing it, a
// SidePanel controlling it, timed per stage, optionally for a fixed number of frames ending in
// a screenshot (the headless mode tests and docs use). The parts live in SandboxState.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ui/model/sandbox_options.hpp"
#include "ui/model/simulation_controller.hpp"
#include "ui/view/frame_timer.hpp"

namespace aabb::ui {

/// What a run measured.
struct SandboxResult {
    /// Mean, p99, max and median CPU milliseconds per frame.
    FrameTimeStatistics frame_times;
    /// The same, by stage.
    FrameStageSummary stage_times;
    /// "batched GL" or "ImDrawList (reason)": how the world's boxes were drawn.
    std::string world_renderer;
    /// The GL version and renderer used.
    std::string gl_description;
    /// Bodies in the world after the last frame.
    std::size_t body_count = 0;
    /// Candidate pairs of the last step.
    std::size_t candidate_pairs = 0;
    /// Tunneling events the bullet tracker recorded over the run.
    std::uint64_t tunneling_events = 0;
    /// Measurements of the scaling sweep when it was exported.
    std::size_t sweep_measurements = 0;
    /// The files the sweep was exported to ("a.csv and b.png"); empty when none.
    std::string sweep_exports;
    /// True when a screenshot was written.
    bool screenshot_written = false;
};

/// Opens the window and runs the sandbox. First, before any window, throws io::OutputFileError
/// (a std::invalid_argument) when an output file (--screenshot, --export-csv, --export-png) is
/// an input (--scene, --lesson, the settings file), another output, or cannot be written. Then
/// throws std::invalid_argument for a bad scene, ApplicationError when the window or GL context
/// cannot be created, std::runtime_error naming the file and the cause when the screenshot or
/// an export cannot be written.
SandboxResult run_sandbox(const SandboxOptions& options);

}  // namespace aabb::ui
