#include "ui/widgets/shared_widgets.hpp"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "ui/platform/theme.hpp"
#include "ui/text/line_breaking.hpp"

namespace aabb::ui {

const char* with_separators(std::uint64_t value, char (&buffer)[32]) {
    char digits[32];
    const int length =
        std::snprintf(digits, sizeof digits, "%llu", static_cast<unsigned long long>(value));
    int out = 0;
    for (int i = 0; i < length; ++i) {
        if (i > 0 && (length - i) % 3 == 0) buffer[out++] = ',';
        buffer[out++] = digits[i];
    }
    buffer[out] = '\0';
    return buffer;
}

bool begin_value_table(const char* id) {
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable(id, 2, flags)) return false;
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    return true;
}

void value_row(const char* label, const char* value) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(label);
    ImGui::TableSetColumnIndex(1);
    const float width = ImGui::CalcTextSize(value).x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - width);
    ImGui::TextUnformatted(value);
}

void count_row(const char* label, std::uint64_t value) {
    char buffer[32];
    value_row(label, with_separators(value, buffer));
}

void milliseconds_row(const char* label, double milliseconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f ms", milliseconds);
    value_row(label, buffer);
}

void swatch(Rgba8 color) {
    const float height = ImGui::GetFrameHeight();
    const float side = height * 0.6f;
    const float inset = (height - side) * 0.5f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(origin.x, origin.y + inset),
                                              ImVec2(origin.x + side, origin.y + inset + side),
                                              to_imgui_color(color.with_alpha(255)), 2.0f);
    ImGui::Dummy(ImVec2(side, height));
    ImGui::SameLine(0.0f, 4.0f);
}

bool input_text(const char* id, std::string& text) {
    char buffer[1024];
    const std::size_t length = std::min(text.size(), sizeof buffer - 1);
    text.copy(buffer, length);
    buffer[length] = '\0';
    const bool edited = ImGui::InputText(id, buffer, sizeof buffer);
    if (edited) text = buffer;
    return edited;
}

std::vector<std::string_view> wrap_at_available_width(std::string_view text,
                                                      std::span<const KeepTogether> keep) {
    return wrap_at_width(text, ImGui::GetContentRegionAvail().x, keep);
}

std::vector<std::string_view> wrap_at_width(std::string_view text, float width,
                                            std::span<const KeepTogether> keep) {
    const ImFont& font = *ImGui::GetFont();
    const float scale = ImGui::GetFontSize() / font.FontSize;
    const auto width_of = [&](char32_t c) {
        return c <= 0xFFFF ? font.GetCharAdvance(static_cast<ImWchar>(c)) * scale : 0.0f;
    };
    return wrap_lines(text, std::max(width, 1.0f), width_of, keep);
}

void wrapped_text(std::string_view text, float width) {
    // Our breaker in both languages: ImGui's own would cut "0.55" after its '.'.
    std::string lines;
    for (const std::string_view line :
         width > 0.0f ? wrap_at_width(text, width) : wrap_at_available_width(text)) {
        if (!lines.empty()) lines += '\n';
        lines += line;
    }
    // One item, so the lines sit as close as ImGui's own wrapped lines.
    ImGui::TextUnformatted(lines.c_str(), lines.c_str() + lines.size());
}

void error_text(const FramedMessage& message) {
    if (message.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    wrapped_text(message.text());
    ImGui::PopStyleColor();
}

void status_text(const FramedMessage& message) {
    if (message.empty()) return;
    ImGui::TextDisabled("%s", message.text().c_str());
}

}  // namespace aabb::ui
