#include "ui/lesson_handout.hpp"

#include "core/io/atomic_file.hpp"
#include "core/io/output_files.hpp"
#include "core/lesson/lesson_runtime.hpp"
#include "ui/model/handout_page.hpp"
#include "ui/sandbox_app.hpp"

namespace aabb::ui {

HandoutFiles write_handout(const HandoutRequest& request) {
    lesson::LessonRuntime runtime =
        lesson::LessonRuntime::load(request.lesson, lesson::RuntimeOptions{.own_world = true});
    const std::string& id = runtime.lesson().id;
    HandoutFiles files;
    files.page = request.folder / handout_page_name(id, request.language);
    std::vector<std::string> names;
    std::vector<io::NamedFile> outputs{{"--handout", files.page}};
    for (std::size_t k = 0; k < runtime.step_count(); ++k) {
        names.push_back(handout_picture_name(id, request.language, k));
        files.pictures.push_back(request.folder / names.back());
        outputs.push_back({"--handout", files.pictures.back()});
    }
    const io::NamedFile inputs[] = {{"--handout", request.lesson}};
    io::check_output_files(outputs, inputs);
    for (std::size_t k = 0; k < runtime.step_count(); ++k) {
        SandboxOptions options = request.window;
        options.lesson = request.lesson.string();
        options.lesson_step = k;
        options.lesson_values.clear();
        options.language = request.language;
        options.screenshot_path = files.pictures[k].string();
        options.panel_hidden = true;
        options.settings_file.clear();
        options.window.vsync = false;
        (void)run_sandbox(options);
    }
    io::write_file_atomically(files.page,
                              handout_html(runtime, request.language, names, request.command));
    return files;
}

}  // namespace aabb::ui
