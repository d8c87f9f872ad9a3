#include "ui/view/layout_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/lesson/display_names.hpp"
#include "core/text/input_excerpt.hpp"
#include "ui/view/free_area.hpp"

namespace aabb::ui {

namespace {

/// A rectangle for messages: "[x0, y0 – x1, y1]".
std::string describe(const ScreenRect& rect) {
    char text[96];
    std::snprintf(text, sizeof text, "[%.0f, %.0f - %.0f, %.0f]", static_cast<double>(rect.min.x),
                  static_cast<double>(rect.min.y), static_cast<double>(rect.max.x),
                  static_cast<double>(rect.max.y));
    return text;
}

/// A text for messages: its owner and its string, quoted and cut.
std::string describe(const LayoutText& text) {
    return std::string(text_owner_name(text.owner)) + " '" + input_excerpt(text.text, 60) + "' " +
           describe(text.rect);
}

/// The windows over the canvas that canvas texts must keep off.
constexpr auto& covering = layout_region::covering_windows;

/// The region a text's owner draws it in (texts of a window lie inside it); empty for texts
/// of the canvas itself.
std::string_view home_of(TextOwner owner) {
    switch (owner) {
        case TextOwner::caption:
            return layout_region::caption;
        case TextOwner::card:
            return layout_region::card;
        case TextOwner::bar:
            return layout_region::bar;
        case TextOwner::toolbar:
            return layout_region::toolbar;
        case TextOwner::timeline:
            return layout_region::timeline;
        case TextOwner::inset:
            return layout_region::inset;
        case TextOwner::scrubber:
            return layout_region::scrubber;
        default:
            return {};
    }
}

}  // namespace

std::vector<std::string> check_stage(const LayoutRecord& record) {
    std::vector<std::string> problems;
    const std::optional<ScreenRect> stage = record.region(layout_region::stage);
    if (!stage) return problems;
    const std::optional<ScreenRect> free = record.region(layout_region::free);
    if (!free) {
        problems.push_back("stage " + describe(*stage) + " but no free area");
        return problems;
    }
    if (!rect_inside(*stage, *free, 1.0f))
        problems.push_back("stage " + describe(*stage) + " is not inside the free area " +
                           describe(*free));
    // The room the stage has: the free area beside the insets, unless the insets are the
    // stage (a figure drawn in panels of its own).
    const std::vector<ScreenRect> insets = record.regions_named(layout_region::inset);
    const bool insets_are_stage =
        !insets.empty() && std::all_of(insets.begin(), insets.end(), [&](const ScreenRect& inset) {
            return rect_inside(inset, *stage, 1.0f);
        });
    ScreenRect room = *free;
    if (!insets_are_stage) {
        for (const ScreenRect& inset : insets) {
            if (rects_overlap(*stage, inset, 1.0f))
                problems.push_back("stage " + describe(*stage) + " is under the inset " +
                                   describe(inset));
        }
        room = largest_free_rect(*free, insets, glm::max(stage->size(), glm::vec2(1.0f)));
    }
    const glm::vec2 room_size = glm::max(room.size(), glm::vec2(1.0f));
    const glm::vec2 size = stage->size();
    const float fill = std::max(size.x / room_size.x, size.y / room_size.y);
    if (fill < min_stage_fill) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "stage %s fills %.0f%% of its room %s in the free area (at least %.0f%%)",
                      describe(*stage).c_str(), 100.0 * fill, describe(room).c_str(),
                      100.0 * min_stage_fill);
        problems.emplace_back(text);
    }
    return problems;
}

std::vector<std::string> check_overlaps(const LayoutRecord& record) {
    std::vector<std::string> problems;
    const auto texts = record.texts();
    for (std::size_t i = 0; i < texts.size(); ++i) {
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            if (rects_overlap(texts[i].rect, texts[j].rect, 1.0f))
                problems.push_back("texts overlap: " + describe(texts[i]) + " and " +
                                   describe(texts[j]));
        }
    }
    const std::vector<ScreenRect> handles = record.regions_named(layout_region::handle);
    for (const LayoutText& text : texts) {
        const std::string_view home = home_of(text.owner);
        for (const LayoutRegion& region : record.regions()) {
            const bool window = std::find(std::begin(covering), std::end(covering), region.name) !=
                                std::end(covering);
            if (!window || !rects_overlap(text.rect, region.rect, 1.0f)) continue;
            // A window's own texts lie in it.
            if (region.name == home && rect_inside(text.rect, region.rect, 1.0f)) continue;
            problems.push_back(describe(text) + " is under the " + region.name + " " +
                               describe(region.rect));
        }
        if (!home.empty()) continue;
        for (const ScreenRect& handle : handles) {
            if (rects_overlap(text.rect, handle, 1.0f))
                problems.push_back(describe(text) + " is on a handle " + describe(handle));
        }
    }
    // The windows over the canvas, and the free area, apart.
    std::vector<LayoutRegion> windows;
    for (const LayoutRegion& region : record.regions()) {
        if (std::find(std::begin(covering), std::end(covering), region.name) !=
                std::end(covering) ||
            region.name == layout_region::free)
            windows.push_back(region);
    }
    for (std::size_t i = 0; i < windows.size(); ++i) {
        for (std::size_t j = i + 1; j < windows.size(); ++j) {
            const bool free_pair =
                windows[i].name == layout_region::free || windows[j].name == layout_region::free;
            // Insets lie in the free area by design.
            const bool inset_in_free = free_pair && (windows[i].name == layout_region::inset ||
                                                     windows[j].name == layout_region::inset);
            if (inset_in_free) continue;
            if (rects_overlap(windows[i].rect, windows[j].rect, 1.0f))
                problems.push_back("the " + windows[i].name + " " + describe(windows[i].rect) +
                                   " covers the " + windows[j].name + " " +
                                   describe(windows[j].rect));
        }
    }
    return problems;
}

std::vector<std::string> check_inside_window(const LayoutRecord& record) {
    std::vector<std::string> problems;
    const std::optional<ScreenRect> window = record.region(layout_region::window);
    if (!window) return {"no window rectangle"};
    for (const LayoutText& text : record.texts()) {
        if (!rect_inside(text.rect, *window, 1.0f))
            problems.push_back(describe(text) + " is outside the window " + describe(*window));
    }
    for (const LayoutRegion& region : record.regions()) {
        // The stage is where the camera shows a world region; the teacher may zoom it off.
        if (region.name == layout_region::stage) continue;
        if (!rect_inside(region.rect, *window, 1.0f))
            problems.push_back("the " + region.name + " " + describe(region.rect) +
                               " is outside the window " + describe(*window));
    }
    return problems;
}

std::vector<std::string> layout_differences(const LayoutRecord& a, const LayoutRecord& b,
                                            float tolerance) {
    std::vector<std::string> differences;
    const auto near = [tolerance](const ScreenRect& x, const ScreenRect& y) {
        return glm::all(glm::lessThanEqual(glm::abs(x.min - y.min), glm::vec2(tolerance))) &&
               glm::all(glm::lessThanEqual(glm::abs(x.max - y.max), glm::vec2(tolerance)));
    };
    if (a.regions().size() != b.regions().size())
        differences.push_back("regions: " + std::to_string(a.regions().size()) + " against " +
                              std::to_string(b.regions().size()));
    for (std::size_t i = 0; i < std::min(a.regions().size(), b.regions().size()); ++i) {
        const LayoutRegion& x = a.regions()[i];
        const LayoutRegion& y = b.regions()[i];
        if (x.name != y.name || !near(x.rect, y.rect))
            differences.push_back("the " + x.name + " " + describe(x.rect) + " against the " +
                                  y.name + " " + describe(y.rect));
    }
    if (a.texts().size() != b.texts().size())
        differences.push_back("texts: " + std::to_string(a.texts().size()) + " against " +
                              std::to_string(b.texts().size()));
    for (std::size_t i = 0; i < std::min(a.texts().size(), b.texts().size()); ++i) {
        const LayoutText& x = a.texts()[i];
        const LayoutText& y = b.texts()[i];
        if (x.owner != y.owner || x.text != y.text || !near(x.rect, y.rect))
            differences.push_back(describe(x) + " against " + describe(y));
    }
    return differences;
}

std::vector<std::string> check_chinese_words(const LayoutRecord& record) {
    std::vector<std::string> problems;
    if (record.place().language != "zh") return problems;
    for (const LayoutText& text : record.texts()) {
        const std::vector<std::string_view> words = lesson::unlisted_words(text.text);
        if (words.empty()) continue;
        std::string list;
        for (const std::string_view word : words)
            list += (list.empty() ? "" : ", ") + std::string(word);
        problems.push_back(describe(text) + " has English words: " + list);
    }
    return problems;
}

}  // namespace aabb::ui
