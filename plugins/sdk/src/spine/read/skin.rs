//! Reading skins and their attachments (`readAttachment`, `readVertices`,
//! `readSequence`, the `AtlasAttachmentLoader` region lookups), then resolving
//! linked meshes against their sources.

use super::values::{get_value, lookup_key};
use super::{Cx, Linked, ReadError, R};
use crate::spine::data::{
    mesh_uvs, region_uvs, Attachment, AttachmentKind, ClippingAttachment, Color, MeshAttachment,
    PathAttachment, PointAttachment, RegionAttachment, Sequence, Skin, TexRegion, VertexData,
};
use crate::spine::json::{js_number_string, Js, Json};

/// Most regions a sequence may ask a fake (no-atlas) loader for; the runtime
/// would create them one by one and run out of time or memory.
const MAX_FAKE_REGIONS: f64 = 100_000.0;
/// Most entries a weighted-vertex or path-length loop may produce.
const MAX_ENTRIES: f64 = 1_000_000.0;
/// Longest zero padding of a sequence frame number.
const MAX_DIGITS: f64 = 100_000.0;

impl Cx<'_> {
    pub(super) fn read_skins(&mut self, root: Js<'_>) -> R<()> {
        let skins = root.get("skins")?;
        if !skins.truthy() {
            return Ok(());
        }
        if skins.length()?.is_none() {
            self.finding(
                "skins",
                "`skins` is not an array (a 3.x-style object?): spine-core reads no skin",
            );
        }
        let n = skins.length()?.unwrap_or(0);
        for i in 0..n {
            let path = format!("skins[{i}]");
            let map = skins.at(i)?;
            let name_v = map.get("name")?;
            if !name_v.truthy() {
                return Err(ReadError::thrown("name cannot be null."));
            }
            let mut skin = Skin {
                name: self.string_of(name_v, &format!("{path}.name")),
                ..Skin::default()
            };
            let shown = name_v.to_js_string();
            let bones = map.get("bones")?;
            if bones.truthy() {
                let n = bones.length()?.unwrap_or(0);
                for k in 0..n {
                    let b = bones.at(k)?;
                    match self.find_bone(b)? {
                        Some(index) => skin.bones.push(index),
                        None => {
                            return Err(ReadError::thrown(format!(
                                "Couldn't find bone {} for skin {shown}.",
                                b.to_js_string()
                            )))
                        }
                    }
                }
            }
            for (key, type_name, label) in [
                ("ik", "ik", "IK"),
                ("transform", "transform", "transform"),
                ("path", "path", "path"),
                ("physics", "physics", "physics"),
                ("slider", "slider", "slider"),
            ] {
                let list = map.get(key)?;
                if !list.truthy() {
                    continue;
                }
                let n = list.length()?.unwrap_or(0);
                for k in 0..n {
                    let c = list.at(k)?;
                    match self.find_constraint(c, type_name)? {
                        Some(index) => skin.constraints.push(index),
                        None => {
                            return Err(ReadError::thrown(format!(
                                "Couldn't find {label} constraint {} for skin {shown}.",
                                c.to_js_string()
                            )))
                        }
                    }
                }
            }
            let attachments = map.get("attachments")?;
            for (slot_name, slot_map) in attachments.for_in() {
                let slot_v = Js::Val(&Json::Str(slot_name.clone()));
                let Some(slot) = self.find_slot(slot_v)? else {
                    return Err(ReadError::thrown(format!(
                        "Couldn't find skin slot {slot_name} for skin {shown}."
                    )));
                };
                for (placeholder, entry) in slot_map.for_in() {
                    let apath = format!("{path}.attachments.{slot_name}.{placeholder}");
                    if let Some(a) = self.read_attachment(entry, slot, &placeholder, &apath)? {
                        let index = self.data.attachments.len();
                        self.data.attachments.push(Attachment {
                            timeline_attachment: index,
                            ..a
                        });
                        skin.set_attachment(slot, &placeholder, index);
                    }
                }
            }
            self.data.skins.push(skin);
            if shown == "default" {
                self.data.default_skin = Some(self.data.skins.len() - 1);
            }
        }
        Ok(())
    }

    /// `readAttachment`; `None` for an unknown type (skipped silently).
    fn read_attachment(
        &mut self,
        map: Js<'_>,
        slot: usize,
        placeholder: &str,
        path: &str,
    ) -> R<Option<Attachment>> {
        let s = self.scale;
        let name_v = get_value(map, "name")?;
        let name = match name_v {
            Some(v) => {
                if !v.truthy() {
                    // The type switch runs first; only known types construct.
                    Err(v)
                } else {
                    Ok(self.string_of(v, &format!("{path}.name")))
                }
            }
            None => {
                if placeholder.is_empty() {
                    Err(Js::Undef)
                } else {
                    Ok(placeholder.to_string())
                }
            }
        };
        let type_v = get_value(map, "type")?;
        let type_name = match type_v {
            None => "region".to_string(),
            Some(v) => match v.string() {
                Some(t) => t,
                None => {
                    self.finding(
                        format!("{path}.type"),
                        format!("type is {}: spine-core skips the attachment", v.type_name()),
                    );
                    return Ok(None);
                }
            },
        };
        let known = [
            "region",
            "boundingbox",
            "mesh",
            "linkedmesh",
            "path",
            "point",
            "clipping",
        ];
        if !known.contains(&type_name.as_str()) {
            self.finding(
                format!("{path}.type"),
                format!("unknown attachment type {type_name:?}: spine-core skips it silently"),
            );
            return Ok(None);
        }
        let shown_name = match &name {
            Ok(n) => n.clone(),
            Err(v) => v.to_js_string(),
        };
        if !matches!(type_name.as_str(), "region" | "mesh" | "linkedmesh") && name.is_err() {
            return Err(ReadError::thrown("name cannot be null."));
        }
        let kind = match type_name.as_str() {
            "region" | "mesh" | "linkedmesh" => {
                let region_path = match get_value(map, "path")? {
                    Some(v) => v.string().unwrap_or_else(|| v.to_js_string()),
                    None => shown_name.clone(),
                };
                let seq_v = get_value(map, "sequence")?;
                let sequence = self.read_sequence(seq_v, &shown_name, &region_path, path)?;
                let name = name
                    .clone()
                    .map_err(|_| ReadError::thrown("name cannot be null."))?;
                if type_name == "region" {
                    let width = self.coerce(map.get("width")?, &format!("{path}.width")) * s;
                    let height = self.coerce(map.get("height")?, &format!("{path}.height")) * s;
                    let mut r = RegionAttachment {
                        path: region_path,
                        x: self.num(map, "x", 0.0, path)? * s,
                        y: self.num(map, "y", 0.0, path)? * s,
                        scale_x: self.num(map, "scaleX", 1.0, path)?,
                        scale_y: self.num(map, "scaleY", 1.0, path)?,
                        rotation: self.num(map, "rotation", 0.0, path)?,
                        width,
                        height,
                        color: self.color(map, "color", Color::WHITE, path)?,
                        sequence,
                    };
                    update_region_sequence(&mut r);
                    return Ok(Some(attachment(name, AttachmentKind::Region(r))));
                }
                let color = self.color(map, "color", Color::WHITE, path)?;
                let width = self.num(map, "width", 0.0, path)? * s;
                let height = self.num(map, "height", 0.0, path)? * s;
                let mut mesh = MeshAttachment {
                    path: region_path.clone(),
                    color,
                    vertex: VertexData::default(),
                    region_uvs: Vec::new(),
                    triangles: Some(Vec::new()),
                    hull_length: 0.0,
                    edges: Some(Vec::new()),
                    width,
                    height,
                    source_mesh: None,
                    sequence,
                };
                if let Some(source) = get_value(map, "source")?.filter(|v| v.truthy()) {
                    let mut source_slot = slot;
                    if let Some(sv) = get_value(map, "slot")?.filter(|v| v.truthy()) {
                        match self.find_slot(sv)? {
                            Some(i) => source_slot = i,
                            None => {
                                return Err(ReadError::thrown(format!(
                                    "Source mesh slot not found: {}",
                                    sv.to_js_string()
                                )))
                            }
                        }
                    }
                    let skin_v = get_value(map, "skin")?;
                    let inherit_timelines = self.flag(map, "timelines", true, path)?;
                    self.linked.push(Linked {
                        mesh: self.data.attachments.len(),
                        skin: skin_v.and_then(lookup_key),
                        skin_truthy: skin_v.is_some_and(|v| v.truthy()),
                        slot,
                        source_slot,
                        source: source.string().unwrap_or_else(|| source.to_js_string()),
                        inherit_timelines,
                        path: path.to_string(),
                    });
                    return Ok(Some(attachment(name, AttachmentKind::Mesh(mesh))));
                }
                if type_name == "linkedmesh" {
                    self.finding(
                        path,
                        "a `linkedmesh` without `source` is read as a plain mesh",
                    );
                }
                let uvs = map.get("uvs")?;
                let uv_len = uvs.length_num()?;
                mesh.vertex = self.read_vertices(map, uv_len, path)?;
                let tri = map.get("triangles")?;
                mesh.triangles = if tri.truthy() {
                    Some(number_list(tri))
                } else {
                    None
                };
                if !tri.truthy() {
                    self.finding(
                        format!("{path}.triangles"),
                        "no triangles: the mesh is not drawn and not counted in bounds",
                    );
                }
                mesh.region_uvs = number_list(uvs);
                mesh.edges = match get_value(map, "edges")? {
                    None => None,
                    Some(v) if v.is_nullish() => None,
                    Some(v) => Some(number_list(v)),
                };
                mesh.hull_length = self.num(map, "hull", 0.0, path)? * 2.0;
                update_mesh_sequence(&mut mesh);
                AttachmentKind::Mesh(mesh)
            }
            "boundingbox" => {
                let count = int32(map.get("vertexCount")?.num()) << 1;
                let vertex = self.read_vertices(map, f64::from(count), path)?;
                let color = self.color(map, "color", Color::WHITE, path)?;
                AttachmentKind::BoundingBox { vertex, color }
            }
            "path" => {
                let closed = self.flag(map, "closed", false, path)?;
                let constant_speed = self.flag(map, "constantSpeed", true, path)?;
                let vc = map.get("vertexCount")?;
                let vertex = self.read_vertices(map, f64::from(int32(vc.num()) << 1), path)?;
                let size = vc.num() / 3.0;
                if size > MAX_ENTRIES {
                    return Err(ReadError::hang(format!(
                        "{path}: vertexCount {} would make spine-core allocate {size} path lengths",
                        js_number_string(vc.num())
                    )));
                }
                let mut lengths = vec![0.0; if size > 0.0 { size.ceil() as usize } else { 0 }];
                let src = map.get("lengths")?;
                let n = src.length_num()?;
                if n > MAX_ENTRIES {
                    return Err(ReadError::hang(format!("{path}.lengths is too long")));
                }
                let mut i = 0usize;
                while (i as f64) < n {
                    let v = src.at(i)?.num() * s;
                    if i >= lengths.len() {
                        lengths.resize(i + 1, f64::NAN);
                    }
                    lengths[i] = v;
                    i += 1;
                }
                let color = self.color(map, "color", Color::WHITE, path)?;
                AttachmentKind::Path(PathAttachment {
                    vertex,
                    closed,
                    constant_speed,
                    lengths,
                    color,
                })
            }
            "point" => AttachmentKind::Point(PointAttachment {
                x: self.num(map, "x", 0.0, path)? * s,
                y: self.num(map, "y", 0.0, path)? * s,
                rotation: self.num(map, "rotation", 0.0, path)?,
                color: self.color(map, "color", Color::new(0.38, 0.94, 0.0, 1.0), path)?,
            }),
            _ => {
                let mut end_slot = None;
                if let Some(end) = get_value(map, "end")?.filter(|v| v.truthy()) {
                    end_slot = self.find_slot(end)?;
                    if end_slot.is_none() {
                        self.finding(
                            format!("{path}.end"),
                            "no slot has this name: clipping runs to the end of the draw order",
                        );
                    }
                }
                let convex = self.flag(map, "convex", false, path)?;
                let inverse = self.flag(map, "inverse", false, path)?;
                let count = int32(map.get("vertexCount")?.num()) << 1;
                let vertex = self.read_vertices(map, f64::from(count), path)?;
                let color =
                    self.color(map, "color", Color::new(0.2275, 0.2275, 0.8078, 1.0), path)?;
                AttachmentKind::Clipping(ClippingAttachment {
                    vertex,
                    end_slot,
                    convex,
                    inverse,
                    color,
                })
            }
        };
        let name = name.map_err(|_| ReadError::thrown("name cannot be null."))?;
        Ok(Some(attachment(name, kind)))
    }

    /// `readSequence` plus `AtlasAttachmentLoader.findRegions`.
    fn read_sequence(
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
                if let Some(sv) = st.and_then(|v| v.string()) {
                    start_str = Some(sv);
                    self.finding(
                        format!("{path}.sequence.start"),
                        "a string: spine-core concatenates it with the frame index",
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
    fn read_vertices(&mut self, map: Js<'_>, vertices_length: f64, path: &str) -> R<VertexData> {
        let s = self.scale;
        let vertices = map.get("vertices")?;
        let len = vertices.length_num()?;
        let mut out = VertexData {
            bones: None,
            vertices: Vec::new(),
            world_vertices_length: vertices_length,
        };
        if vertices_length == len {
            out.vertices = number_list(vertices)
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

    pub(super) fn resolve_linked_meshes(&mut self) -> R<()> {
        let linked = std::mem::take(&mut self.linked);
        for l in linked {
            let skin = if !l.skin_truthy {
                self.data.default_skin
            } else {
                l.skin.as_deref().and_then(|k| self.data.find_skin(k))
            };
            let Some(skin) = skin else {
                return Err(ReadError::thrown(format!(
                    "Skin not found: {}",
                    l.skin
                        .as_deref()
                        .unwrap_or(if l.skin_truthy { "?" } else { "null" })
                )));
            };
            let Some(source) = self.data.skins[skin].get_attachment(l.source_slot, &l.source)
            else {
                return Err(ReadError::thrown(format!(
                    "Source mesh not found: {}",
                    l.source
                )));
            };
            let AttachmentKind::Mesh(src) = &self.data.attachments[source].kind else {
                self.finding(&l.path, "the linked mesh's source is not a mesh");
                return Err(ReadError::type_error(
                    "Cannot read properties of undefined (reading 'length')",
                ));
            };
            let src = src.clone();
            let timeline = if l.inherit_timelines { source } else { l.mesh };
            let mesh_att = &mut self.data.attachments[l.mesh];
            mesh_att.timeline_attachment = timeline;
            if let AttachmentKind::Mesh(m) = &mut mesh_att.kind {
                m.source_mesh = Some(source);
                m.vertex = src.vertex.clone();
                m.region_uvs = src.region_uvs.clone();
                m.triangles = src.triangles.clone();
                m.hull_length = src.hull_length;
                m.edges = src.edges.clone();
                m.width = src.width;
                m.height = src.height;
                update_mesh_sequence(m);
            }
            if l.inherit_timelines && l.slot != l.source_slot {
                let slots = &mut self.data.attachments[source].timeline_slots;
                if !slots.contains(&l.slot) {
                    slots.push(l.slot);
                }
            }
        }
        Ok(())
    }
}

fn attachment(name: String, kind: AttachmentKind) -> Attachment {
    Attachment {
        name,
        timeline_attachment: 0,
        timeline_slots: Vec::new(),
        kind,
    }
}

/// `ToInt32`.
fn int32(v: f64) -> i32 {
    if !v.is_finite() {
        return 0;
    }
    let t = v.trunc().rem_euclid(4294967296.0);
    (t as u32) as i32
}

/// The elements of an array-like as numbers (`ToNumber`).
fn number_list(v: Js<'_>) -> Vec<f64> {
    match v.for_of() {
        Some(items) => items.into_iter().map(|x| x.num()).collect(),
        None => Vec::new(),
    }
}

fn update_region_sequence(r: &mut RegionAttachment) {
    let (mut uvs, mut offsets) = (Vec::new(), Vec::new());
    for region in &r.sequence.regions {
        let (o, u) = region_uvs(r, region);
        offsets.push(o);
        uvs.push(u);
    }
    r.sequence.uvs = uvs;
    r.sequence.offsets = Some(offsets);
}

fn update_mesh_sequence(m: &mut MeshAttachment) {
    m.sequence.uvs = m
        .sequence
        .regions
        .iter()
        .map(|r| mesh_uvs(r, &m.region_uvs))
        .collect();
    m.sequence.offsets = None;
}
