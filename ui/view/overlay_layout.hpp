#pragma once
// Where the lesson's step card goes. At UI scale 1 on a wide canvas it sits at the top-left;
// at 150-250 % or on a narrow canvas that column would leave the figure a sliver, so the card
// re-flows: it may become narrower and taller, wider and shorter, or move to another corner,
// whichever leaves the stage the most room (the zoom the stage gets in the largest free
// rectangle, free_area.hpp), preferring the top-left when others gain little. The card's
// height at a width is estimated from what it holds (CardMeasure); ImGui then sizes it exactly.
// Pure C++, unit tested.

#include <optional>
#include <span>
#include <vector>

#include "ui/view/camera.hpp"

namespace aabb::ui {

/// What the step card holds, measured once per frame in pixels, enough to estimate its height
/// at any width.
struct CardMeasure {
    /// Height that does not depend on the width: the window's padding, separators, spacing and
    /// the rows that never wrap.
    float fixed_height = 0.0f;
    /// Each wrapped block's width on one line (the step text, formulas, the try prompt).
    std::vector<float> block_widths;
    /// The height of one text line with its spacing.
    float line_height = 0.0f;
    /// The window's padding left and right together (a block wraps at width minus it).
    float horizontal_padding = 0.0f;
    /// The narrowest width the card can take (its widest row that never wraps).
    float min_width = 0.0f;
};

/// The card's estimated height at `width`: its fixed height and each block's lines (wrapping
/// loses about a tenth of a line's width at word ends).
[[nodiscard]] float card_height(const CardMeasure& measure, float width);

/// Where the card goes: ImGui places the window's `pivot` point ((0, 0) its top-left, (1, 1)
/// its bottom-right) at `anchor`, `width` wide, at most `max_height` high.
struct CardPlace {
    /// The screen point the window's pivot is put at.
    glm::vec2 anchor{0.0f};
    /// The window's point put at the anchor, in fractions of its size.
    glm::vec2 pivot{0.0f};
    /// The window's width.
    float width = 0.0f;
    /// Its largest height (its content is cut below).
    float max_height = 0.0f;
    /// The estimated rectangle, for choosing.
    ScreenRect estimate;
    /// Which candidate it is (kept from frame to frame unless another is clearly better).
    int choice = 0;
    /// Where the bottom band goes when the card took its place (band_beside); nullopt when it
    /// stays where it was.
    std::optional<ScreenRect> band;
    /// True when it fits nowhere whole: it is cut at max_height and scrolls.
    bool cut = false;
};

/// What the card's place is chosen from.
struct OverlayLayoutInput {
    /// The canvas.
    ScreenRect canvas;
    /// The windows that stay where they are: toolbar, caption, lesson bar, timeline.
    std::vector<ScreenRect> fixed;
    /// The card's content.
    CardMeasure card;
    /// The world size of the stage (only its shape matters); (1, 1) when not known yet.
    glm::vec2 stage_extent{1.0f};
    /// The font size in pixels.
    float font = 16.0f;
    /// The gap between windows and from the canvas's edges.
    float margin = 8.0f;
    /// A gadget's number line along the bottom (the τ or t band), at its own place; it yields
    /// to a card that needs its column (band_beside), unlike the fixed windows.
    std::optional<ScreenRect> band;
    /// The narrowest the band may become beside the card.
    float min_band_width = 0.0f;
};

/// `band` moved sideways out of `card`'s column: into the wider of the canvas's parts left and
/// right of the card, no wider than it was, centered there; `band` itself when the card does
/// not cover it; nullopt when that part is narrower than `min_width`. At a large UI scale
/// beside the panel a long step card needs the canvas's height, and the band under it left the
/// figure a corner (issue 49: lesson 10 step 1 at 1920x1080 and scale 2).
[[nodiscard]] std::optional<ScreenRect> band_beside(const ScreenRect& band, const ScreenRect& card,
                                                    const ScreenRect& canvas, float margin,
                                                    float min_width);

/// The card's place that leaves the stage the most room (see the header). `previous` is the
/// choice of the last frame: kept while it gives at least 90% of the best zoom, so the card
/// does not jump between two nearly equal places.
[[nodiscard]] CardPlace place_card(const OverlayLayoutInput& input, std::optional<int> previous);

}  // namespace aabb::ui
