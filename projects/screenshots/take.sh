#!/bin/sh
# Takes the sample screenshots of projects/README.md again: each sample opened in the editor
# under Xvfb, in edit mode and after some ticks of Play (an editor --script: play, wait,
# screenshot), cropped to the Scene view and reduced to 256 colours (ImageMagick's convert)
# so the PNGs stay small; samples.png (the root README's) is both playing shots side by side.
#
#   projects/screenshots/take.sh [BUILD_DIR]     (default: build/dev; from the repository root)
set -eu
build=${1:-build/dev}
editor=$build/editor/ui/mosaic-editor
out=projects/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MOSAIC_BUILD_DIR=${MOSAIC_BUILD_DIR:-$(cd "$build" && pwd)}
crop() {  # the Scene view of a 1600 x 900 editor window
    convert "$1" -crop 946x528+287+134 +repage -colors 256 -strip "$2"
}
shoot() {  # NAME SCENE TICKS [SCRIPT LINES BEFORE PLAY...]
    name=$1 scene=$2 ticks=$3
    shift 3
    xvfb-run -a -s "-screen 0 1600x900x24" "$editor" "$scene" --frames 10 \
        --screenshot "$work/$name.png" > /dev/null
    crop "$work/$name.png" "$out/${name}_edit.png"
    : > "$work/$name.txt"
    for line in "$@"; do printf '%s\n' "$line" >> "$work/$name.txt"; done
    printf 'play\nwait %s\nscreenshot %s\n' "$ticks" "$work/${name}_play.png" >> "$work/$name.txt"
    xvfb-run -a -s "-screen 0 1600x900x24" "$editor" "$scene" --script "$work/$name.txt" \
        > /dev/null
    crop "$work/${name}_play.png" "$out/${name}_play.png"
}
shoot tiny_tanks projects/tiny_tanks/scenes/battle.scene.json 300
# The hero dropped above the ledge: caught in the air (its jump clip) over the brick ledge;
# then the map is selected, so that the move handle (at its corner, out of view) hides nothing.
shoot platformer projects/platformer/scenes/level1.scene.json 10 "select Player" \
    "set Transform.position 2.6 5.5" "select Level"
convert "$out/tiny_tanks_play.png" "$out/platformer_play.png" +append -resize 60% -colors 256 \
    -strip "$out/samples.png"
ls -l "$out"/*.png
