//! This module owns how JavaScript spells a number (ECMAScript
//! `Number::toString`): a double as it is, and a float32 as the double that
//! holds it — the spellings of `JSON.stringify` and of the oracle's documents.

/// The text of a float32 as JavaScript prints the double holding it
/// (`String(Math.fround(x))`, what a float32 reads back as): the shortest decimal
/// that reads back as the same float32 (`1/60` → `0.016666668`, `0.05` → `0.05`), `-0` as `0`,
/// integers without `.0`, exponent form only below 1e-6 or from 1e21 up (as JS does).
///
/// Non-finite values have no JSON spelling; they are written `null`, which is what
/// `JSON.stringify` does.
///
/// ```
/// use rigc_spine::num::f32_text;
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
}
