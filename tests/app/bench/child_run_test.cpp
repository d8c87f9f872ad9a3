// Work in a child process, as aabb-bench runs every peer: what the child writes reaches the
// parent whole and in order; a child that crashes, hangs past its deadline or throws ends only
// itself, and the parent says how; every child is reaped (none is left running or a zombie),
// also when the parent's own handling of the bytes throws.

#include <doctest/doctest.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/bench/child_run.hpp"

namespace aabb::bench {

namespace {

using Clock = std::chrono::steady_clock;

// True when this process has no child left, running or a zombie.
bool no_child_left() {
    int status = 0;
    return waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD;
}

ChildWatch collecting(std::string& received, Clock::time_point deadline) {
    ChildWatch watch;
    watch.received = [&received](std::string_view bytes) { received += bytes; };
    watch.deadline = [deadline] { return deadline; };
    return watch;
}

}  // namespace

TEST_CASE("a child's bytes reach the parent whole and in order, and the child is reaped") {
    // Several times the pipe's 64 KiB, so the child blocks until the parent reads.
    std::string sent;
    for (int index = 0; index < 100000; ++index)
        sent += std::to_string(index) + ",";
    std::string received;
    const ChildEnd end = run_in_child([&](ChildPipe& pipe) { pipe.write(sent); },
                                      collecting(received, Clock::time_point::max()));
    CHECK(end.kind == ChildEnd::Kind::exited);
    CHECK(end.status == 0);
    CHECK(received == sent);
    CHECK(no_child_left());
}

TEST_CASE("a child that crashes ends alone and the parent names the signal") {
    std::string received;
    const ChildEnd end = run_in_child(
        [](ChildPipe& pipe) {
            pipe.write("before the crash");
            // Past any handler a sanitizer installed, as a peer's crash in a plain build.
            std::signal(SIGSEGV, SIG_DFL);
            std::raise(SIGSEGV);
        },
        collecting(received, Clock::time_point::max()));
    CHECK(end.kind == ChildEnd::Kind::signalled);
    CHECK(end.status == SIGSEGV);
    CHECK(signal_name(end.status) == "SIGSEGV");
    CHECK(received == "before the crash");
    CHECK(no_child_left());
}

TEST_CASE("a child that hangs is killed at its deadline, which moves as the parent reads") {
    std::string received;
    Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(300);
    ChildWatch watch;
    // The child's first message buys it another 300 ms, from when it arrives.
    watch.received = [&](std::string_view bytes) {
        received += bytes;
        deadline = Clock::now() + std::chrono::milliseconds(300);
    };
    watch.deadline = [&] { return deadline; };
    const Clock::time_point start = Clock::now();
    const ChildEnd end = run_in_child(
        [](ChildPipe& pipe) {
            usleep(200'000);
            pipe.write("built");
            for (;;)
                pause();
        },
        watch);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    CHECK(end.kind == ChildEnd::Kind::stopped);
    CHECK(received == "built");
    CHECK(seconds >= 0.5);
    CHECK(seconds < 10.0);
    CHECK(no_child_left());
}

// glibc's heap only: a sanitizer's allocator keeps its blocks elsewhere.
#if !defined(__SANITIZE_ADDRESS__)
TEST_CASE("a child owns its heap before its work: writing the parent's pages costs no fault") {
    // 4,000 blocks of 4 KiB, below malloc's mmap threshold, so on the heap, and written here.
    constexpr int block_count = 4000;
    std::vector<std::unique_ptr<unsigned char[]>> blocks;
    for (int index = 0; index < block_count; ++index) {
        blocks.push_back(std::make_unique<unsigned char[]>(4096));
        blocks.back()[0] = 1;
    }
    std::string received;
    const ChildEnd end = run_in_child(
        [&](ChildPipe& pipe) {
            rusage before{};
            getrusage(RUSAGE_SELF, &before);
            for (auto& block : blocks) {
                block[0] = 2;
                block[2048] = 2;
            }
            rusage after{};
            getrusage(RUSAGE_SELF, &after);
            pipe.write(std::to_string(after.ru_minflt - before.ru_minflt));
        },
        collecting(received, Clock::time_point::max()));
    REQUIRE(end.kind == ChildEnd::Kind::exited);
    // Without taking the heap first, each of the ~4,000 pages is a copy-on-write fault.
    CHECK(std::stol(received) < block_count / 20);
}
#endif

TEST_CASE("a child whose work throws exits with its own status") {
    std::string received;
    const ChildEnd end =
        run_in_child([](ChildPipe&) { throw std::runtime_error("the work failed"); },
                     collecting(received, Clock::time_point::max()));
    CHECK(end.kind == ChildEnd::Kind::exited);
    CHECK(end.status == child_work_threw_status);
    CHECK(no_child_left());
}

TEST_CASE("when the parent's handling throws, the child is killed and reaped") {
    ChildWatch watch;
    watch.received = [](std::string_view) { throw std::runtime_error("cannot handle it"); };
    watch.deadline = [] { return Clock::time_point::max(); };
    const auto hang = [](ChildPipe& pipe) {
        pipe.write("something");
        for (;;)
            pause();
    };
    CHECK_THROWS_WITH((void)run_in_child(hang, watch), "cannot handle it");
    CHECK(no_child_left());
}

}  // namespace aabb::bench
