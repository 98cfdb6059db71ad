//! Reading skins and their attachments (`readAttachment`, `readVertices`,
//! `readSequence`, the `AtlasAttachmentLoader` region lookups), then resolving
//! linked meshes against their sources.

use super::values::{get_value, lookup_key};
use super::{Cx, Linked, ReadError, R};
use crate::data::{
    mesh_uvs, region_uvs, Attachment, AttachmentKind, ClippingAttachment, Color, MeshAttachment,
    PathAttachment, PointAttachment, RegionAttachment, Skin, VertexData,
};
use crate::json::{js_number_string, Js, Json, OBJECT_PROTO};

/// Most entries a weighted-vertex or path-length loop may produce.
const MAX_ENTRIES: f64 = 1_000_000.0;

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
                        skin_text: skin_v.map_or("null".into(), |v| v.to_js_string()),
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
                vertex: VertexData::default(),
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
                    l.skin_text
                )));
            };
            let Some(source) = self.data.skins[skin].get_attachment(l.source_slot, &l.source)
            else {
                let has_dictionary = self.data.skins[skin]
                    .attachments
                    .get(l.source_slot)
                    .is_some_and(|d| !d.is_empty());
                if has_dictionary && OBJECT_PROTO.contains(&l.source.as_str()) {
                    // The skin's dictionary is a plain object: `dict["constructor"]`
                    // is inherited, and "linking" to it reads `undefined` geometry.
                    return Err(self.link_to_builtin(&l));
                }
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

impl Cx<'_> {
    /// What linking a mesh to an inherited `Object.prototype` member throws.
    fn link_to_builtin(&mut self, l: &Linked) -> ReadError {
        let regions = match &self.data.attachments[l.mesh].kind {
            AttachmentKind::Mesh(m) => m.sequence.regions.len(),
            _ => 0,
        };
        self.finding(
            &l.path,
            format!("source {:?} names an Object.prototype member", l.source),
        );
        if regions > 0 {
            ReadError::type_error("Cannot read properties of undefined (reading 'length')")
        } else if l.inherit_timelines && l.slot != l.source_slot {
            ReadError::type_error("slots is not iterable")
        } else {
            ReadError::type_error("Cannot read properties of undefined (reading 'length')")
        }
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
