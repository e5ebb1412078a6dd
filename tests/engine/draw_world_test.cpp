// draw_world: sprites become quads with the transform's scale, rotation and position, the
// sprite's tint and layer and the entity index as pick id; WorldTransform wins over
// Transform; entities without a Sprite (or switched off) are skipped; collider outlines
// only when asked; textures through the source, untextured when it has none.
#include <mosaic/engine/render/draw_world.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <mosaic/ecs/world.hpp>
#include <mosaic/engine/assets/font.hpp>
#include <mosaic/engine/components.hpp>
#include <span>
#include <string>
#include <vector>

namespace mosaic {
namespace {

constexpr color blue{0.0f, 0.0f, 1.0f, 1.0f};

Sprite sprite(const char* texture = "", std::int32_t layer = 0) {
    Sprite s{.tint = blue, .size = {2.0f, 0.5f}, .texture = {}, .layer = layer};
    std::strncpy(s.texture.path, texture, sizeof(s.texture.path) - 1);
    return s;
}

constexpr texture_handle placeholder_texture = 999;
constexpr texture_handle font_texture = 555;

// Hands out 100 + n for the n-th distinct path; "missing.png" fails like a missing file (the
// placeholder); "walk.sheet.json" is a sheet of three frames, the last with a pivot at its
// bottom middle. "fonts/dejavu.ttf" is DejaVu Sans, other fonts are missing.
class fake_textures final : public texture_source {
public:
    std::span<const texture_region> find_frames(std::string_view path) override {
        ++lookups;
        if (path == "missing.png") return {&placeholder, 1};
        if (path == "walk.sheet.json") return sheet;
        auto [it, added] = handles.try_emplace(std::string(path), 0);
        if (added) it->second = static_cast<texture_handle>(100 + handles.size());
        regions[std::string(path)] = {.texture = it->second};
        return {&regions[std::string(path)], 1};
    }
    texture_region missing_frame() override { return placeholder; }
    font_view find_font(std::string_view path) override {
        ++font_lookups;
        if (path != "fonts/dejavu.ttf") return {nullptr, placeholder_texture};
        static const asset_result<font_atlas> font = load_font_file(default_font_file, "DejaVu");
        return {font ? &*font.value : nullptr, font_texture};
    }
    std::map<std::string, texture_handle> handles;
    std::map<std::string, texture_region> regions;
    texture_region placeholder{.texture = placeholder_texture};
    std::vector<texture_region> sheet = {
        {.texture = 7, .uv = {0, 0, 100, 100}},
        {.texture = 7, .uv = {100, 0, 200, 100}},
        {.texture = 7, .uv = {200, 0, 300, 100}, .pivot = {0.5f, 1.0f}}};
    int lookups = 0;
    int font_lookups = 0;
};

const draw_instance* find_pick(const draw_list& list, entity e) {
    for (const draw_instance& i : list.instances()) {
        if (i.pick_id == static_cast<std::int32_t>(e.index)) return &i;
    }
    return nullptr;
}

TEST(DrawWorld, ASpriteBecomesAQuadOfItsTransform) {
    world w;
    const entity e = w.create();
    w.add<Transform>(
        e, Transform{.position = {3.0f, -1.0f}, .rotation = 30.0f, .scale = {2.0f, -3.0f}});
    w.add<Sprite>(e, sprite("", 4));
    draw_list list;
    const draw_world_stats stats = draw_world(w, list);
    EXPECT_EQ(stats.sprites, 1u);
    ASSERT_EQ(list.instances().size(), 1u);
    const draw_instance& q = list.instances()[0];
    EXPECT_EQ(q.center, glm::vec2(3.0f, -1.0f));
    EXPECT_EQ(q.size, glm::vec2(4.0f, -1.5f));  // size * scale; negative scale mirrors
    EXPECT_EQ(q.rotation, 30.0f);
    EXPECT_EQ(q.rgba, pack_color(blue));
    EXPECT_EQ(q.layer, 4);
    EXPECT_EQ(q.pick_id, static_cast<std::int32_t>(e.index));
    EXPECT_EQ(q.shape, instance_shape::quad);
    EXPECT_EQ(q.texture, no_texture);
}

TEST(DrawWorld, SkipsEntitiesWithoutASpriteOrAPlacementOrSwitchedOff) {
    world w;
    const entity no_sprite = w.create();
    w.add<Transform>(no_sprite);
    const entity no_transform = w.create();
    w.add<Sprite>(no_transform, sprite());
    const entity inactive_one = w.create();
    w.add<Transform>(inactive_one);
    w.add<Sprite>(inactive_one, sprite());
    w.set_active(inactive_one, false);
    const entity disabled_sprite = w.create();
    w.add<Transform>(disabled_sprite);
    w.add<Sprite>(disabled_sprite, sprite());
    w.disable<Sprite>(disabled_sprite);
    const entity drawn = w.create();
    w.add<Transform>(drawn);
    w.add<Sprite>(drawn, sprite());

    draw_list list;
    EXPECT_EQ(draw_world(w, list).sprites, 1u);
    ASSERT_EQ(list.instances().size(), 1u);
    EXPECT_EQ(list.instances()[0].pick_id, static_cast<std::int32_t>(drawn.index));
}

TEST(DrawWorld, WorldTransformWinsOverTransform) {
    world w;
    const entity child = w.create();
    w.add<Transform>(child, Transform{.position = {1.0f, 1.0f}});
    w.add<WorldTransform>(
        child,
        WorldTransform{.position = {10.0f, 20.0f}, .rotation = 90.0f, .scale = {3.0f, 3.0f}});
    w.add<Sprite>(child, sprite());
    const entity loose = w.create();  // edit mode: no WorldTransform yet
    w.add<Sprite>(loose, sprite());
    w.add<Transform>(loose, Transform{.position = {-4.0f, 0.0f}});

    draw_list list;
    draw_world(w, list);
    ASSERT_EQ(list.instances().size(), 2u);
    const draw_instance* c = find_pick(list, child);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->center, glm::vec2(10.0f, 20.0f));
    EXPECT_EQ(c->rotation, 90.0f);
    EXPECT_EQ(c->size, glm::vec2(6.0f, 1.5f));
    const draw_instance* l = find_pick(list, loose);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->center, glm::vec2(-4.0f, 0.0f));
}

TEST(DrawWorld, AppendsToTheListAndReadsEverySpriteOfALargeScene) {
    world w;
    for (int i = 0; i < 5000; ++i) {
        const entity e = w.create();
        w.add<Transform>(e, Transform{.position = {static_cast<float>(i), 0.0f}});
        w.add<Sprite>(e, sprite("", i % 3));
        if (i % 10 == 0) w.remove<Transform>(e);  // unaligned pools take the sparse path
        if (i % 10 == 0) w.add<Transform>(e, Transform{.position = {static_cast<float>(i), 0.0f}});
    }
    draw_list list;
    list.add_line({0.0f, 0.0f}, {1.0f, 1.0f}, blue);
    list.add_quad({});
    EXPECT_EQ(draw_world(w, list).sprites, 5000u);
    ASSERT_EQ(list.instances().size(), 5001u);
    EXPECT_EQ(list.lines().size(), 1u);
    for (const draw_instance& i : list.instances().subspan(1)) {
        EXPECT_EQ(i.center.x, static_cast<float>(i.pick_id));  // index i was created i-th
        EXPECT_EQ(i.layer, i.pick_id % 3);
    }
}

TEST(DrawWorld, TexturesComeFromTheSourceAndFailuresDrawUntextured) {
    world w;
    const entity tank = w.create();
    w.add<Transform>(tank);
    w.add<Sprite>(tank, sprite("tank.png"));
    const entity tank2 = w.create();
    w.add<Transform>(tank2);
    w.add<Sprite>(tank2, sprite("tank.png"));
    const entity broken = w.create();
    w.add<Transform>(broken);
    w.add<Sprite>(broken, sprite("missing.png"));
    const entity plain = w.create();
    w.add<Transform>(plain);
    w.add<Sprite>(plain, sprite(""));

    fake_textures textures;
    draw_list list;
    draw_world(w, list, {.textures = &textures});
    ASSERT_EQ(list.instances().size(), 4u);
    const texture_handle tank_texture = textures.handles.at("tank.png");
    EXPECT_EQ(find_pick(list, tank)->texture, tank_texture);
    EXPECT_EQ(find_pick(list, tank2)->texture, tank_texture);
    EXPECT_EQ(find_pick(list, broken)->texture, placeholder_texture);  // visible, not the tint
    EXPECT_EQ(find_pick(list, plain)->texture, no_texture);
    EXPECT_LE(textures.lookups, 3);  // an empty path is never looked up

    list.clear();
    draw_world(w, list);  // no source at all: everything untextured, nothing crashes
    for (const draw_instance& i : list.instances()) EXPECT_EQ(i.texture, no_texture);
}

TEST(DrawWorld, ASpriteShowsItsFrameOfASheetAtThePivot) {
    world w;
    const entity walker = w.create();
    w.add<Transform>(walker, Transform{.position = {1.0f, 2.0f}});
    Sprite s = sprite("walk.sheet.json");
    s.frame = 1;
    w.add<Sprite>(walker, s);
    const entity past_end = w.create();
    w.add<Transform>(past_end);
    s.frame = 3;
    w.add<Sprite>(past_end, s);

    fake_textures textures;
    draw_list list;
    draw_world(w, list, {.textures = &textures});
    EXPECT_EQ(find_pick(list, walker)->texture, 7u);
    EXPECT_EQ(find_pick(list, walker)->uv, (uv_rect{100, 0, 200, 100}));
    EXPECT_EQ(find_pick(list, walker)->center, glm::vec2(1.0f, 2.0f));  // centre pivot
    EXPECT_EQ(find_pick(list, past_end)->texture, placeholder_texture);

    // Animation changes the frame: the next draw shows it, the pivot (bottom middle) on the
    // position, so the 2 x 0.5 quad's centre is a quarter unit above it.
    w.get<Sprite>(walker).frame = 2;
    list.clear();
    draw_world(w, list, {.textures = &textures});
    EXPECT_EQ(find_pick(list, walker)->uv, (uv_rect{200, 0, 300, 100}));
    EXPECT_EQ(find_pick(list, walker)->center, glm::vec2(1.0f, 2.25f));
    EXPECT_EQ(textures.lookups, 2);  // one per path run, not one per sprite
}

TEST(DrawWorld, TextBecomesOneQuadPerGlyphFromTheFontAtlas) {
    world w;
    const entity label = w.create();
    w.add<Transform>(label, Transform{.position = {5.0f, 0.0f}, .scale = {2.0f, 2.0f}});
    Text text{.size = 0.5f, .fill = blue, .align = TextAlign::left, .layer = 9};
    std::strncpy(text.text, "Hi A", sizeof(text.text) - 1);
    std::strncpy(text.font.path, "fonts/dejavu.ttf", sizeof(text.font.path) - 1);
    w.add<Text>(label, text);

    fake_textures textures;
    draw_list list;
    EXPECT_EQ(draw_world(w, list, {.textures = &textures}).texts, 1u);
    ASSERT_EQ(list.instances().size(), 3u);  // H, i, A: the space has no quad
    for (const draw_instance& g : list.instances()) {
        EXPECT_EQ(g.texture, font_texture);
        EXPECT_EQ(g.layer, 9);
        EXPECT_EQ(g.rgba, pack_color(blue));
        EXPECT_EQ(g.pick_id, static_cast<std::int32_t>(label.index));
        EXPECT_GT(g.center.x, 5.0f);  // left-aligned: everything right of the position
        EXPECT_LT(g.size.y, 1.0f);    // letters under an em (size 0.5 * scale 2)
        EXPECT_GT(g.size.y, 0.5f);
        EXPECT_NE(g.uv, uv_rect{});
    }
    EXPECT_LT(list.instances()[0].center.x, list.instances()[1].center.x);

    // A font that does not load: one placeholder box, still picked as the entity.
    std::strncpy(w.get<Text>(label).font.path, "fonts/none.ttf", sizeof(text.font.path) - 1);
    list.clear();
    draw_world(w, list, {.textures = &textures});
    ASSERT_EQ(list.instances().size(), 1u);
    EXPECT_EQ(list.instances()[0].texture, placeholder_texture);
    // Without a source, no text (and no crash).
    list.clear();
    EXPECT_EQ(draw_world(w, list).texts, 0u);
}

TEST(DrawWorld, ColliderOutlinesOnlyWhenAsked) {
    world w;
    const entity ball = w.create();
    w.add<Transform>(ball, Transform{.position = {1.0f, 2.0f}, .scale = {2.0f, -3.0f}});
    w.add<Collider>(ball, Collider{.shape = ColliderShape::circle, .size = {0.5f, 0.0f}});
    const entity crate = w.create();
    w.add<Transform>(
        crate, Transform{.position = {-1.0f, 0.0f}, .rotation = 45.0f, .scale = {2.0f, 1.0f}});
    w.add<Collider>(crate, Collider{.shape = ColliderShape::box, .size = {0.5f, 1.5f}});
    w.add<Sprite>(crate, sprite());

    draw_list list;
    EXPECT_EQ(draw_world(w, list).colliders, 0u);
    EXPECT_EQ(list.instances().size(), 1u);  // the crate's sprite only

    list.clear();
    const draw_world_stats stats = draw_world(w, list,
                                              {.sprites = false,
                                               .collider_outlines = true,
                                               .collider_color = blue,
                                               .collider_outline_pixels = 2.0f,
                                               .collider_layer = 77});
    EXPECT_EQ(stats.sprites, 0u);
    EXPECT_EQ(stats.colliders, 2u);
    ASSERT_EQ(list.instances().size(), 2u);
    const draw_instance* circle = find_pick(list, ball);
    ASSERT_NE(circle, nullptr);
    EXPECT_EQ(circle->shape, instance_shape::circle_outline);
    EXPECT_EQ(circle->center, glm::vec2(1.0f, 2.0f));
    EXPECT_EQ(circle->size, glm::vec2(3.0f, 3.0f));  // radius 0.5 * max(|2|, |-3|), doubled
    EXPECT_EQ(circle->layer, 77);
    EXPECT_EQ(circle->rgba, pack_color(blue));
    EXPECT_EQ(circle->outline_pixels, 2.0f);
    const draw_instance* box = find_pick(list, crate);
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->shape, instance_shape::rect_outline);
    EXPECT_EQ(box->size, glm::vec2(2.0f, 3.0f));  // half extents * scale, doubled
    EXPECT_EQ(box->rotation, 45.0f);
}

}  // namespace
}  // namespace mosaic
