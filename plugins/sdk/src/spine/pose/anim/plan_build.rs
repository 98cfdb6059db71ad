//! Building a [`Plan`](super::Plan): timelines cut into parts, parts
//! gathered into runs, key groups and lanes, equal frame and point times
//! interned (see the plan's module doc for what each is).

use super::*;

impl Plan {
    /// The plan of these timelines.
    pub(super) fn of(timelines: &[Timeline], setup: &[BoneLocal]) -> Plan {
        let mut b = Builder::default();
        let mut steps = Vec::new();
        let mut run = RunBuilder::default();
        for (i, t) in timelines.iter().enumerate() {
            let Some(parts) = b.parts(t) else {
                run.finish(&b, &mut steps);
                steps.push(Step::General(i));
                continue;
            };
            // A bone without setup values is never posed (as
            // `bone::active_pose` finds): such parts are left out.
            let parts: Vec<Part> = parts.into_iter().filter(|p| p.bone < setup.len()).collect();
            if parts.iter().any(|p| run.sets.contains(&(p.bone, p.prop))) {
                run.finish(&b, &mut steps);
            }
            for p in parts {
                run.add(&b, p, setup);
            }
        }
        run.finish(&b, &mut steps);
        Plan {
            activity_for: None,
            steps: steps.into(),
            frames: vec![BEFORE; b.keys.len()].into(),
            spots: vec![(0, f64::NAN); b.xs.len()].into(),
            keys: b.keys.into(),
            xs: b.xs.into(),
        }
    }
}

/// A run being built: its parts, its key groups (in order of first use)
/// and the values it sets.
#[derive(Default)]
struct RunBuilder {
    parts: Vec<Part>,
    groups: Vec<GroupBuilder>,
    /// By key group: its index in `groups`.
    group_of: Interner<usize>,
    /// The (bone, value) pairs the run's parts set.
    sets: HashSet<(usize, Prop), BuildHasherDefault<Fold>>,
}

/// A run's key group being built: per block (before, then each frame), its
/// lanes.
struct GroupBuilder {
    keys: usize,
    blocks: Vec<Vec<LaneBuilder>>,
}

/// A lane being built: its parts (indices into `RunBuilder::parts`) and
/// their targets.
struct LaneBuilder {
    prop: Prop,
    two: bool,
    kind: LaneKind,
    targets: Vec<Target>,
    parts: Vec<usize>,
}

/// What sorts parts into lanes on a frame, beside the value they set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LaneKind {
    Before,
    Stepped,
    Points(usize),
}

impl RunBuilder {
    /// Adds part `p` of bones with setup values `setup` (in range).
    fn add(&mut self, b: &Builder, p: Part, setup: &[BoneLocal]) {
        self.sets.insert((p.bone, p.prop));
        let target = Target {
            bone: p.bone,
            setup: p.prop.of(&setup[p.bone]),
        };
        let g = *self.group_of.entry(p.keys).or_insert_with(|| {
            self.groups.push(GroupBuilder {
                keys: p.keys,
                blocks: (0..=b.keys[p.keys].times.len())
                    .map(|_| Vec::new())
                    .collect(),
            });
            self.groups.len() - 1
        });
        let blocks = &mut self.groups[g].blocks;
        let i = self.parts.len();
        // `two` matters after the first frame only.
        lane(&mut blocks[0], p.prop, false, LaneKind::Before).push(target, i);
        for (seg, block) in p.segs.iter().zip(&mut blocks[1..]) {
            let kind = match seg {
                Seg::Stepped(_) => LaneKind::Stepped,
                Seg::Points(q) => LaneKind::Points(q.xs),
            };
            lane(block, p.prop, p.two, kind).push(target, i);
        }
        self.parts.push(p);
    }

    /// Ends the run: appends it to `steps` unless empty, and starts afresh.
    fn finish(&mut self, b: &Builder, steps: &mut Vec<Step>) {
        let run = std::mem::take(self);
        if run.groups.is_empty() {
            return;
        }
        let parts = &run.parts;
        let groups = run.groups.into_iter().map(|g| Group {
            keys: g.keys,
            blocks: (g.blocks.into_iter().enumerate())
                .map(|(block, lanes)| {
                    // Block `f + 1` is frame `f`.
                    let frame = block.wrapping_sub(1);
                    let lanes = lanes.into_iter();
                    lanes.map(|l| l.finish(b, parts, frame)).collect()
                })
                .collect(),
        });
        steps.push(Step::Run(Run {
            groups: groups.collect(),
        }));
    }
}

/// The lane of `block` for parts setting `prop` sampled as `kind`, added
/// if new.
fn lane(block: &mut Vec<LaneBuilder>, prop: Prop, two: bool, kind: LaneKind) -> &mut LaneBuilder {
    let found = block
        .iter()
        .position(|l| l.prop == prop && l.two == two && l.kind == kind);
    let i = found.unwrap_or_else(|| {
        block.push(LaneBuilder {
            prop,
            two,
            kind,
            targets: Vec::new(),
            parts: Vec::new(),
        });
        block.len() - 1
    });
    &mut block[i]
}

impl LaneBuilder {
    fn push(&mut self, target: Target, part: usize) {
        self.targets.push(target);
        self.parts.push(part);
    }

    /// The lane on `frame` of its parts (of `parts`), its rows piece by
    /// piece.
    fn finish(self, b: &Builder, parts: &[Part], frame: usize) -> Lane {
        let segs = self.parts.iter().map(|&i| &parts[i].segs[frame]);
        // Parts of one x group have as many pieces.
        let by_piece = || {
            let pieces = segs.clone().next().map_or(0, |q| q.points().pieces);
            let mut rows = Vec::with_capacity(pieces * self.parts.len());
            for k in 0..pieces {
                rows.extend(segs.clone().map(|q| b.rises[q.points().at + k]));
            }
            rows.into_boxed_slice()
        };
        let values = match self.kind {
            LaneKind::Before => Values::Before,
            LaneKind::Stepped => Values::Stepped(
                segs.clone()
                    .map(|q| match q {
                        Seg::Stepped(v) => *v,
                        _ => unreachable!("a segment of points in a stepped lane"),
                    })
                    .collect(),
            ),
            LaneKind::Points(xs) => Values::Points {
                xs,
                rows: by_piece(),
            },
        };
        Lane {
            prop: self.prop,
            two: self.two,
            all_active: false,
            targets: self.targets.into(),
            values,
        }
    }
}

/// The groups being interned while a [`Plan`] is built (keyed by the
/// times' bits).
#[derive(Default)]
pub(super) struct Builder {
    keys: Vec<Keys>,
    key_ids: Interner<Box<[u64]>>,
    /// The bits of the frame times being looked up.
    scratch: Vec<u64>,
    xs: Vec<Box<[f64]>>,
    /// By key group, frame and point times (their count, then the times,
    /// padded with zeros).
    x_ids: Interner<(usize, usize, usize, [u64; BEZIER_POINTS])>,
    /// The pieces of every [`Points`]: per piece, `[y, rise]`.
    rises: Vec<[f64; 2]>,
}

/// Group ids by key, hashed with [`Fold`].
type Interner<K> = HashMap<K, usize, BuildHasherDefault<Fold>>;

/// A cheap multiply-rotate hash for interning numbers of our own: std's
/// SipHash, built against flooding, was much of a plan's build time.
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..c.len()].copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// A segment read from a timeline, before interning: stepped (the value),
/// linear or Bezier (the points).
enum Raw {
    Stepped(f64),
    Linear([[f64; 2]; 2]),
    Bezier([[f64; 2]; BEZIER_POINTS]),
}

impl Builder {
    /// The parts of `t` (one per value it sets, in order), or `None` when
    /// it takes the general path.
    pub(super) fn parts(&mut self, t: &Timeline) -> Option<Vec<Part>> {
        let (bone, prop) = match t.kind {
            K::Rotate(b) => (b, Prop::Rotation),
            K::TranslateX(b) => (b, Prop::X),
            K::TranslateY(b) => (b, Prop::Y),
            K::ScaleX(b) => (b, Prop::ScaleX),
            K::ScaleY(b) => (b, Prop::ScaleY),
            K::ShearX(b) => (b, Prop::ShearX),
            K::ShearY(b) => (b, Prop::ShearY),
            K::Translate(b) => return self.parts2(t, b, [Prop::X, Prop::Y]),
            K::Scale(b) => return self.parts2(t, b, [Prop::ScaleX, Prop::ScaleY]),
            K::Shear(b) => return self.parts2(t, b, [Prop::ShearX, Prop::ShearY]),
            _ => return None,
        };
        let frames = frame_count(t, 2)?;
        // (A timeline found odd on a later frame leaves groups no part
        // reads: harmless.)
        let keys = self.keys(t, 2);
        let mut segs = Vec::with_capacity(frames);
        for frame in 0..frames {
            segs.push(match segment(t, 2, frame, 1)? {
                Raw::Stepped(v) => Seg::Stepped(v),
                Raw::Linear(p) => Seg::Points(self.points(keys, frame, &p)),
                Raw::Bezier(p) => Seg::Points(self.points(keys, frame, &p)),
            });
        }
        Some(vec![Part {
            bone,
            prop,
            two: false,
            keys,
            segs,
        }])
    }

    /// The two parts of a two-value timeline setting `props`, or `None`.
    fn parts2(&mut self, t: &Timeline, bone: usize, props: [Prop; 2]) -> Option<Vec<Part>> {
        let frames = frame_count(t, 3)?;
        let keys = self.keys(t, 3);
        let mut segs = [Vec::with_capacity(frames), Vec::with_capacity(frames)];
        for frame in 0..frames {
            let x = segment(t, 3, frame, 1)?;
            let [x, y] = match [x, segment(t, 3, frame, 2)?] {
                [Raw::Stepped(x), Raw::Stepped(y)] => [Seg::Stepped(x), Seg::Stepped(y)],
                [Raw::Linear(x), Raw::Linear(y)] => [
                    Seg::Points(self.points(keys, frame, &x)),
                    Seg::Points(self.points(keys, frame, &y)),
                ],
                [Raw::Bezier(x), Raw::Bezier(y)] => [
                    Seg::Points(self.points(keys, frame, &x)),
                    Seg::Points(self.points(keys, frame, &y)),
                ],
                _ => unreachable!("both values of a frame share its curve type"),
            };
            segs[0].push(x);
            segs[1].push(y);
        }
        let part = |(prop, segs)| Part {
            bone,
            prop,
            two: true,
            keys,
            segs,
        };
        Some(props.into_iter().zip(segs).map(part).collect())
    }

    /// The key group of `t`'s frame times (`entries` numbers a frame).
    fn keys(&mut self, t: &Timeline, entries: usize) -> usize {
        let times = t.frames.iter().step_by(entries);
        let bits = &mut self.scratch;
        bits.clear();
        bits.extend(times.map(|&v| f64::from(v).to_bits()));
        if let Some(&id) = self.key_ids.get(&bits[..]) {
            return id;
        }
        let times = bits.iter().map(|&b| f64::from_bits(b)).collect();
        let xs = vec![Vec::new(); bits.len()].into();
        self.keys.push(Keys { times, xs });
        self.key_ids.insert(bits[..].into(), self.keys.len() - 1);
        self.keys.len() - 1
    }

    /// The x group of points `p` on `frame` of key group `keys`.
    fn xs(&mut self, keys: usize, frame: usize, p: &[[f64; 2]]) -> usize {
        let mut bits = [0; BEZIER_POINTS];
        for (b, p) in bits.iter_mut().zip(p) {
            *b = p[0].to_bits();
        }
        match self.x_ids.entry((keys, frame, p.len(), bits)) {
            Entry::Occupied(e) => *e.get(),
            Entry::Vacant(e) => {
                let n = self.xs.len();
                self.xs.push(p.iter().map(|p| p[0]).collect());
                self.keys[keys].xs[frame].push(n);
                *e.insert(n)
            }
        }
    }

    /// Points `p` on `frame` of key group `keys`, their times interned.
    fn points(&mut self, keys: usize, frame: usize, p: &[[f64; 2]]) -> Points {
        let xs = self.xs(keys, frame, p);
        let at = self.rises.len();
        let rises = p.windows(2).map(|w| [w[0][1], w[1][1] - w[0][1]]);
        self.rises.extend(rises);
        Points {
            xs,
            pieces: p.len() - 1,
            at,
        }
    }
}

/// The number of frames of `t` (`entries` numbers each), unless odd: none,
/// or not a whole number.
fn frame_count(t: &Timeline, entries: usize) -> Option<usize> {
    let n = t.frames.len();
    (n >= entries && n.is_multiple_of(entries)).then_some(n / entries)
}

/// The segment of value `value` (1 or 2) of `frame` in `t` (`entries`
/// numbers a frame), or `None` when the general path must sample it.
fn segment(t: &Timeline, entries: usize, frame: usize, value: usize) -> Option<Raw> {
    let c = Curves {
        frames: &t.frames,
        curves: &t.curves,
        entries,
    };
    let (i, e, v) = ((entries * frame) as isize, entries as isize, value as isize);
    // `f` reads NaN past the end, as `getCurveValue` does on the last frame.
    let key = [c.f(i), c.f(i + v)];
    let next = [c.f(i + e), c.f(i + e + v)];
    let ct = f64::from(*t.curves.get(frame)?);
    Some(if ct == 0.0 {
        Raw::Linear([key, next])
    } else if ct == 1.0 {
        Raw::Stepped(key[1])
    } else {
        // As `values` computes the index (`ct - 2.0` for the first value).
        let at = index(ct + (BEZIER_SIZE * (value - 1)) as f64 - 2.0)?;
        let samples = t.curves.get(at..at.checked_add(BEZIER_SIZE)?)?;
        let mut points = [key; BEZIER_POINTS];
        for (p, s) in points[1..].iter_mut().zip(samples.chunks_exact(2)) {
            *p = [f64::from(s[0]), f64::from(s[1])];
        }
        points[BEZIER_POINTS - 1] = next;
        Raw::Bezier(points)
    })
}
