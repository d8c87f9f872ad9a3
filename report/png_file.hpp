#pragma once
// PNG files, written the one way every output is (core/io/atomic_file.hpp): the image is
// encoded in memory by stb_image_write and written atomically, so a failed write (a full disk,
// a file-size limit) is an error naming the file and the cause and leaves an old file intact.
// stbi_write_png() writing the file itself reports only 0 and leaves a cut file behind. Used
// by the charts and the sandbox's screenshots.

#include <cstdint>
#include <span>
#include <string>

namespace aabb::report {

/// Writes an 8-bit RGB image, `width` × `height`, rows top to bottom (`pixels` holds
/// width × height × 3 bytes), as a PNG file at `path`. Throws std::invalid_argument for a size
/// that does not match, std::runtime_error when encoding fails, io::WriteError (a
/// std::runtime_error, "cannot write 'PATH': CAUSE") when the file cannot be written.
void write_png_file(const std::string& path, int width, int height,
                    std::span<const std::uint8_t> pixels);

}  // namespace aabb::report
