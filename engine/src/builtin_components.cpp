#include "mosaic/engine/builtin_components.hpp"

#include "mosaic/engine/animation/animator.hpp"
#include "mosaic/engine/components.hpp"
#include "mosaic/engine/input.hpp"
#include "mosaic/engine/resources.hpp"
#include "mosaic/engine/tilemap/tilemap.hpp"
#include "mosaic/engine/tilemap/tileset.hpp"

namespace mosaic {

void register_builtin_components(component_table& table) {
    // Name and Parent are stored as the entity's "name" and "parent" in scene files; they
    // are still ordinary components, so the inspector and undo treat them like any other.
    table.component<Name>("Name").field("value", &Name::value).hidden();
    table.component<Parent>("Parent").field("entity", &Parent::entity).hidden();

    table.component<Transform>("Transform")
        .field("position", &Transform::position, {.speed = 0.05f})
        .field("rotation", &Transform::rotation, {.min = -360, .max = 360, .speed = 0.5f})
        .field("scale", &Transform::scale, {.speed = 0.01f});
    table.component<WorldTransform>("WorldTransform")
        .field("position", &WorldTransform::position, {.read_only = true})
        .field("rotation", &WorldTransform::rotation, {.read_only = true})
        .field("scale", &WorldTransform::scale, {.read_only = true})
        .not_saved();
    table.component<RigidBody>("RigidBody")
        .field("velocity", &RigidBody::velocity, {.speed = 0.05f})
        .field("acceleration", &RigidBody::acceleration, {.speed = 0.05f})
        .field("damping", &RigidBody::damping, {.min = 0, .max = 100, .speed = 0.01f})
        .field("gravity_scale", &RigidBody::gravity_scale, {.speed = 0.01f});
    table.component<Sprite>("Sprite")
        .field("tint", &Sprite::tint)
        .field("size", &Sprite::size, {.speed = 0.01f})
        .field("texture", &Sprite::texture)
        .field("layer", &Sprite::layer, {.min = -100, .max = 100})
        .field("frame", &Sprite::frame,
               {.min = 0, .max = 65535, .tooltip = "Frame of a sprite sheet (its index)"});
    table.component<Text>("Text")
        .field("text", &Text::text, {.multiline = true})
        .field("font", &Text::font, {.tooltip = "A .ttf file; empty: DejaVu Sans"})
        .field("size", &Text::size, {.min = 0, .max = 1000, .speed = 0.01f})
        .field("color", &Text::fill)
        .field(
            "align", &Text::align,
            {{"left", TextAlign::left}, {"center", TextAlign::center}, {"right", TextAlign::right}})
        .field("layer", &Text::layer, {.min = -100, .max = 100});
    table.component<Camera>("Camera")
        .field("zoom", &Camera::zoom, {.min = 0.01, .max = 100, .speed = 0.01f})
        .field("primary", &Camera::primary);
    table.component<Collider>("Collider")
        .field("shape", &Collider::shape,
               {{"circle", ColliderShape::circle}, {"box", ColliderShape::box}})
        .field("size", &Collider::size, {.speed = 0.01f})
        .field("layer", &Collider::layer, {.tooltip = "Bits this collider is on"})
        .field("mask", &Collider::mask, {.tooltip = "Bits this collider collides with"});
    table.component<Lifetime>("Lifetime")
        .field("seconds", &Lifetime::seconds, {.min = 0, .max = 3600, .speed = 0.01f});
    table.component<Health>("Health")
        .field("current", &Health::current, {.speed = 0.5f})
        .field("max", &Health::max, {.min = 0, .max = 1e6, .speed = 0.5f});
    table.component<Team>("Team").field("id", &Team::id, {.min = 0, .max = 64});
    table.component<Damage>("Damage")
        .field("amount", &Damage::amount, {.min = 0, .max = 1e6, .speed = 0.5f})
        .field("destroy_on_hit", &Damage::destroy_on_hit);

    // Resources: one per world, run-time state that scene files do not keep.
    table.component<Physics>("Physics")
        .field("gravity", &Physics::gravity, {.speed = 0.05f})
        .not_saved()
        .resource();
    table.component<Random>("Random").hidden().not_saved().resource();
    table.component<Input>("Input")
        .field("mouse_position", &Input::mouse_position, {.read_only = true})
        .hidden()
        .not_saved()
        .resource();
    table.component<Animator>("Animator")
        .field("clip", &Animator::clip, {.tooltip = "A .clip.json file"})
        .field("time", &Animator::time, {.min = 0, .max = 86400, .speed = 0.01f})
        .field("speed", &Animator::speed, {.min = -100, .max = 100, .speed = 0.01f})
        .field("playing", &Animator::playing);
    table.component<Tilemap>("Tilemap")
        .field("tileset", &Tilemap::tileset, {.tooltip = "A .tileset.json file"})
        .field("tile_size", &Tilemap::tile_size, {.speed = 0.01f})
        .field("width", &Tilemap::width, {.min = 1, .max = max_tilemap_side})
        .field("height", &Tilemap::height, {.min = 1, .max = max_tilemap_side})
        .field("layer", &Tilemap::layer, {.min = -100, .max = 100})
        .field("collider_layer", &Tilemap::collider_layer, {.tooltip = "Bits solid tiles are on"})
        .field("collider_mask", &Tilemap::collider_mask,
               {.tooltip = "Bits solid tiles collide with"});
    // A chunk of tiles: an entity under its Tilemap (tilemap.hpp). Hidden: painted, not typed.
    table.component<TileChunk>("TileChunk")
        .field("x", &TileChunk::x)
        .field("y", &TileChunk::y)
        .field("layer", &TileChunk::layer, {.min = 0, .max = max_tile_layers - 1})
        .field("tiles", &TileChunk::tiles)
        .hidden();
    table.runtime_only<Tilesets>("Tilesets");
    table.runtime_only<AnimationClips>("AnimationClips");
    table.runtime_only<AnimationEvents>("AnimationEvents");
    table.runtime_only<Contacts>("Contacts");
    table.runtime_only<GameLog>("GameLog");
    table.runtime_only<Archetypes>("Archetypes");
    table.runtime_only<Prefabs>("Prefabs");
    // Which prefab (and which of its entities) an entity was made from: the link prefab
    // instances keep (issue 15 §2 stores overrides against it). Shown, never edited by hand.
    table.component<PrefabInstance>("PrefabInstance")
        .field("prefab", &PrefabInstance::prefab, {.read_only = true})
        .field("node", &PrefabInstance::node, {.read_only = true});
}

}  // namespace mosaic
