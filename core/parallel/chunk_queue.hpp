#pragma once
// Work items [first, items) handed out in chunks from one shared counter, for the jobs of a
// WorkerPool: a thread claims the next chunk when it is done with its last, so uneven work
// balances itself and a thread that never joins a job leaves nothing undone.

#include <algorithm>
#include <atomic>
#include <cstddef>

namespace aabb {

/// Chunks of a range of work items, claimed atomically by any number of threads.
class ChunkQueue {
  public:
    /// Starts handing out [first, items) in chunks of `chunk_size` (at least 1). Not
    /// thread-safe: call it before the job starts.
    void reset(std::size_t items, std::size_t chunk_size, std::size_t first = 0) {
        items_ = items;
        chunk_size_ = std::max<std::size_t>(chunk_size, 1);
        next_.store(first, std::memory_order_relaxed);
    }
    /// Claims the next chunk [begin, end) for the calling thread; false when none is left.
    bool claim(std::size_t& begin, std::size_t& end) {
        begin = next_.fetch_add(chunk_size_, std::memory_order_relaxed);
        if (begin >= items_) return false;
        end = std::min(items_, begin + chunk_size_);
        return true;
    }
    /// The end of the current range.
    [[nodiscard]] std::size_t items() const { return items_; }
    /// The chunk size of the current range.
    [[nodiscard]] std::size_t chunk_size() const { return chunk_size_; }

  private:
    std::size_t chunk_size_ = 1;
    std::size_t items_ = 0;
    // The one counter every thread writes, on a cache line of its own (alignas also rounds
    // the class up to whole lines): sharing a line with data the threads read would move that
    // line between the cores at every claim.
    alignas(64) std::atomic<std::size_t> next_{0};
};

}  // namespace aabb
