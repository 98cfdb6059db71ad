//! This module owns the plugin boundary: a small, versioned C ABI (DESIGN.md
//! *Plugins*; STYLE.md §12–13). It is documented like a protocol.
//!
//! **The entry.** A plugin library exports one symbol, [`ENTRY_SYMBOL`]
//! (`rigc_plugin_entry`), an `extern "C" fn() -> *const PluginTable` returning a
//! table that lives as long as the library. The table is a *prefix type*: its first
//! fields are the ABI version and the table's own size, and fields are only ever
//! appended, so a host can read the prefix of a newer or older table safely.
//!
//! **Compatibility.** [`ABI_VERSION`] is a major version with caret semantics: a
//! host speaks exactly the major version it was built with, and refuses any other
//! by name. A table shorter than the fields a host needs is refused too.
//!
//! **Data.** Only bytes cross: the manifest and every call's input and reply are
//! UTF-8 JSON in [`Buffer`]s. No Rust type crosses the boundary, so a plugin built
//! by another compiler (or in another language) works. A buffer a plugin returns
//! is owned by the plugin and handed back to its `free`.
//!
//! **Calls.** `call(stage, input) -> status` — one call per plugin per stage (the
//! gate calls a rule plugin once with every rule's input, not once per rule).
//! Status [`STATUS_OK`]: the reply is the stage's JSON answer; [`STATUS_ERROR`]: the
//! reply is an error message; [`STATUS_PANIC`]: the plugin panicked and the reply is
//! the panic's message. The export macros ([`crate::export_plugin!`],
//! [`crate::plugin_table!`]) contain every panic at the boundary with
//! `catch_unwind`; a plugin that aborts or segfaults can only be contained by a
//! separate process (an out-of-process runner would speak this same protocol over
//! pipes — the door is kept open by keeping every payload JSON).
//!
//! **Stages** (the `stage` string and its JSON):
//! - `"gate"`: input `{ "gate": GateInput, "config": <plugin config> }`, reply
//!   `{ "outcomes": [RuleOutcome…] }` — one per rule the manifest declares.
//! - `"emit"`: input `{ "emitter": <name>, "skeleton": model::Skeleton, "atlas":
//!   [AtlasPage…], "config": … }`, reply `{ "files": [{ "name", "text" }…] }`.

use crate::gate::{GateInput, Outcome, RuleKind};
use serde::{Deserialize, Serialize};

#[doc(hidden)]
pub use serde_json as __serde_json;

/// The ABI major version this SDK speaks.
pub const ABI_VERSION: u32 = 1;

/// The symbol every plugin library exports.
pub const ENTRY_SYMBOL: &str = "rigc_plugin_entry";

/// Call succeeded; the reply is the stage's JSON answer.
pub const STATUS_OK: i32 = 0;
/// The plugin refused the call; the reply is a message.
pub const STATUS_ERROR: i32 = 1;
/// The plugin panicked; the reply is the panic's message.
pub const STATUS_PANIC: i32 = 2;

/// An owned byte buffer crossing the boundary (`ptr`, `len`, `cap` of a `Vec<u8>`
/// allocated by the side that made it, freed by that side's `free`).
#[repr(C)]
#[derive(Debug)]
pub struct Buffer {
    /// Start of the bytes (null for an empty buffer).
    pub ptr: *mut u8,
    /// Number of bytes.
    pub len: usize,
    /// Allocated capacity.
    pub cap: usize,
}

impl Buffer {
    /// An empty buffer.
    pub const EMPTY: Buffer = Buffer {
        ptr: std::ptr::null_mut(),
        len: 0,
        cap: 0,
    };

    /// Hands a vector's allocation over to a buffer (reclaimed by [`Buffer::into_vec`]
    /// on the same side of the boundary).
    pub fn from_vec(v: Vec<u8>) -> Buffer {
        let mut v = std::mem::ManuallyDrop::new(v);
        Buffer {
            ptr: v.as_mut_ptr(),
            len: v.len(),
            cap: v.capacity(),
        }
    }

    /// Takes the allocation back into a vector.
    ///
    /// # Safety
    /// `self` must come from [`Buffer::from_vec`] in this same library (same
    /// allocator), and must not be used again.
    pub unsafe fn into_vec(self) -> Vec<u8> {
        if self.ptr.is_null() {
            return Vec::new();
        }
        // SAFETY: the caller guarantees ptr/len/cap are exactly a Vec<u8>'s parts
        // made by `from_vec` with this library's allocator, reclaimed once.
        unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) }
    }
}

/// The table a plugin's entry symbol returns (a prefix type: append-only).
#[repr(C)]
pub struct PluginTable {
    /// [`ABI_VERSION`] of the SDK the plugin was built with.
    pub abi_version: u32,
    /// `size_of::<PluginTable>()` as the plugin saw it.
    pub table_size: u32,
    /// The manifest, as JSON.
    pub manifest: unsafe extern "C" fn() -> Buffer,
    /// One stage call: `stage` and `input` are UTF-8 bytes valid for the call;
    /// the reply is written to `out`; returns a `STATUS_*`.
    pub call: unsafe extern "C" fn(
        stage: *const u8,
        stage_len: usize,
        input: *const u8,
        input_len: usize,
        out: *mut Buffer,
    ) -> i32,
    /// Frees a buffer this plugin returned.
    pub free: unsafe extern "C" fn(buffer: Buffer),
}

/// The signature of [`ENTRY_SYMBOL`].
pub type EntryFn = unsafe extern "C" fn() -> *const PluginTable;

/// What a plugin declares about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The plugin's name (unique among loaded plugins).
    pub name: String,
    /// The plugin's own version.
    pub version: String,
    /// The ABI major version it speaks.
    pub abi: u32,
    /// Assertion rules it provides, in run order.
    #[serde(default)]
    pub rules: Vec<RuleDecl>,
    /// Deform kinds it provides.
    #[serde(default)]
    pub deform_kinds: Vec<DeformKindDecl>,
    /// Emitters it provides.
    #[serde(default)]
    pub emitters: Vec<EmitterDecl>,
    /// Optional capabilities; a host ignores names it does not know.
    #[serde(default)]
    pub features: Vec<String>,
}

/// A rule a plugin provides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleDecl {
    /// The assertion code.
    pub code: String,
    /// Its kind.
    pub kind: RuleKind,
}

/// A deform kind a plugin provides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeformKindDecl {
    /// The kind's name (`yaw`, `wave`, …).
    pub name: String,
    /// Its parameter names.
    #[serde(default)]
    pub params: Vec<String>,
}

/// An emitter a plugin provides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmitterDecl {
    /// The emitter's name.
    pub name: String,
    /// The files it writes into `--out`.
    pub files: Vec<String>,
}

/// The input of a `"gate"` call.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GateCall {
    /// What the gate is handed.
    pub gate: GateInput,
    /// The plugin's configuration from `rigc.toml` (`null` when none).
    #[serde(default)]
    pub config: serde_json::Value,
}

/// One rule's result in a `"gate"` reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleOutcome {
    /// The assertion code.
    pub code: String,
    /// Left out by the profile (the body did not run).
    #[serde(default)]
    pub prof: bool,
    /// What the body found.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// The reply of a `"gate"` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateReply {
    /// One outcome per declared rule, in the manifest's order.
    pub outcomes: Vec<RuleOutcome>,
}

/// The input of an `"emit"` call.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmitCall {
    /// Which of the plugin's emitters.
    pub emitter: String,
    /// The compiled skeleton.
    pub skeleton: crate::model::Skeleton,
    /// The atlas pages.
    pub atlas: Vec<crate::emit::atlas::AtlasPage>,
    /// The plugin's configuration (`null` when none).
    #[serde(default)]
    pub config: serde_json::Value,
}

/// One file of an `"emit"` reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmittedFile {
    /// File name inside `--out`.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The reply of an `"emit"` call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmitReply {
    /// The files, in the order the emitter declares them.
    pub files: Vec<EmittedFile>,
}

/// What a plugin implements; the export macros turn it into a [`PluginTable`].
/// Implementations are stateless (configuration arrives with each call) and must
/// be callable from several threads at once.
pub trait Plugin {
    /// The manifest.
    fn manifest() -> Manifest;
    /// One stage call: the reply's JSON bytes, or a message.
    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String>;
}

/// The message of a caught panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic with no message".into())
}

/// Builds the [`PluginTable`] of `$ty` (a type implementing [`abi::Plugin`]) as a
/// static, and a function `rigc_plugin_table()` returning it — for a plugin linked
/// statically into a host, which then calls it through the same table as a loaded
/// library. Every entry point runs under `catch_unwind`.
///
/// [`abi::Plugin`]: crate::abi::Plugin
#[macro_export]
macro_rules! plugin_table {
    ($ty:ty) => {
        unsafe extern "C" fn __rigc_manifest() -> $crate::abi::Buffer {
            let made = ::std::panic::catch_unwind(|| {
                $crate::abi::__serde_json::to_vec(&<$ty as $crate::abi::Plugin>::manifest())
                    .unwrap_or_default()
            });
            $crate::abi::Buffer::from_vec(made.unwrap_or_default())
        }

        unsafe extern "C" fn __rigc_call(
            stage: *const u8,
            stage_len: usize,
            input: *const u8,
            input_len: usize,
            out: *mut $crate::abi::Buffer,
        ) -> i32 {
            if out.is_null() {
                return $crate::abi::STATUS_ERROR;
            }
            // SAFETY: the host passes `stage`/`input` pointing at `*_len` readable
            // bytes that stay alive for the whole call (or null with length 0).
            let (stage, input) = unsafe {
                (
                    if stage.is_null() {
                        &[][..]
                    } else {
                        ::std::slice::from_raw_parts(stage, stage_len)
                    },
                    if input.is_null() {
                        &[][..]
                    } else {
                        ::std::slice::from_raw_parts(input, input_len)
                    },
                )
            };
            let result = ::std::panic::catch_unwind(|| {
                let stage = ::std::str::from_utf8(stage)
                    .map_err(|e| format!("the stage name is not UTF-8: {e}"))?;
                <$ty as $crate::abi::Plugin>::call(stage, input)
            });
            let (status, bytes) = match result {
                Ok(Ok(reply)) => ($crate::abi::STATUS_OK, reply),
                Ok(Err(message)) => ($crate::abi::STATUS_ERROR, message.into_bytes()),
                Err(panic) => (
                    $crate::abi::STATUS_PANIC,
                    $crate::abi::panic_message(&*panic).into_bytes(),
                ),
            };
            // SAFETY: `out` is non-null (checked above) and points at a Buffer the
            // host owns for the duration of the call.
            unsafe { out.write($crate::abi::Buffer::from_vec(bytes)) };
            status
        }

        unsafe extern "C" fn __rigc_free(buffer: $crate::abi::Buffer) {
            // SAFETY: the host hands back only buffers this library's
            // `__rigc_manifest`/`__rigc_call` made with `Buffer::from_vec`, once.
            drop(unsafe { buffer.into_vec() });
        }

        static __RIGC_TABLE: $crate::abi::PluginTable = $crate::abi::PluginTable {
            abi_version: $crate::abi::ABI_VERSION,
            table_size: ::std::mem::size_of::<$crate::abi::PluginTable>() as u32,
            manifest: __rigc_manifest,
            call: __rigc_call,
            free: __rigc_free,
        };

        /// This plugin's ABI table (for linking it statically into a host).
        pub fn rigc_plugin_table() -> &'static $crate::abi::PluginTable {
            &__RIGC_TABLE
        }
    };
}

/// [`crate::plugin_table!`] plus the exported entry symbol `rigc_plugin_entry`,
/// for a plugin built as a dynamic library (`crate-type = ["cdylib"]`). A crate
/// linked into a host uses `plugin_table!` alone, so two plugins never define the
/// same symbol in one binary.
#[macro_export]
macro_rules! export_plugin {
    ($ty:ty) => {
        $crate::plugin_table!($ty);

        /// The plugin library's entry point (`rigc_sdk::abi::ENTRY_SYMBOL`).
        #[no_mangle]
        pub extern "C" fn rigc_plugin_entry() -> *const $crate::abi::PluginTable {
            rigc_plugin_table()
        }
    };
}

/// Runs `rules` over a `"gate"` call — the rule side of GATE.md §1.4's harness:
/// a rule the profile leaves out is PROF and its body does not run; each body runs
/// under `catch_unwind`, so one panicking rule becomes that rule's FAIL
/// (`threw: …`) and the others still run.
pub fn run_rules(rules: &[&dyn crate::gate::Rule], call: &GateCall) -> GateReply {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let facts = crate::gate::facts::Facts::new(&call.gate);
    let outcomes = rules
        .iter()
        .map(|rule| {
            if !call.gate.profile.runs(rule.kind()) {
                return RuleOutcome {
                    code: rule.code().into(),
                    prof: true,
                    outcome: Outcome::default(),
                };
            }
            let mut out = Outcome::default();
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| rule.check(&facts, &mut out))) {
                out.fail(format!("threw: {}", panic_message(&*panic)));
            }
            RuleOutcome {
                code: rule.code().into(),
                prof: false,
                outcome: out,
            }
        })
        .collect();
    GateReply { outcomes }
}

/// Serves a `"gate"` call for a rule plugin: parses the input, runs `rules`,
/// serialises the reply.
pub fn serve_gate(rules: &[&dyn crate::gate::Rule], input: &[u8]) -> Result<Vec<u8>, String> {
    let call: GateCall =
        serde_json::from_slice(input).map_err(|e| format!("the gate input is not valid: {e}"))?;
    serde_json::to_vec(&run_rules(rules, &call)).map_err(|e| e.to_string())
}

/// The manifest entries of `rules`.
pub fn rule_decls(rules: &[&dyn crate::gate::Rule]) -> Vec<RuleDecl> {
    rules
        .iter()
        .map(|r| RuleDecl {
            code: r.code().into(),
            kind: r.kind(),
        })
        .collect()
}
