//! This module owns `rigc.toml`, the project file: project settings and the
//! `[[target]]` tables `rigc build --all` builds. Paths in it are relative to the
//! file; unknown keys and duplicate target names are refused with their location.

use crate::diag::{Diagnostic, Loc};
use crate::spec::source::{SourceFile, Span};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The file name of the project file.
pub const FILE_NAME: &str = "rigc.toml";

/// `rigc.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    #[serde(default)]
    project: RawProject,
    #[serde(default)]
    target: Vec<toml::Spanned<RawTarget>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProject {
    profile: Option<toml::Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    name: toml::Spanned<String>,
    rig: String,
    motion: String,
    images: Option<String>,
    out: String,
    profile: Option<toml::Spanned<String>>,
}

/// One target: a rig + motion + images + out + profile.
#[derive(Debug, Clone)]
pub struct TargetConfig {
    /// Unique name.
    pub name: String,
    /// The rig spec, absolute.
    pub rig: PathBuf,
    /// The motion spec, absolute.
    pub motion: PathBuf,
    /// The images override, absolute.
    pub images: Option<PathBuf>,
    /// The output directory, absolute.
    pub out: PathBuf,
    /// The profile name (`None`: the project default).
    pub profile: Option<rigc_sdk::gate::Profile>,
}

/// A loaded `rigc.toml`.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The file.
    pub path: PathBuf,
    /// Its directory (the project root).
    pub dir: PathBuf,
    /// The default profile.
    pub profile: rigc_sdk::gate::Profile,
    /// The targets, in file order.
    pub targets: Vec<TargetConfig>,
}

/// The nearest `rigc.toml` in `start` or above.
pub fn find(start: &Path) -> Option<PathBuf> {
    let mut dir = Some(start);
    while let Some(d) = dir {
        let candidate = d.join(FILE_NAME);
        if candidate.is_file() {
            return Some(candidate);
        }
        dir = d.parent();
    }
    None
}

fn span_loc(file: &Arc<SourceFile>, span: std::ops::Range<usize>, pointer: &str) -> Loc {
    Loc {
        file: file.clone(),
        pointer: pointer.into(),
        span: Span {
            start: span.start,
            end: span.end,
        },
    }
}

fn profile_of(
    file: &Arc<SourceFile>,
    p: &toml::Spanned<String>,
    pointer: &str,
) -> Result<rigc_sdk::gate::Profile, Diagnostic> {
    rigc_sdk::gate::Profile::from_name(p.get_ref()).ok_or_else(|| {
        Diagnostic::new(
            "config.profile",
            format!(
                "profile {:?}; known profiles: spine, spine-html",
                p.get_ref()
            ),
        )
        .at(span_loc(file, p.span(), pointer))
        .help("write \"spine\" or \"spine-html\"")
    })
}

/// Reads and checks `rigc.toml` at `path` (absolute).
pub fn load(path: &Path) -> Result<Manifest, Vec<Diagnostic>> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        vec![Diagnostic::new(
            "config.unreadable",
            format!("cannot read {}: {e}", path.display()),
        )]
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let file = SourceFile::new(path.display().to_string(), path, text);
    let raw: RawManifest = toml::from_str(&file.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        vec![Diagnostic::new(
            "config.invalid",
            format!(
                "{} is not a valid project file: {}",
                file.display,
                e.message()
            ),
        )
        .at(span_loc(&file, span, ""))
        .help("fix the TOML at that position; see the README for the keys rigc.toml takes")]
    })?;
    let mut diags = Vec::new();
    let profile = match &raw.project.profile {
        Some(p) => profile_of(&file, p, "/project/profile").unwrap_or_else(|d| {
            diags.push(d);
            rigc_sdk::gate::Profile::Spine
        }),
        None => rigc_sdk::gate::Profile::Spine,
    };
    let mut targets: Vec<TargetConfig> = Vec::new();
    let mut seen: Vec<(String, std::ops::Range<usize>)> = Vec::new();
    for (i, t) in raw.target.iter().enumerate() {
        let t = t.get_ref();
        let name = t.name.get_ref().clone();
        let ptr = format!("/target/{i}/name");
        if let Some((_, first)) = seen.iter().find(|(n, _)| *n == name) {
            diags.push(
                Diagnostic::new(
                    "config.duplicate-target",
                    format!("two targets are called {name:?}; a target name picks one rig"),
                )
                .at(span_loc(&file, t.name.span(), &ptr))
                .related(
                    "first target of that name",
                    span_loc(&file, first.clone(), ""),
                )
                .help("rename one of them"),
            );
            continue;
        }
        seen.push((name.clone(), t.name.span()));
        let profile = match &t.profile {
            Some(p) => match profile_of(&file, p, &format!("/target/{i}/profile")) {
                Ok(p) => Some(p),
                Err(d) => {
                    diags.push(d);
                    None
                }
            },
            None => None,
        };
        targets.push(TargetConfig {
            name,
            rig: crate::project::absolute(Path::new(&t.rig), &dir),
            motion: crate::project::absolute(Path::new(&t.motion), &dir),
            images: t
                .images
                .as_ref()
                .map(|p| crate::project::absolute(Path::new(p), &dir)),
            out: crate::project::absolute(Path::new(&t.out), &dir),
            profile,
        });
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Manifest {
        path: path.to_path_buf(),
        dir,
        profile,
        targets,
    })
}
