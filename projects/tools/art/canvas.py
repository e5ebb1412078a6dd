"""canvas: the drawing surface of make_art.py, and the PNG writer.

Pixel art is drawn shape by shape onto a small RGBA grid, then outlined and packed. Everything
here is integer arithmetic (circles compare squared distances, noise is an integer hash), so
the same script writes the same pixels on every machine and every Python 3 version. Colours
are (r, g, b, a) tuples; None is a transparent pixel.

The PNG writer needs only zlib and struct: an image of at most 256 colours (all of ours) is
written with a palette, which keeps the files small.
"""
import struct
import zlib


# --- colours ---------------------------------------------------------------------------------

def rgb(hex_colour, alpha=255):
    """'#3468b8' -> (52, 104, 184, 255)."""
    h = hex_colour.lstrip('#')
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), alpha)


def ramp(*hex_colours):
    """A material's shades, darkest first: ramp[0] is its outline, ramp[-1] its highlight."""
    return tuple(rgb(h) for h in hex_colours)


def with_alpha(colour, alpha):
    return colour[:3] + (alpha,)


def noise(x, y, seed=0):
    """A repeatable pseudo-random number in 0..255 for a pixel (an integer hash, no state)."""
    n = (x * 374761393 + y * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return (n ^ (n >> 16)) & 0xFF


# --- the canvas ------------------------------------------------------------------------------

class Canvas:
    def __init__(self, width, height):
        self.w, self.h = width, height
        self.px = [[None] * width for _ in range(height)]

    def inside(self, x, y):
        return 0 <= x < self.w and 0 <= y < self.h

    def get(self, x, y):
        return self.px[y][x] if self.inside(x, y) else None

    def set(self, x, y, colour):
        if self.inside(x, y):
            self.px[y][x] = colour

    def blit(self, other, x0, y0):
        """Draws `other` with its top-left at (x0, y0); its transparent pixels leave ours."""
        for y in range(other.h):
            for x in range(other.w):
                if other.px[y][x] is not None:
                    self.set(x0 + x, y0 + y, other.px[y][x])


# --- shapes ----------------------------------------------------------------------------------

def rect(c, x, y, w, h, colour):
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            c.set(xx, yy, colour)


def hline(c, x, y, w, colour):
    rect(c, x, y, w, 1, colour)


def vline(c, x, y, h, colour):
    rect(c, x, y, 1, h, colour)


def in_ellipse(x, y, cx2, cy2, rx2, ry2):
    """Is pixel (x, y) inside the ellipse centred at (cx2/2, cy2/2) with radii rx2/2, ry2/2?
    Doubled coordinates put centres on pixel corners or centres, all in integers."""
    dx, dy = 2 * x + 1 - cx2, 2 * y + 1 - cy2
    return dx * dx * ry2 * ry2 + dy * dy * rx2 * rx2 <= rx2 * rx2 * ry2 * ry2


def ellipse(c, x, y, w, h, colour):
    """Fills the ellipse inscribed in the box (x, y, w, h)."""
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            if in_ellipse(xx, yy, 2 * x + w, 2 * y + h, w, h):
                c.set(xx, yy, colour)


def shaded_ellipse(c, x, y, w, h, shades):
    """A lit ball or dome: shades = (shadow, base, light, highlight), light from the top-left."""
    shadow, base, light, highlight = shades
    ellipse(c, x, y, w, h, shadow)
    ellipse(c, x, y, w - max(1, w // 6), h - max(1, h // 6), base)
    ellipse(c, x + w // 8, y + h // 8, w // 2 + 1, h // 2 + 1, light)
    ellipse(c, x + w // 4, y + h // 4, max(2, w // 5), max(2, h // 5), highlight)


def line(c, x0, y0, x1, y1, colour, thickness=1):
    """Bresenham's line; thickness > 1 stamps a square brush at each point."""
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    lo = -(thickness // 2)
    while True:
        for by in range(lo, lo + thickness):
            for bx in range(lo, lo + thickness):
                c.set(x0 + bx, y0 + by, colour)
        if x0 == x1 and y0 == y1:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def bevel_box(c, x, y, w, h, shades):
    """A raised plate: shades = (outline, shadow, base, light); light from the top-left."""
    outline, shadow, base, light = shades
    rect(c, x, y, w, h, outline)
    rect(c, x + 1, y + 1, w - 2, h - 2, shadow)
    rect(c, x + 1, y + 1, w - 3, h - 3, light)
    rect(c, x + 2, y + 2, w - 4, h - 4, base)


def outline(c, colour, corners=False):
    """A 1-pixel border around everything drawn, outside it (the canvas must leave room).
    Without corners the border follows only the four neighbours: rounder silhouettes."""
    around = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if corners:
        around += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    edge = [(x, y) for y in range(c.h) for x in range(c.w)
            if c.px[y][x] is None and any(c.get(x + dx, y + dy) is not None for dx, dy in around)]
    for x, y in edge:
        c.set(x, y, colour)


def darken_inner_edge(c, colour, dx, dy):
    """Pixels whose neighbour at (dx, dy) is empty take `colour`: a shadow on that side."""
    marked = [(x, y) for y in range(c.h) for x in range(c.w)
              if c.px[y][x] is not None and c.get(x + dx, y + dy) is None]
    for x, y in marked:
        c.set(x, y, colour)


# --- PNG -------------------------------------------------------------------------------------

def _chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xFFFFFFFF)


def png_bytes(c):
    """The PNG file of a canvas: indexed (palette + transparency) when it has at most 256
    colours, else RGBA. The palette is sorted (translucent entries first, so the tRNS chunk
    stays short) and nothing depends on time or machine: same pixels, same bytes."""
    pixels = [(0, 0, 0, 0) if p is None else p for row in c.px for p in row]
    colours = sorted(set(pixels), key=lambda p: (p[3] == 255, p))
    header = struct.pack('>IIBBBBB', c.w, c.h, 8, 3 if len(colours) <= 256 else 6, 0, 0, 0)
    chunks = [_chunk(b'IHDR', header)]
    if len(colours) <= 256:
        index = {p: i for i, p in enumerate(colours)}
        raw = b''.join(b'\0' + bytes(index[p] for p in pixels[y * c.w:(y + 1) * c.w])
                       for y in range(c.h))
        chunks.append(_chunk(b'PLTE', b''.join(bytes(p[:3]) for p in colours)))
        alphas = bytes(p[3] for p in colours if p[3] < 255)
        if alphas:
            chunks.append(_chunk(b'tRNS', alphas))
    else:
        raw = b''.join(b'\0' + b''.join(bytes(p) for p in pixels[y * c.w:(y + 1) * c.w])
                       for y in range(c.h))
    chunks.append(_chunk(b'IDAT', zlib.compress(raw, 9)))
    chunks.append(_chunk(b'IEND', b''))
    return b'\x89PNG\r\n\x1a\n' + b''.join(chunks)


def over(p, background):
    """Pixel p drawn over an opaque background colour (alpha blending)."""
    if p is None:
        return background
    a = p[3]
    return tuple((p[i] * a + background[i] * (255 - a)) // 255 for i in range(3)) + (255,)


def scaled(c, factor, background):
    """An opaque copy on `background`, enlarged `factor` times (previews; never committed)."""
    big = Canvas(c.w * factor, c.h * factor)
    for y in range(big.h):
        for x in range(big.w):
            big.px[y][x] = over(c.px[y // factor][x // factor], background)
    return big
