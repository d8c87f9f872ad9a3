#include "ui/platform/application.hpp"

#include <SDL.h>
#include <SDL_opengl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include "core/parallel/stop_request.hpp"
#include "ui/platform/theme.hpp"

namespace aabb::ui {

namespace {

[[noreturn]] void fail_with_sdl_error(const std::string& what) {
    throw ApplicationError(what + ": " + SDL_GetError());
}

/// A GL context version to try and the GLSL version its shaders use.
struct ContextVersion {
    int major;
    int minor;
    int profile;
    const char* glsl;
};

}  // namespace

Application::Application(const WindowOptions& options) {
    try {
        if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) fail_with_sdl_error("SDL_Init failed");
        sdl_initialized_ = true;

        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
        // The version is fixed before the window exists; 3.2 core first, then 3.0.
        constexpr ContextVersion versions[] = {
            {3, 2, SDL_GL_CONTEXT_PROFILE_CORE, "#version 150"},
            {3, 0, 0, "#version 130"},
        };
        const char* glsl = nullptr;
        std::string errors;
        for (const ContextVersion& version : versions) {
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, version.major);
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, version.minor);
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, version.profile);
            window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED,
                                       SDL_WINDOWPOS_CENTERED, options.width, options.height,
                                       SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
            if (window_ == nullptr) fail_with_sdl_error("SDL_CreateWindow failed");
            gl_context_ = SDL_GL_CreateContext(window_);
            if (gl_context_ != nullptr) {
                glsl = version.glsl;
                break;
            }
            errors += std::string(" OpenGL ") + std::to_string(version.major) + "." +
                      std::to_string(version.minor) + ": " + SDL_GetError() + ";";
            SDL_DestroyWindow(window_);
            window_ = nullptr;
        }
        if (gl_context_ == nullptr) {
            throw ApplicationError("could not create an OpenGL 3 context:" + errors);
        }
        if (SDL_GL_MakeCurrent(window_, gl_context_) != 0) {
            fail_with_sdl_error("SDL_GL_MakeCurrent failed");
        }
        // Vsync is a wish: some drivers refuse it, which is no reason to stop.
        SDL_GL_SetSwapInterval(options.vsync ? 1 : 0);

        const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
        const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
        gl_description_ = std::string("OpenGL ") + (version ? version : "?") + " (" +
                          (renderer ? renderer : "?") + ")";

        IMGUI_CHECKVERSION();
        ImGui::CreateContext();
        imgui_context_ = true;
        ImGuiIO& io = ImGui::GetIO();
        // The layout is fixed and rebuilt every run: no imgui.ini in the working directory.
        io.IniFilename = nullptr;
        apply_theme();
        load_interface_font(options.font_pixels);

        if (!ImGui_ImplSDL2_InitForOpenGL(window_, gl_context_)) {
            throw ApplicationError("ImGui SDL2 backend failed to initialize");
        }
        imgui_sdl_ = true;
        if (!ImGui_ImplOpenGL3_Init(glsl)) {
            throw ApplicationError("ImGui OpenGL3 backend failed to initialize");
        }
        imgui_opengl_ = true;
    } catch (...) {
        shut_down();
        throw;
    }
}

Application::~Application() {
    shut_down();
}

void Application::shut_down() {
    if (imgui_opengl_) ImGui_ImplOpenGL3_Shutdown();
    if (imgui_sdl_) ImGui_ImplSDL2_Shutdown();
    if (imgui_context_) ImGui::DestroyContext();
    if (gl_context_ != nullptr) SDL_GL_DeleteContext(gl_context_);
    if (window_ != nullptr) SDL_DestroyWindow(window_);
    if (sdl_initialized_) SDL_Quit();
    imgui_opengl_ = imgui_sdl_ = imgui_context_ = sdl_initialized_ = false;
    gl_context_ = nullptr;
    window_ = nullptr;
}

bool Application::poll_events() {
    bool open = true;
    SDL_Event event;
    key_presses_.clear();
    while (SDL_PollEvent(&event) != 0) {
        ImGui_ImplSDL2_ProcessEvent(&event);
        if (event.type == SDL_KEYDOWN) {
            const Uint16 mod = event.key.keysym.mod;
            key_presses_.push_back({static_cast<int>(event.key.keysym.scancode),
                                    (mod & KMOD_SHIFT) != 0, (mod & KMOD_CTRL) != 0,
                                    event.key.repeat != 0});
        }
        if (event.type == SDL_QUIT) open = false;
        if (event.type == SDL_MOUSEMOTION) {
            mouse_position_ =
                glm::vec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
            mouse_position_known_ = true;
        }
        if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_LEAVE &&
            SDL_GetMouseState(nullptr, nullptr) == 0) {
            mouse_position_known_ = false;
        }
        if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
            event.window.windowID == SDL_GetWindowID(window_)) {
            open = false;
        }
    }
    // SIGINT and SIGTERM set the stop flag (their handlers, installed before SDL, do only that);
    // closing the window sets it too, so every long loop still running (a comparison on its
    // worker) ends within about a second instead of being joined for minutes.
    if (stop_requested()) open = false;
    if (!open) request_stop();
    return open;
}

void Application::begin_frame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // ImGui 1.86's SDL backend polls SDL_GetGlobalMouseState, which on X11 refreshes only on
    // XInput2 raw events: a warped pointer (xdotool, remote desktops) then reads stale while a
    // button is held and drags stall. Motion events always arrive, so the position comes from
    // them, as in ImGui 1.87+ backends.
    if (mouse_position_known_) {
        ImGui::GetIO().MousePos = ImVec2(mouse_position_.x, mouse_position_.y);
    }
    ImGui::NewFrame();
}

void Application::render(Rgba8 clear_color) {
    ImGui::Render();
    const glm::ivec2 size = framebuffer_size();
    glViewport(0, 0, size.x, size.y);
    const ImVec4 clear = to_imgui_vec4(clear_color);
    glClearColor(clear.x, clear.y, clear.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void Application::present() {
    SDL_GL_SwapWindow(window_);
}

glm::ivec2 Application::framebuffer_size() const {
    glm::ivec2 size(0);
    SDL_GL_GetDrawableSize(window_, &size.x, &size.y);
    return size;
}

}  // namespace aabb::ui
