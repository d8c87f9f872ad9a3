#pragma once
// Saving what the window shows: read the back buffer with glReadPixels, flip it (OpenGL's
// rows go bottom-up, PNG's top-down) and write a PNG (report/png_file.hpp). The output paths
// are checked before any work by app/sandbox/main.cpp (core/io/output_files.hpp).

#include <cstdint>
#include <string>
#include <vector>

namespace aabb::ui {

/// An 8-bit RGB image, rows top to bottom.
struct RgbImage {
    /// Width in pixels.
    int width = 0;
    /// Height in pixels.
    int height = 0;
    /// width * height * 3 bytes.
    std::vector<std::uint8_t> pixels;
};

/// Reverses the row order in place (bottom-up <-> top-down).
void flip_rows(RgbImage& image);

/// Reads the current GL context's back buffer (call after rendering, before the swap).
/// Throws std::runtime_error when GL reports an error.
[[nodiscard]] RgbImage read_back_buffer(int width, int height);

/// Writes `image` as a PNG, atomically (report/png_file.hpp). Throws std::runtime_error naming
/// `path` and the cause when it cannot; an old file is then intact.
void write_png(const RgbImage& image, const std::string& path);

}  // namespace aabb::ui
