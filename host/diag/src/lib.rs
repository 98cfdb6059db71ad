//! `rigc-diag` is how rigc and rig-pose refuse bad input: a source file held
//! in memory with its line:column map ([`source`]), a strict JSON reader that
//! keeps the span of every value ([`json`]) and located navigation through it
//! ([`cursor`]), the [`Diagnostic`] — a stable code, the message, the file,
//! JSON pointer and line:column of the value, the value and the fix — its
//! human and JSON rendering ([`render`]), how many of one code a file may hold
//! and show ([`limit`]), writing a file atomically
//! ([`write`](mod@write)) and the naming and sweeping of its temporaries ([`temp`]), the streams with the quiet end of a closed pipe ([`streams`])
//! and the command-line rules both binaries share ([`args`]).
//!
//! It deliberately knows no rig semantics: no spec field, no stage, no plugin.
//!
//! ```
//! use rigc_diag::{codes, json, render_human, source::SourceFile, Diagnostic, Loc};
//! let file = SourceFile::new("rig.json", "/p/rig.json", r#"{ "name": 7 }"#.to_string());
//! let tree = json::parse(&file.text).expect("JSON");
//! let value = tree.get("name").expect("a name");
//! let d = Diagnostic::new(codes::RIG_NAME_MISSING, "\"name\" must be a string")
//!     .at(Loc { file: file.clone(), pointer: "/name".into(), span: value.span })
//!     .help("write the rig's name as a string");
//! let text = render_human(&d);
//! assert!(text.starts_with("rigc compile error: rig.json: \"name\" must be a string\n  --> rig.json:1:11 at /name\n"));
//! assert!(text.contains("= found: 7"));
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]
// A `Diagnostic` carries its location, value and fix, so it is large; it is the
// cold path (a refused input), and boxing every refusal buys nothing.
#![allow(clippy::result_large_err)]

pub mod args;
pub mod codes;
pub mod cursor;
mod diagnostic;
pub mod json;
pub mod limit;
pub mod render;
pub mod source;
pub mod streams;
pub mod temp;
pub mod write;

pub use diagnostic::{Class, Diagnostic, Loc, Place};
pub use limit::Diags;
pub use render::{render_human, render_json};
