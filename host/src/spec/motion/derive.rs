//! This module owns the shape of a key's `derive` model (FORMAT.md §3.9,
//! `TrackDeriveTurn`: `kind`, `degrees`, `depth`, `carried`, `about`): what each
//! field is and where it is written. Whether the model fits its track (a depth
//! map on a group, one depth on a bone, a projection for the property, the
//! members' setup coordinates) is the animation stage's question
//! (`stages::animation::derive`).

use rigc_diag::codes;

use super::shape::{wrong, Cx};
use super::Named;
use rigc_diag::cursor::Node;
use rigc_diag::Loc;

/// The fields a `derive` model may state.
const DERIVE_KEYS: &[&str] = &["kind", "degrees", "depth", "carried", "about"];

/// Which turn a `derive` model evaluates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeriveKind {
    /// A turn about the vertical axis: reads each member's setup `x`.
    Yaw,
    /// A turn about the horizontal axis: reads each member's setup `y`.
    Pitch,
}

impl DeriveKind {
    /// Every kind, in the order messages list them.
    pub const ALL: [DeriveKind; 2] = [DeriveKind::Yaw, DeriveKind::Pitch];

    /// The name a key writes (`yaw`, `pitch`).
    pub fn name(self) -> &'static str {
        match self {
            DeriveKind::Yaw => "yaw",
            DeriveKind::Pitch => "pitch",
        }
    }

    /// The setup coordinate it reads (`x`, `y`).
    pub fn axis(self) -> &'static str {
        match self {
            DeriveKind::Yaw => "x",
            DeriveKind::Pitch => "y",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A number as written, with where it is.
#[derive(Debug, Clone)]
pub struct Stated {
    /// The value.
    pub value: f64,
    /// Where it is.
    pub loc: Loc,
}

/// One member's depth in a `depth` map.
#[derive(Debug, Clone)]
pub struct MemberDepth {
    /// The member the entry names, where its key is.
    pub member: Named,
    /// The depth stated for it.
    pub z: Stated,
}

/// `derive.depth`: one number (a bone track) or a map by member (a group track).
#[derive(Debug, Clone)]
pub enum Depth {
    /// `"depth": <z>`.
    One(Stated),
    /// `"depth": { "<member>": <z>, … }`, in source order.
    Members {
        /// Where the map is.
        loc: Loc,
        /// Its entries.
        entries: Vec<MemberDepth>,
    },
}

/// A key's `derive` model, shape-checked.
#[derive(Debug, Clone)]
pub struct DeriveSpec {
    /// Where the `derive` object is.
    pub loc: Loc,
    /// `kind`.
    pub kind: DeriveKind,
    /// Where `kind` is.
    pub kind_loc: Loc,
    /// `degrees`: the turn angle.
    pub degrees: Stated,
    /// `depth`.
    pub depth: Depth,
    /// `carried`, when stated (absent reads 0).
    pub carried: Option<Stated>,
    /// `about`, when stated (absent reads 0).
    pub about: Option<Stated>,
}

impl DeriveSpec {
    /// `carried`, 0 when absent.
    pub fn carried(&self) -> f64 {
        self.carried.as_ref().map_or(0.0, |c| c.value)
    }

    /// `about`, 0 when absent.
    pub fn about(&self) -> f64 {
        self.about.as_ref().map_or(0.0, |a| a.value)
    }
}

/// Parses `derive` (the value at `node`), refusing every shape error.
pub(super) fn derive(cx: &mut Cx, node: &Node) -> Option<DeriveSpec> {
    if !cx.object(
        node,
        codes::MOTION_KEY_DERIVE_SHAPE,
        "a derive model is an object, `{ \"kind\": \"yaw\", \"degrees\": <angle>, \"depth\": { \"<member>\": <z>, … } }`",
    ) {
        return None;
    }
    cx.unknown(node, DERIVE_KEYS);
    let kinds = DeriveKind::ALL
        .map(|k| format!("\"{}\"", k.name()))
        .join(" or ");
    let kind_hint = format!(
        "it names the turn the model evaluates, {kinds} (yaw reads each member's setup x, pitch its setup y)"
    );
    let kind = cx
        .nonempty_str(
            node,
            "kind",
            true,
            codes::MOTION_KEY_DERIVE_KIND,
            &kind_hint,
        )
        .and_then(|(name, loc)| match DeriveKind::from_name(&name) {
            Some(k) => Some((k, loc)),
            None => {
                if let Some(n) = node.get("kind") {
                    cx.push(wrong(&n, codes::MOTION_KEY_DERIVE_KIND, &kind_hint));
                }
                None
            }
        });
    let number = |cx: &mut Cx, key: &str, required: bool, hint: &str| {
        cx.number(node, key, required, codes::MOTION_KEY_DERIVE_NUMBER, hint)
            .map(|(value, loc)| Stated { value, loc })
    };
    let degrees = number(
        cx,
        "degrees",
        true,
        "it is the turn angle in degrees, a finite number",
    );
    let carried = number(
        cx,
        "carried",
        false,
        "it is the depth whose shift a parent bone already applies, a finite number (absent means 0)",
    );
    let about = number(
        cx,
        "about",
        false,
        "it is where the turn's axis crosses the members' coordinate, a finite number (absent means 0)",
    );
    let depth = depth(cx, node);
    let stated_ok = ["carried", "about"]
        .iter()
        .zip([carried.is_some(), about.is_some()])
        .all(|(key, ok)| ok || !node.has(key));
    let (kind, kind_loc) = kind?;
    let (degrees, depth) = (degrees?, depth?);
    stated_ok.then(|| DeriveSpec {
        loc: node.loc(),
        kind,
        kind_loc,
        degrees,
        depth,
        carried,
        about,
    })
}

/// `derive.depth` (required): a finite number, or an object of finite numbers.
fn depth(cx: &mut Cx, node: &Node) -> Option<Depth> {
    let hint = "it is how near the viewer each member sits (larger = nearer, negative = behind the axis): `{ \"<member>\": <z>, … }` on a group track, one finite number on a bone track";
    let Some(d) = node.get("depth") else {
        cx.push(super::shape::absent(
            node,
            "depth",
            codes::MOTION_KEY_DERIVE_DEPTH,
            hint,
        ));
        return None;
    };
    if let Some(z) = d.as_f64().filter(|z| z.is_finite()) {
        return Some(Depth::One(Stated {
            value: z,
            loc: d.loc(),
        }));
    }
    if !d.is_object() {
        cx.push(wrong(&d, codes::MOTION_KEY_DERIVE_DEPTH, hint));
        return None;
    }
    let mut entries = Vec::new();
    let mut ok = true;
    for (name, z) in d.entries() {
        let Some(value) = z.as_f64().filter(|z| z.is_finite()) else {
            ok = false;
            cx.push(wrong(
                &z,
                codes::MOTION_KEY_DERIVE_DEPTH,
                "a member's depth is a finite number: how near the viewer it sits (larger = nearer, negative = behind the axis)",
            ));
            continue;
        };
        let name_loc = d.key_loc(&name).unwrap_or_else(|| z.loc());
        entries.push(MemberDepth {
            member: Named {
                name,
                loc: name_loc,
            },
            z: Stated {
                value,
                loc: z.loc(),
            },
        });
    }
    ok.then(|| Depth::Members {
        loc: d.loc(),
        entries,
    })
}
