//! A row of squares compressed from what it is made of, not searched.
//!
//! A band of a board's picture that shows a rank (`Band::Row`) is, row by
//! row, a filter byte, the frame on the left, each square's sprite row,
//! and the frame on the right. The renderer knows where each byte comes
//! from, so the LZ77 matches need not be searched for (the search was most
//! of a move's picture, docs/performance.md "Session 15"):
//!
//! - a sprite row that is the same as the one above it is a copy one
//!   scanline back;
//! - a square that looks like one further left in the same rank is a copy
//!   of it, a few squares back;
//! - otherwise the sprite row's own tokens, worked out once per sprite
//!   ([`TileRows`]): matches one row up at the same place, or earlier in
//!   the same row, and literals. Their distances hold anywhere the sprite
//!   is drawn (one row up is one scanline back);
//! - the frame beside the squares: a copy one scanline back where it is
//!   the same as the row above, else its bytes (runs as copies one back).
//!
//! Matches of one distance that follow each other merge into long tokens
//! (`deflate::Tokens`), so a plain stretch of board is a few tokens a
//! scanline, as a search finds it. Every token stays inside the band, so
//! the block stands alone (render/bands.rs).

use std::sync::Arc;

use super::deflate::{self, Buffers, Piece, Tokens};
use super::SquareKey;

/// How each row of one sprite is written: worked out once per sprite.
pub(super) struct TileRows {
    rows: Vec<Row>,
    toks: Vec<Tok>,
}

#[derive(Clone, Copy)]
enum Row {
    /// The same as the row above: one copy.
    Above,
    /// `toks[start..end]`.
    Toks(u32, u32),
}

/// A literal (`len` 0, the byte in `left`) or a match `len` bytes long,
/// `up` rows up and `left` places to the left (negative: to the right),
/// inside the sprite: `up` scanlines and `left` bytes back wherever it is
/// drawn.
#[derive(Clone, Copy)]
struct Tok {
    len: u16,
    up: u16,
    left: i16,
}

/// Matches shorter than this are written as literals.
const MIN_COPY: usize = 4;

/// The tokens of every row of `px`, a sprite `s` pixels wide drawn in
/// scanlines `stride` bytes long (greedy: the longest match anywhere
/// earlier in the sprite within DEFLATE's window; rows of a disc repeat the
/// rows above them, mirrored and shifted).
pub(super) fn tile_rows(px: &[u8], s: usize, stride: usize) -> TileRows {
    let mut rows = Vec::with_capacity(px.len() / s.max(1));
    let mut toks = Vec::new();
    // Where each 4-byte string starts in the rows before (x, y).
    let mut seen: std::collections::HashMap<[u8; 4], Vec<(usize, usize)>> = Default::default();
    for (y, row) in px.chunks_exact(s).enumerate() {
        if y > 0 && px[(y - 1) * s..y * s] == *row {
            rows.push(Row::Above);
            continue;
        }
        let start = toks.len() as u32;
        let mut x = 0;
        while x < s {
            // (length, rows up, places left: negative for right).
            let mut best = (0, 0, 0);
            for from in 0..x {
                let l = common(row, row, from, x);
                if l > best.0 {
                    best = (l, 0, (x - from) as i32);
                }
            }
            if x + 4 <= s {
                let four: [u8; 4] = row[x..x + 4].try_into().unwrap_or_default();
                // Nearest first: of two as long, the nearer costs fewer bits.
                for &(fx, fy) in seen.get(&four).into_iter().flatten().rev() {
                    if (y - fy) * stride + x >= deflate::WINDOW + fx {
                        continue;
                    }
                    let l = common(row, &px[fy * s..(fy + 1) * s], fx, x);
                    if l > best.0 {
                        best = (l, y - fy, x as i32 - fx as i32);
                    }
                }
            }
            if best.0 >= MIN_COPY {
                toks.push(Tok {
                    len: best.0 as u16,
                    up: best.1 as u16,
                    left: best.2 as i16,
                });
                x += best.0;
            } else {
                toks.push(Tok {
                    len: 0,
                    up: 0,
                    left: row[x] as i16,
                });
                x += 1;
            }
        }
        rows.push(Row::Toks(start, toks.len() as u32));
        for x in 0..s.saturating_sub(3) {
            let four: [u8; 4] = row[x..x + 4].try_into().unwrap_or_default();
            seen.entry(four).or_default().push((x, y));
        }
    }
    TileRows { rows, toks }
}

/// How many bytes of `a` from `i` equal those of `b` from `j` (to the end
/// of either; `b` may be `a` itself, with `j < i`: an overlapping copy).
fn common(a: &[u8], b: &[u8], j: usize, i: usize) -> usize {
    a[i..]
        .iter()
        .zip(&b[j..])
        .take_while(|(x, y)| x == y)
        .count()
}

/// One square of a rank, as drawn: where it starts in its scanline (in
/// bytes, after the filter byte), its look, and its rows' tokens.
pub(super) struct Square {
    pub at: usize,
    pub key: SquareKey,
    pub rows: Arc<TileRows>,
}

/// The block of a `Band::Row` band: `bytes` are its scanlines (`stride`
/// bytes each, as many as a square is tall), `squares` its squares left to
/// right, each `s` pixels wide.
pub(super) fn row_band(
    b: &mut Buffers,
    bytes: &[u8],
    stride: usize,
    s: usize,
    squares: &[Square],
) -> Piece {
    deflate::piece_of_tokens(b, bytes, stride, |t| {
        // The right margin's label is the left one's, `m + bw + 2` pixels
        // further right (`frame_bg`): the right margin starts at `1 + m + bw`.
        let right = squares.last().map_or(0, |q| q.at + s) + 1;
        for (y, line) in bytes.chunks_exact(stride).enumerate() {
            let mut at = 0;
            for (j, sq) in squares.iter().enumerate() {
                // The left margin's label is also the right one's of the
                // row above.
                let other = (j == 0).then_some(stride - right);
                frame(t, bytes, y, (at, sq.at), stride, other);
                let earlier = squares[..j].iter().rev().find(|o| o.key == sq.key);
                match (sq.rows.rows[y], earlier) {
                    (Row::Above, _) => t.copy(stride, s),
                    (_, Some(o)) => t.copy(sq.at - o.at, s),
                    (Row::Toks(a, z), None) => {
                        // Squares that look alike in part: the one to the
                        // left, and the last with the same piece.
                        let near = [
                            j.checked_sub(1).map(|k| sq.at - squares[k].at),
                            squares[..j]
                                .iter()
                                .rev()
                                .find(|o| o.key.piece == sq.key.piece)
                                .map(|o| sq.at - o.at),
                        ];
                        let toks = &sq.rows.toks[a as usize..z as usize];
                        square_row(t, line, (sq.at, sq.at + s), toks, stride, near);
                    }
                }
                at = sq.at + s;
            }
            frame(t, bytes, y, (at, stride), stride, Some(right));
        }
    })
}

/// One row of a square, `line[from..to]`, from its sprite's tokens
/// `toks`; where the same place in a square to the left (`near`: how far
/// back) matches longer than the next token, that match instead.
fn square_row(
    t: &mut Tokens,
    line: &[u8],
    (from, to): (usize, usize),
    toks: &[Tok],
    stride: usize,
    near: [Option<usize>; 2],
) {
    let mut p = from;
    // The next token, and how many of its bytes are already written.
    let (mut k, mut done) = (0, 0);
    while p < to {
        let tok = toks[k];
        let left = tok.len.max(1) as usize - done;
        let mut best = (0, 0);
        for d in near.into_iter().flatten() {
            let l = line[p..to]
                .iter()
                .zip(&line[p - d..])
                .take_while(|(a, b)| a == b)
                .count();
            if l > best.0 {
                best = (l, d);
            }
        }
        if best.0 >= MIN_COPY && best.0 > left {
            t.copy(best.1, best.0);
            p += best.0;
            // Skip the tokens it covered (the last perhaps in part).
            let mut n = best.0 + done;
            while k < toks.len() && n >= toks[k].len.max(1) as usize {
                n -= toks[k].len.max(1) as usize;
                k += 1;
            }
            done = n;
            continue;
        }
        match tok.len {
            0 => t.literal(tok.left as u8),
            _ if left < 3 => line[p..p + left].iter().for_each(|&b| t.literal(b)),
            _ => t.copy(
                (tok.up as usize * stride).wrapping_add_signed(tok.left as isize),
                left,
            ),
        }
        p += left;
        k += 1;
        done = 0;
    }
}

/// `line[from..to]`, frame (or the filter byte): one copy from the row
/// above where it is the same, else the longest of a match one row up, one
/// byte back (a run) or `other` bytes back (the right margin's label is the
/// left one's).
fn frame(
    t: &mut Tokens,
    bytes: &[u8],
    y: usize,
    (from, to): (usize, usize),
    stride: usize,
    other: Option<usize>,
) {
    let (row, end) = (y * stride, y * stride + to);
    if to - from >= 3 && y > 0 && bytes[row + from..end] == bytes[row + from - stride..end - stride]
    {
        t.copy(stride, to - from);
        return;
    }
    // One row up, a run, `other`, a label's glyph repeating its own rows.
    let near = [
        Some(stride),
        Some(1),
        other,
        Some(2 * stride),
        Some(3 * stride),
    ];
    let mut g = row + from;
    while g < end {
        let mut best = (0, 0);
        for d in near.into_iter().flatten().filter(|&d| d <= g) {
            let l = bytes[g..end]
                .iter()
                .zip(&bytes[g - d..])
                .take_while(|(a, b)| a == b)
                .count();
            if l > best.0 {
                best = (l, d);
            }
        }
        if best.0 >= MIN_COPY {
            t.copy(best.1, best.0);
            g += best.0;
        } else {
            t.literal(bytes[g]);
            g += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of a sprite spelled by its tokens is the row.
    #[test]
    fn render_tile_rows_spell_the_sprite() {
        let s = 13;
        let px: Vec<u8> = (0..s * 9)
            .map(|i| {
                let (x, y) = (i % s, i / s);
                match y {
                    2 | 3 => 5,
                    _ => ((x * x + y) % 7) as u8 & if y > 6 { 0 } else { 3 },
                }
            })
            .collect();
        let t = tile_rows(&px, s, 40);
        for (y, row) in px.chunks_exact(s).enumerate() {
            let mut out: Vec<u8> = Vec::new();
            match t.rows[y] {
                Row::Above => out.extend_from_slice(&px[(y - 1) * s..y * s]),
                Row::Toks(a, z) => {
                    for k in &t.toks[a as usize..z as usize] {
                        for _ in 0..k.len.max(1) {
                            let x = out.len() as isize - k.left as isize;
                            out.push(match (k.len, k.up) {
                                (0, _) => k.left as u8,
                                (_, 0) => out[x as usize],
                                (_, up) => px[(y - up as usize) * s + x as usize],
                            });
                        }
                    }
                }
            }
            assert_eq!(out, row, "row {y}");
        }
        assert!(matches!(t.rows[3], Row::Above));
    }
}
