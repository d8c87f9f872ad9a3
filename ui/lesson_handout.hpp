#pragma once
// aabb-sandbox --handout: a lesson's printable handout in one language, written into a folder:
// one picture per step, each rendered by the window itself offscreen as --screenshot renders
// (run_sandbox at the step, the side panel hidden), and the HTML page that links them
// (ui/model/handout_page.hpp). Every file is checked before any work and written atomically.

#include <filesystem>
#include <string>
#include <vector>

#include "ui/model/sandbox_options.hpp"
#include "ui/text/language.hpp"

namespace aabb::ui {

/// What a handout is asked for.
struct HandoutRequest {
    /// The lesson file (already resolved: lesson::resolve_lesson).
    std::filesystem::path lesson;
    /// The language of the page and the pictures. Default English.
    Language language = Language::en;
    /// The folder the files go to; it must exist.
    std::filesystem::path folder;
    /// How each picture's window runs: size, UI scale, contrast, overlays, frames per picture
    /// (the lesson, step, language, screenshot and panel are set per picture).
    SandboxOptions window;
    /// The command that made it, quoted at the bottom of the page.
    std::string command;
};

/// What was written.
struct HandoutFiles {
    /// The HTML page.
    std::filesystem::path page;
    /// One PNG per step, in step order.
    std::vector<std::filesystem::path> pictures;
};

/// Writes the handout. Before any window opens throws lesson::LessonError for a lesson that
/// cannot be loaded and io::OutputFileError when an output is the lesson file or cannot be
/// written (io::check_output_files); then what run_sandbox throws while rendering a picture,
/// and io::WriteError when the page cannot be written (earlier files stay written).
HandoutFiles write_handout(const HandoutRequest& request);

}  // namespace aabb::ui
