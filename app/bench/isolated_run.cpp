#include "app/bench/isolated_run.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

#include "app/bench/child_run.hpp"
#include "app/bench/runners/runner_factory.hpp"
#include "core/text/input_excerpt.hpp"

namespace aabb::bench {

namespace {

using Clock = std::chrono::steady_clock;

// The test hook's setting, parsed: the algorithm and the kind of fault; empty when unset.
struct TestFault {
    std::string algorithm;
    std::string kind;
};

TestFault test_fault() {
    const char* value = std::getenv(test_fault_variable);
    if (value == nullptr) return {};
    const std::string text(value);
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) return {text, ""};
    return {text.substr(0, colon), text.substr(colon + 1)};
}

// Does what the test hook asks for, in the child: a real crash, a real hang, a real throw.
void commit_test_fault(const std::string& kind) {
    if (kind == "none") return;
    if (kind == "segv") {
        // Past any handler a sanitizer installed, so the child ends by the signal itself.
        std::signal(SIGSEGV, SIG_DFL);
        std::raise(SIGSEGV);
    } else if (kind == "hang") {
        for (;;)
            pause();
    } else if (kind == "throw") {
        throw std::runtime_error(std::string("the test fault of ") + test_fault_variable);
    }
    throw std::runtime_error(std::string(test_fault_variable) + ": unknown fault '" +
                             input_excerpt(kind) + "' (none, segv, hang or throw)");
}

// In the child: what run_single tells goes through the pipe as it comes, except the
// fingerprints, which go at the end with the record, so that the parent is not woken every
// frame of a timed run.
class ChildListener : public RunListener {
  public:
    ChildListener(ChildPipe& pipe, std::string fault) : pipe_(pipe), fault_(std::move(fault)) {}

    void progress(const std::string& line) override { send_text(RunMessageKind::progress, line); }
    void note(const std::string& text) override { send_text(RunMessageKind::note, text); }
    void built() override {
        RunMessage message;
        message.kind = RunMessageKind::built;
        pipe_.write(encode_run_message(message));
        if (!fault_.empty()) commit_test_fault(fault_);
    }
    void frame_fingerprint(int, const PairFingerprint& print) override {
        fingerprints_.push_back(print);
    }
    void frame_pairs(int frame, const std::vector<BoxPair>& sorted_pairs) override {
        RunMessage message;
        message.kind = RunMessageKind::pairs;
        message.frame = frame;
        message.pairs = sorted_pairs;
        pipe_.write(encode_run_message(message));
    }

    /// Sends the fingerprints, then `last` (the record or the error).
    void finish(const RunMessage& last) {
        RunMessage prints;
        prints.kind = RunMessageKind::fingerprints;
        prints.fingerprints = std::move(fingerprints_);
        pipe_.write(encode_run_message(prints));
        pipe_.write(encode_run_message(last));
    }

  private:
    void send_text(RunMessageKind kind, const std::string& text) {
        RunMessage message;
        message.kind = kind;
        message.text = text;
        pipe_.write(encode_run_message(message));
    }

    ChildPipe& pipe_;
    std::string fault_;
    std::vector<PairFingerprint> fingerprints_;
};

std::string seconds_text(double seconds) {
    std::ostringstream text;
    text << seconds;
    return text.str();
}

// A signal that ends a process on request (a user, a stop, the out-of-memory killer) rather
// than because it crashed.
bool is_request_signal(int signal_number) {
    return signal_number == SIGINT || signal_number == SIGTERM || signal_number == SIGHUP ||
           signal_number == SIGQUIT || signal_number == SIGKILL;
}

}  // namespace

double isolated_run_grace_seconds(double time_budget_seconds) {
    return time_budget_seconds + 1.0;
}

bool runs_isolated(const std::string& algorithm) {
    return is_peer(algorithm) || test_fault().algorithm == algorithm;
}

RunRecord run_isolated(BenchScene& scene, const std::string& algorithm,
                       const BenchmarkSettings& settings, RunBuffers& buffers,
                       RunListener& listener) {
    const TestFault fault = test_fault();
    const auto work = [&](ChildPipe& pipe) {
        ChildListener child(pipe, fault.algorithm == algorithm ? fault.kind : "");
        RunMessage last;
        try {
            last.record = run_single(scene, algorithm, settings, buffers, child);
            last.kind = RunMessageKind::record;
        } catch (const std::exception& error) {
            last.kind = RunMessageKind::error;
            last.text = error.what();
        }
        child.finish(last);
    };

    const double budget_s = settings.time_budget_seconds;
    const double limit_s = budget_s + isolated_run_grace_seconds(budget_s);
    const auto limit =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit_s));
    // The build and the frames after it each get the limit, from their own start.
    Clock::time_point phase_start = Clock::now();
    bool built = false;
    std::optional<RunRecord> record;
    std::optional<std::string> error;
    RunMessageReader reader;
    ChildWatch watch;
    watch.deadline = [&] {
        return budget_s > 0.0 ? phase_start + limit : Clock::time_point::max();
    };
    watch.received = [&](std::string_view bytes) {
        reader.append(bytes);
        while (std::optional<RunMessage> message = reader.next()) {
            switch (message->kind) {
                case RunMessageKind::progress:
                    listener.progress(message->text);
                    break;
                case RunMessageKind::note:
                    listener.note(message->text);
                    break;
                case RunMessageKind::built:
                    built = true;
                    phase_start = Clock::now();
                    listener.built();
                    break;
                case RunMessageKind::pairs:
                    listener.frame_pairs(message->frame, message->pairs);
                    break;
                case RunMessageKind::fingerprints:
                    for (std::size_t frame = 0; frame < message->fingerprints.size(); ++frame) {
                        listener.frame_fingerprint(static_cast<int>(frame),
                                                   message->fingerprints[frame]);
                    }
                    break;
                case RunMessageKind::record:
                    record = std::move(message->record);
                    break;
                case RunMessageKind::error:
                    error = std::move(message->text);
                    break;
            }
        }
    };
    const ChildEnd end = run_in_child(work, watch);
    if (record) return std::move(*record);
    if (error) throw std::runtime_error(*error);
    const std::string phase = built ? "a frame after its build" : "its build";
    switch (end.kind) {
        case ChildEnd::Kind::stopped:
            throw std::runtime_error(
                "stopped: ran past the time budget of " + seconds_text(budget_s) + " s (" +
                (built ? "its frames after the build" : "its build") + " still running after " +
                seconds_text(limit_s) + " s, the budget plus " +
                seconds_text(isolated_run_grace_seconds(budget_s)) + " s of grace)");
        case ChildEnd::Kind::signalled:
            throw std::runtime_error((is_request_signal(end.status)
                                          ? "ended by " + signal_name(end.status)
                                          : "crashed (" + signal_name(end.status) + ")") +
                                     " in " + phase);
        case ChildEnd::Kind::exited:
            break;
    }
    throw std::runtime_error("ended without a result (exit status " + std::to_string(end.status) +
                             ") in " + phase);
}

}  // namespace aabb::bench
