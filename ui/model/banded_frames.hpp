#pragma once
// What the banded engine did in each of the last world steps, as the Broad phase tab shows it
// (issue 52 item 4): a sentence per frame in the interface's language ("partial: 212 of 10,000
// boxes left their fat boxes") and a strip of the last frames' paths, coloured by path, high
// by the step's find_pairs time, so a teacher can point at a slow frame and say what happened.
// The engine reports only its last frame (core/broadphase/banded/frame_report.hpp); this keeps
// the last few, fed once per world step by the SimulationController. Pure C++, unit tested.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/broadphase/banded/frame_report.hpp"
#include "core/world/world.hpp"
#include "ui/style/overlay_colors.hpp"
#include "ui/text/language.hpp"
#include "ui/text/text_catalog.hpp"
#include "ui/view/rolling_history.hpp"

namespace aabb::ui {

/// A frame's path as the strip colours it: the engine's path, with a full search in a grid told
/// apart from a full sweep (BandedFrameReport::grid).
enum class BandedStripKind : std::uint8_t { none, cached, kept, partial, full, grid, one_band };

/// Every kind the strip shows, in the legend's order (cheapest first; none is never shown).
inline constexpr std::array<BandedStripKind, 6> banded_strip_kinds{
    BandedStripKind::cached, BandedStripKind::kept, BandedStripKind::partial,
    BandedStripKind::full,   BandedStripKind::grid, BandedStripKind::one_band};

/// The strip kind of `report`.
[[nodiscard]] BandedStripKind strip_kind(const BandedFrameReport& report);
/// The kind's name, the legend's word and the sentence's first word ("partial", "部分").
[[nodiscard]] TextKey strip_kind_name(BandedStripKind kind);

/// The kind's colour in the strip and on the canvas, from the scheme in use (none as cached).
[[nodiscard]] Rgba8 strip_kind_color(BandedStripKind kind);

/// One world step of the banded engine.
struct BandedFrame {
    /// What its find_pairs did.
    BandedFrameReport report{};
    /// The engine's partial_fraction then (the threshold the sentence names).
    float partial_fraction = 0.0f;
    /// The step's find_pairs time, milliseconds.
    float find_pairs_ms = 0.0f;
    /// The world step it was (World::frame() after it).
    std::uint64_t world_step = 0;
};

/// What `frame` did, in one sentence in `language`: the path, why, with its counts, and
/// whether the changed boxes were merged into the bands or a prepared sweep switched in
/// ("partial: 212 of 10,000 boxes left their fat boxes").
[[nodiscard]] std::string banded_frame_sentence(const BandedFrame& frame, Language language);

/// The last world steps of the banded engine, oldest first.
class BandedFrameHistory {
  public:
    /// Frames kept by default: two seconds at 60 steps a second.
    static constexpr std::size_t default_capacity = 120;

    /// An empty history of at most `capacity` frames (> 0).
    explicit BandedFrameHistory(std::size_t capacity = default_capacity) : frames_(capacity) {}

    /// Records the step `world` just took when its broad phase is the banded engine; forgets
    /// every frame when it is another (the strip shows one engine's frames, without gaps).
    void after_step(const World& world);
    /// Forgets the frames after world step `step` (a step taken back).
    void forget_after(std::uint64_t step);
    /// Forgets every frame (another world).
    void clear() { frames_.clear(); }

    /// The frames, oldest first.
    [[nodiscard]] const RollingRing<BandedFrame>& frames() const { return frames_; }
    /// The longest find_pairs time held, milliseconds (0 when empty).
    [[nodiscard]] float max_find_pairs_ms() const;

  private:
    RollingRing<BandedFrame> frames_;
};

}  // namespace aabb::ui
