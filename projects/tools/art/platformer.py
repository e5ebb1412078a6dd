"""platformer: the platformer sample's hero, enemy, tileset and props, seen from the side.

32 pixels make one world unit, as in projects/platformer's scene: the player's Sprite is
0.8 x 1.0 -> 26 x 32 frames with the feet on the bottom row (the frame is the collider box),
the enemy's 0.8 x 0.7 -> 26 x 22, a tile is 32 x 32 (one unit), the moving platform
3 x 0.5 -> 96 x 16. Light comes from the top-left; every part has a dark outline.

The hero is put together per frame from a pose (where the hips, knees, feet, shoulders,
elbows and hands are: small integer tables, one line per frame) and parts drawn in order:
far arm and leg in darker shades, then the near leg, the body, the head, the near arm.
"""
from .canvas import (Canvas, darken_inner_edge, ellipse, hline, line, noise, outline, ramp, rect, rgb,
                     shaded_ellipse, vline, with_alpha)
from .sheet import Sheet

INK = rgb('#1b1020')  # every outline of the hero
SKIN = ramp('#8a4a32', '#d88c5e', '#f2b98a')  # shadow, base, light
CAP = ramp('#7a1822', '#c8322c', '#ee6446', '#ffa27a')
JACKET = ramp('#7a1822', '#c8322c', '#ee6446')
PANTS = ramp('#1d2a52', '#30508a', '#4a78bc')
BOOTS = ramp('#3d2414', '#66401f', '#8f6032')
HAIR = ramp('#2a170c', '#4a2c17')
BELT = ramp('#2a170c', '#f3c74e')  # leather, buckle

GRASS = ramp('#1f3a1e', '#2f6b2a', '#4a9a36', '#79c44a', '#b4e46c')
DIRT = ramp('#2a1a12', '#5a3520', '#7c4c2c', '#9c653a', '#b98250')
BRICK = ramp('#2c1410', '#6b2e1e', '#a04a2c', '#c8683c', '#e08f5a')
STEEL = ramp('#1a1c24', '#434856', '#6d7484', '#a1a9b8', '#dde3ec')
WOOD = ramp('#2e1a0e', '#6a3f1f', '#96602f', '#c08546', '#e0b072')
SLIME = ramp('#2a1238', '#5e2a78', '#8c46a8', '#b878d0', '#e6c2f0')
CLOUD = ramp('#8fa6c8', '#c9d8ec', '#f4f8fc')
FLOWER = ramp('#b02850', '#f0e04a', '#f6f0ff')
GLOW = ramp('#ff8a2a', '#ffb347', '#ffd970', '#fff6d8')

# --- the hero --------------------------------------------------------------------------------
# A pose: (body_dy, near_leg, far_leg, near_arm, far_arm). A leg is (knee, ankle), an arm
# (elbow, hand), each point (x, y) in the 26 x 32 frame; hips and shoulders follow the body.
HIP_NEAR, HIP_FAR = (14, 21), (11, 21)
SHOULDER_NEAR, SHOULDER_FAR = (14, 15), (11, 15)
ARM_DOWN = ((15, 18), (16, 21))
ARM_FORWARD = ((17, 17), (19, 15))
ARM_BACK = ((10, 18), (8, 20))
ARM_MID = ((14, 19), (17, 19))
ARM_UP = ((17, 12), (19, 9))
ARM_OUT = ((8, 13), (6, 11))

IDLE = [
    (0, ((15, 25), (15, 28)), ((11, 25), (10, 28)), ARM_DOWN, ((10, 18), (10, 21))),
    (1, ((16, 25), (15, 28)), ((11, 25), (10, 28)), ((15, 19), (17, 21)),
     ((10, 19), (10, 22))),
]
RUN = [
    (0, ((18, 24), (20, 27)), ((9, 24), (6, 26)), ARM_BACK, ARM_FORWARD),
    (1, ((17, 24), (16, 28)), ((9, 23), (6, 23)), ARM_MID, ARM_MID),
    (-1, ((15, 25), (14, 28)), ((15, 22), (12, 25)), ARM_FORWARD, ARM_BACK),
    (0, ((9, 24), (6, 26)), ((18, 24), (20, 27)), ARM_FORWARD, ARM_BACK),
    (1, ((9, 23), (6, 23)), ((17, 24), (16, 28)), ARM_MID, ARM_MID),
    (-1, ((15, 22), (12, 25)), ((15, 25), (14, 28)), ARM_BACK, ARM_FORWARD),
]
JUMP = [
    (-1, ((17, 22), (15, 25)), ((11, 25), (9, 28)), ARM_UP, ARM_BACK),
    (0, ((17, 24), (18, 27)), ((9, 23), (7, 26)), ARM_FORWARD, ARM_OUT),
]

HEAD = [  # 12 x 11, facing right; letters are looked up in HEAD_COLOURS
    '...RRRRR....',
    '..RLLRRRR...',
    '.RLLRRRRRr..',
    '.RRRRRRRRRRr',
    'HHrrrrrrrrr.',
    'HHSSSlllSS..',
    'HHsSSSSSES..',
    'HsSSSSSSESS.',
    '.sSSSSSSSSS.',
    '..sSSSSSSs..',
    '...ssssss...',
]
HEAD_COLOURS = {'R': CAP[1], 'L': CAP[2], 'r': CAP[0], 'H': HAIR[1], 'S': SKIN[1],
                's': SKIN[0], 'l': SKIN[2], 'E': INK}


def draw_ascii(c, rows, colours, x0, y0):
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in colours:
                c.set(x0 + x, y0 + y, colours[ch])


def limb(points, shades, thickness, end=None):
    """One arm or leg on its own canvas: segments through `points`, lit on their upper
    pixels, `end` (a function drawing the hand or boot) at the last point, then outlined."""
    c = Canvas(26, 32)
    base, light = shades
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        line(c, x0, y0, x1, y1, base, thickness)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        line(c, x0, y0 - thickness // 2, x1, y1 - thickness // 2, light, 1)
    if end:
        end(c, *points[-1])
    outline(c, INK)
    return c


def boot(shades):
    def draw(c, x, y):
        rect(c, x - 1, y, 5, 3, shades[1])
        hline(c, x - 1, y, 4, shades[2])
        hline(c, x - 1, y + 2, 5, shades[0])
    return draw


def hand(c, x, y):
    rect(c, x, y, 2, 2, SKIN[1])
    c.set(x, y, SKIN[2])


def body(dy, blink=False):
    """Torso, belt and head, on their own canvas; a blink closes the eye."""
    c = Canvas(26, 32)
    top = 13 + dy
    rect(c, 9, top, 8, 8, JACKET[1])
    vline(c, 9, top, 8, JACKET[2])
    hline(c, 10, top, 5, JACKET[2])  # collar
    vline(c, 16, top + 1, 7, JACKET[0])
    hline(c, 9, top + 6, 8, BELT[0])
    c.set(14, top + 6, BELT[1])
    rect(c, 9, top + 7, 8, 1, PANTS[1])
    outline(c, INK)
    head = Canvas(26, 32)
    draw_ascii(head, HEAD, dict(HEAD_COLOURS, E=SKIN[1]) if blink else HEAD_COLOURS, 7, 2 + dy)
    if blink:  # the closed lid, a short line where the eye's lower half was
        hline(head, 14, 9 + dy, 2, INK)
    outline(head, INK)
    c.blit(head, 0, 0)
    return c


def hero(pose, blink=False):
    dy, near_leg, far_leg, near_arm, far_arm = pose

    def shifted(point):
        return (point[0], point[1] + dy)

    dark_pants, dark_jacket = (PANTS[0], PANTS[1]), (JACKET[0], JACKET[1])
    c = Canvas(26, 32)
    c.blit(limb([shifted(SHOULDER_FAR), *far_arm], dark_jacket, 2, hand), 0, 0)
    far_boots = (BOOTS[0], BOOTS[0], BOOTS[1])
    c.blit(limb([shifted(HIP_FAR), *far_leg], dark_pants, 3, boot(far_boots)), 0, 0)
    c.blit(limb([shifted(HIP_NEAR), *near_leg], (PANTS[1], PANTS[2]), 3, boot(BOOTS)), 0, 0)
    c.blit(body(dy, blink), 0, 0)
    c.blit(limb([shifted(SHOULDER_NEAR), *near_arm], (JACKET[1], JACKET[2]), 2, hand), 0, 0)
    return c


def player_sheet():
    s = Sheet('player.png', 26 * 12, spacing=0)
    breathing = [hero(IDLE[0]), hero(IDLE[1]), hero(IDLE[0]), hero(IDLE[0], blink=True)]
    s.add_animation('idle', breathing, [400, 400, 400, 120])
    s.add_animation('run', [hero(p) for p in RUN], [90] * len(RUN))
    s.add_animation('jump', [hero(p) for p in JUMP], [150, 150])
    return s


# --- the enemy -------------------------------------------------------------------------------

def paint_inside(c, shape, colour):
    """Draws `colour` where both `shape` (a canvas) and `c` have pixels: shading a form."""
    for y in range(c.h):
        for x in range(c.w):
            if shape.px[y][x] is not None and c.px[y][x] is not None:
                c.px[y][x] = colour


def slime(height, width, squashed=False):
    """26 x 22: a jelly dome `height` pixels tall standing on the bottom row, with eyes."""
    c = Canvas(26, 22)
    x, top = 13 - width // 2, 21 - height
    ellipse(c, x, top, width, 2 * height, SLIME[2])
    hline(c, 0, 21, 26, None)  # the floor row is for the outline
    darken_inner_edge(c, SLIME[1], 1, 0)
    darken_inner_edge(c, SLIME[1], 0, 1)
    light = Canvas(26, 22)
    ellipse(light, x + 2, top + 2, width // 2, height * 3 // 4, SLIME[3])
    paint_inside(c, light, SLIME[3])
    rect(c, x + width // 5, top + height // 4 + 1, 2, 2, SLIME[4])
    eye_y = top + height // 3 + 1
    for ex in (13 + width // 8, 13 + width // 8 + 5):
        if squashed:
            hline(c, ex, eye_y + 1, 3, INK)
        else:
            rect(c, ex, eye_y, 2, 4, INK)
            c.set(ex, eye_y, SLIME[4])
    outline(c, SLIME[0])
    return c


def enemy_sheet():
    s = Sheet('enemy.png', 26 * 3, spacing=0)
    s.add_animation('walk', [slime(19, 22), slime(17, 24)], [220, 220])
    s.add('squashed', slime(7, 24, squashed=True), 400)
    return s


# --- tiles -----------------------------------------------------------------------------------

def dirt(c, x0, y0, w, h, seed):
    """Earth with darker specks and a few stones, repeating left to right."""
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            n = noise(x, y, seed)
            c.set(x, y, DIRT[1] if n < 40 else DIRT[3] if n > 235 else DIRT[2])
    for i in range(3):
        x, y = x0 + 3 + noise(i, 0, seed) % (w - 7), y0 + 3 + noise(i, 1, seed) % (h - 6)
        hline(c, x, y, 3, DIRT[4])
        hline(c, x, y + 1, 3, DIRT[3])
        hline(c, x + 1, y + 2, 2, DIRT[0])


def grass_top(c, x0, w, depth, seed):
    """A band of grass on top of earth: tufts on its upper edge, drips below."""
    for x in range(x0, x0 + w):
        d = depth + (noise(x, 0, seed) % 3 == 0) - (noise(x, 1, seed) % 4 == 0)
        vline(c, x, 1, d, GRASS[2])
        c.set(x, d + 1, GRASS[1])
        c.set(x, 1, GRASS[3])
        if noise(x, 2, seed) % 5 == 0:
            c.set(x, 2, GRASS[4])
        c.set(x, 0, GRASS[0] if noise(x, 3, seed) % 3 else GRASS[3])
        c.set(x, d + 2, DIRT[0] if noise(x, 4, seed) % 2 else c.get(x, d + 2))


def side_edge(c, x, right, grass_depth=0):
    """The left or right face of a ground block: a dark outline and a shaded column; on a
    top corner (grass_depth > 0) the grass band rounds over it."""
    vline(c, x, 0, 32, DIRT[0])
    inner = x - 1 if right else x + 1
    vline(c, inner, 0, 32, DIRT[1] if right else DIRT[3])
    if grass_depth:
        vline(c, inner, 0, grass_depth + 1, GRASS[1] if right else GRASS[3])
        c.set(x, 0, None)


def ground(part):
    """part: top_left, top, top_right, left, middle, right (32 x 32 each)."""
    c = Canvas(32, 32)
    dirt(c, 0, 0, 32, 32, 21 + len(part))
    if part.startswith('top'):
        grass_top(c, 0, 32, 5, 3)
    if part in ('top_left', 'left'):
        side_edge(c, 0, right=False, grass_depth=6 if part == 'top_left' else 0)
    if part in ('top_right', 'right'):
        side_edge(c, 31, right=True, grass_depth=6 if part == 'top_right' else 0)
    return c


def platform(part):
    """part: left, middle, right: a floating grassy ledge 16 pixels thick (0.5 units)."""
    c = Canvas(32, 32)
    dirt(c, 0, 0, 32, 15, 40)
    grass_top(c, 0, 32, 4, 9)
    hline(c, 0, 15, 32, DIRT[0])
    hline(c, 0, 14, 32, DIRT[1])
    if part == 'left':
        for y in range(16):
            cut = max(0, 3 - y) + max(0, y - 11)
            hline(c, 0, y, cut, None)
            c.set(cut, y, DIRT[0] if y > 5 else GRASS[0])
    if part == 'right':
        for y in range(16):
            cut = max(0, 3 - y) + max(0, y - 11)
            hline(c, 32 - cut, y, cut, None)
            c.set(31 - cut, y, DIRT[0] if y > 5 else GRASS[0])
    return c


def bridge():
    """A one-way plank bridge: 8 pixels of boards on the top of the tile, rails below."""
    c = Canvas(32, 32)
    for x0 in range(0, 32, 8):
        rect(c, x0, 0, 8, 7, WOOD[2])
        hline(c, x0, 0, 8, WOOD[4])
        hline(c, x0, 1, 8, WOOD[3])
        hline(c, x0, 6, 8, WOOD[1])
        vline(c, x0, 0, 7, WOOD[0])
        c.set(x0 + 2, 3, WOOD[0])
        c.set(x0 + 5, 3, WOOD[0])
    hline(c, 0, 7, 32, WOOD[0])
    for x in (6, 22):  # rope ties hanging under the boards
        vline(c, x, 8, 3, WOOD[1])
        c.set(x, 11, WOOD[0])
    return c


def brick():
    """32 x 32, repeats seamlessly: bricks 16 x 8 in offset courses."""
    c = Canvas(32, 32)
    rect(c, 0, 0, 32, 32, BRICK[0])
    for row in range(4):
        y = row * 8
        for x in range(-8 * (row % 2), 32, 16):
            tone = 2 + (noise(x, y, 3) % 4 == 0)
            for dx in range(15):
                xx = (x + dx) % 32
                vline(c, xx, y, 7, BRICK[tone])
                c.set(xx, y, BRICK[tone + 1])
                c.set(xx, y + 6, BRICK[1])
            vline(c, x % 32, y, 7, BRICK[tone + 1])
            vline(c, (x + 14) % 32, y + 1, 6, BRICK[1])
    return c


def spike():
    """Four steel spikes standing on the bottom of the tile (half a tile tall)."""
    c = Canvas(32, 32)
    for i in range(4):
        x0 = i * 8
        for h in range(14):
            half = (h + 2) // 4
            y = 17 + h
            hline(c, x0 + 4 - half, y, 2 * half, STEEL[2])
            c.set(x0 + 4 - half, y, STEEL[3])
            if half > 1:
                c.set(x0 + 3 + half, y, STEEL[1])
        vline(c, x0 + 3, 18, 8, STEEL[4])
    rect(c, 0, 30, 32, 2, STEEL[1])
    hline(c, 0, 30, 32, STEEL[3])
    outline(c, STEEL[0])
    return c


def bush():
    """Background: a round shrub sitting on the bottom of the tile."""
    c = Canvas(32, 32)
    for x, y, r in [(9, 22, 7), (22, 21, 8), (15, 16, 8)]:
        shaded_ellipse(c, x - r, y - r, 2 * r, 2 * r, (GRASS[1], GRASS[2], GRASS[3], GRASS[4]))
    rect(c, 2, 26, 28, 6, GRASS[1])
    hline(c, 2, 31, 28, GRASS[0])
    outline(c, GRASS[0])
    for x in range(32):  # the row under the bush is the ground's: keep it empty
        c.set(x, 31, GRASS[0] if c.get(x, 31) is not None else None)
    return c


def flowers():
    """Background: tufts of grass with three flowers."""
    c = Canvas(32, 32)
    for x in range(3, 29):
        h = 2 + noise(x, 0, 8) % 5
        vline(c, x, 32 - h, h, GRASS[2 + (x % 3 == 0)])
    for x, h, colour in [(7, 11, FLOWER[0]), (16, 14, FLOWER[2]), (24, 9, FLOWER[0])]:
        vline(c, x, 32 - h, h, GRASS[1])
        c.set(x + 1, 32 - h // 2, GRASS[3])
        for dx, dy in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
            c.set(x + dx, 31 - h + dy, colour)
        c.set(x, 31 - h, FLOWER[1])
    outline(c, GRASS[0])
    return c


def cloud(part):
    """Background: a cloud two tiles wide (left, right halves)."""
    whole = Canvas(64, 32)
    for x, y, r in [(14, 20, 8), (26, 14, 11), (40, 16, 10), (52, 21, 7), (33, 22, 8)]:
        ellipse(whole, x - r, y - r, 2 * r, 2 * r, CLOUD[1])
    rect(whole, 8, 22, 50, 6, CLOUD[1])
    for x, y, r in [(14, 19, 6), (25, 12, 8), (39, 14, 7)]:
        ellipse(whole, x - r, y - r, 2 * r, 2 * r, CLOUD[2])
    hline(whole, 8, 27, 50, CLOUD[0])
    outline(whole, CLOUD[0])
    c = Canvas(32, 32)
    c.blit(whole, 0 if part == 'left' else -32, 0)
    return c


def tile_sheet():
    s = Sheet('tiles.png', 32 * 8, spacing=0)
    for part in ('top_left', 'top', 'top_right'):
        s.add('ground_' + part, ground(part))
    for part in ('left', 'middle', 'right'):
        s.add('platform_' + part, platform(part))
    s.add('brick', brick())
    s.add('spike', spike())
    for part in ('left', 'middle', 'right'):
        s.add('ground_' + part, ground(part))
    s.add('bridge', bridge())
    s.add('bush', bush())
    s.add('flowers', flowers())
    s.add('cloud_left', cloud('left'))
    s.add('cloud_right', cloud('right'))
    return s


# --- props -----------------------------------------------------------------------------------

def moving_platform():
    """96 x 16 (3 x 0.5 units): a wooden deck on a steel frame, bolted."""
    c = Canvas(96, 16)
    rect(c, 1, 1, 94, 8, WOOD[2])
    for x0 in range(1, 95, 12):
        hline(c, x0, 1, 12, WOOD[4])
        hline(c, x0, 2, 12, WOOD[3])
        vline(c, x0, 1, 8, WOOD[1])
    hline(c, 1, 8, 94, WOOD[1])
    rect(c, 3, 9, 90, 5, STEEL[2])
    hline(c, 3, 9, 90, STEEL[3])
    hline(c, 3, 13, 90, STEEL[1])
    for x in range(8, 90, 16):  # bolts
        c.set(x, 11, STEEL[4])
        c.set(x + 1, 12, STEEL[0])
    for x in (1, 93):  # end caps
        rect(c, x, 9, 2, 5, STEEL[1])
    outline(c, WOOD[0])
    return c


def glow():
    """32 x 32: a warm light, translucent rings around a bright core (for a pulsing light)."""
    c = Canvas(32, 32)
    rings = [(15, GLOW[0], 48), (12, GLOW[1], 96), (9, GLOW[1], 150), (6, GLOW[2], 220),
             (3, GLOW[3], 255)]
    for r, colour, alpha in rings:
        ellipse(c, 16 - r, 16 - r, 2 * r, 2 * r, with_alpha(colour, alpha))
    return c


def loose_images():
    return [('moving_platform', moving_platform()), ('glow', glow())]
