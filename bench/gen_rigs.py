#!/usr/bin/env python3
"""Writes N generated rigs into a project directory, for the build-system bench.

    python3 bench/gen_rigs.py OUT_DIR N [--seed S] [--plugin LIB]

Each rig `rigs/rNNNN/` gets a rig.json, a motion.json and a handful of part PNGs
under `parts/`; `OUT_DIR/rigc.toml` declares all N as targets (outputs under
`out/rNNNN/`). With `--plugin`, that plugin library (e.g. the studio-example
plugin, target/release/librigc_studio_example.so) is copied into the project and
loaded by its `rigc.toml`, configured the way the gallery configures it.

Python 3 standard library only and deterministic: rig i depends only on (seed, i),
so the first 100 rigs of a 1000-rig project are the 100 rigs of a 100-rig one, and
running it twice writes the same bytes.

The rigs are built from the gallery's constructs (gallery/snail, gallery/angler,
the portrait reference): a body with chains of bones (tails, limbs, stalks, hair
locks) whose lengths, offsets, rotations and inherit modes vary; region slots on
part PNGs of varying sizes and colour types (RGBA parts, an occasional opaque RGB
background plate), parts reused by several slots, two-state slots (open/shut)
switched by the motion's setup, a bounding box, a point, blend modes, slot
colours; an optional long-form skin with a skin-required bone and transform
constraint; IK and transform constraints; events with payloads. The motion spec
has named easings, groups (with lag and stagger and per-member values), and one
to four animations of bone tracks (every bone property family), slot tracks
(rgba, alpha, attachment), ik and transform timelines, draw order and event keys,
with named easings, `stepped` and raw curves. Every rig is meant to be green under
`--profile spine` (and the studio-example rules: snake_case names, animations of
at most 8 s).
"""

import argparse
import json
import math
import os
import random
import shutil
import struct
import zlib

# ---------------------------------------------------------------- PNG writing


def png_bytes(width, height, colour_type, rows):
    """A PNG of `rows` (each a bytes row without the filter byte)."""

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
    out += chunk(b"IDAT", zlib.compress(raw, 6))
    out += chunk(b"IEND", b"")
    return out


def draw_part(rng, width, height, shape):
    """An RGBA part: a filled ellipse or rounded box with a vertical shade ramp, a
    darker rim band and a highlight stripe, on transparent ground. Drawn by rows
    (spans of bytes), so it is fast in pure Python."""
    base = [rng.randrange(40, 230) for _ in range(3)]
    dark = [max(0, c - rng.randrange(30, 70)) for c in base]
    light = [min(255, c + rng.randrange(20, 60)) for c in base]
    alpha = rng.choice([255, 255, 255, 230, 200])
    clear = b"\x00\x00\x00\x00"
    rows = []
    cx, cy = width / 2, height / 2
    rx, ry = max(1.0, width / 2 - 0.5), max(1.0, height / 2 - 0.5)
    corner = min(width, height) * rng.uniform(0.1, 0.45)
    stripe = rng.uniform(0.2, 0.45)
    for j in range(height):
        y = j + 0.5
        if shape == "ellipse":
            d = 1 - ((y - cy) / ry) ** 2
            half = rx * math.sqrt(d) if d > 0 else 0.0
        else:
            dy = max(0.0, corner - min(y, height - y))
            half = width / 2 - (corner - math.sqrt(max(0.0, corner * corner - dy * dy)))
        x0 = max(0, int(round(cx - half)))
        x1 = min(width, int(round(cx + half)))
        n = x1 - x0
        if n <= 0:
            rows.append(clear * width)
            continue
        t = j / max(1, height - 1)
        body = bytes(int(dark[k] + (base[k] - dark[k]) * (1 - t)) for k in range(3)) + bytes([alpha])
        rim = bytes(dark) + bytes([alpha])
        hi = bytes(light) + bytes([alpha])
        rim_w = min(n // 2, max(1, n // 10))
        hi_w = max(0, int(n * 0.12)) if abs(t - stripe) < 0.08 else 0
        mid = n - 2 * rim_w - hi_w
        row = clear * x0 + rim * rim_w + hi * hi_w + body * mid + rim * rim_w + clear * (width - x1)
        rows.append(row)
    return png_bytes(width, height, 6, rows)


def draw_plate(rng, width, height):
    """An opaque RGB background plate with a paper-like noise texture (the
    portrait's plate is one): it compresses like a painted backdrop, not like a
    flat fill."""
    lo = rng.randrange(30, 160)
    span = rng.choice([8, 12, 16, 24])
    table = bytes(lo + (b * span) // 256 for b in range(256))
    noise = rng.randbytes(width * 3 * 8)
    rows = []
    for j in range(height):
        start = (j * 7919 + rng.randrange(width * 3)) % (width * 3 * 7)
        rows.append(noise[start:start + width * 3].translate(table))
    return png_bytes(width, height, 2, rows)


# ---------------------------------------------------------------- rig building

ANIM_NAMES = ["idle", "walk", "run", "jump", "wave", "blink", "hit", "die", "turn",
              "look_around", "crawl", "hide", "cheer", "sleep", "attack", "dodge"]
CHAIN_NAMES = ["tail", "arm", "leg", "stalk", "lock", "fin", "ear", "wing", "tentacle",
               "antenna", "braid", "whisker", "vine", "ribbon"]
PART_NAMES = ["body", "head", "shell", "torso", "hip", "neck", "snout", "hat", "lantern",
              "pole", "cape", "belt", "boot", "glove", "scarf", "crest", "visor", "badge"]
EVENT_NAMES = ["step", "squelch", "chime", "thud", "blink_sfx", "whoosh", "splash", "gasp"]
INHERITS = ["normal", "onlyTranslation", "noRotationOrReflection", "noScale", "noScaleOrReflection"]
BLENDS = ["normal", "additive", "multiply", "screen"]


def r2(x):
    return round(x, 2)


def rgba_hex(rng):
    return "%02x%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256), 255)


class Rig:
    def __init__(self, rng, index):
        self.rng = rng
        self.name = "r%04d" % index
        self.bones = []  # dicts, declaration order
        self.children = {}
        self.parts = {}  # file name -> png bytes
        self.used = set()  # the parts some attachment names (only these are written)
        self.slots = []
        self.skin = {}  # slot -> placeholder -> attachment
        self.extra_skin = None
        self.constraints = []
        self.events = {}
        self.groups = {}
        self.setup = {}
        self.chains = []  # lists of bone names
        self.two_state = []  # (slot, [names])
        self.ik = None
        self.transform = None

    def bone(self, name, parent=None, **fields):
        b = {"name": name}
        if parent:
            b["parent"] = parent
        b.update(fields)
        self.bones.append(b)
        return name

    def part(self, stem, kind="part"):
        rng = self.rng
        file = stem + ".png"
        if file in self.parts:
            return file
        if kind == "plate":
            w, h = rng.randrange(128, 321), rng.randrange(128, 321)
            self.parts[file] = draw_plate(rng, w, h)
        else:
            big = rng.random() < 0.2
            w = rng.randrange(40, 200) if big else rng.randrange(8, 90)
            h = rng.randrange(40, 200) if big else rng.randrange(8, 90)
            self.parts[file] = draw_part(rng, w, h, rng.choice(["ellipse", "box"]))
        return file

    def slot(self, name, bone, attachments, setup_attachment=True, **fields):
        s = {"name": name, "bone": bone}
        if setup_attachment:
            s["attachment"] = next(iter(attachments))
        s.update(fields)
        self.slots.append(s)
        self.skin[name] = attachments

    def region(self, file, **fields):
        self.used.add(file)
        a = {"image": file}
        a.update({k: r2(v) if isinstance(v, float) else v for k, v in fields.items()})
        return a


def build_rig(seed, index, plugin_names=True):
    rng = random.Random("rigc-bench:%d:%d" % (seed, index))
    rig = Rig(rng, index)
    size = rng.choice(["small", "small", "medium", "medium", "portrait"])
    chains_n = {"small": rng.randrange(1, 4), "medium": rng.randrange(3, 6), "portrait": rng.randrange(5, 9)}[size]

    # Skeleton: root, a body, a head on a neck, then chains.
    rig.bone("root", color="9aa3b5ff", icon="arrowsB")
    rig.bone("body", "root", length=r2(rng.uniform(40, 160)), x=r2(rng.uniform(-80, 80)),
             y=r2(rng.uniform(0, 40)), color=rgba_hex(rng))
    rig.bone("neck", "body", length=r2(rng.uniform(20, 60)), x=r2(rng.uniform(60, 150)),
             y=r2(rng.uniform(10, 40)), rotation=r2(rng.uniform(40, 100)))
    rig.bone("head", "neck", length=r2(rng.uniform(20, 50)), x=r2(rng.uniform(20, 60)),
             rotation=r2(rng.uniform(-100, -40)), icon="head")
    anchors = ["body", "neck", "head"]
    used_chain_names = set()
    for c in range(chains_n):
        base = rng.choice(CHAIN_NAMES)
        stem = base if base not in used_chain_names else "%s%d" % (base, c)
        used_chain_names.add(stem)
        links = rng.randrange(1, 6 if size != "small" else 4)
        parent = rng.choice(anchors)
        chain = []
        prev_len = None
        for k in range(links):
            name = "%s_%d" % (stem, k + 1)
            fields = {"length": r2(rng.uniform(12, 50))}
            if prev_len is None:
                fields["x"] = r2(rng.uniform(-40, 40))
                fields["y"] = r2(rng.uniform(-30, 50))
                fields["rotation"] = r2(rng.uniform(-180, 180))
            else:
                fields["x"] = prev_len
                fields["rotation"] = r2(rng.uniform(-40, 40))
            if rng.random() < 0.15:
                fields["inherit"] = rng.choice(INHERITS[1:])
            if rng.random() < 0.1:
                fields["scaleX"] = r2(rng.uniform(0.7, 1.3))
            if rng.random() < 0.08:
                fields["shearY"] = r2(rng.uniform(-15, 15))
            prev_len = fields["length"]
            rig.bone(name, parent, **fields)
            chain.append(name)
            parent = name
        rig.chains.append(chain)
        anchors.append(chain[0])

    # Portrait-class rigs get a face: eyes with lids and irises, brows, mouth.
    face = size == "portrait" or rng.random() < 0.3
    if face:
        rig.bone("face", "head", x=r2(rng.uniform(-5, 5)), y=r2(rng.uniform(10, 30)))
        for side, sx in (("l", -1), ("r", 1)):
            rig.bone("eye_" + side, "face", x=r2(sx * rng.uniform(8, 30)), y=r2(rng.uniform(0, 12)),
                     inherit="noRotationOrReflection")
            rig.bone("lid_" + side, "eye_" + side)
            if size == "portrait":
                rig.bone("brow_" + side, "face", x=r2(sx * rng.uniform(8, 30)), y=r2(rng.uniform(16, 30)))
        rig.bone("mouth", "face", y=r2(rng.uniform(-30, -10)))

    # IK: a two-bone limb reaching for a target bone under the root.
    if rng.random() < 0.45:
        rig.bone("limb_upper", "body", length=r2(rng.uniform(25, 45)), x=r2(rng.uniform(10, 60)),
                 y=r2(rng.uniform(-10, 20)), rotation=r2(rng.uniform(-120, -60)))
        rig.bone("limb_lower", "limb_upper", length=r2(rng.uniform(20, 40)), x=r2(rng.uniform(25, 45)),
                 rotation=r2(rng.uniform(20, 70)))
        rig.bone("limb_target", "root", x=r2(rng.uniform(0, 80)), y=r2(rng.uniform(-40, 10)),
                 color="ff3f3fff", icon="ik")
        ik = {"name": "limb_ik", "type": "ik", "bones": ["limb_upper", "limb_lower"],
              "target": "limb_target", "bendPositive": rng.random() < 0.5}
        if rng.random() < 0.5:
            ik["mix"] = 1
            ik["softness"] = r2(rng.uniform(0, 5))
        rig.constraints.append(ik)
        rig.ik = "limb_ik"

    # Transform: a reflection bone mirroring a float bone, as the angler's.
    if rng.random() < 0.35:
        rig.bone("float", "root", x=r2(rng.uniform(80, 200)), color="e0413aff")
        rig.bone("reflection", "root", x=r2(rng.uniform(80, 200)), scaleY=-1)
        rig.constraints.append({
            "name": "mirror", "type": "transform", "bones": ["reflection"], "source": "float",
            "properties": {
                "x": {"to": {"x": {"scale": 1}}},
                "y": {"to": {"y": {"scale": -1}}},
                "rotate": {"to": {"rotate": {"scale": -1}}},
            },
        })
        rig.transform = "mirror"

    # A skin-required accessory under the head, switched on by a long-form skin
    # together with a skin-required transform constraint (the snail's winter hat).
    if rng.random() < 0.3:
        rig.bone("hat", "head", length=r2(rng.uniform(15, 35)), x=2, y=r2(rng.uniform(20, 45)), skin=True)
        rig.bone("bobble", "hat", length=10, y=r2(rng.uniform(15, 30)), skin=True)
        rig.constraints.append({
            "name": "bobble_swing", "type": "transform", "bones": ["bobble"], "source": "neck",
            "localSource": True, "localTarget": True, "additive": True,
            "properties": {"rotate": {"offset": r2(rng.uniform(0, 90)),
                                      "to": {"rotate": {"scale": r2(rng.uniform(-2, -0.5))}}}},
            "mixRotate": 1, "skin": True,
        })

    # ---------------------------------------------------------------- parts and slots
    bone_names = [b["name"] for b in rig.bones]
    if size == "portrait" or rng.random() < 0.15:
        plate = rig.part("plate", "plate")
        rig.slot("plate", "root", {"plate": rig.region(plate)})
    part_pool = rng.sample(PART_NAMES, rng.randrange(3, 7 if size == "small" else 10))
    for stem in part_pool:
        rig.part(stem)
    chain_parts = {}
    for chain in rig.chains:
        stem = chain[0].rsplit("_", 1)[0]
        chain_parts[stem] = rig.part(stem + "_seg")
    if "float" in bone_names:
        buoy = rig.part("buoy")
        rig.slot("float", "float", {"buoy": rig.region(buoy, y=rng.uniform(0, 8))})
        rig.slot("reflection", "reflection", {"buoy": rig.region(buoy, y=rng.uniform(0, 8))},
                 color="8fb4ff73")
    for b in rig.bones:
        name = b["name"]
        if name in ("root", "float", "reflection", "limb_target", "face", "hat", "bobble") or \
                name.startswith("eye_") or name.startswith("lid_"):
            continue
        if name in ("body", "neck", "head", "mouth") or name.startswith("brow_") or name.startswith("limb_"):
            file = rig.part(name if name in ("body", "head", "mouth") else rng.choice(part_pool))
        else:
            stem = name.rsplit("_", 1)[0]
            file = chain_parts.get(stem) or rig.part(rng.choice(part_pool))
        fields = {"x": rng.uniform(0, b.get("length", 10) or 10)}
        if rng.random() < 0.3:
            fields["rotation"] = rng.uniform(-180, 180)
        if rng.random() < 0.1:
            fields["scaleX"] = rng.uniform(0.6, 1.6)
        extra = {}
        roll = rng.random()
        if roll < 0.08:
            extra["blend"] = rng.choice(BLENDS[1:])
        elif roll < 0.2:
            extra["color"] = "ffffff%02x" % rng.randrange(120, 256)
        placeholder = os.path.splitext(file)[0]
        rig.slot(name, name, {placeholder: rig.region(file, **fields)}, **extra)
    if face:
        eye_open, eye_shut = rig.part("eye_open"), rig.part("eye_shut")
        lid = rig.part("lid")
        for side in ("l", "r"):
            rig.slot("eye_" + side, "eye_" + side,
                     {"open": rig.region(eye_open), "shut": rig.region(eye_shut)}, setup_attachment=False)
            rig.setup["eye_" + side] = {"attachment": "open"}
            rig.two_state.append(("eye_" + side, ["open", "shut"]))
            rig.slot("lid_" + side, "lid_" + side, {"lid": rig.region(lid, y=rng.uniform(4, 12))})
        rig.groups["eyes"] = ["eye_l", "eye_r"]
        rig.groups["lids"] = ["lid_l", "lid_r"]
        if size == "portrait":
            rig.groups["brows"] = ["brow_l", "brow_r"]
    if "hat" in bone_names:
        hat, bobble = rig.part("woolly_hat"), rig.part("bobble")
        rig.slots.append({"name": "hat", "bone": "hat", "attachment": "woolly_hat"})
        rig.slots.append({"name": "bobble", "bone": "bobble", "attachment": "bobble"})
        rig.extra_skin = ("winter", {
            "attachments": {
                "hat": {"woolly_hat": rig.region(hat, y=rng.uniform(5, 15))},
                "bobble": {"bobble": rig.region(bobble, y=rng.uniform(2, 8))},
            },
            "bones": ["hat", "bobble"],
            "transform": ["bobble_swing"],
        })
    if rng.random() < 0.5:
        n = rng.choice([4, 6, 8])
        r = rng.uniform(20, 60)
        verts = []
        for k in range(n):
            a = 2 * math.pi * k / n
            verts += [r2(r * math.cos(a)), r2(r * math.sin(a))]
        rig.slot("hitbox", "body", {"hitbox": {"type": "boundingbox", "vertexCount": n,
                                               "vertices": verts, "color": "ff5a5aff"}})
    if rng.random() < 0.3:
        rig.slot("spark", "head", {"spark": {"type": "point", "x": r2(rng.uniform(0, 30)),
                                             "rotation": r2(rng.uniform(0, 360)), "color": "ffd24dff"}})
    if rng.random() < 0.25:
        glow = rig.part("glow")
        rig.slot("glow", "head", {"glow": rig.region(glow)}, setup_attachment=False, blend="additive")
        rig.setup["glow"] = {"attachment": "glow", "color": [1, r2(rng.uniform(0.6, 1)), r2(rng.uniform(0.4, 1)), 0.9]}

    for e in rng.sample(EVENT_NAMES, rng.randrange(0, 4)):
        payload = {}
        roll = rng.random()
        if roll < 0.3:
            payload = {"audio": e + ".ogg", "volume": r2(rng.uniform(0.3, 1))}
        elif roll < 0.5:
            payload = {"int": rng.randrange(0, 4)}
        elif roll < 0.7:
            payload = {"string": e, "float": r2(rng.uniform(0, 1))}
        rig.events[e] = payload

    for chain in rig.chains:
        if len(chain) >= 2:
            rig.groups[chain[0].rsplit("_", 1)[0]] = chain

    rig_json = {
        "spec": "rigc-rig/1",
        "name": rig.name,
        "note": "Generated by bench/gen_rigs.py (seed %d, rig %d, %s)." % (seed, index, size),
        "images": "parts",
        "skeleton": {"width": rng.randrange(200, 700), "height": rng.randrange(200, 900), "fps": 30},
        "bones": rig.bones,
        "slots": rig.slots,
        "skins": {"default": rig.skin},
    }
    if rig.extra_skin:
        rig_json["skins"][rig.extra_skin[0]] = rig.extra_skin[1]
    if rig.constraints:
        rig_json["constraints"] = rig.constraints
    if rig.events:
        rig_json["events"] = rig.events
    return rig, rig_json, build_motion(rng, rig, size)


# ---------------------------------------------------------------- motion building

BONE_PROPS_1 = ["rotate", "rotate", "rotate", "translatex", "translatey", "scalex", "scaley", "shearx", "sheary"]
BONE_PROPS_2 = ["translate", "scale", "shear"]


def value_for(rng, prop):
    if prop == "rotate":
        return [r2(rng.uniform(-25, 25))]
    if prop in ("translatex", "translatey"):
        return [r2(rng.uniform(-12, 12))]
    if prop in ("scalex", "scaley"):
        return [r2(rng.uniform(0.85, 1.15))]
    if prop in ("shearx", "sheary"):
        return [r2(rng.uniform(-10, 10))]
    if prop == "translate":
        return [r2(rng.uniform(-12, 12)), r2(rng.uniform(-12, 12))]
    if prop == "scale":
        return [r2(rng.uniform(0.85, 1.15)), r2(rng.uniform(0.85, 1.15))]
    if prop == "shear":
        return [r2(rng.uniform(-10, 10)), r2(rng.uniform(-10, 10))]
    if prop == "rgba":
        return [r2(rng.uniform(0.5, 1)), r2(rng.uniform(0.5, 1)), r2(rng.uniform(0.5, 1)), r2(rng.uniform(0.3, 1))]
    if prop == "alpha":
        return [r2(rng.uniform(0.2, 1))]
    raise ValueError(prop)


def key_times(rng, end, n):
    """n strictly increasing times from 0 to `end` (inclusive), on a 1/100 s grid."""
    ticks = max(n, int(round(end * 100)))
    inner = sorted(rng.sample(range(1, ticks), min(n - 2, ticks - 1))) if n > 2 else []
    return [0.0] + [t / 100 for t in inner] + [ticks / 100]


def ease_for(rng, easings, channels, t0, t1, v0, v1, shift, curves):
    roll = rng.random()
    if roll < 0.45 and easings:
        return {"ease": rng.choice(easings)}
    if roll < 0.55:
        return {"ease": "stepped"}
    if roll < 0.7 and curves:
        t0, t1 = t0 + shift, t1 + shift
        curve = []
        for c in range(channels):
            curve += [r2(t0 + (t1 - t0) * 0.25), v0[c], r2(t0 + (t1 - t0) * 0.75), v1[c]]
        # Times are rounded; keep the handles strictly inside the key span.
        if all(t0 < curve[4 * c] < t1 and t0 < curve[4 * c + 2] < t1 for c in range(channels)):
            return {"curve": curve}
        return {}
    return {}


def keys_track(rng, easings, prop, end, channels=1, shift=0.0, curves=True):
    """Keys from 0 to `end`; a raw curve's handle times are absolute, so they are
    written `shift` (the track's lag) later, and not at all when `curves` is false
    (a staggered group shifts each member differently)."""
    n = rng.randrange(2, 8)
    times = key_times(rng, end, n)
    values = [value_for(rng, prop) for _ in times]
    if rng.random() < 0.5:
        values[-1] = values[0]  # a loop that closes
    keys = []
    for k, t in enumerate(times):
        key = {"t": t, "v": values[k]}
        if k + 1 < len(times):
            key.update(ease_for(rng, easings, channels, t, times[k + 1], values[k], values[k + 1], shift, curves))
        keys.append(key)
    return keys


def build_motion(rng, rig, size):
    easings = {}
    for name in rng.sample(["squish", "settle", "gather", "pop", "swell", "rise", "snap"], rng.randrange(1, 5)):
        easings[name] = [r2(rng.uniform(0.05, 0.7)), r2(rng.uniform(-0.2, 1.2)),
                         r2(rng.uniform(0.3, 0.95)), r2(rng.uniform(0.6, 1.4))]
    ease_names = list(easings)
    animated_bones = [b["name"] for b in rig.bones if b["name"] not in ("root", "hat", "bobble")]
    slot_names = [s["name"] for s in rig.slots if s["name"] not in ("hat", "bobble", "hitbox", "spark")]
    region_slots = [s for s in slot_names if s not in dict(rig.two_state)]
    anims = {}
    count = {"small": rng.randrange(1, 3), "medium": rng.randrange(2, 4), "portrait": rng.randrange(2, 5)}[size]
    for name in rng.sample(ANIM_NAMES, count):
        duration = rng.choice([0.8, 1.0, 1.2, 1.6, 2.0, 2.4, 3.0, 3.2, 4.0, 6.0])
        tracks = []
        claimed = set()
        # The leading track spans the whole duration (R7: the last key is the duration).
        n_tracks = rng.randrange(2, min(len(animated_bones), 4 if size == "small" else 14) + 1)
        for bone in rng.sample(animated_bones, n_tracks):
            prop = rng.choice(BONE_PROPS_1 + BONE_PROPS_2)
            channels = 2 if prop in BONE_PROPS_2 else 1
            if (bone, prop) in claimed:
                continue
            claimed.add((bone, prop))
            lag = 0.0
            if tracks and rng.random() < 0.2:
                lag = rng.choice([0.05, 0.1, 0.2, 0.3])
            track = {"bone": bone, "property": prop}
            if lag:
                track["lag"] = lag
            track["keys"] = keys_track(rng, ease_names, prop, duration - lag, channels, shift=lag)
            tracks.append(track)
        # Group tracks over chains: stagger travels down the chain, per-member values.
        for group, members in rig.groups.items():
            if group in ("eyes",) or rng.random() < 0.5:
                continue
            is_slot_group = group == "lids"
            prop = "translatey" if is_slot_group else rng.choice(["rotate", "rotate", "scale"])
            if group == "lids":
                members_bones = ["lid_l", "lid_r"]
            else:
                members_bones = members
            if any((m, prop) in claimed for m in members_bones):
                continue
            for m in members_bones:
                claimed.add((m, prop))
            stagger = rng.choice([0, 0.04, 0.05, 0.1, 0.15])
            span = duration - stagger * (len(members_bones) - 1)
            if span <= 0.2:
                continue
            channels = 2 if prop == "scale" else 1
            keys = keys_track(rng, ease_names, prop, span, channels, curves=not stagger)
            if rng.random() < 0.5:
                for key in keys:
                    key["v"] = {m: value_for(rng, prop) for m in members_bones}
                    key.pop("curve", None)
            track = {"group": group, "property": prop}
            if stagger:
                track["stagger"] = stagger
            track["keys"] = keys
            tracks.append(track)
        # Slot tracks: colour and alpha on a few region slots, the blink on two-state slots.
        for slot in rng.sample(region_slots, min(len(region_slots), rng.randrange(0, 3))):
            prop = rng.choice(["rgba", "alpha"])
            keys = keys_track(rng, ease_names, prop, duration, 4 if prop == "rgba" else 1)
            for key in keys:
                key.pop("curve", None)
            tracks.append({"slot": slot, "property": prop, "keys": keys})
        if rig.two_state and rng.random() < 0.7:
            blink_at = r2(rng.uniform(0.1, max(0.15, duration - 0.3)))
            keys = [{"t": 0, "v": "open"}, {"t": blink_at, "v": "shut"},
                    {"t": r2(min(duration - 0.05, blink_at + 0.1)), "v": "open"}]
            if keys[2]["t"] > keys[1]["t"]:
                stagger = rng.choice([0, 0.02, 0.04])
                if keys[2]["t"] + stagger <= duration:
                    track = {"group": "eyes", "property": "attachment"}
                    if stagger:
                        track["stagger"] = stagger
                    track["keys"] = keys
                    tracks.append(track)
        anim = {"duration": duration}
        if rng.random() < 0.6:
            anim["loop"] = True
        anim["tracks"] = tracks
        if rig.ik and rng.random() < 0.6:
            times = key_times(rng, duration, rng.randrange(2, 6))
            mixes = [1.0] + [rng.choice([1, 1, 0.5, 0]) for _ in times[1:]]
            keys = []
            for k, t in enumerate(times):
                key = {"t": t, "mix": mixes[k], "softness": r2(rng.uniform(0, 8))}
                if k + 1 < len(times) and ease_names and rng.random() < 0.5:
                    key["ease"] = rng.choice(ease_names)
                keys.append(key)
            anim["ik"] = [{"constraint": rig.ik, "keys": keys}]
        if rig.transform and rng.random() < 0.5:
            times = key_times(rng, duration, rng.randrange(2, 5))
            keys = []
            for k, t in enumerate(times):
                m = 1 if k == 0 else r2(rng.uniform(0.2, 1))
                key = {"t": t, "mixRotate": m, "mixX": m, "mixY": m}
                if k + 1 < len(times) and ease_names and rng.random() < 0.5:
                    key["ease"] = rng.choice(ease_names)
                keys.append(key)
            anim["transform"] = [{"constraint": rig.transform, "keys": keys}]
        if len(slot_names) >= 3 and rng.random() < 0.25:
            emitted = [s["name"] for s in rig.slots]
            s = rng.choice(emitted[:-1])
            room = len(emitted) - 1 - emitted.index(s)
            t0 = r2(rng.uniform(0, duration / 2))
            anim["drawOrder"] = [{"t": t0, "offsets": [{"slot": s, "offset": rng.randrange(1, room + 1)}]},
                                 {"t": r2(rng.uniform(t0 + 0.01, duration))}]
        if rig.events and rng.random() < 0.7:
            evs = []
            for t in sorted(r2(rng.uniform(0, duration)) for _ in range(rng.randrange(1, 4))):
                e = rng.choice(list(rig.events))
                key = {"t": t, "name": e}
                if "audio" in rig.events[e] and rng.random() < 0.5:
                    key["volume"] = r2(rng.uniform(0.2, 1))
                evs.append(key)
            anim["events"] = evs
        anims[name] = anim
    motion = {
        "spec": "rigc-motion/1",
        "archetype": rig.name,
        "cut": "bench-" + rig.name,
        "easings": easings,
    }
    if rig.groups:
        motion["groups"] = rig.groups
    if rig.setup:
        motion["setup"] = rig.setup
    motion["animations"] = anims
    return motion


# ---------------------------------------------------------------- the project

def dump(obj):
    """Pretty JSON the way people write specs: two-space indent, keys in order."""
    return json.dumps(obj, indent=2) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="project directory to write (created; rigs/ inside is replaced)")
    ap.add_argument("n", type=int, help="number of rigs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plugin", help="a plugin library to copy into the project and load")
    args = ap.parse_args()
    root = os.path.abspath(args.out)
    os.makedirs(root, exist_ok=True)
    shutil.rmtree(os.path.join(root, "rigs"), ignore_errors=True)
    toml = ["# Generated by bench/gen_rigs.py: %d rigs, seed %d." % (args.n, args.seed),
            "[project]", 'profile = "spine"']
    if args.plugin:
        os.makedirs(os.path.join(root, "plugins"), exist_ok=True)
        lib = os.path.join("plugins", os.path.basename(args.plugin))
        shutil.copyfile(args.plugin, os.path.join(root, lib))
        toml.append("plugins = [%s]" % json.dumps(lib))
        toml += ["", "[plugin.studio-example]", "max_animation_seconds = 8.0", 'names = "snake_case"']
    total = 0
    for i in range(args.n):
        rig, rig_json, motion = build_rig(args.seed, i)
        d = os.path.join(root, "rigs", rig.name)
        os.makedirs(os.path.join(d, "parts"))
        for file, data in [("rig.json", dump(rig_json).encode()), ("motion.json", dump(motion).encode())] + \
                [(os.path.join("parts", f), b) for f, b in sorted(rig.parts.items()) if f in rig.used]:
            with open(os.path.join(d, file), "wb") as f:
                f.write(data)
            total += len(data)
        toml += ["", "[[target]]", 'name = "%s"' % rig.name, 'rig = "rigs/%s/rig.json"' % rig.name,
                 'motion = "rigs/%s/motion.json"' % rig.name, 'out = "out/%s"' % rig.name]
    with open(os.path.join(root, "rigc.toml"), "w") as f:
        f.write("\n".join(toml) + "\n")
    print("gen_rigs: %d rigs, %d input bytes, in %s" % (args.n, total, root))


if __name__ == "__main__":
    main()
