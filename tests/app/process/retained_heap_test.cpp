// app/process/retained_heap.hpp: after retain_freed_memory(), a large block freed stays in the
// process's heap (free for reuse, not handed back to the kernel), so making it again needs no
// new pages. Under AddressSanitizer malloc is the sanitizer's, which ignores mallopt.

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>

#include <malloc.h>
#include <sys/resource.h>

#include "app/process/retained_heap.hpp"
#include "core/measure/heap_warmup.hpp"

TEST_CASE("retain_freed_memory keeps a freed 64 MB block in the heap") {
    const bool retained = aabb::app::retain_freed_memory();
#if defined(__SANITIZE_ADDRESS__)
    CHECK_FALSE(retained);
#else
    REQUIRE(retained);
    constexpr std::size_t size = 64u << 20;
    const struct mallinfo2 before = mallinfo2();
    void* block = std::malloc(size);
    REQUIRE(block != nullptr);
    std::memset(block, 1, size);
    // From the heap, not a mapping of its own (the default above 128 KB).
    const struct mallinfo2 held = mallinfo2();
    CHECK(held.hblkhd == before.hblkhd);
    CHECK(held.uordblks >= before.uordblks + size);
    std::free(block);
    // Freed, and still the process's: the heap was not trimmed.
    const struct mallinfo2 after = mallinfo2();
    CHECK(after.fordblks >= size);
    CHECK(after.arena >= size);
#endif
}

TEST_CASE("warm_heap pages memory in, so the next blocks up to its size take no new pages") {
    const bool retained = aabb::app::retain_freed_memory();
    REQUIRE(aabb::warm_heap(0));
#if defined(__SANITIZE_ADDRESS__)
    // The sanitizer's malloc ignores mallopt and quarantines freed blocks.
    CHECK_FALSE(retained);
    CHECK(aabb::warm_heap(1u << 20));
#else
    REQUIRE(retained);
    constexpr std::size_t size = 32u << 20;
    REQUIRE(aabb::warm_heap(2 * size));
    const auto minor_faults = [] {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        return usage.ru_minflt;
    };
    const long before = minor_faults();
    void* block = std::malloc(size);
    REQUIRE(block != nullptr);
    std::memset(block, 1, size);
    const long faults = minor_faults() - before;
    std::free(block);
    // 8,192 pages of 4 KB: cold, each would be a fault; warm, none (a few for malloc's own).
    CHECK(faults < 64);
#endif
}
