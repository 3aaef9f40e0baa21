//! Path-painting operators pdf-extract drops.
//!
//! pdf-extract 0.12 paints a path only on `S` (stroke) and `f`/`F` (fill).
//! `B`, `B*`, `b`, `b*` (fill and stroke), `s` (close and stroke) and `f*`
//! (fill, even-odd) are logged and skipped, and the path is kept for the
//! next painting operator. A generator that draws every rule as
//! `x y m x y l B` (JPMorgan's 10-Q) would give the table reader no rule at
//! all. A page whose content strokes with them is shown to pdf-extract with
//! each spelled as the operator it handles that draws the same edges: `S`
//! for `B` and `B*` (their fill adds no edge a rule reader uses), `h S` for
//! `b`, `b*` and `s`.
//!
//! Decisions: `f*` is left as it is (its thin rectangles stay unread as
//! before): read as rules, the cell borders tabula's
//! `spreadsheet_no_bounding_frame.pdf` fills with it make a lattice of a
//! table without a frame, and its recall fell from 1.000 to 0.805. Only the
//! page's own content is rewritten; a form XObject stroking with these
//! operators still loses its rules.

use pdf_extract::{Dictionary, Object, ObjectId, Stream};

use super::PdfDocument;

/// The page's `/Contents` before [`respell`] replaced it.
pub(super) struct Respelled {
    page: ObjectId,
    contents: Object,
    stream: ObjectId,
}

impl Respelled {
    /// Puts the page's own content back.
    pub(super) fn restore(self, doc: &mut PdfDocument) {
        doc.objects.remove(&self.stream);
        if let Ok(Object::Dictionary(page)) = doc.get_object_mut(self.page) {
            page.set("Contents", self.contents);
        }
    }
}

/// The operators pdf-extract handles for a stroking one it drops; `None`
/// for any other token.
fn spelling(token: &[u8]) -> Option<&'static [u8]> {
    match token {
        b"B" | b"B*" => Some(b"S"),
        b"b" | b"b*" | b"s" => Some(b"h S"),
        _ => None,
    }
}

/// A PDF delimiter: ends a regular token.
fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// PDF white space.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'\x0c' | b'\0')
}

/// `content` with each stroking operator pdf-extract drops respelled;
/// `None` when it has none. One pass over the bytes, skipping what is not
/// an operator: literal strings (nested, escaped), hex strings, names,
/// comments and inline images' data (from `ID` to `EI`). Cheaper than parsing the
/// content twice (pdf-extract parses it again), which cost a 10-Q whose
/// every rule is drawn with `B` a third more time.
fn respelled(content: &[u8]) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0;
    let mut i = 0;
    let n = content.len();
    while i < n {
        let Some(&b) = content.get(i) else { break };
        match b {
            b'(' => {
                let mut depth = 0usize;
                while let Some(&c) = content.get(i) {
                    i += 1;
                    match c {
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            b'<' if content.get(i + 1) != Some(&b'<') => {
                i += 1;
                while content.get(i).is_some_and(|&c| c != b'>') {
                    i += 1;
                }
                i += 1;
            }
            b'%' => {
                while content.get(i).is_some_and(|&c| c != b'\n' && c != b'\r') {
                    i += 1;
                }
            }
            // A name ("/B"): no operator.
            b'/' => {
                i += 1;
                while content
                    .get(i)
                    .is_some_and(|&c| !is_space(c) && !is_delimiter(c))
                {
                    i += 1;
                }
            }
            _ if is_space(b) || is_delimiter(b) => i += 1,
            _ => {
                let token_start = i;
                while content
                    .get(i)
                    .is_some_and(|&c| !is_space(c) && !is_delimiter(c))
                {
                    i += 1;
                }
                let token = content.get(token_start..i).unwrap_or_default();
                if token == b"ID" {
                    // Inline image data runs to "EI" between white space.
                    i += 1;
                    while i < n
                        && !(content.get(i..i + 2) == Some(b"EI")
                            && content.get(i - 1).is_some_and(|&c| is_space(c))
                            && content.get(i + 2).is_none_or(|&c| is_space(c)))
                    {
                        i += 1;
                    }
                    i += 2;
                } else if let Some(spelled) = spelling(token) {
                    let buf = out.get_or_insert_with(|| Vec::with_capacity(n + 64));
                    buf.extend_from_slice(content.get(copied..token_start).unwrap_or_default());
                    buf.extend_from_slice(spelled);
                    copied = i;
                }
            }
        }
    }
    let mut buf = out?;
    buf.extend_from_slice(content.get(copied..).unwrap_or_default());
    Some(buf)
}

/// Shows pdf-extract the page with the stroking operators it drops
/// respelled (see the module docs); `None` when the page has none of them.
pub(super) fn respell(doc: &mut PdfDocument, page: ObjectId) -> Option<Respelled> {
    let content = doc.get_page_content(page).ok()?;
    let bytes = respelled(&content)?;
    // Past the id `one_page_tree` takes (`max_id + 1`): both stand in the
    // document while pdf-extract reads the page.
    let stream = (doc.max_id.checked_add(2)?, 0);
    if doc.objects.contains_key(&stream) {
        return None;
    }
    let contents = doc
        .get_dictionary(page)
        .ok()?
        .get(b"Contents")
        .ok()?
        .clone();
    doc.objects.insert(
        stream,
        Object::Stream(Stream::new(Dictionary::new(), bytes)),
    );
    match doc.get_object_mut(page) {
        Ok(Object::Dictionary(dict)) => dict.set("Contents", Object::Reference(stream)),
        _ => {
            doc.objects.remove(&stream);
            return None;
        }
    }
    Some(Respelled {
        page,
        contents,
        stream,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spelled(content: &[u8]) -> Option<String> {
        respelled(content).map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    #[test]
    fn stroking_operators_are_respelled() {
        assert_eq!(
            spelled(b"49.5 718 m\n560.25 718 l\nB\n").as_deref(),
            Some("49.5 718 m\n560.25 718 l\nS\n")
        );
        assert_eq!(
            spelled(b"0 0 10 10 re b*").as_deref(),
            Some("0 0 10 10 re h S")
        );
        assert_eq!(
            spelled(b"0 0 m 5 5 l s Q").as_deref(),
            Some("0 0 m 5 5 l h S Q")
        );
        assert_eq!(spelled(b"q 0 0 m 5 0 l B*Q").as_deref(), None);
    }

    #[test]
    fn what_is_no_operator_is_left_alone() {
        // Operators pdf-extract paints, and f* (see the module docs).
        assert_eq!(spelled(b"0 0 10 10 re f\n10 0 m 20 0 l S"), None);
        assert_eq!(spelled(b"0 0 10 10 re f*"), None);
        // Strings, escaped and nested, hex strings, comments, names.
        assert_eq!(
            spelled(b"BT /F1 9 Tf ( B ) Tj [(s \\) b (B) )] TJ ET"),
            None
        );
        assert_eq!(spelled(b"<42> Tj % B\n/B gs"), None);
        // Inline image data.
        assert_eq!(spelled(b"BI /W 1 /H 1 ID \x00 B s \xff EI Q"), None);
        assert_eq!(
            spelled(b"BI /W 1 ID x EI 0 0 m 1 1 l B").as_deref(),
            Some("BI /W 1 ID x EI 0 0 m 1 1 l S")
        );
    }

    #[test]
    fn unterminated_strings_and_images_end_at_the_content_end() {
        assert_eq!(spelled(b"(B"), None);
        assert_eq!(spelled(b"<42"), None);
        assert_eq!(spelled(b"ID B"), None);
        assert_eq!(spelled(b"B (").as_deref(), Some("S ("));
    }
}
