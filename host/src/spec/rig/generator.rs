//! This module owns a mesh attachment's `generator` block (FORMAT.md
//! §2.7.3–§2.7.5): `grid` (`us`/`vs` positions or `cols`/`rows` counts) and
//! `contour` (`tolerance`, `margin` 1, `maxVertices` 64, `alpha` 1), each with
//! an optional `depth` map and `soft` region, read into `rigc_meshgen`'s
//! parameter types — and every refusal of the block, located at its value.
//! The bone-driven kinds have a module each: `ring` (`hull`, `center`,
//! `inner`, `size`, `bias`, `controls`), `ribbon` (`size`, `rows`, `chain`)
//! and `segments` (`bones`, `cell`, `alpha`, `maxBones`, `falloff`). What
//! the generator finds in the pixels (a sheet's size, colour, coverage) is
//! refused later, by the meshgen stage, at the `generator` key it names.

use rigc_diag::codes;
use rigc_diag::codes::Code;

use super::bones::Bones;
use super::read::{absent_at, color, q, string, Diags};
use super::types::{At, DepthSpec, GeneratedSpec, GeneratorKind, GeneratorSpec, SoftSpec};
use rigc_diag::cursor::Node;
use rigc_diag::Loc;
use rigc_meshgen::{contour, depth, grid};

mod ribbon;
mod ring;
mod segments;

const GRID_KEYS: &[&str] = &["kind", "us", "vs", "cols", "rows", "depth", "soft"];
const CONTOUR_KEYS: &[&str] = &[
    "kind",
    "tolerance",
    "margin",
    "maxVertices",
    "alpha",
    "depth",
    "soft",
];
const DEPTH_KEYS: &[&str] = &["image", "near", "zScale", "gamma", "contrast", "bias"];
const SOFT_KEYS: &[&str] = &["bone", "mask"];

/// Reads the mesh `node`'s generator `g` (the caller refused one beside
/// authored geometry). `None` when refused.
pub(super) fn parse(
    node: &Node,
    g: &Node,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<GeneratedSpec> {
    let before = d.len();
    if !g.is_object() {
        d.push(
            g.err(
                codes::RIG_GENERATOR_SHAPE,
                format!(
                    "{where_}: generator is {}; it is an object with a \"kind\"",
                    g.describe()
                ),
            )
            .help("write \"generator\": { \"kind\": \"grid\", \"cols\": 5, \"rows\": 5 }"),
        );
        return None;
    }
    let kinds = "\"grid\", \"contour\", \"ring\", \"ribbon\" or \"segments\"";
    let kind = match g.get("kind") {
        None => {
            d.push(
                absent_at(
                    g,
                    codes::RIG_GENERATOR_SHAPE,
                    format!("{where_}: a generator needs a \"kind\": {kinds}"),
                )
                .help("add \"kind\": \"grid\""),
            );
            return None;
        }
        Some(k) => match k.as_str() {
            Some(s @ ("grid" | "contour" | "ring" | "ribbon" | "segments")) => s,
            _ => {
                d.push(
                    k.err(
                        codes::RIG_GENERATOR_SHAPE,
                        format!(
                            "{where_}: generator kind is {}; it is {kinds}",
                            k.describe()
                        ),
                    )
                    .help("write \"kind\": \"grid\" or \"kind\": \"contour\""),
                );
                return None;
            }
        },
    };
    let known = match kind {
        "grid" => GRID_KEYS,
        "ring" => ring::RING_KEYS,
        "ribbon" => ribbon::KEYS,
        "segments" => segments::KEYS,
        _ => CONTOUR_KEYS,
    };
    let unknown = g.unknown_keys(known, &format!("{kind} generator ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    let image = super::read::image(node, where_, d);
    if image.is_none() && !node.has("image") {
        d.push(
            absent_at(node, codes::RIG_GENERATOR_NO_IMAGE, format!("{where_}: a {kind} generator builds the mesh over the attachment's \"image\" (its part window), and this mesh names none"))
                .help("add \"image\": \"<part>.png\""),
        );
    }
    let kind = match kind {
        "grid" => lattice(g, where_, d).map(GeneratorKind::Grid),
        "ring" => ring::parse(g, where_, bones, d).map(GeneratorKind::Ring),
        "ribbon" => ribbon::params(g, where_, bones, d).map(GeneratorKind::Ribbon),
        "segments" => segments::params(g, where_, bones, d).map(GeneratorKind::Segments),
        _ => contour_params(g, where_, d).map(GeneratorKind::Contour),
    };
    let depth = g.get("depth").and_then(|n| depth_block(&n, where_, d));
    let soft = g.get("soft").and_then(|n| soft_block(&n, where_, bones, d));
    let path = string(node, "path", where_, d);
    let color = color(node, "color", where_, 8, d);
    let mut fields: Vec<(String, Loc)> = g.entries().map(|(k, v)| (k, v.loc())).collect();
    fields.extend(ring::locs(g));
    if let Some(dn) = g.get("depth") {
        fields.extend(
            dn.get("image")
                .map(|i| ("depth.image".to_string(), i.loc())),
        );
    }
    if let Some(sn) = g.get("soft") {
        fields.extend(sn.get("mask").map(|m| ("soft.mask".to_string(), m.loc())));
    }
    if d.len() != before {
        return None;
    }
    // Every reader that gave `None` for a stated block pushed its refusal.
    Some(GeneratedSpec {
        image: image?,
        generator: GeneratorSpec {
            kind: kind?,
            depth,
            soft,
            loc: g.loc(),
            fields,
        },
        path,
        color,
    })
}

/// A refusal of the generator at `at`.
fn refuse(d: &mut Diags, at: &Node, code: Code, m: String, help: &str) {
    d.push(at.err(code, m).help(help.to_string()));
}

/// `us`/`vs` or `cols`/`rows`.
fn lattice(g: &Node, where_: &str, d: &mut Diags) -> Option<grid::Lattice> {
    let code = codes::RIG_GENERATOR_LATTICE;
    let (us, vs, cols, rows) = (g.get("us"), g.get("vs"), g.get("cols"), g.get("rows"));
    let positions = us.is_some() || vs.is_some();
    if let (true, Some(c)) = (positions, cols.as_ref().or(rows.as_ref())) {
        refuse(d, c, code, format!("{where_}: this grid generator states both positions (\"us\"/\"vs\") and a count (\"cols\"/\"rows\"), two answers to where its columns go. Drop one"), "keep \"us\"/\"vs\" for stated positions, or \"cols\"/\"rows\" for an even division");
        return None;
    }
    if !positions && cols.is_none() && rows.is_none() {
        refuse(d, g, code, format!("{where_}: this grid generator states neither positions (\"us\"/\"vs\") nor a count (\"cols\"/\"rows\"). A lattice is not a default"), "state \"us\"/\"vs\" (column and row positions, 0..1) or \"cols\"/\"rows\"");
        return None;
    }
    let pair = if positions {
        (us, vs, "us", "vs")
    } else {
        (cols, rows, "cols", "rows")
    };
    let (a, b) = match pair {
        (Some(a), Some(b), _, _) => (a, b),
        (Some(a), None, has, lacks) | (None, Some(a), lacks, has) => {
            refuse(d, &a, code, format!("{where_}: this grid generator states \"{has}\" and no \"{lacks}\": a lattice needs both axes"), &format!("add \"{lacks}\""));
            return None;
        }
        (None, None, _, _) => return None,
    };
    if positions {
        Some(grid::Lattice::Positions {
            us: axis(&a, "us", where_, d)?,
            vs: axis(&b, "vs", where_, d)?,
        })
    } else {
        Some(grid::Lattice::Counts {
            cols: lattice_count(&a, "cols", where_, d)?,
            rows: lattice_count(&b, "rows", where_, d)?,
        })
    }
}

/// One axis of positions, each problem at the element it concerns.
fn axis(v: &Node, field: &str, where_: &str, d: &mut Diags) -> Option<Vec<f64>> {
    let code = codes::RIG_GENERATOR_LATTICE;
    let help = "write the positions as an ascending array of fractions of the part window, e.g. [0, 0.25, 0.5, 0.75, 1]";
    if !v.is_array() {
        refuse(
            d,
            v,
            code,
            format!(
                "{where_}: \"{field}\" is {}; it is an array of positions, 0..1",
                v.describe()
            ),
            help,
        );
        return None;
    }
    let mut out = Vec::new();
    for (i, e) in v.elements().enumerate() {
        let Some(n) = e.as_f64() else {
            refuse(
                d,
                &e,
                code,
                format!(
                    "{where_}: \"{field}\"[{i}] is {}, which is not a finite number",
                    e.describe()
                ),
                help,
            );
            return None;
        };
        out.push(n);
    }
    if let Some((i, m)) = grid::axis_problem(field, &out) {
        let at = i.and_then(|i| v.element(i)).unwrap_or_else(|| v.clone());
        refuse(d, &at, code, format!("{where_}: {m}"), help);
        return None;
    }
    Some(out)
}

/// One count of a lattice.
fn lattice_count(v: &Node, field: &str, where_: &str, d: &mut Diags) -> Option<u32> {
    let n = v.as_f64().filter(|n| n.fract() == 0.0 && *n >= 0.0);
    let problem = match n {
        None => Some(format!(
            "\"{field}\" is {}; it is a whole number of at least 2",
            v.describe()
        )),
        Some(n) if n > f64::from(u32::MAX) => Some(format!(
            "\"{field}\" is {n}; a lattice that large is past the {} vertices one mesh can index",
            grid::MAX_VERTICES
        )),
        Some(n) => grid::count_problem(field, n as u32),
    };
    if let Some(m) = problem {
        refuse(
            d,
            v,
            codes::RIG_GENERATOR_LATTICE,
            format!("{where_}: {m}"),
            "state a whole number of columns (rows) of vertices, at least 2",
        );
        return None;
    }
    n.map(|n| n as u32)
}

/// A number field of a generator block, with its check.
fn field_number(
    obj: &Node,
    key: &str,
    code: Code,
    where_: &str,
    what: &str,
    d: &mut Diags,
    check: impl Fn(f64) -> Option<String>,
) -> Option<Option<f64>> {
    let Some(v) = obj.get(key) else {
        return Some(None);
    };
    let problem = match v.as_f64() {
        None => Some(format!(
            "{what} {key} is {}, which is not a finite number",
            v.describe()
        )),
        Some(n) => check(n).map(|m| format!("{what} {key} is {n}; {m}")),
    };
    match problem {
        Some(m) => {
            refuse(
                d,
                &v,
                code,
                format!("{where_}: {m}"),
                &format!(
                    "write {key} as a number that fits, or leave it out where it has a default"
                ),
            );
            None
        }
        None => Some(v.as_f64()),
    }
}

/// `tolerance` (required), `margin`, `maxVertices`, `alpha`.
fn contour_params(g: &Node, where_: &str, d: &mut Diags) -> Option<contour::Params> {
    let code = codes::RIG_GENERATOR_CONTOUR;
    let w = "contour";
    let positive = |n: f64| {
        (n <= 0.0).then(|| {
            "it is the Douglas-Peucker tolerance in part pixels, a positive number".to_string()
        })
    };
    let tolerance = field_number(g, "tolerance", code, where_, w, d, positive);
    let margin = field_number(g, "margin", code, where_, w, d, |n| {
        (n < 0.0).then(|| {
            "it is how far the outline is pushed out past the silhouette, in pixels, 0 or more"
                .to_string()
        })
    });
    let max = field_number(g, "maxVertices", code, where_, w, d, |n| {
        (n.fract() != 0.0 || !(3.0..=f64::from(u32::MAX)).contains(&n)).then(|| {
            "it is the most outline vertices the mesh may have, a whole number of at least 3"
                .to_string()
        })
    });
    let alpha = field_number(g, "alpha", code, where_, w, d, |n| {
        (n.fract() != 0.0 || !(1.0..=255.0).contains(&n)).then(|| {
            "it is the alpha at or above which a pixel is art, a whole number 1..255".to_string()
        })
    });
    let (tolerance, margin, max, alpha) = (tolerance?, margin?, max?, alpha?);
    let Some(tolerance) = tolerance else {
        d.push(
            absent_at(g, code, format!("{where_}: a contour generator needs \"tolerance\", the Douglas-Peucker tolerance in part pixels"))
                .help("add \"tolerance\": 1.5 (and \"margin\" at least as large keeps the coverage guarantee)"),
        );
        return None;
    };
    Some(contour::Params {
        tolerance,
        margin: margin.unwrap_or(1.0),
        max_vertices: max.map_or(64, |n| n as u32),
        alpha: alpha.map_or(1, |n| n as u8),
    })
}

/// A required, non-empty string field of a sheet block.
fn sheet_name(
    obj: &Node,
    key: &str,
    code: Code,
    where_: &str,
    what: &str,
    d: &mut Diags,
) -> Option<At<String>> {
    match obj.get(key) {
        None => {
            d.push(
                absent_at(obj, code, format!("{where_}: {what} needs \"{key}\""))
                    .help(format!("add \"{key}\": \"<name>\"")),
            );
            None
        }
        Some(v) => match v.as_str() {
            Some(s) if !s.is_empty() => Some(At {
                value: s.to_string(),
                loc: v.loc(),
            }),
            _ => {
                refuse(
                    d,
                    &v,
                    code,
                    format!(
                        "{where_}: {what} {key} is {}; it is a non-empty string",
                        v.describe()
                    ),
                    &format!("write \"{key}\" as a string"),
                );
                None
            }
        },
    }
}

/// The shape of a nested generator block (`depth`, `soft`): an object of
/// known keys.
struct Block {
    key: &'static str,
    fields: &'static str,
    example: &'static str,
    keys: &'static [&'static str],
    what: &'static str,
}

impl Block {
    /// Is `n` an object of only these keys? Refuses it (under `code`) when not.
    fn holds(&self, n: &Node, code: Code, where_: &str, d: &mut Diags) -> bool {
        if !n.is_object() {
            let message = format!(
                "{where_}: {} is {}; it is an object {}",
                self.key,
                n.describe(),
                self.fields
            );
            refuse(d, n, code, message, self.example);
            return false;
        }
        let unknown = n.unknown_keys(self.keys, &format!("{} ({where_})", self.what));
        let clean = unknown.is_empty();
        d.extend(unknown);
        clean
    }
}

/// A `depth` block.
fn depth_block(n: &Node, where_: &str, d: &mut Diags) -> Option<DepthSpec> {
    let code = codes::RIG_GENERATOR_DEPTH;
    let shape = Block {
        key: "depth",
        fields: "{ \"image\", \"near\", \"zScale\" }",
        example:
            "write \"depth\": { \"image\": \"<sheet>.png\", \"near\": \"white\", \"zScale\": 40 }",
        keys: DEPTH_KEYS,
        what: "depth map",
    };
    if !shape.holds(n, code, where_, d) {
        return None;
    }
    let before = d.len();
    let image = sheet_name(n, "image", code, where_, "a depth map", d);
    let near = match n.get("near") {
        None => {
            d.push(absent_at(n, code, format!("{where_}: a depth map needs \"near\": \"white\" or \"black\", whichever end is nearest the viewer")).help("add \"near\": \"white\""));
            None
        }
        Some(v) => match v.as_str() {
            Some("white") => Some(depth::Near::White),
            Some("black") => Some(depth::Near::Black),
            _ => {
                refuse(
                    d,
                    &v,
                    code,
                    format!(
                        "{where_}: depth near is {}; it is \"white\" or \"black\"",
                        v.describe()
                    ),
                    "write \"near\": \"white\" or \"near\": \"black\"",
                );
                None
            }
        },
    };
    let w = "depth";
    let z_scale = field_number(n, "zScale", code, where_, w, d, |z| {
        (z <= 0.0).then(|| "it is how many units the map's full range spans, so a positive number. To put the near end at the back, say \"near\": \"black\"".to_string())
    });
    let flat = |x: f64| {
        (x <= 0.0).then(|| "that collapses the range onto the midpoint, so the map would describe a flat part; it is a positive number".to_string())
    };
    let gamma = field_number(n, "gamma", code, where_, w, d, flat);
    let contrast = field_number(n, "contrast", code, where_, w, d, flat);
    let bias = field_number(n, "bias", code, where_, w, d, |_| None);
    let z_scale = z_scale.flatten();
    if z_scale.is_none() && !n.has("zScale") {
        d.push(absent_at(n, code, format!("{where_}: a depth map needs \"zScale\", the world units its full 0..1 range spans")).help("add \"zScale\": 40"));
    }
    if d.len() != before {
        return None;
    }
    Some(DepthSpec {
        image: image?,
        params: depth::Params {
            near: near?,
            z_scale: z_scale?,
            gamma: gamma?.unwrap_or(1.0),
            contrast: contrast?.unwrap_or(1.0),
            bias: bias?.unwrap_or(0.0),
        },
    })
}

/// A `soft` block.
fn soft_block(n: &Node, where_: &str, bones: &Bones, d: &mut Diags) -> Option<SoftSpec> {
    let code = codes::RIG_GENERATOR_SOFT;
    let shape = Block {
        key: "soft",
        fields: "{ \"bone\", \"mask\" }",
        example: "write \"soft\": { \"bone\": \"<bone>\", \"mask\": \"<mask>.png\" }",
        keys: SOFT_KEYS,
        what: "soft region",
    };
    if !shape.holds(n, code, where_, d) {
        return None;
    }
    let bone = sheet_name(n, "bone", code, where_, "a soft region", d);
    let mask = sheet_name(n, "mask", code, where_, "a soft region", d);
    let bone = bone?;
    if !bones.has(&bone.value) {
        let at = n.get("bone").unwrap_or_else(|| n.clone());
        refuse(d, &at, code, format!("{where_}: soft names bone {}, which this rig does not declare — a bone a physics constraint has to target is part of the skeleton", q(&bone.value)), "declare the bone under \"bones\" (a child of the slot's bone), or name one that is declared");
        return None;
    }
    Some(SoftSpec { bone, mask: mask? })
}
