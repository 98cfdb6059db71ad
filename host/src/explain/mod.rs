//! This module owns `rigc explain`'s report (CLI.md §3, FORMAT.md §6.5–§6.7):
//! the compiled rig as tables, one module per section, each the section's
//! data — computed from the compiled result: the emitted `skeleton.json` as
//! written, the same text as the runtime loads it (`rigc-spine`), the rig info
//! and the motion spec's player hints — and the renderer of its lines. The
//! `--message-format json` document is the same data, serialised.
//!
//! The section list ([`SECTIONS`]) is the print order; the last, the loop
//! seams ([`seam`]), draws each looping animation's ends with `rigc-render`. Two blocks are other
//! modules' renderers, called from it: the `MESH` lines (`printer::mesh`, the
//! build's own) and the `MEMBER` block (`printer::member`, over
//! `stages::animation::members`' data from the compiled animations). The
//! transform print-out of FORMAT.md §3.14.1 under a generated deform key has
//! its model, found by [`models`].

mod animations;
mod bones;
mod deform;
mod header;
mod mix;
mod models;
mod paths;
mod physics;
mod seam;
mod skins;
mod sliders;
mod slots;
mod text;

use crate::build::pipeline::Compiled;
use crate::build::sources::Sources;
use crate::build::TargetResult;
use crate::stages::animation::members::{self, MemberKey};
use crate::stages::mesh::MeshLine;
use rigc_sdk::spine::pose::Plans;
use rigc_sdk::spine::SkeletonData;
use serde::Serialize;
use serde_json::Value;

/// What every section reads: the compiled result.
pub struct Input<'a> {
    /// The emitted `skeleton.json`, as written (plain JSON, in its key order).
    pub skeleton: &'a Value,
    /// The same text as the runtime loads it, or why it does not load.
    pub loaded: Result<&'a SkeletonData, &'a str>,
    /// The animation plans of `loaded`'s skeletons.
    pub plans: &'a Plans,
    /// What the build knows beyond the Spine file.
    pub rig_info: &'a rigc_sdk::gate::RigInfo,
    /// The motion spec (its player hints: `loop`, `mix`), when it parses.
    pub motion: Option<&'a crate::spec::motion::MotionSpec>,
    /// One `MESH` line per mesh slot, as the build prints them.
    pub meshes: &'a [MeshLine],
    /// The `MEMBER` block's keys.
    pub members: &'a [MemberKey],
    /// The compiled animations (a transform key's run at full precision).
    pub compiled: &'a [rigc_sdk::model::Animation],
    /// The emitted atlas text (the loop seams draw through it).
    pub atlas_text: &'a str,
    /// Where a build would write: the atlas's page names resolve there.
    pub out_dir: &'a std::path::Path,
}

/// One section of the report, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionId {
    /// `rigc explain <label>` and the spec paths.
    Header,
    /// `stage  W x H  (spine 4.3.13)`.
    Stage,
    /// `bones  (spine world: y up)`.
    Bones,
    /// `slots  (array order IS the draw order)`.
    Slots,
    /// `animations`, key by key (a transform key with its §3.14.1 print-out).
    Animations,
    /// The `MEMBER` block (`printer::member`).
    Member,
    /// The `DEFORM` block.
    Deform,
    /// `physics constraints`.
    Physics,
    /// `path constraints`.
    Paths,
    /// `sliders`.
    Sliders,
    /// `skin members`.
    SkinMembers,
    /// `meshes`: the `MESH` lines (`printer::mesh`).
    Meshes,
    /// `mix table (player config, not skeleton JSON)`.
    Mix,
    /// `loop seams`: each `loop: true` animation's last frame vs its first.
    Seams,
}

/// The sections in print order (CLI.md §3).
pub const SECTIONS: [SectionId; 14] = [
    SectionId::Header,
    SectionId::Stage,
    SectionId::Bones,
    SectionId::Slots,
    SectionId::Animations,
    SectionId::Member,
    SectionId::Deform,
    SectionId::Physics,
    SectionId::Paths,
    SectionId::Sliders,
    SectionId::SkinMembers,
    SectionId::Meshes,
    SectionId::Mix,
    SectionId::Seams,
];

/// The whole report's data.
#[derive(Debug, Serialize)]
pub struct Explain {
    /// The header.
    pub header: header::Header,
    /// The stage.
    pub stage: header::Stage,
    /// Every bone.
    pub bones: Vec<bones::Bone>,
    /// Every slot, in draw order.
    pub slots: Vec<slots::Slot>,
    /// Every animation.
    pub animations: Vec<animations::Animation>,
    /// The DEFORM block.
    pub deform: deform::DeformBlock,
    /// Every physics constraint.
    pub physics: Vec<physics::Physics>,
    /// Every path constraint.
    pub paths: Vec<paths::PathConstraint>,
    /// Every slider.
    pub sliders: Vec<sliders::Slider>,
    /// The skins that name members.
    pub skin_members: Vec<skins::SkinMembers>,
    /// The mix table.
    pub mix: mix::MixTable,
    /// The `MEMBER` block's keys.
    pub members: Vec<MemberKey>,
    /// The `MESH` lines' data.
    pub meshes: Vec<MeshLine>,
    /// The loop seams.
    pub seams: Vec<seam::Seam>,
}

impl Explain {
    /// Every section's data, from the compiled result.
    pub fn of(result: &TargetResult, input: &Input<'_>) -> Explain {
        Explain {
            header: header::Header::of(result),
            stage: header::Stage::of(input),
            bones: bones::of(input.skeleton),
            slots: slots::of(input.skeleton),
            animations: animations::of(input),
            deform: deform::DeformBlock::of(input),
            physics: physics::of(input.skeleton),
            paths: paths::of(input),
            sliders: sliders::of(input.skeleton),
            skin_members: skins::of(input.skeleton),
            mix: mix::MixTable::of(input.motion),
            members: input.members.to_vec(),
            meshes: input.meshes.to_vec(),
            seams: seam::of(input),
        }
    }

    /// The report's lines, section by section in [`SECTIONS`] order.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for id in SECTIONS {
            out.extend(self.section_lines(id));
        }
        out
    }

    /// One section's lines.
    pub fn section_lines(&self, id: SectionId) -> Vec<String> {
        match id {
            SectionId::Header => self.header.lines(),
            SectionId::Stage => self.stage.lines(),
            SectionId::Bones => bones::lines(&self.bones),
            SectionId::Slots => slots::lines(&self.slots),
            SectionId::Animations => animations::lines(&self.animations),
            SectionId::Member => crate::printer::member::render(&self.members),
            SectionId::Deform => self.deform.lines(),
            SectionId::Physics => physics::lines(&self.physics),
            SectionId::Paths => paths::lines(&self.paths),
            SectionId::Sliders => sliders::lines(&self.sliders),
            SectionId::SkinMembers => skins::lines(&self.skin_members),
            SectionId::Meshes => crate::printer::mesh::lines(&self.meshes),
            SectionId::Mix => self.mix.lines(),
            SectionId::Seams => seam::lines(&self.seams),
        }
    }

    /// The `--message-format json` document: the same sections.
    pub fn json(&self, result: &TargetResult) -> Value {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        let (ran, cached) = crate::printer::stages::split(&result.log);
        if let Value::Object(m) = &mut v {
            m.insert(
                "stages".into(),
                serde_json::json!({ "ran": ran, "cached": cached }),
            );
        }
        v
    }
}

/// The compiled target's input to the sections: the emitted text parsed as
/// plain JSON and as the runtime loads it.
pub struct Loaded {
    /// The emitted skeleton as plain JSON.
    pub skeleton: Value,
    /// The runtime's reading, or why it refused.
    pub data: Result<SkeletonData, String>,
    /// The animation plans.
    pub plans: Plans,
    /// The `MEMBER` block's keys, read off the compiled animations.
    pub members: Vec<MemberKey>,
}

impl Loaded {
    /// Reads the compiled target's emitted skeleton (with its atlas, as A00
    /// does).
    pub fn of(compiled: &Compiled, sources: &Sources) -> Loaded {
        let skeleton = serde_json::from_str(&compiled.skeleton_text).unwrap_or(Value::Null);
        let data = rigc_sdk::spine::read_atlas(&compiled.atlas_text)
            .map_err(|e| format!("the atlas does not load: {e}"))
            .and_then(|atlas| {
                rigc_sdk::spine::read_skeleton(&compiled.skeleton_text, Some(&atlas))
                    .map(|o| o.data)
                    .map_err(|e| format!("the runtime refuses the skeleton: {e}"))
            });
        let members = sources
            .motion
            .spec()
            .ok()
            .map(|motion| {
                motion
                    .animations
                    .iter()
                    .filter_map(|a| {
                        let done = compiled.animations.iter().find(|c| c.name == a.name)?;
                        Some(members::member_keys(
                            a,
                            motion.rest(),
                            &compiled.setup.skeleton,
                            done,
                        ))
                    })
                    .flatten()
                    .collect()
            })
            .unwrap_or_default();
        Loaded {
            skeleton,
            data,
            plans: Plans::default(),
            members,
        }
    }

    /// The sections' input over this reading.
    pub fn input<'a>(&'a self, compiled: &'a Compiled, sources: &'a Sources) -> Input<'a> {
        Input {
            skeleton: &self.skeleton,
            loaded: self.data.as_ref().map_err(String::as_str),
            plans: &self.plans,
            rig_info: &compiled.rig_info,
            motion: sources.motion.spec().ok(),
            meshes: &compiled.meshes,
            members: &self.members,
            compiled: &compiled.animations,
            atlas_text: &compiled.atlas_text,
            out_dir: &sources.out_dir,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn constraints_and_skin_members_read_as_written() {
        let v = json!({
            "bones": [ { "name": "root" }, { "name": "t", "parent": "root" } ],
            "constraints": [
                { "type": "physics", "name": "hair", "bone": "t", "x": 1, "rotate": 0.5, "mix": 0.8 },
                { "type": "physics", "name": "tail", "bone": "t", "shearX": 1 },
                { "type": "slider", "name": "sl", "animation": "knob", "bone": "t", "property": "rotate" }
            ],
            "skins": [
                { "name": "default" },
                { "name": "hat", "bones": ["t"], "physics": ["tail"], "slider": ["sl"] }
            ]
        });
        assert_eq!(
            physics::lines(&physics::of(&v)),
            [
                "physics constraints",
                "  PHYS  hair         bone=t              components=[x, rotate] mix=0.8",
                "  PHYS  tail         bone=t              components=[shearX] mix=1",
            ]
        );
        assert_eq!(
            sliders::lines(&sliders::of(&v))[1],
            "  sl           animation=knob bone=t property=rotate"
        );
        assert_eq!(
            skins::lines(&skins::of(&v)),
            [
                "skin members",
                "  hat          bones=[t] constraints=[tail, sl]",
            ]
        );
        assert_eq!(SECTIONS.first(), Some(&SectionId::Header));
        assert_eq!(SECTIONS.last(), Some(&SectionId::Seams));
    }
}
