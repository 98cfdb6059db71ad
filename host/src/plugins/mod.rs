//! This module owns the plugins a build uses: the built-ins (rigc's core rules,
//! its deform kinds and the Spine emitter, linked into this binary and called through the same ABI
//! table as a loaded library) and the libraries `rigc.toml` names, loaded from a
//! private copy that hashes to the library's own hash (`copies`). It checks each
//! manifest and refuses by name a library that is missing, is not a library, is
//! cut short (`elf`), exports no entry symbol, speaks another ABI, has a
//! malformed manifest, or claims a rule code, deform kind or emitter another
//! plugin already claims.

use rigc_diag::codes;

pub mod copies;
pub mod elf;
pub mod loader;

use crate::cache::{self, hex, Hash};
use loader::{CallError, Handle, LoadError};
use rigc_diag::codes::Code;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::abi::{Manifest, ABI_VERSION, ENTRY_SYMBOL};
use std::path::{Path, PathBuf};

/// Where a plugin came from.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    /// Linked into this binary.
    Builtin,
    /// Loaded from a library file (the path named, and the copy loaded).
    Library {
        /// The path the project file names.
        path: PathBuf,
        /// The private copy that was loaded.
        copy: PathBuf,
    },
}

/// One usable plugin.
#[derive(Debug, Clone)]
pub struct Plugin {
    /// Its manifest, checked.
    pub manifest: Manifest,
    /// Its identity in cache keys: the blake3 of its library file; for a built-in,
    /// of this binary (computed on first use).
    identity: Option<Hash>,
    /// Where it came from.
    pub origin: Origin,
    /// Its configuration from `rigc.toml` (`null` when none).
    pub config: serde_json::Value,
    /// Where `rigc.toml` names it (a loaded library; `None` for a built-in).
    pub loc: Option<Loc>,
    handle: Handle,
}

/// A plugin call's failure, named.
#[derive(Debug, Clone, PartialEq)]
pub enum PluginCallError {
    /// The plugin refused the call.
    Refused(String),
    /// The plugin panicked.
    Panicked(String),
    /// The reply is not the stage's JSON.
    MalformedReply(String),
}

impl std::fmt::Display for PluginCallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PluginCallError::Refused(m) => write!(f, "refused the call: {m}"),
            PluginCallError::Panicked(m) => write!(f, "panicked: {m}"),
            PluginCallError::MalformedReply(m) => write!(
                f,
                "replied with something that is not the stage's JSON: {m}"
            ),
        }
    }
}

impl Plugin {
    /// Calls the plugin and parses its reply.
    pub fn call<T: serde::de::DeserializeOwned>(
        &self,
        stage: &str,
        input: &impl serde::Serialize,
    ) -> Result<T, PluginCallError> {
        let bytes =
            serde_json::to_vec(input).map_err(|e| PluginCallError::Refused(e.to_string()))?;
        self.call_bytes(stage, &bytes)
    }

    /// Calls the plugin with input already serialised, and parses its reply.
    pub fn call_bytes<T: serde::de::DeserializeOwned>(
        &self,
        stage: &str,
        bytes: &[u8],
    ) -> Result<T, PluginCallError> {
        let reply = self.handle.call(stage, bytes).map_err(|e| match e {
            CallError::Refused(m) => PluginCallError::Refused(m),
            CallError::Panicked(m) => PluginCallError::Panicked(m),
        })?;
        serde_json::from_slice(&reply).map_err(|e| PluginCallError::MalformedReply(e.to_string()))
    }

    /// The plugin's name.
    pub fn name(&self) -> &str {
        &self.manifest.name
    }

    /// The plugin's identity in cache keys.
    pub fn identity(&self) -> Hash {
        self.identity.unwrap_or_else(tool_identity)
    }
}

/// A plugin enters the keys of the stages that call it by its identity and
/// its configuration.
impl crate::stage::KeyPart for Plugin {
    fn feed(&self, key: &mut crate::stage::KeyBuilder) {
        key.hash(&self.identity()).text(&self.config.to_string());
    }
}

/// A library to load, and where the project file names it.
#[derive(Debug, Clone)]
pub struct Request {
    /// The library path (absolute).
    pub path: PathBuf,
    /// The `rigc.toml` value naming it.
    pub loc: Option<Loc>,
}

static IDENTITY_MEMO: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Lets [`tool_identity`] remember this binary's hash in `dir` (the cache), keyed
/// by the executable's path, size and modification time, so a process does not
/// re-hash tens of megabytes of its own binary on every start.
pub fn remember_tool_identity_in(dir: &Path) {
    let _ = IDENTITY_MEMO.set(dir.to_path_buf());
}

/// The identity of this binary (the blake3 of its executable), computed once per
/// process (and remembered across processes when a memo directory is set).
pub fn tool_identity() -> Hash {
    static ID: std::sync::OnceLock<Hash> = std::sync::OnceLock::new();
    *ID.get_or_init(|| {
        let fallback = || cache::hash(env!("CARGO_PKG_VERSION").as_bytes());
        let Ok(exe) = std::env::current_exe() else {
            return fallback();
        };
        let stamp = stamp(&exe);
        let memo = IDENTITY_MEMO.get().map(|d| d.join("tool-identity"));
        if let (Some(memo), Some(stamp)) = (&memo, &stamp) {
            if let Ok(text) = std::fs::read_to_string(memo) {
                if let Some(h) = text
                    .strip_prefix(stamp.as_str())
                    .and_then(|rest| cache::unhex(rest.trim()))
                {
                    return h;
                }
            }
        }
        let Ok(h) = std::fs::File::open(&exe).and_then(|f| cache::hash_stream(f, |_| Ok(())))
        else {
            return fallback();
        };
        if let (Some(memo), Some(stamp)) = (memo, stamp) {
            let tmp = memo.with_file_name(rigc_diag::temp::own_name("tool-identity"));
            if std::fs::write(&tmp, format!("{stamp}{}\n", hex(&h))).is_ok()
                && std::fs::rename(&tmp, &memo).is_err()
            {
                let _ = std::fs::remove_file(&tmp);
            }
        }
        h
    })
}

/// A plugin linked into this binary, called through its ABI table.
pub fn linked(table: &'static rigc_sdk::abi::PluginTable) -> Result<Plugin, Diagnostic> {
    let handle = Handle::linked(table);
    let manifest: Manifest = serde_json::from_slice(&handle.manifest()).map_err(|e| {
        Diagnostic::new(
            codes::PLUGIN_MANIFEST_MALFORMED,
            format!("a built-in plugin's manifest is malformed: {e}"),
        )
    })?;
    Ok(Plugin {
        manifest,
        identity: None,
        origin: Origin::Builtin,
        config: serde_json::Value::Null,
        loc: None,
        handle,
    })
}

/// The built-in plugins: rigc's core rules, its deform kinds and the Spine
/// emitter.
pub fn builtins() -> Vec<Plugin> {
    [
        rigc_core_rules::rigc_plugin_table(),
        rigc_core_deforms::rigc_plugin_table(),
        rigc_spine_emitter::rigc_plugin_table(),
    ]
    .into_iter()
    .filter_map(|t| linked(t).ok())
    .collect()
}

fn refuse(code: Code, message: String, help: &str, loc: &Option<Loc>) -> Diagnostic {
    let d = Diagnostic::new(code, message).help(help);
    match loc {
        Some(l) => d.at(l.clone()),
        None => d,
    }
}

/// The path, size and modification time of a file, one per line: what the
/// identity memo of [`tool_identity`] is keyed by. (A plugin library has no
/// such memo: it is hashed on every load, as its copy is — see `copies`.)
fn stamp(path: &Path) -> Option<String> {
    let m = std::fs::metadata(path).ok()?;
    let mtime = m
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Some(format!("{}\n{}\n{}\n", path.display(), m.len(), mtime))
}

/// Loads one library, from a private copy under `copies` that hashes to the
/// library's own blake3 (made, or made again, as needed: a copy found corrupt
/// adds its notice to `notices`), once the copy is seen to be a whole ELF file
/// where libraries are ELF.
pub fn load(req: &Request, copies: &Path, notices: &mut Vec<String>) -> Result<Plugin, Diagnostic> {
    let ext = req
        .path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "so".into());
    let copy = copies::verified(&req.path, copies, &ext).map_err(|e| match e {
        copies::CopyError::Source(e) => unreadable(req, &e),
        copies::CopyError::Copy(e) => refuse(
            codes::PLUGIN_UNREADABLE,
            format!(
                "plugin library {} could not be copied into the cache: {e}",
                req.path.display()
            ),
            "check the cache directory's permissions",
            &req.loc,
        ),
    })?;
    notices.extend(copy.notice);
    elf::check(&copy.path).map_err(|fault| unmappable(req, fault))?;
    open_copy(req, copy.identity, copy.path)
}

/// The refusal of a library that is no whole ELF file.
fn unmappable(req: &Request, fault: elf::Fault) -> Diagnostic {
    let shown = req.path.display();
    let rebuild = "rebuild the plugin (cargo build --release -p <crate>): an interrupted build or copy leaves a library cut short";
    match fault {
        elf::Fault::NotElf => refuse(
            codes::PLUGIN_NOT_A_LIBRARY,
            format!("plugin library {shown} could not be loaded: it is not an ELF file"),
            "name a shared library built for this platform (a cdylib)",
            &req.loc,
        ),
        elf::Fault::Malformed(why) => refuse(
            codes::PLUGIN_MALFORMED,
            format!("plugin library {shown} could not be loaded: its ELF headers are malformed ({why})"),
            rebuild,
            &req.loc,
        ),
        elf::Fault::Truncated { what, end, len } => refuse(
            codes::PLUGIN_TRUNCATED,
            format!("plugin library {shown} is truncated: its {what} ends at byte {end}, past the file's end ({len} bytes), so it was not loaded"),
            rebuild,
            &req.loc,
        ),
        elf::Fault::Unreadable(why) => refuse(
            codes::PLUGIN_UNREADABLE,
            format!("plugin library {shown}: its cached copy cannot be read: {why}"),
            "check the cache directory's permissions",
            &req.loc,
        ),
    }
}

/// `plugin.missing` for a library that is not on disk or cannot be read.
fn unreadable(req: &Request, e: &std::io::Error) -> Diagnostic {
    let what = if e.kind() == std::io::ErrorKind::NotFound {
        "is not on disk".to_string()
    } else {
        format!("cannot be read: {e}")
    };
    refuse(
        codes::PLUGIN_MISSING,
        format!("plugin library {} {what}", req.path.display()),
        "build the plugin (cargo build --release -p <crate>) or fix the path in rigc.toml",
        &req.loc,
    )
}

/// The `plugin.missing` refusal [`load`] would give `req`'s library, found before
/// anything is loaded: a project whose plugins are not all there is refused
/// before its cache directory is even created.
pub fn missing(req: &Request) -> Option<Diagnostic> {
    std::fs::File::open(&req.path)
        .err()
        .map(|e| unreadable(req, &e))
}

fn open_copy(req: &Request, identity: Hash, copy: PathBuf) -> Result<Plugin, Diagnostic> {
    let shown = req.path.display();
    let handle = Handle::open(&copy).map_err(|e| match e {
        LoadError::NotALibrary(why) => refuse(codes::PLUGIN_NOT_A_LIBRARY, format!("plugin library {shown} could not be loaded: {why}"), "name a shared library built for this platform (a cdylib)", &req.loc),
        LoadError::NoEntry => refuse(codes::PLUGIN_NO_ENTRY, format!("plugin library {shown} exports no {ENTRY_SYMBOL} symbol, so it is not a rigc plugin"), "build it with rigc_sdk::export_plugin!(YourPlugin) in a crate of type cdylib", &req.loc),
        LoadError::NullTable => refuse(codes::PLUGIN_NO_ENTRY, format!("plugin library {shown}: {ENTRY_SYMBOL} returned no table"), "return the table export_plugin! builds", &req.loc),
        LoadError::AbiMismatch(v) => refuse(codes::PLUGIN_ABI_MISMATCH, format!("plugin library {shown} speaks plugin ABI version {v}, and this rigc speaks version {ABI_VERSION}"), "rebuild the plugin against the rigc-sdk of this rigc", &req.loc),
        LoadError::TableTooSmall(n) => refuse(codes::PLUGIN_ABI_MISMATCH, format!("plugin library {shown} has a {n}-byte table, shorter than ABI version {ABI_VERSION}'s"), "rebuild the plugin against the rigc-sdk of this rigc", &req.loc),
    })?;
    let manifest: Manifest = serde_json::from_slice(&handle.manifest()).map_err(|e| {
        refuse(codes::PLUGIN_MANIFEST_MALFORMED, format!("plugin library {shown} has a malformed manifest: {e}"), "the manifest is JSON with name, version, abi and the rules/deform_kinds/emitters it provides", &req.loc)
    })?;
    if manifest.abi != ABI_VERSION {
        return Err(refuse(codes::PLUGIN_ABI_MISMATCH, format!("plugin library {shown} declares ABI {} in its manifest and this rigc speaks {ABI_VERSION}", manifest.abi), "rebuild the plugin against the rigc-sdk of this rigc", &req.loc));
    }
    if manifest.name.trim().is_empty() {
        return Err(refuse(
            codes::PLUGIN_MANIFEST_MALFORMED,
            format!("plugin library {shown} has a manifest with an empty name"),
            "give the plugin a name",
            &req.loc,
        ));
    }
    Ok(Plugin {
        manifest,
        identity: Some(identity),
        origin: Origin::Library {
            path: req.path.clone(),
            copy,
        },
        config: serde_json::Value::Null,
        loc: req.loc.clone(),
        handle,
    })
}

/// The plugins of one build, checked together.
#[derive(Debug, Clone)]
pub struct Registry {
    /// Every plugin, built-ins first, then libraries in the order named.
    pub plugins: Vec<Plugin>,
}

impl Registry {
    /// Checks that no two plugins share a name or claim the same rule code, deform
    /// kind or emitter.
    pub fn new(plugins: Vec<Plugin>) -> Result<Registry, Vec<Diagnostic>> {
        let mut diags = Vec::new();
        let mut claims: Vec<(String, String, String)> = Vec::new();
        for p in &plugins {
            let mut mine: Vec<(String, String)> =
                vec![("plugin name".into(), p.manifest.name.clone())];
            mine.extend(
                p.manifest
                    .rules
                    .iter()
                    .map(|r| ("rule".to_string(), r.code.clone())),
            );
            mine.extend(
                p.manifest
                    .deform_kinds
                    .iter()
                    .map(|k| ("deform kind".to_string(), k.name.clone())),
            );
            mine.extend(
                p.manifest
                    .emitters
                    .iter()
                    .map(|e| ("emitter".to_string(), e.name.clone())),
            );
            for (what, name) in mine {
                if let Some((_, _, owner)) =
                    claims.iter().find(|(w, n, _)| *w == what && *n == name)
                {
                    let d = Diagnostic::new(
                        codes::PLUGIN_DUPLICATE_CLAIM,
                        format!("plugins {} and {} both provide {what} {name:?}; one {what}, one author", owner, describe(p)),
                    )
                    .help("load only one of them, or rename what one of them provides");
                    diags.push(match &p.loc {
                        Some(loc) => d.at(loc.clone()),
                        None => d,
                    });
                } else {
                    claims.push((what, name, describe(p)));
                }
            }
        }
        if diags.is_empty() {
            Ok(Registry { plugins })
        } else {
            Err(diags)
        }
    }

    /// The plugins that provide rules, in order.
    pub fn rule_plugins(&self) -> impl Iterator<Item = &Plugin> {
        self.plugins.iter().filter(|p| !p.manifest.rules.is_empty())
    }

    /// The plugin providing the deform kind `name` (FORMAT.md §3.14.1).
    pub fn deform_kind(&self, name: &str) -> Option<&Plugin> {
        self.plugins
            .iter()
            .find(|p| p.manifest.deform_kinds.iter().any(|k| k.name == name))
    }

    /// Every deform kind the plugins provide, in plugin then declaration order.
    pub fn deform_kind_names(&self) -> Vec<String> {
        self.plugins
            .iter()
            .flat_map(|p| p.manifest.deform_kinds.iter().map(|k| k.name.clone()))
            .collect()
    }

    /// The plugin providing the emitter `name`.
    pub fn emitter(&self, name: &str) -> Option<&Plugin> {
        self.plugins
            .iter()
            .find(|p| p.manifest.emitters.iter().any(|e| e.name == name))
    }
}

fn describe(p: &Plugin) -> String {
    match &p.origin {
        Origin::Builtin => format!("{:?} (built in)", p.manifest.name),
        Origin::Library { path, .. } => format!("{:?} ({})", p.manifest.name, path.display()),
    }
}

#[cfg(test)]
mod tests;
