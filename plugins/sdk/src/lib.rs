//! `rigc-sdk` is what a rigc plugin author names: the [`gate::Rule`] a rule
//! implements over the gate's [`gate::facts::Facts`] and the
//! [`gate::Outcome`] it records (each failure with its [`gate::Subject`]), the
//! [`deform::DeformKind`] a deform kind implements, the plugin side of each
//! stage call ([`serve`]), the compiled model ([`model`], with the one table
//! of Spine names, [`model::names`]) and its writers ([`emit`]), an authored
//! mesh's topology ([`mesh`]), the number spellings ([`num`]) and PNG
//! reading ([`png_image`]) — and, re-exported, the plugin ABI ([`abi`], the crate `rigc-abi`) and the Spine 4.3 runtime
//! ([`spine`], the crate `rigc-spine`).
//!
//! It deliberately knows nothing about the command line, the cache, the file
//! watcher, terminals or the disk layout of a project: those belong to the host
//! (`rigc`), which a plugin never links.
//!
//! # Writing a plugin: the studio template
//!
//! A plugin is a crate of type `cdylib` that depends on `rigc-sdk` alone (and
//! `serde_json` to read its configuration) — not on the host `rigc`, not on
//! `rigc-core-rules`. It implements [`abi::Plugin`]: its manifest, and one
//! call per stage, dispatched to [`serve`]. `rigc.toml` loads it
//! (`[project] plugins = ["target/release/libmy_studio.so"]`) and hands it its
//! `[plugin.<name>]` table with every call; `plugins/studio-example` is a
//! working one.
//!
//! ```
//! use rigc_sdk::abi::{DeformCall, DeformRefusal, Manifest, Plugin, ABI_VERSION};
//! use rigc_sdk::deform::DeformKind;
//! use rigc_sdk::gate::{facts::Facts, Outcome, Rule, RuleKind, Subject};
//!
//! /// A rule: every bone name is lowercase.
//! struct LowercaseBones;
//!
//! impl Rule for LowercaseBones {
//!     fn code(&self) -> &'static str {
//!         "MYSTUDIO01_LOWERCASE_BONES"
//!     }
//!     fn kind(&self) -> RuleKind {
//!         RuleKind::Validity
//!     }
//!     fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
//!         // The skeleton as the runtime loads it (the A00 round trip).
//!         let Ok(loaded) = facts.loaded() else {
//!             out.skip(rigc_sdk::gate::skip_reasons::NO_SKELETON);
//!             return;
//!         };
//!         for bone in &loaded.data.bones {
//!             if bone.name.chars().any(char::is_uppercase) {
//!                 // Naming the subject lets the host print the rig.json line.
//!                 out.fail_at(Subject::bone(&bone.name), format!("bone {:?} is not lowercase", bone.name));
//!             }
//!         }
//!     }
//! }
//!
//! /// A deform kind: the whole attachment lifted by `by` pixels.
//! struct Lift;
//!
//! impl DeformKind for Lift {
//!     fn name(&self) -> &'static str {
//!         "lift"
//!     }
//!     fn params(&self) -> &'static [&'static str] {
//!         &["by"]
//!     }
//!     fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
//!         let Some(by) = call.params.get("by").and_then(|v| v.as_f64()) else {
//!             return Err(DeformRefusal {
//!                 code: "by".into(),
//!                 message: "lift needs \"by\", a number of pixels".into(),
//!                 help: Some("write \"by\": 4".into()),
//!             });
//!         };
//!         Ok(vec![[0.0, by]; call.mesh.vertices.len()])
//!     }
//! }
//!
//! /// The plugin: its manifest, and its stages.
//! struct MyStudio;
//!
//! impl Plugin for MyStudio {
//!     fn manifest() -> Manifest {
//!         Manifest {
//!             name: "my-studio".into(),
//!             version: "1.0.0".into(),
//!             abi: ABI_VERSION,
//!             rules: rigc_sdk::serve::rule_decls(&[&LowercaseBones]),
//!             deform_kinds: rigc_sdk::serve::deform_decls(&[&Lift]),
//!             emitters: Vec::new(),
//!             features: Vec::new(),
//!         }
//!     }
//!     fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
//!         match stage {
//!             "gate" => rigc_sdk::serve::gate(&[&LowercaseBones], input),
//!             "deform" => rigc_sdk::serve::deform(&[&Lift], input),
//!             other => Err(format!("my-studio answers \"gate\" and \"deform\", not {other:?}")),
//!         }
//!     }
//! }
//!
//! // In the plugin's cdylib: `rigc_sdk::export_plugin!(MyStudio);` (the
//! // table and its entry symbol). Linked into a host, the table alone:
//! rigc_sdk::plugin_table!(MyStudio);
//!
//! // A rule is tested on a gate input directly.
//! let input = rigc_sdk::gate::GateInput {
//!     profile: rigc_sdk::gate::Profile::Spine,
//!     skeleton_text: r#"{"bones":[{"name":"root"},{"name":"Head","parent":"root"}]}"#.into(),
//!     atlas_text: None,
//!     rig: None,
//!     second: None,
//!     pages: Vec::new(),
//! };
//! let mut out = Outcome::default();
//! LowercaseBones.check(&Facts::new(&input), &mut out);
//! assert_eq!(out.failures[0].subject, Some(Subject::bone("Head")));
//! assert_eq!(MyStudio::manifest().deform_kinds[0].name, "lift");
//! ```
#![deny(missing_docs)]
#![warn(clippy::unwrap_used)]

pub use rigc_abi as abi;
pub use rigc_abi::{export_plugin, plugin_table};
pub use rigc_spine as spine;

pub mod deform;
pub mod emit;
pub mod gate;
pub mod mesh;
pub mod model;
pub mod num;
pub mod png_image;
pub mod serve;
