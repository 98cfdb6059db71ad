//! This module owns a transform constraint's `properties` table (FORMAT.md
//! §2.8, SPINE43.md §5.2): from-properties mapped to to-properties, each named
//! from the fixed six, and the refusal of a from-property with no `to` (the
//! parser drops it, so it would drive nothing).

use rigc_diag::codes;

use super::read::{did_you_mean, number, q, Diags};
use rigc_diag::cursor::Node;
use rigc_sdk::model::{TransformFrom, TransformTo};

/// The six transform properties.
pub(super) const PROPERTIES: &[&str] = &["rotate", "x", "y", "scaleX", "scaleY", "shearY"];

/// Reads a transform constraint's `properties` table.
pub(super) fn parse(node: &Node, label: &str, d: &mut Diags) -> Option<Vec<TransformFrom>> {
    let v = node.get("properties")?;
    if !v.is_object() {
        d.push(
            v.err(
                codes::RIG_CONSTRAINT_PROPERTIES_NOT_AN_OBJECT,
                format!(
                    "{label}: properties is {}; it maps a from-property to {{ \"offset\"?, \"to\": {{ <to-property>: {{ \"offset\"?, \"max\"?, \"scale\"? }} }} }}",
                    v.describe()
                ),
            )
            .help("write \"properties\": { \"rotate\": { \"to\": { \"rotate\": {} } } }"),
        );
        return None;
    }
    let mut out = Vec::new();
    for (from, f) in v.entries() {
        if !PROPERTIES.contains(&from.as_str()) {
            d.push(
                f.err(
                    codes::RIG_CONSTRAINT_PROPERTY_UNKNOWN,
                    format!(
                        "{label}: properties has {}; known: {}",
                        q(&from),
                        PROPERTIES.join(", ")
                    ),
                )
                .help(format!(
                    "the parser throws on any other name{}",
                    did_you_mean(&from, PROPERTIES)
                )),
            );
            continue;
        }
        let what = format!("{label}: properties.{from}");
        if !f.is_object() {
            d.push(
                f.err(
                    codes::RIG_CONSTRAINT_PROPERTY_NOT_AN_OBJECT,
                    format!(
                        "{what} is {}; it is {{ \"offset\"?, \"to\": {{ … }} }}",
                        f.describe()
                    ),
                )
                .help("write the from-property as an object with a \"to\" table"),
            );
            continue;
        }
        let unknown = f.unknown_keys(&["offset", "to"], &what);
        if !unknown.is_empty() {
            d.extend(unknown);
            continue;
        }
        let offset = number(&f, "offset", &what, d);
        let to = match f.get("to") {
            Some(t) if t.is_object() && !t.keys().is_empty() => t,
            other => {
                let at = other.unwrap_or_else(|| f.clone());
                d.push(
                    at.err(
                        codes::RIG_CONSTRAINT_PROPERTY_TO_EMPTY,
                        format!(
                            "{what} has no \"to\" properties — the parser drops a from-property with an empty \"to\", so it would drive nothing"
                        ),
                    )
                    .help("add \"to\": { \"<property>\": {} }, or remove the from-property"),
                );
                continue;
            }
        };
        let mut tos = Vec::new();
        for (name, t) in to.entries() {
            if !PROPERTIES.contains(&name.as_str()) {
                d.push(
                    t.err(
                        codes::RIG_CONSTRAINT_PROPERTY_UNKNOWN,
                        format!(
                            "{label}: properties.{from}.to has {}; known: {}",
                            q(&name),
                            PROPERTIES.join(", ")
                        ),
                    )
                    .help(format!(
                        "the parser throws on any other name{}",
                        did_you_mean(&name, PROPERTIES)
                    )),
                );
                continue;
            }
            let what = format!("{label}: properties.{from}.to.{name}");
            if !t.is_object() {
                d.push(
                    t.err(
                        codes::RIG_CONSTRAINT_PROPERTY_NOT_AN_OBJECT,
                        format!(
                            "{what} is {}; it is {{ \"offset\"?, \"max\"?, \"scale\"? }}",
                            t.describe()
                        ),
                    )
                    .help("write the to-property as an object ({} for the defaults)"),
                );
                continue;
            }
            let unknown = t.unknown_keys(&["offset", "max", "scale"], &what);
            if !unknown.is_empty() {
                d.extend(unknown);
                continue;
            }
            tos.push(TransformTo {
                name: name.clone(),
                offset: number(&t, "offset", &what, d),
                max: number(&t, "max", &what, d),
                scale: number(&t, "scale", &what, d),
            });
        }
        out.push(TransformFrom {
            name: from,
            offset,
            to: tos,
        });
    }
    Some(out)
}
