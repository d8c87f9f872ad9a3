// parallel_chunks: every item covered by exactly one chunk, chunks on the boundaries the
// world's two-pass loops rely on (multiples of the chunk size), shares the pool names, and the
// caller alone without a pool or with too little work.

#include <doctest/doctest.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <set>
#include <vector>

#include "core/parallel/parallel_chunks.hpp"
#include "core/parallel/worker_pool.hpp"

namespace aabb {
namespace {

// What one parallel_chunks call did: how often each item was covered, its chunks and shares.
struct ChunkRecord {
    std::vector<std::atomic<int>> covered;
    std::mutex mutex;
    std::set<std::pair<std::size_t, std::size_t>> chunks;
    std::set<int> shares;

    explicit ChunkRecord(std::size_t items) : covered(items) {}

    void run(WorkerPool* pool, std::size_t chunk) {
        parallel_chunks(pool, covered.size(), chunk,
                        [this](std::size_t begin, std::size_t end, int share) {
                            for (std::size_t i = begin; i < end; ++i)
                                covered[i].fetch_add(1);
                            const std::lock_guard lock(mutex);
                            chunks.insert({begin, end});
                            shares.insert(share);
                        });
    }
    [[nodiscard]] bool each_once() const {
        for (const std::atomic<int>& count : covered) {
            if (count.load() != 1) return false;
        }
        return true;
    }
};

}  // namespace

TEST_CASE("parallel_chunks covers every item once, in aligned chunks, on the pool's shares") {
    WorkerPool pool(1);
    for (int job = 0; job < 50; ++job) {
        ChunkRecord record(10'007);
        record.run(&pool, 100);
        REQUIRE(record.each_once());
        REQUIRE(record.chunks.size() == 101);
        for (const auto& [begin, end] : record.chunks) {
            REQUIRE(begin % 100 == 0);
            REQUIRE(end == std::min<std::size_t>(begin + 100, 10'007));
        }
        for (const int share : record.shares) {
            REQUIRE(share >= 0);
            REQUIRE(share <= pool.workers());
        }
    }
}

TEST_CASE("parallel_chunks runs one chunk on the caller without a pool or past the count") {
    for (WorkerPool* pool : {static_cast<WorkerPool*>(nullptr)}) {
        ChunkRecord record(1000);
        record.run(pool, 100);
        CHECK(record.each_once());
        CHECK(record.chunks == std::set<std::pair<std::size_t, std::size_t>>{{0, 1000}});
        CHECK(record.shares == std::set<int>{0});
    }
    WorkerPool pool(1);
    ChunkRecord small(80);
    small.run(&pool, 100);
    CHECK(small.each_once());
    CHECK(small.chunks == std::set<std::pair<std::size_t, std::size_t>>{{0, 80}});
    CHECK(small.shares == std::set<int>{0});
    ChunkRecord none(0);
    none.run(&pool, 100);
    CHECK(none.chunks.empty());
}

}  // namespace aabb
