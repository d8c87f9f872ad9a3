#pragma once
// What a run in a child process tells the aabb-bench process that started it, as bytes through
// a pipe (app/bench/child_run.hpp): progress lines and notes as they come, the end of its
// build (from then on the time budget counts its frames), every frame's sorted pairs for
// --dump-pairs, and at the end the fingerprints --check compares and then either its record
// (the result row) or its error. Both ends are the same binary, so numbers go as their bytes.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/bench/bench_result.hpp"
#include "app/bench/pair_fingerprint.hpp"
#include "core/broadphase/broad_phase.hpp"

namespace aabb::bench {

/// What one run produced: its row (frames == 0 when nothing was measured) and, beside the
/// headline engine, the copy floor of every frame.
struct RunRecord {
    /// The result row.
    BenchResult result;
    /// copy_floor's milliseconds per frame; empty unless the run measured the floor.
    std::vector<double> floor_ms;
};

/// Which kind of message; the numbers are the wire's.
enum class RunMessageKind : std::uint8_t {
    /// A progress line (text).
    progress = 1,
    /// A note for the report (text).
    note = 2,
    /// Frame 0, the build, is done.
    built = 3,
    /// One frame's pairs, sorted (frame, pairs), for --dump-pairs.
    pairs = 4,
    /// The fingerprint of every frame run, frame 0 first (fingerprints), for --check.
    fingerprints = 5,
    /// The run finished (record).
    record = 6,
    /// The run failed (text: the error's message).
    error = 7,
};

/// One message; only the fields of its kind are used.
struct RunMessage {
    /// Which kind.
    RunMessageKind kind = RunMessageKind::progress;
    /// progress, note, error.
    std::string text;
    /// pairs: the frame.
    int frame = 0;
    /// pairs: the frame's pairs.
    std::vector<BoxPair> pairs;
    /// fingerprints.
    std::vector<PairFingerprint> fingerprints;
    /// record.
    RunRecord record;
};

/// The bytes of `message`: its size, its kind, then its fields.
[[nodiscard]] std::string encode_run_message(const RunMessage& message);

/// Reads messages back out of the bytes a child wrote, as they arrive in pieces of any size.
class RunMessageReader {
  public:
    /// Adds the next bytes read from the pipe.
    void append(std::string_view bytes);
    /// The next whole message, or nothing until more bytes arrive. Throws std::runtime_error
    /// when a whole message does not decode (an unknown kind, fields running past its end).
    [[nodiscard]] std::optional<RunMessage> next();
    /// True when no part of a message is waiting (at the pipe's end: the child finished its
    /// last write).
    [[nodiscard]] bool empty() const { return buffer_.size() == read_; }

  private:
    std::string buffer_;
    std::size_t read_ = 0;
};

}  // namespace aabb::bench
