//! This module owns the parse stages, `parse:rig` and `parse:motion`: a spec
//! file's bytes in, a summary out — what the stages after it are keyed by (the
//! canonical, whitespace-blind hash of the spec, and of each animation's
//! subtree apart) and what the build needs before it reads anything else (the
//! rig's name, images directory and image names; the motion spec's archetype
//! and animations). A [`SpecFile`] is parsed at most once per build: a stage
//! after a cached parse that has to run parses it then, and every stage of the
//! build reads that one parse.

use crate::cache::Hash;
use crate::spec::{self, motion::MotionSpec, rig::RigSpec};
use crate::stage::stage;
use crate::stage::{key::json_hash, key::members_hash, KeyBuilder, KeyPart, Stage};
use rigc_diag::json::{Json, Value};
use rigc_diag::{source::SourceFile, Diagnostic};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// A spec file read for one build, and its one parse.
pub struct SpecFile<T> {
    /// The file.
    pub file: Arc<SourceFile>,
    bytes: Hash,
    parse: fn(&Arc<SourceFile>, &Json) -> Result<T, Vec<Diagnostic>>,
    parsed: OnceLock<Result<(Json, T), Vec<Diagnostic>>>,
}

impl<T> SpecFile<T> {
    /// `file`, to be parsed by `parse` when first asked.
    pub fn new(
        file: Arc<SourceFile>,
        parse: fn(&Arc<SourceFile>, &Json) -> Result<T, Vec<Diagnostic>>,
    ) -> SpecFile<T> {
        SpecFile {
            bytes: crate::cache::hash(file.text.as_bytes()),
            file,
            parse,
            parsed: OnceLock::new(),
        }
    }

    /// The same file, not parsed yet (a second, independent compile parses
    /// its own).
    pub fn fresh(&self) -> SpecFile<T> {
        SpecFile {
            file: self.file.clone(),
            bytes: self.bytes,
            parse: self.parse,
            parsed: OnceLock::new(),
        }
    }

    /// The blake3 of the file's bytes.
    pub fn bytes_hash(&self) -> Hash {
        self.bytes
    }

    fn parsed(&self) -> Result<&(Json, T), Vec<Diagnostic>> {
        self.parsed
            .get_or_init(|| {
                let json = spec::parse_json(&self.file).map_err(|d| vec![d])?;
                // A number no float32 holds is refused before any field reads
                // it: whichever field it is in, Spine could not store it.
                let beyond = spec::numbers::beyond_float32(&self.file, &json);
                if !beyond.is_empty() {
                    return Err(beyond);
                }
                let spec = (self.parse)(&self.file, &json)?;
                Ok((json, spec))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The spec's JSON, parsed on the first call.
    pub fn json(&self) -> Result<&Json, Vec<Diagnostic>> {
        self.parsed().map(|(json, _)| json)
    }

    /// The spec, parsed on the first call.
    pub fn spec(&self) -> Result<&T, Vec<Diagnostic>> {
        self.parsed().map(|(_, spec)| spec)
    }
}

/// A spec file enters a key by its bytes.
impl<T> KeyPart for SpecFile<T> {
    fn feed(&self, key: &mut KeyBuilder) {
        key.hash(&self.bytes);
    }
}

/// A rig spec file: `rigc-rig/1`.
pub fn rig_file(file: Arc<SourceFile>) -> SpecFile<RigSpec> {
    SpecFile::new(file, spec::rig::parse)
}

/// A motion spec file: `rigc-motion/1`.
pub fn motion_file(file: Arc<SourceFile>) -> SpecFile<MotionSpec> {
    SpecFile::new(file, spec::motion::parse)
}

/// What `parse:rig` hands on.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RigSummary {
    /// The rig's `name`.
    pub name: String,
    /// Its `images` directory, as written.
    pub images_dir: Option<String>,
    /// Every `image` value it names, in first-use order.
    pub image_refs: Vec<String>,
    /// Every depth sheet and soft mask its generators name, in first-use
    /// order (read beside the images, never paged).
    #[serde(default)]
    pub sheet_refs: Vec<String>,
    /// What each generated mesh attachment's meshgen stage reads of the spec.
    #[serde(default)]
    pub generated: Vec<crate::stages::meshgen::GenInput>,
    /// The canonical hash of the whole spec.
    pub content: Hash,
}

/// One animation of the motion spec, as `parse:motion` summarises it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AnimSummary {
    /// Its name.
    pub name: String,
    /// The canonical hash of its subtree.
    pub content: Hash,
    /// Its declared duration.
    pub duration: f64,
    /// The deform kinds its `transform` keys name, sorted, each once: the kind
    /// plugins its stage calls, so it alone re-runs when one of them changes.
    #[serde(default)]
    pub deform_kinds: Vec<String>,
}

/// What `parse:motion` hands on.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MotionSummary {
    /// The rig it animates.
    pub archetype: String,
    /// The canonical hash of everything but `animations`.
    pub rest: Hash,
    /// Each animation, in declaration order.
    pub animations: Vec<AnimSummary>,
}

stage! {
    /// `parse:rig`: the rig spec's bytes → its summary.
    pub struct ParseRig<'a> {
        /// The rig spec.
        pub spec: &'a SpecFile<RigSpec>,
    }
}

impl Stage for ParseRig<'_> {
    type Output = RigSummary;
    type Error = Vec<Diagnostic>;
    // 2: the summary lists the generators and the sheets they read.
    const VERSION: u32 = 2;

    fn name(&self) -> String {
        "parse:rig".into()
    }

    fn compute(&self) -> Result<RigSummary, Vec<Diagnostic>> {
        let (json, r) = self.spec.parsed()?;
        Ok(RigSummary {
            name: r.name().to_string(),
            images_dir: r.images_dir().map(|(d, _)| d.to_string()),
            image_refs: r.image_refs().into_iter().map(|(i, _)| i).collect(),
            sheet_refs: r.sheet_refs().into_iter().map(|(i, _, _)| i).collect(),
            generated: crate::stages::meshgen::inputs(r),
            content: json_hash(json),
        })
    }
}

stage! {
    /// `parse:motion`: the motion spec's bytes → its summary.
    pub struct ParseMotion<'a> {
        /// The motion spec.
        pub spec: &'a SpecFile<MotionSpec>,
    }
}

impl Stage for ParseMotion<'_> {
    type Output = MotionSummary;
    type Error = Vec<Diagnostic>;
    const VERSION: u32 = 2;

    fn name(&self) -> String {
        "parse:motion".into()
    }

    fn compute(&self) -> Result<MotionSummary, Vec<Diagnostic>> {
        let (json, m) = self.spec.parsed()?;
        let subtrees: HashMap<&str, Hash> = match json.get("animations").map(|a| &a.value) {
            Some(Value::Object(members)) => members
                .iter()
                .map(|m| (m.key.as_str(), json_hash(&m.value)))
                .collect(),
            _ => HashMap::new(),
        };
        Ok(MotionSummary {
            archetype: m.archetype.clone(),
            rest: members_hash(json, &["animations"]),
            animations: m
                .animations
                .iter()
                .map(|a| AnimSummary {
                    name: a.name.clone(),
                    content: subtrees.get(a.name.as_str()).copied().unwrap_or_default(),
                    duration: a.duration,
                    deform_kinds: a.deform_kinds(),
                })
                .collect(),
        })
    }
}
