// document (core/document.hpp): a file, its undo history, its selection and its saved state
// in one object; prefab mode is a second document on top of the scene's.
#include <gtest/gtest.h>

#include <mosaic/engine/components.hpp>

#include "core/actions.hpp"
#include "core/document.hpp"
#include "core/editor_state.hpp"
#include "prefab_test_support.hpp"

namespace {

using namespace mosaic;
using namespace mosaic::editor;

TEST(Document, AFreshOneIsUntitledAndSaved) {
    const document d;
    EXPECT_EQ(d.what(), document::kind::scene);
    EXPECT_EQ(d.name(), "Untitled");
    EXPECT_FALSE(d.dirty());
    EXPECT_FALSE(d.parked.has_value());
    const document prefab(document::kind::prefab, "prefabs/Tank.prefab.json");
    EXPECT_EQ(prefab.name(), "Tank.prefab.json");
}

TEST(Document, EditsAreRecordedInTheActiveDocumentAndUndoneThere) {
    editor_state s;
    document& scene = s.active_document();
    const entity e = create_entity(s, "Box");
    EXPECT_TRUE(scene.dirty());
    EXPECT_EQ(scene.history().undo_steps(), 1u);
    scene.selection().select(e);
    ASSERT_TRUE(s.undo());
    EXPECT_FALSE(scene.dirty()) << "back where it was saved";
    EXPECT_TRUE(scene.selection().empty()) << "the undone entity leaves the selection";
    ASSERT_TRUE(s.redo());
    scene.mark_saved();
    EXPECT_FALSE(s.dirty());
}

TEST(Document, StepGroupsAreTheDocuments) {
    editor_state s;
    {
        const step_group group(s);
        create_entity(s, "A");
        create_entity(s, "B");
        EXPECT_EQ(s.active_document().history().undo_steps(), 0u) << "gathered until the end";
    }
    EXPECT_EQ(s.active_document().history().undo_steps(), 1u);
}

struct DocumentStack : mosaic::testing::PrefabProject {
    DocumentStack() : PrefabProject("document_stack") { make_tank_prefab(true); }
};

TEST_F(DocumentStack, APrefabOpensOnTopAndTheSceneWaitsParked) {
    document& scene = s.active_document();
    const std::filesystem::path scene_file = s.scene_path();
    ASSERT_TRUE(s.open_prefab(file));
    EXPECT_NE(&s.active_document(), &scene) << "a second document";
    EXPECT_EQ(s.active_document().what(), document::kind::prefab);
    EXPECT_EQ(s.active_document().file(), file);
    EXPECT_TRUE(scene.parked.has_value()) << "the scene waits in its document";
    EXPECT_EQ(s.scene_path(), scene_file) << "the scene's file is still the scene's";
    s.close_asset();
    EXPECT_EQ(&s.active_document(), &scene);
    EXPECT_FALSE(scene.parked.has_value()) << "the game holds it again";
}

}  // namespace
