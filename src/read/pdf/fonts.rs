//! Font dictionaries rewritten, meaning unchanged, into the forms that
//! pdf-extract 0.12 reads right, before any page is read.
//!
//! - **CID widths given as ranges.** A CID font's `/W` array gives widths
//!   either as `c [w1 w2 …]` (consecutive CIDs from `c`) or as `c1 c2 w`
//!   (every CID from `c1` to `c2` has width `w`). pdf-extract reads the
//!   second form wrongly (it takes `c1` for both ends and for the width, and
//!   stops before the end), so every CID in a range gets the default width,
//!   often 0. Glyphs of width 0 stack on one spot: "Goodwill" came out
//!   "Godwill" and "7,008" came out "7,08" in Kraft Heinz's 2019 10-K (made
//!   by Chromium's Skia, which writes the range form for runs of equal
//!   widths: digits), because the next glyph started where the last one did
//!   and a repeated glyph on the same spot reads as fake bold. Each range is
//!   rewritten as the list form, which pdf-extract reads right.
//! - **`/MissingWidth`** belongs in a simple font's descriptor; pdf-extract
//!   looks for it in the font dictionary, so a code missing from `/Widths`
//!   got width 0 rather than the descriptor's. It is copied up.
//!
//! The rewriting is bounded: a range longer than [`MAX_RANGE`] CIDs, or
//! widths past [`MAX_WIDTHS`] in one file, are left as they were.

use pdf_extract::{Document as PdfDocument, Object, ObjectId};

use super::guard::deref;

/// The most CIDs one range of a `/W` array may cover to be rewritten (a
/// CID font has at most 65,536 glyphs).
const MAX_RANGE: i64 = 65_536;

/// The most widths the rewritten `/W` arrays of one file may hold.
const MAX_WIDTHS: usize = 1_000_000;

/// Rewrites the file's font dictionaries (see the module documentation);
/// returns how many were rewritten.
pub(super) fn repair(doc: &mut PdfDocument) -> usize {
    let mut changes: Vec<(ObjectId, &'static str, Object)> = Vec::new();
    let mut budget = MAX_WIDTHS;
    for (&id, object) in &doc.objects {
        let Ok(dict) = object.as_dict() else {
            continue;
        };
        if !dict.has_type(b"Font") {
            continue;
        }
        let subtype = dict.get(b"Subtype").and_then(Object::as_name).ok();
        match subtype {
            Some(b"CIDFontType0" | b"CIDFontType2") => {
                if let Some(w) = dict.get(b"W").ok().and_then(|w| deref(doc, w))
                    && let Ok(items) = w.as_array()
                    && let Some(list) = listed_widths(doc, items, &mut budget)
                {
                    changes.push((id, "W", Object::Array(list)));
                }
            }
            Some(b"Type1" | b"TrueType" | b"MMType1") if dict.get(b"MissingWidth").is_err() => {
                let missing = dict
                    .get(b"FontDescriptor")
                    .ok()
                    .and_then(|d| deref(doc, d))
                    .and_then(|d| d.as_dict().ok())
                    .and_then(|d| d.get(b"MissingWidth").ok())
                    .and_then(|m| deref(doc, m))
                    .and_then(number);
                if let Some(missing) = missing.filter(|m| *m != 0.0) {
                    changes.push((id, "MissingWidth", Object::Real(missing as f32)));
                }
            }
            _ => {}
        }
    }
    let count = changes.len();
    for (id, key, value) in changes {
        if let Some(Object::Dictionary(dict)) = doc.objects.get_mut(&id) {
            dict.set(key, value);
        }
    }
    count
}

/// A number object's value.
fn number(object: &Object) -> Option<f64> {
    match object {
        Object::Integer(i) => Some(*i as f64),
        Object::Real(r) => Some(f64::from(*r)),
        _ => None,
    }
}

/// `/W` in list form only (`c [w …]` entries), references resolved; `None`
/// when it holds no range (nothing to rewrite) or past the budget.
fn listed_widths(doc: &PdfDocument, items: &[Object], budget: &mut usize) -> Option<Vec<Object>> {
    let value = |o: &Object| deref(doc, o).and_then(number);
    let mut out = Vec::new();
    let mut ranges = 0usize;
    let mut i = 0;
    while let Some(first) = items.get(i).and_then(value) {
        let first = first as i64;
        match items.get(i + 1).and_then(|o| deref(doc, o)) {
            Some(Object::Array(widths)) => {
                let widths: Vec<Object> = widths
                    .iter()
                    .map(|w| Object::Real(value(w).unwrap_or(0.0) as f32))
                    .collect();
                *budget = budget.checked_sub(widths.len())?;
                out.push(Object::Integer(first));
                out.push(Object::Array(widths));
                i += 2;
            }
            Some(last) => {
                let (Some(last), Some(width)) = (number(last), items.get(i + 2).and_then(value))
                else {
                    break;
                };
                let count = last as i64 - first + 1;
                if !(1..=MAX_RANGE).contains(&count) {
                    return None;
                }
                let count = usize::try_from(count).ok()?;
                *budget = budget.checked_sub(count)?;
                out.push(Object::Integer(first));
                out.push(Object::Array(vec![Object::Real(width as f32); count]));
                ranges += 1;
                i += 3;
            }
            None => break,
        }
    }
    (ranges > 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdf_extract::Dictionary;

    /// A CID font dictionary with this `/W`.
    fn cid_font(w: Vec<Object>) -> Dictionary {
        let mut dict = Dictionary::new();
        dict.set("Type", Object::Name(b"Font".to_vec()));
        dict.set("Subtype", Object::Name(b"CIDFontType2".to_vec()));
        dict.set("W", Object::Array(w));
        dict
    }

    fn widths_of(doc: &PdfDocument, id: ObjectId) -> Vec<(i64, Vec<f64>)> {
        let w = doc
            .get_dictionary(id)
            .and_then(|d| d.get(b"W"))
            .and_then(Object::as_array)
            .cloned()
            .unwrap_or_default();
        w.chunks(2)
            .map(|pair| match pair {
                [Object::Integer(c), Object::Array(ws)] => {
                    (*c, ws.iter().filter_map(number).collect())
                }
                other => panic!("not the list form: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_range_of_cids_becomes_the_list_pdf_extract_reads() {
        let mut doc = PdfDocument::with_version("1.5");
        let id = doc.add_object(cid_font(vec![
            Object::Integer(3),
            Object::Array(vec![Object::Integer(250), Object::Real(333.5)]),
            Object::Integer(19),
            Object::Integer(22),
            Object::Integer(500),
        ]));
        assert_eq!(repair(&mut doc), 1);
        assert_eq!(
            widths_of(&doc, id),
            vec![(3, vec![250.0, 333.5]), (19, vec![500.0; 4])]
        );
        // Already in list form: nothing to do.
        assert_eq!(repair(&mut doc), 0);
    }

    #[test]
    fn a_hostile_range_is_left_alone() {
        let mut doc = PdfDocument::with_version("1.5");
        for (first, last) in [(0, 10_000_000), (10, 2)] {
            doc.add_object(cid_font(vec![
                Object::Integer(first),
                Object::Integer(last),
                Object::Integer(500),
            ]));
        }
        assert_eq!(repair(&mut doc), 0);
    }

    #[test]
    fn the_descriptors_missing_width_is_copied_to_the_font() {
        let mut doc = PdfDocument::with_version("1.4");
        let mut descriptor = Dictionary::new();
        descriptor.set("MissingWidth", Object::Integer(278));
        let descriptor = doc.add_object(descriptor);
        let mut font = Dictionary::new();
        font.set("Type", Object::Name(b"Font".to_vec()));
        font.set("Subtype", Object::Name(b"TrueType".to_vec()));
        font.set("FontDescriptor", Object::Reference(descriptor));
        let id = doc.add_object(font);
        assert_eq!(repair(&mut doc), 1);
        let missing = doc
            .get_dictionary(id)
            .and_then(|d| d.get(b"MissingWidth"))
            .ok()
            .and_then(number);
        assert_eq!(missing, Some(278.0));
    }
}
