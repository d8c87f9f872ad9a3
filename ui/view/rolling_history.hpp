#pragma once
// A fixed-size ring of the latest samples of a series (frame time, step time, the banded
// engine's frame reports): what the panel plots with ImGui::PlotLines or draws as a strip
// without allocating per frame. Pure C++, unit tested.

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace aabb::ui {

/// The last `capacity` samples of a series of T, oldest first.
template <typename T>
class RollingRing {
  public:
    /// An empty ring keeping at most `capacity` samples. Throws std::invalid_argument when
    /// `capacity` is 0.
    explicit RollingRing(std::size_t capacity) {
        if (capacity == 0) throw std::invalid_argument("rolling history: capacity must be > 0");
        samples_.resize(capacity, T{});
    }

    /// Appends a sample, forgetting the oldest when full.
    void push(const T& value) {
        samples_[next_] = value;
        next_ = (next_ + 1) % samples_.size();
        size_ = std::min(size_ + 1, samples_.size());
    }
    /// Forgets the newest sample, if any (a step taken back).
    void drop_newest() {
        if (size_ == 0) return;
        next_ = (next_ + capacity() - 1) % capacity();
        --size_;
    }
    /// Forgets every sample.
    void clear() {
        next_ = 0;
        size_ = 0;
    }

    /// Samples held, at most capacity().
    [[nodiscard]] std::size_t size() const { return size_; }
    /// The most samples held.
    [[nodiscard]] std::size_t capacity() const { return samples_.size(); }
    /// True when no sample was pushed since construction or clear().
    [[nodiscard]] bool empty() const { return size_ == 0; }
    /// The i-th held sample, oldest first. Precondition: i < size().
    [[nodiscard]] const T& at(std::size_t i) const {
        return samples_[(oldest_index() + i) % capacity()];
    }
    /// The newest sample, T{} when empty.
    [[nodiscard]] T latest() const {
        return empty() ? T{} : samples_[(next_ + capacity() - 1) % capacity()];
    }

    /// The ring storage, for ImGui::PlotLines(values = ring_data(), count = size(),
    /// offset = oldest_index()).
    [[nodiscard]] const T* ring_data() const { return samples_.data(); }
    /// Where the oldest sample sits in ring_data(): a full ring's oldest is where the next
    /// sample goes, a ring not yet full starts at 0 (drop_newest keeps both true).
    [[nodiscard]] std::size_t oldest_index() const {
        return (next_ + capacity() - size_) % capacity();
    }

  private:
    std::vector<T> samples_;
    std::size_t next_ = 0;
    std::size_t size_ = 0;
};

/// The last `capacity` samples of a float series, oldest first, with their largest and mean.
class RollingHistory : public RollingRing<float> {
  public:
    using RollingRing<float>::RollingRing;

    /// The largest held sample, 0 when empty.
    [[nodiscard]] float max() const {
        float largest = 0.0f;
        for (std::size_t i = 0; i < size(); ++i)
            largest = std::max(largest, at(i));
        return largest;
    }
    /// The mean of the held samples, 0 when empty.
    [[nodiscard]] float average() const {
        if (empty()) return 0.0f;
        double sum = 0.0;
        for (std::size_t i = 0; i < size(); ++i)
            sum += at(i);
        return static_cast<float>(sum / static_cast<double>(size()));
    }
};

}  // namespace aabb::ui
