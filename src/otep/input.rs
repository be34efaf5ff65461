//! The host's lines, read from a byte stream with a bound on their length:
//! a line longer than [`MAX_LINE`] is skipped to its end (nothing of it kept
//! beyond the bound), and a line that is not UTF-8 is reported, not taken
//! for the end of the input.

use std::io::{self, BufRead};

/// The longest host line kept, in bytes (without its line break). The
/// longest real OTEP line is a `rules` line: a 19x19 board's rules string
/// with every key is under 2 KiB.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input as the engine sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text (without `\n` or `\r\n`).
    Line(String),
    /// A line of `bytes` bytes, longer than [`MAX_LINE`]: skipped.
    TooLong { bytes: u64 },
    /// A line that is not UTF-8 (OTEP's lines are US-ASCII): skipped.
    NotText,
}

/// Reads [`Input`]s from `R`, holding at most [`MAX_LINE`] bytes of a line.
pub struct LineReader<R> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> LineReader<R> {
        LineReader::with_limit(inner, MAX_LINE)
    }

    /// As [`LineReader::new`] with another bound (for tests).
    pub fn with_limit(inner: R, max: usize) -> LineReader<R> {
        LineReader {
            inner,
            max,
            buf: Vec::with_capacity(max + 1),
        }
    }

    /// The next line; `Ok(None)` at the end of the input. A last line
    /// without a line break still counts.
    pub fn next_input(&mut self) -> io::Result<Option<Input>> {
        self.buf.clear();
        let mut total: u64 = 0;
        let mut ended = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            let (take, found) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = (self.max + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            total += take as u64;
            self.inner.consume(take + usize::from(found));
            if found {
                ended = true;
                break;
            }
        }
        if !ended && total == 0 {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\r') && total as usize <= self.max + 1 {
            self.buf.pop();
            total -= 1;
        }
        if total > self.max as u64 {
            return Ok(Some(Input::TooLong { bytes: total }));
        }
        let line = match std::str::from_utf8(&self.buf) {
            Ok(s) => Input::Line(s.to_string()),
            Err(_) => Input::NotText,
        };
        Ok(Some(line))
    }
}

impl<R> LineReader<R> {
    /// The bytes held for lines: the bound and one more (the buffer is
    /// allocated once and never grows).
    pub fn held(&self) -> usize {
        self.buf.capacity()
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = Input;

    /// The next line; `None` at the end of the input or on a read error.
    fn next(&mut self) -> Option<Input> {
        self.next_input().ok().flatten()
    }
}
