#pragma once
// A loop over [0, count) in chunks, on a WorkerPool when there is one: the per-item loops of
// the world's step (moving a million bodies, classifying their candidate pairs), each chunk a
// call of a template body, so there is no indirect call per item.

#include <cstddef>

#include "core/parallel/chunk_queue.hpp"
#include "core/parallel/worker_pool.hpp"

namespace aabb {

/// Calls body(begin, end, share) for consecutive chunks [begin, end) of `chunk` items (the last
/// may be shorter) covering [0, count) once each: on `pool`'s threads and the caller when
/// `pool` is not null and there is more than one chunk, else on the caller alone as one chunk.
/// `share` is 0 on the caller and 1..workers() on the workers (for per-thread results); which
/// thread runs which chunk varies, so the body's results must not depend on it.
template <class ChunkBody>
void parallel_chunks(WorkerPool* pool, std::size_t count, std::size_t chunk, ChunkBody&& body) {
    if (count == 0) return;
    if (pool == nullptr || pool->workers() == 0 || count <= chunk) {
        body(std::size_t{0}, count, 0);
        return;
    }
    struct Context {
        ChunkQueue queue;
        ChunkBody* body = nullptr;
    } context;
    context.queue.reset(count, chunk);
    context.body = &body;
    pool->run(
        [](void* raw, int share) {
            Context& job = *static_cast<Context*>(raw);
            std::size_t begin = 0;
            std::size_t end = 0;
            while (job.queue.claim(begin, end))
                (*job.body)(begin, end, share);
        },
        &context);
}

}  // namespace aabb
