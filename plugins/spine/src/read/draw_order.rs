//! Draw-order timelines (`drawOrder`, `drawOrderFolder`) with
//! `readDrawOrder` — refusing the descending offsets the runtime would loop on
//! forever — and the event timeline.

use super::keys::{key_num, len, store, timeline, Rule};
use super::values::{get_value, lookup_key, require_name};
use super::{Cx, ReadError, R};
use crate::data::{Event, Timeline, TimelineKind as K};
use crate::json::Js;

impl Cx<'_> {
    pub(super) fn draw_order_timelines(
        &mut self,
        map: Js<'_>,
        tls: &mut Vec<Timeline>,
        path: &str,
    ) -> R<()> {
        let slot_count = self.data.slots.len();
        let dorder = map.get("drawOrder")?;
        if dorder.truthy() {
            let n = len(dorder)?;
            let items = dorder
                .for_of()
                .ok_or_else(|| ReadError::type_error("map.drawOrder is not iterable"))?;
            let mut t = timeline(K::DrawOrder(Vec::new()), n, 0, false);
            let mut orders = Vec::new();
            for (f, m) in items.into_iter().enumerate() {
                let time = key_num(m, "time", 0.0, Rule::Get)?;
                store(&mut t, f, &[time]);
                orders.push(self.read_draw_order(
                    m,
                    slot_count,
                    None,
                    &format!("{path}.drawOrder[{f}]"),
                )?);
            }
            t.kind = K::DrawOrder(orders);
            tls.push(t);
        }
        let folders = map.get("drawOrderFolder")?;
        if folders.truthy() {
            let items = folders
                .for_of()
                .ok_or_else(|| ReadError::type_error("map.drawOrderFolder is not iterable"))?;
            for (fi, tm) in items.into_iter().enumerate() {
                let mut slots = Vec::new();
                if let Some(entries) = get_value(tm, "slots")? {
                    for e in entries
                        .for_of()
                        .ok_or_else(|| ReadError::type_error("slotEntries is not iterable"))?
                    {
                        let slot = self.find_slot(e)?.ok_or_else(|| {
                            ReadError::thrown(format!(
                                "Draw order folder slot not found: {}",
                                e.to_js_string()
                            ))
                        })?;
                        slots.push(slot);
                    }
                }
                let keys: Vec<Js<'_>> = match get_value(tm, "keys")? {
                    None => Vec::new(),
                    Some(k) => k.for_of().ok_or_else(|| {
                        ReadError::type_error("drawOrderFolderEntries is not iterable")
                    })?,
                };
                let mut t = timeline(
                    K::DrawOrderFolder {
                        slots: Vec::new(),
                        orders: Vec::new(),
                    },
                    keys.len(),
                    0,
                    false,
                );
                let mut orders = Vec::new();
                for (f, m) in keys.into_iter().enumerate() {
                    store(&mut t, f, &[key_num(m, "time", 0.0, Rule::Get)?]);
                    orders.push(self.read_draw_order(
                        m,
                        slots.len(),
                        Some(&slots),
                        &format!("{path}.drawOrderFolder[{fi}].keys[{f}]"),
                    )?);
                }
                t.kind = K::DrawOrderFolder { slots, orders };
                tls.push(t);
            }
        }
        Ok(())
    }

    /// `readDrawOrder`; refuses offsets whose slots are not in ascending order
    /// (the runtime's `while (originalIndex !== index)` never ends on them).
    fn read_draw_order(
        &mut self,
        keys: Js<'_>,
        slot_count: usize,
        folder: Option<&[usize]>,
        path: &str,
    ) -> R<Option<Vec<Option<usize>>>> {
        let changes = keys.get("offsets")?;
        if !changes.truthy() {
            return Ok(None);
        }
        let changes_len = changes.length()?;
        let Some(unchanged_len) = changes_len.and_then(|c| slot_count.checked_sub(c)) else {
            return Err(ReadError::type_error("Invalid array length"));
        };
        let mut order: Vec<Option<i64>> = vec![Some(-1); slot_count];
        let mut unchanged: Vec<Option<i64>> = vec![None; unchanged_len];
        let (mut original, mut ui) = (0usize, 0i64);
        let items = changes
            .for_of()
            .ok_or_else(|| ReadError::type_error("changes is not iterable"))?;
        let put = |u: &mut Vec<Option<i64>>, i: i64, v: usize| {
            if i >= 0 {
                if u.len() <= i as usize {
                    u.resize(i as usize + 1, None);
                }
                u[i as usize] = Some(v as i64);
            }
        };
        for m in items {
            let slot_v = m.get("slot")?;
            let slot = self.find_slot(slot_v)?.ok_or_else(|| {
                ReadError::thrown(format!(
                    "Draw order slot not found: {}",
                    slot_v.to_js_string()
                ))
            })?;
            let index = match folder {
                None => slot,
                Some(f) => f.iter().position(|&s| s == slot).ok_or_else(|| {
                    ReadError::thrown(format!("Slot not in folder: {}", slot_v.to_js_string()))
                })?,
            };
            if index < original {
                return Err(ReadError::hang(format!(
                    "{path}: draw order offsets must list slots in ascending setup order ({} comes after a later slot); spine-core 4.3.13 loops forever on this",
                    slot_v.to_js_string()
                )));
            }
            while original != index {
                put(&mut unchanged, ui, original);
                ui += 1;
                original += 1;
            }
            let offset_v = m.get("offset")?;
            let target = original as f64 + self.coerce(offset_v, &format!("{path}.offset"));
            if target >= 0.0 && target.fract() == 0.0 && (target as usize) < slot_count {
                order[target as usize] = Some(original as i64);
            } else {
                self.finding(
                    path,
                    format!(
                        "offset moves {} to {target}, outside the draw order",
                        slot_v.to_js_string()
                    ),
                );
            }
            original += 1;
        }
        while original < slot_count {
            put(&mut unchanged, ui, original);
            ui += 1;
            original += 1;
        }
        for i in (0..slot_count).rev() {
            if order[i] == Some(-1) {
                ui -= 1;
                order[i] = if ui >= 0 {
                    unchanged.get(ui as usize).copied().flatten()
                } else {
                    None
                };
            }
        }
        if order.iter().any(|o| o.is_none()) {
            self.finding(path, "overlapping offsets leave holes in the draw order");
        }
        Ok(Some(
            order
                .into_iter()
                .map(|o| o.and_then(|v| usize::try_from(v).ok()))
                .collect(),
        ))
    }

    pub(super) fn event_timeline(&mut self, events: Js<'_>, tls: &mut Vec<Timeline>) -> R<()> {
        if !events.truthy() {
            return Ok(());
        }
        let n = events.length_num()?;
        let mut t = timeline(K::Event(Vec::new()), len(events)?, 0, false);
        let mut list = Vec::new();
        let mut i = 0usize;
        while (i as f64) < n {
            let m = events.at(i)?;
            let name_v = m.get("name")?;
            require_name(name_v, "eventDataName")?;
            let data = lookup_key(name_v)
                .and_then(|k| self.data.find_event(&k))
                .ok_or_else(|| {
                    ReadError::thrown(format!("Event not found: {}", name_v.to_js_string()))
                })?;
            let setup = self.data.events[data].clone();
            let time = f64::from(key_num(m, "time", 0.0, Rule::Get)? as f32);
            let string_value = match get_value(m, "string")? {
                None => setup.string_value.clone(),
                Some(v) if v.is_nullish() => None,
                Some(v) => Some(self.string_of(v, "event string")),
            };
            let mut e = Event {
                time,
                data,
                int_value: key_num(m, "int", setup.int_value, Rule::Get)?,
                float_value: key_num(m, "float", setup.float_value, Rule::Get)?,
                string_value,
                volume: 0.0,
                balance: 0.0,
            };
            if setup.has_audio {
                e.volume = key_num(m, "volume", setup.volume, Rule::Get)?;
                e.balance = key_num(m, "balance", setup.volume, Rule::Get)?;
            }
            store(&mut t, i, &[time]);
            list.push(e);
            i += 1;
        }
        t.kind = K::Event(list);
        tls.push(t);
        Ok(())
    }
}
