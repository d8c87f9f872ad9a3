#pragma once
// The SDL2 window, its OpenGL 3 context and the Dear ImGui context with its SDL and OpenGL3
// backends: everything a frame needs, created in order and torn down in reverse. What to
// show each frame is the caller's business (see sandbox_app.hpp).

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "ui/model/sandbox_options.hpp"
#include "ui/platform/key_press.hpp"
#include "ui/style/palette.hpp"

struct SDL_Window;

namespace aabb::ui {

/// A failure to create or use the window, GL context or ImGui backends; what() includes
/// SDL_GetError() where SDL is the cause.
class ApplicationError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// The window, GL context and ImGui context of one program run.
class Application {
  public:
    /// Opens the window and creates the contexts. Tries OpenGL 3.2 core (so ImGui can draw
    /// more than 65,536 vertices per list), then 3.0. Throws ApplicationError on failure.
    explicit Application(const WindowOptions& options);
    ~Application();
    Application(const Application&) = delete;
    Application& operator=(const Application&) = delete;

    /// Hands pending events to ImGui and records the key presses; returns false once the
    /// user closed the window or the program was asked to stop (SIGINT, SIGTERM:
    /// core/parallel/stop_request.hpp). Closing the window asks the program to stop, so every
    /// long loop still running (a comparison on its worker) ends within about a second.
    [[nodiscard]] bool poll_events();
    /// The key presses of the last poll_events(), in order.
    [[nodiscard]] std::span<const KeyPress> key_presses() const { return key_presses_; }
    /// Starts an ImGui frame (backends first, then ImGui::NewFrame).
    void begin_frame();
    /// Finishes the ImGui frame and draws it into the back buffer cleared to `clear_color`.
    void render(Rgba8 clear_color);
    /// Shows the back buffer.
    void present();

    /// The drawable size in pixels (what glReadPixels reads).
    [[nodiscard]] glm::ivec2 framebuffer_size() const;
    /// "OpenGL <version> (<renderer>)", for the log.
    [[nodiscard]] const std::string& gl_description() const { return gl_description_; }

  private:
    SDL_Window* window_ = nullptr;
    void* gl_context_ = nullptr;
    bool sdl_initialized_ = false;
    bool imgui_context_ = false;
    bool imgui_sdl_ = false;
    bool imgui_opengl_ = false;
    std::string gl_description_;
    // The pointer position from the latest SDL_MOUSEMOTION, fed to ImGui each frame.
    glm::vec2 mouse_position_{0.0f};
    bool mouse_position_known_ = false;
    std::vector<KeyPress> key_presses_;

    void shut_down();
};

}  // namespace aabb::ui
