#include "ui/sandbox_app.hpp"

#include <exception>
#include <vector>

#include "core/io/output_files.hpp"
#include "core/lesson/lesson_library.hpp"
#include "ui/sandbox_state.hpp"

namespace aabb::ui {

namespace {

// Before a window opens: an output over an input or another output, or into a folder that is
// not there, fails now and not after the run (io::OutputFileError, a usage error).
void check_output_paths(const SandboxOptions& options) {
    std::vector<io::NamedFile> outputs;
    if (!options.screenshot_path.empty())
        outputs.push_back({"--screenshot", options.screenshot_path});
    if (!options.export_csv_path.empty())
        outputs.push_back({"--export-csv", options.export_csv_path});
    if (!options.export_png_path.empty())
        outputs.push_back({"--export-png", options.export_png_path});
    if (!options.layout_report_path.empty())
        outputs.push_back({"--layout-report", options.layout_report_path});
    if (outputs.empty()) return;
    std::vector<io::NamedFile> inputs;
    if (!options.scene.scene_path.empty()) inputs.push_back({"--scene", options.scene.scene_path});
    if (!options.lesson.empty()) {
        // A lesson that cannot be found is reported when it is opened.
        try {
            inputs.push_back({"--lesson", lesson::resolve_lesson(options.lesson,
                                                                 lesson::find_lesson_directory())});
        } catch (const std::exception&) {
        }
    }
    if (!options.settings_file.empty())
        inputs.push_back({"the settings file", options.settings_file});
    io::check_output_files(outputs, inputs);
}

}  // namespace

SandboxResult run_sandbox(const SandboxOptions& options) {
    check_output_paths(options);
    SandboxState state(options);
    for (int frame = 0; state.wants_frame(frame); ++frame) {
        if (!state.run_frame(frame)) break;
    }
    return state.result();
}

}  // namespace aabb::ui
