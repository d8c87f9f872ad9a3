// Frame time statistics, shared by aabb-bench and the window's frame report: mean, p99 (nearest
// rank), max and median, in any order of frames; an empty series gives zeros.

#include <doctest/doctest.h>

#include <vector>

#include "core/measure/frame_time_statistics.hpp"

namespace aabb {

TEST_CASE("frame time statistics give the mean, the median and the slowest frame") {
    const std::vector<double> odd = {5.0, 1.0, 9.0, 3.0, 7.0};
    const FrameTimeStatistics odd_times = summarize_frame_times(odd);
    CHECK(odd_times.frames == 5);
    CHECK(odd_times.mean_ms == 5.0);
    CHECK(odd_times.median_ms == 5.0);
    CHECK(odd_times.max_ms == 9.0);
    CHECK(odd_times.p99_ms == 9.0);  // under 100 frames the p99 is the max

    // An even count: the median is the mean of the middle two; one slow frame moves the mean.
    const std::vector<double> even = {4.0, 1.0, 2.0, 101.0};
    const FrameTimeStatistics even_times = summarize_frame_times(even);
    CHECK(even_times.median_ms == 3.0);
    CHECK(even_times.mean_ms == 27.0);
    CHECK(even_times.max_ms == 101.0);
}

TEST_CASE("frame time statistics take the p99 as the nearest rank") {
    // 200 frames of 1..200 ms: the 198th is the smallest that 99% of them reach.
    std::vector<double> many;
    for (int frame = 200; frame >= 1; --frame)
        many.push_back(frame);
    const FrameTimeStatistics many_times = summarize_frame_times(many);
    CHECK(many_times.p99_ms == 198.0);
    CHECK(many_times.max_ms == 200.0);
    CHECK(many_times.mean_ms == 100.5);

    // 100 frames with one spike: the 99th of 100 sorted frames is still an ordinary one; two
    // spikes in 100 reach it.
    std::vector<double> one_spike(100, 1.0);
    one_spike[37] = 20.0;
    CHECK(summarize_frame_times(one_spike).p99_ms == 1.0);
    std::vector<double> two_spikes = one_spike;
    two_spikes[80] = 8.0;
    CHECK(summarize_frame_times(two_spikes).p99_ms == 8.0);
    CHECK(summarize_frame_times(two_spikes).max_ms == 20.0);
}

TEST_CASE("frame time statistics of one frame are that frame; none give zeros") {
    const FrameTimeStatistics one = summarize_frame_times(std::vector<double>{7.0});
    CHECK(one.frames == 1);
    CHECK(one.mean_ms == 7.0);
    CHECK(one.p99_ms == 7.0);
    CHECK(one.max_ms == 7.0);
    CHECK(one.median_ms == 7.0);
    const FrameTimeStatistics none = summarize_frame_times({});
    CHECK(none.frames == 0);
    CHECK(none.mean_ms == 0.0);
    CHECK(none.p99_ms == 0.0);
    CHECK(none.max_ms == 0.0);
    CHECK(none.median_ms == 0.0);
}

}  // namespace aabb
