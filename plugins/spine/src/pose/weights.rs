//! Weighted world vertices on the fast path: a weighted attachment's `bones`
//! and `vertices` arrays decoded once ([`Weights`]) and the per-frame loop
//! over them ([`Weights::world`]). The loop does the runtime's arithmetic in
//! its order, two lanes at a time: lane 0 is a vertex's world x, lane 1 its
//! world y (see [`BonePose::place`]).

use super::{Bone, BonePose};
use crate::data::VertexData;

/// A weighted attachment's arrays, decoded: the runtime reads them number by
/// number (a count, then bone index, x, y and weight per influence); here
/// each influence's bone is an integer and its x, y and weight are the
/// doubles the runtime reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Weights {
    /// `starts[v]..starts[v + 1]`: the influences of vertex `v` (ascending,
    /// the last is `influences.len()`), to find a first vertex's.
    starts: Vec<u32>,
    /// The vertices in runs of equal influence count, in order: the loop
    /// over a run knows the count, so it reads no count and splits nothing
    /// per vertex (and the usual counts, 1 and 2, are unrolled).
    runs: Vec<Run>,
    /// Every influence, vertex after vertex.
    influences: Vec<Influence>,
}

/// Vertices `previous run's end..end`, each with `count` influences.
#[derive(Debug, Clone, Copy)]
struct Run {
    end: u32,
    count: u32,
}

/// One bone's pull on a vertex, in the shape the loop reads it: x, y and
/// the weight each twice, one per lane, so that each is one aligned 16-byte
/// operand of a packed multiply (no shuffles); the bone index, and which of
/// its poses is applied (as when decoded: the skeleton decodes again when
/// it rebuilds its update cache, which decides that), so that the loop
/// reads the bone's world matrix and nothing else of it. 64 bytes,
/// aligned: one cache line per influence.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
struct Influence {
    x: [f64; 2],
    y: [f64; 2],
    weight: [f64; 2],
    bone: u32,
    constrained: bool,
}

impl Influence {
    /// The bone's applied pose.
    #[inline(always)]
    fn pose<'b>(&self, bones: &'b [Bone]) -> &'b BonePose {
        let b = &bones[self.bone as usize];
        if self.constrained {
            &b.constrained
        } else {
            &b.pose
        }
    }
}

/// `acc + b.place(x, y)·weight`, lane by lane: one influence of a vertex
/// added to its running sum, as the runtime adds them.
#[inline(always)]
fn pull(acc: [f64; 2], x: [f64; 2], y: [f64; 2], w: [f64; 2], b: &BonePose) -> [f64; 2] {
    let p = b.place(x, y);
    [acc[0] + p[0] * w[0], acc[1] + p[1] * w[1]]
}

impl Weights {
    /// The decoded arrays for the skeleton's bones `posed`, or `None` when
    /// anything would make the runtime read `undefined` (a count or bone
    /// index that is not an integer in range, too few vertex numbers): such
    /// attachments take the general path.
    pub(crate) fn new(v: &VertexData, posed: &[Bone]) -> Option<Weights> {
        let bones = v.bones.as_ref()?;
        // The big vectors sized at once (for well-formed arrays: a vertex
        // per two world numbers, at most an influence per bone number). The
        // bones are checked first, the influences then made in one loop of
        // known length.
        let vertex_count = (v.world_vertices_length / 2.0) as usize;
        let mut starts = Vec::with_capacity(vertex_count.min(bones.len()) + 1);
        starts.push(0);
        let mut indices = Vec::with_capacity(bones.len());
        let mut runs: Vec<Run> = Vec::new();
        let mut i = 0;
        while let Some(&count) = bones.get(i) {
            i += 1;
            let n = bone_index(count).filter(|&n| n <= bones.len() - i)?;
            for &b in &bones[i..i + n] {
                let b = bone_index(b).filter(|&b| b < posed.len())?;
                indices.push(u32::try_from(b).ok()?);
            }
            i += n;
            starts.push(u32::try_from(indices.len()).ok()?);
            // `n` fits: it is at most the influences so far.
            let (end, count) = (u32::try_from(starts.len() - 1).ok()?, n as u32);
            match runs.last_mut() {
                Some(r) if r.count == count => r.end = end,
                _ => runs.push(Run { end, count }),
            }
        }
        if v.vertices.len() < 3 * indices.len() {
            return None;
        }
        let influences = indices
            .iter()
            .zip(v.vertices.chunks_exact(3))
            .map(|(&bone, c)| {
                let [x, y, weight] = [c[0], c[1], c[2]].map(f64::from);
                Influence {
                    x: [x; 2],
                    y: [y; 2],
                    weight: [weight; 2],
                    bone,
                    constrained: posed[bone as usize].constrained_applied,
                }
            })
            .collect();
        Some(Weights {
            starts,
            runs,
            influences,
        })
    }

    /// World vertices of `out.len() / 2` vertices from vertex `first` into
    /// `out` (x, y pairs), the bones read through their applied poses and
    /// `deform` (empty: none) added to the vertex offsets; `false` (nothing
    /// written) when the vertices or the deform numbers are out of range.
    pub(crate) fn world(
        &self,
        bones: &[Bone],
        first: usize,
        deform: &[f64],
        out: &mut [f64],
    ) -> bool {
        let n = out.len() / 2;
        let Some(starts) = first
            .checked_add(n)
            .and_then(|last| self.starts.get(first..=last))
        else {
            return false;
        };
        let (k, end) = (starts[0] as usize, starts[n] as usize);
        // Both in range by construction; checked once here, not per vertex.
        let Some(mut rest) = self.influences.get(k..end) else {
            return false;
        };
        let mut offsets = match deform {
            [] => None,
            _ => match deform.get(2 * k..2 * end) {
                Some(d) => Some(d),
                None => return false,
            },
        };
        let mut out = &mut out[..2 * n];
        let (mut v, mut r) = (
            first,
            self.runs.partition_point(|r| r.end as usize <= first),
        );
        while !out.is_empty() {
            let Run { end, count } = self.runs[r];
            let m = (end as usize - v).min(out.len() / 2);
            let c = count as usize;
            let (o, more) = std::mem::take(&mut out).split_at_mut(2 * m);
            let (mine, tail) = rest.split_at(m * c);
            (out, rest, v, r) = (more, tail, v + m, r + 1);
            if c == 0 {
                // No influence: the runtime's sums stay 0.
                o.fill(0.0);
            } else if let Some(d) = offsets {
                let (moved, tail) = d.split_at(2 * m * c);
                offsets = Some(tail);
                run_deformed(bones, o, mine, moved, c);
            } else {
                run(bones, o, mine, c);
            }
        }
        true
    }
}

/// The world vertices of a run of vertices with `c > 0` influences each.
/// (Not inlined: on its own the loop keeps everything in registers.)
#[inline(never)]
fn run(bones: &[Bone], out: &mut [f64], influences: &[Influence], c: usize) {
    let pull = |acc, i: &Influence| pull(acc, i.x, i.y, i.weight, i.pose(bones));
    let spans = out.chunks_exact_mut(2);
    match c {
        1 => {
            for (o, i) in spans.zip(influences) {
                o.copy_from_slice(&pull([0.0; 2], i));
            }
        }
        2 => {
            for (o, i) in spans.zip(influences.chunks_exact(2)) {
                o.copy_from_slice(&pull(pull([0.0; 2], &i[0]), &i[1]));
            }
        }
        _ => {
            for (o, i) in spans.zip(influences.chunks_exact(c)) {
                o.copy_from_slice(&i.iter().fold([0.0; 2], pull));
            }
        }
    }
}

/// [`run`] with the deform offsets (x, y per influence) added to the
/// influences' x and y first, as the runtime adds them.
fn run_deformed(
    bones: &[Bone],
    out: &mut [f64],
    influences: &[Influence],
    moved: &[f64],
    c: usize,
) {
    let spans = out
        .chunks_exact_mut(2)
        .zip(influences.chunks_exact(c).zip(moved.chunks_exact(2 * c)));
    for (o, (mine, moved)) in spans {
        let mut acc = [0.0; 2];
        for (i, d) in mine.iter().zip(moved.chunks_exact(2)) {
            let x = [i.x[0] + d[0], i.x[1] + d[0]];
            let y = [i.y[0] + d[1], i.y[1] + d[1]];
            acc = pull(acc, x, y, i.weight, i.pose(bones));
        }
        o.copy_from_slice(&acc);
    }
}

/// A bone index from a weighted `bones` array entry.
pub(crate) fn bone_index(b: f64) -> Option<usize> {
    let k = b as usize;
    (b >= 0.0 && k as f64 == b).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// Mostly ordinary numbers, sometimes a signed zero, an infinity or NaN.
    fn number(rng: &mut Rng) -> f64 {
        match rng.below(40) {
            0 => -0.0,
            1 => 0.0,
            2 => f64::INFINITY,
            3 => f64::NAN,
            _ => rng.unit() * 200.0 - 100.0,
        }
    }

    fn pose(rng: &mut Rng) -> BonePose {
        BonePose {
            a: number(rng),
            b: number(rng),
            c: number(rng),
            d: number(rng),
            world_x: number(rng),
            world_y: number(rng),
            ..BonePose::default()
        }
    }

    /// `VertexAttachment.computeWorldVertices`' weighted loop, as written in
    /// the runtime (scalar, number by number).
    fn runtime(v: &VertexData, bones: &[Bone], start: usize, deform: &[f64], out: &mut [f64]) {
        let bi = v.bones.as_ref().expect("weighted");
        let (mut i, mut skip) = (0, 0);
        for _ in (0..start).step_by(2) {
            let n = bi[i] as usize;
            i += n + 1;
            skip += n;
        }
        let (mut b, mut f) = (skip * 3, skip * 2);
        for o in out.chunks_exact_mut(2) {
            let (mut wx, mut wy) = (0.0, 0.0);
            let n = bi[i] as usize;
            i += 1;
            for _ in 0..n {
                let p = bones[bi[i] as usize].applied();
                let (mut vx, mut vy) = (f64::from(v.vertices[b]), f64::from(v.vertices[b + 1]));
                if !deform.is_empty() {
                    vx += deform[f];
                    vy += deform[f + 1];
                }
                let weight = f64::from(v.vertices[b + 2]);
                wx += (vx * p.a + vy * p.b + p.world_x) * weight;
                wy += (vx * p.c + vy * p.d + p.world_y) * weight;
                i += 1;
                b += 3;
                f += 2;
            }
            o[0] = wx;
            o[1] = wy;
        }
    }

    /// Whether the runtime reads only numbers on a weighted attachment's
    /// arrays (what [`Weights::new`] decides), as simply as it can be said.
    fn reads_only_numbers(v: &VertexData, bone_count: usize) -> bool {
        let bones = v.bones.as_ref().expect("weighted");
        let (mut i, mut influences) = (0, 0);
        while i < bones.len() {
            let Some(n) = bone_index(bones[i]).filter(|&n| n < bones.len() - i) else {
                return false;
            };
            let mine = &bones[i + 1..i + 1 + n];
            if !mine
                .iter()
                .all(|&b| bone_index(b).is_some_and(|b| b < bone_count))
            {
                return false;
            }
            (i, influences) = (i + 1 + n, influences + n);
        }
        v.vertices.len() >= 3 * influences
    }

    #[test]
    fn malformed_arrays_take_the_general_path() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        // -0 (an index: 0), fractions, negatives, NaN, and numbers at or
        // past the edges of a conversion to 64 bits.
        let odd = [
            -0.0,
            -1.0,
            0.5,
            -0.5,
            f64::NAN,
            f64::INFINITY,
            2f64.powi(63),
            -(2f64.powi(63)),
            4e9,
            1e300,
        ];
        let bones: Vec<Bone> = (0..4)
            .map(|_| Bone {
                pose: BonePose::default(),
                constrained: BonePose::default(),
                constrained_applied: false,
                active: true,
                sorted: false,
                parent: None,
                children: Vec::new(),
            })
            .collect();
        for _ in 0..20_000 {
            let mut numbers = Vec::new();
            for _ in 0..1 + rng.below(6) {
                let n = rng.below(4);
                numbers.push(n as f64);
                numbers.extend((0..n).map(|_| rng.below(5) as f64));
            }
            for _ in 0..rng.below(3) {
                let k = rng.below(numbers.len() as u64) as usize;
                numbers[k] = odd[rng.below(odd.len() as u64) as usize];
            }
            if rng.below(4) == 0 {
                numbers.truncate(rng.below(numbers.len() as u64) as usize);
            }
            let v = VertexData {
                vertices: vec![1.0; 3 * rng.below(numbers.len() as u64 + 1) as usize],
                bones: Some(numbers),
                world_vertices_length: 2.0 * rng.below(8) as f64,
            };
            assert_eq!(
                Weights::new(&v, &bones).is_some(),
                reads_only_numbers(&v, bones.len()),
                "{v:?}"
            );
        }
    }

    #[test]
    fn the_fast_path_is_the_runtime_bit_for_bit() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let bones: Vec<Bone> = (0..1 + rng.below(12))
                .map(|_| Bone {
                    pose: pose(&mut rng),
                    constrained: pose(&mut rng),
                    constrained_applied: rng.below(2) == 0,
                    active: true,
                    sorted: false,
                    parent: None,
                    children: Vec::new(),
                })
                .collect();
            // Runs of equal counts, of every length, and zero counts.
            let vertex_count = 1 + rng.below(40) as usize;
            let (mut indices, mut vertices) = (Vec::new(), Vec::new());
            // Per vertex: the influences before it (and the total, last).
            let mut before = vec![0usize];
            let mut count = rng.below(6);
            for _ in 0..vertex_count {
                if rng.below(4) == 0 {
                    count = rng.below(6);
                }
                before.push(before[before.len() - 1] + count as usize);
                indices.push(count as f64);
                for _ in 0..count {
                    indices.push(rng.below(bones.len() as u64) as f64);
                    vertices.extend(
                        [number(&mut rng), number(&mut rng), number(&mut rng)].map(|x| x as f32),
                    );
                }
            }
            let v = VertexData {
                bones: Some(indices),
                vertices,
                world_vertices_length: 2.0 * vertex_count as f64,
            };
            let w = Weights::new(&v, &bones).expect("decodes");
            let influences = w.influences.len();
            let deform: Vec<f64> = match rng.below(2) {
                0 => Vec::new(),
                _ => (0..2 * influences).map(|_| number(&mut rng)).collect(),
            };
            let first = rng.below(vertex_count as u64) as usize;
            let n = rng.below((vertex_count - first) as u64 + 1) as usize;
            let mut fast = vec![7.0; 2 * n];
            assert!(w.world(&bones, first, &deform, &mut fast));
            let mut slow = vec![7.0; 2 * n];
            runtime(&v, &bones, 2 * first, &deform, &mut slow);
            // Bit for bit, except a NaN's sign and payload: Rust leaves them
            // unspecified (operands of a sum may be swapped) and JavaScript
            // cannot tell NaNs apart.
            let bits = |o: &[f64]| {
                o.iter()
                    .map(|x| if x.is_nan() { u64::MAX } else { x.to_bits() })
                    .collect::<Vec<_>>()
            };
            assert_eq!(bits(&fast), bits(&slow));
            // Too few deform numbers: the general path's job.
            if let Some((_, short)) = deform.split_last() {
                // Deform numbers are read for the influences of every vertex
                // up to the last one written.
                let fits = 2 * before[first + n] <= short.len();
                assert_eq!(w.world(&bones, first, short, &mut fast), fits);
            }
        }
    }
}
