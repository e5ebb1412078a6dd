#include "ui/asset_drop.hpp"

#include <imgui.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/asset_actions.hpp"
#include "ui/panel.hpp"
#include "ui/ui_state.hpp"

namespace mosaic::editor {

void set_asset_payload(const dragged_asset& asset) {
    std::vector<char> bytes(sizeof(std::int32_t) + 1 + asset.path.size());
    const auto frame = static_cast<std::int32_t>(asset.frame);
    std::memcpy(bytes.data(), &frame, sizeof frame);
    bytes[sizeof frame] = static_cast<char>(asset.kind);
    std::memcpy(bytes.data() + sizeof frame + 1, asset.path.data(), asset.path.size());
    ImGui::SetDragDropPayload(asset_payload, bytes.data(), bytes.size());
}

std::optional<dragged_asset> accept_asset_payload(asset_kinds kinds) {
    const ImGuiPayload* peek = ImGui::GetDragDropPayload();
    if (peek == nullptr || !peek->IsDataType(asset_payload) ||
        peek->DataSize < static_cast<int>(sizeof(std::int32_t) + 1))
        return std::nullopt;
    const auto* data = static_cast<const char*>(peek->Data);
    const auto kind =
        static_cast<asset_kind>(static_cast<unsigned char>(data[sizeof(std::int32_t)]));
    if (!(kinds & kind_bit(kind))) return std::nullopt;  // not highlighted either
    const ImGuiPayload* p = ImGui::AcceptDragDropPayload(asset_payload);
    if (p == nullptr) return std::nullopt;
    dragged_asset out;
    std::int32_t frame = 0;
    std::memcpy(&frame, data, sizeof frame);
    out.frame = frame;
    out.kind = kind;
    out.path.assign(data + sizeof frame + 1,
                    static_cast<std::size_t>(p->DataSize) - sizeof frame - 1);
    return out;
}

void command_place_sprite(panel_context& s, ui_state& ui, const dragged_asset& asset,
                          glm::vec2 at) {
    const entity e = s.edit.create_sprite_entity(asset.path, at, asset.frame);
    if (e.is_null()) return;
    ui.events.post(scene_changed{});
    ui.events.post(reveal_in_hierarchy{e});
}

}  // namespace mosaic::editor
