#include "draw_data_memo.hpp"

#include <cstring>
#include <utility>

namespace mosaic::editor {

namespace {

template <class T>
void put(std::vector<std::byte>& out, const T& value) {
    const auto* bytes = reinterpret_cast<const std::byte*>(&value);
    out.insert(out.end(), bytes, bytes + sizeof(T));
}

template <class T>
void put_all(std::vector<std::byte>& out, const ImVector<T>& values) {
    put(out, values.Size);
    if (values.Size == 0) return;
    const auto* bytes = reinterpret_cast<const std::byte*>(values.Data);
    out.insert(out.end(), bytes, bytes + sizeof(T) * static_cast<std::size_t>(values.Size));
}

static_assert(sizeof(ImDrawVert) == 20 && sizeof(ImDrawIdx) == 2,
              "ImDrawVert gained padding: write its fields one by one");

}  // namespace

bool draw_data_memo::unchanged(const ImDrawData& data) {
    current_.clear();
    // Field by field: ImDrawCmd has padding, whose bytes are not part of the value.
    put(current_, data.DisplayPos);
    put(current_, data.DisplaySize);
    put(current_, data.FramebufferScale);
    put(current_, data.CmdListsCount);
    for (int l = 0; l < data.CmdListsCount; ++l) {
        const ImDrawList& list = *data.CmdLists[l];
        put_all(current_, list.VtxBuffer);
        put_all(current_, list.IdxBuffer);
        put(current_, list.CmdBuffer.Size);
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            put(current_, cmd.ClipRect);
            put(current_, cmd.TextureId);
            put(current_, cmd.VtxOffset);
            put(current_, cmd.IdxOffset);
            put(current_, cmd.ElemCount);
            put(current_, cmd.UserCallback);
            put(current_, cmd.UserCallbackData);
        }
    }
    const bool same = current_.size() == last_.size() &&
                      std::memcmp(current_.data(), last_.data(), current_.size()) == 0;
    std::swap(current_, last_);
    return same;
}

}  // namespace mosaic::editor
