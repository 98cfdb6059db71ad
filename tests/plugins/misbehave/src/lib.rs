//! A test plugin whose behaviour `RIGC_TEST_PLUGIN` chooses, read in the host's
//! process when the plugin is loaded or called:
//! - unset: one rule, `TEST01_ALWAYS_HOLDS`, that passes;
//! - `panic-rule`: `TEST01` panics in its body (the host must FAIL that rule only);
//! - `panic-call`: the call itself panics outside any rule;
//! - `bad-reply`: the reply is not JSON;
//! - `bad-manifest`: the manifest is not JSON;
//! - `abi`: the table claims ABI version 99;
//! - `claim-a07`: the manifest also claims `A07_ATLAS_TEXT_SHAPE` (a core rule).
//!
//! It also provides the deform kind `shift` (every vertex moved by `[dx, dy]`,
//! its parameters), which misbehaves on the `"deform"` stage when asked:
//! - `deform-panic`: the kind panics;
//! - `deform-short`: it answers one offset fewer than the mesh has vertices;
//! - `deform-huge`: it answers an offset no float32 holds (1e39).

use rigc_sdk::abi::{DeformCall, DeformReply, Manifest, Plugin, PluginTable, ABI_VERSION};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

fn mode() -> String {
    std::env::var("RIGC_TEST_PLUGIN").unwrap_or_default()
}

struct AlwaysHolds;

impl Rule for AlwaysHolds {
    fn code(&self) -> &'static str {
        "TEST01_ALWAYS_HOLDS"
    }
    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }
    fn check(&self, _: &Facts<'_>, _: &mut Outcome) {
        if mode() == "panic-rule" {
            panic!("TEST01 was asked to panic");
        }
    }
}

struct Claims07;

impl Rule for Claims07 {
    fn code(&self) -> &'static str {
        "A07_ATLAS_TEXT_SHAPE"
    }
    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }
    fn check(&self, _: &Facts<'_>, _: &mut Outcome) {}
}

struct Shift;

impl rigc_sdk::deform::DeformKind for Shift {
    fn name(&self) -> &'static str {
        "shift"
    }
    fn params(&self) -> &'static [&'static str] {
        &["dx", "dy"]
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, rigc_sdk::abi::DeformRefusal> {
        let d = |k: &str| call.params.get(k).and_then(|v| v.as_f64()).unwrap_or(0.0);
        Ok(vec![[d("dx"), d("dy")]; call.mesh.vertices.len()])
    }
}

/// The `"deform"` stage, misbehaving by mode past the SDK's own checks.
fn deform(input: &[u8]) -> Result<Vec<u8>, String> {
    let call: DeformCall = serde_json::from_slice(input).map_err(|e| e.to_string())?;
    let n = call.mesh.vertices.len();
    let offsets = match mode().as_str() {
        "deform-panic" => panic!("the shift kind was asked to panic"),
        "deform-short" => vec![[1.0, 0.0]; n.saturating_sub(1)],
        "deform-huge" => vec![[1e39, 0.0]; n],
        _ => return rigc_sdk::serve::deform(&[&Shift], input),
    };
    serde_json::to_vec(&DeformReply::Offsets(offsets)).map_err(|e| e.to_string())
}

struct Misbehave;

impl Plugin for Misbehave {
    fn manifest() -> Manifest {
        let mut rules = rigc_sdk::serve::rule_decls(&[&AlwaysHolds]);
        if mode() == "claim-a07" {
            rules.extend(rigc_sdk::serve::rule_decls(&[&Claims07]));
        }
        Manifest {
            name: "misbehave".into(),
            version: "0".into(),
            abi: ABI_VERSION,
            rules,
            deform_kinds: rigc_sdk::serve::deform_decls(&[&Shift]),
            emitters: vec![],
            features: vec!["something-from-the-future".into()],
        }
    }

    fn call(stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
        if stage == "deform" {
            return deform(input);
        }
        match mode().as_str() {
            "panic-call" => panic!("the whole call was asked to panic"),
            "bad-reply" => Ok(b"this is not JSON".to_vec()),
            _ => rigc_sdk::serve::gate(&[&AlwaysHolds], input),
        }
    }
}

rigc_sdk::plugin_table!(Misbehave);

unsafe extern "C" fn bad_manifest() -> rigc_sdk::abi::Buffer {
    rigc_sdk::abi::Buffer::from_vec(b"{ not a manifest".to_vec())
}

/// The entry point; the table depends on the mode.
#[no_mangle]
pub extern "C" fn rigc_plugin_entry() -> *const PluginTable {
    static ABI99: std::sync::OnceLock<PluginTable> = std::sync::OnceLock::new();
    static BAD_MANIFEST: std::sync::OnceLock<PluginTable> = std::sync::OnceLock::new();
    let base = rigc_plugin_table();
    match mode().as_str() {
        "abi" => ABI99.get_or_init(|| PluginTable {
            abi_version: 99,
            ..copy(base)
        }),
        "bad-manifest" => BAD_MANIFEST.get_or_init(|| PluginTable {
            manifest: bad_manifest,
            ..copy(base)
        }),
        _ => base,
    }
}

fn copy(t: &PluginTable) -> PluginTable {
    PluginTable {
        abi_version: t.abi_version,
        table_size: t.table_size,
        manifest: t.manifest,
        call: t.call,
        free: t.free,
    }
}
