//! Byte sizes as people write them (`4096`, `64KiB`, `256MiB`, `1GiB`) and back.

use std::fmt;

/// A size argument that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid size `{input}`: {reason} (examples: 4096, 64KiB, 256MiB, 1GiB)")]
pub struct SizeError {
    /// The text as given.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

const UNITS: &[(&str, u64)] = &[
    ("pib", 1 << 50),
    ("tib", 1 << 40),
    ("gib", 1 << 30),
    ("mib", 1 << 20),
    ("kib", 1 << 10),
    ("pb", 1_000_000_000_000_000),
    ("tb", 1_000_000_000_000),
    ("gb", 1_000_000_000),
    ("mb", 1_000_000),
    ("kb", 1_000),
    ("b", 1),
];

/// The largest size taken (8 EiB): room for the sums of sizes a task makes without overflow.
pub const MAX_SIZE: u64 = u64::MAX / 2;

/// Parses `4096`, `64KiB`, `256 MiB`, `1.5GiB`, `2GB` into bytes. Binary units (KiB, MiB, GiB, TiB)
/// are powers of 1024; decimal ones (kB, MB, GB, TB) powers of 1000. Zero is refused: no
/// placement question is asked about nothing.
pub fn parse_size(input: &str) -> Result<u64, SizeError> {
    let err = |reason| SizeError {
        input: input.to_string(),
        reason,
    };
    let s = input.trim();
    if s.is_empty() {
        return Err(err("empty"));
    }
    if s.starts_with('-') {
        return Err(err("negative: a size is at least one byte"));
    }
    let lower = s.to_ascii_lowercase();
    let split = lower
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(lower.len());
    let (num, unit) = lower.split_at(split);
    let unit = unit.trim();
    let scale = if unit.is_empty() {
        1
    } else {
        UNITS
            .iter()
            .find(|(u, _)| *u == unit)
            .map(|(_, m)| *m)
            .ok_or_else(|| err("unknown unit"))?
    };
    if num.is_empty() {
        return Err(err("no number"));
    }
    if unit.is_empty() && num.contains('.') {
        return Err(err("a byte count must be a whole number"));
    }
    // Exactly, in integers: through an f64, `9223372036854775807` came back one more and a
    // large `N.25 KiB` as another size.
    let (int_s, frac_s) = num.split_once('.').unwrap_or((num, ""));
    if (int_s.is_empty() && frac_s.is_empty()) || frac_s.contains('.') {
        return Err(err("not a number"));
    }
    let int: u128 = if int_s.is_empty() {
        0
    } else {
        int_s.parse().map_err(|_| err("too large"))?
    };
    // Twenty decimals are far below a byte at any unit; more are cut off.
    let frac_s = &frac_s[..frac_s.len().min(20)];
    let frac: u128 = if frac_s.is_empty() {
        0
    } else {
        frac_s.parse().map_err(|_| err("not a number"))?
    };
    let denom = 10u128.pow(frac_s.len() as u32);
    let scale = u128::from(scale);
    let bytes = int
        .checked_mul(scale)
        .and_then(|b| b.checked_add((2 * frac * scale + denom) / (2 * denom)))
        .filter(|&b| b <= u128::from(MAX_SIZE))
        .ok_or_else(|| err("too large (at most 8 EiB)"))? as u64;
    if bytes > MAX_SIZE {
        return Err(err("too large (at most 8 EiB)"));
    }
    if bytes < 1 {
        return Err(err("must be at least one byte"));
    }
    Ok(bytes)
}

/// A number as an error message quotes it: as written for everyday magnitudes, in exponent form
/// beyond them (1e300 in full is 301 digits).
pub fn shown(x: f64) -> String {
    if x != 0.0 && !(1e-6..1e15).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// The largest reuse a query takes: a billion GPU passes per CPU update is far beyond any
/// workload, and keeps every answer a finite number.
pub const MAX_REUSE: f64 = 1e9;
/// The largest time in ms a query takes (about 11.6 days for one phase).
pub const MAX_MS: f64 = 1e9;
/// The largest CPU scale a query takes.
pub const MAX_SCALE: f64 = 1e6;

/// Parses a reuse R (GPU passes per CPU update): a number from 1 to [`MAX_REUSE`].
pub fn parse_reuse(s: &str) -> Result<f64, String> {
    let r: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number (R counts GPU passes per CPU update, ≥ 1)"))?;
    if !r.is_finite() || r < 1.0 {
        return Err(format!(
            "`{s}`: R must be at least 1 (GPU passes per CPU update)"
        ));
    }
    if r > MAX_REUSE {
        return Err(format!(
            "`{s}`: R must be at most {MAX_REUSE:e} (larger ones make no finite answer)"
        ));
    }
    Ok(r)
}

/// Parses a finite number from 0 to `max` (a time in ms, a scale).
pub fn parse_bounded(s: &str, max: f64) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 && v <= max => Ok(v),
        Ok(v) if v.is_finite() && v > max => Err(format!(
            "`{s}` is too large (at most {max:e}; larger ones make no finite answer)"
        )),
        _ => Err(format!("`{s}` is not a finite number ≥ 0")),
    }
}

/// Formats bytes with the largest binary unit that keeps the number readable (`1 GiB`, `1.5 GiB`,
/// `64 KiB`, `4095 B`).
pub fn format_size(bytes: u64) -> String {
    Size(bytes).to_string()
}

/// A byte count that displays itself in binary units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Size(pub u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        // The largest unit in which the size is exact to two decimals: `1.5 GiB`, but `4095 B`
        // rather than a rounded `4 KiB` (in u128: bytes × 100 overflows a u64 above 160 PiB).
        let mut i = NAMES.len() - 1;
        let exact = |i: usize| (u128::from(self.0) * 100) % (1u128 << (10 * i)) == 0;
        while i > 0 && (self.0 < (1u64 << (10 * i)) || !exact(i)) {
            i -= 1;
        }
        // In integers: through an f64, u64::MAX bytes printed one more and 2824008912192900 KiB
        // came back as another size (the fuzz harness found it).
        let whole = self.0 >> (10 * i);
        let rem = u128::from(self.0 & ((1u64 << (10 * i)) - 1));
        let hundredths = (rem * 100) >> (10 * i);
        match hundredths {
            0 => write!(f, "{whole} {}", NAMES[i]),
            h if h % 10 == 0 => write!(f, "{whole}.{} {}", h / 10, NAMES[i]),
            h => write!(f, "{whole}.{h:02} {}", NAMES[i]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_forms() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("64KiB"), Ok(65536));
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("1 gib"), Ok(1 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("2GB"), Ok(2_000_000_000));
    }

    #[test]
    fn refuses_nonsense() {
        for bad in [
            "", "GiB", "12XB", "-4", "0", "0.2", "1.5", "1e3", "abc", "1..2MiB",
        ] {
            assert!(parse_size(bad).is_err(), "{bad} should be refused");
        }
        let e = parse_size("12XB").unwrap_err();
        assert!(e.to_string().contains("`12XB`"), "{e}");
    }

    #[test]
    fn formats_round_trip() {
        for b in [1u64, 4095, 4096, 65536, 16 << 20, 1 << 30, 3 << 29] {
            let s = format_size(b);
            assert_eq!(parse_size(&s.replace(' ', "")).unwrap(), b, "{s}");
        }
        assert_eq!(format_size(1 << 30), "1 GiB");
        assert_eq!(format_size(3 << 29), "1.5 GiB");
        assert_eq!(format_size(4095), "4095 B");
        assert_eq!(format_size(1536), "1.5 KiB");
    }

    #[test]
    fn large_sizes_are_exact_and_never_overflow() {
        // f64 parsing made this 9223372036854775808.
        assert_eq!(parse_size("9223372036854775807"), Ok(MAX_SIZE));
        assert!(parse_size("9223372036854775808").is_err());
        assert!(parse_size("18446744073709551615").is_err());
        assert!(parse_size("99999999999999999999999").is_err());
        assert_eq!(parse_size("4PiB"), Ok(1 << 52));
        assert!(
            parse_size("9EiB").is_err(),
            "no EiB unit and too large anyway"
        );
        // bytes × 100 overflowed above ~160 PiB (a panic in debug builds).
        assert_eq!(format_size(u64::MAX), "18446744073709551615 B");
        assert_eq!(format_size(1 << 63), "8 EiB");
        assert_eq!(format_size(200 << 50), "200 PiB");
        assert_eq!(
            format_size((1 << 60) + 1),
            format!("{} B", (1u64 << 60) + 1)
        );
        let e = parse_size("-5").unwrap_err();
        assert!(e.to_string().contains("negative"), "{e}");
    }

    #[test]
    fn reuse_and_times_are_bounded() {
        assert_eq!(parse_reuse("4"), Ok(4.0));
        assert!(parse_reuse("1e308").unwrap_err().contains("at most"));
        assert!(parse_reuse("-1").unwrap_err().contains("at least 1"));
        assert!(parse_reuse("inf").is_err());
        assert!(parse_reuse("NaN").is_err());
        assert_eq!(parse_bounded("0", MAX_MS), Ok(0.0));
        assert!(parse_bounded("1e308", MAX_MS)
            .unwrap_err()
            .contains("too large"));
        assert!(parse_bounded("-1", MAX_MS).is_err());
    }
}
