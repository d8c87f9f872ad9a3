#include "report/chart_writer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>

// stb_easy_font is a header of static functions; silence the warnings its C code raises.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

#include "report/png_file.hpp"
#include "report/series_palette.hpp"

namespace aabb::report {

namespace {

using Color = SeriesColor;

constexpr Color white{255, 255, 255};
constexpr Color black{20, 20, 20};
constexpr Color major_grid{200, 200, 200};
constexpr Color minor_grid{235, 235, 235};

// An RGB image with the few drawing operations a chart needs.
class Canvas {
  public:
    Canvas(int width, int height)
        : width_(width),
          height_(height),
          pixels_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3, 255) {}

    void set(int x, int y, const Color& color) {
        if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
        const std::size_t offset = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                                    static_cast<std::size_t>(x)) *
                                   3;
        pixels_[offset] = color[0];
        pixels_[offset + 1] = color[1];
        pixels_[offset + 2] = color[2];
    }

    // Fills [x0, x1) × [y0, y1).
    void fill(int x0, int y0, int x1, int y1, const Color& color) {
        for (int y = std::max(0, y0); y < std::min(height_, y1); ++y) {
            for (int x = std::max(0, x0); x < std::min(width_, x1); ++x)
                set(x, y, color);
        }
    }

    // A line `thickness` pixels wide, stamped every half pixel; dashes of 12 on, 7 off.
    void line(double x0, double y0, double x1, double y1, const Color& color, int thickness,
              bool dashed = false, double dash_start = 0.0) {
        const double length = std::hypot(x1 - x0, y1 - y0);
        const int steps = std::max(1, static_cast<int>(length * 2.0));
        const int half = thickness / 2;
        for (int step = 0; step <= steps; ++step) {
            const double t = static_cast<double>(step) / steps;
            if (dashed && std::fmod(dash_start + t * length, 19.0) > 12.0) continue;
            const int x = static_cast<int>(std::lround(x0 + t * (x1 - x0)));
            const int y = static_cast<int>(std::lround(y0 + t * (y1 - y0)));
            fill(x - half, y - half, x - half + thickness, y - half + thickness, color);
        }
    }

    // Text in stb_easy_font's 7-pixel font, magnified `scale` times; (x, y) is its top left.
    void text(int x, int y, const std::string& text, const Color& color, int scale = 2) {
        std::string writable = text;
        static std::array<char, 60000> vertices;  // 270 bytes per character at most
        const int quads = stb_easy_font_print(0.0f, 0.0f, writable.data(), nullptr, vertices.data(),
                                              static_cast<int>(vertices.size()));
        // Each vertex is x, y, z floats plus 4 colour bytes; each quad is 4 vertices.
        for (int quad = 0; quad < quads; ++quad) {
            float low_x = std::numeric_limits<float>::max();
            float low_y = low_x;
            float high_x = -low_x;
            float high_y = -low_x;
            for (int corner = 0; corner < 4; ++corner) {
                float position[2];
                std::memcpy(position, vertices.data() + (quad * 4 + corner) * 16, sizeof position);
                low_x = std::min(low_x, position[0]);
                high_x = std::max(high_x, position[0]);
                low_y = std::min(low_y, position[1]);
                high_y = std::max(high_y, position[1]);
            }
            fill(x + static_cast<int>(low_x * scale), y + static_cast<int>(low_y * scale),
                 x + static_cast<int>(high_x * scale), y + static_cast<int>(high_y * scale), color);
        }
    }

    [[nodiscard]] static int text_width(const std::string& text, int scale = 2) {
        std::string writable = text;
        return stb_easy_font_width(writable.data()) * scale;
    }

    void save(const std::string& path) const { write_png_file(path, width_, height_, pixels_); }

  private:
    int width_;
    int height_;
    std::vector<std::uint8_t> pixels_;
};

// "1k", "30k", "1M", "0.01": short labels for powers of ten and their multiples.
std::string short_number(double value) {
    char text[32];
    if (value >= 1e6) {
        std::snprintf(text, sizeof text, "%gM", value / 1e6);
    } else if (value >= 1e3) {
        std::snprintf(text, sizeof text, "%gk", value / 1e3);
    } else {
        std::snprintf(text, sizeof text, "%g", value);
    }
    return text;
}

}  // namespace

void write_log_log_chart_png(const std::string& path, const std::vector<ChartSeries>& series,
                             const ChartOptions& options) {
    if (options.width < 300 || options.width > 8000 || options.height < 200 ||
        options.height > 8000) {
        throw std::invalid_argument("chart size must be 300..8000 × 200..8000 pixels");
    }
    double low_x = std::numeric_limits<double>::max();
    double high_x = 0.0;
    double low_y = low_x;
    double high_y = 0.0;
    for (const ChartSeries& line : series) {
        for (const auto& [x, y] : line.points) {
            if (!(x > 0.0 && y > 0.0 && std::isfinite(x) && std::isfinite(y))) continue;
            low_x = std::min(low_x, x);
            high_x = std::max(high_x, x);
            low_y = std::min(low_y, y);
            high_y = std::max(high_y, y);
        }
    }
    if (high_x <= 0.0) throw std::invalid_argument("chart: no positive point to draw");
    // Whole decades on both axes, at least one decade wide.
    const double x_first = std::floor(std::log10(low_x));
    const double x_last = std::max(x_first + 1.0, std::ceil(std::log10(high_x)));
    const double y_first = std::floor(std::log10(low_y));
    const double y_last = std::max(y_first + 1.0, std::ceil(std::log10(high_y)));

    Canvas canvas(options.width, options.height);
    // The legend lives right of the plot, as wide as its longest label.
    int legend_width = 0;
    for (const ChartSeries& line : series) {
        legend_width = std::max(legend_width, Canvas::text_width(line.label));
    }
    const int left = 90;
    const int right = std::max(left + 200, options.width - legend_width - 100);
    const int top = 80;
    const int bottom = options.height - 70;
    const auto to_x = [&](double x) {
        return left + (std::log10(x) - x_first) / (x_last - x_first) * (right - left);
    };
    const auto to_y = [&](double y) {
        return bottom - (std::log10(y) - y_first) / (y_last - y_first) * (bottom - top);
    };

    // Grid: light lines at 2..9 × each decade, darker at the decades, labelled.
    for (double decade = x_first; decade <= x_last; decade += 1.0) {
        const double base = std::pow(10.0, decade);
        for (int multiple = 1; multiple <= 9; ++multiple) {
            const double value = base * multiple;
            if (decade == x_last && multiple > 1) break;
            const double x = to_x(value);
            canvas.line(x, top, x, bottom, multiple == 1 ? major_grid : minor_grid, 1);
            if (multiple == 1 || multiple == 3) {
                const std::string label = short_number(value);
                canvas.text(static_cast<int>(x) - Canvas::text_width(label) / 2, bottom + 10, label,
                            black);
            }
        }
    }
    for (double decade = y_first; decade <= y_last; decade += 1.0) {
        const double base = std::pow(10.0, decade);
        for (int multiple = 1; multiple <= 9; ++multiple) {
            if (decade == y_last && multiple > 1) break;
            const double y = to_y(base * multiple);
            canvas.line(left, y, right, y, multiple == 1 ? major_grid : minor_grid, 1);
            if (multiple == 1) {
                const std::string label = short_number(base);
                canvas.text(left - 10 - Canvas::text_width(label), static_cast<int>(y) - 6, label,
                            black);
            }
        }
    }
    canvas.line(left, bottom, right, bottom, black, 2);
    canvas.line(left, top, left, bottom, black, 2);
    canvas.text(left, 14, options.title, black, 3);
    canvas.text((left + right - Canvas::text_width(options.x_label)) / 2, bottom + 38,
                options.x_label, black);
    canvas.text(left - 70, top - 24, options.y_label, black);

    // The lines, each with square markers, then the legend.
    int legend_y = top;
    for (std::size_t index = 0; index < series.size(); ++index) {
        const ChartSeries& line = series[index];
        const Color color = series_color(index);
        std::vector<std::pair<double, double>> points;
        for (const auto& [x, y] : line.points) {
            if (x > 0.0 && y > 0.0 && std::isfinite(x) && std::isfinite(y)) {
                points.emplace_back(to_x(x), to_y(y));
            }
        }
        std::sort(points.begin(), points.end());
        double travelled = 0.0;
        for (std::size_t k = 0; k + 1 < points.size(); ++k) {
            canvas.line(points[k].first, points[k].second, points[k + 1].first,
                        points[k + 1].second, color, 3, line.dashed, travelled);
            travelled += std::hypot(points[k + 1].first - points[k].first,
                                    points[k + 1].second - points[k].second);
        }
        for (const auto& [x, y] : points) {
            const int px = static_cast<int>(std::lround(x));
            const int py = static_cast<int>(std::lround(y));
            canvas.fill(px - 4, py - 4, px + 5, py + 5, color);
        }
        canvas.line(right + 20, legend_y + 7, right + 60, legend_y + 7, color, 3, line.dashed);
        canvas.fill(right + 36, legend_y + 3, right + 45, legend_y + 12, color);
        canvas.text(right + 70, legend_y, line.label, black);
        legend_y += 26;
    }
    canvas.save(path);
}

}  // namespace aabb::report
