//! `rigc-abi` is the plugin boundary of rigc and nothing else: a small,
//! versioned C ABI (DESIGN.md *Plugins*; STYLE.md §12–13), documented like a
//! protocol. It knows no compiler, cache or poser; the compiled model it
//! carries is a type parameter `rigc-sdk` fills in. A plugin author names
//! what `rigc-sdk` re-exports from here.
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
//! **Stages** (the `stage` string and its JSON; payloads carry bytes and
//! values, never a path for the plugin to open):
//! - `"gate"` ([`gate`]): input `{ "gate": GateInput, "config": <plugin
//!   config> }` — the emitted text, the atlas pages' bytes, the rig info —,
//!   reply `{ "outcomes": [RuleOutcome…] }`, one per rule the manifest
//!   declares, each failure a string or `{ "detail", "subject" }`.
//! - `"emit"` ([`emit`]): input `{ "emitter": <name>, "skeleton": <model>,
//!   "atlas": [<page>…], "config": … }`, reply `{ "files": [{ "name", "text"
//!   }…] }`.
//! - `"deform"` ([`deform`]): input `{ "kind", "mesh": MeshGeometry,
//!   "params", "time", "config" }`, reply `{ "offsets": [[dx, dy]…] }` (one
//!   per vertex) or `{ "refused": { "code", "message", "help" } }`.
//!
//! **The manifest** ([`Manifest`]) names the plugin, its version, its ABI,
//! and what it provides: rule codes with their kind, deform kinds with their
//! parameters, emitters with the files they write; `features` lists optional
//! capabilities, and a host ignores names it does not know.
//!
//! ```
//! use rigc_abi::{Failure, Outcome, Subject, Target};
//! let mut out = Outcome::default();
//! out.fail("the skeleton has no root");
//! out.fail_at(
//!     Subject::animation("walk").on(Target::Bone("hip".into())).timeline("rotate").key(2),
//!     "a curve of 3 numbers",
//! );
//! let json = serde_json::to_string(&out.failures).expect("JSON");
//! assert_eq!(
//!     json,
//!     r#"["the skeleton has no root",{"detail":"a curve of 3 numbers","subject":{"animation":"walk","target":{"bone":"hip"},"timeline":"rotate","key":2}}]"#
//! );
//! let back: Vec<Failure> = serde_json::from_str(&json).expect("reads back");
//! assert_eq!(back, out.failures);
//! ```

#![deny(missing_docs)]
#![warn(clippy::unwrap_used)]

pub mod bytes;
pub mod deform;
pub mod emit;
mod export;
pub mod gate;
mod manifest;
mod table;

pub use deform::{DeformCall, DeformRefusal, DeformReply, Influence, MeshGeometry, MeshVertex};
pub use emit::{EmitCall, EmitReply, EmittedFile};
pub use export::{panic_message, Plugin};
pub use gate::{
    Failure, GateCall, GateInput, GateReply, Outcome, PageContent, PageFile, Profile, RuleKind,
    RuleOutcome, Subject, Target,
};
pub use manifest::{DeformKindDecl, EmitterDecl, Manifest, RuleDecl};
pub use table::{
    Buffer, EntryFn, PluginTable, ABI_VERSION, ENTRY_SYMBOL, STATUS_ERROR, STATUS_OK, STATUS_PANIC,
};

#[doc(hidden)]
pub use serde_json as __serde_json;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_bytes_cross_as_base64_and_read_back() {
        let page = PageFile {
            name: "a.png".into(),
            path: "/p/a.png".into(),
            content: PageContent::Bytes(vec![0, 1, 2, 250, 255]),
        };
        let json = serde_json::to_string(&page).expect("JSON");
        assert!(json.contains(r#""content":{"bytes":"AAEC+v8="}"#), "{json}");
        assert_eq!(
            serde_json::from_str::<PageFile>(&json).expect("reads"),
            page
        );
        for content in [
            PageContent::Missing,
            PageContent::Unreadable("a directory".into()),
        ] {
            let json = serde_json::to_string(&content).expect("JSON");
            assert_eq!(
                serde_json::from_str::<PageContent>(&json).expect("reads"),
                content
            );
        }
        assert!(serde_json::from_str::<PageContent>(r#"{"bytes":"not base64!"}"#).is_err());
    }

    #[test]
    fn a_reply_of_plain_failures_still_reads() {
        let old =
            r#"{"outcomes":[{"code":"A01","failures":["one","two"],"skip":null,"stats":[]}]}"#;
        let reply: GateReply = serde_json::from_str(old).expect("an old reply reads");
        assert_eq!(reply.outcomes[0].outcome.details(), ["one", "two"]);
        assert!(reply.outcomes[0]
            .outcome
            .failures
            .iter()
            .all(|f| f.subject.is_none()));
    }

    #[test]
    fn deform_replies_are_offsets_or_a_named_refusal() {
        let offsets: DeformReply =
            serde_json::from_str(r#"{"offsets":[[1,2],[0,-0.5]]}"#).expect("reads");
        assert_eq!(offsets, DeformReply::Offsets(vec![[1.0, 2.0], [0.0, -0.5]]));
        let refused = DeformReply::Refused(DeformRefusal {
            code: "radius-and-depth".into(),
            message: "radius and depth both".into(),
            help: None,
        });
        let json = serde_json::to_string(&refused).expect("JSON");
        assert_eq!(
            serde_json::from_str::<DeformReply>(&json).expect("reads"),
            refused
        );
    }
}

#[cfg(test)]
mod float_tests {
    /// Every float crosses the boundary as JSON text and comes back the same
    /// bits: serde_json's `float_roundtrip` (without it, 107.89799361133993
    /// was read back one ulp off). Spread over the exponents, seeded.
    #[test]
    fn floats_cross_the_boundary_bit_for_bit() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut values = vec![
            107.89799361133993_f64,
            0.1,
            1e-300,
            5e-324,
            1.7976931348623157e308,
        ];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = f64::from_bits(x);
            if v.is_finite() {
                values.push(v);
            }
        }
        for v in values {
            let text = serde_json::to_string(&v).expect("a finite float is JSON");
            let back: f64 = serde_json::from_str(&text).expect("it reads back");
            assert_eq!(back.to_bits(), v.to_bits(), "{v:e} → {text} → {back:e}");
        }
    }
}
