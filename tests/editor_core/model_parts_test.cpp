// model_parts: what a panel (or a command in a panel's file) reaches of the editor's model — the
// model's own parts, looked up when asked, so a document opened after the parts were handed
// out is what they show.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <mosaic/engine/components.hpp>

#include "core/actions.hpp"
#include "core/command_table.hpp"
#include "core/console_log.hpp"
#include "core/document.hpp"
#include "core/editor_state.hpp"
#include "core/entity_names.hpp"
#include "core/model_parts.hpp"
#include "prefab_test_support.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

struct ModelParts : mosaic::testing::PrefabProject {
    ModelParts() : PrefabProject("model_parts") { (void)make_tank_prefab(false); }
};

TEST_F(ModelParts, AreTheModelsOwnParts) {
    const model_parts parts(s);
    EXPECT_EQ(&parts.world(), &s.world());
    EXPECT_EQ(&parts.table(), &s.table());
    EXPECT_EQ(&parts.doc(), &s.active_document());
    EXPECT_EQ(&parts.selection(), &s.selection());
    EXPECT_EQ(&parts.history(), &s.history());
    EXPECT_EQ(&parts.player(), &s.player());
    EXPECT_EQ(&parts.timeline(), &s.timeline());
    EXPECT_EQ(&parts.log(), &s.log());
    EXPECT_EQ(&parts.alerts(), &s.alerts());
    EXPECT_EQ(&parts.clipboard(), &s.clipboard());
    EXPECT_EQ(parts.project_folder(), s.project_folder());
    EXPECT_EQ(parts.scene_path(), s.scene_path());
    EXPECT_FALSE(parts.playing());
}

// A panel keeps its context for a whole frame: a prefab opened by a click in the middle of it
// (the Project panel's Open) is what the rest of the frame sees, and Close gives the scene back.
TEST_F(ModelParts, FollowAPrefabOpenedAfterTheyWereMade) {
    const model_parts parts(s);
    const entity scene_hull = s.selection().active();
    ASSERT_FALSE(scene_hull.is_null());
    ASSERT_TRUE(s.open_prefab(file));
    EXPECT_EQ(parts.doc().what(), document::kind::prefab);
    ASSERT_NE(parts.opened_asset(), nullptr);
    EXPECT_EQ(parts.opened_prefab_name(), "Tank");
    EXPECT_EQ(&parts.selection(), &s.active_document().selection());
    EXPECT_EQ(name_of(parts.world(), parts.selection().active()), "Tank")
        << "the prefab's root, in the prefab's world";
    s.close_asset();
    EXPECT_EQ(parts.doc().what(), document::kind::scene);
    EXPECT_EQ(parts.opened_asset(), nullptr);
    EXPECT_EQ(parts.selection().active(), scene_hull) << "the scene's selection, as it was";
}

// A command registered in a panel's file reaches the same parts through its context.
TEST_F(ModelParts, OfACommandAreItsModels) {
    command_context c{s};
    const model_parts parts(c);
    parts.log().info("from a command");
    ASSERT_FALSE(s.log().lines().empty());
    EXPECT_EQ(s.log().lines().back().text, "from a command");
    EXPECT_EQ(&parts.world(), &s.world());
}

}  // namespace
