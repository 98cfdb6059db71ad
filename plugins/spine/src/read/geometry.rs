//! The geometry parts of region and mesh attachments: `readSequence` with the
//! `AtlasAttachmentLoader` region lookups (`Region not found in atlas: …`), and
//! `readVertices` with its weighted/unweighted length rule.

use super::values::get_value;
use super::{Cx, ReadError, R};
use crate::data::{Sequence, TexRegion, VertexData};
use crate::json::{js_number_string, Js, Json};

/// Most regions a sequence may ask a fake (no-atlas) loader for; the runtime
/// would create them one by one and run out of time or memory.
const MAX_FAKE_REGIONS: f64 = 100_000.0;
/// Most entries a weighted-vertex loop may produce.
pub(super) const MAX_ENTRIES: f64 = 1_000_000.0;
/// Longest zero padding of a sequence frame number.
const MAX_DIGITS: f64 = 100_000.0;

impl Cx<'_> {
    /// `readSequence` plus `AtlasAttachmentLoader.findRegions`.
    pub(super) fn read_sequence(
        &mut self,
        map: Option<Js<'_>>,
        name: &str,
        base: &str,
        path: &str,
    ) -> R<Sequence> {
        let mut seq = Sequence {
            regions: Vec::new(),
            path_suffix: false,
            start: 0.0,
            digits: 0.0,
            setup_index: 0.0,
            uvs: Vec::new(),
            offsets: None,
        };
        let count;
        let mut start_str = None;
        match map {
            Some(m) if !m.is_nullish() => {
                let c = get_value(m, "count")?.unwrap_or(Js::Val(&Json::Num(0.0)));
                count = if c.is_num() {
                    let n = c.num();
                    if n < 0.0 || n.fract() != 0.0 || n > 4294967295.0 {
                        return Err(ReadError::type_error("Invalid array length"));
                    }
                    n
                } else {
                    self.finding(
                        format!("{path}.sequence.count"),
                        "not a number: `new Array(count)` makes one region",
                    );
                    1.0
                };
                seq.path_suffix = true;
                let st = get_value(m, "start")?;
                let as_text = |v: Js<'_>| match v {
                    Js::Val(Json::Arr(_) | Json::Obj(_)) => Some(v.to_js_string()),
                    _ => v.string(),
                };
                if let Some(sv) = st.and_then(as_text) {
                    start_str = Some(sv);
                    self.finding(
                        format!("{path}.sequence.start"),
                        "not a number: spine-core concatenates it (as a string) with the frame index",
                    );
                }
                seq.start = self.num(m, "start", 1.0, path)?;
                seq.digits = self.num(m, "digits", 0.0, path)?;
                seq.setup_index = self.num(m, "setup", 0.0, path)?;
                if count == 0.0 {
                    self.finding(format!("{path}.sequence"), "count 0 (or missing): no regions; posing this attachment crashes spine-core");
                }
            }
            _ => count = 1.0,
        }
        if seq.digits > MAX_DIGITS && count > 0.0 {
            return Err(ReadError::hang(format!(
                "{path}: sequence digits {} would build region names of that many characters",
                js_number_string(seq.digits)
            )));
        }
        if self.atlas.is_none() && count > MAX_FAKE_REGIONS {
            return Err(ReadError::hang(format!(
                "{path}: a sequence of {} regions",
                js_number_string(count)
            )));
        }
        let mut i = 0usize;
        while (i as f64) < count {
            let region_name = if seq.path_suffix {
                let frame = match &start_str {
                    Some(s) => format!("{s}{i}"),
                    None => js_number_string(seq.start + i as f64),
                };
                let pad = seq.digits - frame.encode_utf16().count() as f64;
                let zeros = if pad > 0.0 { pad.ceil() as usize } else { 0 };
                format!("{base}{}{frame}", "0".repeat(zeros.min(1 << 20)))
            } else {
                base.to_string()
            };
            let region = match self.atlas {
                None => TexRegion::fake(&region_name),
                Some(atlas) => match atlas.find_region(&region_name) {
                    Some(r) => {
                        let page = atlas.pages.get(r.page);
                        TexRegion::from_atlas(
                            r,
                            page.map_or(0.0, |p| p.width),
                            page.map_or(0.0, |p| p.height),
                        )
                    }
                    None => {
                        return Err(ReadError::thrown(format!(
                            "Region not found in atlas: {region_name} (attachment: {name})"
                        )))
                    }
                },
            };
            seq.regions.push(region);
            i += 1;
        }
        Ok(seq)
    }

    /// `readVertices(map, attachment, verticesLength)`.
    pub(super) fn read_vertices(
        &mut self,
        map: Js<'_>,
        vertices_length: f64,
        path: &str,
    ) -> R<VertexData> {
        let s = self.scale;
        let vertices = map.get("vertices")?;
        let len = vertices.length_num()?;
        let mut out = VertexData {
            bones: None,
            vertices: Vec::new(),
            world_vertices_length: vertices_length,
        };
        if vertices_length == len {
            out.vertices = float_array(vertices, len)?
                .iter()
                .map(|v| (v * s) as f32)
                .collect();
            return Ok(out);
        }
        let mut bones = Vec::new();
        let mut weights: Vec<f64> = Vec::new();
        let n = len;
        let mut i = 0f64;
        let at = |k: f64| -> R<f64> {
            if k >= 0.0 && k.fract() == 0.0 {
                Ok(vertices.at(k as usize)?.num())
            } else {
                Ok(f64::NAN)
            }
        };
        while i < n {
            let count = at(i)?;
            i += 1.0;
            bones.push(count);
            let nn = i + count * 4.0;
            if nn - i > MAX_ENTRIES || (weights.len() as f64) > MAX_ENTRIES {
                return Err(ReadError::hang(format!(
                    "{path}.vertices: a vertex with {} bone influences",
                    js_number_string(count)
                )));
            }
            while i < nn {
                bones.push(at(i)?);
                weights.push(at(i + 1.0)? * s);
                weights.push(at(i + 2.0)? * s);
                weights.push(at(i + 3.0)?);
                i += 4.0;
            }
        }
        if n.is_nan() {
            self.finding(format!("{path}.vertices"), "not an array: no vertices");
        }
        out.bones = Some(bones);
        out.vertices = weights.iter().map(|&v| v as f32).collect();
        Ok(out)
    }
}

/// The elements of an array-like as numbers (`ToNumber`).
pub(super) fn number_list(v: Js<'_>) -> Vec<f64> {
    match v.for_of() {
        Some(items) => items.into_iter().map(|x| x.num()).collect(),
        None => Vec::new(),
    }
}

/// `new Float32Array(v)` (as doubles): an array-like is copied with ToNumber;
/// a string is a *length* (`ToIndex`), giving that many zeros.
fn float_array(v: Js<'_>, len: f64) -> R<Vec<f64>> {
    if let Some(text) = v.string() {
        let n = crate::json::string_to_number(&text);
        let n = if n.is_nan() { 0.0 } else { n.trunc() };
        if !(0.0..=MAX_ENTRIES).contains(&n) {
            return Err(ReadError::type_error(format!(
                "Invalid typed array length: {}",
                js_number_string(n)
            )));
        }
        return Ok(vec![0.0; n as usize]);
    }
    if v.as_arr().is_some() {
        return Ok(number_list(v));
    }
    let mut out = Vec::new();
    let mut i = 0usize;
    while (i as f64) < len && (i as f64) < MAX_ENTRIES {
        out.push(v.at(i)?.num());
        i += 1;
    }
    Ok(out)
}
