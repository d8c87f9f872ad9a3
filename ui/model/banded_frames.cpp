#include "ui/model/banded_frames.hpp"

#include <algorithm>

#include "core/broadphase/banded/banded_sort_and_sweep.hpp"
#include "core/lesson/display_names.hpp"

namespace aabb::ui {

namespace {

/// A count as the panel writes it ("10,000").
std::string count_text(std::size_t count) {
    return lesson::display_number(static_cast<double>(count), true);
}

/// A fraction of the boxes as a percentage ("15").
std::string percent_text(float fraction) {
    return lesson::display_number(static_cast<double>(fraction) * 100.0, false);
}

/// Why the frame took its path, with its counts, in `language`.
std::string reason_clause(const BandedFrame& frame, Language language) {
    const BandedFrameReport& report = frame.report;
    const std::string boxes = count_text(report.boxes);
    switch (report.reason) {
        case BandedPathReason::none:
            return text(language, TextKey::banded_reason_none);
        case BandedPathReason::first_or_membership:
            return text_format(language, TextKey::banded_reason_first_or_membership, boxes.c_str());
        case BandedPathReason::nothing_changed:
            return text(language, TextKey::banded_reason_nothing_changed);
        case BandedPathReason::all_inside:
            return text(language, TextKey::banded_reason_all_inside);
        case BandedPathReason::few_escaped:
            return text_format(language, TextKey::banded_reason_few_escaped,
                               count_text(report.escaped).c_str(), boxes.c_str());
        case BandedPathReason::many_escaped:
            return text_format(language, TextKey::banded_reason_many_escaped,
                               count_text(report.escaped).c_str(), boxes.c_str(),
                               percent_text(frame.partial_fraction).c_str());
        case BandedPathReason::many_since_full:
            // The engine sweeps again once twice partial_fraction changed since the bands were
            // made (core/broadphase/banded/frame_report.hpp).
            return text_format(language, TextKey::banded_reason_many_since_full,
                               count_text(report.changed_since_full).c_str(), boxes.c_str(),
                               percent_text(2.0f * frame.partial_fraction).c_str());
        case BandedPathReason::after_grid:
            return text(language, TextKey::banded_reason_after_grid);
        case BandedPathReason::one_band:
            return text_format(language, TextKey::banded_reason_one_band, boxes.c_str());
    }
    return {};
}

}  // namespace

BandedStripKind strip_kind(const BandedFrameReport& report) {
    switch (report.path) {
        case BandedPath::none:
            return BandedStripKind::none;
        case BandedPath::cached:
            return BandedStripKind::cached;
        case BandedPath::kept:
            return BandedStripKind::kept;
        case BandedPath::partial:
            return BandedStripKind::partial;
        case BandedPath::full:
            return report.grid ? BandedStripKind::grid : BandedStripKind::full;
        case BandedPath::one_band:
            return BandedStripKind::one_band;
    }
    return BandedStripKind::none;
}

TextKey strip_kind_name(BandedStripKind kind) {
    switch (kind) {
        case BandedStripKind::none:
            return TextKey::banded_kind_none;
        case BandedStripKind::cached:
            return TextKey::banded_kind_cached;
        case BandedStripKind::kept:
            return TextKey::banded_kind_kept;
        case BandedStripKind::partial:
            return TextKey::banded_kind_partial;
        case BandedStripKind::full:
            return TextKey::banded_kind_full;
        case BandedStripKind::grid:
            return TextKey::banded_kind_grid;
        case BandedStripKind::one_band:
            return TextKey::banded_kind_one_band;
    }
    return TextKey::banded_kind_none;
}

Rgba8 strip_kind_color(BandedStripKind kind) {
    const auto found = std::find(banded_strip_kinds.begin(), banded_strip_kinds.end(), kind);
    const auto index = found == banded_strip_kinds.end()
                           ? std::size_t{0}
                           : static_cast<std::size_t>(found - banded_strip_kinds.begin());
    return overlay_colors.banded_paths[index];
}

std::string banded_frame_sentence(const BandedFrame& frame, Language language) {
    const BandedFrameReport& report = frame.report;
    const std::string reason = reason_clause(frame, language);
    std::string sentence =
        text_format(language, TextKey::banded_sentence,
                    text(language, strip_kind_name(strip_kind(report))), reason.c_str());
    const auto append = [&](const std::string& more) {
        sentence = text_format(language, TextKey::banded_and, sentence.c_str(), more.c_str());
    };
    if (report.merged) {
        append(text_format(language, TextKey::banded_merged,
                           count_text(report.changed_since_full).c_str()));
    }
    if (report.prepared_switch) append(text(language, TextKey::banded_prepared));
    return sentence;
}

void BandedFrameHistory::after_step(const World& world) {
    const auto* banded = dynamic_cast<const BandedSortAndSweep*>(&world.broad_phase());
    if (banded == nullptr) {
        frames_.clear();
        return;
    }
    // A step back then forward again, or a world restored, can repeat a step: keep the newest.
    forget_after(world.frame() == 0 ? 0 : world.frame() - 1);
    frames_.push({banded->last_frame(), banded->options().partial_fraction,
                  static_cast<float>(world.last_timings().pairs_ms), world.frame()});
}

void BandedFrameHistory::forget_after(std::uint64_t step) {
    while (!frames_.empty() && frames_.latest().world_step > step)
        frames_.drop_newest();
}

float BandedFrameHistory::max_find_pairs_ms() const {
    float largest = 0.0f;
    for (std::size_t i = 0; i < frames_.size(); ++i)
        largest = std::max(largest, frames_.at(i).find_pairs_ms);
    return largest;
}

}  // namespace aabb::ui
