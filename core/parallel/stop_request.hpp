#pragma once
// The program-wide request to stop (issue 48 item 9). SIGINT, SIGTERM and closing the window set
// one flag; every loop that can run for long — brute force's O(n²) rows, the comparison and the
// scaling sweep's frames, headless scene and lesson runs — checks it and ends with
// StopRequested, so a program asked to quit ends within about a second whatever it is doing
// instead of finishing a two-minute brute force first. The flag is a lock-free atomic, so a
// signal handler may set it (install_stop_signal_handlers); checking it is one relaxed load.
// A background job adds its own cancel token for its thread (StopTokenScope), so Cancel and
// closing the window stop it inside brute force too, not after the algorithm it is measuring.

#include <stdexcept>
#include <stop_token>
#include <string_view>

namespace aabb {

/// A long loop ended because the program was asked to stop (request_stop, or the job's own
/// cancel); what() names the loop.
class StopRequested : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Asks every long loop to stop. `signal_number` is the signal that asked (0: the window was
/// closed, or a test). Async-signal-safe: one lock-free atomic store.
void request_stop(int signal_number = 0) noexcept;

/// True once request_stop was called, or once the token of this thread's StopTokenScope was
/// stopped.
[[nodiscard]] bool stop_requested() noexcept;

/// While it lives, stop_requested() on the thread that made it is also true once `token` is
/// stopped: a worker thread's job hands its cancel token to every loop it runs (brute force's
/// rows, the comparison's frames) without passing it through each call. Scopes nest; the
/// innermost token counts.
class StopTokenScope {
  public:
    /// Makes `token` this thread's until the scope ends.
    explicit StopTokenScope(std::stop_token token) noexcept;
    /// Gives the thread its earlier token back.
    ~StopTokenScope();
    StopTokenScope(const StopTokenScope&) = delete;
    StopTokenScope& operator=(const StopTokenScope&) = delete;

  private:
    std::stop_token previous_;
};

/// The signal that asked to stop; 0 when none did (not asked, or asked by the window).
[[nodiscard]] int stop_signal() noexcept;

/// Throws StopRequested when stop_requested(): "<where>: stopped (the program was asked to
/// quit)", or "<where>: cancelled" when only this thread's job token was stopped.
void throw_if_stop_requested(std::string_view where);

/// Forgets a request. Only tests call it: a program that was asked to stop ends.
void clear_stop_request() noexcept;

/// Installs handlers for SIGINT and SIGTERM that call request_stop(signal). A second signal
/// after the first ends the program at once with the signal's default action, so a loop that
/// never checks the flag can still be ended with a second Ctrl+C. Installed before SDL starts,
/// SDL keeps them (it only replaces the default action).
void install_stop_signal_handlers();

/// The exit status of a program stopped by stop_signal(): 128 + the signal (130 for SIGINT,
/// 143 for SIGTERM), what a shell reports for a process the signal ended; 0 without a signal.
[[nodiscard]] int stop_exit_status() noexcept;

}  // namespace aabb
