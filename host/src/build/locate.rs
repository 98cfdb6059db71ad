//! This module owns where a gate finding is in the specs: a rule's
//! [`Subject`] — an animation and, in it, a timeline of a target and a key;
//! or a bone, slot, attachment, constraint or event of the setup — mapped back
//! to the spec value that produced it: the key or track of `motion.json`, the
//! entry of `rig.json`, as a [`Place`] (file, JSON pointer, line:column).
//!
//! It maps as finely as the spec says for certain: a key when the track that
//! made the timeline has that key (tracks, group tracks, `ik`/`transform`
//! timelines, `drawOrder`, `events` and `deform` keys are emitted one for
//! one), else the track, else the animation; a setup subject to its entry (a
//! physics constraint of the motion spec's `physics` table to that entry).
//! A subject it cannot place (a page, a region, an animation the motion spec
//! does not name) has no place, and its FAIL prints without one.

use rigc_diag::cursor::Node;
use rigc_diag::Place;
use rigc_sdk::gate::{Subject, Target};
use rigc_sdk::model::names::{AnimationGroup as Group, AttachmentTimeline};

/// The text of field `key` of `node`, when it is a string.
fn text<'a>(node: &Node<'a>, key: &str) -> Option<&'a str> {
    node.get(key)?.as_str()
}

/// The element of array `list` whose `key` is `name` (and `also` holds).
fn entry<'a>(
    list: &Node<'a>,
    key: &str,
    name: &str,
    also: impl Fn(&Node<'a>) -> bool,
) -> Option<Node<'a>> {
    list.elements()
        .find(|e| text(e, key) == Some(name) && also(e))
}

/// Where `subject` is in the rig or the motion spec, if it can be placed.
/// `rig` and `motion` are the specs' roots.
pub fn place(subject: &Subject, rig: &Node<'_>, motion: &Node<'_>) -> Option<Place> {
    let at = match &subject.animation {
        Some(a) => {
            let anim = motion.get("animations")?.get(a)?;
            in_animation(&anim, subject, motion).unwrap_or(anim)
        }
        None => {
            let target = subject.target.as_ref()?;
            in_rig(rig, target).or_else(|| in_motion_table(motion, target))?
        }
    };
    Some(at.loc().place())
}

/// A setup subject the motion spec declares: a physics constraint of its
/// `physics` table.
fn in_motion_table<'a>(motion: &Node<'a>, target: &Target) -> Option<Node<'a>> {
    match target {
        Target::Constraint { kind, name } if kind == "physics" => motion.get("physics")?.get(name),
        _ => None,
    }
}

/// The track or key of animation `anim` that `subject` is about.
fn in_animation<'a>(anim: &Node<'a>, subject: &Subject, motion: &Node<'a>) -> Option<Node<'a>> {
    // The subject names Spine's timelines; the motion spec's families are
    // named as FORMAT.md §3.6 names them.
    let timeline = subject.timeline.as_deref();
    let own = timeline.and_then(|t| match Group::from_name(t) {
        Some(Group::DrawOrder) => Some("drawOrder"),
        Some(Group::Events) => Some("events"),
        _ => None,
    });
    let deform = timeline == Some(AttachmentTimeline::Deform.name());
    let family = |name: &str| anim.get(name);
    let track = match (&subject.target, own) {
        (_, Some(family_name)) => family(family_name)?,
        (Some(Target::Attachment { skin, slot, name }), None) if deform => {
            entry(&family("deform")?, "slot", slot, |e| {
                text(e, "attachment") == Some(name.as_str())
                    && text(e, "skin").unwrap_or("default") == skin
            })?
        }
        (Some(Target::Constraint { kind, name }), _) if kind == "ik" || kind == "transform" => {
            entry(&family(kind)?, "constraint", name, |_| true)?
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
            let groups = motion.get("groups");
            let in_group = |t: &Node<'a>| {
                let Some(g) = text(t, "group") else {
                    return false;
                };
                groups
                    .as_ref()
                    .and_then(|gs| gs.get(g))
                    .is_some_and(|members| members.elements().any(|m| m.as_str() == Some(name)))
            };
            let track = tracks.elements().find(|t| {
                text(t, "property") == Some(property)
                    && (text(t, field) == Some(name) || in_group(t))
            });
            track?
        }
        _ => return None,
    };
    let keys = match own {
        Some(_) => Some(track.clone()),
        None => track.get("keys"),
    };
    Some(
        subject
            .key
            .and_then(|k| keys?.elements().nth(k))
            .unwrap_or(track),
    )
}

/// The entry of the rig spec that `target` names.
fn in_rig<'a>(rig: &Node<'a>, target: &Target) -> Option<Node<'a>> {
    match target {
        Target::Bone(b) => entry(&rig.get("bones")?, "name", b, |_| true),
        Target::Slot(s) => entry(&rig.get("slots")?, "name", s, |_| true),
        Target::Constraint { kind, name } => entry(&rig.get("constraints")?, "name", name, |c| {
            text(c, "type") == Some(kind.as_str())
        }),
        Target::Event(e) => rig.get("events")?.get(e),
        Target::Skin(s) => rig.get("skins")?.get(s),
        Target::Attachment { skin, slot, name } => {
            let skin = rig.get("skins")?.get(skin)?;
            let slots = skin.get("attachments").unwrap_or(skin);
            let slot = slots.get(slot)?;
            Some(slot.get(name).unwrap_or(slot))
        }
        Target::Page(_) | Target::Region(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rigc_diag::json::Json;
    use rigc_diag::source::SourceFile;
    use std::sync::Arc;

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
        let (rig, motion) = (Node::root(&rj, &rf), Node::root(&mj, &mf));
        let at = |s: Subject| place(&s, &rig, &motion).map(|p| p.to_string());
        // Where a needle starts in a spec's text, spelled as a place: the
        // expected line:column found here, not by the code under test.
        let expect = |file: &Arc<SourceFile>, needle: &str, pointer: &str| {
            let i = file.text.find(needle).expect("the needle is in the spec");
            let line = file.text[..i].matches('\n').count() + 1;
            let column = file.text[..i].rsplit('\n').next().map_or(0, str::len) + 1;
            Some(format!("{}:{line}:{column} at {pointer}", file.display))
        };
        let walk = || Subject::animation("walk");
        assert_eq!(
            at(walk()
                .on(Target::Bone("hip".into()))
                .timeline("translatex")
                .key(1)),
            expect(&mf, "{ \"t\": 1 }", "/animations/walk/tracks/1/keys/1")
        );
        assert_eq!(
            at(walk()
                .on(Target::Bone("root".into()))
                .timeline("rotate")
                .key(7)),
            expect(&mf, "{ \"bone\": \"root\"", "/animations/walk/tracks/0"),
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
            expect(&mf, "{ \"t\": 0.5 }", "/animations/walk/ik/0/keys/1")
        );
        assert_eq!(
            at(walk().timeline("events").key(0)),
            expect(&mf, "{ \"t\": 0, \"name\"", "/animations/walk/events/0")
        );
        assert_eq!(
            at(walk().on(Target::Slot("body".into())).timeline("rgba")),
            expect(&mf, "{\n    \"tracks\"", "/animations/walk"),
            "no track makes it: the animation"
        );
        assert_eq!(
            at(Subject::slot("body")),
            expect(&rf, "{ \"name\": \"body\"", "/slots/0")
        );
        assert_eq!(
            at(Subject::attachment("default", "body", "body")),
            expect(&rf, "{ \"image\"", "/skins/default/body/body")
        );
        assert_eq!(
            at(Subject::constraint("ik", "leg")),
            expect(&rf, "{ \"type\": \"ik\"", "/constraints/0")
        );
        assert_eq!(at(Subject::constraint("transform", "leg")), None);
        assert_eq!(at(Subject::animation("run")), None);
        assert_eq!(at(Subject::of(Target::Page("a.png".into()))), None);
    }
}
