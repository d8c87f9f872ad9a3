#include "ui/lesson/gadgets/gadget_inset.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "ui/canvas/overlay_draw.hpp"
#include "ui/platform/theme.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/line_breaking.hpp"

namespace aabb::ui {

ScreenRect free_canvas_area(const Camera& camera) {
    // The window lays out its overlays before the canvas draws and records what they leave.
    if (const LayoutRecord* record = current_layout_record()) {
        if (const std::optional<ScreenRect> free = record->region(layout_region::free))
            return *free;
    }
    // No layout (a caller outside the window's frame): right of the card's usual column.
    const ScreenRect& view = camera.viewport();
    const float font = ImGui::GetFontSize();
    ScreenRect area{{view.min.x + 23.0f * font, view.min.y + 5.2f * font},
                    {view.max.x - 0.6f * font, view.max.y - 3.4f * font}};
    if (area.size().x < 16.0f * font) area.min.x = view.min.x + 0.6f * font;
    area.max = glm::max(area.max, area.min + glm::vec2(1.0f));
    return area;
}

std::vector<std::string> inset_lines(std::string_view text, float width, std::string_view keep) {
    const ImFont& font = *ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font.FontSize;
    const auto width_of = [&](char32_t c) {
        return c <= 0xFFFF ? font.GetCharAdvance(static_cast<ImWchar>(c)) * scale : 0.0f;
    };
    std::vector<KeepTogether> spans;
    if (const std::size_t found = keep.empty() ? std::string_view::npos : text.find(keep);
        found != std::string_view::npos)
        spans.push_back({found, found + keep.size()});
    std::vector<std::string> lines;
    for (const std::string_view line : wrap_lines(text, std::max(width, 1.0f), width_of, spans))
        lines.emplace_back(line);
    return lines;
}

float draw_inset_text(ImDrawList& draw_list, const ScreenRect& body, glm::vec2 at, ImU32 color,
                      std::string_view text, bool backdrop, std::string_view keep) {
    for (const std::string& line : inset_lines(text, body.max.x - at.x, keep)) {
        if (backdrop) {
            overlay_text(draw_list, to_imvec(at), color, line.c_str(), TextOwner::inset);
        } else {
            canvas_text(draw_list, to_imvec(at), color, line.c_str(), TextOwner::inset);
        }
        at.y += ImGui::GetTextLineHeightWithSpacing();
    }
    return at.y;
}

Inset draw_inset_at(const GadgetContext& context, const ScreenRect& frame, const char* title) {
    ImDrawList& draw_list = context.draw_list;
    if (context.drawn != nullptr) {
        std::optional<ScreenRect>& insets = context.drawn->insets;
        insets =
            insets ? ScreenRect{glm::min(insets->min, frame.min), glm::max(insets->max, frame.max)}
                   : frame;
        if (LayoutRecord* record = current_layout_record())
            record->add_region(layout_region::inset, frame);
    }
    // Opaque: nothing of the world (a thousand moving boxes) shows through a gadget's drawing.
    draw_list.AddRectFilled(to_imvec(frame.min), to_imvec(frame.max),
                            to_imgui_color(overlay_colors.text_backdrop.with_alpha(255)),
                            overlay_size(4.0f));
    draw_list.AddRect(to_imvec(frame.min), to_imvec(frame.max), to_imgui_color(palette.text_dim),
                      overlay_size(4.0f), 0, overlay_stroke(1.0f));
    const float pad = overlay_size(6.0f);
    const glm::vec2 title_at = frame.min + glm::vec2(pad);
    float title_height = 0.0f;
    if (title != nullptr && title[0] != '\0') {
        // Wrapped to the frame (a narrow inset at a large UI scale), never cut.
        const ScopedClip clip(draw_list, frame);
        glm::vec2 at = title_at;
        for (const std::string& line : inset_lines(title, frame.size().x - 2.0f * pad)) {
            canvas_text(draw_list, to_imvec(at), to_imgui_color(palette.text), line.c_str(),
                        TextOwner::inset);
            at.y += ImGui::GetTextLineHeightWithSpacing();
        }
        title_height = at.y - title_at.y;
    }
    const ScreenRect body{{frame.min.x + pad, title_at.y + title_height},
                          {frame.max.x - pad, frame.max.y - pad}};
    return {frame, {body.min, glm::max(body.max, body.min + glm::vec2(1.0f))}};
}

namespace {

/// Set by the lesson layout each frame (one window, one lesson layout).
bool inset_is_figure = false;

}  // namespace

void set_inset_is_figure(bool figure) {
    inset_is_figure = figure;
}

Inset draw_inset(const GadgetContext& context, InsetPlace place, glm::vec2 size,
                 const char* title) {
    const ScreenRect area = free_canvas_area(context.camera);
    if (inset_is_figure && context.drawn != nullptr) {
        // The step's whole figure: as large as fits in the free area at its own shape (never
        // smaller than asked), centered there.
        const glm::vec2 asked = glm::max(size * overlay_size(1.0f), glm::vec2(1.0f));
        const glm::vec2 room = glm::max(area.size(), glm::vec2(1.0f));
        const float grow = std::max(std::min(room.x / asked.x, room.y / asked.y), 1.0f);
        const glm::vec2 scaled = glm::min(asked * grow, room);
        const glm::vec2 min = area.center() - 0.5f * scaled;
        return draw_inset_at(context, {min, min + scaled}, title);
    }
    // Its size, within the free area; when it would take more than half of the free area both
    // ways, the side that shrinks less is cut to half, so the stage keeps a strip beside or
    // below it at least half as wide or high as the free area.
    const glm::vec2 room = area.size();
    glm::vec2 scaled = glm::min(size * overlay_size(1.0f), room);
    if (scaled.x > 0.5f * room.x && scaled.y > 0.5f * room.y) {
        if (0.5f * room.x / scaled.x >= 0.5f * room.y / scaled.y) {
            scaled.x = 0.5f * room.x;
        } else {
            scaled.y = 0.5f * room.y;
        }
    }
    ScreenRect frame;
    frame.min.x = area.max.x - scaled.x;
    frame.max.x = area.max.x;
    if (place == InsetPlace::top_right) {
        frame.min.y = area.min.y;
        frame.max.y = area.min.y + scaled.y;
    } else {
        frame.min.y = area.max.y - scaled.y;
        frame.max.y = area.max.y;
    }
    return draw_inset_at(context, frame, title);
}

Camera panel_camera(const ScreenRect& rect, const Box2& region, float margin) {
    Camera camera;
    camera.set_viewport(rect);
    const Box2 shown = region.is_valid() ? region : Box2{glm::vec2(-1.0f), glm::vec2(1.0f)};
    camera.fit(shown, std::min(margin, 0.25f * std::min(rect.size().x, rect.size().y)));
    return camera;
}

ScopedClip::ScopedClip(ImDrawList& draw_list, const ScreenRect& rect) : draw_list_(draw_list) {
    draw_list_.PushClipRect(to_imvec(rect.min), to_imvec(rect.max), true);
}

ScopedClip::~ScopedClip() {
    draw_list_.PopClipRect();
}

}  // namespace aabb::ui
