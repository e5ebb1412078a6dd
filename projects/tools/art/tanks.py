"""tanks: Tiny Tanks' sprite sheet, seen from above, every vehicle facing right (+x).

32 pixels make one world unit, so each part's frame matches its Sprite.size in
projects/tiny_tanks (tank.prefab.json): hull 1.0 x 0.62 -> 32 x 20, track 1.12 x 0.2 -> 36 x 7,
turret 0.42 -> 14 x 14, barrel 0.6 x 0.13 -> 19 x 5, bullet 0.2 -> 7 x 7. The whole tank
(hull on its two tracks, for one-sprite tanks) is 36 x 28 = 1.12 x 0.88. Tiles are 32 x 32
(one world unit) and repeat seamlessly; the scorch mark is a translucent decal for the ground.

The `_tint` frames are the same parts in light greys, to be coloured by Sprite.tint (the
sample paints a tank's parts in its team's colour that way).

Light comes from the top-left everywhere: top and left edges take the lighter shades,
bottom and right the darker ones, and every sprite has a dark outline of its own material.
"""
from .canvas import (Canvas, bevel_box, ellipse, hline, noise, outline, ramp, rect,
                     shaded_ellipse, vline, with_alpha)
from .sheet import Sheet

# Each ramp: outline, shadow, base, light, highlight.
RED = ramp('#3a1120', '#7d2330', '#b8372f', '#e2603a', '#f6a06a')
BLUE = ramp('#0f1a3a', '#213f7a', '#2f63b5', '#4d91dd', '#94ccf5')
METAL = ramp('#15161c', '#30333d', '#4e5361', '#7c8494', '#b4bcc9')
TRACK = ramp('#101114', '#24252b', '#3a3c44', '#5a5d67')
FIRE = ramp('#3d1208', '#962b0e', '#dc5a14', '#f79d24', '#ffd84f', '#fff7c9')
SMOKE = ramp('#231f21', '#3e393b', '#5c5658', '#7f7979', '#a7a19d')
STONE = ramp('#24211f', '#4a4541', '#6f6962', '#958e84', '#bdb6a9')
WOOD = ramp('#2e1a0e', '#5e3519', '#8d5428', '#b97a3c', '#deac66')
GROUND = ramp('#262c1c', '#333c24', '#3d492b', '#4a5833', '#5d6c3e')
TINT = ramp('#3a3a42', '#8e8e96', '#c2c2ca', '#e4e4ea', '#ffffff')  # greys for Sprite.tint
WRECK = ramp('#141214', '#2a2628', '#3d393a', '#524d4d', '#6a6464')
LAMP = ramp('#fff3b0')[0]

TRACK_FRAMES = 3


# --- tank parts ------------------------------------------------------------------------------

def track(frame):
    """36 x 7: the top run of a track; its grooves move one pixel forward per frame."""
    c = Canvas(36, 7)
    rect(c, 1, 0, 34, 7, TRACK[0])
    rect(c, 0, 1, 36, 5, TRACK[0])
    rect(c, 1, 1, 34, 5, TRACK[2])
    for x in range(1, 35):
        if (x - frame) % 3 == 0:
            vline(c, x, 1, 5, TRACK[1])
        elif (x - frame) % 3 == 1:
            vline(c, x, 2, 3, TRACK[3])
    hline(c, 1, 5, 34, TRACK[1])
    return c


def hull(team, lamps=LAMP):
    """32 x 20: the body between the tracks, engine deck at the back, glacis plate in front."""
    outline_c, shadow, base, light, highlight = team
    c = Canvas(32, 20)
    # body with cut corners, front more than back
    rect(c, 1, 0, 28, 20, outline_c)
    rect(c, 0, 1, 32, 18, outline_c)
    rect(c, 29, 1, 2, 18, outline_c)
    rect(c, 1, 1, 29, 18, base)
    rect(c, 30, 3, 1, 14, base)
    # lit top and left edges, dark bottom and right edges
    hline(c, 1, 1, 29, light)
    vline(c, 1, 1, 18, light)
    hline(c, 2, 18, 28, shadow)
    vline(c, 30, 3, 14, shadow)
    # fenders along the tracks
    hline(c, 2, 2, 27, highlight)
    hline(c, 2, 17, 27, shadow)
    # glacis plate: a seam, then a slightly lighter slope
    vline(c, 24, 2, 16, outline_c)
    rect(c, 25, 3, 5, 14, light)
    vline(c, 25, 3, 14, highlight)
    # headlights at the front corners
    c.set(29, 3, lamps)
    c.set(29, 16, lamps)
    # engine deck: grille slats at the back
    rect(c, 2, 5, 6, 10, shadow)
    for y in range(6, 14, 2):
        hline(c, 3, y, 4, outline_c)
    vline(c, 8, 5, 10, outline_c)
    # rivets on the fenders
    for x in range(6, 24, 5):
        c.set(x, 2, light)
        c.set(x, 17, outline_c)
    return c


def whole_tank(team, frame):
    """36 x 28: the hull on its two tracks (the prefab's hull + tracks in one sprite)."""
    c = Canvas(36, 28)
    c.blit(track(frame), 0, 0)
    c.blit(track(frame), 0, 21)
    c.blit(hull(team), 2, 4)
    return c


def turret(team):
    """14 x 14: a round dome with a commander's hatch; the barrel comes out from under it."""
    outline_c, shadow, base, light, highlight = team
    c = Canvas(14, 14)
    shaded_ellipse(c, 1, 1, 12, 12, (shadow, base, light, highlight))
    outline(c, outline_c)
    # hatch, set towards the back: a dark ring with a lit rim on its lower right
    rect(c, 3, 6, 4, 2, shadow)
    rect(c, 4, 5, 2, 4, shadow)
    c.set(4, 6, outline_c)
    c.set(5, 7, light)
    c.set(6, 7, light)
    # periscope block in front of the hatch
    rect(c, 9, 5, 2, 4, outline_c)
    vline(c, 9, 5, 3, highlight)
    return c


def barrel():
    """19 x 5: a gun tube, lit on top, with a muzzle brake at its end."""
    c = Canvas(19, 5)
    rect(c, 0, 0, 19, 5, METAL[0])
    hline(c, 0, 1, 15, METAL[4])
    hline(c, 0, 2, 15, METAL[3])
    hline(c, 0, 3, 15, METAL[1])
    rect(c, 16, 1, 2, 3, METAL[2])
    hline(c, 16, 1, 2, METAL[4])
    vline(c, 0, 1, 3, METAL[1])  # the end under the turret, in its shadow
    return c


def bullet():
    """7 x 7: a glowing shell."""
    c = Canvas(7, 7)
    ellipse(c, 0, 0, 7, 7, FIRE[2])
    ellipse(c, 1, 1, 5, 5, FIRE[4])
    ellipse(c, 1, 1, 3, 3, FIRE[5])
    for x, y in [(0, 2), (2, 0), (0, 4), (4, 0), (6, 2), (2, 6), (6, 4), (4, 6)]:
        if c.get(x, y) is not None:
            c.set(x, y, FIRE[3])
    return c


# --- fire and smoke --------------------------------------------------------------------------

def puff(c, cx, cy, r, shades):
    """One round cloud: shades = (edge, base, light), the light part up and to the left."""
    edge, base, lit = shades
    ellipse(c, cx - r, cy - r, 2 * r, 2 * r, edge)
    ellipse(c, cx - r + 1, cy - r + 1, 2 * r - 2, 2 * r - 2, base)
    if r >= 3:
        ellipse(c, cx - r + 1, cy - r + 1, r + 1, r + 1, lit)


# Where the puffs of an explosion sit (unit directions x 8), around the centre.
PUFF_DIRECTIONS = [(8, -3), (2, -8), (-6, -5), (-8, 3), (-2, 8), (6, 6)]


def explosion(frame):
    """32 x 32, six frames: a white flash, a fireball, its breaking up, then smoke."""
    c = Canvas(32, 32)
    hot = (FIRE[3], FIRE[4], FIRE[5])
    burn = (FIRE[2], FIRE[3], FIRE[4])
    dark = (FIRE[1], FIRE[2], FIRE[3])
    smoke = (SMOKE[1], SMOKE[2], SMOKE[3])
    thin = (SMOKE[2], SMOKE[3], SMOKE[4])
    # (distance of the outer puffs x 1/8, their radius, their shades, core radius, core shades)
    steps = [(0, 0, None, 5, hot),
             (4, 4, burn, 7, hot),
             (7, 6, burn, 8, burn),
             (9, 6, dark, 7, burn),
             (11, 5, smoke, 4, dark),
             (12, 3, thin, 0, None)]
    distance, radius, shades, core, core_shades = steps[frame]
    if shades:
        for dx, dy in PUFF_DIRECTIONS:
            puff(c, 16 + dx * distance // 8, 16 + dy * distance // 8, radius, shades)
    if core:
        puff(c, 16, 16, core, core_shades)
    outline(c, SMOKE[0] if frame >= 3 else FIRE[0])
    if frame == 0:  # sparks flying out
        for dx, dy in PUFF_DIRECTIONS:
            c.set(16 + dx * 10 // 8, 16 + dy * 10 // 8, FIRE[4])
    return c


def muzzle_flash(frame):
    """16 x 12, three frames: a burst pointing right, growing then thinning."""
    c = Canvas(16, 12)
    length, half = [(9, 3), (14, 5), (11, 2)][frame]
    outer, inner = (FIRE[3], FIRE[5]) if frame < 2 else (FIRE[2], FIRE[4])
    peak = length // 3
    for x in range(length):  # a spindle: widest a third of the way along
        h = half * (x + 1) // (peak + 1) if x <= peak else half * (length - x) // (length - peak)
        rect(c, 1 + x, 6 - h, 1, max(1, 2 * h), outer)
        rect(c, 1 + x, 6 - h // 2, 1, max(1, h), inner)
    if frame == 1:  # side spikes
        for i in range(3):
            c.set(5 + i, 3 - i, FIRE[4])
            c.set(5 + i, 8 + i, FIRE[4])
    outline(c, FIRE[2] if frame < 2 else FIRE[1])
    return c


def scorch():
    """32 x 32: a translucent burn mark left on the ground, ragged at its edge."""
    c = Canvas(32, 32)
    for y in range(32):
        for x in range(32):
            dx, dy = 2 * x + 1 - 32, 2 * y + 1 - 32
            d = dx * dx + dy * dy + (noise(x // 2, y // 2, 4) - 128) * 3  # roughened
            for limit, shade, alpha in [(160, WRECK[0], 210), (480, WRECK[0], 150),
                                        (860, WRECK[1], 90)]:
                if d < limit:
                    c.set(x, y, with_alpha(shade, alpha))
                    break
    return c


# --- tiles -----------------------------------------------------------------------------------

def pebble(c, x, y, shades):
    """A 3 x 2 stone with a light top and a dark underside."""
    dark, base, light = shades
    hline(c, x, y, 3, light)
    hline(c, x, y + 1, 3, base)
    hline(c, x + 1, y + 2, 2, dark)


def ground(variant):
    """32 x 32, repeats seamlessly: trampled olive earth with speckles, pebbles and tufts."""
    c = Canvas(32, 32)
    for y in range(32):
        for x in range(32):
            n = noise(x, y, 11 + variant)
            c.set(x, y, GROUND[1] if n < 28 else GROUND[3] if n > 236 else GROUND[2])
    for i in range(4 + 2 * variant):
        x, y = 2 + noise(i, 1, variant) % 26, 2 + noise(i, 2, variant) % 26
        if noise(i, 3, variant) < 128:
            pebble(c, x, y, (GROUND[0], STONE[2], STONE[3]))
        else:  # a tuft of grass
            for dx, h in [(0, 2), (1, 3), (2, 2)]:
                vline(c, x + dx, y + 3 - h, h, GROUND[4])
            hline(c, x, y + 3, 3, GROUND[1])
    return c


def wall():
    """32 x 32, repeats seamlessly: cut stone blocks seen from above, in offset courses."""
    c = Canvas(32, 32)
    rect(c, 0, 0, 32, 32, STONE[0])
    for row in range(2):
        y = row * 16
        for x in range(-8 * row, 32, 16):
            tone = noise(x, y, 5) % 3
            shades = (STONE[0], STONE[1], STONE[2 + (tone == 2)] if tone else STONE[2],
                      STONE[3 + (tone == 2)])
            block = Canvas(16, 16)
            bevel_box(block, 0, 0, 16, 16, shades)
            for i in range(3):  # chips and cracks
                px, py = 3 + noise(x, i, 7) % 10, 3 + noise(i, y, 7) % 10
                block.set(px, py, STONE[1])
                block.set(px + 1, py, STONE[1] if i else STONE[4])
            for dx in range(16):
                xx = (x + dx) % 32
                for dy in range(16):
                    c.set(xx, y + dy, block.get(dx, dy))
    return c


def crate():
    """32 x 32: a wooden crate with a frame, planks and a diagonal brace."""
    c = Canvas(32, 32)
    bevel_box(c, 0, 0, 32, 32, (WOOD[0], WOOD[1], WOOD[2], WOOD[3]))
    # inner planks
    rect(c, 5, 5, 22, 22, WOOD[1])
    for y in range(5, 27, 5):
        rect(c, 5, y, 22, 4, WOOD[2])
        hline(c, 5, y, 22, WOOD[3])
    # the frame's inner edge
    hline(c, 4, 4, 24, WOOD[0])
    vline(c, 4, 4, 24, WOOD[0])
    hline(c, 4, 27, 24, WOOD[4])
    vline(c, 27, 4, 24, WOOD[4])
    # diagonal brace from bottom-left to top-right
    for i in range(22):
        x, y = 5 + i, 26 - i
        c.set(x, y, WOOD[3])
        c.set(x + 1, y, WOOD[4])
        c.set(x - 1, y, WOOD[1])
        c.set(x, y + 1, WOOD[0])
    # nails in the frame's corners
    for x, y in [(2, 2), (29, 2), (2, 29), (29, 29)]:
        c.set(x, y, METAL[4])
        c.set(x + 1, y + 1, METAL[1])
    return c


# --- the sheet -------------------------------------------------------------------------------

def sheet():
    s = Sheet('tanks.png', 256)
    track_ms = [80] * TRACK_FRAMES
    s.add_animation('tank_red', [whole_tank(RED, f) for f in range(TRACK_FRAMES)], track_ms)
    s.add_animation('tank_blue', [whole_tank(BLUE, f) for f in range(TRACK_FRAMES)], track_ms)
    s.add_animation('tank_tint', [whole_tank(TINT, f) for f in range(TRACK_FRAMES)], track_ms)
    s.add('hull_tint', hull(TINT))
    s.add('turret_tint', turret(TINT))
    s.new_shelf()
    s.add('hull_red', hull(RED))
    s.add('hull_blue', hull(BLUE))
    s.add('hull_wreck', hull(WRECK, lamps=WRECK[1]))
    s.add_animation('track', [track(f) for f in range(TRACK_FRAMES)], track_ms)
    s.add('turret_red', turret(RED))
    s.add('turret_blue', turret(BLUE))
    s.new_shelf()
    s.add_animation('explosion', [explosion(f) for f in range(6)], [60, 70, 80, 90, 110, 130])
    s.add('barrel', barrel())
    s.add('bullet', bullet())
    s.new_shelf()
    s.add_animation('muzzle_flash', [muzzle_flash(f) for f in range(3)], [40, 50, 40])
    s.add('ground_0', ground(0))
    s.add('ground_1', ground(1))
    s.add('wall', wall())
    s.add('crate', crate())
    s.add('scorch', scorch())
    return s
