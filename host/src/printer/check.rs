//! This module owns the lines `rigc check` prints (CLI.md §6): the framing,
//! then per set its header, the counts, the MAE line, the slot-drift line and
//! the table of frames worth reading.

use crate::check::SetReport;
use rigc_render::Viewport;

/// How many frames the table lists without `--all-frames`.
pub const TABLE_ROWS: usize = 8;

/// The framing line.
pub fn framing(v: &Viewport, declared: bool) -> String {
    format!(
        "  ..    framed   x={} y={} w={} h={}  {}x{}px, {} px/unit  ({})",
        num(v.x),
        num(v.y),
        num(v.width),
        num(v.height),
        v.pixel_width,
        v.pixel_height,
        num(v.scale),
        if declared {
            "frames.json's own box, declared"
        } else {
            "--viewport"
        }
    )
}

/// A set's lines.
pub fn set_lines(r: &SetReport, all_frames: bool) -> Vec<String> {
    let animation = match &r.animation {
        Some(a) => format!("candidate animation {a:?}"),
        None => "the candidate's setup pose".to_string(),
    };
    let mut out = vec![
        format!("── {} — {animation}, {} fps ──", r.set, num(r.fps)),
        format!(
            "  frames {} on disk, candidate samples {}, {} compared",
            r.on_disk, r.candidate_samples, r.compared
        ),
        format!(
            "  MAE mean {:.2} worst {:.2} at {} (0..255 over the union alpha)",
            r.mean,
            r.worst,
            r.worst_at.as_deref().unwrap_or("—")
        ),
    ];
    out.push(match &r.slot_drift {
        Some(d) if d.px == 0.0 => {
            "  slot drift worst 0.0 px: every drawn slot sits where the reference draws it"
                .to_string()
        }
        Some(d) => format!(
            "  slot drift worst {:.1} px {:?} at {}",
            d.px, d.slot, d.frame
        ),
        None => "  slot drift none (no frame differs)".to_string(),
    });
    let mut rows: Vec<_> = r.frames.iter().collect();
    if !all_frames {
        rows.retain(|f| f.mae > 0.0);
        rows.sort_by(|a, b| b.mae.total_cmp(&a.mae).then(a.index.cmp(&b.index)));
        rows.truncate(TABLE_ROWS);
        rows.sort_by_key(|f| f.index);
    }
    if !rows.is_empty() {
        out.push(format!(
            "  {:<7} {:>7} {:>9}  {:<16} {:>6}",
            "frame", "MAE", "union-px", "worst-slot", "drift"
        ));
        for f in rows {
            let (slot, drift) = match &f.worst_slot {
                Some(d) if d.px == 0.0 => ("—", "0.0".to_string()),
                Some(d) => (d.slot.as_str(), format!("{:.1}", d.px)),
                None => ("—", "—".to_string()),
            };
            out.push(format!(
                "  {:<7} {:>7.2} {:>9}  {:<16} {:>6}",
                f.frame,
                f.mae,
                rigc_render::compare::grouped(f.union_px),
                slot,
                drift
            ));
        }
    }
    out
}

fn num(v: f64) -> String {
    rigc_sdk::spine::num::f64_text((v * 1e6).round() / 1e6)
}
