#pragma once
// Saving what the window shows: read the back buffer with glReadPixels, flip it (OpenGL's
// rows go bottom-up, PNG's top-down) and write a PNG with stb_image_write.

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

/// Writes `image` as a PNG. Throws std::runtime_error naming `path` when it cannot.
void write_png(const RgbImage& image, const std::string& path);

/// Throws std::runtime_error when `path` cannot be written (missing directory, no
/// permission), so a long run fails before it starts instead of at the end; the message names
/// the flag it came from (`flag`: "--screenshot", "--export-csv", ...). Leaves no file behind
/// that was not there.
void check_writable(const std::string& path, const std::string& flag);

}  // namespace aabb::ui
