#include "ui/render/batched_world_renderer.hpp"

#include <SDL_opengl.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <type_traits>

#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

static_assert(std::is_standard_layout_v<ShapeBatch::Rect>,
              "ShapeBatch::Rect is uploaded as is: it must be standard layout");
static_assert(std::is_standard_layout_v<ShapeBatch::Segment>,
              "ShapeBatch::Segment is uploaded as is: it must be standard layout");
static_assert(sizeof(Rgba8) == 4, "Rgba8 is read as four normalized bytes");

// The world box -> screen rectangle mapping repeats Camera::world_to_screen and the snapping
// of WorldCanvas (whole pixels, at least one pixel) so both paths paint the same pixels.
constexpr const char* vertex_shader_body = R"(
in vec4 box;
in vec4 fill_color;
in vec4 outline_color;
in float outline_pixels;
uniform vec2 center;
uniform float zoom;
uniform vec2 viewport_center;
uniform vec2 display_size;
flat out vec4 rect;
flat out vec4 fill;
flat out vec4 outline;
flat out float outline_width;
void main() {
    vec2 top_left = viewport_center + (vec2(box.x, box.w) - center) * zoom * vec2(1.0, -1.0);
    vec2 bottom_right = viewport_center + (vec2(box.z, box.y) - center) * zoom * vec2(1.0, -1.0);
    vec2 low = floor(top_left + 0.5);
    vec2 high = max(floor(bottom_right + 0.5), low + 1.0);
    // Two triangles: corners 0,1,2 and 0,2,3 of the rectangle.
    int corner_index = gl_VertexID < 3 ? gl_VertexID : (gl_VertexID == 3 ? 0 : gl_VertexID - 2);
    vec2 corner = vec2(corner_index == 1 || corner_index == 2 ? 1.0 : 0.0,
                       corner_index >= 2 ? 1.0 : 0.0);
    vec2 pixel = mix(low, high, corner);
    gl_Position = vec4(pixel.x / display_size.x * 2.0 - 1.0,
                       1.0 - pixel.y / display_size.y * 2.0, 0.0, 1.0);
    rect = vec4(low, high);
    fill = fill_color;
    outline = outline_color;
    outline_width = outline_pixels;
}
)";

// A pixel is outline when it lies within outline_width of the rectangle's edge, or when the
// rectangle is under 3 pixels wide or high (then ImDrawList paints a solid dot).
constexpr const char* fragment_shader_body = R"(
uniform vec3 framebuffer;
flat in vec4 rect;
flat in vec4 fill;
flat in vec4 outline;
flat in float outline_width;
out vec4 color;
void main() {
    vec2 pixel = vec2(gl_FragCoord.x, framebuffer.x - gl_FragCoord.y) / framebuffer.yz;
    vec2 size = rect.zw - rect.xy;
    float edge = min(min(pixel.x - rect.x, rect.z - pixel.x), min(pixel.y - rect.y, rect.w - pixel.y));
    bool on_outline = outline.a > 0.0 && (size.x < 3.0 || size.y < 3.0 || edge < outline_width);
    color = on_outline ? outline : fill;
    if (color.a <= 0.0) discard;
}
)";

// Pair lines as thin quads with ImDrawList's anti-aliasing profile for a line of thickness t:
// an opaque core of t − 1 pixels and a 1-pixel fringe fading to transparent on each side. At
// the UI scale 1 t is 1.5 (core 0.5); the UI scale and high contrast widen it.
constexpr float segment_pixels = 1.5f;
constexpr float segment_fringe = 1.0f;

constexpr const char* segment_vertex_shader_body = R"(
in vec4 ends;
in vec4 line_color;
uniform vec2 center;
uniform float zoom;
uniform vec2 viewport_center;
uniform vec2 display_size;
uniform float extent;
flat out vec4 color_in;
out float across;
void main() {
    vec2 from = viewport_center + (ends.xy - center) * zoom * vec2(1.0, -1.0);
    vec2 to = viewport_center + (ends.zw - center) * zoom * vec2(1.0, -1.0);
    vec2 delta = to - from;
    float length_pixels = length(delta);
    vec2 direction = length_pixels > 1e-4 ? delta / length_pixels : vec2(1.0, 0.0);
    vec2 normal = vec2(-direction.y, direction.x);
    int corner_index = gl_VertexID < 3 ? gl_VertexID : (gl_VertexID == 3 ? 0 : gl_VertexID - 2);
    float along = corner_index == 1 || corner_index == 2 ? 1.0 : 0.0;
    float side = corner_index >= 2 ? 1.0 : -1.0;
    vec2 pixel = mix(from, to, along) + normal * side * extent;
    gl_Position = vec4(pixel.x / display_size.x * 2.0 - 1.0,
                       1.0 - pixel.y / display_size.y * 2.0, 0.0, 1.0);
    across = side * extent;
    color_in = line_color;
}
)";

constexpr const char* segment_fragment_shader_body = R"(
uniform float extent;
uniform float fringe;
flat in vec4 color_in;
in float across;
out vec4 color;
void main() {
    float coverage = clamp((extent - abs(across)) / fringe, 0.0, 1.0);
    color = vec4(color_in.rgb, color_in.a * coverage);
    if (color.a <= 0.0) discard;
}
)";

GLuint compile(GLenum kind, const char* version, const char* body) {
    const GLuint shader = glCreateShader(kind);
    const char* sources[] = {version, "\n", body};
    glShaderSource(shader, 3, sources, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

GLuint link(const char* version, const char* vertex_body, const char* fragment_body,
            std::initializer_list<const char*> attributes) {
    const GLuint vertex = compile(GL_VERTEX_SHADER, version, vertex_body);
    const GLuint fragment = compile(GL_FRAGMENT_SHADER, version, fragment_body);
    GLuint program = 0;
    if (vertex != 0 && fragment != 0) {
        program = glCreateProgram();
        glAttachShader(program, vertex);
        glAttachShader(program, fragment);
        GLuint location = 0;
        for (const char* attribute : attributes)
            glBindAttribLocation(program, location++, attribute);
        glBindFragDataLocation(program, 0, "color");
        glLinkProgram(program);
        GLint ok = GL_FALSE;
        glGetProgramiv(program, GL_LINK_STATUS, &ok);
        if (ok != GL_TRUE) {
            glDeleteProgram(program);
            program = 0;
        }
    }
    if (vertex != 0) glDeleteShader(vertex);
    if (fragment != 0) glDeleteShader(fragment);
    return program;
}

/// True when the context is at least OpenGL 3.3 (instanced attributes are core there).
bool has_instanced_attributes() {
    GLint major = 0;
    GLint minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    return major > 3 || (major == 3 && minor >= 3);
}

}  // namespace

BatchedWorldRenderer::BatchedWorldRenderer() {
    while (glGetError() != GL_NO_ERROR) {
    }
    if (!has_instanced_attributes()) {
        failure_ = "OpenGL 3.3 or later is needed for instanced drawing";
        return;
    }
    // GLSL 3.30 matches the context the check above demands; 1.50 as a second chance.
    for (const char* version : {"#version 330 core", "#version 150"}) {
        if (program_ == 0) {
            program_ = link(version, vertex_shader_body, fragment_shader_body,
                            {"box", "fill_color", "outline_color", "outline_pixels"});
        }
        if (segment_program_ == 0) {
            segment_program_ = link(version, segment_vertex_shader_body,
                                    segment_fragment_shader_body, {"ends", "line_color"});
        }
    }
    if (program_ == 0 || segment_program_ == 0) {
        if (program_ != 0) glDeleteProgram(program_);
        if (segment_program_ != 0) glDeleteProgram(segment_program_);
        program_ = segment_program_ = 0;
        failure_ = "the world shaders did not compile";
        return;
    }
    uniform_center_ = glGetUniformLocation(program_, "center");
    uniform_zoom_ = glGetUniformLocation(program_, "zoom");
    uniform_viewport_center_ = glGetUniformLocation(program_, "viewport_center");
    uniform_display_size_ = glGetUniformLocation(program_, "display_size");
    uniform_framebuffer_ = glGetUniformLocation(program_, "framebuffer");

    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &instance_buffer_);
    glGenVertexArrays(1, &segment_vertex_array_);
    glGenBuffers(1, &segment_buffer_);
    GLint previous_array = 0;
    GLint previous_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &previous_array);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &previous_buffer);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    constexpr GLsizei stride = sizeof(ShapeBatch::Rect);
    const auto at = [](std::size_t offset) { return reinterpret_cast<const void*>(offset); };
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, stride, at(offsetof(ShapeBatch::Rect, box)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          at(offsetof(ShapeBatch::Rect, fill)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                          at(offsetof(ShapeBatch::Rect, outline)));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, stride,
                          at(offsetof(ShapeBatch::Rect, outline_pixels)));
    for (GLuint attribute = 0; attribute < 4; ++attribute)
        glVertexAttribDivisor(attribute, 1);
    glBindVertexArray(segment_vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, segment_buffer_);
    constexpr GLsizei segment_stride = sizeof(ShapeBatch::Segment);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, segment_stride,
                          at(offsetof(ShapeBatch::Segment, from)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, segment_stride,
                          at(offsetof(ShapeBatch::Segment, color)));
    glVertexAttribDivisor(0, 1);
    glVertexAttribDivisor(1, 1);
    glBindVertexArray(static_cast<GLuint>(previous_array));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(previous_buffer));
    if (glGetError() != GL_NO_ERROR) {
        failure_ = "creating the world's vertex buffers failed";
        glDeleteProgram(program_);
        glDeleteProgram(segment_program_);
        program_ = segment_program_ = 0;
    }
    for (const char* name :
         {"center", "zoom", "viewport_center", "display_size", "extent", "fringe"}) {
        segment_uniforms_.push_back(
            segment_program_ != 0 ? glGetUniformLocation(segment_program_, name) : -1);
    }
}

BatchedWorldRenderer::~BatchedWorldRenderer() {
    if (instance_buffer_ != 0) glDeleteBuffers(1, &instance_buffer_);
    if (segment_buffer_ != 0) glDeleteBuffers(1, &segment_buffer_);
    if (segment_vertex_array_ != 0) glDeleteVertexArrays(1, &segment_vertex_array_);
    if (segment_program_ != 0) glDeleteProgram(segment_program_);
    if (vertex_array_ != 0) glDeleteVertexArrays(1, &vertex_array_);
    if (program_ != 0) glDeleteProgram(program_);
}

void BatchedWorldRenderer::draw(std::span<const ShapeBatch::Rect> rects,
                                std::span<const ShapeBatch::Segment> segments, const Camera& camera,
                                ImDrawList& draw_list) {
    pending_ = rects;
    pending_segments_ = segments;
    center_ = camera.center();
    zoom_ = camera.zoom();
    viewport_center_ = camera.viewport().center();
    if (!ready() || (rects.empty() && segments.empty())) return;
    draw_list.AddCallback(&BatchedWorldRenderer::render_callback, this);
    // ImGui's OpenGL3 backend restores its program, buffers and blending after this marker.
    draw_list.AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void BatchedWorldRenderer::upload(unsigned buffer, std::size_t& capacity, const void* data,
                                  std::size_t bytes) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    // Grow geometrically so a growing scene reallocates rarely; otherwise orphan the old
    // storage so the driver need not wait for the previous frame's draw.
    if (bytes > capacity) capacity = std::max(bytes, capacity * 3 / 2);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity), nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

void BatchedWorldRenderer::render_callback(const ImDrawList*, const ImDrawCmd* command) {
    static_cast<BatchedWorldRenderer*>(command->UserCallbackData)->render(*command);
}

void BatchedWorldRenderer::render(const ImDrawCmd& command) {
    last_instance_count_ = pending_.size();
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 scale = io.DisplayFramebufferScale;
    const float framebuffer_height = io.DisplaySize.y * scale.y;

    // The same clipping as ImGui's own commands: the draw list's clip rectangle.
    glEnable(GL_SCISSOR_TEST);
    const ImVec4 clip = command.ClipRect;
    glScissor(static_cast<GLint>(clip.x * scale.x),
              static_cast<GLint>(framebuffer_height - clip.w * scale.y),
              static_cast<GLsizei>((clip.z - clip.x) * scale.x),
              static_cast<GLsizei>((clip.w - clip.y) * scale.y));
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);

    glUseProgram(program_);
    glUniform2f(uniform_center_, center_.x, center_.y);
    glUniform1f(uniform_zoom_, zoom_);
    glUniform2f(uniform_viewport_center_, viewport_center_.x, viewport_center_.y);
    glUniform2f(uniform_display_size_, io.DisplaySize.x, io.DisplaySize.y);
    glUniform3f(uniform_framebuffer_, framebuffer_height, scale.x, scale.y);

    glBindVertexArray(vertex_array_);
    upload(instance_buffer_, buffer_capacity_bytes_, pending_.data(), pending_.size_bytes());
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(pending_.size()));

    if (!pending_segments_.empty()) {
        glUseProgram(segment_program_);
        glUniform2f(segment_uniforms_[0], center_.x, center_.y);
        glUniform1f(segment_uniforms_[1], zoom_);
        glUniform2f(segment_uniforms_[2], viewport_center_.x, viewport_center_.y);
        glUniform2f(segment_uniforms_[3], io.DisplaySize.x, io.DisplaySize.y);
        const float core_half_width =
            std::max(0.0f, (overlay_stroke(segment_pixels) - 1.0f) * 0.5f);
        glUniform1f(segment_uniforms_[4], core_half_width + segment_fringe);
        glUniform1f(segment_uniforms_[5], segment_fringe);
        glBindVertexArray(segment_vertex_array_);
        upload(segment_buffer_, segment_capacity_bytes_, pending_segments_.data(),
               pending_segments_.size_bytes());
        glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(pending_segments_.size()));
    }
    glBindVertexArray(0);
}

}  // namespace aabb::ui
