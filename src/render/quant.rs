//! Palette building (median cut with reserved exact colours) and mapping.

use super::theme::Rgb;
use std::collections::HashMap;

fn dist2(a: Rgb, b: Rgb) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    // Weighted towards green, as the eye is.
    let (r, g, b) = (d(0), d(1), d(2));
    2 * r * r + 4 * g * g + 3 * b * b
}

/// Build a palette of at most `max` colours: every `reserved` colour exactly,
/// the rest chosen by median cut over the weighted `samples`.
pub(crate) fn build(reserved: &[Rgb], samples: &HashMap<Rgb, u32>, max: usize) -> Vec<Rgb> {
    let mut pal: Vec<Rgb> = Vec::new();
    for &r in reserved {
        if !pal.contains(&r) && pal.len() < max {
            pal.push(r);
        }
    }
    let budget = max - pal.len();
    let mut pts: Vec<(Rgb, u32)> = samples
        .iter()
        .filter(|(c, _)| pal.iter().all(|p| dist2(**c, *p) > 12))
        .map(|(c, w)| (*c, *w))
        .collect();
    pts.sort_unstable(); // determinism: HashMap order is random
    if pts.is_empty() || budget == 0 {
        return pal;
    }
    let mut boxes: Vec<Vec<(Rgb, u32)>> = vec![pts];
    while boxes.len() < budget {
        // Pick the box with the largest (range x weight) to split.
        let mut best = None;
        let mut best_score = 0f64;
        for (i, b) in boxes.iter().enumerate() {
            if b.len() < 2 {
                continue;
            }
            let (ch, range) = widest(b);
            let _ = ch;
            let w: u64 = b.iter().map(|p| p.1 as u64).sum();
            let score = range as f64 * (w as f64).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        let Some(i) = best else { break };
        let mut b = boxes.swap_remove(i);
        let (ch, _) = widest(&b);
        b.sort_unstable_by_key(|p| (p.0[ch], p.0));
        let total: u64 = b.iter().map(|p| p.1 as u64).sum();
        let mut acc = 0u64;
        let mut cut = 1;
        for (j, p) in b.iter().enumerate() {
            acc += p.1 as u64;
            if acc * 2 >= total {
                cut = (j + 1).clamp(1, b.len() - 1);
                break;
            }
        }
        let rest = b.split_off(cut);
        boxes.push(b);
        boxes.push(rest);
    }
    for b in &boxes {
        let w: u64 = b.iter().map(|p| p.1 as u64).sum::<u64>().max(1);
        let mut acc = [0u64; 3];
        for (c, n) in b {
            for k in 0..3 {
                acc[k] += c[k] as u64 * *n as u64;
            }
        }
        let mean = [(acc[0] / w) as u8, (acc[1] / w) as u8, (acc[2] / w) as u8];
        if !pal.contains(&mean) {
            pal.push(mean);
        }
    }
    pal
}

fn widest(b: &[(Rgb, u32)]) -> (usize, u8) {
    let mut lo = [255u8; 3];
    let mut hi = [0u8; 3];
    for (c, _) in b {
        for k in 0..3 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    (0..3)
        .map(|k| (k, hi[k] - lo[k]))
        .max_by_key(|&(k, r)| (r, 2 - k))
        .unwrap()
}

/// Index of the palette entry nearest to `c`.
pub(crate) fn nearest(pal: &[Rgb], c: Rgb) -> u8 {
    let mut best = 0;
    let mut bd = u32::MAX;
    for (i, p) in pal.iter().enumerate() {
        let d = dist2(*p, c);
        if d < bd {
            bd = d;
            best = i;
            if d == 0 {
                break;
            }
        }
    }
    best as u8
}

/// Map a whole RGB sprite to palette indices (memoised per call).
pub(crate) fn map(pal: &[Rgb], px: &[Rgb]) -> Vec<u8> {
    let mut memo: HashMap<Rgb, u8> = HashMap::new();
    px.iter()
        .map(|c| *memo.entry(*c).or_insert_with(|| nearest(pal, *c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_quant_keeps_reserved_and_caps_size() {
        let reserved = [[1, 2, 3], [200, 100, 50]];
        let mut samples = HashMap::new();
        for i in 0..=255u8 {
            samples.insert([i, 255 - i, i / 2], 1 + i as u32);
        }
        let pal = build(&reserved, &samples, 40);
        assert!(pal.len() <= 40);
        assert_eq!(&pal[..2], &reserved);
        assert_eq!(nearest(&pal, [200, 100, 50]), 1);
    }
}
