"""sheet: frames packed into one image, and the JSON that names them.

The JSON is Aseprite's "Export Sprite Sheet" format in its array form ("frames" is a list whose
entries carry "filename", so frame order, which frameTags count in, survives any JSON parser),
one frame a line so a changed frame is a one-line diff. Frames go left to right in the order
they are added, on shelves as tall as their tallest frame, `spacing` pixels apart; a grid
sheet (every frame one cell size, no spacing) can also be sliced by cell size alone.
"""
import json

from .canvas import Canvas


class Sheet:
    def __init__(self, image_file, width, spacing=1):
        self.image_file = image_file
        self.width = width
        self.spacing = spacing
        self.frames = []  # (name, canvas, duration_ms)
        self.tags = []  # (name, first index, last index, direction)
        self.breaks = set()  # indices of frames that start a new shelf

    def add(self, name, canvas, duration_ms=100):
        if any(n == name for n, _, _ in self.frames):
            raise ValueError('frame %r added twice to %s' % (name, self.image_file))
        self.frames.append((name, canvas, duration_ms))

    def add_animation(self, tag, canvases, durations_ms, direction='forward'):
        """Frames named tag_0, tag_1, ... and a frameTag over them."""
        first = len(self.frames)
        for i, (canvas, ms) in enumerate(zip(canvases, durations_ms)):
            self.add('%s_%d' % (tag, i), canvas, ms)
        self.tags.append((tag, first, len(self.frames) - 1, direction))

    def tag(self, name, first_frame, last_frame, direction='forward'):
        """A frameTag over frames already added, by name."""
        names = [n for n, _, _ in self.frames]
        self.tags.append((name, names.index(first_frame), names.index(last_frame), direction))

    def new_shelf(self):
        self.breaks.add(len(self.frames))

    def layout(self):
        """[(x, y)] of each frame, and the image height."""
        places, x, y, shelf = [], 0, 0, 0
        for i, (name, c, _) in enumerate(self.frames):
            if c.w > self.width:
                raise ValueError('frame %r is wider than %s' % (name, self.image_file))
            if x > 0 and (x + c.w > self.width or i in self.breaks):
                x, y, shelf = 0, y + shelf + self.spacing, 0
            places.append((x, y))
            x += c.w + self.spacing
            shelf = max(shelf, c.h)
        return places, y + shelf

    def image(self):
        places, height = self.layout()
        img = Canvas(self.width, height)
        for (x, y), (_, c, _) in zip(places, self.frames):
            img.blit(c, x, y)
        return img

    def json_text(self, app):
        places, height = self.layout()
        lines = []
        for (x, y), (name, c, ms) in zip(places, self.frames):
            box = {'x': x, 'y': y, 'w': c.w, 'h': c.h}
            entry = {'filename': name, 'frame': box, 'rotated': False, 'trimmed': False,
                     'spriteSourceSize': {'x': 0, 'y': 0, 'w': c.w, 'h': c.h},
                     'sourceSize': {'w': c.w, 'h': c.h}, 'duration': ms}
            lines.append('  ' + json.dumps(entry))
        tags = [{'name': n, 'from': a, 'to': b, 'direction': d} for n, a, b, d in self.tags]
        meta = {'app': app, 'version': '1', 'image': self.image_file, 'format': 'RGBA8888',
                'size': {'w': self.width, 'h': height}, 'scale': '1'}
        meta_lines = ['  ' + json.dumps(k) + ': ' + json.dumps(v) + ',' for k, v in meta.items()]
        tag_lines = ['   ' + json.dumps(t) for t in tags]
        return ('{"frames": [\n' + ',\n'.join(lines) + '\n],\n"meta": {\n' +
                '\n'.join(meta_lines) + '\n  "frameTags": [\n' + ',\n'.join(tag_lines) +
                '\n  ]\n}}\n')
