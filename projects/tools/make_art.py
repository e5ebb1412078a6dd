#!/usr/bin/env python3
"""make_art.py: draws the sample projects' pixel art and writes it as PNG sprite sheets with
Aseprite-format JSON (array form), so the art in the repository is made by this project and
always matches its source (tests/tools/check_art.py regenerates it and compares the bytes).

  python3 projects/tools/make_art.py            writes into projects/*/assets/
  python3 projects/tools/make_art.py --out DIR  writes into DIR/tiny_tanks/assets/, ...
  python3 projects/tools/make_art.py --preview DIR   also writes 4x enlarged previews there

It writes:
  tiny_tanks/assets/tanks.png + tanks.json    tanks (two teams, track frames), hulls (and a
                                              wreck), tracks, turrets, barrel, bullet, muzzle
                                              flash, explosion, ground/wall/crate tiles, scorch
  platformer/assets/player.png + player.json  the hero: idle, run and jump clips
  platformer/assets/enemy.png + enemy.json    the slime enemy: walk clip and a squashed frame
  platformer/assets/tiles.png + tiles.json    32 x 32 tileset: ground, platforms, brick, spike,
                                              decoration (a grid: slice it by cell size too)
  platformer/assets/moving_platform.png, glow.png   loose images

Python 3 standard library only (PNG through zlib), no randomness and no clock: every run
writes the same bytes. The drawing code is in projects/tools/art/. The art is CC0-1.0
(projects/ASSETS_LICENSE.md).
"""
import argparse
import pathlib
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from art import platformer, tanks  # noqa: E402
from art.canvas import png_bytes, rgb, scaled  # noqa: E402

APP = 'projects/tools/make_art.py'
PROJECTS = pathlib.Path(__file__).resolve().parent.parent


def outputs():
    """[(project, file stem, sheet or None, canvas)]: everything the script writes."""
    made = []
    for project, stem, sheet in [('tiny_tanks', 'tanks', tanks.sheet()),
                                 ('platformer', 'player', platformer.player_sheet()),
                                 ('platformer', 'enemy', platformer.enemy_sheet()),
                                 ('platformer', 'tiles', platformer.tile_sheet())]:
        made.append((project, stem, sheet, sheet.image()))
    for stem, canvas in platformer.loose_images():
        made.append(('platformer', stem, None, canvas))
    return made


def write(path, data, written):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    written.append((path, len(data)))


def preview(canvas, path):
    """A 4x enlargement on flat grey, to judge the art by eye."""
    backdrop = rgb('#7a7f88')
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(scaled(canvas, 4, backdrop)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--out', type=pathlib.Path, default=PROJECTS,
                        help='the folder that holds the projects (default: projects/)')
    parser.add_argument('--preview', type=pathlib.Path,
                        help='also write 4x enlarged previews into this folder')
    args = parser.parse_args()
    written = []
    for project, stem, sheet, canvas in outputs():
        folder = args.out / project / 'assets'
        write(folder / (stem + '.png'), png_bytes(canvas), written)
        if sheet is not None:
            write(folder / (stem + '.json'), sheet.json_text(APP).encode(), written)
        if args.preview:
            preview(canvas, args.preview / ('%s_%s.png' % (project, stem)))
    for path, size in written:
        print('wrote %s (%d bytes)' % (path, size))
    return 0


if __name__ == '__main__':
    sys.exit(main())
