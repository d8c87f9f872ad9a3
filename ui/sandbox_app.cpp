#include "ui/sandbox_app.hpp"

#include "ui/platform/screenshot.hpp"
#include "ui/sandbox_state.hpp"

namespace aabb::ui {

SandboxResult run_sandbox(const SandboxOptions& options) {
    // Unwritable output fails before a window opens, not after the run.
    if (!options.screenshot_path.empty()) check_writable(options.screenshot_path, "--screenshot");
    if (!options.export_csv_path.empty()) check_writable(options.export_csv_path, "--export-csv");
    if (!options.export_png_path.empty()) check_writable(options.export_png_path, "--export-png");
    SandboxState state(options);
    for (int frame = 0; state.wants_frame(frame); ++frame) {
        if (!state.run_frame(frame)) break;
    }
    return state.result();
}

}  // namespace aabb::ui
