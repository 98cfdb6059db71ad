//! Tests of the plugin boundary's `"deform"` stage, through a linked
//! plugin's ABI table as any loaded library is called: a deform kind answers
//! one offset per vertex or a named refusal; what it cannot answer is refused
//! by name.

use super::{linked, PluginCallError};
use rigc_sdk::abi::{
    DeformCall, DeformRefusal, DeformReply, Manifest, MeshGeometry, MeshVertex, ABI_VERSION,
};
use rigc_sdk::deform::DeformKind;

/// `shift`: every vertex moves by `[dx, dy]`; refuses a missing parameter.
struct Shift;

impl DeformKind for Shift {
    fn name(&self) -> &'static str {
        "shift"
    }
    fn params(&self) -> &'static [&'static str] {
        &["by"]
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        let by = call.params.get("by").and_then(|v| v.as_array());
        let xy: Option<Vec<f64>> = by.map(|a| a.iter().filter_map(|n| n.as_f64()).collect());
        match xy.as_deref() {
            Some([dx, dy]) => Ok(vec![[*dx, *dy]; call.mesh.vertices.len()]),
            _ => Err(DeformRefusal {
                code: "by".into(),
                message: "shift needs \"by\": [dx, dy]".into(),
                help: None,
            }),
        }
    }
}

/// `broken`: answers one offset too few.
struct Broken;

impl DeformKind for Broken {
    fn name(&self) -> &'static str {
        "broken"
    }
    fn params(&self) -> &'static [&'static str] {
        &[]
    }
    fn offsets(&self, call: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
        Ok(vec![[0.0, 0.0]; call.mesh.vertices.len().saturating_sub(1)])
    }
}

fn kinds() -> [&'static dyn DeformKind; 2] {
    [&Shift, &Broken]
}

struct Kinds;
impl rigc_sdk::abi::Plugin for Kinds {
    fn manifest() -> Manifest {
        Manifest {
            name: "kinds".into(),
            version: "1".into(),
            abi: ABI_VERSION,
            rules: vec![],
            deform_kinds: rigc_sdk::serve::deform_decls(&kinds()),
            emitters: vec![],
            features: vec![],
        }
    }
    fn call(_: &str, input: &[u8]) -> Result<Vec<u8>, String> {
        rigc_sdk::serve::deform(&kinds(), input)
    }
}
rigc_sdk::plugin_table!(Kinds);

fn call(kind: &str, params: serde_json::Value) -> DeformCall {
    let vertex = |x, y| MeshVertex {
        x,
        y,
        uv: [0.0, 0.0],
        bones: vec![],
        depth: None,
    };
    DeformCall {
        kind: kind.into(),
        mesh: MeshGeometry {
            name: "default/face/face".into(),
            vertices: vec![vertex(0.0, 0.0), vertex(10.0, 0.0), vertex(0.0, 10.0)],
            triangles: vec![[0, 1, 2]],
            hull: 3,
            size: [10.0, 10.0],
        },
        params,
        time: 0.5,
        config: serde_json::Value::Null,
    }
}

#[test]
fn a_deform_kind_answers_offsets_or_a_named_refusal_through_the_abi() {
    let plugin = linked(rigc_plugin_table()).expect("the linked plugin");
    let decls: Vec<(&str, &[String])> = plugin
        .manifest
        .deform_kinds
        .iter()
        .map(|k| (k.name.as_str(), k.params.as_slice()))
        .collect();
    assert_eq!(
        decls,
        [("shift", &["by".to_string()][..]), ("broken", &[][..])]
    );
    let reply: DeformReply = plugin
        .call(
            "deform",
            &call("shift", serde_json::json!({ "by": [2, -1] })),
        )
        .expect("a reply");
    assert_eq!(reply, DeformReply::Offsets(vec![[2.0, -1.0]; 3]));
    let refused: DeformReply = plugin
        .call("deform", &call("shift", serde_json::json!({})))
        .expect("a reply");
    assert!(
        matches!(&refused, DeformReply::Refused(r) if r.code == "by" && r.message.contains("[dx, dy]")),
        "{refused:?}"
    );
    // One offset too few, or a kind the plugin does not provide: refused by
    // name, never a reply with the wrong shape.
    let short = plugin.call::<DeformReply>("deform", &call("broken", serde_json::json!({})));
    assert_eq!(
        short,
        Err(PluginCallError::Refused(
            "deform kind \"broken\" answered 2 offsets for 3 vertices".into()
        ))
    );
    let unknown = plugin.call::<DeformReply>("deform", &call("yaw", serde_json::json!({})));
    assert_eq!(
        unknown,
        Err(PluginCallError::Refused(
            "this plugin provides no deform kind \"yaw\" (it provides: shift, broken)".into()
        ))
    );
}
