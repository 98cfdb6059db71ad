//! This module owns the range every number of a spec file is held to before
//! its parser reads it: a float32's. Spine 4.3 stores each number of a
//! skeleton as a float32 (or as an int32, narrower still, which the fields
//! that are integers check themselves: [`int32`]), so a number beyond
//! ±3.4028235e38 can land in no Spine field — it would be written as `null`.
//! Every number is checked, whichever field holds it, so no field can be left
//! out; a denormal (down to 1.4e-45) is a float32 and is kept, and a number
//! nearer zero than that rounds to zero as every number rounds to its float32.

use rigc_diag::codes;
use rigc_diag::cursor::{pointer_of, Seg};
use rigc_diag::json::{Json, Value};
use rigc_diag::source::SourceFile;
use rigc_diag::{Diagnostic, Diags, Loc};
use std::sync::Arc;

/// Does `x` round to a finite float32 (Rust's `as f32`, round to nearest)?
pub fn fits_float32(x: f64) -> bool {
    (x as f32).is_finite()
}

/// `x` as an int32, when it is a whole number in `i32`'s range (Spine's
/// readers store an `int` field as a 32-bit int).
pub fn int32(x: f64) -> Option<i32> {
    (x.fract() == 0.0 && (i32::MIN as f64..=i32::MAX as f64).contains(&x)).then_some(x as i32)
}

/// The refusals of every number of `json` (the text of `file`) that no
/// float32 holds, in document order, each at its value.
pub fn beyond_float32(file: &Arc<SourceFile>, json: &Json) -> Vec<Diagnostic> {
    let mut out = Diags::new();
    walk(file, json, &mut Vec::new(), &mut out);
    out.into_vec()
}

fn walk(file: &Arc<SourceFile>, json: &Json, path: &mut Vec<Seg>, out: &mut Diags) {
    match &json.value {
        Value::Number(x) if !fits_float32(*x) => out.push(refusal(file, json, path)),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Seg::Index(i));
                walk(file, item, path, out);
                path.pop();
            }
        }
        Value::Object(members) => {
            for m in members {
                path.push(Seg::Field(m.key.clone()));
                walk(file, &m.value, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn refusal(file: &Arc<SourceFile>, json: &Json, path: &[Seg]) -> Diagnostic {
    let text = file.text.get(json.span.start..json.span.end).unwrap_or("");
    let max = f32::MAX as f64;
    Diagnostic::new(
        codes::SPEC_NUMBER_BEYOND_FLOAT32,
        format!(
            "the number {text} is beyond the float32 range (±{}): a Spine skeleton stores its numbers as float32s (its ints are narrower), and rigc reads every number of a spec the same way",
            rigc_sdk::num::f32_text(max)
        ),
    )
    .at(Loc {
        file: file.clone(),
        pointer: pointer_of(path),
        span: json.span,
    })
    .help(format!(
        "write a number between -{0} and {0}",
        rigc_sdk::num::f32_text(max)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusals(text: &str) -> Vec<(String, (usize, usize))> {
        let file = SourceFile::new("s.json", "/s.json", text.to_string());
        let json = rigc_diag::json::parse(&file.text).expect("JSON");
        beyond_float32(&file, &json)
            .into_iter()
            .map(|d| {
                let loc = d.loc.expect("located");
                (loc.pointer.clone(), loc.line_col())
            })
            .collect()
    }

    #[test]
    fn numbers_beyond_float32_are_refused_where_they_are() {
        let text = "{\"a\": [1, 1e39, {\"b/c\": -3.5e38}],\n \"d\": 3.4028235e38, \"e\": 3.4028236e38,\n \"f\": 1e-40, \"g\": 1e-50, \"h\": -1e39}";
        assert_eq!(
            refusals(text),
            [
                ("/a/1".to_string(), (1, 11)),
                ("/a/2/b~1c".to_string(), (1, 25)),
                ("/e".to_string(), (2, 26)),
                ("/h".to_string(), (3, 31)),
            ]
        );
        assert!(refusals("[0, -0, 1.5, 3.4028234e38, -3.4028234e38]").is_empty());
    }

    #[test]
    fn int32_is_the_whole_numbers_of_i32() {
        assert_eq!(int32(2147483647.0), Some(i32::MAX));
        assert_eq!(int32(-2147483648.0), Some(i32::MIN));
        assert_eq!(int32(2147483648.0), None);
        assert_eq!(int32(1.5), None);
        assert_eq!(int32(-0.0), Some(0));
    }
}
