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
    let mut out = Vec::with_capacity(16);
    if f == 0.0 {
        out.push(b'0');
    } else {
        laid_out(format_args!("{f:e}"), &mut out);
    }
    into_string(out)
}

/// The text of a float64 laid out as JavaScript prints it (shortest round trip of
/// the double). Used where a number is not float32 content (report figures).
pub fn f64_text(x: f64) -> String {
    if !x.is_finite() {
        return "null".to_string();
    }
    let mut out = Vec::with_capacity(24);
    push_f64_text(x, &mut out);
    into_string(out)
}

/// [`f64_text`] of a finite `x`, appended to `out` without allocating (a
/// writer of many numbers, such as the pose document, calls this); a
/// non-finite `x` appends `null`.
///
/// ```
/// let mut out = b"x=".to_vec();
/// rigc_spine::num::push_f64_text(1.0 / 3.0, &mut out);
/// assert_eq!(out, b"x=0.3333333333333333");
/// ```
pub fn push_f64_text(x: f64, out: &mut Vec<u8>) {
    if !x.is_finite() {
        out.extend_from_slice(b"null");
    } else if x == 0.0 {
        out.push(b'0');
    } else if x == x.trunc() && x.abs() < MAX_SAFE_INTEGER {
        // An integer below 2^53 is its own shortest spelling: every other
        // decimal with as few digits is another integer, at least 1 away,
        // and its rounding interval is at most 1 wide. (Most numbers of a
        // pose are such: indices, flags, whole colour channels.)
        push_integer(x as i64, out);
    } else {
        laid_out(format_args!("{x:e}"), out);
    }
}

/// 2^53: below it every integer is a double, one apart at most.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_992.0;

fn into_string(bytes: Vec<u8>) -> String {
    // The layout writes ASCII only.
    String::from_utf8(bytes).unwrap_or_default()
}

/// A fixed buffer for Rust's shortest scientific form of one number (at
/// most 24 bytes for a double: `-1.2345678901234567e-308`).
struct Sci {
    bytes: [u8; 32],
    len: usize,
}

impl std::fmt::Write for Sci {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Formats `sci` (a `{:e}` of a nonzero finite number) into a fixed
/// buffer and appends its JavaScript layout to `out`.
fn laid_out(sci: std::fmt::Arguments<'_>, out: &mut Vec<u8>) {
    let mut buf = Sci {
        bytes: [0; 32],
        len: 0,
    };
    if std::fmt::Write::write_fmt(&mut buf, sci).is_ok() {
        js_layout(&buf.bytes[..buf.len], out);
    } else {
        // Longer than any `{:e}` of a float: not reached.
        js_layout(sci.to_string().as_bytes(), out);
    }
}

/// Lays out Rust's shortest scientific form (`-1.6666668e-2`) the way
/// ECMAScript Number::toString does, appending it to `out`.
fn js_layout(sci: &[u8], out: &mut Vec<u8>) {
    let (neg, body) = match sci.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, sci),
    };
    let e = body.iter().position(|&c| c == b'e').unwrap_or(body.len());
    let (mantissa, exp) = (&body[..e], body.get(e + 1..).unwrap_or_default());
    let exp: i32 = std::str::from_utf8(exp)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    let mut all = [0u8; 32];
    let mut k = 0;
    for &c in mantissa.iter().filter(|&&c| c != b'.').take(all.len()) {
        all[k] = c;
        k += 1;
    }
    while k > 0 && all[k - 1] == b'0' {
        k -= 1;
    }
    if k == 0 {
        all[0] = b'0';
        k = 1;
    }
    let digits = &all[..k];
    let k = k as i32;
    let n = exp + 1;
    if neg {
        out.push(b'-');
    }
    if k <= n && n <= 21 {
        out.extend_from_slice(digits);
        out.extend(std::iter::repeat_n(b'0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.extend_from_slice(&digits[..n as usize]);
        out.push(b'.');
        out.extend_from_slice(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.extend_from_slice(b"0.");
        out.extend(std::iter::repeat_n(b'0', (-n) as usize));
        out.extend_from_slice(digits);
    } else {
        out.push(digits[0]);
        if k > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        let e = n - 1;
        if e >= 0 {
            out.push(b'+');
        }
        push_integer(i64::from(e), out);
    }
}

/// The decimal digits of `i`, `-` first when negative.
fn push_integer(i: i64, out: &mut Vec<u8>) {
    if i < 0 {
        out.push(b'-');
    }
    let mut m = i.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// The float32 the runtime stores for `x`, widened back to f64.
pub fn f32_of(x: f64) -> f64 {
    (x as f32) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer fast path spells what the shortest round trip does.
    #[test]
    fn integers_spell_as_their_shortest_round_trip() {
        let general = |x: f64| {
            let mut out = Vec::new();
            laid_out(format_args!("{x:e}"), &mut out);
            out
        };
        let mut z: u64 = 0x00DD_BA11_5EED;
        let mut checked = 0;
        for k in 0..200_000u64 {
            z ^= z << 13;
            z ^= z >> 7;
            z ^= z << 17;
            let edge = MAX_SAFE_INTEGER - (k % 1000) as f64;
            for x in [
                (z >> (z % 64)) as f64,
                -((z >> 11) as f64),
                k as f64,
                edge,
                -edge / 2.0,
            ] {
                let x = x.trunc();
                if x == 0.0 || x.abs() >= MAX_SAFE_INTEGER {
                    continue;
                }
                let mut fast = Vec::new();
                push_f64_text(x, &mut fast);
                assert_eq!(fast, general(x), "{x}");
                checked += 1;
            }
        }
        assert!(checked > 900_000);
    }

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
