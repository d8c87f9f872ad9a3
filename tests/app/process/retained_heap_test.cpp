// app/process/retained_heap.hpp: after retain_freed_memory(), a large block freed stays in the
// process's heap (free for reuse, not handed back to the kernel), so making it again needs no
// new pages. Under AddressSanitizer malloc is the sanitizer's, which ignores mallopt.

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>

#include <malloc.h>

#include "app/process/retained_heap.hpp"

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
