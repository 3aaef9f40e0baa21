//! A pass over a PDF's raw bytes for the streams lopdf decodes while it
//! parses the file's structure, before any load filter can see them.
//!
//! lopdf reads the cross-reference section at every `startxref` offset and
//! at every `/Prev` and `/XRefStm` offset it leads to; when an object stream
//! sits there, lopdf decodes it whole as a cross-reference stream, whatever
//! its `/Type`. A 522 KB file whose xref stream inflated to 600 MB took
//! 600 MB. This pass finds the same offsets (from every `startxref` in the
//! file, a superset of the one lopdf takes), reads the stream dictionary at
//! each with a small tokenizer (names with `#xx` escapes, nested
//! dictionaries and arrays, strings), and measures the stream under the cap
//! through the filters lopdf runs, as the page guard does.

use pdf_extract::{Dictionary, Object, Stream};

use super::find;

/// The most cross-reference sections followed in one file.
const MAX_SECTIONS: usize = 1000;

/// Why lopdf may not parse this file's structure: a stream at a
/// cross-reference offset that decodes past `cap` bytes.
pub(super) fn problem(bytes: &[u8], cap: u64) -> Option<String> {
    let mut pending: Vec<usize> = startxref_offsets(bytes);
    let mut seen: Vec<usize> = Vec::new();
    while let Some(offset) = pending.pop() {
        if seen.contains(&offset) {
            continue;
        }
        if seen.len() >= MAX_SECTIONS {
            return Some(format!(
                "the file chains more than {MAX_SECTIONS} cross-reference sections; it was not read"
            ));
        }
        seen.push(offset);
        let Some(section) = bytes.get(offset..) else {
            continue;
        };
        let (dict, data) = if let Some(rest) = strip_keyword(section, b"xref") {
            // A classic table: its trailer dictionary follows.
            let Some(at) = find(rest, b"trailer") else {
                continue;
            };
            let Some((dict, _)) = rest.get(at + 7..).and_then(dictionary) else {
                continue;
            };
            (dict, None)
        } else {
            match indirect_stream(section) {
                Some((dict, data)) => (dict, Some(data)),
                None => continue,
            }
        };
        if let Some(data) = data {
            let stream = Stream::new(dict.clone(), data.to_vec());
            if super::guard::decoded_len(&stream, cap).is_none() {
                return Some(format!(
                    "a cross-reference stream decodes to more than {} MiB (a flate bomb?); the file was not read",
                    cap >> 20
                ));
            }
        }
        for key in [b"Prev".as_slice(), b"XRefStm"] {
            if let Some(next) = dict
                .get(key)
                .ok()
                .and_then(|v| v.as_i64().ok())
                .and_then(|v| usize::try_from(v).ok())
            {
                pending.push(next);
            }
        }
    }
    None
}

/// The offset after every `startxref` in the file.
fn startxref_offsets(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = bytes.get(at..).and_then(|b| find(b, b"startxref")) {
        at += found + 9;
        let rest = bytes.get(at..).unwrap_or_default();
        let digits: Vec<u8> = rest
            .iter()
            .skip_while(|b| b.is_ascii_whitespace())
            .take_while(|b| b.is_ascii_digit())
            .copied()
            .collect();
        if let Some(offset) = std::str::from_utf8(&digits)
            .ok()
            .and_then(|d| d.parse().ok())
        {
            out.push(offset);
        }
    }
    out
}

/// The text after a keyword at the start (after whitespace).
fn strip_keyword<'a>(bytes: &'a [u8], keyword: &[u8]) -> Option<&'a [u8]> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    bytes.get(start..)?.strip_prefix(keyword)
}

/// `N G obj << … >> stream …`: the dictionary and the stream's bytes (by
/// `/Length` when it is a number, else up to `endstream`).
fn indirect_stream(bytes: &[u8]) -> Option<(Dictionary, &[u8])> {
    let mut lexer = Lexer { bytes, at: 0 };
    let (Some(Token::Number(_)), Some(Token::Number(_)), Some(Token::Keyword(obj))) =
        (lexer.next(), lexer.next(), lexer.next())
    else {
        return None;
    };
    if obj != b"obj" {
        return None;
    }
    let Some(Object::Dictionary(dict)) = lexer.object(0) else {
        return None;
    };
    let Some(Token::Keyword(b"stream")) = lexer.next() else {
        return None;
    };
    let mut start = lexer.at;
    if bytes.get(start) == Some(&b'\r') {
        start += 1;
    }
    if bytes.get(start) == Some(&b'\n') {
        start += 1;
    }
    let rest = bytes.get(start..)?;
    let by_length = dict
        .get(b"Length")
        .ok()
        .and_then(|l| l.as_i64().ok())
        .and_then(|l| usize::try_from(l).ok())
        .and_then(|l| rest.get(..l));
    let data = by_length.or_else(|| rest.get(..find(rest, b"endstream")?))?;
    Some((dict, data))
}

/// `<< … >>` at the start: the dictionary and what follows it.
fn dictionary(bytes: &[u8]) -> Option<(Dictionary, &[u8])> {
    let mut lexer = Lexer { bytes, at: 0 };
    match lexer.object(0)? {
        Object::Dictionary(dict) => Some((dict, bytes.get(lexer.at..)?)),
        _ => None,
    }
}

/// The deepest nesting of dictionaries and arrays read.
const MAX_DEPTH: usize = 64;

#[derive(Debug, PartialEq)]
enum Token<'a> {
    Number(f64),
    Name(Vec<u8>),
    Keyword(&'a [u8]),
    DictStart,
    DictEnd,
    ArrayStart,
    ArrayEnd,
    /// A string or hex string (its content is not needed).
    Text,
}

struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b"()<>[]{}/%".contains(&b)
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() || b == 0 {
                self.at += 1;
            } else if b == b'%' {
                while self.peek().is_some_and(|b| b != b'\n' && b != b'\r') {
                    self.at += 1;
                }
            } else {
                break;
            }
        }
    }

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let b = self.peek()?;
        let rest = self.bytes.get(self.at..)?;
        if rest.starts_with(b"<<") {
            self.at += 2;
            return Some(Token::DictStart);
        }
        if rest.starts_with(b">>") {
            self.at += 2;
            return Some(Token::DictEnd);
        }
        self.at += 1;
        match b {
            b'[' => Some(Token::ArrayStart),
            b']' => Some(Token::ArrayEnd),
            b'<' => {
                while self.peek().is_some_and(|b| b != b'>') {
                    self.at += 1;
                }
                self.at += 1;
                Some(Token::Text)
            }
            b'(' => {
                let mut depth = 1usize;
                while let Some(b) = self.peek() {
                    self.at += 1;
                    match b {
                        b'\\' => self.at += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                Some(Token::Text)
            }
            b'/' => {
                let mut name = Vec::new();
                while let Some(b) = self.peek().filter(|&b| !is_delimiter(b)) {
                    self.at += 1;
                    let hex = self.bytes.get(self.at..self.at + 2);
                    let escaped = hex
                        .filter(|_| b == b'#')
                        .and_then(|h| std::str::from_utf8(h).ok())
                        .and_then(|h| u8::from_str_radix(h, 16).ok());
                    if let Some(byte) = escaped {
                        name.push(byte);
                        self.at += 2;
                    } else {
                        name.push(b);
                    }
                }
                Some(Token::Name(name))
            }
            _ => {
                let start = self.at - 1;
                while self.peek().is_some_and(|b| !is_delimiter(b)) {
                    self.at += 1;
                }
                let word = self.bytes.get(start..self.at)?;
                match std::str::from_utf8(word).ok().and_then(|w| w.parse().ok()) {
                    Some(n) => Some(Token::Number(n)),
                    None => Some(Token::Keyword(word)),
                }
            }
        }
    }

    /// One object: a number (or `N G R`, read as its first number), a
    /// name, an array or a dictionary; `None` at anything else.
    fn object(&mut self, depth: usize) -> Option<Object> {
        if depth > MAX_DEPTH {
            return None;
        }
        match self.next()? {
            Token::Number(n) => {
                // A reference `N G R` stands as its object number: only
                // direct numbers are used, and a reference is never one.
                let save = self.at;
                if let (Some(Token::Number(_)), Some(Token::Keyword(b"R"))) =
                    (self.next(), self.next())
                {
                    return Some(Object::Null);
                }
                self.at = save;
                Some(if n.fract() == 0.0 && n.abs() < 9.0e15 {
                    Object::Integer(n as i64)
                } else {
                    Object::Real(n as f32)
                })
            }
            Token::Name(name) => Some(Object::Name(name)),
            Token::Text | Token::Keyword(_) => Some(Object::Null),
            Token::ArrayStart => {
                let mut items = Vec::new();
                loop {
                    let save = self.at;
                    if self.next()? == Token::ArrayEnd {
                        return Some(Object::Array(items));
                    }
                    self.at = save;
                    items.push(self.object(depth + 1)?);
                }
            }
            Token::DictStart => {
                let mut dict = Dictionary::new();
                loop {
                    match self.next()? {
                        Token::DictEnd => return Some(Object::Dictionary(dict)),
                        Token::Name(key) => {
                            let value = self.object(depth + 1)?;
                            dict.set(key, value);
                        }
                        _ => return None,
                    }
                }
            }
            Token::DictEnd | Token::ArrayEnd => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_dictionary_is_read_with_escapes_nesting_and_strings() {
        let text = b"12 0 obj\n<< /Type /X#52ef /Filter [/FlateDecode] /DecodeParms << /Predictor 12 /Columns 5 >> /ID [(a\\)b) <0A1B>] /Root 1 0 R /Length 3 >>\nstream\r\nabcendstream";
        let Some((dict, data)) = indirect_stream(text) else {
            panic!("the stream was not read");
        };
        assert_eq!(data, b"abc");
        assert_eq!(
            dict.get(b"Type").and_then(Object::as_name).ok(),
            Some(b"XRef".as_slice())
        );
        let parms = dict.get(b"DecodeParms").and_then(Object::as_dict);
        assert_eq!(
            parms
                .and_then(|p| p.get(b"Columns"))
                .and_then(Object::as_i64)
                .ok(),
            Some(5)
        );
        assert_eq!(dict.get(b"Length").and_then(Object::as_i64).ok(), Some(3));
    }

    #[test]
    fn every_startxref_and_its_chain_is_found() {
        assert_eq!(
            startxref_offsets(b"startxref\n120\n%%EOF startxref 7 %%EOF"),
            vec![120, 7]
        );
        assert!(problem(b"%PDF-1.4 nothing here", 1 << 20).is_none());
    }
}
