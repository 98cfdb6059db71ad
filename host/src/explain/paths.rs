//! This module owns the `path constraints` section: each path constraint's
//! target slot, bones and modes as written, and the curve its target slot
//! shows at setup **as the runtime loads it** — how many curves, how long
//! (the loaded `lengths`, cumulative, read where `PathConstraint` reads the
//! whole path's length), open or closed, constant speed or not.

use super::{text, Input};
use rigc_sdk::spine::data::{AttachmentKind, ConstraintKind};
use rigc_sdk::spine::SkeletonData;
use serde::Serialize;

/// One path constraint.
#[derive(Debug, Serialize)]
pub struct PathConstraint {
    /// Its name.
    pub name: String,
    /// The target slot.
    pub target: String,
    /// The constrained bones.
    pub bones: Vec<String>,
    /// `positionMode spacingMode rotateMode`, as written (`-` when absent).
    pub modes: [String; 3],
    /// The curve, or why it cannot be read.
    #[serde(serialize_with = "text::ok_or_error")]
    pub curve: Result<Curve, String>,
}

/// The target slot's setup path, as loaded.
#[derive(Debug, Serialize)]
pub struct Curve {
    /// Its curves.
    pub curves: usize,
    /// Its length, px.
    pub length: f64,
    /// Closed.
    pub closed: bool,
    /// Constant speed.
    pub constant_speed: bool,
}

/// Every path constraint of the compiled skeleton.
pub fn of(input: &Input<'_>) -> Vec<PathConstraint> {
    text::items(input.skeleton.get("constraints"))
        .iter()
        .filter(|c| text::string(c, "type") == Some("path"))
        .map(|c| {
            let name = text::field(c, "name", "");
            PathConstraint {
                target: text::field(c, "slot", ""),
                bones: text::items(c.get("bones"))
                    .iter()
                    .map(text::value)
                    .collect(),
                modes: ["positionMode", "spacingMode", "rotateMode"]
                    .map(|k| text::field(c, k, "-")),
                curve: input
                    .loaded
                    .map_err(str::to_string)
                    .and_then(|data| curve(data, &name)),
                name,
            }
        })
        .collect()
}

/// The setup path of path constraint `name`'s target slot.
fn curve(data: &SkeletonData, name: &str) -> Result<Curve, String> {
    let slot = data
        .constraints
        .iter()
        .find_map(|c| match &c.kind {
            ConstraintKind::Path(p) if c.name == name => Some(p.slot),
            _ => None,
        })
        .ok_or_else(|| "the runtime loads no path constraint of that name".to_string())?;
    let slot_data = data.slots.get(slot).ok_or("no target slot")?;
    let shown = slot_data
        .attachment_name
        .as_deref()
        .ok_or("the target slot shows nothing at setup")?;
    let attachment = data
        .default_skin
        .and_then(|s| data.skins.get(s))
        .and_then(|s| s.attachments.get(slot))
        .and_then(|entries| entries.iter().find(|e| e.placeholder == shown))
        .and_then(|e| data.attachments.get(e.attachment))
        .ok_or("the default skin holds no setup attachment for the target slot")?;
    let AttachmentKind::Path(p) = &attachment.kind else {
        return Err(format!(
            "the target slot's setup attachment \"{shown}\" is a {}, not a path",
            attachment.type_name()
        ));
    };
    // PathConstraint: curveCount = worldVerticesLength / 6, less 1 closed or
    // 2 open, indexes the whole length; the curves are one more than that.
    let n = (p.vertex.world_vertices_length / 6.0).floor().max(0.0) as usize;
    let curves = if p.closed { n } else { n.saturating_sub(1) };
    let length = curves
        .checked_sub(1)
        .and_then(|i| p.lengths.get(i))
        .copied()
        .unwrap_or(0.0);
    Ok(Curve {
        curves,
        length,
        closed: p.closed,
        constant_speed: p.constant_speed,
    })
}

/// `path constraints`, a line each and its `curve:` line.
pub fn lines(paths: &[PathConstraint]) -> Vec<String> {
    let mut out = vec!["path constraints".to_string()];
    if paths.is_empty() {
        out.push("  ..    none".to_string());
    }
    for p in paths {
        out.push(format!(
            "  {:<12} target={} bones={} modes={}",
            p.name,
            p.target,
            text::list(&p.bones),
            p.modes.join("/")
        ));
        out.push(match &p.curve {
            Ok(c) => format!(
                "    curve: {} curve(s), {} long, {}, constantSpeed={}",
                c.curves,
                text::fixed(c.length, 4),
                if c.closed { "closed" } else { "open" },
                c.constant_speed
            ),
            Err(why) => format!("    curve: not read: {why}"),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_sdk::gate::RigInfo;
    use rigc_sdk::spine::pose::Plans;
    use serde_json::{json, Value};

    /// A path of 4 points (12 vertices) on slot "rail"'s setup, `closed` or
    /// open, with the cumulative `lengths` the file states.
    fn skeleton(closed: bool, lengths: &[f64]) -> Value {
        json!({
            "skeleton": { "spine": "4.3.13" },
            "bones": [ { "name": "root" }, { "name": "cart", "parent": "root" } ],
            "slots": [ { "name": "rail", "bone": "root", "attachment": "track" } ],
            "constraints": [ { "type": "path", "name": "ride", "bones": ["cart"], "slot": "rail",
                "positionMode": "percent", "spacingMode": "percent", "rotateMode": "tangent" } ],
            "skins": [ { "name": "default", "attachments": { "rail": { "track": {
                "type": "path", "closed": closed, "constantSpeed": true, "vertexCount": 12,
                "vertices": [-10, 0, 0, 0, 10, 0, 20, 0, 30, 0, 40, 0, 50, 0, 60, 0, 70, 0, 80, 0, 90, 0, 100, 0],
                "lengths": lengths
            } } } } ]
        })
    }

    fn lines_of(v: &Value) -> Vec<String> {
        let data = rigc_sdk::spine::read_skeleton(&v.to_string(), None)
            .expect("loads")
            .data;
        let (plans, rig) = (Plans::default(), RigInfo::default());
        let input = Input {
            skeleton: v,
            loaded: Ok(&data),
            plans: &plans,
            rig_info: &rig,
            motion: None,
            meshes: &[],
            members: &[],
            compiled: &[],
            atlas_text: "",
            out_dir: std::path::Path::new(""),
        };
        lines(&of(&input))
    }

    #[test]
    fn the_curve_is_read_where_path_constraint_reads_its_length() {
        // worldVerticesLength 24 / 6 = 4: open, the constraint reads
        // lengths[4 − 2] and the path has 3 curves; closed, lengths[3] and 4.
        let open = lines_of(&skeleton(false, &[30.0, 60.0, 90.0, 0.0]));
        assert_eq!(
            open,
            [
                "path constraints",
                "  ride         target=rail bones=[cart] modes=percent/percent/tangent",
                "    curve: 3 curve(s), 90.0000 long, open, constantSpeed=true",
            ]
        );
        let closed = lines_of(&skeleton(true, &[30.0, 60.0, 90.0, 120.0]));
        assert_eq!(
            closed[2],
            "    curve: 4 curve(s), 120.0000 long, closed, constantSpeed=true"
        );
    }

    #[test]
    fn the_json_document_spells_an_unread_curve_as_an_error() {
        let mut v = skeleton(false, &[30.0, 60.0, 90.0, 0.0]);
        v["slots"][0]
            .as_object_mut()
            .map(|s| s.remove("attachment"));
        let data = rigc_sdk::spine::read_skeleton(&v.to_string(), None)
            .expect("loads")
            .data;
        let (plans, rig) = (Plans::default(), RigInfo::default());
        let input = Input {
            skeleton: &v,
            loaded: Ok(&data),
            plans: &plans,
            rig_info: &rig,
            motion: None,
            meshes: &[],
            members: &[],
            compiled: &[],
            atlas_text: "",
            out_dir: std::path::Path::new(""),
        };
        let doc = serde_json::to_value(of(&input)).expect("serialises");
        assert_eq!(
            doc[0]["curve"],
            json!({ "error": "the target slot shows nothing at setup" })
        );
        let v = skeleton(true, &[30.0, 60.0, 90.0, 120.0]);
        let data = rigc_sdk::spine::read_skeleton(&v.to_string(), None)
            .expect("loads")
            .data;
        let input = Input {
            skeleton: &v,
            loaded: Ok(&data),
            plans: &plans,
            rig_info: &rig,
            motion: None,
            meshes: &[],
            members: &[],
            compiled: &[],
            atlas_text: "",
            out_dir: std::path::Path::new(""),
        };
        let doc = serde_json::to_value(of(&input)).expect("serialises");
        assert_eq!(
            doc[0]["curve"],
            json!({ "curves": 4, "length": 120.0, "closed": true, "constant_speed": true })
        );
    }

    #[test]
    fn a_target_that_shows_no_path_says_why() {
        let mut v = skeleton(false, &[30.0, 60.0, 90.0, 0.0]);
        v["slots"][0]
            .as_object_mut()
            .map(|s| s.remove("attachment"));
        assert_eq!(
            lines_of(&v)[2],
            "    curve: not read: the target slot shows nothing at setup"
        );
    }
}
