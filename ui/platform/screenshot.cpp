#include "ui/platform/screenshot.hpp"

#include <SDL_opengl.h>

#include <algorithm>
#include <stdexcept>

#include "report/png_file.hpp"

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
    report::write_png_file(path, image.width, image.height, image.pixels);
}

}  // namespace aabb::ui
