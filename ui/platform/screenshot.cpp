#include "ui/platform/screenshot.hpp"

#include <SDL_opengl.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace aabb::ui {

void flip_rows(RgbImage& image) {
    const std::size_t row_bytes = static_cast<std::size_t>(image.width) * 3;
    for (int top = 0, bottom = image.height - 1; top < bottom; ++top, --bottom) {
        std::swap_ranges(image.pixels.begin() + static_cast<std::ptrdiff_t>(top * row_bytes),
                         image.pixels.begin() + static_cast<std::ptrdiff_t>((top + 1) * row_bytes),
                         image.pixels.begin() + static_cast<std::ptrdiff_t>(bottom * row_bytes));
    }
}

RgbImage read_back_buffer(int width, int height) {
    if (width <= 0 || height <= 0) throw std::runtime_error("screenshot: empty framebuffer");
    RgbImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
    while (glGetError() != GL_NO_ERROR) {
    }
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, image.pixels.data());
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
        throw std::runtime_error("screenshot: glReadPixels failed with GL error " +
                                 std::to_string(error));
    }
    flip_rows(image);
    return image;
}

void write_png(const RgbImage& image, const std::string& path) {
    const int stride = image.width * 3;
    if (stbi_write_png(path.c_str(), image.width, image.height, 3, image.pixels.data(), stride) ==
        0) {
        throw std::runtime_error("cannot write screenshot '" + path + "'");
    }
}

void check_writable(const std::string& path, const std::string& flag) {
    std::error_code error;
    const bool existed = std::filesystem::exists(path, error);
    std::FILE* file = std::fopen(path.c_str(), "ab");
    if (file == nullptr) {
        // Named by its flag: an unwritable --export-csv is not a screenshot error.
        throw std::runtime_error(flag + ": cannot write '" + path +
                                 "': " + std::generic_category().message(errno));
    }
    std::fclose(file);
    if (!existed) std::filesystem::remove(path, error);
}

}  // namespace aabb::ui
