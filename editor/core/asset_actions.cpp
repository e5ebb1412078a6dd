#include "asset_actions.hpp"

#include <charconv>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include <mosaic/engine/assets/image.hpp>
#include <mosaic/engine/assets/image_import.hpp>
#include <mosaic/engine/assets/sheet_json.hpp>
#include <mosaic/engine/assets/sprite_sheet.hpp>
#include <mosaic/engine/components.hpp>

#include "command_table.hpp"
#include "editor_state.hpp"
#include "history.hpp"

namespace mosaic::editor {

namespace fs = std::filesystem;

std::optional<glm::ivec2> sprite_pixel_size(const fs::path& project, std::string_view asset,
                                            int frame, std::string* why, std::string* frame_name) {
    std::string reason;
    std::vector<std::uint8_t> bytes;
    const fs::path file = project / fs::path(std::string(asset));
    const auto fail = [&](std::string text) -> std::optional<glm::ivec2> {
        if (why) *why = std::move(text);
        return std::nullopt;
    };
    if (!asset.ends_with(".json")) {
        // The header only: a drop must not decode a 4096 x 4096 picture on the UI thread.
        if (!read_file_bytes(file, image_limits::max_file_bytes, bytes, reason))
            return fail("'" + std::string(asset) + "': " + reason);
        const asset_result<image_header> header = read_image_header(bytes, asset);
        if (!header) return fail(header.error);
        return glm::ivec2(header.value->width, header.value->height);
    }
    if (!read_file_bytes(file, sheet_limits::max_file_bytes, bytes, reason))
        return fail("'" + std::string(asset) + "': " + reason);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    const asset_result<sprite_sheet> sheet = read_any_sheet_json(text, asset);
    if (!sheet) return fail(sheet.error);
    if (frame < 0 || static_cast<std::size_t>(frame) >= sheet.value->frames.size())
        return fail("'" + std::string(asset) + "' has no frame " + std::to_string(frame));
    const sheet_frame& f = sheet.value->frames[static_cast<std::size_t>(frame)];
    if (frame_name) *frame_name = f.name;
    return glm::ivec2(f.w, f.h);
}

std::string sprite_entity_name(std::string_view asset, std::string_view frame_name) {
    std::string name = fs::path(std::string(asset)).filename().string();
    for (const std::string_view ext : {".sheet.json", ".json", ".png", ".jpg", ".jpeg"}) {
        if (name.size() > ext.size() && name.ends_with(ext)) {
            name.resize(name.size() - ext.size());
            break;
        }
    }
    if (!frame_name.empty()) name += " " + std::string(frame_name);
    return name.empty() ? std::string("Sprite") : name;
}

entity create_sprite_entity(editor_state& s, std::string_view asset, glm::vec2 at, int frame) {
    Sprite sprite;
    if (asset.empty() || asset.size() >= sizeof sprite.texture.path) {
        s.log().error("Create sprite: '" + std::string(asset) + "' is not a path Sprite.texture " +
                      "holds (1 to " + std::to_string(sizeof sprite.texture.path - 1) + " bytes)");
        return null_entity;
    }
    world& w = s.world();
    if (w.size() + 1 > w.entity_limit()) {
        s.log().error("Create sprite: the scene holds " + std::to_string(w.size()) +
                      " entities, at most " + std::to_string(w.entity_limit()) +
                      " at once; nothing was created");
        return null_entity;
    }
    std::memcpy(sprite.texture.path, asset.data(), asset.size());
    sprite.frame = frame;
    // Its size from its pixels; a file that does not read still makes the entity (the
    // placeholder shows, and the console says why).
    std::string why;
    std::string frame_name;
    if (const auto px = sprite_pixel_size(s.project_folder(), asset, frame, &why, &frame_name)) {
        // An image's import settings say how many of its pixels make a unit.
        float per_unit = default_pixels_per_unit;
        if (!asset.ends_with(".json"))
            per_unit = load_image_import(s.project_folder() / std::string(asset)).pixels_per_unit;
        sprite.size = glm::vec2(*px) / per_unit;
    } else {
        s.log().warning("Create sprite: " + why);
    }
    const std::string label = sprite_entity_name(asset, frame_name);

    const entity e = w.create();
    Name name;
    std::strncpy(name.value, label.c_str(), sizeof name.value - 1);
    w.add<Name>(e, name);
    Transform t;
    t.position = at;
    w.add<Transform>(e, t);
    w.add<Sprite>(e, sprite);
    s.scene().ensure_id(e);
    s.record(
        {"Create " + label, {entity_change{capture_entity(s.scene(), s.table(), e), true}}, 0});
    s.selection().select(e);
    return e;
}

namespace {

/// The whole text of `file`; empty when it does not exist (a file_change's "no file").
std::string text_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

/// Scales the size of every Sprite of the open scene showing `asset` by `factor`, adding the
/// changes to `st`. Returns how many sprites changed.
std::size_t scale_sprites_of(editor_state& s, std::string_view asset, float factor, step& st) {
    world& w = s.world();
    std::vector<entity> showing;
    w.view<const Sprite>(exclude<>, include_disabled).each([&](entity e, const Sprite& sprite) {
        if (std::string_view(sprite.texture.path) == asset) showing.push_back(e);
    });
    const type_id type = type_id_of<Sprite>();
    for (const entity e : showing) {
        component_change c{e, type, capture_component(w, e, type), {}};
        w.get<Sprite>(e).size *= factor;
        c.after = capture_component(w, e, type);
        st.changes.emplace_back(std::move(c));
    }
    return showing.size();
}

}  // namespace

bool set_image_import(editor_state& s, std::string_view asset, const image_import& settings) {
    const fs::path image = s.project_folder() / std::string(asset);
    const fs::path side_file = image_import_file(image);
    const image_import before = load_image_import(image);
    const std::string before_text = text_of(side_file);
    std::string error;
    if (!save_image_import(image, settings, &error)) {
        s.log().error("Import settings of '" + std::string(asset) + "': " + error);
        return false;
    }
    if (before.pixels_per_unit == settings.pixels_per_unit || settings.pixels_per_unit <= 0.0f)
        return true;
    // Pixels per unit sizes the sprites of the image, as in Unity: those already placed in the
    // open scene follow (one undo step that puts the side file back too).
    const std::string name = fs::path(std::string(asset)).filename().string();
    step st{"Pixels per unit of " + name, {}, 0};
    st.changes.emplace_back(file_change{side_file, before_text, text_of(side_file)});
    const std::size_t resized =
        scale_sprites_of(s, asset, before.pixels_per_unit / settings.pixels_per_unit, st);
    s.record(std::move(st));
    if (resized > 0)
        s.log().info("Pixels per unit of " + std::string(asset) + ": " + std::to_string(resized) +
                     " sprite" + (resized == 1 ? "" : "s") + " of the open scene resized");
    return true;
}

namespace {

std::optional<float> number(const std::string& word) {
    float v = 0;
    const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc{} || ptr != word.data() + word.size()) return std::nullopt;
    return v;
}

// The script's side of a drop on the Scene view (the panel calls create_sprite_entity).
MOSAIC_EDITOR_COMMAND(
    {.id = "asset.place_sprite",
     .verb = "place_sprite",
     .usage = "PATH X Y [FRAME]",
     .help = "Create a sprite entity showing an image or sheet frame",
     .run = [](command_context& c) -> std::string {
         if (std::string e = c.need(3); !e.empty()) return e;
         const auto x = number(c.args[1]);
         const auto y = number(c.args[2]);
         const auto f = c.args.size() > 3 ? number(c.args[3]) : 0.0f;
         if (!x || !y || !f) return "place_sprite: expected PATH X Y [FRAME] (numbers)";
         const entity e = create_sprite_entity(c.state, c.args[0], {*x, *y}, static_cast<int>(*f));
         return e.is_null() ? "place_sprite: nothing was created (see above)" : std::string();
     }});

// set_import PATH filter nearest|linear / pixels_per_unit N / pivot X Y: one setting of an
// image's side file, as the Import Settings window writes it.
MOSAIC_EDITOR_COMMAND(
    {.id = "asset.set_import",
     .verb = "set_import",
     .usage = "PATH filter nearest|linear | pixels_per_unit N | pivot X Y",
     .help = "Change an image's import settings (its NAME.png.import.json)",
     .run = [](command_context& c) -> std::string {
         if (std::string e = c.need(3); !e.empty()) return e;
         const fs::path image = c.state.project_folder() / c.args[0];
         std::string error;
         image_import settings = load_image_import(image, &error);
         const std::string& key = c.args[1];
         if (key == "filter" && (c.args[2] == "nearest" || c.args[2] == "linear")) {
             settings.sampling = c.args[2] == "linear" ? image_import::filter::linear
                                                       : image_import::filter::nearest;
         } else if (key == "pixels_per_unit" && number(c.args[2]) && *number(c.args[2]) > 0) {
             settings.pixels_per_unit = *number(c.args[2]);
         } else if (key == "pivot" && c.args.size() > 3 && number(c.args[2]) && number(c.args[3])) {
             settings.pivot = {*number(c.args[2]), *number(c.args[3])};
         } else {
             return "set_import: expected PATH filter nearest|linear, PATH pixels_per_unit N "
                    "(above 0) or PATH pivot X Y";
         }
         return set_image_import(c.state, c.args[0], settings)
                    ? std::string()
                    : "set_import: cannot write the settings (see above)";
     }});

}  // namespace

}  // namespace mosaic::editor
