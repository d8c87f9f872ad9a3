#include "report/png_file.hpp"

#include <stdexcept>

#include <stb_image_write.h>

#include "core/io/atomic_file.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::report {

void write_png_file(const std::string& path, int width, int height,
                    std::span<const std::uint8_t> pixels) {
    if (width <= 0 || height <= 0 ||
        pixels.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3) {
        throw std::invalid_argument("PNG: the pixels do not match " + std::to_string(width) +
                                    " x " + std::to_string(height));
    }
    std::string bytes;
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   static_cast<std::size_t>(size));
    };
    if (stbi_write_png_to_func(append, &bytes, width, height, 3, pixels.data(), width * 3) == 0) {
        throw std::runtime_error("PNG: encoding a " + std::to_string(width) + " x " +
                                 std::to_string(height) + " image for '" +
                                 input_excerpt(path, quoted_path_limit) + "' failed");
    }
    io::write_file_atomically(path, bytes);
}

}  // namespace aabb::report
