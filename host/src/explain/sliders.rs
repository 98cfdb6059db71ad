//! This module owns the `sliders` section: each slider constraint with the
//! animation it applies and every other field it states, as written.

use super::text;
use serde::Serialize;
use serde_json::Value;

/// One slider.
#[derive(Debug, Serialize)]
pub struct Slider {
    /// Its name.
    pub name: String,
    /// The fields it states besides `type` and `name`, in the file's order.
    pub fields: Vec<(String, String)>,
}

/// Every slider of `skeleton`.
pub fn of(skeleton: &Value) -> Vec<Slider> {
    text::items(skeleton.get("constraints"))
        .iter()
        .filter(|c| text::string(c, "type") == Some("slider"))
        .map(|c| Slider {
            name: text::field(c, "name", ""),
            fields: text::entries(Some(c))
                .into_iter()
                .filter(|(k, _)| *k != "type" && *k != "name")
                .map(|(k, v)| (k.to_string(), text::value(v)))
                .collect(),
        })
        .collect()
}

/// `sliders` and one line each.
pub fn lines(sliders: &[Slider]) -> Vec<String> {
    let mut out = vec!["sliders".to_string()];
    if sliders.is_empty() {
        out.push("  ..    none".to_string());
    }
    for s in sliders {
        let fields: Vec<String> = s.fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out.push(format!("  {:<12} {}", s.name, fields.join(" ")));
    }
    out
}
