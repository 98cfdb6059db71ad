//! This module owns the target trace. A green, written build also records,
//! under a key of the target's configuration (paths, `--out`, profile, tool and
//! plugins), what it
//! read — the content hash of each spec and of each part PNG, and where each PNG
//! resolved — and what it produced: the part pages, the gate's report, the stages
//! it went through and the hash of every file it wrote. The next build of that
//! target reads its specs, looks the trace up, and reads each PNG and each output
//! once: when every one still hashes to what the trace says, the build is the
//! recorded one and is replayed — every stage reported cached, nothing looked up
//! stage by stage, nothing deserialised or re-keyed — so a no-op build costs
//! about one read and one hash of each input and output. Any difference (an
//! edited spec, a changed or moved PNG, a path that now escapes the project, an
//! output edited or deleted on disk) falls through to the stages, which decide
//! what runs exactly as they would without a trace.
//!
//! A trace is a shortcut over the stages' keys, never a second source of truth.

use crate::cache::{self, Hash};
use crate::project::{self, Project};
use crate::stages::{atlas::PageCopy, gate::GateReport, pack::PackSummary};
use rigc_sdk::abi::EmittedFile;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The version of the trace's key and form.
pub(super) const V_TRACE: u32 = 4;

/// The stage name target traces are recorded under.
pub(super) const TRACE_STAGE: &str = "target";

/// One part PNG a traced build read.
#[derive(Serialize, Deserialize)]
pub(super) struct TracedImage {
    /// Where it resolved (canonical).
    pub path: PathBuf,
    /// The path the rig's `image` names (absolute, lexical), when it is not
    /// `path` itself.
    pub named: Option<PathBuf>,
    /// The blake3 of its bytes.
    #[serde(with = "cache::hex_serde")]
    pub content: Hash,
}

/// A file a traced build wrote into `--out`.
#[derive(Serialize, Deserialize)]
pub(super) struct TracedOutput {
    /// Its name inside `--out`.
    pub name: String,
    /// The blake3 of its bytes.
    #[serde(with = "cache::hex_serde")]
    content: Hash,
}

/// A gate report in a trace: each result a `(code, kind, verdict)` tuple (it
/// borrows the report's strings to write it).
mod compact_report {
    use crate::stages::gate::{GateReport, RuleResult, Verdict};
    use rigc_sdk::gate::{Profile, RuleKind};
    use serde::{Deserialize, Serialize};

    #[derive(Serialize)]
    struct Out<'a> {
        profile: Profile,
        results: Vec<(&'a str, RuleKind, &'a Verdict)>,
        stats: &'a [(String, String)],
    }

    #[derive(Deserialize)]
    struct In {
        profile: Profile,
        results: Vec<(String, RuleKind, Verdict)>,
        stats: Vec<(String, String)>,
    }

    pub fn serialize<S: serde::Serializer>(r: &GateReport, s: S) -> Result<S::Ok, S::Error> {
        Out {
            profile: r.profile,
            results: r
                .results
                .iter()
                .map(|x| (x.code.as_str(), x.kind, &x.verdict))
                .collect(),
            stats: &r.stats,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<GateReport, D::Error> {
        let r = In::deserialize(d)?;
        Ok(GateReport {
            profile: r.profile,
            results: r
                .results
                .into_iter()
                .map(|(code, kind, verdict)| RuleResult {
                    code,
                    kind,
                    verdict,
                })
                .collect(),
            stats: r.stats,
        })
    }
}

/// What a green build of one target read and produced (see the module docs).
#[derive(Serialize, Deserialize)]
pub(super) struct Trace {
    /// The rig spec's hash.
    #[serde(with = "cache::hex_serde")]
    pub rig: Hash,
    /// The motion spec's hash.
    #[serde(with = "cache::hex_serde")]
    pub motion: Hash,
    /// Every part PNG read.
    pub images: Vec<TracedImage>,
    /// The part pages (region, width, height, page line).
    pub parts: Vec<(String, u32, u32, String)>,
    /// The `MESH` lines.
    pub meshes: Vec<crate::stages::mesh::MeshLine>,
    /// The gate's report.
    #[serde(with = "compact_report")]
    pub report: GateReport,
    /// The stages the build went through, in order.
    pub stages: Vec<String>,
    /// The files written into `--out`.
    pub written: Vec<TracedOutput>,
    /// The page PNGs copied into `--out`.
    pub copies: Vec<(PageCopy, TracedOutput)>,
    /// `--pack`'s summary (the report's pack lines).
    pub pack: Option<PackSummary>,
    /// Under `--atlas-in`: the [`imported_hash`] of the atlas read.
    pub atlas_in: Option<Hash>,
}

/// What an imported build read: the atlas text, and each page's path and
/// bytes (or that it was not read).
pub(super) fn imported_hash(imported: &crate::atlas_in::Imported) -> Hash {
    let mut bytes = Vec::new();
    let mut push = |b: &[u8]| {
        bytes.extend_from_slice(&(b.len() as u64).to_le_bytes());
        bytes.extend_from_slice(b);
    };
    push(imported.file.text.as_bytes());
    for p in &imported.pages {
        push(p.path.to_string_lossy().as_bytes());
        match &p.bytes {
            Some(b) => push(&cache::hash(b)),
            None => push(b"unread"),
        }
    }
    cache::hash(&bytes)
}

impl Trace {
    /// The trace of a green build: what it read (`rig`, `motion`, `images`) and
    /// produced. `None` when a copied page was not among the PNGs read (then
    /// there is nothing to check the copy against).
    #[allow(clippy::too_many_arguments)]
    pub fn of_build(
        rig: Hash,
        motion: Hash,
        images: Vec<TracedImage>,
        parts: Vec<(String, u32, u32, String)>,
        meshes: Vec<crate::stages::mesh::MeshLine>,
        report: GateReport,
        stages: Vec<String>,
        copies: &[PageCopy],
        pages: &[(String, Vec<u8>)],
        files: &[EmittedFile],
        pack: Option<PackSummary>,
        atlas_in: Option<Hash>,
    ) -> Option<Trace> {
        let copies = copies
            .iter()
            .map(|c| {
                let i = images.iter().find(|i| i.path == c.from)?;
                Some((
                    c.clone(),
                    TracedOutput {
                        name: c.to_name.clone(),
                        content: i.content,
                    },
                ))
            })
            .collect::<Option<Vec<_>>>()?;
        // In the order they are written: the packed pages, then the texts.
        let written = pages
            .iter()
            .map(|(name, bytes)| TracedOutput {
                name: name.clone(),
                content: cache::hash(bytes),
            })
            .chain(files.iter().map(|f| TracedOutput {
                name: f.name.clone(),
                content: cache::hash(f.text.as_bytes()),
            }))
            .collect();
        Some(Trace {
            rig,
            motion,
            images,
            parts,
            meshes,
            report,
            stages,
            written,
            copies,
            pack,
            atlas_in,
        })
    }

    /// Do the specs (by their hashes `rig` and `motion`), every part PNG (where
    /// it resolves now, and its bytes) and every output in `out_dir` still hold
    /// what this trace recorded? Each file is read and hashed once.
    pub fn holds_on_disk(
        &self,
        rig: &Hash,
        motion: &Hash,
        atlas_in: Option<&Hash>,
        project: &Project,
        canon: &mut project::Canon,
        out_dir: &Path,
    ) -> bool {
        if self.rig != *rig || self.motion != *motion || self.atlas_in.as_ref() != atlas_in {
            return false;
        }
        let image_holds = |image: &TracedImage, canon: &mut project::Canon| {
            let named = image.named.as_ref().unwrap_or(&image.path);
            match project.open_existing_in(named, canon) {
                Ok((path, Ok(file))) => {
                    path == image.path
                        && project::read_all(file).is_ok_and(|b| cache::hash(&b) == image.content)
                }
                _ => false,
            }
        };
        let output_holds = |o: &TracedOutput| {
            std::fs::read(out_dir.join(&o.name)).is_ok_and(|b| cache::hash(&b) == o.content)
        };
        self.images.iter().all(|i| image_holds(i, canon))
            && self.written.iter().all(output_holds)
            && self.copies.iter().all(|(_, o)| output_holds(o))
    }
}
