// display_path: file names that would cut or garble a message (a newline, bytes that are not
// UTF-8, terminal escapes) are shown escaped, wherever a scene's path becomes text.
#include <mosaic/engine/display_path.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <mosaic/engine/scene/scene_file.hpp>

namespace mosaic {
namespace {

namespace fs = std::filesystem;

/// No byte a terminal or ImGui would act on, and valid UTF-8 (display_path's own output).
bool printable(const std::string& text) {
    return display_path(text) == text;
}

TEST(DisplayPath, EscapesControlCharactersAndBytesThatAreNotUtf8) {
    EXPECT_EQ(display_path("level\n2.scene.json"), "level\\n2.scene.json");
    EXPECT_EQ(display_path("a\tb\rc\x1b[31m"), "a\\tb\\rc\\x1b[31m");
    EXPECT_EQ(display_path(std::string("nul\0x", 5)), "nul\\x00x");
    EXPECT_EQ(display_path("caf\xe9.scene.json"), "caf\\xe9.scene.json") << "Latin-1, not UTF-8";
    EXPECT_EQ(display_path("\xff\xfe"), "\\xff\\xfe");
    EXPECT_EQ(display_path("\xc0\xaf"), "\\xc0\\xaf") << "an overlong '/'";
    EXPECT_EQ(display_path("\xed\xa0\x80"), "\\xed\\xa0\\x80") << "a surrogate";
    EXPECT_EQ(display_path("\xe2\x82"), "\\xe2\\x82") << "cut short";
    EXPECT_EQ(display_path("del\x7f"), "del\\x7f");
}

TEST(DisplayPath, KeepsUtf8AndOrdinaryNames) {
    EXPECT_EQ(display_path("caf\xc3\xa9 \xe5\x9c\xb0\xe5\x9b\xb3 \xf0\x9f\x8e\xae.scene.json"),
              "caf\xc3\xa9 \xe5\x9c\xb0\xe5\x9b\xb3 \xf0\x9f\x8e\xae.scene.json");
    EXPECT_EQ(display_path(fs::path("/home/me/My Game/level 1.scene.bin")),
              "/home/me/My Game/level 1.scene.bin");
    EXPECT_EQ(display_path(""), "");
}

class FileNameTest : public ::testing::Test {
protected:
    FileNameTest()
        : folder_(fs::temp_directory_path() / ("mosaic-file-names-" + std::to_string(::getpid()))) {
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    ~FileNameTest() override { fs::remove_all(folder_); }
    fs::path folder_;
};

TEST_F(FileNameTest, LoadErrorsShowTheNameEscapedOnOneLine) {
    // Today's bug: the message was cut at the newline of the file name.
    component_table table;
    for (const std::string name : {"bad\nname.scene.json", "bad\xff\xfename.scene.json"}) {
        const fs::path file = folder_ / name;
        std::ofstream(file) << "{ not json";
        const load_result<scene> loaded = load_scene_file(file, table);
        ASSERT_FALSE(loaded.ok());
        ASSERT_FALSE(loaded.diagnostics.empty());
        const std::string text = loaded.diagnostics.front().to_string();
        EXPECT_TRUE(printable(text)) << text;
        EXPECT_NE(text.find(display_path(file)), std::string::npos) << text;
        EXPECT_NE(text.find("error"), std::string::npos) << text;
    }
}

TEST_F(FileNameTest, SaveErrorsShowTheNameEscaped) {
    component_table table;
    scene s;
    const fs::path file = folder_ / "no\nsuch folder" / "x.scene.json";
    const std::vector<diagnostic> errors = save_scene_file(s, table, file);
    ASSERT_FALSE(errors.empty());
    for (const diagnostic& d : errors) EXPECT_TRUE(printable(d.to_string())) << d.to_string();
}

}  // namespace
}  // namespace mosaic
