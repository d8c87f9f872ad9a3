#include "ui/render/batched_world_renderer.hpp"

#include <SDL_opengl.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "ui/style/overlay_colors.hpp"

namespace aabb::ui {

namespace {

static_assert(std::is_standard_layout_v<ShapeBatch::Rect>,
              "ShapeBatch::Rect is uploaded as is: it must be standard layout");
static_assert(std::is_standard_layout_v<ShapeBatch::Segment>,
              "ShapeBatch::Segment is uploaded as is: it must be standard layout");
static_assert(std::is_standard_layout_v<ShapeBatch::Disc>,
              "ShapeBatch::Disc is uploaded as is: it must be standard layout");
static_assert(offsetof(ShapeBatch::Disc, radius_pixels) == sizeof(glm::vec2),
              "a disc's center and radius are read as one vec3");
static_assert(sizeof(Rgba8) == 4, "Rgba8 is read as four normalized bytes");

// The world box -> screen rectangle mapping repeats Camera::world_to_screen and the snapping
// of paint_with_draw_list (whole pixels, at least one pixel) so both paths paint the same
// pixels.
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

// Lines as thin quads with ImDrawList's anti-aliasing profile for a line of thickness t: an
// opaque core of t − 1 pixels and a 1-pixel fringe fading to transparent on each side. Pair
// lines are 1.5 pixels at the UI scale 1 (core 0.5); the UI scale and high contrast widen them.
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

// Round dots as quads around their center, with ImDrawList's anti-aliased circle profile: a
// disc of radius r whose edge fades over the pixel from r − 0.5 to r + 0.5.
constexpr const char* disc_vertex_shader_body = R"(
in vec3 disc;
in vec4 disc_color;
uniform vec2 center;
uniform float zoom;
uniform vec2 viewport_center;
uniform vec2 display_size;
flat out vec4 color_in;
flat out float radius;
out vec2 offset;
void main() {
    vec2 middle = viewport_center + (disc.xy - center) * zoom * vec2(1.0, -1.0);
    int corner_index = gl_VertexID < 3 ? gl_VertexID : (gl_VertexID == 3 ? 0 : gl_VertexID - 2);
    vec2 corner = vec2(corner_index == 1 || corner_index == 2 ? 1.0 : -1.0,
                       corner_index >= 2 ? 1.0 : -1.0);
    offset = corner * (disc.z + 1.0);
    vec2 pixel = middle + offset;
    gl_Position = vec4(pixel.x / display_size.x * 2.0 - 1.0,
                       1.0 - pixel.y / display_size.y * 2.0, 0.0, 1.0);
    color_in = disc_color;
    radius = disc.z;
}
)";

constexpr const char* disc_fragment_shader_body = R"(
flat in vec4 color_in;
flat in float radius;
in vec2 offset;
out vec4 color;
void main() {
    float coverage = clamp(radius + 0.5 - length(offset), 0.0, 1.0);
    color = vec4(color_in.rgb, color_in.a * coverage);
    if (color.a <= 0.0) discard;
}
)";

// The uniforms of the three programs, in Program::uniforms order (a program without one gets
// location −1, which glUniform* ignores).
constexpr std::array<const char*, 7> uniform_names{
    "center", "zoom", "viewport_center", "display_size", "framebuffer", "extent", "fringe"};
namespace uniform {
enum : std::size_t { center, zoom, viewport_center, display_size, framebuffer, extent, fringe };
}  // namespace uniform

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

/// Links a program and looks up its uniforms; id 0 when it does not compile.
template <typename Program>
Program make_program(const char* vertex_body, const char* fragment_body,
                     std::initializer_list<const char*> attributes) {
    Program program;
    // GLSL 3.30 matches the context the caller demands; 1.50 as a second chance.
    for (const char* version : {"#version 330 core", "#version 150"}) {
        if (program.id == 0) program.id = link(version, vertex_body, fragment_body, attributes);
    }
    if (program.id != 0) {
        for (const char* name : uniform_names)
            program.uniforms.push_back(glGetUniformLocation(program.id, name));
    }
    return program;
}

/// Points instanced attribute `index` at `components` values of `type` at `offset` of each
/// `stride`-byte instance of the bound buffer.
void instanced_attribute(GLuint index, GLint components, GLenum type, GLsizei stride,
                         std::size_t offset) {
    const bool normalized = type == GL_UNSIGNED_BYTE;
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, components, type, normalized ? GL_TRUE : GL_FALSE, stride,
                          reinterpret_cast<const void*>(offset));
    glVertexAttribDivisor(index, 1);
}

}  // namespace

BatchedWorldRenderer::BatchedWorldRenderer() {
    while (glGetError() != GL_NO_ERROR) {
    }
    if (!has_instanced_attributes()) {
        failure_ = "OpenGL 3.3 or later is needed for instanced drawing";
        return;
    }
    rects_ = make_program<Program>(vertex_shader_body, fragment_shader_body,
                                   {"box", "fill_color", "outline_color", "outline_pixels"});
    segments_ = make_program<Program>(segment_vertex_shader_body, segment_fragment_shader_body,
                                      {"ends", "line_color"});
    discs_ = make_program<Program>(disc_vertex_shader_body, disc_fragment_shader_body,
                                   {"disc", "disc_color"});
    if (rects_.id == 0 || segments_.id == 0 || discs_.id == 0) {
        for (Program* program : {&rects_, &segments_, &discs_}) {
            if (program->id != 0) glDeleteProgram(program->id);
            program->id = 0;
        }
        failure_ = "the world shaders did not compile";
        return;
    }
    create_buffers();
    if (glGetError() != GL_NO_ERROR) {
        failure_ = "creating the world's vertex buffers failed";
        for (Program* program : {&rects_, &segments_, &discs_}) {
            glDeleteProgram(program->id);
            program->id = 0;
        }
    }
}

void BatchedWorldRenderer::create_buffers() {
    GLint previous_array = 0;
    GLint previous_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &previous_array);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &previous_buffer);
    const auto start = [](unsigned& vertex_array, unsigned& buffer) {
        glGenVertexArrays(1, &vertex_array);
        glGenBuffers(1, &buffer);
        glBindVertexArray(vertex_array);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
    };
    using Rect = ShapeBatch::Rect;
    start(rect_vertex_array_, rect_buffer_);
    instanced_attribute(0, 4, GL_FLOAT, sizeof(Rect), offsetof(Rect, box));
    instanced_attribute(1, 4, GL_UNSIGNED_BYTE, sizeof(Rect), offsetof(Rect, fill));
    instanced_attribute(2, 4, GL_UNSIGNED_BYTE, sizeof(Rect), offsetof(Rect, outline));
    instanced_attribute(3, 1, GL_FLOAT, sizeof(Rect), offsetof(Rect, outline_pixels));
    using Segment = ShapeBatch::Segment;
    start(segment_vertex_array_, segment_buffer_);
    instanced_attribute(0, 4, GL_FLOAT, sizeof(Segment), offsetof(Segment, from));
    instanced_attribute(1, 4, GL_UNSIGNED_BYTE, sizeof(Segment), offsetof(Segment, color));
    using Disc = ShapeBatch::Disc;
    start(disc_vertex_array_, disc_buffer_);
    instanced_attribute(0, 3, GL_FLOAT, sizeof(Disc), offsetof(Disc, center));
    instanced_attribute(1, 4, GL_UNSIGNED_BYTE, sizeof(Disc), offsetof(Disc, color));
    glBindVertexArray(static_cast<GLuint>(previous_array));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(previous_buffer));
}

BatchedWorldRenderer::~BatchedWorldRenderer() {
    for (unsigned buffer : {rect_buffer_, segment_buffer_, disc_buffer_}) {
        if (buffer != 0) glDeleteBuffers(1, &buffer);
    }
    for (unsigned array : {rect_vertex_array_, segment_vertex_array_, disc_vertex_array_}) {
        if (array != 0) glDeleteVertexArrays(1, &array);
    }
    for (const Program* program : {&rects_, &segments_, &discs_}) {
        if (program->id != 0) glDeleteProgram(program->id);
    }
}

void BatchedWorldRenderer::draw(const BatchedShapes& shapes, const Camera& camera,
                                ImDrawList& draw_list) {
    if (!ready() || (shapes.rects.empty() && shapes.segments.empty() && shapes.discs.empty()))
        return;
    pending_.push_back({this, shapes, camera.center(), camera.zoom(), camera.viewport().center()});
    draw_list.AddCallback(&BatchedWorldRenderer::render_callback, &pending_.back());
    // ImGui's OpenGL3 backend restores its program, buffers and blending after this marker.
    draw_list.AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void BatchedWorldRenderer::upload(unsigned buffer, std::size_t& capacity, const void* data,
                                  std::size_t bytes) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    // Grow geometrically so a growing scene reallocates rarely; otherwise orphan the old
    // storage so the driver need not wait for the previous draw.
    if (bytes > capacity) capacity = std::max(bytes, capacity * 3 / 2);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity), nullptr, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

void BatchedWorldRenderer::render_callback(const ImDrawList*, const ImDrawCmd* command) {
    const auto& pending = *static_cast<const Pending*>(command->UserCallbackData);
    pending.renderer->render(pending, *command);
}

void BatchedWorldRenderer::set_view_uniforms(const Program& program, const Pending& pending) const {
    const ImGuiIO& io = ImGui::GetIO();
    const std::vector<int>& at = program.uniforms;
    glUseProgram(program.id);
    glUniform2f(at[uniform::center], pending.center.x, pending.center.y);
    glUniform1f(at[uniform::zoom], pending.zoom);
    glUniform2f(at[uniform::viewport_center], pending.viewport_center.x, pending.viewport_center.y);
    glUniform2f(at[uniform::display_size], io.DisplaySize.x, io.DisplaySize.y);
    glUniform3f(at[uniform::framebuffer], io.DisplaySize.y * io.DisplayFramebufferScale.y,
                io.DisplayFramebufferScale.x, io.DisplayFramebufferScale.y);
}

void BatchedWorldRenderer::render(const Pending& pending, const ImDrawCmd& command) {
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

    const BatchedShapes& shapes = pending.shapes;
    if (!shapes.rects.empty()) {
        set_view_uniforms(rects_, pending);
        glBindVertexArray(rect_vertex_array_);
        upload(rect_buffer_, rect_capacity_bytes_, shapes.rects.data(), shapes.rects.size_bytes());
        glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(shapes.rects.size()));
    }
    if (!shapes.segments.empty()) {
        set_view_uniforms(segments_, pending);
        const float core_half_width =
            std::max(0.0f, (overlay_stroke(shapes.segment_pixels) - 1.0f) * 0.5f);
        glUniform1f(segments_.uniforms[uniform::extent], core_half_width + segment_fringe);
        glUniform1f(segments_.uniforms[uniform::fringe], segment_fringe);
        glBindVertexArray(segment_vertex_array_);
        upload(segment_buffer_, segment_capacity_bytes_, shapes.segments.data(),
               shapes.segments.size_bytes());
        glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(shapes.segments.size()));
    }
    if (!shapes.discs.empty()) {
        set_view_uniforms(discs_, pending);
        glBindVertexArray(disc_vertex_array_);
        upload(disc_buffer_, disc_capacity_bytes_, shapes.discs.data(), shapes.discs.size_bytes());
        glDrawArraysInstanced(GL_TRIANGLES, 0, 6, static_cast<GLsizei>(shapes.discs.size()));
    }
    glBindVertexArray(0);
}

}  // namespace aabb::ui
