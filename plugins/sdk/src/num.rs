//! This module owns how numbers and names are spelled in what rigc writes: the
//! shortest decimal that round-trips to a float32 (DECISIONS.md), laid out the way
//! JavaScript's `Number.prototype.toString` lays a number out, and the natural,
//! case-insensitive order animations are emitted in.

use std::cmp::Ordering;

/// The text of `x` as written into `skeleton.json`: the shortest decimal that reads
/// back as the same float32 (`1/60` → `0.016666668`, `0.05` → `0.05`), `-0` as `0`,
/// integers without `.0`, exponent form only below 1e-6 or from 1e21 up (as JS does).
///
/// Non-finite values have no JSON spelling; they are written `null`, which is what
/// `JSON.stringify` does and what every reader of the file sees as "no number".
///
/// ```
/// use rigc_sdk::num::f32_text;
/// assert_eq!(f32_text(1.0 / 60.0), "0.016666668");
/// assert_eq!(f32_text(0.05), "0.05");
/// assert_eq!(f32_text(-0.0), "0");
/// assert_eq!(f32_text(576.0), "576");
/// assert_eq!(f32_text(1e-7), "1e-7");
/// ```
pub fn f32_text(x: f64) -> String {
    let f = x as f32;
    if !f.is_finite() {
        return "null".to_string();
    }
    if f == 0.0 {
        return "0".to_string();
    }
    js_layout(&format!("{:e}", f))
}

/// The text of a float64 laid out as JavaScript prints it (shortest round trip of
/// the double). Used where a number is not float32 content (report figures).
pub fn f64_text(x: f64) -> String {
    if !x.is_finite() {
        return "null".to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    js_layout(&format!("{:e}", x))
}

/// Lays out Rust's shortest scientific form (`-1.6666668e-2`) the way
/// ECMAScript Number::toString does.
fn js_layout(sci: &str) -> String {
    let (neg, body) = match sci.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, sci),
    };
    let (mantissa, exp) = body.split_once('e').unwrap_or((body, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let k = digits.len() as i32;
    let n = exp + 1;
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if k <= n && n <= 21 {
        out.push_str(digits);
        for _ in 0..(n - k) {
            out.push('0');
        }
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        for _ in 0..(-n) {
            out.push('0');
        }
        out.push_str(digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        let e = n - 1;
        if e >= 0 {
            out.push('+');
        }
        out.push_str(&e.to_string());
    }
    out
}

/// The float32 the runtime stores for `x`, widened back to f64.
pub fn f32_of(x: f64) -> f64 {
    (x as f32) as f64
}

/// Natural, case-insensitive order of names (DECISIONS.md): digit runs compare as
/// numbers (`walk2` < `walk10`), letters compare case-folded, and names equal under
/// that order fall back to byte order so the result is total.
///
/// ```
/// use rigc_sdk::num::natural_cmp;
/// let mut v = vec!["walk10", "Idle", "walk2", "idle2", "idle"];
/// v.sort_by(|a, b| natural_cmp(a, b));
/// assert_eq!(v, ["Idle", "idle", "idle2", "walk2", "walk10"]);
/// ```
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    natural_key_cmp(a, b).then_with(|| a.as_bytes().cmp(b.as_bytes()))
}

fn natural_key_cmp(a: &str, b: &str) -> Ordering {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].is_ascii_digit() && b[j].is_ascii_digit() {
            let si = i;
            while i < a.len() && a[i].is_ascii_digit() {
                i += 1;
            }
            let sj = j;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let da: String = a[si..i].iter().collect();
            let db: String = b[sj..j].iter().collect();
            let ta = da.trim_start_matches('0');
            let tb = db.trim_start_matches('0');
            let ord = ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb));
            if ord != Ordering::Equal {
                return ord;
            }
            continue;
        }
        let ca: String = a[i].to_lowercase().collect();
        let cb: String = b[j].to_lowercase().collect();
        let ord = ca.cmp(&cb);
        if ord != Ordering::Equal {
            return ord;
        }
        i += 1;
        j += 1;
    }
    (a.len() - i).cmp(&(b.len() - j))
}

/// Lowercase two-digit hex of a colour channel given in 0..1:
/// `round(clamp(v, 0, 1) · 255)` (JS `Math.round`, half up).
pub fn channel_hex(v: f64) -> String {
    let c = (v.clamp(0.0, 1.0) * 255.0 + 0.5).floor() as u8;
    format!("{c:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_layout_matches_number_to_string() {
        assert_eq!(f32_text(0.1), "0.1");
        assert_eq!(f32_text(1e21), "1e+21");
        assert_eq!(f32_text(123456789.0), "123456790");
        assert_eq!(f32_text(-2.5), "-2.5");
        assert_eq!(f32_text(0.000001), "0.000001");
        assert_eq!(f32_text(1.5e-7), "1.5e-7");
        assert_eq!(f32_text(f64::NAN), "null");
        assert_eq!(f64_text(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(f64_text(100.0), "100");
    }

    #[test]
    fn every_f32_text_reads_back_as_the_same_f32() {
        for bits in (0u32..u32::MAX).step_by(9_999_991) {
            let f = f32::from_bits(bits);
            if !f.is_finite() {
                continue;
            }
            let t = f32_text(f as f64);
            let back: f32 = t.parse().expect("parses");
            assert!(
                back == f || (back == 0.0 && f == 0.0),
                "{f} -> {t} -> {back}"
            );
        }
    }

    #[test]
    fn natural_order_is_total() {
        assert_eq!(natural_cmp("a", "A"), Ordering::Greater);
        assert_eq!(natural_cmp("anim_2", "anim_10"), Ordering::Less);
        assert_eq!(natural_cmp("x01", "x1"), Ordering::Less);
        assert_eq!(channel_hex(0.5), "80");
        assert_eq!(channel_hex(1.2), "ff");
    }
}
