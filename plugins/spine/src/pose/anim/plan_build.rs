//! Building a [`Plan`](super::Plan): timelines cut into parts, parts
//! gathered into runs, key groups and lanes, equal frame and point times
//! interned (see the plan's module doc for what each is). The build runs on
//! a skeleton's first apply of an animation, so it keeps to a few flat
//! vectors: parts are ranges of one vector of segments, and a run's lanes
//! are sorted out when it ends, each lane's vectors allocated once at their
//! size.

use super::*;
use std::collections::hash_map::{Entry, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

impl Plan {
    /// The plan of these timelines.
    pub(super) fn of(timelines: &[Timeline], setup: &[BoneLocal]) -> Plan {
        let mut b = Builder::for_timelines(timelines);
        let mut steps = Vec::new();
        let values = timelines.iter().map(|t| match t.kind {
            K::Translate(_) | K::Scale(_) | K::Shear(_) => 2,
            _ => 1,
        });
        let mut run = RunBuilder::new(setup, values.sum());
        let mut parts = Vec::with_capacity(2);
        for (i, t) in timelines.iter().enumerate() {
            parts.clear();
            if !b.parts(t, &mut parts) {
                run.finish(&b, &mut steps);
                steps.push(Step::General(i));
                continue;
            }
            // A bone without setup values is never posed (as
            // `bone::active_pose` finds): such parts are left out.
            parts.retain(|p| p.bone < setup.len());
            if parts.iter().any(|p| run.sets(p)) {
                run.finish(&b, &mut steps);
            }
            for &p in &parts {
                run.add(p);
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

/// A fast timeline's part: one value of one bone.
#[derive(Debug, Clone, Copy)]
pub(super) struct Part {
    bone: usize,
    prop: Prop,
    /// Of a two-value timeline.
    two: bool,
    /// Its key group.
    keys: usize,
    /// Its segment on frame `f` (how the value is sampled up to the next
    /// frame) is `Builder::segs[segs + f × step]`.
    segs: usize,
    step: usize,
}

/// How a frame's value is sampled up to the next frame.
#[derive(Debug, Clone, Copy)]
enum Seg {
    /// Stepped: the frame's value.
    Stepped(f64),
    /// Linear or Bezier: `y + fraction × rise`.
    Points(Points),
}

impl Seg {
    /// The points of a segment of points.
    fn points(&self) -> &Points {
        match self {
            Seg::Points(q) => q,
            Seg::Stepped(_) => unreachable!("a stepped segment in a lane of points"),
        }
    }
}

/// A linear (2 points) or Bezier (11 points: the frame's, the 9 stored
/// samples, the next frame's) segment: per piece between two points, the
/// first point's value and the rise to the second (`y2 − y`, taken in
/// advance: the same double); the points' times are x group `xs`.
#[derive(Debug, Clone, Copy)]
struct Points {
    xs: usize,
    /// The pieces: `Builder::rises[at..at + pieces]`.
    pieces: usize,
    at: usize,
}

/// A run being built: its parts and its key groups (in order of first
/// use), what its parts set, and room to sort them into lanes.
struct RunBuilder<'a> {
    /// The bones' setup values.
    setup: &'a [BoneLocal],
    /// The parts, in timeline order.
    parts: Vec<RunPart>,
    /// The key groups of the parts.
    groups: Vec<usize>,
    /// By key group: its index in `groups`, or [`NONE`].
    group_of: Vec<usize>,
    /// By bone: the values the parts set, a bit per [`Prop`].
    sets: Vec<u8>,
    /// The parts by group (as [`RunBuilder::finish`] sorts them):
    /// `by_group[group_starts[g]..group_starts[g + 1]]`.
    by_group: Vec<usize>,
    group_starts: Vec<usize>,
    /// Room for sorting a group's parts into lanes.
    sort: LaneSorting,
}

/// Not in a run.
const NONE: usize = usize::MAX;

/// A part of a run: the part, its target and the index of its key group
/// in `RunBuilder::groups`.
#[derive(Clone, Copy)]
struct RunPart {
    part: Part,
    target: Target,
    group: usize,
}

/// What sorts parts into lanes on a frame, beside the value they set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LaneKind {
    Before,
    Stepped,
    Points(usize),
}

/// The lane a part joins on a block: the value, whether of a two-value
/// timeline (which matters after the first frame only), the kind.
type LaneKey = (Prop, bool, LaneKind);

/// Vectors reused while a run's parts are sorted into lanes.
#[derive(Default)]
struct LaneSorting {
    /// A block's lanes, in order of first use.
    lanes: Vec<LaneKey>,
    /// Per part of the group (in order): its lane in `lanes`.
    lane_of: Vec<usize>,
    /// The group's parts by lane, as `RunBuilder::by_group`.
    by_lane: Vec<usize>,
    lane_starts: Vec<usize>,
    /// A lane's parts' first pieces in `Builder::rises`.
    ats: Vec<usize>,
}

impl<'a> RunBuilder<'a> {
    /// An empty run for bones of setup values `setup`, with room for
    /// `parts` parts.
    fn new(setup: &'a [BoneLocal], parts: usize) -> Self {
        RunBuilder {
            setup,
            parts: Vec::with_capacity(parts),
            groups: Vec::new(),
            group_of: Vec::new(),
            sets: vec![0; setup.len()],
            by_group: Vec::new(),
            group_starts: Vec::new(),
            sort: LaneSorting::default(),
        }
    }

    /// Whether the run sets the value part `p` sets (of a bone in range).
    fn sets(&self, p: &Part) -> bool {
        self.sets[p.bone] & 1 << p.prop as u8 != 0
    }

    /// Adds part `p` (of a bone in range).
    fn add(&mut self, p: Part) {
        self.sets[p.bone] |= 1 << p.prop as u8;
        if p.keys >= self.group_of.len() {
            self.group_of.resize(p.keys + 1, NONE);
        }
        if self.group_of[p.keys] == NONE {
            self.group_of[p.keys] = self.groups.len();
            self.groups.push(p.keys);
        }
        self.parts.push(RunPart {
            part: p,
            target: Target {
                bone: p.bone,
                setup: p.prop.of(&self.setup[p.bone]),
            },
            group: self.group_of[p.keys],
        });
    }

    /// Ends the run: appends it to `steps` unless empty, and starts afresh.
    fn finish(&mut self, b: &Builder, steps: &mut Vec<Step>) {
        if self.parts.is_empty() {
            return;
        }
        let groups = self.parts.iter().enumerate().map(|(i, p)| (i, p.group));
        let (starts, by_group) = (&mut self.group_starts, &mut self.by_group);
        bucket(groups, self.groups.len(), starts, by_group);
        let mut groups = Vec::with_capacity(self.groups.len());
        for (g, &keys) in self.groups.iter().enumerate() {
            let members = &by_group[starts[g]..starts[g + 1]];
            // The targets of a block of one lane: the same on every block.
            let targets: Vec<Target> = members.iter().map(|&i| self.parts[i].target).collect();
            let blocks = (0..=b.keys[keys].times.len())
                .map(|block| self.sort.block(b, &self.parts, members, &targets, block))
                .collect();
            groups.push(Group { keys, blocks });
        }
        steps.push(Step::Run(Run {
            groups: groups.into(),
        }));
        for p in &self.parts {
            self.sets[p.part.bone] = 0;
        }
        for &keys in &self.groups {
            self.group_of[keys] = NONE;
        }
        self.parts.clear();
        self.groups.clear();
    }
}

impl LaneSorting {
    /// Finds the lanes of parts of these keys, in order of first use, and
    /// each part's.
    fn find_lanes(&mut self, keys: impl Iterator<Item = LaneKey>) {
        for key in keys {
            // A part mostly joins the lane of the one before.
            let lane = match self.lane_of.last() {
                Some(&lane) if self.lanes[lane] == key => lane,
                _ => match self.lanes.iter().position(|&l| l == key) {
                    Some(lane) => lane,
                    None => {
                        self.lanes.push(key);
                        self.lanes.len() - 1
                    }
                },
            };
            self.lane_of.push(lane);
        }
    }

    /// The lanes on block `block` (0 before the first frame, `f + 1` on
    /// frame `f`) of the parts `members` (indices into `parts`, with their
    /// `targets`) of a key group.
    fn block(
        &mut self,
        b: &Builder,
        parts: &[RunPart],
        members: &[usize],
        targets: &[Target],
        block: usize,
    ) -> Box<[Lane]> {
        // Block `f + 1` is frame `f`.
        let frame = block.wrapping_sub(1);
        let seg = |p: &Part| &b.segs[p.segs + frame * p.step];
        let key_of = |i: usize| {
            let p = &parts[i].part;
            if block == 0 {
                (p.prop, false, LaneKind::Before)
            } else {
                let kind = match seg(p) {
                    Seg::Stepped(_) => LaneKind::Stepped,
                    Seg::Points(q) => LaneKind::Points(q.xs),
                };
                (p.prop, p.two, kind)
            }
        };
        self.lanes.clear();
        self.lane_of.clear();
        // Mostly all the parts make one lane: then nothing is sorted.
        let first = members.first().map(|&i| key_of(i));
        match first.filter(|&k| members.iter().all(|&i| key_of(i) == k)) {
            Some(key) => self.lanes.push(key),
            None => self.find_lanes(members.iter().map(|&i| key_of(i))),
        }
        let by_lane = if self.lanes.len() == 1 {
            members
        } else {
            let lanes = members.iter().copied().zip(self.lane_of.iter().copied());
            bucket(
                lanes,
                self.lanes.len(),
                &mut self.lane_starts,
                &mut self.by_lane,
            );
            &self.by_lane[..]
        };
        let mut out = Vec::with_capacity(self.lanes.len());
        for (l, &(prop, two, kind)) in self.lanes.iter().enumerate() {
            let these = match self.lanes.len() {
                1 => by_lane,
                _ => &by_lane[self.lane_starts[l]..self.lane_starts[l + 1]],
            };
            let these = these.iter().map(|&i| &parts[i]);
            let values = match kind {
                LaneKind::Before => Values::Before,
                LaneKind::Stepped => Values::Stepped(
                    these
                        .clone()
                        .map(|p| match seg(&p.part) {
                            Seg::Stepped(v) => *v,
                            Seg::Points(_) => unreachable!("a segment of points in a stepped lane"),
                        })
                        .collect(),
                ),
                LaneKind::Points(xs) => {
                    self.ats.clear();
                    self.ats
                        .extend(these.clone().map(|p| seg(&p.part).points().at));
                    // Parts of one x group have as many pieces.
                    let pieces = these
                        .clone()
                        .next()
                        .map_or(0, |p| seg(&p.part).points().pieces);
                    Values::Points {
                        xs,
                        rows: by_piece(&b.rises, &self.ats, pieces),
                    }
                }
            };
            let targets = match self.lanes.len() {
                1 => targets.into(),
                _ => these.map(|p| p.target).collect(),
            };
            out.push(Lane {
                prop,
                two,
                all_active: false,
                targets,
                values,
            });
        }
        out.into_boxed_slice()
    }
}

/// The rows of a lane whose parts have `pieces` pieces each, the first at
/// `ats` in `rises`: piece by piece, each part's.
fn by_piece(rises: &[[f64; 2]], ats: &[usize], pieces: usize) -> Box<[[f64; 2]]> {
    let mut rows = Vec::with_capacity(pieces * ats.len());
    for k in 0..pieces {
        // Shifted once a piece, not once a row: `piece[at]` is `rises[at + k]`.
        let piece = rises.get(k..).unwrap_or(&[]);
        rows.extend(ats.iter().map(|&at| piece[at]));
    }
    rows.into_boxed_slice()
}

/// Sorts items stably by key (`keyed`: each item with its key, below
/// `count`) into `order`, key `k`'s at `order[starts[k]..starts[k + 1]]`.
fn bucket(
    keyed: impl Iterator<Item = (usize, usize)> + Clone,
    count: usize,
    starts: &mut Vec<usize>,
    order: &mut Vec<usize>,
) {
    // Counted at `k + 2`, summed, then each placed at `starts[k + 1]`,
    // which moves on to the start of `k + 1`.
    starts.clear();
    starts.resize(count + 2, 0);
    for (_, k) in keyed.clone() {
        starts[k + 2] += 1;
    }
    for k in 2..starts.len() {
        starts[k] += starts[k - 1];
    }
    order.clear();
    order.resize(starts[count + 1], 0);
    for (item, k) in keyed {
        order[starts[k + 1]] = item;
        starts[k + 1] += 1;
    }
}

/// The groups being interned while a [`Plan`] is built (keyed by the
/// times' bits).
#[derive(Default)]
pub(super) struct Builder {
    keys: Vec<Keys>,
    key_ids: Interner<Box<[u64]>>,
    /// The key group last looked up.
    last_keys: Option<usize>,
    /// The bits of the frame times being looked up.
    scratch: Vec<u64>,
    xs: Vec<Box<[f64]>>,
    /// By key group, frame and point times (their count, then the times,
    /// padded with zeros).
    x_ids: Interner<(usize, usize, usize, [u64; BEZIER_POINTS])>,
    /// The segments of every [`Part`].
    segs: Vec<Seg>,
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
    /// A builder with room for the segments and pieces of `timelines`
    /// (growing a vector copies it, and these are the big ones): a segment
    /// per frame and value, fewer than the frames' numbers; a piece per
    /// linear segment and 10 per Bezier one, which stores 18 curve numbers.
    fn for_timelines(timelines: &[Timeline]) -> Builder {
        let numbers = timelines.iter().map(|t| t.frames.len());
        let pieces = timelines
            .iter()
            .map(|t| t.frames.len() + t.curves.len() / 2);
        Builder {
            segs: Vec::with_capacity(numbers.sum()),
            rises: Vec::with_capacity(pieces.sum()),
            ..Builder::default()
        }
    }

    /// Appends to `out` the parts of `t` (one per value it sets, in order)
    /// and says true, or says false when it takes the general path.
    pub(super) fn parts(&mut self, t: &Timeline, out: &mut Vec<Part>) -> bool {
        let (bone, prop) = match t.kind {
            K::Rotate(b) => (b, Prop::Rotation),
            K::TranslateX(b) => (b, Prop::X),
            K::TranslateY(b) => (b, Prop::Y),
            K::ScaleX(b) => (b, Prop::ScaleX),
            K::ScaleY(b) => (b, Prop::ScaleY),
            K::ShearX(b) => (b, Prop::ShearX),
            K::ShearY(b) => (b, Prop::ShearY),
            K::Translate(b) => return self.parts2(t, b, [Prop::X, Prop::Y], out),
            K::Scale(b) => return self.parts2(t, b, [Prop::ScaleX, Prop::ScaleY], out),
            K::Shear(b) => return self.parts2(t, b, [Prop::ShearX, Prop::ShearY], out),
            _ => return false,
        };
        let Some(frames) = frame_count(t, 2) else {
            return false;
        };
        // (A timeline found odd on a later frame leaves groups no part
        // reads: harmless.)
        let keys = self.keys(t, 2);
        let (segs, rises) = (self.segs.len(), self.rises.len());
        for frame in 0..frames {
            let seg = match segment(t, 2, frame, 1) {
                None => return self.undo(segs, rises),
                Some(Raw::Stepped(v)) => Seg::Stepped(v),
                Some(Raw::Linear(p)) => Seg::Points(self.points(keys, frame, &p)),
                Some(Raw::Bezier(p)) => Seg::Points(self.points(keys, frame, &p)),
            };
            self.segs.push(seg);
        }
        out.push(Part {
            bone,
            prop,
            two: false,
            keys,
            segs,
            step: 1,
        });
        true
    }

    /// Appends to `out` the two parts of a two-value timeline setting
    /// `props`, or says false.
    fn parts2(&mut self, t: &Timeline, bone: usize, props: [Prop; 2], out: &mut Vec<Part>) -> bool {
        let Some(frames) = frame_count(t, 3) else {
            return false;
        };
        let keys = self.keys(t, 3);
        let (segs, rises) = (self.segs.len(), self.rises.len());
        for frame in 0..frames {
            let (Some(x), Some(y)) = (segment(t, 3, frame, 1), segment(t, 3, frame, 2)) else {
                return self.undo(segs, rises);
            };
            let [x, y] = match [x, y] {
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
            self.segs.extend([x, y]);
        }
        for (prop, first) in props.into_iter().zip([segs, segs + 1]) {
            out.push(Part {
                bone,
                prop,
                two: true,
                keys,
                segs: first,
                step: 2,
            });
        }
        true
    }

    /// Drops the segments and pieces from `segs` and `rises` on, of a
    /// timeline found odd: says false.
    fn undo(&mut self, segs: usize, rises: usize) -> bool {
        self.segs.truncate(segs);
        self.rises.truncate(rises);
        false
    }

    /// The key group of `t`'s frame times (`entries` numbers a frame, of
    /// which `t` has a whole number).
    fn keys(&mut self, t: &Timeline, entries: usize) -> usize {
        let times = t.frames.chunks_exact(entries).map(|f| &f[0]);
        // Timelines keyed at once mostly follow one another: the last
        // group is tried before the interner.
        if let Some(last) = self.last_keys {
            let known = &self.keys[last].times;
            let same = |(&v, w): (&f32, &f64)| f64::from(v).to_bits() == w.to_bits();
            if times.len() == known.len() && times.clone().zip(known.iter()).all(same) {
                return last;
            }
        }
        let id = self.intern_keys(times);
        self.last_keys = Some(id);
        id
    }

    /// The key group of frame times `times`, added if new.
    fn intern_keys<'t>(&mut self, times: impl Iterator<Item = &'t f32>) -> usize {
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
        // Timelines keyed at once mostly share their curves' times too: the
        // frame's last x group is tried before the interner.
        if let Some(&last) = self.keys[keys].xs[frame].last() {
            let known = &self.xs[last];
            let same = |(p, x): (&[f64; 2], &f64)| p[0].to_bits() == x.to_bits();
            if p.len() == known.len() && p.iter().zip(known.iter()).all(same) {
                return last;
            }
        }
        self.intern_xs(keys, frame, p)
    }

    /// The x group of points `p` on `frame` of key group `keys`, from the
    /// interner, added if new. (Apart, so that the common case of
    /// [`Builder::xs`] needs none of its room.)
    #[cold]
    #[inline(never)]
    fn intern_xs(&mut self, keys: usize, frame: usize, p: &[[f64; 2]]) -> usize {
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
