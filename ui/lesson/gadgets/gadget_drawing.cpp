#include "ui/lesson/gadgets/gadget_drawing.hpp"

#include "ui/lesson/lesson_language.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/lesson/lesson_language.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/lesson_colors.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/view/clipped_marks.hpp"
#include "ui/view/free_area.hpp"
#include "ui/view/label_placement.hpp"
#include "ui/view/layout_record.hpp"

namespace aabb::ui {

const lesson::LessonObject* GadgetContext::object(std::string_view role) const {
    for (const auto& [name, object_name] : gadget.objects) {
        if (name == role) return runtime.object(object_name);
    }
    return nullptr;
}

double GadgetContext::number(std::string_view role, double fallback) const {
    const lesson::LessonObject* found = object(role);
    return found != nullptr ? found->number : fallback;
}

lesson::ReadoutValue GadgetContext::readout(std::string_view name) const {
    if (lesson::find_readout(runtime.lesson(), name) == nullptr) return {};
    return runtime.readout(name, &world);
}

ImU32 object_color(const lesson::LessonObject& object, std::uint8_t alpha) {
    return role_color(object.color, alpha);
}

ImU32 role_color(std::string_view role, std::uint8_t alpha) {
    return to_imgui_color(lesson_role_color(role).with_alpha(alpha));
}

ImU32 with_alpha(ImU32 color, std::uint8_t alpha) {
    return (color & ~IM_COL32_A_MASK) | (ImU32(alpha) << IM_COL32_A_SHIFT);
}

const char* object_label(const lesson::LessonObject& object) {
    const std::string& label = in_language(object.label, object.label_zh);
    return label.empty() ? object.name.c_str() : label.c_str();
}

void extend_drawn(const GadgetContext& context, const Box2& box) {
    if (context.drawn == nullptr || !box.is_valid()) return;
    // Gadgets draw half-lines and far planes too; only what has a finite size is framed.
    if (!std::isfinite(box.min.x) || !std::isfinite(box.min.y) || !std::isfinite(box.max.x) ||
        !std::isfinite(box.max.y))
        return;
    context.drawn->world = merge(context.drawn->world, box);
}

void extend_drawn_screen(const GadgetContext& context, const ScreenRect& rect) {
    if (context.drawn == nullptr) return;
    std::optional<ScreenRect>& screen = context.drawn->screen;
    screen = screen ? ScreenRect{glm::min(screen->min, rect.min), glm::max(screen->max, rect.max)}
                    : rect;
}

void draw_world_box(const GadgetContext& context, const Box2& box, ImU32 color, float thickness,
                    std::uint8_t fill_alpha) {
    if (!box.is_valid()) return;
    extend_drawn(context, box);
    const ScreenRect rect = context.camera.world_to_screen(box);
    if (fill_alpha > 0)
        context.draw_list.AddRectFilled(to_imvec(rect.min), to_imvec(rect.max),
                                        with_alpha(color, fill_alpha));
    context.draw_list.AddRect(to_imvec(rect.min), to_imvec(rect.max), color, 0.0f, 0,
                              overlay_stroke(thickness));
}

void draw_dashed_world_box(const GadgetContext& context, const Box2& box, ImU32 color,
                           float thickness) {
    if (!box.is_valid()) return;
    extend_drawn(context, box);
    const ScreenRect rect = context.camera.world_to_screen(box);
    const float width = overlay_stroke(thickness);
    const glm::vec2 corners[4] = {
        rect.min, {rect.max.x, rect.min.y}, rect.max, {rect.min.x, rect.max.y}};
    for (int i = 0; i < 4; ++i)
        dashed_line(context.draw_list, corners[i], corners[(i + 1) % 4], color, width);
    // A box of zero width or height is a line; dashes of length < 1 pixel would vanish.
    if (rect.size().x < 1.0f || rect.size().y < 1.0f)
        context.draw_list.AddLine(to_imvec(rect.min), to_imvec(rect.max), color, width);
}

void hatch_rect(ImDrawList& draw_list, glm::vec2 min, glm::vec2 max, ImU32 color) {
    if (!(max.x > min.x && max.y > min.y)) return;
    // Only the lines crossing the visible part, counted from the clipped rectangle: at high zoom
    // the rectangle is millions of pixels wide (issue 48 item 6).
    draw_list.PushClipRect(to_imvec(min), to_imvec(max), true);
    const std::vector<ScreenSegment> lines =
        visible_hatching({min, max}, overlay_size(8.0f), clip_rect(draw_list));
    for (const ScreenSegment& line : lines)
        draw_list.AddLine(to_imvec(line.from), to_imvec(line.to), color, overlay_stroke(1.5f));
    draw_list.PopClipRect();
}

void draw_world_pose(const GadgetContext& context, glm::vec2 center, glm::vec2 half, float angle,
                     ImU32 color, float thickness, std::uint8_t fill_alpha) {
    ImVec2 corners[4];
    pose_corners(context.camera, center, half, angle, corners);
    const float reach = glm::length(half);
    extend_drawn(context, Box2{center - glm::vec2(reach), center + glm::vec2(reach)});
    if (fill_alpha > 0)
        context.draw_list.AddConvexPolyFilled(corners, 4, with_alpha(color, fill_alpha));
    context.draw_list.AddPolyline(corners, 4, color, ImDrawFlags_Closed, overlay_stroke(thickness));
}

void draw_world_point(const GadgetContext& context, glm::vec2 point, ImU32 color,
                      const char* label) {
    extend_drawn(context, Box2{point, point});
    const glm::vec2 at = context.camera.world_to_screen(point);
    context.draw_list.AddCircleFilled(to_imvec(at), overlay_size(4.0f), color);
    if (label != nullptr)
        draw_label(context, ImVec2(at.x + overlay_size(6.0f), at.y - overlay_size(6.0f)), color,
                   label);
}

void draw_screen_arrow(ImDrawList& draw_list, glm::vec2 from, glm::vec2 to, ImU32 color,
                       float width) {
    draw_list.AddLine(to_imvec(from), to_imvec(to), color, width);
    const glm::vec2 along = to - from;
    const float length = glm::length(along);
    if (length < 1.0f) return;
    const glm::vec2 unit = along / length;
    const glm::vec2 side{-unit.y, unit.x};
    const float head = std::min(overlay_size(10.0f), length * 0.5f);
    const glm::vec2 left = to - unit * head + side * head * 0.5f;
    const glm::vec2 right = to - unit * head - side * head * 0.5f;
    draw_list.AddTriangleFilled(to_imvec(to), to_imvec(left), to_imvec(right), color);
}

void draw_world_arrow(const GadgetContext& context, glm::vec2 from, glm::vec2 to, ImU32 color) {
    extend_drawn(context, merge(Box2{from, from}, Box2{to, to}));
    draw_screen_arrow(context.draw_list, context.camera.world_to_screen(from),
                      context.camera.world_to_screen(to), color, overlay_stroke(2.5f));
}

void draw_ray_piece(const GadgetContext& context, const Ray2& ray, float from, float to, float end,
                    ImU32 color, float width) {
    from = std::max(from, 0.0f);
    to = std::min(to, end);
    if (!(from <= to)) return;
    const glm::vec2 a = context.camera.world_to_screen(ray.origin + ray.direction * from);
    const glm::vec2 b = context.camera.world_to_screen(ray.origin + ray.direction * to);
    context.draw_list.AddLine(to_imvec(a), to_imvec(b), color, width);
}

void draw_slab_bands(const GadgetContext& context, const Box2& box) {
    const Box2 visible = context.camera.visible_world_box();
    const auto band = [&](const Box2& region, std::string_view role) {
        const ScreenRect rect = context.camera.world_to_screen(region);
        context.draw_list.AddRectFilled(to_imvec(rect.min), to_imvec(rect.max),
                                        role_color(role, 40));
    };
    band({{box.min.x, visible.min.y}, {box.max.x, visible.max.y}}, "slab_x");
    band({{visible.min.x, box.min.y}, {visible.max.x, box.max.y}}, "slab_y");
}

namespace {

/// The world box a ray is drawn across: the view, cut to the free area of a lesson's canvas
/// when the frame recorded one. Drawn to the canvas's edge, a ray ran on under the toolbar to
/// the side panel's corner, where it read as drawn over the panel (issue 49). An inset's view
/// lies in the free area, so it is left whole.
Box2 ray_view_box(const Camera& camera) {
    ScreenRect screen = camera.viewport();
    if (const LayoutRecord* record = current_layout_record()) {
        if (const std::optional<ScreenRect> free = record->region(layout_region::free)) {
            const ScreenRect cut = intersect_rects(screen, *free);
            if (cut.size().x >= 1.0f && cut.size().y >= 1.0f) screen = cut;
        }
    }
    const glm::vec2 a = camera.screen_to_world({screen.min.x, screen.max.y});
    const glm::vec2 b = camera.screen_to_world({screen.max.x, screen.min.y});
    return Box2{glm::min(a, b), glm::max(a, b)};
}

}  // namespace

float draw_ray_to_view_edge(const GadgetContext& context, const Ray2& ray, ImU32 color) {
    const bool moving = glm::dot(ray.direction, ray.direction) > 0.0f;
    const RayBoxHit<2> to_edge =
        moving ? intersect(ray, ray_view_box(context.camera)) : RayBoxHit<2>{};
    const float end =
        to_edge.hit && std::isfinite(to_edge.t_exit) ? std::max(to_edge.t_exit, 1.0f) : 1.0f;
    draw_ray_piece(context, ray, 0.0f, end, end, color, overlay_stroke(1.5f));
    draw_world_arrow(context, ray.origin, ray.origin + ray.direction, color);
    draw_world_point(context, ray.origin, color, "o");
    return end;
}

namespace {

/// The gadgets' label layer while a LabelLayer lives: its splitter and draw list.
ImDrawListSplitter* label_splitter = nullptr;
ImDrawList* label_draw_list = nullptr;

/// Draws on the label layer (channel 1) while it lives, then back on the shapes (channel 0).
class OnLabelLayer {
  public:
    explicit OnLabelLayer(const ImDrawList& draw_list)
        : active_(label_splitter != nullptr && label_draw_list == &draw_list) {
        if (active_) label_splitter->SetCurrentChannel(label_draw_list, 1);
    }
    ~OnLabelLayer() {
        if (active_) label_splitter->SetCurrentChannel(label_draw_list, 0);
    }
    OnLabelLayer(const OnLabelLayer&) = delete;
    OnLabelLayer& operator=(const OnLabelLayer&) = delete;

  private:
    bool active_;
};

/// The size, relative to the font, of a canvas label that finds no free place at full size
/// even wrapped: still readable on a projector at the large UI scales where it happens.
constexpr float smaller_label_scale = 0.8f;

/// `text` broken between words into about `lines` lines of equal width (fewer when it has fewer
/// spaces).
std::string wrap_words(std::string_view text, int lines) {
    const float target =
        ImGui::CalcTextSize(text.data(), text.data() + text.size()).x / static_cast<float>(lines);
    std::string out;
    std::size_t line_start = 0;
    int breaks = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == ' ' && breaks + 1 < lines) {
            const float width = ImGui::CalcTextSize(text.data() + line_start, text.data() + i).x;
            if (width >= target) {
                out += '\n';
                line_start = i + 1;
                ++breaks;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

}  // namespace

LabelLayer::LabelLayer(ImDrawList& draw_list) : draw_list_(draw_list) {
    splitter_.Split(&draw_list_, 2);
    splitter_.SetCurrentChannel(&draw_list_, 0);
    label_splitter = &splitter_;
    label_draw_list = &draw_list_;
}

LabelLayer::~LabelLayer() {
    label_splitter = nullptr;
    label_draw_list = nullptr;
    splitter_.Merge(&draw_list_);
}

void draw_label(const GadgetContext& context, ImVec2 at, ImU32 color, const char* text) {
    // Inside the canvas (or the inset) so a label near an edge stays whole.
    const float pad = overlay_size(3.0f);
    const ScreenRect bounds = inset_rect(context.camera.viewport(), pad);
    const ImVec2 size = ImGui::CalcTextSize(text);
    const glm::vec2 wanted(at.x, at.y);
    if (context.drawn == nullptr) {
        // In an inset the gadget lays its rows out itself: kept inside, never moved about, and
        // a row wider than the inset drawn smaller rather than cut at its edge: down to 60%, or
        // at a large UI scale down to the text size of scale 1.
        const float floor = std::min(0.6f, 1.0f / overlay_size(1.0f));
        const float fit = std::clamp(bounds.size().x / std::max(size.x, 1.0f), floor, 1.0f);
        const glm::vec2 shown = glm::vec2(size.x, size.y) * fit;
        // A row that does not fit even at that size, or whose place lies mostly below the
        // inset, is left out: cut at the frame, or pushed up onto the row above it, it would
        // be unreadable (issue 49: lesson 03's float grid at 1280x720 and UI scale 2, whose
        // summary the card's formulas give too).
        if (shown.x > bounds.size().x + 0.5f || wanted.y + 0.5f * shown.y > bounds.max.y) return;
        const glm::vec2 high = glm::max(bounds.max - shown, bounds.min);
        overlay_text(context.draw_list, to_imvec(glm::clamp(wanted, bounds.min, high)), color, text,
                     TextOwner::inset, fit);
        return;
    }
    // The stage keeps room for the label where the gadget wants it.
    extend_drawn_screen(
        context, {wanted - glm::vec2(pad), wanted + glm::vec2(size.x, size.y) + glm::vec2(pad)});
    // On the canvas, clear of every text, handle and window drawn before it: moved to the
    // nearest free place around where it was asked for, with a leader line back when it went
    // further than a line.
    const std::vector<ScreenRect> taken = label_obstacles(bounds);
    LabelPlace place =
        place_label(wanted, {size.x, size.y}, bounds, taken, overlay_size(2.0f) + pad);
    // A long label with no free place (a sentence at a large UI scale beside the card) is
    // wrapped onto two or three lines, between words, and as a last resort drawn at
    // smaller_label_scale, where that finds it one.
    std::string wrapped;
    float scale = 1.0f;
    for (const float tried_scale : {1.0f, smaller_label_scale}) {
        for (int lines = tried_scale < 1.0f ? 1 : 2; place.overlaps && lines <= 3; ++lines) {
            std::string candidate = lines > 1 ? wrap_words(text, lines) : std::string(text);
            if (lines > 1 && candidate.find('\n') == std::string::npos) break;
            const glm::vec2 block = glm::vec2(ImGui::CalcTextSize(candidate.c_str()).x,
                                              ImGui::CalcTextSize(candidate.c_str()).y) *
                                    tried_scale;
            const LabelPlace tried =
                place_label(wanted, block, bounds, taken, overlay_size(2.0f) + pad);
            if (tried.overlaps) continue;
            place = tried;
            wrapped = std::move(candidate);
            scale = tried_scale;
        }
    }
    if (!wrapped.empty()) text = wrapped.c_str();
    const OnLabelLayer on_top(context.draw_list);
    if (place.moved && glm::distance(place.rect.min, wanted) > size.y) {
        const ScreenRect backdrop{place.rect.min - glm::vec2(pad), place.rect.max + glm::vec2(pad)};
        context.draw_list.AddLine(to_imvec(nearest_point(backdrop, wanted)), to_imvec(wanted),
                                  with_alpha(color, 170), overlay_stroke(1.0f));
    }
    overlay_text(context.draw_list, to_imvec(place.rect.min), color, text, TextOwner::canvas,
                 scale);
}

void record_band(const ScreenRect& band) {
    if (LayoutRecord* record = current_layout_record())
        record->set_region(layout_region::timeline, band);
}

void draw_band_label(const GadgetContext& context, ImVec2 at, ImU32 color, const char* text) {
    LayoutRecord* record = current_layout_record();
    const std::optional<ScreenRect> band =
        record != nullptr ? record->region(layout_region::timeline) : std::nullopt;
    if (band) {
        // Inside the band; a label that would run into one the band already shows (an end of
        // an interval at t = 0) is left out: the other says where it is.
        const ImVec2 size = ImGui::CalcTextSize(text);
        const float pad = overlay_size(2.0f);
        at.x =
            std::clamp(at.x, band->min.x + pad, std::max(band->max.x - size.x - pad, band->min.x));
        const ScreenRect rect{{at.x, at.y}, {at.x + size.x, at.y + size.y}};
        for (const LayoutText& shown : record->texts()) {
            if (shown.owner == TextOwner::timeline && rects_overlap(shown.rect, rect, 1.0f)) return;
        }
    }
    overlay_text(context.draw_list, at, color, text, TextOwner::timeline);
}

void draw_label_centered(const GadgetContext& context, glm::vec2 at, ImU32 color,
                         const char* text) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    draw_label(context, ImVec2(at.x - size.x * 0.5f, at.y - size.y * 0.5f), color, text);
}

}  // namespace aabb::ui
