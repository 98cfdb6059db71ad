//! This module owns the bounds stage: the header's `x, y, width, height` are the
//! setup-pose bounding box of every drawn attachment (DECISIONS.md), measured the
//! way the runtime measures it — the skeleton (header not yet filled) is written,
//! read back through rigc's Spine 4.3 reader with its atlas, posed in the setup
//! pose with constraints applied, and `Skeleton.getBounds` is taken. A slider
//! applies its animation in the setup pose too, so the animations the sliders
//! name are written with it.

use rigc_diag::codes;

use crate::stage::Hashed;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{self, Bounds};
use rigc_sdk::spine;

crate::stage::stage! {
    /// `bounds`: the setup skeleton and the atlas text → the header's box.
    pub struct BoundsStage<'a> {
        /// The setup stage's output (its skeleton).
        pub setup: Hashed<crate::stages::setup::Setup>,
        /// The `skeleton.atlas` text.
        pub atlas_text: &'a str,
        /// The compiled animations the setup's sliders apply (none without sliders).
        pub slid: crate::stage::Encoded<Vec<model::Animation>>,
    }
}

impl crate::stage::Stage for BoundsStage<'_> {
    type Output = Bounds;
    type Error = Vec<Diagnostic>;
    const VERSION: u32 = 2;

    fn name(&self) -> String {
        "bounds".into()
    }

    fn compute(&self) -> Result<Bounds, Vec<Diagnostic>> {
        let mut skeleton = self.setup.skeleton.clone();
        skeleton.animations = self.slid.value.clone();
        setup_bounds(&skeleton, self.atlas_text)
    }
}

/// The setup-pose bounding box of `skeleton` with its atlas; a zero box at the
/// origin when nothing is drawn.
pub fn setup_bounds(
    skeleton: &model::Skeleton,
    atlas_text: &str,
) -> Result<Bounds, Vec<Diagnostic>> {
    let text = rigc_sdk::emit::spine_json::to_string(skeleton)
        .map_err(|e| vec![crate::stages::emit::unwritable(&e)])?;
    let internal = |what: &str, why: &str| {
        vec![Diagnostic::new(
            codes::COMPILE_BOUNDS,
            format!("the setup pose could not be measured for the header's bounding box: {what}: {why}"),
        )
        .help("this is a compiler defect or a skeleton the runtime cannot pose; the gate's A00 names what the runtime refuses")]
    };
    let atlas = spine::read_atlas(atlas_text)
        .map_err(|e| internal("the atlas does not read back", &e.message))?;
    let data = spine::read_skeleton(&text, Some(&atlas))
        .map_err(|e| internal("the skeleton does not read back", &e.message))?;
    let mut pose = spine::Skeleton::new(&data.data)
        .map_err(|e| internal("the skeleton cannot be posed", &e.message))?;
    pose.setup_pose();
    pose.update_world_transform()
        .map_err(|e| internal("the setup pose cannot be posed", &e.message))?;
    match pose.try_bounds() {
        Ok(Some(b)) => Ok(Bounds {
            x: b.x,
            y: b.y,
            width: b.width,
            height: b.height,
        }),
        Ok(None) => Ok(Bounds::default()),
        Err(e) => Err(internal("the attachments cannot be placed", &e.message)),
    }
}

/// The animations of `animations` a slider of `setup` applies, in their order.
pub fn slid(setup: &model::Skeleton, animations: &[model::Animation]) -> Vec<model::Animation> {
    animations
        .iter()
        .filter(|a| {
            setup.constraints.iter().any(|c| match c {
                model::Constraint::Slider(s) => s.animation == a.name,
                _ => false,
            })
        })
        .cloned()
        .collect()
}
