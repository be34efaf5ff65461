//! What a request asks: the language (`?lang=`, else `Accept-Language`),
//! the ply, the page, and a rating graph's server and variant. Every value
//! is bounded: a value too long, not a number, or out of range is as if it
//! were not there (or clamped), never an error.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, Request};

use crate::domain::ServerId;
use crate::i18n::Lang;

/// The longest query string read; the rest is ignored.
const MAX_QUERY: usize = 512;
/// The longest value kept (ids and variant names are short).
const MAX_VALUE: usize = 64;

/// The query of a request.
#[derive(Clone, Debug, Default)]
pub struct Query {
    pub lang: Lang,
    /// The language was chosen by `?lang=`: links keep it.
    pub lang_chosen: bool,
    pub ply: Option<u64>,
    pub page: u32,
    pub server: Option<ServerId>,
    pub variant: Option<String>,
    /// `?solution=1`: a puzzle page shows its solution.
    pub solution: bool,
    /// `?size=s`: a board picture drawn for a phone's screen.
    pub small: bool,
    /// The front page's player search (`?q=`).
    pub search: Option<String>,
}

impl Query {
    /// The ply as part of a cache key.
    pub fn ply_key(&self) -> String {
        self.ply
            .map_or_else(|| "end".to_string(), |p| p.to_string())
    }

    /// `&lang=cy` when the reader chose a language by the query, for links.
    pub fn lang_suffix(&self) -> &'static str {
        match (self.lang_chosen, self.lang) {
            (true, Lang::Cy) => "lang=cy",
            (true, Lang::En) => "lang=en",
            _ => "",
        }
    }

    /// `path` with `params` and the language, as a link.
    pub fn link(&self, path: &str, params: &[(&str, String)]) -> String {
        let mut parts: Vec<String> = params
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect();
        let l = self.lang_suffix();
        if !l.is_empty() {
            parts.push(l.to_string());
        }
        if parts.is_empty() {
            path.to_string()
        } else {
            format!("{path}?{}", parts.join("&"))
        }
    }

    pub fn parse(query: Option<&str>, accept_language: Option<&str>) -> Query {
        let mut q = Query::default();
        let raw = query.unwrap_or("");
        let raw = &raw[..floor_boundary(raw, MAX_QUERY)];
        for pair in raw.split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let Some(v) = decode(v).filter(|v| v.len() <= MAX_VALUE) else {
                continue;
            };
            match k {
                "lang" => {
                    if let Some(l) = Lang::parse(&v) {
                        q.lang = l;
                        q.lang_chosen = true;
                    }
                }
                "ply" => q.ply = v.parse::<u64>().ok(),
                "page" => q.page = v.parse::<u32>().unwrap_or(0),
                "server" if plain_id(&v) => q.server = Some(v.into()),
                "variant" if plain_id(&v) => q.variant = Some(v),
                "solution" => q.solution = v == "1",
                "q" => q.search = Some(v),
                "size" => q.small = v == "s",
                _ => {}
            }
        }
        if !q.lang_chosen {
            q.lang = accept_language.map_or(Lang::En, from_accept_language);
        }
        q
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Query {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let al = parts
            .headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok());
        Ok(Query::parse(parts.uri.query(), al))
    }
}

/// The language of a request, for the middleware's own pages.
pub fn lang_of<B>(req: &Request<B>) -> Lang {
    let al = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    Query::parse(req.uri().query(), al).lang
}

/// The first of our languages in an `Accept-Language` header, by weight
/// (`cy-GB,cy;q=0.9,en;q=0.8` → Welsh); English when none is ours.
pub fn from_accept_language(h: &str) -> Lang {
    let mut best: Option<(f32, usize, Lang)> = None;
    for (i, item) in h.split(',').take(16).enumerate() {
        let mut it = item.split(';');
        let tag = it.next().unwrap_or("").trim();
        let q = it
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|v| v.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let Some(lang) = Lang::parse(tag).filter(|_| tag.len() <= 16) else {
            continue;
        };
        if q <= 0.0 || !q.is_finite() {
            continue;
        }
        // Highest weight first; at equal weights the earlier one.
        if best.is_none_or(|(bq, bi, _)| q > bq || (q == bq && i < bi)) {
            best = Some((q, i, lang));
        }
    }
    best.map_or(Lang::En, |b| b.2)
}

/// An id the archive's paths and queries take: letters, digits, `-`, `_`,
/// `.`, `:`, at most 64 characters.
pub fn plain_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_VALUE
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

fn floor_boundary(s: &str, max: usize) -> usize {
    let mut i = s.len().min(max);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Percent-decoding (and `+` as a space); `None` for bad escapes or
/// bytes that are not UTF-8.
fn decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let h = b.get(i + 1..i + 3)?;
                let h = std::str::from_utf8(h).ok()?;
                out.push(u8::from_str_radix(h, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Percent-encoding of a query value (everything but unreserved bytes).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b':') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_bounded_and_bad_ones_ignored() {
        let q = Query::parse(Some("ply=99999999999999999999999&page=-3&lang=xx"), None);
        assert_eq!(
            (q.ply, q.page, q.lang, q.lang_chosen),
            (None, 0, Lang::En, false)
        );
        let q = Query::parse(Some("ply=12&page=2&lang=cy&server=g%3A1"), None);
        assert_eq!((q.ply, q.page, q.lang), (Some(12), 2, Lang::Cy));
        assert_eq!(q.server.as_deref(), Some("g:1"));
        let long = format!("server={}", "a".repeat(100));
        assert_eq!(Query::parse(Some(&long), None).server, None);
        assert_eq!(Query::parse(Some("server=%3Cscript%3E"), None).server, None);
        assert_eq!(Query::parse(Some("ply=%zz&ply=%"), None).ply, None);
        // Cut in the middle of a character: no panic.
        let s = format!("{}é", "x".repeat(MAX_QUERY - 1));
        let _ = Query::parse(Some(&s), None);
    }

    #[test]
    fn accept_language_picks_the_heaviest_of_ours() {
        assert_eq!(from_accept_language("cy-GB,cy;q=0.9,en;q=0.8"), Lang::Cy);
        assert_eq!(from_accept_language("fr, en;q=0.5, cy;q=0.7"), Lang::Cy);
        assert_eq!(from_accept_language("en-GB,en;q=0.9"), Lang::En);
        assert_eq!(from_accept_language("de"), Lang::En);
        assert_eq!(from_accept_language("cy;q=0, en;q=0.1"), Lang::En);
        assert_eq!(from_accept_language(""), Lang::En);
        // ?lang= wins over the header.
        let q = Query::parse(Some("lang=en"), Some("cy"));
        assert_eq!(q.lang, Lang::En);
    }

    #[test]
    fn links_keep_a_chosen_language_and_encode_values() {
        let q = Query::parse(Some("lang=cy"), None);
        assert_eq!(q.link("/g/1", &[("ply", "3".into())]), "/g/1?ply=3&lang=cy");
        let q = Query::parse(None, Some("cy"));
        assert_eq!(q.link("/g/1", &[]), "/g/1");
        assert_eq!(encode("a b&c"), "a%20b%26c");
    }
}
