//! Bone updates two at a time: the update cache reordered along its
//! dependencies so that bones of independent chains are updated in pairs
//! (built once with the cache), and the paired step of
//! `updateWorldTransform`.
//!
//! Why: a bone's update waits on its parent's, so the sorted cache — one
//! chain after another — is one long dependency chain, and its sines and
//! cosines are one call at a time. Two bones of different chains computed
//! side by side overlap their latencies and share one two-lane `sin_cos2`.
//!
//! Why the bits do not change: a bone update reads only its own local
//! values and its parent's world transform and writes only its own world
//! transform and stamps; a constraint reads and writes only the bones
//! [`Skeleton::constraint_touch`] lists (those it names, their parents, and
//! the descendants of those it writes, which `resetWorld` restamps). Two
//! entries that share none of these commute, so any order that keeps every
//! conflicting pair ([`dependencies`]) in the cache's order computes the same
//! numbers. [`pair_bones`] is such an order, with the bone updates in pairs;
//! [`Skeleton::update_pair`] computes a pair in two-lane arithmetic when
//! both take the common path (normal inherit, local values current, equal
//! shears), else one after the other. `tests/spine_paired.rs` poses random
//! skeletons both ways and compares every bone bit for bit.

use super::bone::{ParentWorld, SkeletonTransform, TrigMemo};
use super::{BonePose, Skeleton, Update};
use crate::data::{AttachmentKind, ConstraintKind, Inherit};

/// How far apart (in cache entries) two entries may be and still change
/// places: past several chains of a few dozen bones and their constraints
/// (so that the last chain finds partners in the others), while building
/// stays linear in the cache's length.
const WINDOW: usize = 128;

/// A constraint's weight in [`pair_bones`]' priorities, in bone updates.
const CONSTRAINT_LATENCY: usize = 10;

/// Per entry of the cache, the earlier entries within [`WINDOW`] it must
/// follow, enough to keep every conflicting pair in order: a bone update
/// and a constraint conflict when the constraint may touch the bone (`touch`:
/// per constraint the bones it may read or write, `None`: any), two bone
/// updates when they update the same bone or a parent and its child, two
/// constraints when they may touch a common bone. Only the last earlier
/// entry of each kind that conflicts is listed (the last update of the bone,
/// of its parent and of each child; the last constraint touching it): an
/// earlier one conflicts with that last one too, so it comes first anyway.
fn dependencies(
    cache: &[Update],
    parent: &[Option<usize>],
    touch: &[Option<Vec<usize>>],
) -> Vec<Vec<usize>> {
    // Every bone index the cache or the touch sets name.
    let named = cache.iter().filter_map(|u| match *u {
        Update::Bone(b) => Some(b),
        _ => None,
    });
    let touched = touch.iter().flatten().flatten().copied();
    let bones = named
        .chain(touched)
        .map(|b| b + 1)
        .fold(parent.len(), usize::max);
    let mut children = vec![Vec::new(); bones];
    for (k, p) in parent.iter().enumerate() {
        if let Some(c) = p.and_then(|p| children.get_mut(p)) {
            c.push(k);
        }
    }
    // The last update of each bone, the last constraint that may touch it,
    // the last constraint that may touch anything.
    let mut last_update: Vec<Option<usize>> = vec![None; bones];
    let mut last_touch: Vec<Option<usize>> = vec![None; bones];
    let mut last_any: Option<usize> = None;
    let at = |v: &[Option<usize>], k: usize| v.get(k).copied().flatten();
    let mut all = Vec::with_capacity(cache.len());
    for (y, u) in cache.iter().enumerate() {
        let mut before: Vec<usize> = last_any.into_iter().collect();
        match *u {
            Update::Bone(b) => {
                before.extend(at(&last_update, b));
                before.extend(
                    parent
                        .get(b)
                        .copied()
                        .flatten()
                        .and_then(|p| at(&last_update, p)),
                );
                for &c in children.get(b).map_or(&[][..], |c| c) {
                    before.extend(at(&last_update, c));
                }
                before.extend(at(&last_touch, b));
                if let Some(last) = last_update.get_mut(b) {
                    *last = Some(y);
                }
            }
            Update::Constraint(c) => match touch.get(c) {
                Some(Some(set)) => {
                    for &k in set {
                        before.extend(at(&last_update, k));
                        before.extend(at(&last_touch, k));
                    }
                    for &k in set {
                        if let Some(last) = last_touch.get_mut(k) {
                            *last = Some(y);
                        }
                    }
                }
                _ => {
                    before.extend(y.saturating_sub(WINDOW)..y);
                    last_any = Some(y);
                }
            },
            _ => before.extend(y.saturating_sub(WINDOW)..y),
        }
        before.retain(|&x| y - x <= WINDOW);
        before.sort_unstable();
        before.dedup();
        all.push(before);
    }
    all
}

/// A bone's class for pairing: bones of one class take the same step of
/// `updateWorldTransform` (by their setup inherit mode; timelines may change
/// it, which costs speed, not bits), so a pair of them can go two lanes.
pub(super) fn class(inherit: Option<Inherit>) -> u8 {
    match inherit {
        Some(Inherit::Normal) => 0,
        Some(Inherit::NoScale | Inherit::NoScaleOrReflection) => 1,
        _ => 2,
    }
}

/// The update cache reordered and its bone updates paired (see the module
/// doc): a list schedule of the cache's dependency graph (the conflicting
/// pairs of entries, in their cache order, see [`dependencies`]; entries
/// more than [`WINDOW`] apart keep their order too). Each step emits a constraint
/// that is ready (it makes more bone updates ready), else the highest ready
/// bone update (see `height` below; ties in cache order) that has a ready
/// partner of its [`class`], with the highest such partner (else the highest
/// bone with the next one of any class): two ready entries never conflict.
/// `parent` is each bone's parent, `class` its class, `touch` as for
/// [`dependencies`].
pub(super) fn pair_bones(
    cache: &[Update],
    parent: &[Option<usize>],
    class: &[u8],
    touch: &[Option<Vec<usize>>],
) -> Vec<Update> {
    let n = cache.len();
    // Dependencies within the window: how many earlier entries each waits
    // for, and who waits for each (see `dependencies`).
    let mut waits = vec![0usize; n];
    let mut waiters: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (y, before) in dependencies(cache, parent, touch).into_iter().enumerate() {
        for x in before {
            waits[y] += 1;
            waiters[x].push(y);
        }
    }
    // Priority: each entry's height, the longest chain of entries waiting
    // on it, in rough latency units (a bone update is one, a constraint
    // — a long chain of dependent trigonometry — about ten). Updating the
    // highest ready entries first keeps every chain of bones moving, so
    // that each ready bone has a partner until the end.
    let mut height = vec![0usize; n];
    for k in (0..n).rev() {
        let own = match cache[k] {
            Update::Constraint(_) => CONSTRAINT_LATENCY,
            _ => 1,
        };
        height[k] = own + waiters[k].iter().map(|&w| height[w]).max().unwrap_or(0);
    }
    let mut done = vec![false; n];
    let mut low = 0; // every entry before it is emitted
    let mut out = Vec::with_capacity(n);
    let emit = |k: usize, done: &mut Vec<bool>, waits: &mut Vec<usize>| {
        done[k] = true;
        for &w in &waiters[k] {
            waits[w] -= 1;
        }
    };
    while low < n {
        // Ready: not emitted, waits for nobody, and within the window.
        let end = n.min(low + WINDOW);
        let mut emitted_constraint = false;
        for k in low..end {
            if !done[k] && waits[k] == 0 && matches!(cache[k], Update::Constraint(_)) {
                out.push(cache[k]);
                emit(k, &mut done, &mut waits);
                emitted_constraint = true;
                break;
            }
        }
        if !emitted_constraint {
            let mut ready: Vec<usize> = (low..end)
                .filter(|&k| !done[k] && waits[k] == 0 && matches!(cache[k], Update::Bone(_)))
                .collect();
            ready.sort_by_key(|&k| (std::cmp::Reverse(height[k]), k));
            // The earliest entry left is always ready (what it waits for
            // comes before it); should that ever fail, the cache as built.
            let class_of = |k: usize| match cache[k] {
                Update::Bone(b) => class.get(b).copied(),
                _ => None,
            };
            // The highest bone with a ready partner of its class, else the
            // highest: a pair of one class goes two lanes.
            let mut count = [0usize; 3];
            for &k in &ready {
                if let Some(c) = class_of(k) {
                    count[usize::from(c.min(2))] += 1;
                }
            }
            let paired = |k: usize| class_of(k).is_some_and(|c| count[usize::from(c.min(2))] >= 2);
            if let Some(f) = ready.iter().position(|&k| paired(k)) {
                let best = ready.remove(f);
                ready.insert(0, best);
            }
            let Some((&first, rest)) = ready.split_first() else {
                return cache.to_vec();
            };
            let Update::Bone(a) = cache[first] else {
                return cache.to_vec();
            };
            // Its partner: the next ready bone of its class, else the next.
            let same = |&&k: &&usize| matches!(cache[k], Update::Bone(b) if class[b] == class[a]);
            let second = rest.iter().find(same).or(rest.first()).copied();
            match second.map(|k| (k, cache[k])) {
                Some((k, Update::Bone(b))) if parent[b].is_some() => {
                    out.push(Update::Pair(a, b));
                    emit(first, &mut done, &mut waits);
                    emit(k, &mut done, &mut waits);
                }
                _ => {
                    out.push(Update::Bone(a));
                    emit(first, &mut done, &mut waits);
                }
            }
        }
        while low < n && done[low] {
            low += 1;
        }
    }
    out
}

impl Skeleton<'_> {
    /// Per constraint: the bones its update may read or write (`None`:
    /// any). That is the bones it names (and the slot's bone of a path), their
    /// parents (reading a local pose from a world one reads the parent), and
    /// every descendant of the bones it writes (`resetWorld` restamps them,
    /// and may recompute their local values). A slider applies an animation
    /// and a weighted path reads the bones of its vertices: both may touch
    /// anything.
    pub(super) fn constraint_touch(&self) -> Vec<Option<Vec<usize>>> {
        let data = self.data;
        let weighted_paths = data
            .attachments
            .iter()
            .any(|a| matches!(&a.kind, AttachmentKind::Path(p) if p.vertex.bones.is_some()));
        data.constraints
            .iter()
            .map(|c| {
                let (read, written): (Vec<usize>, &[usize]) = match &c.kind {
                    ConstraintKind::Ik(d) => ([&[d.target][..], &d.bones].concat(), &d.bones),
                    ConstraintKind::Transform(d) => {
                        ([&[d.source][..], &d.bones].concat(), &d.bones)
                    }
                    ConstraintKind::Path(_) if weighted_paths => return None,
                    ConstraintKind::Path(d) => {
                        let slot_bone = self.slots.get(d.slot)?.bone;
                        ([&[slot_bone][..], &d.bones].concat(), &d.bones)
                    }
                    ConstraintKind::Physics(d) => (vec![d.bone], std::slice::from_ref(&d.bone)),
                    ConstraintKind::Slider(_) => return None,
                };
                let mut touch = Vec::new();
                for &b in &read {
                    touch.push(b);
                    touch.extend(self.bones.get(b)?.parent);
                }
                let mut stack = written.to_vec();
                while let Some(b) = stack.pop() {
                    let children = &self.bones.get(b)?.children;
                    touch.extend(children);
                    stack.extend(children);
                }
                touch.sort_unstable();
                touch.dedup();
                Some(touch)
            })
            .collect()
    }

    /// Turns the pairing of bone updates off or on and rebuilds the update
    /// cache. The poses are the same bits either way (the tests compare
    /// them); off is only for those tests.
    #[doc(hidden)]
    pub fn set_paired_updates(&mut self, paired: bool) -> Result<(), super::PoseError> {
        self.paired = paired;
        self.update_cache()
    }

    /// The pairs of bone updates the update cache holds (for the tests: a
    /// pairing test that pairs nothing proves nothing).
    #[doc(hidden)]
    pub fn paired_updates(&self) -> Vec<(usize, usize)> {
        self.update_cache
            .iter()
            .filter_map(|u| match *u {
                Update::Pair(i, j) => Some((i, j)),
                _ => None,
            })
            .collect()
    }

    /// The leading run of pairs of `run` (see [`Skeleton::update_pair`]),
    /// in one loop; the rest of `run`.
    #[inline(never)]
    pub(super) fn update_pairs<'c>(&mut self, mut run: &'c [Update]) -> &'c [Update] {
        while let [Update::Pair(i, j), tail @ ..] = run {
            self.update_pair(*i, *j);
            run = tail;
        }
        run
    }

    /// The update of a bone pair of the cache (see [`pair_bones`]): both
    /// at once when both need it and take the common path, else one after
    /// the other (out of line).
    #[inline(always)]
    fn update_pair(&mut self, i: usize, j: usize) {
        let update = self.update;
        let (bi, bj) = (&self.bones[i], &self.bones[j]);
        let (pi, pj) = (bi.applied(), bj.applied());
        let common = |p: &BonePose| {
            p.world != update && p.takes_normal_path(update) && p.shear_x == p.shear_y
        };
        if let (Some(parent_i), Some(parent_j), true, true) =
            (bi.parent, bj.parent, common(pi), common(pj))
        {
            let done = self.pose_pair([i, j], [parent_i, parent_j], |poses, parents, memos, _| {
                BonePose::compute_world_normal2(poses, parents, memos)
            });
            if done {
                return;
            }
        }
        self.update_pair_other(i, j);
    }

    /// `step` on bones `i` and `j` (distinct) — their applied poses, stamped
    /// posed this update, their parents' world transforms, their trig
    /// memos and the skeleton's transform; `false` (nothing done) when the
    /// bones are not two distinct ones in range.
    #[inline(always)]
    fn pose_pair(
        &mut self,
        [i, j]: [usize; 2],
        [parent_i, parent_j]: [usize; 2],
        step: impl FnOnce([&mut BonePose; 2], [ParentWorld; 2], [&mut TrigMemo; 2], SkeletonTransform),
    ) -> bool {
        let update = self.update;
        let world = |k: usize| self.bones[k].applied().world_of();
        let parents = [world(parent_i), world(parent_j)];
        let sk = self.transform();
        let (Ok([bi, bj]), Ok(memos)) = (
            self.bones.get_disjoint_mut([i, j]),
            self.trig.get_disjoint_mut([i, j]),
        ) else {
            return false;
        };
        let (pi, pj) = (bi.applied_mut(), bj.applied_mut());
        pi.world = update;
        pj.world = update;
        step([pi, pj], parents, memos, sk);
        true
    }

    /// [`Skeleton::update_pair`] past its commonest case: two `noScale`
    /// bones in two lanes under the same conditions, else one after the
    /// other.
    #[inline(never)]
    fn update_pair_other(&mut self, i: usize, j: usize) {
        let update = self.update;
        let (bi, bj) = (&self.bones[i], &self.bones[j]);
        let (pi, pj) = (bi.applied(), bj.applied());
        let no_scale = |p: &BonePose| match p.inherit {
            Some(m @ (Inherit::NoScale | Inherit::NoScaleOrReflection))
                if p.world != update && p.local != update && p.shear_x == p.shear_y =>
            {
                Some(m)
            }
            _ => None,
        };
        if let (Some(parent_i), Some(parent_j), Some(mi), Some(mj)) =
            (bi.parent, bj.parent, no_scale(pi), no_scale(pj))
        {
            let done = self.pose_pair([i, j], [parent_i, parent_j], |poses, parents, memos, sk| {
                BonePose::compute_world_no_scale2(poses, [mi, mj], parents, sk, memos)
            });
            if done {
                return;
            }
        }
        self.update_apart(i, j);
    }

    /// The two updates of a pair one after the other, as the cache had
    /// them.
    fn update_apart(&mut self, i: usize, j: usize) {
        self.update_bone(i);
        self.update_bone(j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(steps: &[Update]) -> Vec<usize> {
        steps
            .iter()
            .flat_map(|u| match *u {
                Update::Bone(i) => vec![i],
                Update::Pair(i, j) => vec![i, j],
                Update::Constraint(_) => vec![],
            })
            .collect()
    }

    #[test]
    fn chains_pair_level_by_level_and_constraints_stay_barriers() {
        // root 0; chain 1-2-3 and chain 4-5-6, both under the root.
        let parent = [None, Some(0), Some(1), Some(2), Some(0), Some(4), Some(5)];
        let cache: Vec<Update> = [0, 1, 2, 3, 4, 5, 6].map(Update::Bone).into();
        let paired = pair_bones(&cache, &parent, &[0; 7], &[]);
        assert_eq!(
            paired,
            vec![
                Update::Bone(0),
                Update::Pair(1, 4),
                Update::Pair(2, 5),
                Update::Pair(3, 6)
            ]
        );
        // A constraint between the chains: nothing crosses it.
        let mut cache = cache;
        cache.insert(4, Update::Constraint(0));
        let paired = pair_bones(&cache, &parent, &[0; 7], &[]);
        assert_eq!(order(&paired), vec![0, 1, 2, 3, 4, 5, 6]);
        assert!(paired.contains(&Update::Constraint(0)));
        assert!(!paired.iter().any(|u| matches!(u, Update::Pair(..))));
    }

    #[test]
    fn entries_that_must_keep_their_order_keep_it() {
        // Random forests and caches (bones repeated, parents after children,
        // constraints touching random bones or anything): every entry is
        // emitted once, and any two that must keep their order — stated here
        // on its own, not by `dependencies` — keep it.
        let mut rng = crate::test_rng::Rng(0x005e_ed0f_ba1d);
        let mut pairs = 0;
        for _ in 0..400 {
            let n = 2 + (rng.unit() * 30.0) as usize;
            let pick = |rng: &mut crate::test_rng::Rng| (rng.unit() * n as f64) as usize;
            let parent: Vec<Option<usize>> = (0..n)
                .map(|i| (i > 0 && rng.unit() < 0.9).then(|| (rng.unit() * i as f64) as usize))
                .collect();
            let constraints = (rng.unit() * 6.0) as usize;
            let class: Vec<u8> = (0..n).map(|_| (rng.unit() * 2.0) as u8).collect();
            let touch: Vec<Option<Vec<usize>>> = (0..constraints)
                .map(|_| {
                    (rng.unit() > 0.1).then(|| {
                        let mut t: Vec<usize> = (0..(rng.unit() * 4.0) as usize)
                            .map(|_| pick(&mut rng))
                            .collect();
                        t.sort_unstable();
                        t.dedup();
                        t
                    })
                })
                .collect();
            let mut cache: Vec<Update> = (0..n * 2).map(|_| Update::Bone(pick(&mut rng))).collect();
            for c in 0..constraints {
                let at = (rng.unit() * cache.len() as f64) as usize;
                cache.insert(at, Update::Constraint(c));
            }
            let paired = pair_bones(&cache, &parent, &class, &touch);
            pairs += paired
                .iter()
                .filter(|u| matches!(u, Update::Pair(..)))
                .count();
            let flat: Vec<Update> = paired
                .iter()
                .flat_map(|u| match *u {
                    Update::Pair(i, j) => vec![Update::Bone(i), Update::Bone(j)],
                    u => vec![u],
                })
                .collect();
            // Each entry named by its value and how many equal ones precede it.
            let tag = |seq: &[Update]| -> Vec<(Update, usize)> {
                seq.iter()
                    .enumerate()
                    .map(|(k, u)| (*u, seq[..k].iter().filter(|v| *v == u).count()))
                    .collect()
            };
            let (before, after) = (tag(&cache), tag(&flat));
            assert_eq!(before.len(), after.len(), "{cache:?} -> {paired:?}");
            let pos = |t: &(Update, usize)| after.iter().position(|x| x == t).expect("emitted");
            let touches = |c: usize, b: usize| touch[c].as_ref().is_none_or(|t| t.contains(&b));
            for x in 0..before.len() {
                for y in x + 1..before.len() {
                    let keep = match (before[x].0, before[y].0) {
                        (Update::Bone(u), Update::Bone(v)) => {
                            u == v || parent[u] == Some(v) || parent[v] == Some(u)
                        }
                        (Update::Bone(b), Update::Constraint(c))
                        | (Update::Constraint(c), Update::Bone(b)) => touches(c, b),
                        (Update::Constraint(c), Update::Constraint(d)) => {
                            match (&touch[c], &touch[d]) {
                                (Some(t), Some(u)) => t.iter().any(|b| u.contains(b)),
                                _ => true,
                            }
                        }
                        _ => true,
                    };
                    if keep {
                        assert!(pos(&before[x]) < pos(&before[y]), "{cache:?} -> {paired:?}");
                    }
                }
            }
        }
        assert!(pairs > 1000, "{pairs} pairs");
    }
}
