//! A test plugin whose behaviour `RIGC_TEST_PLUGIN` chooses, read in the host's
//! process when the plugin is loaded or called:
//! - unset: one rule, `TEST01_ALWAYS_HOLDS`, that passes;
//! - `panic-rule`: `TEST01` panics in its body (the host must FAIL that rule only);
//! - `panic-call`: the call itself panics outside any rule;
//! - `bad-reply`: the reply is not JSON;
//! - `bad-manifest`: the manifest is not JSON;
//! - `abi`: the table claims ABI version 99;
//! - `claim-a07`: the manifest also claims `A07_ATLAS_TEXT_SHAPE` (a core rule).

use rigc_sdk::abi::{Manifest, Plugin, PluginTable, ABI_VERSION};
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
            deform_kinds: vec![],
            emitters: vec![],
            features: vec!["something-from-the-future".into()],
        }
    }

    fn call(_stage: &str, input: &[u8]) -> Result<Vec<u8>, String> {
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
