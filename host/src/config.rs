//! This module owns `rigc.toml`, the project file: project settings (default
//! profile, cache directory, output root, plugin libraries, each plugin's
//! configuration) and the `[[target]]` tables `rigc build --all` builds (a
//! target's atlas layout keys are `layout.rs`'s). Paths in
//! it are relative to the file and may not leave its directory. Unknown keys,
//! duplicate target names, missing files and escaping paths are refused by name,
//! located at the offending value.

use rigc_diag::codes;

mod kinds;
mod layout;
mod spans;
mod stray_target;

use crate::project::{self, PathError, Project};
use kinds::Need;
use rigc_diag::source::{SourceFile, Span};
use rigc_diag::{Diagnostic, Loc};
use serde::Deserialize;
use spans::pointer_at;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use stray_target::target_keys_in_plugin;

/// The file name of the project file.
pub const FILE_NAME: &str = "rigc.toml";

type S<T> = toml::Spanned<T>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    #[serde(default)]
    project: RawProject,
    #[serde(default)]
    plugin: BTreeMap<String, toml::Value>,
    #[serde(default)]
    target: Vec<RawTarget>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProject {
    profile: Option<S<String>>,
    cache: Option<S<String>>,
    remote_cache: Option<S<String>>,
    out: Option<S<String>>,
    #[serde(default)]
    plugins: Vec<S<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    name: S<String>,
    rig: S<String>,
    motion: S<String>,
    images: Option<S<String>>,
    out: Option<S<String>>,
    profile: Option<S<String>>,
    #[serde(default)]
    plugins: Vec<S<String>>,
    // The atlas layout (`layout.rs`).
    #[serde(default)]
    pack: Option<S<bool>>,
    page_size: Option<S<u32>>,
    padding: Option<S<u32>>,
    page_edges: Option<S<String>>,
    atlas_in: Option<S<String>>,
}

/// A plugin library the project names, and where.
#[derive(Debug, Clone)]
pub struct PluginRef {
    /// The library, absolute.
    pub path: PathBuf,
    /// The `rigc.toml` value.
    pub loc: Loc,
}

/// One target: a rig + motion + images + out + profile + extra plugins.
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
    /// The profile (`None`: the project default).
    pub profile: Option<rigc_sdk::gate::Profile>,
    /// Plugins this target loads beside the project's.
    pub plugins: Vec<PluginRef>,
    /// The atlas layout its keys ask for (`crate::layout`).
    pub layout: crate::layout::LayoutAsk,
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
    /// The cache directory, when stated (absolute).
    pub cache: Option<PathBuf>,
    /// The remote cache, when stated (`crate::cache::remote`).
    pub remote_cache: Option<crate::cache::remote::BaseUrl>,
    /// Plugin libraries every target loads.
    pub plugins: Vec<PluginRef>,
    /// Each plugin's configuration, by plugin name (`[plugin.<name>]`).
    pub plugin_config: BTreeMap<String, serde_json::Value>,
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

struct Reader<'a> {
    file: &'a Arc<SourceFile>,
    project: Project,
    canon: project::Canon,
    dir: PathBuf,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn loc(&self, span: std::ops::Range<usize>, pointer: &str) -> Loc {
        Loc {
            file: self.file.clone(),
            pointer: pointer.into(),
            span: Span {
                start: span.start,
                end: span.end,
            },
        }
    }

    fn profile(&mut self, p: &S<String>, pointer: &str) -> Option<rigc_sdk::gate::Profile> {
        let found = rigc_sdk::gate::Profile::from_name(p.get_ref());
        if found.is_none() {
            let loc = self.loc(p.span(), pointer);
            self.diags.push(
                Diagnostic::new(
                    codes::CONFIG_PROFILE,
                    format!(
                        "profile {:?}; known profiles: spine, spine-html",
                        p.get_ref()
                    ),
                )
                .at(loc)
                .help("write \"spine\" or \"spine-html\""),
            );
        }
        found
    }

    /// A path inside the project, refused unless what is there is what `need`
    /// asks for.
    fn path(&mut self, p: &S<String>, pointer: &str, what: &str, need: Need) -> PathBuf {
        let abs = project::absolute(Path::new(p.get_ref()), &self.dir);
        let loc = self.loc(p.span(), pointer);
        // An output (`out`, `cache`) resolves as it will be written: through any
        // symlink on its way. An input is resolved again when it is read.
        let lexical_inside = abs.starts_with(&self.project.root);
        let resolved = if need == Need::DirOrNothing || !lexical_inside {
            self.canon.canonical_or_self(&abs)
        } else {
            abs.clone()
        };
        let inside = resolved.starts_with(&self.project.root);
        if !inside {
            self.diags.push(
                Diagnostic::new(
                    codes::CONFIG_PATH_ESCAPES_PROJECT,
                    format!(
                        "{what} {:?} resolves to {}, outside the project {}",
                        p.get_ref(),
                        resolved.display(),
                        self.project.root.display()
                    ),
                )
                .at(loc)
                .help("keep every path of rigc.toml inside the directory that holds it"),
            );
            return abs;
        }
        if let Some(kind) = need.wrong_kind(&abs) {
            self.diags.push(
                Diagnostic::new(
                    kind.code(),
                    format!(
                        "{what} {:?} is {}, at {}",
                        p.get_ref(),
                        kind.found(),
                        abs.display()
                    ),
                )
                .at(loc)
                .help(kind.help()),
            );
            return abs;
        }
        if need.must_exist() {
            match self.project.resolve_existing_in(&abs, &mut self.canon) {
                Ok(_) => {}
                Err(PathError::Escapes(resolved)) => self.diags.push(
                    Diagnostic::new(
                        codes::CONFIG_PATH_ESCAPES_PROJECT,
                        format!(
                            "{what} {:?} resolves to {}, outside the project {}",
                            p.get_ref(),
                            resolved.display(),
                            self.project.root.display()
                        ),
                    )
                    .at(loc)
                    .help("keep every path of rigc.toml inside the directory that holds it"),
                ),
                Err(PathError::Missing(_)) => self.diags.push(
                    Diagnostic::new(
                        codes::CONFIG_MISSING_FILE,
                        format!(
                            "{what} {:?} is not on disk at {}",
                            p.get_ref(),
                            abs.display()
                        ),
                    )
                    .at(loc)
                    .help("fix the path; it is relative to rigc.toml"),
                ),
                Err(PathError::Io(_, why)) => self.diags.push(
                    Diagnostic::new(
                        codes::CONFIG_UNREADABLE,
                        format!("{what} {:?} cannot be read: {why}", p.get_ref()),
                    )
                    .at(loc)
                    .help("check the file's permissions"),
                ),
            }
        }
        abs
    }

    fn plugins(&mut self, list: &[S<String>], pointer: &str) -> Vec<PluginRef> {
        list.iter()
            .enumerate()
            .map(|(i, p)| {
                let ptr = format!("{pointer}/{i}");
                let path = self.path(p, &ptr, "plugin library", Need::Anything);
                PluginRef {
                    path,
                    loc: self.loc(p.span(), &ptr),
                }
            })
            .collect()
    }
}

fn to_json(v: &toml::Value) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or(serde_json::Value::Null)
}

/// The nearest known key to the unknown one serde names in `message`
/// ("unknown field `profil`, expected one of `profile`, `cache`, …").
fn unknown_key_suggestion(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (unknown, expected) = rest.split_once('`')?;
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    rigc_diag::cursor::nearest(unknown, &known).map(str::to_string)
}

/// Reads and checks `rigc.toml` at `path` (absolute).
pub fn load(path: &Path) -> Result<Manifest, Vec<Diagnostic>> {
    let display = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        // No text to point into: the file itself is the place.
        let file = SourceFile::new(display.clone(), path, String::new());
        vec![Diagnostic::new(
            codes::CONFIG_UNREADABLE,
            format!("cannot read {display}: {e}"),
        )
        .at_without_value(Loc {
            file,
            pointer: String::new(),
            span: Span::default(),
        })
        .help("check the file's permissions; rigc reads the nearest rigc.toml above the rig spec")]
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let file = SourceFile::from_bytes(display.clone(), path, bytes).map_err(|e| {
        vec![Diagnostic::not_utf8(
            codes::CONFIG_NOT_UTF8,
            &e,
            "save rigc.toml as UTF-8 (TOML files are UTF-8)",
        )]
    })?;
    let raw: RawManifest = toml::from_str(&file.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        vec![Diagnostic::new(
            codes::CONFIG_INVALID,
            format!(
                "{} is not a valid project file: {}",
                file.display,
                e.message()
            ),
        )
        .at(Loc {
            file: file.clone(),
            pointer: pointer_at(&file.text, span.start),
            span: Span {
                start: span.start,
                end: span.end,
            },
        })
        .help(match unknown_key_suggestion(e.message()) {
            Some(known) => format!("did you mean `{known}`?"),
            None => {
                "fix the TOML at that position; the README lists the keys rigc.toml takes".into()
            }
        })]
    })?;
    let project = Project::of_manifest(&dir);
    let canon = project::Canon::under(&project.root);
    let mut r = Reader {
        file: &file,
        project,
        canon,
        dir: dir.clone(),
        diags: Vec::new(),
    };
    let profile = match &raw.project.profile {
        Some(p) => r
            .profile(p, "/project/profile")
            .unwrap_or(rigc_sdk::gate::Profile::Spine),
        None => rigc_sdk::gate::Profile::Spine,
    };
    let cache = raw
        .project
        .cache
        .as_ref()
        .map(|c| r.path(c, "/project/cache", "cache directory", Need::DirOrNothing));
    let remote_cache = raw.project.remote_cache.as_ref().and_then(|u| {
        crate::cache::remote::BaseUrl::parse(u.get_ref())
            .map_err(|why| {
                let loc = r.loc(u.span(), "/project/remote_cache");
                r.diags.push(
                    Diagnostic::new(codes::CACHE_REMOTE_URL, format!("remote_cache {why}"))
                        .at(loc)
                        .help("write the server's base URL, as \"http://host:port/prefix\"; a token goes in RIGC_REMOTE_CACHE_TOKEN, never in rigc.toml"),
                );
            })
            .ok()
    });
    let out_root = raw
        .project
        .out
        .as_ref()
        .map(|o| r.path(o, "/project/out", "output root", Need::DirOrNothing));
    let plugins = r.plugins(&raw.project.plugins, "/project/plugins");
    for (name, table) in &raw.plugin {
        if let Some(d) = target_keys_in_plugin(&file, name, table) {
            r.diags.push(d);
        }
    }
    let plugin_config = raw
        .plugin
        .iter()
        .map(|(k, v)| (k.clone(), to_json(v)))
        .collect();
    let mut targets: Vec<TargetConfig> = Vec::new();
    let mut seen: std::collections::HashMap<String, std::ops::Range<usize>> =
        std::collections::HashMap::new();
    for (i, t) in raw.target.iter().enumerate() {
        let name = t.name.get_ref().clone();
        let ptr = |k: &str| format!("/target/{i}/{k}");
        if let Some(first) = seen.get(&name) {
            let first = r.loc(first.clone(), "");
            let loc = r.loc(t.name.span(), &ptr("name"));
            r.diags.push(
                Diagnostic::new(
                    codes::CONFIG_DUPLICATE_TARGET,
                    format!("two targets are called {name:?}; a target name picks one rig"),
                )
                .at(loc)
                .related("first target of that name", first)
                .help("rename one of them"),
            );
            continue;
        }
        if name.trim().is_empty() {
            let loc = r.loc(t.name.span(), &ptr("name"));
            r.diags.push(
                Diagnostic::new(codes::CONFIG_TARGET_NAME, "a target needs a non-empty name")
                    .at(loc)
                    .help("name the target"),
            );
        }
        seen.insert(name.clone(), t.name.span());
        let rig = r.path(&t.rig, &ptr("rig"), "rig spec", Need::File);
        let motion = r.path(&t.motion, &ptr("motion"), "motion spec", Need::File);
        let images = t
            .images
            .as_ref()
            .map(|p| r.path(p, &ptr("images"), "images directory", Need::Dir));
        let out = match (&t.out, &out_root) {
            (Some(o), _) => r.path(o, &ptr("out"), "output directory", Need::DirOrNothing),
            (None, Some(root)) => {
                let out = root.join(&name);
                if let Some(kind) = Need::DirOrNothing.wrong_kind(&out) {
                    let loc = r.loc(t.name.span(), &ptr("name"));
                    r.diags.push(
                        Diagnostic::new(
                            kind.code(),
                            format!(
                                "target {name:?} builds into {} (the output root and its name), which is {}",
                                out.display(),
                                kind.found()
                            ),
                        )
                        .at(loc)
                        .help(kind.help()),
                    );
                }
                out
            }
            (None, None) => {
                let loc = r.loc(t.name.span(), &ptr("name"));
                r.diags.push(
                    Diagnostic::new(codes::CONFIG_TARGET_OUT, format!("target {name:?} states no \"out\" and the project states no output root"))
                        .at(loc)
                        .help("give the target an \"out\", or the [project] an \"out\" root (targets then build into <out>/<name>)"),
                );
                dir.join(&name)
            }
        };
        let target_profile = t
            .profile
            .as_ref()
            .and_then(|p| r.profile(p, &ptr("profile")));
        let plugins = r.plugins(&t.plugins, &ptr("plugins"));
        let layout = layout::read(&mut r, t, i);
        targets.push(TargetConfig {
            name,
            rig,
            motion,
            images,
            out,
            profile: target_profile,
            plugins,
            layout,
        });
    }
    if !r.diags.is_empty() {
        return Err(r.diags);
    }
    Ok(Manifest {
        path: path.to_path_buf(),
        dir,
        profile,
        cache,
        remote_cache,
        plugins,
        plugin_config,
        targets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A project file that loads: a plugin table, two targets, every key.
    const VALID: &str = r#"[project]
profile = "spine-html"
cache = "cache"
remote_cache = "http://127.0.0.1:9/c"
out = "build"
plugins = []

[plugin.studio-example]
max_animation_seconds = 8.0

[[target]]
name = "a"
rig = "a/rig.json"
motion = "a/motion.json"
images = "a"
out = "out/a"
profile = "spine"

[[target]]
name = "b"
rig = "a/rig.json"
motion = "a/motion.json"
"#;

    /// Loads `text` as a project's rigc.toml: it must load or be refused with
    /// diagnostics, never panic, and every refusal must point inside the file.
    /// A project whose `rigc.toml` is `text`, with `VALID`'s specs on disk.
    fn project_with(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a")).unwrap();
        std::fs::write(dir.path().join("a/rig.json"), "{}").unwrap();
        std::fs::write(dir.path().join("a/motion.json"), "{}").unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    fn loads_or_refuses(text: &str) {
        let (_dir, path) = project_with(text);
        if let Err(diags) = load(&path) {
            assert!(!diags.is_empty());
            for d in &diags {
                if let Some(loc) = &d.loc {
                    assert!(loc.span.start <= loc.span.end && loc.span.end <= text.len());
                }
            }
        }
    }

    #[test]
    fn the_valid_file_loads() {
        let (_dir, path) = project_with(VALID);
        let m = load(&path).map_err(|d| format!("{d:?}")).unwrap();
        assert_eq!(m.targets.len(), 2);
    }

    #[test]
    fn a_remote_cache_url_is_read_and_a_bad_one_refused_where_it_is() {
        let with = |url: &str| {
            VALID.replace(
                "remote_cache = \"http://127.0.0.1:9/c\"",
                &format!("remote_cache = {url:?}"),
            )
        };
        let (_dir, path) = project_with(&with("http://127.0.0.1:9090/rigc/"));
        let m = load(&path).map_err(|d| format!("{d:?}")).unwrap();
        assert_eq!(
            m.remote_cache.map(|u| u.to_string()),
            Some("http://127.0.0.1:9090/rigc".to_string())
        );
        for (bad, says) in [
            ("s3://bucket", "is not an http:// or https:// URL"),
            ("https://me:hunter2@cache.example", "carries credentials"),
        ] {
            let text = with(bad);
            let (_dir, path) = project_with(&text);
            let diags = load(&path).unwrap_err();
            assert_eq!(diags.len(), 1, "{diags:?}");
            let d = &diags[0];
            assert_eq!(d.code, codes::CACHE_REMOTE_URL);
            assert!(
                d.message.contains(says) && !d.message.contains("hunter2"),
                "{}",
                d.message
            );
            let loc = d.loc.as_ref().unwrap();
            assert_eq!(loc.pointer, "/project/remote_cache");
            assert_eq!(&text[loc.span.start..loc.span.end], format!("{bad:?}"));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
            loads_or_refuses(&text);
        }

        #[test]
        fn mutated_project_files_never_panic(
            cuts in prop::collection::vec((0..VALID.len(), 0..12usize, "[\\[\\]=\"a-z0-9./ \n\\\\]{0,6}"), 1..4)
        ) {
            let mut text = VALID.to_string();
            for (at, len, insert) in cuts {
                let at = at.min(text.len());
                let end = (at + len).min(text.len());
                if text.is_char_boundary(at) && text.is_char_boundary(end) {
                    text.replace_range(at..end, &insert);
                }
            }
            loads_or_refuses(&text);
        }
    }

    #[test]
    fn refusals_located_by_span_get_their_key_path() {
        let at = |needle: &str| pointer_at(VALID, VALID.find(needle).unwrap());
        assert_eq!(at("profile = \"spine-html\""), "/project/profile");
        assert_eq!(at("\"spine-html\""), "/project/profile");
        assert_eq!(
            at("max_animation_seconds"),
            "/plugin/studio-example/max_animation_seconds"
        );
        assert_eq!(at("\"out/a\""), "/target/0/out");
        assert_eq!(at("name = \"b\""), "/target/1/name");
        assert_eq!(pointer_at("[project\n", 3), "");
        // An inline table in an array: its key, not the whole item; a key
        // with a slash escaped.
        let inline = "target = [{ name = \"a\", rig = 3 }]\n\"a/b\" = 1\n";
        let at = |needle: &str| pointer_at(inline, inline.find(needle).unwrap());
        assert_eq!(at("3 }"), "/target/0/rig");
        assert_eq!(at("\"a\","), "/target/0/name");
        assert_eq!(at("1\n"), "/a~1b");
    }

    #[test]
    fn unknown_keys_get_the_nearest_known_one() {
        assert_eq!(
            unknown_key_suggestion(
                "unknown field `profil`, expected one of `profile`, `cache`, `out`, `plugins`"
            ),
            Some("profile".into())
        );
        assert_eq!(
            unknown_key_suggestion("unknown field `motoin`, expected `motion`"),
            Some("motion".into())
        );
        assert_eq!(
            unknown_key_suggestion("unknown field `zzzzzzzz`, expected one of `profile`, `cache`"),
            None
        );
        assert_eq!(unknown_key_suggestion("invalid type: integer"), None);
    }
}
