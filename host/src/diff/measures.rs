//! This module owns what each of `rigc diff`'s measures counts, read off the
//! two skeleton documents as JSON (the runtime's model keeps neither which keys
//! were written, such as `length` and `inherit`, nor the timelines as written).
//!
//! Three kinds of measure: names (the names both sides have, over the names
//! either has), a property over the names both share (how many agree), and
//! counts by kind (the sum of the smaller count over the sum of the larger).

use super::{Measure, Pair, Ratio, Section};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// How far apart two numbers may be and still agree.
const EPS: f64 = 1e-3;

/// The six sections of the comparison.
pub fn sections(c: &Value, r: &Value, pairs: &[Pair]) -> Vec<Section> {
    vec![
        bones(c, r),
        slots(c, r),
        attachments(c, r),
        constraints(c, r),
        animations(c, r, pairs),
        events(c, r, pairs),
    ]
}

fn section(name: &'static str, measures: Vec<(&str, Ratio)>) -> Section {
    Section {
        name,
        measures: measures
            .into_iter()
            .map(|(m, ratio)| Measure {
                name: format!("{name}.{m}"),
                ratio,
            })
            .collect(),
    }
}

/// A named object of the document: its name and its fields.
type Named<'a> = Vec<(String, &'a Map<String, Value>)>;

/// The objects of the array `key`, by their `name`.
fn named<'a>(doc: &'a Value, key: &str) -> Named<'a> {
    doc.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_object)
                .map(|o| (text(o, "name").unwrap_or_default(), o))
                .collect()
        })
        .unwrap_or_default()
}

fn text(o: &Map<String, Value>, key: &str) -> Option<String> {
    o.get(key).and_then(Value::as_str).map(String::from)
}

fn num(o: &Map<String, Value>, key: &str, default: f64) -> f64 {
    o.get(key).and_then(Value::as_f64).unwrap_or(default)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= EPS
}

/// The names both have, over the names either has.
fn names<K: Ord + Clone>(c: impl IntoIterator<Item = K>, r: impl IntoIterator<Item = K>) -> Ratio {
    let (c, r): (BTreeSet<K>, BTreeSet<K>) = (c.into_iter().collect(), r.into_iter().collect());
    Ratio {
        matched: c.intersection(&r).count(),
        of: c.union(&r).count(),
    }
}

/// Over the names both have, how many agree by `same`.
fn by_name<T>(c: &[(String, T)], r: &[(String, T)], same: impl Fn(&T, &T) -> bool) -> Ratio {
    let mut ratio = Ratio { matched: 0, of: 0 };
    for (name, cv) in c {
        if let Some((_, rv)) = r.iter().find(|(n, _)| n == name) {
            ratio.of += 1;
            ratio.matched += usize::from(same(cv, rv));
        }
    }
    ratio
}

/// The shared names, in each side's own order: how many stand at the same place.
fn order(c: &[String], r: &[String]) -> Ratio {
    let shared_c: Vec<&String> = c.iter().filter(|n| r.contains(n)).collect();
    let shared_r: Vec<&String> = r.iter().filter(|n| c.contains(n)).collect();
    Ratio {
        matched: shared_c
            .iter()
            .zip(&shared_r)
            .filter(|(a, b)| a == b)
            .count(),
        of: shared_c.len(),
    }
}

/// Counts by kind: the smaller count of each kind over the larger.
fn counts(c: &BTreeMap<String, usize>, r: &BTreeMap<String, usize>) -> Ratio {
    let kinds: BTreeSet<&String> = c.keys().chain(r.keys()).collect();
    let get = |m: &BTreeMap<String, usize>, k: &String| m.get(k).copied().unwrap_or(0);
    Ratio {
        matched: kinds.iter().map(|k| get(c, k).min(get(r, k))).sum(),
        of: kinds.iter().map(|k| get(c, k).max(get(r, k))).sum(),
    }
}

fn tally(kinds: impl IntoIterator<Item = String>) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for k in kinds {
        *m.entry(k).or_insert(0) += 1;
    }
    m
}

fn names_of(n: &Named) -> Vec<String> {
    n.iter().map(|(k, _)| k.clone()).collect()
}

fn bones(c: &Value, r: &Value) -> Section {
    let (bc, br) = (named(c, "bones"), named(r, "bones"));
    let setup = |a: &&Map<String, Value>, b: &&Map<String, Value>| {
        [
            ("x", 0.0),
            ("y", 0.0),
            ("rotation", 0.0),
            ("scaleX", 1.0),
            ("scaleY", 1.0),
            ("shearX", 0.0),
            ("shearY", 0.0),
        ]
        .iter()
        .all(|(k, d)| close(num(a, k, *d), num(b, k, *d)))
    };
    section(
        "bones",
        vec![
            ("names", names(names_of(&bc), names_of(&br))),
            (
                "parent_by_name",
                by_name(&bc, &br, |a, b| text(a, "parent") == text(b, "parent")),
            ),
            ("order", order(&names_of(&bc), &names_of(&br))),
            (
                "length_present",
                by_name(&bc, &br, |a, b| {
                    a.contains_key("length") == b.contains_key("length")
                }),
            ),
            (
                "inherit_present",
                by_name(&bc, &br, |a, b| {
                    a.contains_key("inherit") == b.contains_key("inherit")
                }),
            ),
            ("setup", by_name(&bc, &br, setup)),
        ],
    )
}

fn slots(c: &Value, r: &Value) -> Section {
    let (sc, sr) = (named(c, "slots"), named(r, "slots"));
    let field = |k: &'static str| {
        move |a: &&Map<String, Value>, b: &&Map<String, Value>| text(a, k) == text(b, k)
    };
    section(
        "slots",
        vec![
            ("names", names(names_of(&sc), names_of(&sr))),
            ("bone_by_name", by_name(&sc, &sr, field("bone"))),
            ("order", order(&names_of(&sc), &names_of(&sr))),
            ("attachment_by_name", by_name(&sc, &sr, field("attachment"))),
            (
                "color_by_name",
                by_name(&sc, &sr, |a, b| {
                    text(a, "color") == text(b, "color") && text(a, "dark") == text(b, "dark")
                }),
            ),
            ("blend_by_name", by_name(&sc, &sr, field("blend"))),
        ],
    )
}

/// Every skin entry, named `<skin>/<slot>/<attachment>`.
fn skin_entries(doc: &Value) -> Named<'_> {
    let mut out = Vec::new();
    for (skin, o) in named(doc, "skins") {
        let Some(slots) = o.get("attachments").and_then(Value::as_object) else {
            continue;
        };
        for (slot, atts) in slots {
            for (att, v) in atts.as_object().into_iter().flatten() {
                if let Some(a) = v.as_object() {
                    out.push((format!("{skin}/{slot}/{att}"), a));
                }
            }
        }
    }
    out
}

fn kind(a: &Map<String, Value>) -> String {
    text(a, "type").unwrap_or_else(|| "region".into())
}

fn len(a: &Map<String, Value>, key: &str) -> usize {
    a.get(key).and_then(Value::as_array).map_or(0, Vec::len)
}

fn attachments(c: &Value, r: &Value) -> Section {
    let (ac, ar) = (skin_entries(c), skin_entries(r));
    let skins = |d: &Value| names_of(&named(d, "skins"));
    let meshes = |n: &Named<'_>| -> Vec<(String, bool, usize)> {
        n.iter()
            .filter(|(_, a)| kind(a) == "mesh")
            .map(|(k, a)| (k.clone(), len(a, "vertices") > len(a, "uvs"), len(a, "uvs")))
            .collect()
    };
    let (mc, mr) = (meshes(&ac), meshes(&ar));
    let pick = |m: &[(String, bool, usize)], f: fn(&(String, bool, usize)) -> usize| {
        m.iter().map(|e| (e.0.clone(), f(e))).collect::<Vec<_>>()
    };
    let regions = |n: &Named<'_>| -> Vec<(String, (f64, f64))> {
        n.iter()
            .filter(|(_, a)| kind(a) == "region")
            .map(|(k, a)| (k.clone(), (num(a, "width", 32.0), num(a, "height", 32.0))))
            .collect()
    };
    section(
        "attachments",
        vec![
            ("skins", names(skins(c), skins(r))),
            ("names", names(names_of(&ac), names_of(&ar))),
            (
                "type_counts",
                counts(
                    &tally(ac.iter().map(|(_, a)| kind(a))),
                    &tally(ar.iter().map(|(_, a)| kind(a))),
                ),
            ),
            ("type_by_name", by_name(&ac, &ar, |a, b| kind(a) == kind(b))),
            (
                "mesh_weighted",
                by_name(
                    &pick(&mc, |e| usize::from(e.1)),
                    &pick(&mr, |e| usize::from(e.1)),
                    |a, b| a == b,
                ),
            ),
            (
                "mesh_vertices",
                by_name(&pick(&mc, |e| e.2), &pick(&mr, |e| e.2), |a, b| a == b),
            ),
            (
                "region_size",
                by_name(&regions(&ac), &regions(&ar), |a, b| {
                    close(a.0, b.0) && close(a.1, b.1)
                }),
            ),
        ],
    )
}

/// Spine 4.3's one typed `constraints` array.
fn constraint_list(doc: &Value) -> Named<'_> {
    named(doc, "constraints")
}

fn constraints(c: &Value, r: &Value) -> Section {
    let (cc, cr) = (constraint_list(c), constraint_list(r));
    let kind = |a: &Map<String, Value>| text(a, "type").unwrap_or_default();
    let joins = |a: &Map<String, Value>| {
        (
            a.get("bones").cloned(),
            a.get("bone").cloned(),
            a.get("target").cloned(),
            a.get("slot").cloned(),
        )
    };
    section(
        "constraints",
        vec![
            ("names", names(names_of(&cc), names_of(&cr))),
            (
                "type_counts",
                counts(
                    &tally(cc.iter().map(|(_, a)| kind(a))),
                    &tally(cr.iter().map(|(_, a)| kind(a))),
                ),
            ),
            ("type_by_name", by_name(&cc, &cr, |a, b| kind(a) == kind(b))),
            (
                "bones_by_name",
                by_name(&cc, &cr, |a, b| joins(a) == joins(b)),
            ),
            ("order", order(&names_of(&cc), &names_of(&cr))),
        ],
    )
}

/// One timeline of an animation: its path inside the animation
/// (`bones/hip/rotate`, `attachments/default/head/head/deform`, `events`) and keys.
type Timeline<'a> = (String, &'a [Value]);

fn timelines<'a>(v: &'a Value, path: String, out: &mut Vec<Timeline<'a>>) {
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}/{k}")
                };
                timelines(child, p, out);
            }
        }
        Value::Array(keys) => out.push((path, keys)),
        _ => {}
    }
}

fn animation<'a>(doc: &'a Value, name: &str) -> Vec<Timeline<'a>> {
    let mut out = Vec::new();
    if let Some(a) = doc.get("animations").and_then(|a| a.get(name)) {
        timelines(a, String::new(), &mut out);
    }
    out
}

fn key_time(k: &Value) -> f64 {
    k.get("time").and_then(Value::as_f64).unwrap_or(0.0)
}

fn curve_kind(k: &Value) -> &'static str {
    match k.get("curve") {
        None => "linear",
        Some(Value::String(_)) => "stepped",
        Some(_) => "bezier",
    }
}

fn duration(t: &[Timeline]) -> f64 {
    t.iter()
        .flat_map(|(_, keys)| keys.iter().map(key_time))
        .fold(0.0, f64::max)
}

fn add(a: &mut Ratio, b: Ratio) {
    a.matched += b.matched;
    a.of += b.of;
}

fn animations(c: &Value, r: &Value, pairs: &[Pair]) -> Section {
    let (nc, nr) = (super::animation_names(c), super::animation_names(r));
    let zero = Ratio { matched: 0, of: 0 };
    let (mut ids, mut keys, mut curves, mut times, mut deform, mut dur) =
        (zero, zero, zero, zero, zero, zero);
    for p in pairs {
        let (tc, tr) = (animation(c, &p.candidate), animation(r, &p.reference));
        add(&mut ids, names(names_of_t(&tc), names_of_t(&tr)));
        let is_deform = |id: &String| id.ends_with("/deform");
        add(
            &mut deform,
            names(
                names_of_t(&tc).into_iter().filter(is_deform),
                names_of_t(&tr).into_iter().filter(is_deform),
            ),
        );
        add(&mut keys, by_name(&tc, &tr, |a, b| a.len() == b.len()));
        let kinds = |k: &[Value]| k.iter().map(curve_kind).collect::<BTreeSet<_>>();
        add(&mut curves, by_name(&tc, &tr, |a, b| kinds(a) == kinds(b)));
        add(
            &mut times,
            by_name(&tc, &tr, |a, b| {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|(x, y)| close(key_time(x), key_time(y)))
            }),
        );
        dur.of += 1;
        dur.matched += usize::from(close(duration(&tc), duration(&tr)));
    }
    let paired = Ratio {
        matched: pairs.len(),
        of: (nc.len() + nr.len()).saturating_sub(pairs.len()),
    };
    section(
        "animations",
        vec![
            ("names", paired),
            ("timelines", ids),
            ("key_counts", keys),
            ("key_times", times),
            ("curve_kinds", curves),
            ("deform", deform),
            ("duration", dur),
        ],
    )
}

fn names_of_t(t: &[Timeline]) -> Vec<String> {
    t.iter().map(|(k, _)| k.clone()).collect()
}

fn events(c: &Value, r: &Value, pairs: &[Pair]) -> Section {
    let defs = |d: &Value| -> Vec<(String, Value)> {
        d.get("events")
            .and_then(Value::as_object)
            .map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default()
    };
    let (dc, dr) = (defs(c), defs(r));
    let firings = |d: &Value, anim: &str| -> Vec<String> {
        d.get("animations")
            .and_then(|a| a.get(anim))
            .and_then(|a| a.get("events"))
            .and_then(Value::as_array)
            .map(|keys| {
                keys.iter()
                    .map(|k| {
                        let name = k.get("name").and_then(Value::as_str).unwrap_or_default();
                        format!("{name}@{:.3}", key_time(k))
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut keys = Ratio { matched: 0, of: 0 };
    for p in pairs {
        add(
            &mut keys,
            counts(
                &tally(firings(c, &p.candidate)),
                &tally(firings(r, &p.reference)),
            ),
        );
    }
    section(
        "events",
        vec![
            (
                "names",
                names(
                    dc.iter().map(|(k, _)| k.clone()),
                    dr.iter().map(|(k, _)| k.clone()),
                ),
            ),
            ("setup_by_name", by_name(&dc, &dr, |a, b| a == b)),
            ("keys", keys),
        ],
    )
}
