// draw_data_memo (editor/ui/app/draw_data_memo.hpp): an unchanged UI is recognised, any
// change is not.
#include <gtest/gtest.h>

#include "headless_imgui.hpp"
#include "ui/app/draw_data_memo.hpp"

namespace mosaic::testing {
namespace {

TEST(DrawDataMemoTest, TheSameFrameTwiceIsUnchangedAndAnEditIsNot) {
    headless_imgui imgui;
    const char* label = "one";
    imgui.contents = [&] {
        ImGui::Begin("window");
        ImGui::TextUnformatted(label);
        ImGui::End();
    };
    editor::draw_data_memo memo;
    imgui.frames(5);  // layout settled (a new window sizes itself over a few frames)
    EXPECT_FALSE(memo.unchanged(*ImGui::GetDrawData())) << "nothing remembered yet";
    imgui.frame();
    EXPECT_TRUE(memo.unchanged(*ImGui::GetDrawData()));
    label = "two";
    imgui.frame();
    EXPECT_FALSE(memo.unchanged(*ImGui::GetDrawData()));
    imgui.frame();
    EXPECT_TRUE(memo.unchanged(*ImGui::GetDrawData()));
    memo.forget();
    imgui.frame();
    EXPECT_FALSE(memo.unchanged(*ImGui::GetDrawData()));
}

}  // namespace
}  // namespace mosaic::testing
