#!/usr/bin/env python3
"""The committed sample art is exactly what projects/tools/make_art.py draws, and its sheets
are sound.

  check_art.py --root REPO --work DIR   regenerate into DIR and compare with the committed files
  check_art.py --self-test --root REPO --work DIR   the checks catch a changed pixel, a changed
                                        JSON and a frame outside its image

1. Every file the script writes exists in the repository with the same content: JSON byte for
   byte; PNG chunk for chunk, the image data compared once decompressed (zlib builds may
   compress the same pixels differently; the pixels and the palette are what must match).
   A mismatch names the file: run the script and commit its output.
2. Every sheet JSON (Aseprite array form): its image exists and has meta.size, each frame lies
   inside the image with a positive size and duration, names are unique, each frameTag's
   from..to is a range of existing frames.
"""
import argparse
import json
import pathlib
import shutil
import struct
import subprocess
import sys
import zlib


def png_content(data):
    """(width, height, [(chunk type, data)] with IDAT merged and decompressed) or an error."""
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    chunks, idat, pos = [], b'', 8
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IDAT':
            idat += body
        else:
            chunks.append((kind, body))
        pos += 12 + length
    width, height = struct.unpack('>II', chunks[0][1][:8])
    return width, height, chunks + [(b'IDAT', zlib.decompress(idat))]


def compare(generated, committed):
    """A message if the two files differ in what matters, else None."""
    if not committed.is_file():
        return '%s: missing (run projects/tools/make_art.py and commit its output)' % committed
    new, old = generated.read_bytes(), committed.read_bytes()
    if new == old:
        return None
    if generated.suffix == '.png':
        try:
            if png_content(new) == png_content(old):
                print('note: %s: same pixels, compressed differently (zlib build)' % committed)
                return None
        except (ValueError, struct.error, zlib.error) as e:
            return '%s: unreadable PNG (%s)' % (committed, e)
        return '%s: the pixels differ from what make_art.py draws; rerun it' % committed
    return '%s: differs from what make_art.py writes; rerun it' % committed


def sheet_problems(json_path):
    problems = []
    try:
        doc = json.loads(json_path.read_text(encoding='utf-8'))
        frames, meta = doc['frames'], doc['meta']
        image = json_path.parent / meta['image']
        width, height, _ = png_content(image.read_bytes())
    except (OSError, ValueError, KeyError, TypeError, struct.error, zlib.error) as e:
        return ['%s: unreadable sheet (%s: %s)' % (json_path, type(e).__name__, e)]
    if (meta['size']['w'], meta['size']['h']) != (width, height):
        problems.append('%s: meta.size %s but %s is %dx%d'
                        % (json_path, meta['size'], meta['image'], width, height))
    names = [f['filename'] for f in frames]
    if len(set(names)) != len(names):
        problems.append('%s: frame names repeat' % json_path)
    for f in frames:
        r = f['frame']
        if r['w'] <= 0 or r['h'] <= 0 or r['x'] < 0 or r['y'] < 0 or \
                r['x'] + r['w'] > width or r['y'] + r['h'] > height:
            problems.append('%s: frame %s %s lies outside the %dx%d image'
                            % (json_path, f['filename'], r, width, height))
        if f.get('duration', 0) <= 0 or f.get('rotated'):
            problems.append('%s: frame %s has no duration or is rotated'
                            % (json_path, f['filename']))
    for t in meta.get('frameTags', []):
        if not 0 <= t['from'] <= t['to'] < len(frames):
            problems.append('%s: frameTag %s spans %d..%d of %d frames'
                            % (json_path, t['name'], t['from'], t['to'], len(frames)))
    return problems


def check(root, work):
    """Regenerates the art into `work` and returns the problems found against `root`."""
    shutil.rmtree(work, ignore_errors=True)
    run = subprocess.run([sys.executable, str(root / 'projects/tools/make_art.py'), '--out',
                          str(work)], capture_output=True, text=True)
    if run.returncode != 0:
        return ['make_art.py failed (exit %d):\n%s' % (run.returncode, run.stderr)]
    generated = sorted(p for p in work.rglob('*') if p.is_file())
    if not generated:
        return ['make_art.py wrote nothing into %s' % work]
    problems = []
    for path in generated:
        committed = root / 'projects' / path.relative_to(work)
        problem = compare(path, committed)
        if problem:
            problems.append(problem)
        elif path.suffix == '.json':
            problems += sheet_problems(committed)
    print('%d files compared with %s' % (len(generated), root / 'projects'))
    return problems


def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))


def self_test(root, work):
    """Each planted fault in a faithful copy of the art must be reported, and only then."""
    fake = work / 'fake_root'
    shutil.rmtree(fake, ignore_errors=True)
    shutil.copytree(root / 'projects/tools', fake / 'projects/tools',
                    ignore=shutil.ignore_patterns('__pycache__'))
    subprocess.run([sys.executable, str(fake / 'projects/tools/make_art.py')], check=True,
                   capture_output=True)  # the copy's art, as if committed
    out = work / 'out'
    failures = []
    if check(fake, out):
        failures.append('a faithful copy of the art was reported as different')
    png = fake / 'projects/tiny_tanks/assets/tanks.png'
    pristine = png.read_bytes()
    width, _, chunks = png_content(pristine)
    pixels = bytearray(chunks[-1][1])
    pixels[1 + width // 2] ^= 1  # one pixel of the first row takes another palette entry
    others = [c for c in chunks[:-1] if c[0] != b'IEND']
    png.write_bytes(pristine[:8] + b''.join(chunk(k, d) for k, d in others) +
                    chunk(b'IDAT', zlib.compress(bytes(pixels))) + chunk(b'IEND', b''))
    if not any('tanks.png: the pixels differ' in p for p in check(fake, out)):
        failures.append('a changed pixel went unnoticed')
    png.write_bytes(pristine)
    sheet = fake / 'projects/tiny_tanks/assets/tanks.json'
    text = sheet.read_text(encoding='utf-8')
    sheet.write_text(text.replace('"duration": 80', '"duration": 81', 1), encoding='utf-8')
    if not any('tanks.json: differs' in p for p in check(fake, out)):
        failures.append('a changed JSON went unnoticed')
    sheet.write_text(text.replace('"x": 0, "y": 0, "w": 36', '"x": 230, "y": 0, "w": 36', 1),
                     encoding='utf-8')
    outside = sheet_problems(sheet)
    if not any('tank_red_0' in p and 'outside' in p for p in outside):
        failures.append('a frame outside its image went unnoticed: %s' % outside)
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--root', type=pathlib.Path, required=True)
    parser.add_argument('--work', type=pathlib.Path, required=True)
    parser.add_argument('--self-test', action='store_true')
    args = parser.parse_args()
    root, work = args.root.resolve(), args.work.resolve()
    problems = self_test(root, work) if args.self_test else check(root, work / 'out')
    for p in problems:
        print('FAIL: ' + p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
