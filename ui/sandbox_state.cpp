#include "ui/sandbox_state.hpp"

#include <SDL_timer.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <utility>

#include "core/io/atomic_file.hpp"
#include "core/parallel/stop_request.hpp"
#include "core/text/input_excerpt.hpp"
#include "ui/canvas/canvas_switches.hpp"
#include "ui/commands/shortcuts.hpp"
#include "ui/lesson/lesson_timeline.hpp"
#include "ui/overlays/overlay_list.hpp"
#include "ui/platform/cjk_font.hpp"
#include "ui/platform/screenshot.hpp"
#include "ui/platform/ui_appearance.hpp"
#include "ui/view/overlay_switches.hpp"
#include "ui/windows/canvas_toolbar.hpp"
#include "ui/windows/help_window.hpp"

namespace aabb::ui {

namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_between(Clock::time_point start, Clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

/// The saved settings (when a file is given) with this run's overrides.
UiSettings initial_settings(const SandboxOptions& options) {
    UiSettings settings;
    if (!options.settings_file.empty()) {
        const SettingsParseResult loaded = load_settings(options.settings_file);
        for (const std::string& warning : loaded.warnings) {
            std::fprintf(stderr, "aabb-sandbox: %s: %s\n",
                         input_excerpt(options.settings_file, quoted_path_limit).c_str(),
                         warning.c_str());
        }
        settings = loaded.settings;
    }
    if (options.ui_scale > 0.0f) settings.ui_scale = clamp_ui_scale(options.ui_scale);
    if (options.high_contrast) settings.high_contrast = true;
    if (options.language) settings.language = *options.language;
    return settings;
}

/// The simulation of `options`' scene, with --broadphase replacing a scene file's algorithm.
SimulationController make_simulation(const SandboxOptions& options) {
    SimulationController simulation(options.scene);
    if (options.scene_broad_phase_override)
        simulation.select_broad_phase(options.scene.broad_phase);
    if (options.detection) simulation.set_bullet_detection(*options.detection);
    return simulation;
}

/// Requires the Chinese texts of the scene in use in the font atlas.
bool require_scene_text(const SimulationController& simulation) {
    const Scene& scene = simulation.scene_description();
    return require_cjk_text(scene.title_zh + scene.description_zh);
}

/// Switches the overlays `--show` and `--hide` name.
void apply_switches(WorldCanvas& canvas, const SandboxOptions& options) {
    std::vector<std::string_view> names;
    std::vector<bool> states;
    for (const OverlaySlot& slot : canvas.overlays()) {
        names.push_back(slot.overlay->name());
        states.push_back(slot.enabled);
    }
    states = apply_overlay_switches(names, states, options.show_overlays, options.hide_overlays);
    for (std::size_t i = 0; i < states.size(); ++i)
        canvas.overlays()[i].enabled = states[i];
}

/// Starts what --compare and --scaling-sweep ask of the comparison window.
void open_comparison(ComparisonWindow& comparison, const SandboxOptions& options) {
    if (options.open_comparison) {
        comparison.set_open(true);
        comparison.request_compare();
        comparison.start_sweep();
    }
    if (!options.sweep_sizes.empty()) {
        comparison.set_open(true);
        ScalingSweepOptions sweep = ComparisonWindow::default_sweep();
        sweep.sizes = options.sweep_sizes;
        comparison.start_sweep(std::move(sweep));
        if (!comparison.sweep_started()) throw std::invalid_argument(comparison.status());
    }
}

/// Interactive runs sleep away what is left of a minimum frame period: with vsync this never
/// triggers, without it (software GL, virtual displays) the loop would spin a core.
void pace_frame(Clock::time_point frame_start) {
    constexpr double min_frame_ms = 1000.0 / 120.0;
    const double spent = milliseconds_between(frame_start, Clock::now());
    if (spent < min_frame_ms) SDL_Delay(static_cast<Uint32>(min_frame_ms - spent));
}

}  // namespace

SandboxState::SandboxState(const SandboxOptions& options)
    : options_(options),
      simulation_(make_simulation(options)),
      application_(options.window),
      settings_(initial_settings(options)),
      applied_appearance_(settings_),
      help_open_(options.open_help),
      text_generation_(simulation_.world_generation()),
      exports_(options.export_csv_path, options.export_png_path),
      panel_(simulation_) {
    result_.gl_description = application_.gl_description();
    set_language(settings_.language);
    // Every Chinese character of the interface is baked once, so switching the language never
    // rebuilds the font atlas.
    require_catalog_text();
    require_scene_text(simulation_);
    applied_appearance_ = used_settings();
    apply_appearance(applied_appearance_, options.window.font_pixels);
    open_comparison(comparison_, options);
    structure_ = &add_standard_overlays(
        canvas_, {simulation_, selection_, tools_, lessons_, lesson_handles_, lesson_drawn_});
    std::uint32_t script_seed = 1;
    for (const ToolAction& action : parse_tool_script(options.tool_script)) {
        if (action.tool == Tool::ray) tools_.ray_probe().aim(action.from, action.to);
        (void)apply_tool_action(simulation_, action, tools_.settings(), script_seed++);
    }
    if (options.select_id >= 0) selection_.select(static_cast<BodyId>(options.select_id));
    if (options.inspect_id >= 0) selection_.inspect_with(static_cast<BodyId>(options.inspect_id));
    apply_switches(canvas_, options);
    if (options.batched_world && batched_renderer_.ready()) {
        canvas_.set_batched_renderer(&batched_renderer_);
        result_.world_renderer = "batched GL";
    } else {
        result_.world_renderer =
            std::string("ImDrawList (") +
            (options.batched_world ? batched_renderer_.failure() : "requested") + ")";
    }
    canvas_.aim_at(simulation_.scene_description().camera);
    open_lesson(options);
    if (options.panel_tab) panel_.show_tab(*options.panel_tab);
    panel_hidden_ = options.panel_hidden;
    panel_chosen_ = options.panel_hidden;
    // A new selection (a click, or --select) brings its properties to the front, except a
    // --select at start when a tab was asked for.
    if (options.panel_tab) shown_selection_ = selection_.selected();
}

void SandboxState::open_lesson(const SandboxOptions& options) {
    if (options.lesson.empty()) {
        // An interactive start reopens the lesson the window closed on; a lesson renamed or
        // removed since is simply not reopened.
        if (!options.settings_file.empty() && !settings_.last_lesson.empty() &&
            lessons_.open_named(settings_.last_lesson,
                                static_cast<std::size_t>(settings_.last_step))) {
            panel_.show_tab(PanelTab::lessons);
            follow_lesson();
        }
        return;
    }
    if (!lessons_.open_named(options.lesson, options.lesson_step.value_or(0)))
        throw std::invalid_argument(lessons_.error());
    lesson::LessonRuntime& runtime = *lessons_.runtime();
    if (options.lesson_step && *options.lesson_step >= runtime.step_count()) {
        throw std::invalid_argument("--step: lesson '" + runtime.lesson().id + "' has " +
                                    std::to_string(runtime.step_count()) + " steps");
    }
    for (const auto& [handle, value] : options.lesson_values)
        runtime.set_handle_text(handle, value);
    panel_.show_tab(PanelTab::lessons);
    follow_lesson();
    // --show and --hide win over the first step's own switches.
    apply_switches(canvas_, options);
}

void SandboxState::follow_lesson() {
    lessons_.sync_world(simulation_);
    const auto place = lessons_.place();
    if (place == applied_step_) return;
    const bool new_lesson = !place || !applied_step_ || place->first != applied_step_->first;
    // A step the presenter moved to eases the camera there; the first one of a run, and every
    // step of a fixed run (a screenshot, a test), is framed at once.
    const bool animate = applied_step_.has_value() && clock_runs();
    applied_step_ = place;
    // Remembered for the next start (written with the other settings).
    settings_.last_lesson = place ? place->first : std::string();
    settings_.last_step = place ? static_cast<int>(place->second) : 0;
    settings_changed_ = true;
    if (!place) {
        // Back to the sandbox: the canvas frames the world again.
        lesson_layout_.leave();
        canvas_.set_framed_externally(false);
        canvas_.aim_at(simulation_.scene_description().camera);
        // Closing the lesson gives back the canvas's switches from before it.
        if (const std::optional<CanvasSwitches> before = lesson_view_.leave())
            apply_canvas_switches(canvas_, *before);
        return;
    }
    // The lesson's Chinese texts need their glyphs in the atlas (rebaked between frames).
    if (new_lesson && require_cjk_text(lesson::lesson_display_text(lessons_.runtime()->lesson())))
        lesson_text_rebake_ = true;
    // A step's canvas switches (the world shown, dimmed or hidden; overlays, pair lines and
    // hover info) apply once, when it is entered; the learner may change them.
    const lesson::LessonRuntime& runtime = *lessons_.runtime();
    apply_canvas_switches(
        canvas_, lesson_view_.enter_step(runtime.lesson(), runtime.step(), overlay_rules(canvas_),
                                         canvas_switches(canvas_)));
    // The lesson frames each step's stage (ui/lesson/lesson_layout.hpp); a fit the canvas was
    // still waiting for (its start, a scene's camera) is not an F for the stage.
    canvas_.set_framed_externally(true);
    (void)canvas_.take_fit_request();
    lesson_layout_.enter_step(place->first, place->second, animate);
}

void SandboxState::walk_steps(int index) {
    if (!options_.all_steps || index == 0 || options_.frame_count <= 0) return;
    if (index % options_.frame_count != 0 || lessons_.runtime() == nullptr) return;
    lessons_.go_to_step(static_cast<std::size_t>(index / options_.frame_count));
}

bool SandboxState::clock_runs() const {
    // An open-ended run follows the real clock; a fixed run (--frames, --screenshot) pictures
    // each step's own state, so its time stands still and every screenshot is the same, unless
    // --frame-seconds gives it a clock of its own.
    return options_.frame_count == 0 || options_.frame_seconds > 0.0f;
}

float SandboxState::frame_seconds() const {
    if (options_.frame_seconds > 0.0f) return options_.frame_seconds;
    // At most 0.1 s, so a stalled frame does not jump.
    return clock_runs() ? std::min(ImGui::GetIO().DeltaTime, 0.1f) : 0.0f;
}

void SandboxState::advance_lesson_animation() {
    lesson::LessonRuntime* runtime = lessons_.runtime();
    if (runtime == nullptr) return;
    (void)runtime->advance_animation(frame_seconds());
}

bool SandboxState::wants_frame(int index) const {
    return options_.frame_count == 0 || index < total_frames() || exports_.pending();
}

int SandboxState::total_frames() const {
    // --all-steps: frame_count frames for each step of the lesson.
    const lesson::LessonRuntime* runtime = lessons_.runtime();
    if (!options_.all_steps || runtime == nullptr) return options_.frame_count;
    return options_.frame_count * static_cast<int>(runtime->step_count());
}

void SandboxState::apply_settings_between_frames() {
    // A scene with Chinese characters the atlas lacks: rebake it (between frames).
    const bool new_world = simulation_.world_generation() != text_generation_;
    text_generation_ = simulation_.world_generation();
    bool rebake = (new_world && require_scene_text(simulation_)) || lesson_text_rebake_;
    lesson_text_rebake_ = false;
    if (settings_changed_) {
        settings_changed_ = false;
        // Between frames, so a whole frame is in one language.
        set_language(settings_.language);
        rebake = rebake || settings_.high_contrast != applied_appearance_.high_contrast;
        save_settings_file();
    }
    // The scale the window uses changes with the setting and with the window's size.
    const UiSettings used = used_settings();
    rebake = rebake || used.ui_scale != applied_appearance_.ui_scale;
    if (rebake) {
        apply_appearance(used, options_.window.font_pixels);
        applied_appearance_ = used;
    }
}

UiSettings SandboxState::used_settings() const {
    UiSettings used = settings_;
    // Before the first frame ImGui has no display size yet: the window's asked size.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const bool known = display.x > 0.0f && display.y > 0.0f;
    used.ui_scale = usable_ui_scale(settings_.ui_scale,
                                    known ? display.x : static_cast<float>(options_.window.width),
                                    known ? display.y : static_cast<float>(options_.window.height));
    return used;
}

void SandboxState::save_settings_file() {
    if (options_.settings_file.empty()) return;
    try {
        save_settings(options_.settings_file, settings_);
        panel_.set_settings_error({});
    } catch (const std::exception& error) {
        // In the window too: a choice that was not saved must not look saved.
        std::fprintf(stderr, "aabb-sandbox: %s\n", error.what());
        panel_.set_settings_error(error.what());
    }
}

void SandboxState::build_frame() {
    CommandTargets targets{simulation_, canvas_,  comparison_,   settings_,     settings_changed_,
                           help_open_,  lessons_, panel_hidden_, requested_tab_};
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    // A lesson on a canvas too narrow beside the panel starts with the panel hidden, until the
    // user shows or hides it.
    if (!panel_chosen_)
        panel_hidden_ = lessons_.runtime() != nullptr &&
                        panel_collapses_for_lesson(display.x, applied_appearance_.ui_scale);
    const bool panel_was_hidden = panel_hidden_;
    handle_keyboard_shortcuts(targets, application_.key_presses());
    if (panel_hidden_ != panel_was_hidden) panel_chosen_ = true;
    if (requested_tab_) panel_.show_tab(*requested_tab_);
    requested_tab_.reset();
    layout_.clear({display.x, display.y});
    const ScopedLayoutRecord recording(layout_);
    // The panel grows with the UI scale (up to 45% of the window, as at scale 1); Tab hides
    // it for a full-width canvas.
    const float scale = applied_appearance_.ui_scale;
    const ScreenRect unscaled = SidePanel::area_for({display.x / scale, display.y});
    // The panel's state for the whole frame (the lesson bar's "Tab: panel" shows it next frame).
    const bool panel_shown = !panel_hidden_;
    const float panel_width = panel_shown ? unscaled.size().x * scale : 0.0f;
    const ScreenRect panel_area{{display.x - panel_width, 0.0f}, {display.x, display.y}};
    const ScreenRect canvas_area{{0.0f, 0.0f}, {panel_area.min.x, display.y}};
    layout_.set_region(layout_region::canvas, canvas_area);
    if (panel_shown) layout_.set_region(layout_region::panel, panel_area);
    canvas_.set_area(canvas_area);
    // The windows over the canvas first: the lesson's layout and the labels on the canvas keep
    // clear of them. The caption under the toolbar follows its wrapped rows, and the
    // comparison window opens below them.
    const float toolbar_extra = draw_canvas_toolbar(canvas_area, targets);
    canvas_.set_toolbar_extra_height(toolbar_extra);
    const ScreenRect below_toolbar{{canvas_area.min.x, canvas_area.min.y + toolbar_extra},
                                   canvas_area.max};
    const bool in_lesson = lessons_.runtime() != nullptr;
    // F frames the step's stage in lesson mode (the canvas fits the world otherwise).
    if (in_lesson && canvas_.take_fit_request()) lesson_layout_.reframe();
    lesson_layout_.draw_overlays(canvas_area, lessons_, targets, simulation_.world());
    if (in_lesson) lesson_layout_.frame_camera(canvas_, frame_seconds());
    // A lesson's handles take the left button first, then the tools or the selection.
    const bool handle_grabbed = lesson_handles_.handle_input(lessons_, canvas_.camera());
    canvas_.set_left_button_pans(!tools_.owns_left_button() && !handle_grabbed);
    const CameraPose before_input = canvas_.pose();
    canvas_.handle_input(simulation_.world());
    if (in_lesson) lesson_layout_.note_input(canvas_, before_input);
    if (handle_grabbed) {
        // The drag belongs to the handle.
    } else if (tools_.owns_left_button()) {
        tools_.handle_input(simulation_, canvas_.camera());
    } else {
        selection_.handle_input(simulation_.world(), canvas_.camera());
    }
    lesson_drawn_ = {};
    lesson_handles_.record_rings(lessons_, canvas_.camera());
    canvas_.draw(simulation_.world(), *ImGui::GetBackgroundDrawList());
    lesson_layout_.after_draw(canvas_, lessons_, lesson_drawn_, simulation_.world());
    if (selection_.selected() != shown_selection_) {
        shown_selection_ = selection_.selected();
        // The Tunneling tab selects an event's pair itself: its list stays in view.
        if (shown_selection_ && panel_.current_tab() != PanelTab::tunneling)
            panel_.show_tab(PanelTab::objects);
    }
    PanelContext context{simulation_, canvas_, timer_, selection_, tools_, *structure_, lessons_};
    if (panel_shown) panel_.draw(panel_area, context);
    if (panel_hidden_ != !panel_shown) panel_chosen_ = true;
    comparison_.draw(simulation_.world(), below_toolbar);
    draw_help_window(canvas_area, help_open_);
    lesson_layout_.end_frame(layout_);
    LayoutPlace place;
    if (const auto step = lessons_.place()) {
        place.lesson = step->first;
        place.step = step->second + 1;
    }
    place.language = std::string(language_code(current_language()));
    place.ui_scale = applied_appearance_.ui_scale;
    place.camera = canvas_.pose();
    layout_.set_place(std::move(place));
}

bool SandboxState::run_frame(int index) {
    if (!application_.poll_events()) return false;
    apply_settings_between_frames();
    FrameTimings timings;
    const auto start = Clock::now();
    if (options_.pause_at_step != 0 && simulation_.world().frame() >= options_.pause_at_step)
        simulation_.set_paused(true);
    walk_steps(index);
    follow_lesson();
    advance_lesson_animation();
    simulation_.advance_frame();
    // Asked to quit while the world stepped (a million boxes take about a second): the frame
    // is not drawn, the program ends now.
    if (stop_requested()) return false;
    // The lesson's readouts of the world are computed again this frame (once, however often
    // the card, formulas and gadgets ask).
    if (lesson::LessonRuntime* runtime = lessons_.runtime()) runtime->new_frame();
    lessons_.update_progress(&simulation_.world());
    const auto simulated = Clock::now();
    application_.begin_frame();
    build_frame();
    const auto built = Clock::now();
    application_.render(palette.canvas_background);
    const auto rendered = Clock::now();
    timings.simulation_ms = milliseconds_between(start, simulated);
    // The world times its last step; several steps in one frame cost about as much each.
    const StepTimings& step = simulation_.world().last_timings();
    timings.broad_phase_ms = simulation_.last_steps() * (step.update_ms + step.pairs_ms);
    timings.ui_build_ms = milliseconds_between(simulated, built);
    timings.draw_build_ms = canvas_.last_draw_build_ms();
    timings.render_ms = milliseconds_between(built, rendered);
    timer_.record(timings);
    finish_frame(index);
    // Interactive runs, and fixed runs waiting for a sweep, leave the cores to the work.
    if (options_.frame_count == 0 || index + 1 >= total_frames()) pace_frame(start);
    return true;
}

void SandboxState::finish_frame(int index) {
    exports_.poll(comparison_, options_.frame_count != 0);
    // The final frame: the requested count reached and no export still waiting.
    const bool last_frame =
        options_.frame_count != 0 && index + 1 >= total_frames() && !exports_.pending();
    if (!options_.layout_report_path.empty()) {
        // The last frame of each step (--all-steps) or of the run; an interactive run keeps
        // every frame's and writes the last when it ends.
        const bool step_end = options_.all_steps && options_.frame_count > 0 &&
                              (index + 1) % options_.frame_count == 0;
        if (options_.frame_count == 0 || step_end || (last_frame && !options_.all_steps))
            keep_layout_report();
        if (last_frame) write_layout_report();
    }
    if (last_frame && !options_.screenshot_path.empty()) {
        const glm::ivec2 size = application_.framebuffer_size();
        try {
            write_png(read_back_buffer(size.x, size.y), options_.screenshot_path);
        } catch (const io::WriteError& error) {
            throw std::runtime_error(std::string("--screenshot: ") + error.what());
        }
        result_.screenshot_written = true;
    }
    application_.present();
}

void SandboxState::keep_layout_report() {
    std::string json = layout_.to_json();
    // An interactive run keeps only the last frame's; --all-steps one per step.
    if (options_.frame_count == 0 || !options_.all_steps) layout_reports_.clear();
    layout_reports_.push_back(std::move(json));
}

void SandboxState::write_layout_report() const {
    if (options_.layout_report_path.empty() || layout_reports_.empty()) return;
    std::string text;
    if (options_.all_steps) {
        text = "{\"reports\": [\n";
        for (std::size_t i = 0; i < layout_reports_.size(); ++i)
            text += (i == 0 ? "" : ",\n") + layout_reports_[i];
        text += "\n]}\n";
    } else {
        text = layout_reports_.back() + "\n";
    }
    try {
        io::write_file_atomically(options_.layout_report_path, text);
    } catch (const io::WriteError& error) {
        throw std::runtime_error(std::string("--layout-report: ") + error.what());
    }
}

SandboxResult SandboxState::result() {
    // An interactive run (closed, or stopped by a signal) writes the last frame it drew.
    if (options_.frame_count == 0) write_layout_report();
    result_.frame_times = timer_.summary();
    result_.stage_times = timer_.stage_summary();
    result_.body_count = simulation_.world().bodies().size();
    result_.candidate_pairs = simulation_.world().overlapping_pairs().size();
    result_.tunneling_events = simulation_.bullets().tunneling_count();
    result_.sweep_measurements = exports_.measurements();
    result_.sweep_exports = exports_.written();
    return result_;
}

}  // namespace aabb::ui
