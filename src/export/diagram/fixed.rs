//! Fixed-point numbers for the SVG's coordinates, written as `{:.2}` and
//! `{:.4}` write them but without the formatter's exact decimal expansion
//! (the first drawing of a view page's cells and arrows was mostly that).

use std::fmt;

/// `{:.N}` of `v`: the digits of its rounding to `n` decimals, from an
/// integer; a value whose scaled fraction is near one half (where the
/// multiplication's rounding could decide) or that is out of the
/// integer's range goes to the formatter, so the text is always the
/// formatter's.
fn write_fixed(f: &mut fmt::Formatter<'_>, v: f64, n: u32) -> fmt::Result {
    let pow = 10u64.pow(n);
    let scaled = v * pow as f64;
    let frac = scaled - scaled.floor();
    if !(0.0..1e9).contains(&scaled) || (frac - 0.5).abs() < 1e-6 {
        return write!(f, "{:.*}", n as usize, v);
    }
    let rounded = scaled.round() as u64;
    // Digits right to left into a stack buffer: the fraction's n, the
    // point, then the integer part's.
    let mut buf = [0u8; 24];
    let mut i = buf.len();
    let (mut int, mut fr) = (rounded / pow, rounded % pow);
    for _ in 0..n {
        i -= 1;
        buf[i] = b'0' + (fr % 10) as u8;
        fr /= 10;
    }
    if n > 0 {
        i -= 1;
        buf[i] = b'.';
    }
    loop {
        i -= 1;
        buf[i] = b'0' + (int % 10) as u8;
        int /= 10;
        if int == 0 {
            break;
        }
    }
    // ASCII digits and a point only.
    f.write_str(std::str::from_utf8(&buf[i..]).unwrap_or_default())
}

/// Two decimals, as `{:.2}`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F2(pub f64);
/// Four decimals, as `{:.4}`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F4(pub f64);
/// No decimals, as `{:.0}`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct F0(pub f64);

impl fmt::Display for F2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fixed(f, self.0, 2)
    }
}

impl fmt::Display for F4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fixed(f, self.0, 4)
    }
}

impl fmt::Display for F0 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fixed(f, self.0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text is the formatter's for the numbers a diagram writes (any
    /// board size's cells and their fractions) and for random ones,
    /// ties included.
    #[test]
    fn fixed_is_the_formatter_s() {
        let mut values = vec![
            0.0, 0.5, 0.125, 0.375, 2.675, 1.005, 0.045, 1e14, 1e16, -1.5,
        ];
        for size in [80u32, 400, 440, 480, 1000] {
            for files in 1..=16u32 {
                let cell = f64::from(size) / f64::from(files);
                for k in 0..=40u32 {
                    for m in [
                        1.0, 0.5, 0.48, 0.3, 0.08, 0.04, 0.15, 0.06, 0.16, 0.45, 0.22, 1.3, 2.6,
                        3.2,
                    ] {
                        values.push(f64::from(k) * cell * m);
                        values.push(f64::from(k) * cell + cell * m);
                        values.push(cell * m / 3.0);
                    }
                }
                values.push(cell / 100.0);
                values.push(cell / 300.0);
            }
        }
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push((x % 10_000_000) as f64 / 1000.0);
            values.push((x >> 11) as f64 / (1u64 << 40) as f64);
        }
        for v in values {
            assert_eq!(F2(v).to_string(), format!("{v:.2}"), "{v:?}");
            assert_eq!(F4(v).to_string(), format!("{v:.4}"), "{v:?}");
            assert_eq!(F0(v).to_string(), format!("{v:.0}"), "{v:?}");
        }
    }
}
