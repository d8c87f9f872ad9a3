// PNG files are written whole or not at all (the charts of aabb-bench --plot-scaling, the
// sweep's Export PNG and the sandbox's screenshots): a full disk or a file-size limit is an
// error naming the file and the cause, an old image stays, a good one decodes.

#include "report/png_file.hpp"

#include <doctest/doctest.h>

#include <stb_image.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/temporary_path.hpp"
#include "tests/support/write_faults.hpp"

namespace aabb::report {

namespace {

std::vector<std::uint8_t> gradient(int width, int height) {
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width * height * 3));
    for (std::size_t i = 0; i < pixels.size(); ++i)
        pixels[i] = static_cast<std::uint8_t>(i * 31 % 251);
    return pixels;
}

}  // namespace

TEST_CASE("write_png_file writes a PNG that decodes to its pixels") {
    const testing::TemporaryFolder folder("png_file");
    const std::filesystem::path path = folder.path / "image.png";
    const std::vector<std::uint8_t> pixels = gradient(40, 30);
    write_png_file(path.string(), 40, 30, pixels);
    int width = 0;
    int height = 0;
    int channels = 0;
    stbi_uc* decoded = stbi_load(path.c_str(), &width, &height, &channels, 3);
    REQUIRE(decoded != nullptr);
    CHECK(width == 40);
    CHECK(height == 30);
    CHECK(std::equal(pixels.begin(), pixels.end(), decoded));
    stbi_image_free(decoded);
    CHECK_THROWS_AS(write_png_file(path.string(), 41, 30, pixels), std::invalid_argument);
}

TEST_CASE("write_png_file fails by name on a full disk and at a size limit, the old file kept") {
    const std::vector<std::uint8_t> pixels = gradient(64, 64);
    CHECK_THROWS_WITH_AS(write_png_file("/dev/full", 64, 64, pixels),
                         "cannot write '/dev/full': No space left on device", std::runtime_error);
    const testing::TemporaryFolder folder("png_file_limit");
    const std::filesystem::path path = folder.path / "chart.png";
    testing::put_file(path, "old chart");
    const testing::ChildOutcome outcome = testing::run_with_file_size_limit(
        100, [&] { write_png_file(path.string(), 64, 64, pixels); });
    CHECK(outcome.message == "cannot write '" + path.string() + "': File too large");
    CHECK(testing::file_text(path) == "old chart");
    CHECK(testing::entry_count(folder.path) == 1);
}

}  // namespace aabb::report
