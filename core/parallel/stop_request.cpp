#include "core/parallel/stop_request.hpp"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <string>
#include <utility>

#include <signal.h>

namespace aabb {

namespace {

// −1: not asked; 0: asked without a signal; otherwise the signal's number.
std::atomic<int> requested{-1};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler sets it");

// The token of this thread's innermost StopTokenScope (none: never stops).
thread_local std::stop_token thread_token;

extern "C" void on_stop_signal(int signal_number) {
    if (requested.load(std::memory_order_relaxed) > 0) {
        // The second signal: the loops were asked once already; end now.
        std::signal(signal_number, SIG_DFL);
        std::raise(signal_number);
        return;
    }
    requested.store(signal_number, std::memory_order_relaxed);
}

}  // namespace

void request_stop(int signal_number) noexcept {
    int expected = -1;
    // The first request is kept: a window closed after a SIGTERM still reports the signal.
    if (!requested.compare_exchange_strong(expected, signal_number, std::memory_order_relaxed) &&
        expected == 0 && signal_number > 0)
        requested.store(signal_number, std::memory_order_relaxed);
}

bool stop_requested() noexcept {
    return requested.load(std::memory_order_relaxed) >= 0 || thread_token.stop_requested();
}

StopTokenScope::StopTokenScope(std::stop_token token) noexcept
    : previous_(std::exchange(thread_token, std::move(token))) {}

StopTokenScope::~StopTokenScope() {
    thread_token = std::move(previous_);
}

int stop_signal() noexcept {
    return std::max(requested.load(std::memory_order_relaxed), 0);
}

void throw_if_stop_requested(std::string_view where) {
    if (requested.load(std::memory_order_relaxed) >= 0)
        throw StopRequested(std::string(where) + ": stopped (the program was asked to quit)");
    if (thread_token.stop_requested()) throw StopRequested(std::string(where) + ": cancelled");
}

void clear_stop_request() noexcept {
    requested.store(-1, std::memory_order_relaxed);
}

void install_stop_signal_handlers() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    // Interrupted reads and waits resume; the loops see the flag at their next check.
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

int stop_exit_status() noexcept {
    const int signal_number = stop_signal();
    return signal_number > 0 ? 128 + signal_number : 0;
}

}  // namespace aabb
