// The run statistics aabb-bench and Compare all share: frame 0 is the build, the rest give mean,
// p99 (nearest rank), max and median; one frame or none are handled.

#include <doctest/doctest.h>

#include <vector>

#include "core/measure/run_times.hpp"

namespace aabb {

TEST_CASE("frame 0 and the setup make the build; frames 1.. make the statistics") {
    // Frame 0 is slow (a build); one frame in a hundred is a spike.
    std::vector<double> frames{50.0};
    for (int frame = 1; frame <= 100; ++frame)
        frames.push_back(frame == 37 ? 20.0 : 1.0);
    const FrameStatistics times = summarize_frames(frames, 5.0);
    CHECK(times.build_ms == 55.0);
    CHECK(times.mean_ms == doctest::Approx((99.0 + 20.0) / 100.0));
    CHECK(times.median_ms == 1.0);
    CHECK(times.max_ms == 20.0);
    // Nearest rank: the 99th of 100 sorted frames is still an ordinary one.
    CHECK(times.p99_ms == 1.0);
}

TEST_CASE("p99 is the nearest rank and catches spikes above one frame in a hundred") {
    std::vector<double> frames{9.0};
    for (int frame = 1; frame <= 50; ++frame)
        frames.push_back(frame % 25 == 0 ? 8.0 : 2.0);  // two spikes in 50 frames
    const FrameStatistics times = summarize_frames(frames);
    CHECK(times.p99_ms == 8.0);
    CHECK(times.max_ms == 8.0);
    CHECK(times.median_ms == 2.0);
    CHECK(times.build_ms == 9.0);
}

TEST_CASE("the median of an even count is the mean of the middle two, in any order") {
    const FrameStatistics times = summarize_frames(std::vector<double>{100.0, 4.0, 1.0, 3.0, 2.0});
    CHECK(times.median_ms == 2.5);
    CHECK(times.mean_ms == 2.5);
    CHECK(times.max_ms == 4.0);
    CHECK(times.p99_ms == 4.0);
}

TEST_CASE("a single frame is both the build and every statistic; no frames give zeros") {
    const FrameStatistics one = summarize_frames(std::vector<double>{7.0}, 1.0);
    CHECK(one.build_ms == 8.0);
    CHECK(one.mean_ms == 7.0);
    CHECK(one.p99_ms == 7.0);
    CHECK(one.max_ms == 7.0);
    CHECK(one.median_ms == 7.0);
    const FrameStatistics none = summarize_frames({}, 2.0);
    CHECK(none.build_ms == 2.0);
    CHECK(none.mean_ms == 0.0);
    CHECK(none.p99_ms == 0.0);
    CHECK(none.max_ms == 0.0);
    CHECK(none.median_ms == 0.0);
}

}  // namespace aabb
