//! Byte sizes as people write them (`4096`, `64KiB`, `256MiB`, `1GiB`) and back.

use std::fmt;

/// A size argument that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid size `{input}`: {reason} (examples: 4096, 64KiB, 256MiB, 1GiB)")]
pub struct SizeError {
    pub input: String,
    pub reason: &'static str,
}

const UNITS: &[(&str, f64)] = &[
    ("tib", 1024.0 * 1024.0 * 1024.0 * 1024.0),
    ("gib", 1024.0 * 1024.0 * 1024.0),
    ("mib", 1024.0 * 1024.0),
    ("kib", 1024.0),
    ("tb", 1e12),
    ("gb", 1e9),
    ("mb", 1e6),
    ("kb", 1e3),
    ("b", 1.0),
];

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
    let lower = s.to_ascii_lowercase();
    let split = lower
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(lower.len());
    let (num, unit) = lower.split_at(split);
    let unit = unit.trim();
    let scale = if unit.is_empty() {
        1.0
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
    let value: f64 = num.parse().map_err(|_| err("not a number"))?;
    let bytes = value * scale;
    if !bytes.is_finite() || bytes > u64::MAX as f64 / 2.0 {
        return Err(err("too large"));
    }
    let rounded = bytes.round();
    if rounded < 1.0 {
        return Err(err("must be at least one byte"));
    }
    if unit.is_empty() && num.contains('.') {
        return Err(err("a byte count must be a whole number"));
    }
    Ok(rounded as u64)
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
        const NAMES: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
        // The largest unit in which the size is exact to two decimals: `1.5 GiB`, but `4095 B`
        // rather than a rounded `4 KiB`.
        let mut i = NAMES.len() - 1;
        while i > 0 && (self.0 < (1u64 << (10 * i)) || (self.0 * 100) % (1u64 << (10 * i)) != 0) {
            i -= 1;
        }
        let v = self.0 as f64 / (1u64 << (10 * i)) as f64;
        let s = format!("{v:.2}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        write!(f, "{s} {}", NAMES[i])
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
}
