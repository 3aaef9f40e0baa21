//! A file made of whole PDFs appended one after another (`cat a.pdf b.pdf`,
//! what some filing tools and scanners write): each part has its own
//! header, objects, cross-reference table and trailer, with offsets counted
//! from its own start, so the last `startxref` points into nowhere and
//! lopdf refuses the file ("invalid file trailer"). poppler and pdfplumber
//! open such files by scanning for objects.
//!
//! When lopdf refuses a file that holds more than one `%PDF-` header, each
//! part is loaded on its own, under the same guards as a whole file, and
//! the parts that load are joined into one document: their objects
//! renumbered apart, their page trees under one new root, pages in file
//! order. A part that does not load is left out and said so.

use pdf_extract::{Dictionary, Document as PdfDocument, Object};

use super::find;

/// The most parts one file is split into.
const MAX_PARTS: usize = 64;

/// Where each `%PDF-` header starts, when there are at least two (a header
/// starts the file or a line, or follows a `%%EOF` directly).
pub(super) fn part_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 0;
    while let Some(found) = bytes.get(at..).and_then(|b| find(b, b"%PDF-")) {
        let offset = at + found;
        let before = bytes.get(..offset).unwrap_or_default();
        let line_start = offset == 0
            || before.ends_with(b"\n")
            || before.ends_with(b"\r")
            || before.ends_with(b"%%EOF");
        if line_start {
            starts.push(offset);
            if starts.len() > MAX_PARTS {
                return Vec::new();
            }
        }
        at = offset + 5;
    }
    if starts.len() < 2 {
        starts.clear();
    }
    starts
}

/// The byte ranges of the parts, from [`part_starts`]; the bytes before the
/// first header belong to the first part.
pub(super) fn parts(bytes: &[u8]) -> Vec<&[u8]> {
    let starts = part_starts(bytes);
    let mut out = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let from = if i == 0 { 0 } else { start };
        let to = starts.get(i + 1).copied().unwrap_or(bytes.len());
        if let Some(part) = bytes.get(from..to) {
            out.push(part);
        }
    }
    out
}

/// Joins loaded documents into one: the first keeps its object numbers and
/// catalog, each later one is renumbered above it, and a new page tree root
/// holds each part's tree in order. `None` when a part has no page tree.
pub(super) fn join(mut docs: Vec<PdfDocument>) -> Option<PdfDocument> {
    let mut rest = docs.split_off(1);
    let mut joined = docs.pop()?;
    let mut trees = vec![page_tree(&joined)?];
    for mut doc in rest.drain(..) {
        doc.renumber_objects_with(joined.max_id.checked_add(1)?);
        trees.push(page_tree(&doc)?);
        joined.max_id = joined.max_id.max(doc.max_id);
        joined.objects.extend(doc.objects);
    }
    let root = (joined.max_id.checked_add(1)?, 0);
    joined.max_id = root.0;
    let mut count = 0i64;
    for tree in &trees {
        if let Ok(Object::Dictionary(node)) = joined.get_object_mut(*tree) {
            count = count.saturating_add(node.get(b"Count").and_then(Object::as_i64).unwrap_or(0));
            node.set("Parent", Object::Reference(root));
        }
    }
    let mut node = Dictionary::new();
    node.set("Type", Object::Name(b"Pages".to_vec()));
    node.set(
        "Kids",
        Object::Array(trees.into_iter().map(Object::Reference).collect()),
    );
    node.set("Count", Object::Integer(count));
    joined.objects.insert(root, Object::Dictionary(node));
    joined
        .catalog_mut()
        .ok()?
        .set("Pages", Object::Reference(root));
    Some(joined)
}

/// The object of a document's page tree root.
fn page_tree(doc: &PdfDocument) -> Option<pdf_extract::ObjectId> {
    doc.catalog()
        .ok()?
        .get(b"Pages")
        .and_then(Object::as_reference)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_at_line_starts_split_the_file() {
        let file = b"%PDF-1.4\nA %%EOF\n%PDF-1.5\nB (not %PDF-1.6 here) %%EOF%PDF-1.7\nC";
        let parts = parts(file);
        assert_eq!(parts.len(), 3);
        assert!(parts.first().is_some_and(|p| p.starts_with(b"%PDF-1.4")));
        assert!(parts.get(1).is_some_and(|p| p.starts_with(b"%PDF-1.5")));
        assert!(part_starts(b"%PDF-1.4\nonly one %%EOF\n").is_empty());
    }
}
