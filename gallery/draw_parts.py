#!/usr/bin/env python3
"""Draws every part PNG of the gallery rigs (gallery/<rig>/parts/*.png).

Python 3 standard library only: shapes are rasterised by supersampled coverage
(4x4 samples per pixel on the edge band, exact inside/outside elsewhere),
composited with the "over" operator in premultiplied float, and written as
8-bit RGBA PNGs with zlib + struct. Nothing random, no clock: running

    python3 gallery/draw_parts.py

regenerates every part byte for byte. The PNGs are committed, so building the
gallery never needs Python.

Coordinates are PNG pixels: x to the right, y DOWN, origin at the top-left
corner of the image; a pixel (i, j) covers [i, i+1) x [j, j+1).
"""

import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

SS = 4  # supersamples per axis on the anti-aliased edge band
SUB = [(k + 0.5) / SS for k in range(SS)]


# ---------------------------------------------------------------- PNG writer

def write_png(path, width, height, rgba):
    """Writes `rgba` (bytearray, width*height*4, straight alpha) as a PNG."""

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = bytearray()
    stride = width * 4
    for y in range(height):
        raw.append(0)  # filter: none
        raw += rgba[y * stride:(y + 1) * stride]
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


# ---------------------------------------------------------------- colours

def rgb(hexstr, a=1.0):
    h = hexstr.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, a)


def mix(c1, c2, t):
    return tuple(c1[i] + (c2[i] - c1[i]) * t for i in range(4))


# ---------------------------------------------------------------- shapes
# Every shape has a bounding box and a signed distance `sd(x, y)` (negative
# inside). Exact distances are used for the fast accept/reject of whole pixels
# (|sd| > 0.75 px), and the sign alone for the 16 samples of an edge pixel.

class Circle:
    def __init__(self, cx, cy, r):
        self.cx, self.cy, self.r = cx, cy, r
        self.box = (cx - r, cy - r, cx + r, cy + r)

    def sd(self, x, y):
        return math.hypot(x - self.cx, y - self.cy) - self.r


class Capsule:
    """A segment (x0, y0)-(x1, y1) thickened to radius r (round caps)."""

    def __init__(self, x0, y0, x1, y1, r):
        self.p = (x0, y0, x1, y1)
        self.r = r
        self.box = (min(x0, x1) - r, min(y0, y1) - r, max(x0, x1) + r, max(y0, y1) + r)
        dx, dy = x1 - x0, y1 - y0
        self.dd = dx * dx + dy * dy

    def sd(self, x, y):
        x0, y0, x1, y1 = self.p
        dx, dy = x1 - x0, y1 - y0
        t = 0.0 if self.dd == 0 else max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / self.dd))
        return math.hypot(x - x0 - t * dx, y - y0 - t * dy) - self.r


class RoundRect:
    def __init__(self, x0, y0, x1, y1, r):
        self.c = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.h = ((x1 - x0) / 2, (y1 - y0) / 2)
        self.r = r
        self.box = (x0, y0, x1, y1)

    def sd(self, x, y):
        qx = abs(x - self.c[0]) - self.h[0] + self.r
        qy = abs(y - self.c[1]) - self.h[1] + self.r
        out = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return out + min(max(qx, qy), 0.0) - self.r


class Polygon:
    """A closed polygon (non-zero winding), exact edge distance."""

    def __init__(self, pts):
        self.pts = list(pts)
        xs = [p[0] for p in self.pts]
        ys = [p[1] for p in self.pts]
        self.box = (min(xs), min(ys), max(xs), max(ys))
        n = len(self.pts)
        self.edges = [(self.pts[i], self.pts[(i + 1) % n]) for i in range(n)]

    def sd(self, x, y):
        best = float("inf")
        wind = 0
        for (ax, ay), (bx, by) in self.edges:
            ex, ey = bx - ax, by - ay
            ll = ex * ex + ey * ey
            t = 0.0 if ll == 0 else max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / ll))
            d = (x - ax - t * ex) ** 2 + (y - ay - t * ey) ** 2
            if d < best:
                best = d
            if ay <= y:
                if by > y and ex * (y - ay) - ey * (x - ax) > 0:
                    wind += 1
            elif by <= y and ex * (y - ay) - ey * (x - ax) < 0:
                wind -= 1
        d = math.sqrt(best)
        return -d if wind != 0 else d


def ellipse(cx, cy, rx, ry, rot=0.0, n=96):
    """An ellipse as a fine polygon (rotation in degrees, y down)."""
    c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        ex, ey = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + ex * c - ey * s, cy + ex * s + ey * c))
    return Polygon(pts)


class Ring:
    """The band between two radii of a circle."""

    def __init__(self, cx, cy, r0, r1):
        self.cx, self.cy, self.r0, self.r1 = cx, cy, r0, r1
        self.box = (cx - r1, cy - r1, cx + r1, cy + r1)

    def sd(self, x, y):
        d = math.hypot(x - self.cx, y - self.cy)
        return max(d - self.r1, self.r0 - d)


class Intersect:
    def __init__(self, a, b):
        self.a, self.b = a, b
        self.box = (max(a.box[0], b.box[0]), max(a.box[1], b.box[1]),
                    min(a.box[2], b.box[2]), min(a.box[3], b.box[3]))

    def sd(self, x, y):
        return max(self.a.sd(x, y), self.b.sd(x, y))


class Subtract:
    def __init__(self, a, b):
        self.a, self.b = a, b
        self.box = a.box

    def sd(self, x, y):
        return max(self.a.sd(x, y), -self.b.sd(x, y))


class Union:
    def __init__(self, *shapes):
        self.shapes = shapes
        self.box = (min(s.box[0] for s in shapes), min(s.box[1] for s in shapes),
                    max(s.box[2] for s in shapes), max(s.box[3] for s in shapes))

    def sd(self, x, y):
        return min(s.sd(x, y) for s in self.shapes)


def polyline(pts, r):
    """A stroked polyline: one capsule per segment."""
    return Union(*[Capsule(pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1], r)
                   for i in range(len(pts) - 1)])


# ---------------------------------------------------------------- canvas

class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [[0.0, 0.0, 0.0, 0.0] for _ in range(w * h)]  # premultiplied

    def _over(self, i, c, a):
        p = self.px[i]
        k = 1.0 - a
        p[0] = c[0] * a + p[0] * k
        p[1] = c[1] * a + p[1] * k
        p[2] = c[2] * a + p[2] * k
        p[3] = a + p[3] * k

    def fill(self, shape, paint, alpha=1.0):
        """Composites `shape` filled with `paint` (an RGBA tuple, or a function
        (x, y) -> RGBA evaluated at the pixel centre) over the canvas."""
        x0 = max(0, int(math.floor(shape.box[0])) - 1)
        y0 = max(0, int(math.floor(shape.box[1])) - 1)
        x1 = min(self.w, int(math.ceil(shape.box[2])) + 1)
        y1 = min(self.h, int(math.ceil(shape.box[3])) + 1)
        sd = shape.sd
        for j in range(y0, y1):
            cy = j + 0.5
            for i in range(x0, x1):
                cx = i + 0.5
                d = sd(cx, cy)
                if d > 0.75:
                    continue
                if d < -0.75:
                    cov = 1.0
                else:
                    hits = 0
                    for sy in SUB:
                        for sx in SUB:
                            if sd(i + sx, j + sy) < 0:
                                hits += 1
                    if hits == 0:
                        continue
                    cov = hits / (SS * SS)
                col = paint(cx, cy) if callable(paint) else paint
                a = col[3] * cov * alpha
                if a > 0:
                    self._over(j * self.w + i, col, a)

    def field(self, fn):
        """Composites a per-pixel colour field fn(x, y) -> RGBA (straight)."""
        for j in range(self.h):
            for i in range(self.w):
                col = fn(i + 0.5, j + 0.5)
                if col[3] > 0:
                    self._over(j * self.w + i, col, col[3])

    def save(self, path):
        out = bytearray(self.w * self.h * 4)
        for n, (r, g, b, a) in enumerate(self.px):
            if a <= 0:
                continue
            a8 = int(round(min(1.0, a) * 255))
            if a8 == 0:
                continue
            o = n * 4
            out[o] = int(round(min(1.0, r / a) * 255))
            out[o + 1] = int(round(min(1.0, g / a) * 255))
            out[o + 2] = int(round(min(1.0, b / a) * 255))
            out[o + 3] = a8
        write_png(path, self.w, self.h, out)


def vgrad(y0, c0, y1, c1):
    """A vertical gradient paint from c0 at y0 to c1 at y1."""
    def paint(x, y):
        t = 0.0 if y1 == y0 else max(0.0, min(1.0, (y - y0) / (y1 - y0)))
        return mix(c0, c1, t)
    return paint


def radial(cx, cy, r0, c0, r1, c1):
    """A radial gradient paint from c0 inside r0 to c1 at r1 and beyond."""
    def paint(x, y):
        d = math.hypot(x - cx, y - cy)
        t = 0.0 if d <= r0 else (1.0 if d >= r1 else (d - r0) / (r1 - r0))
        return mix(c0, c1, t)
    return paint


# ================================================================ snail
# "Lamplighter": a snail carrying a lantern home at dusk.

SNAIL_SKIN = rgb("#9cc9a0")
SNAIL_SKIN_DARK = rgb("#5f9a6e")
SNAIL_BELLY = rgb("#c9e6c4")
INK = rgb("#2b3440")


def snail_shadow(c):
    # a soft round blob; the bone's scaleY 0.3 flattens it onto the ground
    def f(x, y):
        d = math.hypot(x - 48, y - 48) / 46.0
        a = 0.0 if d >= 1 else 0.55 * (1 - d * d) ** 1.5
        return (0.05, 0.06, 0.12, a)
    c.field(f)


def snail_body(c):
    # the foot, 180x64, drawn lying along +x: tail to the left, the front
    # rising into a neck stump on the right
    foot = Polygon([(4, 52), (20, 40), (60, 34), (110, 30), (150, 20), (166, 12),
                    (174, 18), (176, 36), (168, 52), (150, 58), (40, 60), (12, 58)])
    c.fill(foot, SNAIL_SKIN_DARK)
    inner = Polygon([(10, 52), (24, 42), (62, 37), (112, 33), (150, 23), (165, 16),
                     (171, 20), (172, 36), (165, 49), (148, 54), (42, 56), (16, 55)])
    c.fill(inner, vgrad(16, SNAIL_SKIN, 58, SNAIL_BELLY))
    # the crawling sole: a darker band with three ripples
    c.fill(RoundRect(14, 53, 166, 59, 3), rgb("#4e8460"))
    for k in range(3):
        c.fill(Capsule(40 + 40 * k, 55, 52 + 40 * k, 55, 1.2), rgb("#7fb98c"))


def snail_neck(c):
    # 64x30 capsule along +x (the neck bone points up, so +x is up the neck)
    c.fill(Capsule(12, 15, 52, 15, 13), SNAIL_SKIN_DARK)
    c.fill(Capsule(12, 15, 52, 15, 11), vgrad(4, SNAIL_BELLY, 26, SNAIL_SKIN))


def snail_head(c):
    # 56x52, facing right
    c.fill(ellipse(28, 26, 25, 23), SNAIL_SKIN_DARK)
    c.fill(ellipse(28, 26, 23, 21), radial(34, 18, 4, SNAIL_BELLY, 24, SNAIL_SKIN))
    c.fill(ellipse(40, 32, 5, 3), rgb("#f29b9b", 0.75))          # cheek
    smile = [(30 + 10 * t, 37 + 3.5 * math.sin(math.pi * t)) for t in [k / 8 for k in range(9)]]
    c.fill(polyline(smile, 1.3), INK)


def snail_stalk(c):
    # 40x12, a thin stalk along +x
    c.fill(Capsule(5, 6, 35, 6, 4.5), SNAIL_SKIN_DARK)
    c.fill(Capsule(5, 6, 35, 6, 3.2), SNAIL_SKIN)


def eye_open(c):
    # 20x20 eyeball, pupil looking forward (right)
    c.fill(Circle(10, 10, 8.5), INK)
    c.fill(Circle(10, 10, 7.2), rgb("#fbfbf4"))
    c.fill(Circle(12, 10, 3.6), INK)
    c.fill(Circle(13.2, 8.6, 1.2), rgb("#ffffff"))


def eye_shut(c):
    # 20x20: the same ball with its lid closed
    c.fill(Circle(10, 10, 8.5), INK)
    c.fill(Circle(10, 10, 7.2), SNAIL_SKIN)
    lid = [(4 + 12 * t, 10 + 3 * math.sin(math.pi * t)) for t in [k / 8 for k in range(9)]]
    c.fill(polyline(lid, 1.1), INK)


def snail_shell(c):
    # 120x120 spiral shell
    c.fill(Circle(60, 60, 56), rgb("#7a4a2a"))
    c.fill(Circle(60, 60, 53), radial(46, 42, 8, rgb("#f4b66a"), 60, rgb("#c9773a")))
    # the spiral: r = 4 + 7.6*theta/(2 pi), 2.6 turns, stroked
    pts = []
    for k in range(0, 200):
        th = k / 199 * 2.6 * 2 * math.pi
        r = 4 + 16.5 * th / (2 * math.pi)
        pts.append((60 + r * math.cos(th), 60 - r * math.sin(th)))
    c.fill(polyline(pts, 2.6), rgb("#8a4f26"))
    c.fill(ellipse(40, 34, 12, 6, -35), rgb("#fff4dc", 0.55))    # gloss


def lantern_pole(c):
    # 90x16, a thin crooked stick along +x; the lantern hangs from its tip
    c.fill(polyline([(4, 9), (50, 8), (78, 6), (86, 9)], 2.6), rgb("#5a3b22"))
    c.fill(polyline([(6, 8), (50, 7), (76, 5)], 1.0), rgb("#8a6340"))


def lantern(c):
    # 36x52: hook at the top centre (18, 3), cage below, flame in the glass
    c.fill(Ring(18, 6, 2.2, 3.6), rgb("#3b3b44"))
    c.fill(Polygon([(10, 12), (26, 12), (22, 8), (14, 8)]), rgb("#3b3b44"))
    c.fill(RoundRect(8, 12, 28, 44, 4), rgb("#ffe9a8", 0.85))
    c.fill(ellipse(18, 30, 4.2, 7), rgb("#ff9f3a"))
    c.fill(ellipse(18, 32, 2.2, 4), rgb("#fff6c8"))
    for x in (8, 16.9, 26):
        c.fill(RoundRect(x, 12, x + 2.2, 44, 0.8), rgb("#3b3b44"))
    c.fill(RoundRect(6, 42, 30, 48, 2), rgb("#3b3b44"))
    c.fill(RoundRect(7, 10, 29, 14, 2), rgb("#3b3b44"))


def lantern_glow(c):
    # 128x128 warm radial glow, drawn additively
    def f(x, y):
        d = math.hypot(x - 64, y - 64) / 62.0
        a = 0.0 if d >= 1 else 0.8 * (1 - d) ** 2
        return (1.0, 0.78, 0.38, a)
    c.field(f)


def woolly_hat(c):
    # 56x40, a striped hat (winter skin); brim along the bottom
    dome = Intersect(ellipse(28, 34, 24, 28), RoundRect(0, 0, 56, 34, 0))
    c.fill(dome, rgb("#c8323c"))
    for y0 in (12, 24):
        c.fill(Intersect(dome, RoundRect(0, y0, 56, y0 + 5, 0)), rgb("#f6efe4"))
    c.fill(RoundRect(2, 30, 54, 39, 4), rgb("#f6efe4"))
    for k in range(9):
        c.fill(Capsule(6 + 5.5 * k, 32, 6 + 5.5 * k, 37, 0.9), rgb("#d9cfc0"))


def bobble(c):
    # 24x24 fluffy ball: a ring of small puffs
    for k in range(10):
        a = 2 * math.pi * k / 10
        c.fill(Circle(12 + 7 * math.cos(a), 12 + 7 * math.sin(a), 4.2), rgb("#e7e0d6"))
    c.fill(Circle(12, 12, 8), rgb("#fbf8f2"))


# ================================================================ angler
# "Moonlight angler": a cat fishing off a dock at night.

FUR = rgb("#7d8aa6")
FUR_DARK = rgb("#55607a")
FUR_LIGHT = rgb("#c3cbe0")
HAT = rgb("#f2c230")
HAT_DARK = rgb("#c08f14")
WOOD = rgb("#6b4a33")
WOOD_DARK = rgb("#4a3222")


def dock(c):
    # 240x100: a plank (top edge at y=6) on two posts that run into the water
    for x in (34, 196):
        c.fill(RoundRect(x, 14, x + 14, 92, 3), vgrad(14, WOOD, 92, WOOD_DARK))
    c.fill(RoundRect(0, 6, 240, 24, 3), vgrad(6, rgb("#8a6446"), 24, WOOD))
    for x0, x1 in ((8, 70), (96, 150), (170, 232)):
        c.fill(Capsule(x0, 13, x1, 13, 0.8), WOOD_DARK)
    for x in (80, 160):
        c.fill(RoundRect(x - 0.8, 6, x + 0.8, 24, 0), WOOD_DARK)


def cat_body(c):
    # 80x92 sitting body, bottom centre at (40, 88)
    c.fill(Polygon([(40, 4), (58, 14), (70, 44), (76, 72), (72, 88), (8, 88), (4, 72), (10, 44), (22, 14)]), FUR_DARK)
    c.fill(Polygon([(40, 7), (56, 16), (67, 45), (73, 72), (69, 85), (11, 85), (7, 72), (13, 45), (24, 16)]),
           vgrad(8, FUR, 88, FUR_DARK))
    c.fill(ellipse(44, 58, 16, 24), FUR_LIGHT)                       # chest
    for y in (30, 44):                                               # stripes
        c.fill(Capsule(14, y, 22, y + 3, 2), FUR_DARK)
    c.fill(ellipse(24, 84, 11, 6), FUR_LIGHT)                        # feet
    c.fill(ellipse(56, 84, 11, 6), FUR_LIGHT)


def cat_face(c, glee):
    # 84x72: round head under a yellow sou'wester, looking toward the float
    c.fill(ellipse(42, 42, 34, 27), FUR_DARK)
    c.fill(ellipse(42, 42, 32, 25), radial(48, 36, 6, FUR_LIGHT, 34, FUR))
    c.fill(ellipse(50, 52, 13, 9), FUR_LIGHT)                        # muzzle
    c.fill(Polygon([(49, 45), (55, 45), (52, 49)]), rgb("#e78a9a"))  # nose
    if glee:
        for cx in (34, 60):                                          # ^ ^ eyes
            c.fill(polyline([(cx - 6, 39), (cx, 33), (cx + 6, 39)], 1.8), INK)
        mouth = Polygon([(44, 52), (60, 52), (56, 61), (48, 61)])
        c.fill(mouth, rgb("#7a2b3a"))
        c.fill(ellipse(52, 59, 4, 2), rgb("#e78a9a"))
    else:
        for cx in (34, 60):
            c.fill(ellipse(cx, 37, 5.5, 6.5), rgb("#f4f1de"))
            c.fill(ellipse(cx + 2, 37, 3, 4.5), INK)
            c.fill(Circle(cx + 3, 35, 1.1), rgb("#ffffff"))
        c.fill(polyline([(46, 52), (49, 54), (52, 51), (55, 54), (58, 52)], 1.0), INK)
    for k, y in enumerate((50, 54)):                                 # whiskers
        c.fill(Capsule(66, y, 80, y - 2 + 3 * k, 0.6), rgb("#e9ecf5"))
        c.fill(Capsule(4, y - 2 + 3 * k, 18, y, 0.6), rgb("#e9ecf5"))
    # the sou'wester: crown and a wide brim
    c.fill(Intersect(ellipse(42, 22, 24, 20), RoundRect(0, 0, 84, 22, 0)), HAT)
    c.fill(ellipse(42, 22, 38, 5.5), HAT_DARK)
    c.fill(ellipse(42, 21, 37, 4.2), HAT)


def cat_face_calm(c):
    cat_face(c, False)


def cat_face_glee(c):
    cat_face(c, True)


def cat_ear(c):
    # 30x26 triangle along +x: base on the left, tip on the right
    c.fill(Polygon([(2, 2), (28, 13), (2, 24)]), FUR_DARK)
    c.fill(Polygon([(5, 7), (21, 13), (5, 19)]), rgb("#e7a3b3"))


def tail(c):
    # 40x16 segment along +x with round ends of one radius, so three of them
    # overlap into one smooth tail
    c.fill(Capsule(7, 8, 33, 8, 6.5), FUR_DARK)
    c.fill(Capsule(8, 7, 32, 7, 3.5), FUR)


def arm(c):
    # 40x16 upper arm along +x
    c.fill(Capsule(7, 8, 33, 8, 7), FUR_DARK)
    c.fill(Capsule(7, 8, 33, 8, 5.5), FUR)


def paw(c):
    # 44x18 forearm ending in a paw on the right
    c.fill(Capsule(6, 9, 30, 9, 6.5), FUR_DARK)
    c.fill(Capsule(6, 9, 30, 9, 5), FUR)
    c.fill(Circle(34, 9, 8.5), FUR_DARK)
    c.fill(Circle(34, 9, 7), FUR_LIGHT)


def rod(c):
    # 210x10: cork handle at the butt (left), tapering blank to the tip at x=206
    c.fill(Polygon([(40, 3.5), (206, 4.4), (206, 5.6), (40, 6.5)]), rgb("#2f3a4a"))
    c.fill(Polygon([(40, 3.9), (206, 4.7), (206, 5.0), (40, 4.9)]), rgb("#8796b0"))
    c.fill(RoundRect(2, 1, 42, 9, 3), vgrad(1, rgb("#d9b07a"), 9, rgb("#a8804f")))
    for x in (12, 22, 32):
        c.fill(RoundRect(x, 1, x + 1.2, 9, 0), rgb("#8f6a3e"))
    for x in (80, 130, 180):                                         # guides
        c.fill(Ring(x, 3.2, 0.8, 1.8), rgb("#c9d2e0"))


def fishing_line(c):
    # 100x4, a pale line along +x
    c.fill(RoundRect(0, 1.4, 100, 2.6, 0.6), rgb("#e8eefc", 0.85))


def bobber(c):
    # 22x32 float: red cap above the waterline (y=20), white below
    body = ellipse(11, 18, 9.5, 11)
    c.fill(RoundRect(10, 1, 12, 8, 0.8), rgb("#3a3a3a"))            # stem + eyelet
    c.fill(Ring(11, 3, 1.1, 2.3), rgb("#3a3a3a"))
    c.fill(body, rgb("#f7f3ea"))
    c.fill(Intersect(body, RoundRect(0, 0, 22, 18, 0)), rgb("#e0413a"))
    c.fill(RoundRect(1, 17, 21, 19.5, 0), rgb("#7a1d1a"))
    c.fill(ellipse(7, 12, 2.5, 4, -20), rgb("#ffffff", 0.5))


def ripple(c):
    # 96x24 ring seen at a low angle
    outer, inner = ellipse(48, 12, 46, 10.5), ellipse(48, 12, 42, 8)
    c.fill(Subtract(outer, inner), rgb("#dce8ff", 0.9))


def fish(c):
    # 64x32 fish facing LEFT (it leaps toward the dock)
    c.fill(Polygon([(48, 16), (62, 4), (58, 16), (62, 28)]), rgb("#d9662a"))        # tail
    c.fill(ellipse(28, 16, 24, 12), rgb("#b04e1f"))
    c.fill(ellipse(28, 16, 22.5, 10.5), vgrad(6, rgb("#ffb04a"), 26, rgb("#e8702c")))
    c.fill(Polygon([(22, 5), (36, 2), (38, 8)]), rgb("#d9662a"))                    # fin
    c.fill(Circle(12, 13, 3), rgb("#fbfbf4"))
    c.fill(Circle(11.5, 13, 1.7), INK)
    c.fill(polyline([(6, 19), (10, 20)], 0.8), INK)
    for x in (24, 31, 38):
        c.fill(polyline([(x, 9), (x + 3, 16), (x, 23)], 0.7), rgb("#c8582a"))


def splash(c):
    # 80x48: a crown of water, droplets above
    c.fill(Polygon([(8, 46), (18, 26), (26, 38), (34, 14), (42, 34), (50, 18), (56, 36), (64, 24), (72, 46)]),
           rgb("#cfe0ff", 0.85))
    for (x, y, r) in ((14, 14, 3), (30, 5, 2.6), (46, 8, 3.2), (62, 12, 2.4), (70, 28, 2), (6, 30, 2)):
        c.fill(Circle(x, y, r), rgb("#e6efff", 0.9))


def moon(c):
    # 56x56 full moon with a few maria
    c.fill(Circle(28, 28, 25), rgb("#f3efd6"))
    for (x, y, r) in ((20, 20, 6), (34, 32, 7), (22, 36, 3.5), (36, 16, 3)):
        c.fill(Circle(x, y, r), rgb("#dcd5b4"))


def moon_halo(c):
    # 160x160 soft halo, drawn with "screen"
    def f(x, y):
        d = math.hypot(x - 80, y - 80) / 78.0
        a = 0.0 if d >= 1 else 0.55 * (1 - d) ** 1.6
        return (0.55, 0.62, 0.85, a)
    c.field(f)


def water(c):
    # 240x52 water band: bright surface line at y=4, fading darker and more
    # opaque below (it veils whatever is under the surface)
    def f(x, y):
        if y < 3:
            return (0, 0, 0, 0)
        t = min(1.0, (y - 3) / 49)
        base = mix(rgb("#2c4670"), rgb("#141f38"), t)
        return (base[0], base[1], base[2], 0.55 + 0.35 * t)
    c.field(f)
    c.fill(RoundRect(0, 3, 240, 5.5, 0), rgb("#9fb8e8", 0.8))
    for (x0, y, x1) in ((20, 14, 60), (110, 20, 170), (190, 12, 230), (60, 32, 100), (150, 40, 200)):
        c.fill(Capsule(x0, y, x1, y, 0.8), rgb("#6f8fc4", 0.5))


# ================================================================ owl
# "Tawny": a tawny owl on a branch at night, who turns her head and nods. The
# head is one plate (a mesh: gallery/owl/rig.json's 5 x 5 grid spans PNG
# x 9..291, y 10..270, so every pixel drawn here stays inside it).

OWL = rgb("#8a5a3b")
OWL_DARK = rgb("#5c3a26")
OWL_LIGHT = rgb("#c89a6a")
OWL_DISC = rgb("#e3c59c")
OWL_RIM = rgb("#6e4329")
AMBER = rgb("#f0a431")


def branch(c):
    # 340x44: a mossy branch, its top edge at y=10 (where the feet grip)
    c.fill(Polygon([(0, 14), (340, 8), (340, 30), (0, 36)]), vgrad(8, rgb("#6b4a33"), 36, rgb("#3e2a1c")))
    c.fill(Capsule(40, 30, 70, 40, 5), rgb("#4a3222"))                # a knot below
    for x0, x1, y in ((20, 90, 21), (130, 210, 19), (240, 320, 17)):
        c.fill(Capsule(x0, y, x1, y - 1, 0.8), rgb("#2f2015"))
    for x in (60, 150, 250, 300):                                     # moss
        c.fill(ellipse(x, 11, 14, 4), rgb("#5f7a3a"))


def owl_body(c):
    # 240x250: an egg of a body, wings folded, talons at the bottom (y 240)
    c.fill(ellipse(120, 120, 104, 118), OWL_DARK)
    c.fill(ellipse(120, 120, 100, 114), vgrad(6, OWL, 234, OWL_DARK))
    c.fill(ellipse(120, 138, 62, 90), radial(120, 120, 10, OWL_DISC, 90, OWL_LIGHT))   # chest
    for k in range(5):                                                # chest streaks
        y = 80 + 26 * k
        for x in (96, 120, 144):
            c.fill(Capsule(x, y, x - 2, y + 10, 2.2), OWL_RIM)
    for sx in (-1, 1):                                                # folded wings
        cx = 120 + sx * 80
        c.fill(ellipse(cx, 130, 30, 92, rot=-sx * 8), vgrad(40, OWL, 220, OWL_DARK))
        for k in range(4):
            y = 90 + 30 * k
            c.fill(Capsule(cx - 14, y, cx + 14, y + 6 * sx, 1.6), OWL_LIGHT)
    for x in (96, 144):                                               # talons
        for d in (-8, 0, 8):
            c.fill(Capsule(x + d, 232, x + d * 1.3, 246, 2.6), rgb("#b59a5a"))


def head(c):
    # 300x280: the head, a feathered oval with the facial disc set in it
    c.fill(ellipse(150, 140, 138, 126), OWL_DARK)
    c.fill(ellipse(150, 140, 134, 122), radial(150, 110, 20, OWL, 130, OWL_DARK))
    for k in range(9):                                                # crown streaks
        x = 70 + 20 * k
        c.fill(Capsule(x, 28 + abs(k - 4) * 6, x + 2, 44 + abs(k - 4) * 6, 2.0), OWL_LIGHT)
    disc = Union(ellipse(106, 150, 78, 96), ellipse(194, 150, 78, 96))
    c.fill(disc, OWL_RIM)
    c.fill(Union(ellipse(106, 152, 72, 90), ellipse(194, 152, 72, 90)),
           radial(150, 160, 30, OWL_DISC, 120, OWL_LIGHT))
    for sx in (-1, 1):                                                # rays round the eyes
        cx = 150 + sx * 54
        for k in range(10):
            a = math.pi * (0.1 + 0.08 * k)
            c.fill(Capsule(cx + 34 * math.cos(a) * sx, 118 + 34 * math.sin(a),
                           cx + 58 * math.cos(a) * sx, 118 + 58 * math.sin(a), 1.0), OWL_LIGHT)
    c.fill(Capsule(150, 70, 150, 160, 5), OWL_LIGHT)                  # the ridge between the eyes


def owl_eye(c):
    # 56x56: a dark socket ring, an amber iris, the pupil and a highlight
    c.fill(Circle(28, 28, 27), OWL_RIM)
    c.fill(Circle(28, 28, 23), radial(28, 28, 8, rgb("#ffc857"), 23, AMBER))
    c.fill(Circle(28, 28, 12), INK)
    c.fill(Circle(34, 21, 4), rgb("#ffffff", 0.9))


def owl_brow(c):
    # 64x22: a pale feather tuft above an eye, its root at the centre
    c.fill(polyline([(4, 16), (20, 8), (40, 6), (60, 10)], 4.5), OWL_LIGHT)
    c.fill(polyline([(10, 15), (26, 10), (44, 9)], 1.6), rgb("#f6e7cc"))


def owl_beak(c):
    # 28x36: a hooked beak pointing down
    c.fill(Polygon([(3, 4), (25, 4), (17, 24), (14, 34), (11, 24)]), rgb("#7d6a4a"))
    c.fill(Polygon([(6, 6), (22, 6), (16, 22), (14, 30), (12, 22)]), vgrad(6, rgb("#e9d7a0"), 30, rgb("#b59a5a")))


# ================================================================ the table

PARTS = {
    "snail": [
        ("snail_shadow", 96, 96, snail_shadow),
        ("snail_body", 180, 64, snail_body),
        ("snail_neck", 64, 30, snail_neck),
        ("snail_head", 56, 52, snail_head),
        ("snail_stalk", 40, 12, snail_stalk),
        ("eye_open", 20, 20, eye_open),
        ("eye_shut", 20, 20, eye_shut),
        ("snail_shell", 120, 120, snail_shell),
        ("lantern_pole", 90, 16, lantern_pole),
        ("lantern", 36, 52, lantern),
        ("lantern_glow", 128, 128, lantern_glow),
        ("woolly_hat", 56, 40, woolly_hat),
        ("bobble", 24, 24, bobble),
    ],
    "angler": [
        ("dock", 240, 100, dock),
        ("cat_body", 80, 92, cat_body),
        ("cat_face_calm", 84, 72, cat_face_calm),
        ("cat_face_glee", 84, 72, cat_face_glee),
        ("cat_ear", 30, 26, cat_ear),
        ("tail", 40, 16, tail),
        ("arm", 40, 16, arm),
        ("paw", 44, 18, paw),
        ("rod", 210, 10, rod),
        ("fishing_line", 100, 4, fishing_line),
        ("bobber", 22, 32, bobber),
        ("ripple", 96, 24, ripple),
        ("fish", 64, 32, fish),
        ("splash", 80, 48, splash),
        ("moon", 56, 56, moon),
        ("moon_halo", 160, 160, moon_halo),
        ("water", 240, 52, water),
    ],
    "owl": [
        ("branch", 340, 44, branch),
        ("owl_body", 240, 250, owl_body),
        ("head", 300, 280, head),
        ("owl_eye", 56, 56, owl_eye),
        ("owl_brow", 64, 22, owl_brow),
        ("owl_beak", 28, 36, owl_beak),
    ],
}


def main():
    for rig, parts in PARTS.items():
        out = os.path.join(HERE, rig, "parts")
        os.makedirs(out, exist_ok=True)
        for name, w, h, draw in parts:
            c = Canvas(w, h)
            draw(c)
            c.save(os.path.join(out, name + ".png"))
            print(f"{rig}/parts/{name}.png {w}x{h}")


if __name__ == "__main__":
    main()
