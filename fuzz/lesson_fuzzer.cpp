// The lesson loader (core/lesson): any bytes either read into a lesson or fail with one tidy
// LessonError. A relative scene_file is looked up in the repository's lessons/ folder, as for
// the shipped lessons.

#include <cstddef>
#include <cstdint>

#include "core/lesson/lesson_file.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        (void)aabb::lesson::parse_lesson(aabb::fuzz::as_text(data, size), "fuzz.json",
                                         AABB_SOURCE_DIR "/lessons");
    } catch (const aabb::lesson::LessonError& error) {
        aabb::fuzz::require_tidy_message(error.what());
    }
    return 0;
}
