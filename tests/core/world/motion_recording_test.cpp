// Motion recordings: the reader streams frames with their index for seeking, and names the file
// and line of every bad row; the writer's file reads back to the same poses.

#include <doctest/doctest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/world/motion_recording.hpp"
#include "tests/support/temporary_path.hpp"

namespace aabb {

namespace {

std::filesystem::path write_text(const testing::TemporaryFolder& folder, const std::string& text) {
    const std::filesystem::path path = folder.path / "recording.csv";
    std::ofstream(path) << text;
    return path;
}

// The message of reading every frame of `text`.
std::string read_error(const std::string& text) {
    testing::TemporaryFolder folder("aabb_recording_error");
    const std::filesystem::path path = write_text(folder, text);
    try {
        MotionRecordingReader reader(path);
        std::vector<RecordedPose> poses;
        while (reader.next_frame(poses)) {
        }
    } catch (const std::invalid_argument& error) {
        const std::string message = error.what();
        // Every message names the file first.
        CHECK(message.find("recording.csv") != std::string::npos);
        return message.substr(message.find("recording.csv") + 13);
    }
    return "no error";
}

}  // namespace

TEST_CASE("frames stream in order, sorted by id, and an indexed frame can be read again") {
    testing::TemporaryFolder folder("aabb_recording_read");
    const auto path = write_text(folder,
                                 "# scene: shapes.json\n"
                                 "frame,id,x,y,angle\n"
                                 "0,1,2,0,0\n0,0,10,0,0\n"
                                 "1,1,12,0.5,0.25\n1,0,10,0,0\n"
                                 "2,0,10,0,0\n");
    MotionRecordingReader reader(path);
    CHECK(reader.scene() == "shapes.json");
    CHECK(reader.scene_path() == folder.path / "shapes.json");
    std::vector<RecordedPose> poses;
    REQUIRE(reader.next_frame(poses));
    CHECK(reader.frame() == 0);
    REQUIRE(poses.size() == 2);
    CHECK(poses[0].id == 0);
    CHECK(poses[1].position == glm::vec2(2.0f, 0.0f));
    REQUIRE(reader.next_frame(poses));
    CHECK(poses[1].position == glm::vec2(12.0f, 0.5f));
    CHECK(poses[1].angle == 0.25f);
    REQUIRE(reader.next_frame(poses));
    CHECK(reader.frame() == 2);
    CHECK(poses.size() == 1);  // body 1 is gone from frame 2 on
    CHECK_FALSE(reader.next_frame(poses));
    CHECK(reader.indexed_frames() == 3);
    reader.seek(1);
    REQUIRE(reader.next_frame(poses));
    CHECK(reader.frame() == 1);
    CHECK(poses[1].position == glm::vec2(12.0f, 0.5f));
    CHECK_THROWS_AS(reader.seek(3), std::invalid_argument);
}

TEST_CASE("bad recordings give one line naming the file and the line") {
    CHECK(read_error("") == ":1: the file is empty: expected 'frame,id,x,y,angle'");
    CHECK(read_error("frame,id,x,y\n") ==
          ":1: bad header 'frame,id,x,y': expected 'frame,id,x,y,angle' (a motion recording) "
          "or 'frame,id,min_x,min_y,max_x,max_y' (a box trace)");
    CHECK(read_error("# scene:\nframe,id,x,y,angle\n") == ":1: '# scene:' names no file");
    CHECK(read_error("frame,id,x,y,angle\n0,0,1,2\n") ==
          ":2: expected 5 fields (frame,id,x,y,angle), got 4: '0,0,1,2'");
    CHECK(read_error("frame,id,x,y,angle\n0,0,1,nan,0\n") ==
          ":2: field 'y' is not a finite float: 'nan'");
    CHECK(read_error("frame,id,x,y,angle\n0,-1,1,2,0\n") ==
          ":2: field 'id' is not a whole number in 0..4294967295: '-1'");
    CHECK(read_error("frame,id,x,y,angle\n0,0,1,2,0\n2,0,1,2,0\n") ==
          ":3: frame 2 out of order: expected 0 or 1");
    CHECK(read_error("frame,id,x,y,angle\n1,0,1,2,0\n") == ":2: frame 1 out of order: expected 0");
    CHECK(read_error("frame,id,x,y,angle\n0,3,1,2,0\n0,3,1,2,0\n") ==
          ": frame 0: id 3 appears twice");
    CHECK(read_error("frame,id,x,y,angle\n" + std::string(5000, '1') + "\n") ==
          ":2: line longer than 4096 characters: not a motion recording (a row is five "
          "numbers)");
}

TEST_CASE("the writer's recording reads back to the world's poses, bit for bit") {
    testing::TemporaryFolder folder("aabb_recording_write");
    World world;
    add_random_moving_boxes(world, 40, 3);
    world.add_body({.position = {1.0f / 3.0f, -2.5f},
                    .velocity = {7.0f, 1.0f},
                    .kind = BodyKind::shape,
                    .angular_velocity = 3.0f});
    const auto path = folder.path / "out.csv";
    std::vector<std::vector<Body>> frames;
    {
        MotionRecordingWriter writer(path, "scene.json");
        for (int frame = 0; frame < 3; ++frame) {
            if (frame > 0) world.step();
            writer.write_frame(frame, world);
            frames.emplace_back(world.bodies().begin(), world.bodies().end());
        }
        CHECK_FALSE(std::filesystem::exists(path));  // atomic: nothing before finish()
        writer.finish();
    }
    MotionRecordingReader reader(path);
    CHECK(reader.scene() == "scene.json");
    std::vector<RecordedPose> poses;
    for (const std::vector<Body>& bodies : frames) {
        REQUIRE(reader.next_frame(poses));
        REQUIRE(poses.size() == bodies.size());
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            CHECK(poses[i].position == bodies[i].position);
            CHECK(poses[i].angle == bodies[i].angle);
        }
    }
    CHECK_FALSE(reader.next_frame(poses));
}

}  // namespace aabb
