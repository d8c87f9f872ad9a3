// The program-wide stop request: set by request_stop or a signal, seen by stop_requested and
// throw_if_stop_requested on every thread; a job's token counts only on its own thread; the
// exit status is 128 + the signal; a second signal ends the process at once.

#include "core/parallel/stop_request.hpp"

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <stop_token>
#include <thread>

namespace aabb {

TEST_CASE("a stop request is seen everywhere until cleared, with the signal that asked") {
    clear_stop_request();
    CHECK_FALSE(stop_requested());
    CHECK_NOTHROW(throw_if_stop_requested("loop"));
    CHECK(stop_exit_status() == 0);
    request_stop();
    CHECK(stop_requested());
    CHECK(stop_signal() == 0);  // the window closed: not a signal
    CHECK(stop_exit_status() == 0);
    CHECK_THROWS_WITH_AS(throw_if_stop_requested("loop"),
                         "loop: stopped (the program was asked to quit)", StopRequested);
    bool seen_elsewhere = false;
    std::thread([&] { seen_elsewhere = stop_requested(); }).join();
    CHECK(seen_elsewhere);
    request_stop(SIGTERM);  // a signal after the window: the signal is what is reported
    CHECK(stop_signal() == SIGTERM);
    CHECK(stop_exit_status() == 143);
    request_stop(SIGINT);  // the first signal is kept
    CHECK(stop_signal() == SIGTERM);
    clear_stop_request();
    CHECK_FALSE(stop_requested());
}

TEST_CASE("a job's token stops the loops of its own thread only") {
    clear_stop_request();
    std::stop_source cancel;
    {
        const StopTokenScope scope(cancel.get_token());
        CHECK_FALSE(stop_requested());
        cancel.request_stop();
        CHECK(stop_requested());
        CHECK_THROWS_WITH_AS(throw_if_stop_requested("job"), "job: cancelled", StopRequested);
        bool seen_elsewhere = true;
        std::thread([&] { seen_elsewhere = stop_requested(); }).join();
        CHECK_FALSE(seen_elsewhere);
    }
    CHECK_FALSE(stop_requested());  // the scope ended
}

TEST_CASE("SIGTERM sets the flag; a second one ends the process with the signal") {
    // In a child process, so the test runner keeps its own signal handling.
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        clear_stop_request();
        install_stop_signal_handlers();
        std::raise(SIGTERM);
        if (!stop_requested() || stop_signal() != SIGTERM) _exit(3);
        std::raise(SIGINT);  // another signal after the first: killed by it
        _exit(4);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGINT);
}

}  // namespace aabb
