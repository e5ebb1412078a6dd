#!/usr/bin/env python3
"""Generate a glad-1-compatible OpenGL 3.3 core loader from the Khronos registry.

Debian does not package glad, but it does package the registry it is generated from
(`khronos-api`: /usr/share/khronos-api/gl.xml). This script reads that file with the
standard library only and writes:

    include/glad/glad.h   types, enums, PFNGL...PROC typedefs, glad_gl... pointers, glXxx macros
    src/glad.c            gladLoadGLLoader() and mosaic_glad_missing_functions()

The output is deterministic (registry order, no timestamps): regenerating from the same
gl.xml gives byte-identical files, and `--check` verifies exactly that.

Usage:
    python3 third_party/glad/generate_glad.py [--registry gl.xml] [--out-dir DIR] [--check]
"""

from __future__ import annotations

import argparse
import hashlib
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

API = "gl"
PROFILE = "core"
TARGET_VERSION = (3, 3)
DEFAULT_REGISTRY = Path("/usr/share/khronos-api/gl.xml")
HERE = Path(__file__).resolve().parent

# The registry's types are written against KHR/khrplatform.h. We do not depend on that
# header: each khronos_* type used by an emitted typedef maps to its <stdint.h>/<stddef.h>
# equivalent (the same types khrplatform.h picks on the platforms we build for).
KHRONOS_TYPES = {
    "khronos_int8_t": "int8_t",
    "khronos_uint8_t": "uint8_t",
    "khronos_int16_t": "int16_t",
    "khronos_uint16_t": "uint16_t",
    "khronos_int32_t": "int32_t",
    "khronos_uint32_t": "uint32_t",
    "khronos_int64_t": "int64_t",
    "khronos_uint64_t": "uint64_t",
    "khronos_float_t": "float",
    "khronos_intptr_t": "intptr_t",
    "khronos_ssize_t": "ptrdiff_t",
}

# C suffixes for the registry's typed enum values (<enum type="u"> / type="ull").
ENUM_SUFFIX = {None: "", "u": "u", "ull": "ull"}


# --------------------------------------------------------------------------------------
# Registry model
# --------------------------------------------------------------------------------------


@dataclass
class Command:
    name: str
    return_type: str
    params: list[str]

    @property
    def pfn(self) -> str:
        return f"PFN{self.name.upper()}PROC"


@dataclass
class Feature:
    """One GL_VERSION_x_y block, holding what it introduced and the core profile keeps."""

    name: str
    version: tuple[int, int]
    enums: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)


def element_text(element: ET.Element, apientry: str = "APIENTRY") -> str:
    """Flatten mixed content like `typedef void (<apientry/> *<name>X</name>)(...)`."""
    parts = [element.text or ""]
    for child in element:
        if child.tag == "apientry":
            parts.append(apientry)
        elif child.tag in ("name", "ptype"):
            parts.append(element_text(child, apientry))
        # <alias>, <glx>, <vecequiv> ... carry metadata, not C text.
        parts.append(child.tail or "")
    return "".join(parts)


def applies_to_us(element: ET.Element) -> bool:
    """True when a <require>/<remove>/<enum> is not restricted to another API or profile."""
    return element.get("api", API) == API and element.get("profile", PROFILE) == PROFILE


def read_types(root: ET.Element) -> list[str]:
    """Every GL type definition, in registry order, with khrplatform types replaced."""
    lines = []
    for type_element in root.find("types"):
        if type_element.tag != "type" or not applies_to_us(type_element):
            continue
        if type_element.get("name") == "khrplatform":
            continue  # the #include <KHR/khrplatform.h> we replace with KHRONOS_TYPES
        text = element_text(type_element).strip()
        for khronos, standard in KHRONOS_TYPES.items():
            text = text.replace(khronos, standard)
        if "khronos_" in text:
            raise SystemExit(f"unmapped khrplatform type in: {text!r}; extend KHRONOS_TYPES")
        lines.append(text)
    return lines


def read_enum_values(root: ET.Element) -> dict[str, str]:
    values: dict[str, str] = {}
    for enums in root.iter("enums"):
        for enum in enums.iter("enum"):
            if not applies_to_us(enum):
                continue  # e.g. the GLES flavour of GL_ACTIVE_PROGRAM_EXT
            values[enum.get("name")] = enum.get("value") + ENUM_SUFFIX[enum.get("type")]
    return values


def read_commands(root: ET.Element) -> dict[str, Command]:
    commands: dict[str, Command] = {}
    for element in root.find("commands").iter("command"):
        proto = element.find("proto")
        name = proto.find("name").text
        return_type = element_text(proto)[: -len(name)].strip()
        params = [" ".join(element_text(p).split()) for p in element.findall("param")]
        commands[name] = Command(name, return_type, params)
    return commands


def select_features(root: ET.Element) -> list[Feature]:
    """Walk GL 1.0 .. TARGET_VERSION in order, applying <require> and <remove profile="core">.

    Each enum/command belongs to the feature that first required it; a later removal
    (GL 3.2 removed the fixed-function pipeline from core) drops it everywhere.
    """
    owner: dict[tuple[str, str], Feature] = {}  # (kind, name) -> feature that added it
    features: list[Feature] = []
    for element in root.iter("feature"):
        if element.get("api") != API:
            continue
        version = tuple(int(part) for part in element.get("number").split("."))
        if version > TARGET_VERSION:
            continue
        feature = Feature(element.get("name"), version)
        features.append(feature)
        for block in element:
            if block.tag not in ("require", "remove") or not applies_to_us(block):
                continue
            for item in block:
                if item.tag not in ("enum", "command"):
                    continue  # <type> requirements: we emit every type anyway
                key = (item.tag, item.get("name"))
                if block.tag == "require":
                    owner.setdefault(key, feature)
                else:
                    owner.pop(key, None)
    for (kind, name), feature in owner.items():
        (feature.enums if kind == "enum" else feature.commands).append(name)
    # owner is insertion ordered, so each list is already in registry order.
    return features


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------


def registry_revision(registry: Path) -> str:
    if registry.resolve() == DEFAULT_REGISTRY:
        try:
            version = subprocess.run(
                ["dpkg-query", "-W", "-f=${Version}", "khronos-api"],
                capture_output=True, text=True, check=True,
            ).stdout.strip()
            if version:
                return f"khronos-api {version}"
        except (OSError, subprocess.CalledProcessError):
            pass
    return "sha256 " + hashlib.sha256(registry.read_bytes()).hexdigest()


def banner(revision: str) -> str:
    return (
        f"/* Generated by third_party/glad/generate_glad.py from gl.xml ({revision}), "
        f"OpenGL {version_text()} {PROFILE}. Do not edit. */\n"
    )


def version_text() -> str:
    return "{}.{}".format(*TARGET_VERSION)


# Everything in glad.h before the registry's types. $version and $profile are filled in.
HEADER_PROLOGUE = string.Template(
    """/*
 * A glad 1 compatible OpenGL $version $profile loader. Include it before any other GL
 * header (<GLFW/glfw3.h> included), make a context current, then call
 * gladLoadGLLoader((GLADloadproc)glfwGetProcAddress). See third_party/glad/README.md.
 */
#ifndef __glad_h_
#define __glad_h_

#if defined(__gl_h_) || defined(__gl_glcorearb_h_) || defined(__gl_glext_h_)
#error OpenGL header already included, remove this include, glad already provides it
#endif
/* Claim the system headers' include guards so a later <GL/gl.h> (for example from
 * <GLFW/glfw3.h>) is skipped instead of redeclaring every GL function. */
#define __gl_h_
#define __gl_glcorearb_h_ 1
#define __gl_glext_h_ 1

#if defined(_WIN32) && !defined(APIENTRY) && !defined(__CYGWIN__) && !defined(__SCITECH_SNAP__)
#define APIENTRY __stdcall
#endif
#ifndef APIENTRY
#define APIENTRY
#endif
#ifndef APIENTRYP
#define APIENTRYP APIENTRY *
#endif
#ifndef GLAPIENTRY
#define GLAPIENTRY APIENTRY
#endif
#ifndef GLAPI
#define GLAPI extern
#endif

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct gladGLversionStruct {
    int major;
    int minor;
};
typedef void* (*GLADloadproc)(const char* name);

/* Version of the current context, filled in by gladLoadGLLoader(). */
GLAPI struct gladGLversionStruct GLVersion;

/* Loads every OpenGL function the current context provides. Returns non-zero when the
 * context reports OpenGL >= $version; zero when no context is current, it is an
 * OpenGL ES context, or its version is older. */
GLAPI int gladLoadGLLoader(GLADloadproc load);

/* Walks the table of every OpenGL $version $profile function pointer and returns how
 * many are still NULL. When first_missing is not NULL it receives the name of the
 * first missing one (NULL when none is missing). */
GLAPI int mosaic_glad_missing_functions(const char** first_missing);
/* Number of entries in that table. */
GLAPI int mosaic_glad_function_count(void);

"""
)


def params_text(command: Command) -> str:
    return ", ".join(command.params) if command.params else "void"


def generate_header(revision, types, enum_values, commands, features) -> str:
    out = [banner(revision)]
    out.append(HEADER_PROLOGUE.substitute(version=version_text(), profile=PROFILE))
    out.extend(line + "\n" for line in types)
    out.append("\n")
    for feature in features:
        for name in feature.enums:
            out.append(f"#define {name} {enum_values[name]}\n")
    for feature in features:
        out.append(f"\n#ifndef {feature.name}\n#define {feature.name} 1\n")
        out.append(f"GLAPI int GLAD_{feature.name};\n")
        for name in feature.commands:
            command = commands[name]
            out.append(
                f"typedef {command.return_type} (APIENTRYP {command.pfn})"
                f"({params_text(command)});\n"
                f"GLAPI {command.pfn} glad_{name};\n"
                f"#define {name} glad_{name}\n"
            )
        out.append("#endif\n")
    out.append(
        """
#ifdef __cplusplus
}
#endif

#endif
"""
    )
    return "".join(out)


def generate_source(revision, commands, features) -> str:
    all_commands = [name for feature in features for name in feature.commands]
    target_feature = features[-1].name  # GL_VERSION_3_3
    out = [banner(revision)]
    out.append(
        """#include <glad/glad.h>

#include <stddef.h>

struct gladGLversionStruct GLVersion = {0, 0};

/* ISO C has no conversion from void* to a function pointer. Going through a union is
 * how loaders do it portably (and without a -Wpedantic warning); void (*)(void) is the
 * generic function pointer type every PFN...PROC converts to and from. */
typedef void (*glad_generic_proc)(void);

static glad_generic_proc glad_load(GLADloadproc load, const char* name) {
    union {
        void* object;
        glad_generic_proc function;
    } proc;
    proc.object = load(name);
    return proc.function;
}

"""
    )
    for feature in features:
        out.append(f"int GLAD_{feature.name} = 0;\n")
    out.append("\n")
    for name in all_commands:
        out.append(f"{commands[name].pfn} glad_{name} = NULL;\n")

    out.append("\nstatic void glad_reset(void) {\n")
    for feature in features:
        out.append(f"    GLAD_{feature.name} = 0;\n")
    for name in all_commands:
        out.append(f"    glad_{name} = NULL;\n")
    out.append("}\n")

    for feature in features:
        out.append(f"\nstatic void glad_load_{feature.name}(GLADloadproc load) {{\n")
        out.append(f"    if (!GLAD_{feature.name}) return;\n")
        for name in feature.commands:
            out.append(f'    glad_{name} = ({commands[name].pfn})glad_load(load, "{name}");\n')
        out.append("}\n")

    out.append(
        """
/* Parses the leading "major.minor" of GL_VERSION, e.g. "4.5 (Core Profile) Mesa 22.3.6".
 * OpenGL ES strings ("OpenGL ES 3.2 ...") do not start with a digit and are rejected. */
static int glad_parse_version(const char* text, int* major, int* minor) {
    if (text[0] < '0' || text[0] > '9') return 0;
    *major = 0;
    while (*text >= '0' && *text <= '9') *major = *major * 10 + (*text++ - '0');
    if (*text++ != '.' || *text < '0' || *text > '9') return 0;
    *minor = 0;
    while (*text >= '0' && *text <= '9') *minor = *minor * 10 + (*text++ - '0');
    return 1;
}

int gladLoadGLLoader(GLADloadproc load) {
    const GLubyte* version;
    int major = 0;
    int minor = 0;

    glad_reset();
    GLVersion.major = 0;
    GLVersion.minor = 0;
    if (load == NULL) return 0;
    glad_glGetString = (PFNGLGETSTRINGPROC)glad_load(load, "glGetString");
    if (glad_glGetString == NULL) return 0;
    version = glad_glGetString(GL_VERSION);
    if (version == NULL || !glad_parse_version((const char*)version, &major, &minor)) return 0;
    GLVersion.major = major;
    GLVersion.minor = minor;

"""
    )
    for feature in features:
        f_major, f_minor = feature.version
        out.append(
            f"    GLAD_{feature.name} = major > {f_major} || "
            f"(major == {f_major} && minor >= {f_minor});\n"
        )
    out.append("\n")
    for feature in features:
        out.append(f"    glad_load_{feature.name}(load);\n")
    out.append(f"    return GLAD_{target_feature};\n}}\n")

    out.append(
        """
int mosaic_glad_missing_functions(const char** first_missing) {
    const struct {
        const char* name;
        glad_generic_proc proc;
    } table[] = {
"""
    )
    for name in all_commands:
        out.append(f'        {{"{name}", (glad_generic_proc)glad_{name}}},\n')
    out.append(
        """    };
    int missing = 0;
    size_t i;
    if (first_missing != NULL) *first_missing = NULL;
    for (i = 0; i < sizeof(table) / sizeof(table[0]); ++i) {
        if (table[i].proc != NULL) continue;
        if (missing == 0 && first_missing != NULL) *first_missing = table[i].name;
        ++missing;
    }
    return missing;
}

"""
    )
    out.append(f"int mosaic_glad_function_count(void) {{ return {len(all_commands)}; }}\n")
    return "".join(out)


# --------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--registry", type=Path, default=DEFAULT_REGISTRY, help="path to gl.xml")
    parser.add_argument("--out-dir", type=Path, default=HERE, help="where include/ and src/ go")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the files on disk differ from the output"
    )
    args = parser.parse_args()

    root = ET.parse(args.registry).getroot()
    revision = registry_revision(args.registry)
    features = select_features(root)
    commands = read_commands(root)
    enum_values = read_enum_values(root)

    outputs = {
        args.out_dir / "include" / "glad" / "glad.h": generate_header(
            revision, read_types(root), enum_values, commands, features
        ),
        args.out_dir / "src" / "glad.c": generate_source(revision, commands, features),
    }

    stale = []
    for path, text in outputs.items():
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    enum_count = sum(len(f.enums) for f in features)
    command_count = sum(len(f.commands) for f in features)
    if stale:
        for path in stale:
            print(f"out of date: {path} (run {Path(__file__).name})", file=sys.stderr)
        return 1
    verb = "checked" if args.check else "wrote"
    print(f"{verb} OpenGL {version_text()} {PROFILE}: "
          f"{command_count} commands, {enum_count} enums ({revision})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
