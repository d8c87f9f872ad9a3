#pragma once
// A rule that keeps a long run bounded: an algorithm not run above some box count, on every
// workload or on one (--skip-above NAME:N[:WORKLOAD]).

#include <cstddef>
#include <string>

namespace aabb::bench {

/// Skip `algorithm` on scenes with more than `above_n` boxes (only on `workload` when set).
struct SkipRule {
    /// The algorithm's runner name.
    std::string algorithm;
    /// Largest box count it still runs at.
    std::size_t above_n = 0;
    /// The workload the rule is limited to; empty = every workload.
    std::string workload;

    /// True when the rule skips `name` on a scene `scene_workload` of `box_count` boxes.
    [[nodiscard]] bool skips(const std::string& name, const std::string& scene_workload,
                             std::size_t box_count) const {
        return name == algorithm && box_count > above_n &&
               (workload.empty() || workload == scene_workload);
    }
};

}  // namespace aabb::bench
