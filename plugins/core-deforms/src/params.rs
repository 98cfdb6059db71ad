//! This module owns reading a kind's parameters out of a key's `transform`
//! object (FORMAT.md §3.14.1): each kind names the fields it knows, which are
//! required and which default, and every field that is absent, of the wrong
//! shape or not one the kind knows is refused by name — the only place a
//! parameter refusal's words are made.

use rigc_sdk::abi::DeformRefusal;
use serde_json::{Map, Value};

/// A refusal with a code, a message and an optional fix.
pub(crate) fn refuse(code: &str, message: String, help: Option<String>) -> DeformRefusal {
    DeformRefusal {
        code: code.into(),
        message,
        help,
    }
}

/// A number as a message writes it: JavaScript's shortest spelling (`170`,
/// `0.000001`, `1e+40`), and `NaN`/`inf` for what JSON cannot hold.
pub(crate) fn n(x: f64) -> String {
    if x.is_finite() {
        rigc_sdk::spine::num::f64_text(x)
    } else {
        x.to_string()
    }
}

/// Which coordinate a `wave` or `bend` reads (`along`) or displaces (`axis`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Axis {
    /// Across the screen.
    X,
    /// Up the screen.
    Y,
}

impl Axis {
    /// Its name as the spec writes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Axis::X => "x",
            Axis::Y => "y",
        }
    }

    /// The coordinate of `[x, y]` it names.
    pub(crate) fn of(self, xy: [f64; 2]) -> f64 {
        match self {
            Axis::X => xy[0],
            Axis::Y => xy[1],
        }
    }

    /// `[d, 0]` or `[0, d]`: an offset of `d` along this axis.
    pub(crate) fn offset(self, d: f64) -> [f64; 2] {
        match self {
            Axis::X => [d, 0.0],
            Axis::Y => [0.0, d],
        }
    }
}

/// How a value the key wrote reads in a message (`absent`, `the string "x"`…,
/// FORMAT.md §3's `<what it is>`).
fn describe(v: Option<&Value>) -> String {
    match v {
        None => "absent".into(),
        Some(Value::Null) => "null".into(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) => format!("the string {s:?}"),
        Some(Value::Array(a)) => format!("an array of {}", a.len()),
        Some(Value::Object(_)) => "an object".into(),
    }
}

/// One kind's parameters, read field by field.
pub(crate) struct Params<'a> {
    kind: &'static str,
    fields: &'a Map<String, Value>,
}

impl<'a> Params<'a> {
    /// The parameters of `kind` as the key wrote them (`params` is the
    /// `transform` object without its `kind`); refuses a non-object and any
    /// field not in `known`.
    pub(crate) fn new(
        kind: &'static str,
        params: &'a Value,
        known: &[&str],
    ) -> Result<Self, DeformRefusal> {
        let Value::Object(fields) = params else {
            return Err(refuse(
                "params-not-object",
                format!(
                    "transform {kind}'s parameters are {}; a transform is an object of named parameters",
                    describe(Some(params))
                ),
                Some(format!("write {{ \"kind\": \"{kind}\", {} }}", example(kind))),
            ));
        };
        if let Some(unknown) = fields
            .keys()
            .find(|k| k.as_str() != "kind" && !known.contains(&k.as_str()))
        {
            return Err(refuse(
                "unknown-param",
                format!(
                    "transform {kind} has no parameter {unknown:?} (it reads: {})",
                    known.join(", ")
                ),
                None,
            ));
        }
        Ok(Params { kind, fields })
    }

    fn field(&self, name: &str) -> Option<&'a Value> {
        self.fields.get(name)
    }

    fn wrong(&self, name: &str, what: &str) -> DeformRefusal {
        refuse(
            "bad-param",
            format!(
                "transform {}'s \"{name}\" is {}; it is {what}",
                self.kind,
                describe(self.field(name))
            ),
            Some(format!(
                "write {{ \"kind\": \"{}\", {} }}",
                self.kind,
                example(self.kind)
            )),
        )
    }

    /// Whether the key wrote `name` at all.
    pub(crate) fn has(&self, name: &str) -> bool {
        self.field(name).is_some()
    }

    /// A required finite number.
    pub(crate) fn number(&self, name: &str) -> Result<f64, DeformRefusal> {
        match self.field(name).and_then(Value::as_f64) {
            Some(n) if n.is_finite() => Ok(n),
            _ => Err(self.wrong(name, "a finite number, and it is required")),
        }
    }

    /// A finite number that defaults to `default` when absent.
    pub(crate) fn number_or(&self, name: &str, default: f64) -> Result<f64, DeformRefusal> {
        if self.has(name) {
            self.number(name).map_err(|_| {
                self.wrong(
                    name,
                    &format!("a finite number (absent means {})", n(default)),
                )
            })
        } else {
            Ok(default)
        }
    }

    /// A pair of finite numbers, or `default` when absent (required when
    /// `default` is `None`).
    pub(crate) fn pair(
        &self,
        name: &str,
        default: Option<[f64; 2]>,
    ) -> Result<[f64; 2], DeformRefusal> {
        let what = match default {
            Some([a, b]) => format!("two finite numbers (absent means [{}, {}])", n(a), n(b)),
            None => "two finite numbers, and it is required".into(),
        };
        match (self.field(name), default) {
            (None, Some(d)) => Ok(d),
            (Some(Value::Array(a)), _) => match a.as_slice() {
                [x, y] => match (x.as_f64(), y.as_f64()) {
                    (Some(x), Some(y)) if x.is_finite() && y.is_finite() => Ok([x, y]),
                    _ => Err(self.wrong(name, &what)),
                },
                _ => Err(self.wrong(name, &what)),
            },
            _ => Err(self.wrong(name, &what)),
        }
    }

    /// A required coordinate name, `"x"` or `"y"`.
    pub(crate) fn axis(&self, name: &str) -> Result<Axis, DeformRefusal> {
        match self.field(name).and_then(Value::as_str) {
            Some("x") => Ok(Axis::X),
            Some("y") => Ok(Axis::Y),
            _ => Err(self.wrong(
                name,
                "the coordinate's name, \"x\" or \"y\", and it is required",
            )),
        }
    }

    /// `along` (the coordinate read) and `axis` (the one displaced), which
    /// must differ: a model that reads and moves one coordinate is a stretch.
    pub(crate) fn along_axis(&self) -> Result<(Axis, Axis), DeformRefusal> {
        let (along, axis) = (self.axis("along")?, self.axis("axis")?);
        if along == axis {
            return Err(refuse(
                "along-is-axis",
                format!(
                    "transform {} reads \"{}\" (along) and displaces \"{}\" (axis), the same coordinate: that is a stretch, not a {}",
                    self.kind,
                    along.name(),
                    axis.name(),
                    self.kind
                ),
                Some("displace the other coordinate, or state a stretch as { \"kind\": \"affine\", \"scale\": [sx, sy] }".into()),
            ));
        }
        Ok((along, axis))
    }

    /// `depth`: absent or `false` is no, `true` is yes.
    pub(crate) fn flag(&self, name: &str) -> Result<bool, DeformRefusal> {
        match self.field(name) {
            None | Some(Value::Bool(false)) => Ok(false),
            Some(Value::Bool(true)) => Ok(true),
            _ => Err(self.wrong(name, "true or false")),
        }
    }
}

/// A working parameter list for `kind`, for a refusal's help.
fn example(kind: &str) -> &'static str {
    match kind {
        "yaw" | "pitch" => "\"radius\": 170, \"degrees\": 12",
        "affine" => "\"scale\": [1.1, 0.9], \"about\": [0, 0]",
        "wave" => "\"amplitude\": 3, \"wavelength\": 40, \"along\": \"x\", \"axis\": \"y\"",
        "bend" => "\"amount\": 6, \"from\": 0, \"to\": 80, \"along\": \"y\", \"axis\": \"x\"",
        _ => "…",
    }
}
