#include "core/lesson/lesson_animation.hpp"

#include <algorithm>
#include <cmath>

namespace aabb::lesson {

namespace {

// How many whole values a whole-number animation shows: from, from ± 1, …, to.
double value_count(const Animation& animation) {
    return std::abs(animation.to - animation.from) + 1.0;
}

double direction(const Animation& animation) {
    return animation.to >= animation.from ? 1.0 : -1.0;
}

}  // namespace

double animation_progress(const Animation& animation, double clock) {
    if (!(animation.seconds > 0.0)) return 1.0;
    return std::clamp(clock / animation.seconds, 0.0, 1.0);
}

double animation_value(const Animation& animation, bool integer, double clock) {
    const double progress = animation_progress(animation, clock);
    if (!integer) return animation.from + (animation.to - animation.from) * progress;
    const double count = value_count(animation);
    const double index = std::min(count - 1.0, std::floor(count * progress));
    return animation.from + direction(animation) * index;
}

double animation_clock_at(const Animation& animation, bool integer, double value) {
    const double span = animation.to - animation.from;
    const double progress = std::clamp((value - animation.from) / span, 0.0, 1.0);
    if (!integer || progress >= 1.0) return progress * animation.seconds;
    // The middle of the value's share, so animation_value gives it back whatever the rounding.
    const double count = value_count(animation);
    const double index = std::round(progress * (count - 1.0));
    return (index + 0.5) / count * animation.seconds;
}

AnimationState animation_start(const Animation& animation, bool integer, double value) {
    AnimationState state;
    state.clock = animation_clock_at(animation, integer, value);
    set_animation_playing(state, animation, animation.autoplay);
    return state;
}

void set_animation_playing(AnimationState& state, const Animation& animation, bool playing) {
    state.playing = playing;
    state.restart = playing && state.clock >= animation.seconds;
}

void advance_animation(AnimationState& state, const Animation& animation, double seconds) {
    if (!state.playing || !(seconds > 0.0)) return;
    if (state.restart) {
        state.clock = 0.0;
        state.restart = false;
    }
    state.clock += seconds;
    if (animation.loop) {
        const double period = animation.seconds + animation.hold;
        if (state.clock >= period) state.clock = std::fmod(state.clock, period);
        return;
    }
    if (state.clock >= animation.seconds) {
        state.clock = animation.seconds;
        state.playing = false;
    }
}

}  // namespace aabb::lesson
