#!/usr/bin/env python3
"""Every relative link in the repository's Markdown files leads somewhere.

The manual is spread over one README per folder, and sections move between them: a link
`[text](../engine/README.md#scene-files)` must name a file that exists and, with an anchor, a
heading of that file (GitHub's anchors: lower case, spaces to hyphens, punctuation dropped,
`-1`, `-2` for repeats). Links to the web and links inside code blocks are not checked.

  check_markdown_links.py --root REPO     check every *.md outside build folders
  check_markdown_links.py --self-test     the rule catches a missing file and a missing anchor
"""
import argparse
import pathlib
import re
import sys
import tempfile

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
SKIP_DIRS = {"build", ".git", ".cache", "third_party"}


def without_code(text: str) -> str:
    """The text with fenced code blocks and inline code blanked (lines kept)."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)


def anchors(text: str) -> set:
    found, seen = set(), {}
    for line in without_code(text).splitlines():
        m = re.match(r"#{1,6}\s+(.*)", line)
        if not m:
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))  # a link's text only
        slug = re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def problems(root: pathlib.Path):
    found = []
    files = [p for p in root.rglob("*.md")
             if not SKIP_DIRS.intersection(p.relative_to(root).parts)]
    for md in sorted(files):
        text = md.read_text(encoding="utf-8")
        # Inline code is blanked, but link targets are rarely code: read links from the text
        # without fenced blocks, keeping inline code out of the way.
        for number, line in enumerate(without_code(text).splitlines(), 1):
            for m in LINK.finditer(line):
                target = m.group(1) or m.group(2)
                if re.match(r"[a-z]+:", target) or target.startswith("//"):
                    continue  # the web, mail
                path_part, _, anchor = target.partition("#")
                dest = (md.parent / path_part).resolve() if path_part else md.resolve()
                where = f"{md.relative_to(root)}:{number}"
                if not dest.exists():
                    found.append(f"{where}: link to {target}: {path_part} does not exist")
                    continue
                if anchor and dest.suffix == ".md":
                    if anchor not in anchors(dest.read_text(encoding="utf-8")):
                        found.append(f"{where}: link to {target}: no heading "
                                     f"'#{anchor}' in {dest.relative_to(root)}")
    return found


def self_test() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / "a").mkdir()
        (root / "a" / "README.md").write_text("# A\n\n## Scene files\n\n## Scene files\n")
        (root / "README.md").write_text(
            "[ok](a/README.md#scene-files) [ok](a/README.md#scene-files-1) [ok](#top)\n"
            "# Top\n"
            "[gone](a/MISSING.md) [no anchor](a/README.md#prefab-files)\n"
            "```\n[in code](nowhere.md)\n```\n[web](https://example.com/x.md)\n")
        got = problems(root)
        wanted = ["README.md:3: link to a/MISSING.md", "README.md:3: link to a/README.md#prefab-files"]
        if len(got) != 2 or not all(any(g.startswith(w) for g in got) for w in wanted):
            print("self-test: expected exactly the two broken links, got:", *got, sep="\n  ",
                  file=sys.stderr)
            return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=pathlib.Path)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    found = problems(args.root.resolve())
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
