#pragma once
// The layout of one frame as the drawing code drew it: every text on the canvas and in the
// lesson's overlay windows (step card, lesson bar, toolbar) with its string and screen
// rectangle, and the named rectangles of the layout (canvas, panel, card, bar, the free area,
// the stage …). The code that draws writes into it while it draws (ui/canvas/overlay_draw.hpp
// canvas_text and overlay_text, the gadgets' labels, the ImGui item rectangles of the overlay
// windows), so the record is what was drawn, not a second computation of it. The canvas's
// label placement reads it back (what a new label must not cover), `--layout-report` writes it
// as JSON, and the layout tests (aabb-layout-check, layout_checks.hpp) read that file.
// Pure C++ (no ImGui), unit tested.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ui/view/camera.hpp"
#include "ui/view/stage_view.hpp"

namespace aabb::ui {

/// Who drew a text: a layer of the canvas or one of the lesson's overlay windows. The report
/// names each by its entry in text_owner_names.
enum class TextOwner : unsigned char {
    /// A label on the canvas: a gadget's or an object's label.
    canvas,
    /// A lesson handle's label (shown while it is hovered or dragged).
    handle,
    /// Text inside an inset (a gadget's framed panel: chart, magnifier, side-by-side views).
    inset,
    /// A number of the canvas grid (drawn last, and only where nothing else is).
    grid,
    /// The scene caption at the top-left of the canvas.
    caption,
    /// The lesson's step card.
    card,
    /// The lesson bar.
    bar,
    /// The canvas toolbar.
    toolbar,
    /// The τ timeline of a step.
    timeline,
    /// A text a canvas overlay of the world writes (ray probe, tunneling markers …).
    overlay,
    /// The play/pause bar of an animated step (ui/lesson/lesson_timeline.hpp).
    scrubber,
};

/// The report's name of each TextOwner, in enum order.
inline constexpr std::string_view text_owner_names[] = {"canvas",   "handle",  "inset",   "grid",
                                                        "caption",  "card",    "bar",     "toolbar",
                                                        "timeline", "overlay", "scrubber"};

/// The report's name of `owner`.
[[nodiscard]] std::string_view text_owner_name(TextOwner owner);

/// The named rectangles of a frame's layout: the one list of their names (the report, the
/// stage and the checks use these).
namespace layout_region {
/// The whole window.
inline constexpr std::string_view window = "window";
/// The world view (the window left of the side panel).
inline constexpr std::string_view canvas = "canvas";
/// The side panel (absent while Tab hides it).
inline constexpr std::string_view panel = "panel";
/// The canvas toolbar.
inline constexpr std::string_view toolbar = "toolbar";
/// The scene caption.
inline constexpr std::string_view caption = "caption";
/// The lesson's step card.
inline constexpr std::string_view card = "card";
/// The lesson bar.
inline constexpr std::string_view bar = "bar";
/// A step's τ timeline.
inline constexpr std::string_view timeline = "timeline";
/// The play/pause bar of an animated step, above the lesson bar.
inline constexpr std::string_view scrubber = "scrubber";
/// One inset of a gadget (a frame may have several).
inline constexpr std::string_view inset = "inset";
/// A lesson handle's ring (labels keep off it).
inline constexpr std::string_view handle = "handle";
/// The canvas minus the toolbar, caption, card, bar, scrubber and timeline: where the stage and
/// the insets go.
inline constexpr std::string_view free = "free";
/// The step's stage: its world region as the camera shows it on screen.
inline constexpr std::string_view stage = "stage";
/// The windows over the canvas (the one list): canvas texts keep off them, and the checks
/// require it.
inline constexpr std::string_view covering_windows[] = {toolbar,  caption,  card,  bar,
                                                        scrubber, timeline, inset, panel};
}  // namespace layout_region

/// One text as drawn.
struct LayoutText {
    /// Who drew it.
    TextOwner owner = TextOwner::canvas;
    /// The string (UTF-8), as drawn.
    std::string text;
    /// Its screen rectangle.
    ScreenRect rect;
};

/// One named rectangle.
struct LayoutRegion {
    /// One of the layout_region names.
    std::string name;
    /// Its screen rectangle.
    ScreenRect rect;
};

/// Where a frame was drawn: the lesson step, the language and the scale.
struct LayoutPlace {
    /// The lesson's id; empty outside lesson mode.
    std::string lesson;
    /// The lesson step, 1-based as on the lesson bar; 0 outside lesson mode.
    std::size_t step = 0;
    /// The interface language's code ("en", "zh").
    std::string language;
    /// The UI scale.
    float ui_scale = 1.0f;
    /// The camera: where the canvas looked and how close (a lesson step's moves show in it).
    CameraPose camera;
};

/// The layout of one frame.
class LayoutRecord {
  public:
    /// Starts a new frame in a window of `window` pixels: no texts, no regions but the window,
    /// nothing reserved.
    void clear(glm::vec2 window);
    /// Records a text `owner` drew at `rect`.
    void add_text(TextOwner owner, std::string_view text, const ScreenRect& rect);
    /// Records a named rectangle; a name may be recorded several times (insets).
    void add_region(std::string_view name, const ScreenRect& rect);
    /// Records a named rectangle, replacing an earlier one of that name.
    void set_region(std::string_view name, const ScreenRect& rect);
    /// Removes every rectangle named `name`.
    void remove_region(std::string_view name);
    /// Sets where the frame was drawn.
    void set_place(LayoutPlace place) { place_ = std::move(place); }
    /// Keeps labels off `rect` this frame without reporting it: where last frame's insets and
    /// timeline were, before the gadgets that draw them this frame have done so.
    void reserve(const ScreenRect& rect) { reserved_.push_back(rect); }
    /// The reserved rectangles.
    [[nodiscard]] std::span<const ScreenRect> reserved() const { return reserved_; }

    /// The first rectangle named `name`, if any.
    [[nodiscard]] std::optional<ScreenRect> region(std::string_view name) const;
    /// Every rectangle named `name`.
    [[nodiscard]] std::vector<ScreenRect> regions_named(std::string_view name) const;
    /// The texts, in drawing order.
    [[nodiscard]] std::span<const LayoutText> texts() const { return texts_; }
    /// The named rectangles, in recording order.
    [[nodiscard]] std::span<const LayoutRegion> regions() const { return regions_; }
    /// Where the frame was drawn.
    [[nodiscard]] const LayoutPlace& place() const { return place_; }

    /// The record as one JSON object: {"lesson", "step", "language", "ui_scale", "camera":
    /// {"center": [x, y], "zoom"} (world units, pixels per unit), "regions":
    /// [{"name", "rect": [x0, y0, x1, y1]}], "texts": [{"owner", "text", "rect"}]} (pixels, y
    /// down; docs/lesson_format.md "Layout report").
    [[nodiscard]] std::string to_json() const;

  private:
    std::vector<LayoutText> texts_;
    std::vector<LayoutRegion> regions_;
    std::vector<ScreenRect> reserved_;
    LayoutPlace place_;
};

/// `text` as a JSON string literal (quoted; quotes, backslashes and control characters
/// escaped; other UTF-8 bytes as they are).
[[nodiscard]] std::string json_string(std::string_view text);

/// The record the drawing code of the current frame writes into; nullptr while none is set
/// (then recording does nothing).
[[nodiscard]] LayoutRecord* current_layout_record();

/// Makes `record` the current one for as long as it lives (the window's frame), then restores
/// the one before.
class ScopedLayoutRecord {
  public:
    explicit ScopedLayoutRecord(LayoutRecord& record);
    ~ScopedLayoutRecord();
    ScopedLayoutRecord(const ScopedLayoutRecord&) = delete;
    ScopedLayoutRecord& operator=(const ScopedLayoutRecord&) = delete;

  private:
    LayoutRecord* previous_;
};

/// True when `a` and `b` share an area of more than `slack` pixels on both axes (rectangles that
/// touch or overlap by less do not overlap).
[[nodiscard]] bool rects_overlap(const ScreenRect& a, const ScreenRect& b, float slack = 0.5f);

/// True when `inner` lies inside `outer`, `slack` pixels of overshoot allowed on each side.
[[nodiscard]] bool rect_inside(const ScreenRect& inner, const ScreenRect& outer,
                               float slack = 0.5f);

}  // namespace aabb::ui
