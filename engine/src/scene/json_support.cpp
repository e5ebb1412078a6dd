// JSON values: checks on them (NUL bytes, keys twice), how messages describe them, and
// writing them (compact text, floats in shortest form, kept values through cereal). Parsing:
// json_parse.cpp and json_numbers.cpp; locating paths: json_locate.cpp.
#include "json_support.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_set>

namespace mosaic::detail {

bool has_nul(const rapidjson::Value& text) {
    return std::string_view(text.GetString(), text.GetStringLength()).find('\0') !=
           std::string_view::npos;
}

namespace {

std::optional<duplicate_key> find_duplicate_key_at(const rapidjson::Value& v, std::string& path) {
    if (v.IsArray()) {
        const std::size_t length = path.size();
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
            path += "[" + std::to_string(i) + "]";
            if (auto found = find_duplicate_key_at(v[i], path)) return found;
            path.resize(length);
        }
        return std::nullopt;
    }
    if (!v.IsObject()) return std::nullopt;
    const auto key_of = [](const auto& m) {
        return std::string_view(m.name.GetString(), m.name.GetStringLength());
    };
    // Small objects (most: a component's fields) compare pairwise without allocating.
    const rapidjson::SizeType n = v.MemberCount();
    const auto members = v.MemberBegin();
    if (n <= 16) {
        for (rapidjson::SizeType i = 1; i < n; ++i) {
            for (rapidjson::SizeType j = 0; j < i; ++j) {
                if (key_of(members[i]) == key_of(members[j]))
                    return duplicate_key{path, std::string(key_of(members[i]))};
            }
        }
    } else {
        std::unordered_set<std::string_view> seen;
        for (const auto& m : v.GetObject()) {
            if (!seen.insert(key_of(m)).second) return duplicate_key{path, std::string(key_of(m))};
        }
    }
    const std::size_t length = path.size();
    for (const auto& m : v.GetObject()) {
        if (!path.empty()) path += '.';
        path += key_of(m);
        if (auto found = find_duplicate_key_at(m.value, path)) return found;
        path.resize(length);
    }
    return std::nullopt;
}

}  // namespace

std::optional<duplicate_key> find_duplicate_key(const rapidjson::Value& v) {
    std::string path;
    return find_duplicate_key_at(v, path);
}

bool has_nul_key(const rapidjson::Value& v) {
    if (v.IsObject()) {
        for (const auto& m : v.GetObject()) {
            if (has_nul(m.name) || has_nul_key(m.value)) return true;
        }
    } else if (v.IsArray()) {
        for (const auto& item : v.GetArray()) {
            if (has_nul_key(item)) return true;
        }
    }
    return false;
}

std::string_view describe(const rapidjson::Value& value) {
    switch (value.GetType()) {
        case rapidjson::kNullType:
            return "null";
        case rapidjson::kFalseType:
        case rapidjson::kTrueType:
            return "a boolean";
        case rapidjson::kObjectType:
            return "an object";
        case rapidjson::kArrayType:
            return "an array";
        case rapidjson::kStringType:
            return "a string";
        case rapidjson::kNumberType:
            return "a number";
    }
    return "a value";
}

std::string to_json_text(const rapidjson::Value& value) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                      rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>
        writer(buffer);
    value.Accept(writer);
    return {buffer.GetString(), buffer.GetSize()};
}

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return nullptr;  // FindMember asserts on other values
    const auto it = object.FindMember(name);
    return it == object.MemberEnd() ? nullptr : &it->value;
}

std::string number_text(float v) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr;
    return {text, end};
}

std::string number_text(double v) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr;
    return {text, end};
}

void save_float(cereal::JSONOutputArchive& ar, float value) {
    if (!std::isfinite(value)) {
        ar.saveValue(static_cast<double>(value));
        return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text - 1, value).ptr;
    *end = '\0';
    ar.saveValue(std::strtod(text, nullptr));
}

void save_json_value(cereal::JSONOutputArchive& ar, const rapidjson::Value& value) {
    switch (value.GetType()) {
        case rapidjson::kArrayType:
            ar.startNode();
            ar.makeArray();
            for (const auto& item : value.GetArray()) save_json_value(ar, item);
            ar.finishNode();
            return;
        case rapidjson::kObjectType:
            ar.startNode();
            for (const auto& m : value.GetObject()) {
                ar.setNextName(m.name.GetString());
                save_json_value(ar, m.value);
            }
            ar.finishNode();
            return;
        default:
            break;
    }
    ar.writeName();
    switch (value.GetType()) {
        case rapidjson::kFalseType:
            ar.saveValue(false);
            break;
        case rapidjson::kTrueType:
            ar.saveValue(true);
            break;
        case rapidjson::kStringType:
            ar.saveValue(std::string(value.GetString(), value.GetStringLength()));
            break;
        case rapidjson::kNumberType:
            if (value.IsInt64()) {
                ar.saveValue(static_cast<std::int64_t>(value.GetInt64()));
            } else if (value.IsUint64()) {
                ar.saveValue(static_cast<std::uint64_t>(value.GetUint64()));
            } else {
                ar.saveValue(value.GetDouble());
            }
            break;
        default:
            ar.saveValue(nullptr);
            break;
    }
}

}  // namespace mosaic::detail
