#include "../scene/json_support.hpp"  // first: cereal sets how rapidjson asserts

#include <mosaic/engine/assets/image_import.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>

#include <mosaic/engine/assets/image.hpp>

namespace mosaic {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t max_import_file_bytes = 64 * 1024;

using detail::member;
using detail::number_text;

}  // namespace

fs::path image_import_file(const fs::path& image) {
    fs::path out = image;
    out += ".import.json";
    return out;
}

asset_result<image_import> read_image_import(std::string_view text, std::string_view file) {
    using result = asset_result<image_import>;
    rapidjson::Document doc;
    if (const auto failure = detail::parse_json(text, doc)) {
        const auto [line, column] = detail::line_column(text, failure->offset);
        return result::failure(
            file, std::to_string(line) + ":" + std::to_string(column) + ": " + failure->message);
    }
    if (!doc.IsObject()) return result::failure(file, "should hold an object {...}");
    image_import out;
    if (const rapidjson::Value* v = member(doc, "version")) {
        if (!v->IsNumber() || v->GetDouble() != 1.0)
            return result::failure(file, "version should be 1");
    }
    if (const rapidjson::Value* f = member(doc, "filter")) {
        const std::string_view name = f->IsString()
                                          ? std::string_view(f->GetString(), f->GetStringLength())
                                          : std::string_view();
        if (name == "nearest") {
            out.sampling = image_import::filter::nearest;
        } else if (name == "linear") {
            out.sampling = image_import::filter::linear;
        } else {
            return result::failure(file, "filter should be \"nearest\" or \"linear\"");
        }
    }
    if (const rapidjson::Value* p = member(doc, "pixels_per_unit")) {
        const double v = p->IsNumber() ? p->GetDouble() : -1.0;
        if (!std::isfinite(v) || v <= 0.0 || v > 1e6)
            return result::failure(file, "pixels_per_unit should be a number above 0");
        out.pixels_per_unit = static_cast<float>(v);
    }
    if (const rapidjson::Value* p = member(doc, "pivot")) {
        if (!p->IsArray() || p->Size() != 2 || !(*p)[0].IsNumber() || !(*p)[1].IsNumber())
            return result::failure(file, "pivot should be [x, y], two numbers");
        const double x = (*p)[0].GetDouble();
        const double y = (*p)[1].GetDouble();
        if (!std::isfinite(x) || !std::isfinite(y))
            return result::failure(file, "pivot should be two finite numbers");
        out.pivot = {static_cast<float>(x), static_cast<float>(y)};
    }
    return result::success(out);
}

std::string write_image_import(const image_import& s) {
    std::ostringstream out;
    out << "{\n  \"version\": 1,\n  \"filter\": \""
        << (s.sampling == image_import::filter::linear ? "linear" : "nearest") << "\",\n"
        << "  \"pixels_per_unit\": " << number_text(s.pixels_per_unit) << ",\n"
        << "  \"pivot\": [" << number_text(s.pivot.x) << ", " << number_text(s.pivot.y) << "]\n}\n";
    return out.str();
}

image_import load_image_import(const fs::path& image, std::string* error) {
    const fs::path file = image_import_file(image);
    std::error_code ec;
    if (!fs::exists(file, ec)) return {};
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file_bytes(file, max_import_file_bytes, bytes, why)) {
        if (error) *error = "'" + file.filename().string() + "': " + why;
        return {};
    }
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    asset_result<image_import> r = read_image_import(text, file.filename().string());
    if (!r) {
        if (error) *error = r.error;
        return {};
    }
    return *r.value;
}

bool save_image_import(const fs::path& image, const image_import& settings, std::string* error) {
    const fs::path file = image_import_file(image);
    fs::path temp = file;
    temp += ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << write_image_import(settings);
        if (!out) {
            if (error) *error = "cannot write '" + file.string() + "'";
            return false;
        }
    }
    std::error_code ec;
    fs::rename(temp, file, ec);
    if (ec) {
        fs::remove(temp, ec);
        if (error) *error = "cannot write '" + file.string() + "': " + ec.message();
        return false;
    }
    return true;
}

}  // namespace mosaic
