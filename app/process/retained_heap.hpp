#pragma once
// The programs keep the memory they free: glibc's malloc otherwise hands blocks above its mmap
// threshold (128 KB, growing up to 32 MB) back to the kernel on free and trims the heap's top,
// so a buffer freed and made again each frame is page-faulted in again each frame. On the
// virtual machines these programs are measured on a page fault costs 9.4 µs (100 MB first
// touched in 240 ms): the window at 100,000 boxes had a frame of 22 ms every few frames
// (all four stages, against a median of 4.5 ms), 6.5 ms p99 once freed memory was kept.
// aabb-bench runs each peer in a child process forked from it, which inherits the setting and
// takes the heap it shares with aabb-bench before its run (app/bench/child_run.cpp), so the
// peers keep theirs too. The warm-up before each timed run is core/measure/heap_warmup.hpp.

#include <cstddef>
#include <cstdlib>

#include <malloc.h>

namespace aabb::app {

/// Makes malloc keep freed memory for reuse (no mmap for large blocks, no trimming), for the
/// whole process. Returns false if glibc refused either setting.
inline bool retain_freed_memory() {
    // Raising the mmap threshold would not do: it tops out at 32 MB, and larger blocks would
    // still be mapped and unmapped. With mmap off every block comes from the heap, whose top
    // is then never trimmed.
    const bool no_mmap = mallopt(M_MMAP_MAX, 0) == 1;
    const bool no_trim = mallopt(M_TRIM_THRESHOLD, -1) == 1;
    return no_mmap && no_trim;
}

}  // namespace aabb::app
