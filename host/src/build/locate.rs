//! This module owns where a gate finding is in the specs: a rule's
//! [`Subject`] — an animation and, in it, a timeline of a target and a key;
//! or a bone, slot, attachment, constraint or event of the setup — mapped back
//! to the spec value that produced it: the key or track of `motion.json`, the
//! entry of `rig.json`, as a [`Place`] (file, JSON pointer, line:column).
//!
//! It maps as finely as the spec says for certain: a key when the track that
//! made the timeline has that key (tracks, group tracks, `ik`/`transform`
//! timelines, `drawOrder`, `events` and `deform` keys are emitted one for
//! one), else the track, else the animation; a setup subject to its entry.
//! A subject it cannot place (a page, a region, an animation the motion spec
//! does not name) has no place, and its FAIL prints without one.

use rigc_diag::cursor::{pointer_of, Seg};
use rigc_diag::json::{Json, Value};
use rigc_diag::{source::SourceFile, Place};
use rigc_sdk::gate::{Subject, Target};
use rigc_sdk::model::names::{AnimationGroup as Group, AttachmentTimeline};
use std::sync::Arc;

/// One spec file and its parsed JSON.
pub struct Spec<'a> {
    /// The file.
    pub file: &'a Arc<SourceFile>,
    /// Its JSON.
    pub json: &'a Json,
}

/// A value of a spec and the path to it.
#[derive(Clone)]
struct At<'a> {
    json: &'a Json,
    path: Vec<Seg>,
}

impl<'a> At<'a> {
    fn member(&self, key: &str) -> Option<At<'a>> {
        let Value::Object(members) = &self.json.value else {
            return None;
        };
        let m = members.iter().find(|m| m.key == key)?;
        let mut path = self.path.clone();
        path.push(Seg::Name(key.to_string()));
        Some(At {
            json: &m.value,
            path,
        })
    }

    fn items(&self) -> Vec<At<'a>> {
        let Value::Array(items) = &self.json.value else {
            return Vec::new();
        };
        items
            .iter()
            .enumerate()
            .map(|(i, json)| {
                let mut path = self.path.clone();
                path.push(Seg::Index(i));
                At { json, path }
            })
            .collect()
    }

    fn item(&self, i: usize) -> Option<At<'a>> {
        self.items().into_iter().nth(i)
    }

    fn text(&self, key: &str) -> Option<&'a str> {
        match &self.json.get(key)?.value {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The entry of an array whose `key` is `name` (and `also` holds).
    fn entry(&self, key: &str, name: &str, also: impl Fn(&At<'a>) -> bool) -> Option<At<'a>> {
        self.items()
            .into_iter()
            .find(|e| e.text(key) == Some(name) && also(e))
    }

    fn place(&self, file: &Arc<SourceFile>) -> Place {
        let (line, column) = file.line_col(self.json.span.start);
        Place {
            file: file.display.clone(),
            pointer: pointer_of(&self.path),
            line,
            column,
        }
    }
}

fn root<'a>(spec: &Spec<'a>) -> At<'a> {
    At {
        json: spec.json,
        path: Vec::new(),
    }
}

/// Where `subject` is in the rig or the motion spec, if it can be placed.
pub fn place(subject: &Subject, rig: &Spec<'_>, motion: &Spec<'_>) -> Option<Place> {
    match &subject.animation {
        Some(a) => {
            let anim = root(motion).member("animations")?.member(a)?;
            let at = in_animation(&anim, subject, &root(motion)).unwrap_or(anim);
            Some(at.place(motion.file))
        }
        None => {
            let at = in_rig(&root(rig), subject.target.as_ref()?)?;
            Some(at.place(rig.file))
        }
    }
}

/// The track or key of animation `anim` that `subject` is about.
fn in_animation<'a>(anim: &At<'a>, subject: &Subject, motion: &At<'a>) -> Option<At<'a>> {
    // The subject names Spine's timelines; the motion spec's families are
    // named as FORMAT.md §3.6 names them.
    let timeline = subject.timeline.as_deref();
    let own = timeline.and_then(|t| match Group::from_name(t) {
        Some(Group::DrawOrder) => Some("drawOrder"),
        Some(Group::Events) => Some("events"),
        _ => None,
    });
    let deform = timeline == Some(AttachmentTimeline::Deform.name());
    let family = |name: &str| anim.member(name);
    let track = match (&subject.target, own) {
        (_, Some(family_name)) => family(family_name)?,
        (Some(Target::Attachment { skin, slot, name }), None) if deform => family("deform")?
            .entry("slot", slot, |e| {
                e.text("attachment") == Some(name.as_str())
                    && e.text("skin").unwrap_or("default") == skin
            })?,
        (Some(Target::Constraint { kind, name }), _) if kind == "ik" || kind == "transform" => {
            family(kind)?.entry("constraint", name, |_| true)?
        }
        (Some(target), None) => {
            let property = timeline?;
            let (field, name) = match target {
                Target::Bone(b) => ("bone", b.as_str()),
                Target::Slot(s) => ("slot", s.as_str()),
                Target::Constraint { kind, name } => (kind.as_str(), name.as_str()),
                _ => return None,
            };
            let tracks = family("tracks")?;
            let groups = motion.member("groups");
            let in_group = |t: &At<'a>| {
                let Some(g) = t.text("group") else {
                    return false;
                };
                groups
                    .as_ref()
                    .and_then(|gs| gs.member(g))
                    .is_some_and(|members| {
                        members
                            .items()
                            .iter()
                            .any(|m| matches!(&m.json.value, Value::String(s) if s == name))
                    })
            };
            tracks.items().into_iter().find(|t| {
                t.text("property") == Some(property) && (t.text(field) == Some(name) || in_group(t))
            })?
        }
        _ => return None,
    };
    let keys = match own {
        Some(_) => Some(track.clone()),
        None => track.member("keys"),
    };
    Some(subject.key.and_then(|k| keys?.item(k)).unwrap_or(track))
}

/// The entry of the rig spec that `target` names.
fn in_rig<'a>(rig: &At<'a>, target: &Target) -> Option<At<'a>> {
    match target {
        Target::Bone(b) => rig.member("bones")?.entry("name", b, |_| true),
        Target::Slot(s) => rig.member("slots")?.entry("name", s, |_| true),
        Target::Constraint { kind, name } => rig
            .member("constraints")?
            .entry("name", name, |c| c.text("type") == Some(kind.as_str())),
        Target::Event(e) => rig.member("events")?.member(e),
        Target::Skin(s) => rig.member("skins")?.member(s),
        Target::Attachment { skin, slot, name } => {
            let skin = rig.member("skins")?.member(skin)?;
            let slots = skin.member("attachments").unwrap_or(skin);
            let slot = slots.member(slot)?;
            Some(slot.member(name).unwrap_or(slot))
        }
        Target::Page(_) | Target::Region(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str, text: &str) -> (Arc<SourceFile>, Json) {
        let file = SourceFile::new(name, format!("/p/{name}"), text.to_string());
        let json = rigc_diag::json::parse(&file.text).expect("JSON");
        (file, json)
    }

    #[test]
    fn subjects_land_on_the_key_the_track_or_the_entry() {
        let (rf, rj) = spec(
            "rig.json",
            r#"{ "bones": [ { "name": "root" }, { "name": "hip" } ],
  "slots": [ { "name": "body", "bone": "hip" } ],
  "skins": { "default": { "body": { "body": { "image": "body.png" } } } },
  "constraints": [ { "type": "ik", "name": "leg" } ],
  "events": { "step": {} } }"#,
        );
        let (mf, mj) = spec(
            "motion.json",
            r#"{ "groups": { "pair": ["hip", "knee"] },
  "animations": { "walk": {
    "tracks": [
      { "bone": "root", "property": "rotate", "keys": [ { "t": 0 } ] },
      { "group": "pair", "property": "translatex", "keys": [ { "t": 0 }, { "t": 1 } ] }
    ],
    "ik": [ { "constraint": "leg", "keys": [ { "t": 0 }, { "t": 0.5 } ] } ],
    "events": [ { "t": 0, "name": "step" } ]
  } } }"#,
        );
        let (rig, motion) = (
            Spec {
                file: &rf,
                json: &rj,
            },
            Spec {
                file: &mf,
                json: &mj,
            },
        );
        let at = |s: Subject| place(&s, &rig, &motion).map(|p| p.to_string());
        let walk = || Subject::animation("walk");
        assert_eq!(
            at(walk()
                .on(Target::Bone("hip".into()))
                .timeline("translatex")
                .key(1)),
            Some("motion.json:5:74 at /animations/walk/tracks/1/keys/1".into())
        );
        assert_eq!(
            at(walk()
                .on(Target::Bone("root".into()))
                .timeline("rotate")
                .key(7)),
            Some("motion.json:4:7 at /animations/walk/tracks/0".into()),
            "a key the track does not have places the track"
        );
        assert_eq!(
            at(walk()
                .on(Target::Constraint {
                    kind: "ik".into(),
                    name: "leg".into()
                })
                .timeline("mix")
                .key(1)),
            Some("motion.json:7:58 at /animations/walk/ik/0/keys/1".into())
        );
        assert_eq!(
            at(walk().timeline("events").key(0)),
            Some("motion.json:8:17 at /animations/walk/events/0".into())
        );
        assert_eq!(
            at(walk().on(Target::Slot("body".into())).timeline("rgba")),
            Some("motion.json:2:27 at /animations/walk".into()),
            "no track makes it: the animation"
        );
        assert_eq!(
            at(Subject::slot("body")),
            Some("rig.json:2:14 at /slots/0".into())
        );
        assert_eq!(
            at(Subject::attachment("default", "body", "body")),
            Some("rig.json:3:45 at /skins/default/body/body".into())
        );
        assert_eq!(
            at(Subject::constraint("ik", "leg")),
            Some("rig.json:4:20 at /constraints/0".into())
        );
        assert_eq!(at(Subject::constraint("transform", "leg")), None);
        assert_eq!(at(Subject::animation("run")), None);
        assert_eq!(at(Subject::of(Target::Page("a.png".into()))), None);
    }
}
