//! Checks a PDF's structure before pdf-extract sees it, for the two things
//! that no `catch_unwind` can contain: memory and the stack.
//!
//! - **Decoded sizes.** lopdf decodes a stream whole, however large it
//!   decodes to: a 1.5 MB file whose page content inflates to 1.5 GiB takes
//!   1.5 GiB. So every stream a page makes pdf-extract decode (its contents,
//!   and every stream its resources reach: XObjects, fonts and their
//!   programs, `ToUnicode` maps, colour profiles) is first decoded under a
//!   cap, nothing kept, through the filters lopdf would run (Flate, LZW,
//!   ASCII85). An object stream, which lopdf expands while loading the file,
//!   is checked by a load filter under [`OBJECT_STREAM_CAP`].
//!   All the streams one page uses, each counted once per path that reaches
//!   it, may decode to at most four times the cap together.
//! - **Content run.** lopdf parses content into operations at about 70 bytes
//!   of memory per byte, so a page may run at most `--max-page-content-mb`
//!   of content: its own, and each form's every time it is drawn.
//! - **Drawing loops.** An XObject that draws itself makes pdf-extract
//!   recurse until the stack overflows, which aborts the process; the page's
//!   `Do` operators are followed first (`form_problem`).

use std::collections::{HashMap, HashSet};
use std::io::{Read, Write};

use pdf_extract::{Dictionary, Document as PdfDocument, Object, ObjectId, Stream};

/// The most one object stream may decode to while the file loads. Object
/// streams hold a file's small objects; real ones are a few hundred KB.
pub(super) const OBJECT_STREAM_CAP: u64 = 64 << 20;

/// The `/Type` an object stream over [`OBJECT_STREAM_CAP`] is given by the
/// load filter, so that lopdf does not expand it, and so that it can be
/// found after loading.
const REFUSED_OBJECT_STREAM: &[u8] = b"TickmarkRefusedObjStm";

/// How many objects the walk of one page's resources may visit (each
/// visit of an object already weighed is one).
const MAX_RESOURCE_VISITS: usize = 100_000;

/// The most all the object streams of one file may decode to together:
/// lopdf keeps each one decoded in the document.
const OBJECT_STREAMS_TOTAL: u64 = 128 << 20;

/// The most objects one object stream may index.
const MAX_STREAM_OBJECTS: usize = 1_000_000;

thread_local! {
    /// The bytes of object streams decoded so far in the file being loaded
    /// (lopdf calls its load filter on the loading thread, in turn).
    static OBJECT_STREAMS_DECODED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Starts the count of [`OBJECT_STREAMS_TOTAL`] for a file about to load.
pub(super) fn start_load() {
    OBJECT_STREAMS_DECODED.with(|c| c.set(0));
}

/// The lopdf load filter: an object stream is checked before lopdf expands
/// it, and one that fails is retyped (its filter dropped) instead; the file
/// is then refused by [`document_problem`], with the reason kept in the
/// stream's dictionary.
///
/// lopdf calls the filter on every object it reads from the file (and
/// ignores the object returned, using the one changed in place), then on
/// every object inside an object stream (and uses the object returned).
/// Objects inside an object stream are never streams, so a stream is
/// answered with `Null` and anything else with itself.
pub(super) fn load_filter(id: ObjectId, object: &mut Object) -> Option<(ObjectId, Object)> {
    if let Object::Stream(stream) = object {
        if stream.dict.has_type(b"ObjStm")
            && let Some(reason) = object_stream_problem(stream)
        {
            stream
                .dict
                .set("Type", Object::Name(REFUSED_OBJECT_STREAM.to_vec()));
            stream
                .dict
                .set(REFUSED_REASON, Object::string_literal(reason));
            stream.dict.remove(b"Filter");
        }
        return Some((id, Object::Null));
    }
    Some((id, object.clone()))
}

/// The key under which a refused object stream keeps why.
const REFUSED_REASON: &str = "TickmarkReason";

/// Why lopdf may not expand an object stream: it decodes past
/// [`OBJECT_STREAM_CAP`], the file's object streams together past
/// [`OBJECT_STREAMS_TOTAL`], or its index does not point at its objects in
/// increasing order (lopdf parses an object at every offset listed, so
/// offsets that repeat, or go back into an object, parse it again: 400
/// entries pointing at one large array took 4.7 GB).
fn object_stream_problem(stream: &Stream) -> Option<String> {
    let Some(data) = decoded(stream, OBJECT_STREAM_CAP) else {
        return Some(format!(
            "an object stream decodes to more than {} MiB (a flate bomb?)",
            OBJECT_STREAM_CAP >> 20
        ));
    };
    let total = OBJECT_STREAMS_DECODED.with(|c| {
        let total = c.get().saturating_add(data.len() as u64);
        c.set(total);
        total
    });
    if total > OBJECT_STREAMS_TOTAL {
        return Some(format!(
            "its object streams decode to more than {} MiB together",
            OBJECT_STREAMS_TOTAL >> 20
        ));
    }
    let first = stream
        .dict
        .get(b"First")
        .and_then(Object::as_i64)
        .ok()
        .and_then(|f| usize::try_from(f).ok())?;
    let index = std::str::from_utf8(data.get(..first)?).ok()?;
    let offsets: Vec<u64> = index
        .split_whitespace()
        .skip(1)
        .step_by(2)
        .filter_map(|n| n.parse().ok())
        .collect();
    if offsets.len() > MAX_STREAM_OBJECTS {
        return Some(format!(
            "an object stream indexes {} objects, more than {MAX_STREAM_OBJECTS}",
            offsets.len()
        ));
    }
    if offsets.windows(2).any(|w| w.get(1) <= w.first()) {
        return Some(
            "an object stream's index points at its objects out of order or twice (a parse bomb?)"
                .to_string(),
        );
    }
    None
}

/// Why a loaded document cannot be read at all: an object stream the load
/// filter refused (its objects are missing, so no page can be trusted).
pub(super) fn document_problem(doc: &PdfDocument) -> Option<String> {
    doc.objects.values().find_map(|o| match o {
        Object::Stream(s) if s.dict.has_type(REFUSED_OBJECT_STREAM) => {
            let reason = s
                .dict
                .get(REFUSED_REASON.as_bytes())
                .and_then(Object::as_str)
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .unwrap_or_default();
            Some(format!("{reason}; the file was not read"))
        }
        _ => None,
    })
}

/// The decoded sizes already measured in one file, by stream address
/// (`None`: past the cap): pages share fonts and forms.
#[derive(Default)]
pub(super) struct Measured {
    sizes: HashMap<usize, Option<u64>>,
}

/// How many times the per-stream cap all the streams one page uses may
/// decode to together. pdf-extract decodes a page's fonts and forms again
/// for every page, so without it a page naming thousands of fonts, each
/// under the cap, would take hours.
const PAGE_STREAMS_FACTOR: u64 = 4;

/// Why a page cannot be handed to pdf-extract, if it cannot.
///
/// The page is walked as pdf-extract 0.12 runs it (`Processor::process_stream`):
/// its content, then what its operators name in the current resources —
/// each `Do` runs an XObject (any stream, whatever its `/Subtype`, with its
/// own resources or, when those are not a dictionary, its caller's), each
/// `Tf` loads a font once per name per page, each `cs`/`CS` builds a colour
/// space and each `gs` applies a graphics state. What is refused:
/// - a stream that decodes past `cap` bytes;
/// - more than `max_content` bytes of content run (the page's, and each
///   form's every time it is drawn; images are not parsed into operations);
/// - more than [`PAGE_STREAMS_FACTOR`] × `cap` decoded in all, each use
///   counted;
/// - an XObject that draws itself, forms nested deeper than
///   [`MAX_FORM_DEPTH`] or drawn more than [`MAX_FORM_VISITS`] times: pdf-extract
///   would recurse until the stack overflowed, which aborts the process.
pub(super) fn page_problem(
    doc: &PdfDocument,
    page: ObjectId,
    cap: u64,
    max_content: u64,
    measured: &mut Measured,
) -> Option<String> {
    if let Some(problem) = parent_problem(doc, page) {
        return Some(problem);
    }
    let page_dict = doc.get_dictionary(page).ok()?;
    let mut walk = Walk {
        weigh: Weigh {
            doc,
            cap,
            measured,
            memo: HashMap::new(),
            active: HashSet::new(),
            visits: 0,
        },
        path: Vec::new(),
        visits: 0,
        content: 0,
        max_content,
        decoded: 0,
        fonts: HashSet::new(),
    };
    walk.page(page, page_dict).err()
}

/// How many `/Parent` links a page may have above it (lopdf's page tree
/// walk stops at 256 levels too).
const MAX_PARENTS: usize = 256;

/// Why a page's `/Parent` chain cannot be followed: pdf-extract looks a
/// page's resources and media box up that chain by recursion without a
/// stop, so a page that is its own ancestor, and lacks either, never
/// finishes (a page whose `/Parent` was itself ran until killed).
fn parent_problem(doc: &PdfDocument, page: ObjectId) -> Option<String> {
    let mut seen: Vec<ObjectId> = vec![page];
    let mut id = page;
    while let Some(parent) = doc
        .get_dictionary(id)
        .ok()
        .and_then(|d| d.get(b"Parent").and_then(Object::as_reference).ok())
    {
        if seen.contains(&parent) || seen.len() > MAX_PARENTS {
            return Some(format!(
                "the page tree loops or nests deeper than {MAX_PARENTS} levels above the page (object {} is its own ancestor); it was not read",
                parent.0
            ));
        }
        seen.push(parent);
        id = parent;
    }
    None
}

/// Where the walk of one page is.
struct Walk<'a, 'm> {
    /// Weighs fonts, colour spaces and graphics states, and measures streams.
    weigh: Weigh<'a, 'm>,
    /// The XObjects being drawn, by address, outermost first.
    path: Vec<usize>,
    /// XObject drawings so far.
    visits: usize,
    /// Bytes of content run so far.
    content: u64,
    /// The most content one page may run (`--max-page-content-mb`).
    max_content: u64,
    /// Bytes decoded so far, each use counted.
    decoded: u64,
    /// Font names loaded on this page (pdf-extract caches them by name).
    fonts: HashSet<Vec<u8>>,
}

impl Walk<'_, '_> {
    fn page(&mut self, page: ObjectId, page_dict: &Dictionary) -> Result<(), String> {
        let doc = self.weigh.doc;
        // The page's content streams, measured before any is parsed.
        let parts: Vec<&Object> = match page_dict.get(b"Contents").ok().and_then(|c| deref(doc, c))
        {
            Some(Object::Array(parts)) => parts.iter().filter_map(|p| deref(doc, p)).collect(),
            Some(other) => vec![other],
            None => Vec::new(),
        };
        for part in parts {
            if let Ok(stream) = part.as_stream() {
                let size = self.measure(stream, "a content stream of the page")?;
                self.run(size)?;
            }
        }
        let Ok(content) = doc.get_page_content(page) else {
            return Ok(());
        };
        let resources = inherited_dictionary(doc, page_dict, b"Resources");
        self.uses(resources, &content)
    }

    /// The decoded size of a stream pdf-extract will decode, counted toward
    /// the page's total.
    fn measure(&mut self, stream: &Stream, what: &str) -> Result<u64, String> {
        let size = self.weigh.measure(stream, what)?;
        self.add_decoded(size)?;
        Ok(size)
    }

    fn add_decoded(&mut self, size: u64) -> Result<(), String> {
        self.decoded = self.decoded.saturating_add(size);
        let limit = self.weigh.cap.saturating_mul(PAGE_STREAMS_FACTOR);
        if self.decoded > limit {
            return Err(format!(
                "the streams the page uses (contents, forms, fonts, images) decode to more than {} MiB together; it was not read",
                limit >> 20
            ));
        }
        Ok(())
    }

    /// Counts `size` bytes of content run. pdf-extract parses content into
    /// operations at about 70 bytes of memory per byte (a page of 60 MB of
    /// `cm` operators took 4.3 GB), so content is bounded before it is
    /// parsed.
    fn run(&mut self, size: u64) -> Result<(), String> {
        self.content = self.content.saturating_add(size);
        if self.content > self.max_content {
            return Err(format!(
                "the page runs more than {} MiB of content (its own and its forms', each time drawn); it was not read; raise --max-page-content-mb to read it",
                self.max_content >> 20
            ));
        }
        Ok(())
    }

    /// Follows what a content stream's operators name in `resources`.
    fn uses(&mut self, resources: Option<&Dictionary>, content: &[u8]) -> Result<(), String> {
        let Ok(content) = pdf_extract::content::Content::decode(content) else {
            return Ok(());
        };
        let doc = self.weigh.doc;
        let entry = |category: &[u8], name: &[u8]| -> Option<&Object> {
            let names = resources?
                .get(category)
                .ok()
                .and_then(|c| deref(doc, c))?
                .as_dict()
                .ok()?;
            deref(doc, names.get(name).ok()?)
        };
        for op in &content.operations {
            let Some(name) = op.operands.first().and_then(|o| o.as_name().ok()) else {
                continue;
            };
            match op.operator.as_str() {
                "Do" => {
                    if let Some(Object::Stream(stream)) = entry(b"XObject", name) {
                        self.draw(stream, name, resources)?;
                    }
                }
                "Tf" => {
                    if self.fonts.insert(name.to_vec())
                        && let Some(font) = entry(b"Font", name)
                    {
                        let weight = self.weigh.weight(font, 0)?;
                        self.add_decoded(weight)?;
                    }
                }
                "cs" | "CS" | "gs" => {
                    let category: &[u8] = if op.operator == "gs" {
                        b"ExtGState"
                    } else {
                        b"ColorSpace"
                    };
                    if let Some(object) = entry(category, name) {
                        let weight = self.weigh.weight(object, 0)?;
                        self.add_decoded(weight)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Draws an XObject: measured, run as content (an image's bytes are
    /// measured but not counted as content), and followed.
    fn draw(
        &mut self,
        stream: &Stream,
        name: &[u8],
        resources: Option<&Dictionary>,
    ) -> Result<(), String> {
        let identity = std::ptr::from_ref(stream) as usize;
        if self.path.contains(&identity) {
            return Err(format!(
                "the page draws XObject /{}, which draws itself; pdf-extract would never finish it",
                String::from_utf8_lossy(name)
            ));
        }
        self.visits += 1;
        if self.visits > MAX_FORM_VISITS || self.path.len() >= MAX_FORM_DEPTH {
            return Err(format!(
                "the page's XObjects nest deeper than {MAX_FORM_DEPTH} levels or are drawn more than {MAX_FORM_VISITS} times; it was not read"
            ));
        }
        let size = self.measure(stream, USED_STREAM)?;
        let image =
            stream.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image".as_slice());
        let content = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        if image && !looks_like_content(&content) {
            // Pixels: pdf-extract hands them to the content parser too,
            // which stops at the first byte that is no operator.
            return Ok(());
        }
        self.run(size)?;
        let doc = self.weigh.doc;
        let own = stream
            .dict
            .get(b"Resources")
            .ok()
            .and_then(|r| deref(doc, r))
            .and_then(|r| r.as_dict().ok());
        self.path.push(identity);
        self.uses(own.or(resources), &content)?;
        self.path.pop();
        Ok(())
    }
}

/// Whether decoded image data could parse as content operators: plain
/// text (an "image" that is a form in disguise). Real pixel data holds
/// bytes past ASCII or control bytes within its first few hundred bytes.
fn looks_like_content(data: &[u8]) -> bool {
    data.iter()
        .take(4096)
        .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace())
}

/// How an over-cap stream a page uses, other than its own content, is named.
const USED_STREAM: &str = "a stream the page uses (a form, font or image)";

/// How deep the objects a page uses may nest.
const MAX_RESOURCE_DEPTH: usize = 256;

/// The walk that weighs what a page's objects decode to.
struct Weigh<'a, 'm> {
    doc: &'a PdfDocument,
    cap: u64,
    measured: &'m mut Measured,
    /// Weights of the objects already weighed on this page.
    memo: HashMap<ObjectId, u64>,
    /// The objects being weighed (a reference back to one adds nothing).
    active: HashSet<ObjectId>,
    visits: usize,
}

impl Weigh<'_, '_> {
    /// The decoded size of one stream, measured once per file under the cap;
    /// `what` names the stream when it is over.
    fn measure(&mut self, stream: &Stream, what: &str) -> Result<u64, String> {
        let cap = self.cap;
        let size = *self
            .measured
            .sizes
            .entry(std::ptr::from_ref(stream) as usize)
            .or_insert_with(|| decoded_len(stream, cap));
        size.ok_or_else(|| {
            format!(
                "{what} decodes to more than {} MiB (a flate bomb?); it was not read",
                cap >> 20
            )
        })
    }

    /// The decoded bytes of the streams below `object`, a stream counted
    /// once for each path to it.
    fn weight(&mut self, object: &Object, depth: usize) -> Result<u64, String> {
        self.visits += 1;
        if self.visits > MAX_RESOURCE_VISITS || depth > MAX_RESOURCE_DEPTH {
            return Err(format!(
                "the page's resources reach more than {MAX_RESOURCE_VISITS} objects or nest deeper than {MAX_RESOURCE_DEPTH}; it was not read"
            ));
        }
        let doc = self.doc;
        match object {
            Object::Reference(id) => {
                if let Some(&weight) = self.memo.get(id) {
                    return Ok(weight);
                }
                let Ok(target) = doc.get_object(*id) else {
                    return Ok(0);
                };
                if !self.active.insert(*id) {
                    return Ok(0);
                }
                let weight = self.weight(target, depth + 1);
                self.active.remove(id);
                let weight = weight?;
                self.memo.insert(*id, weight);
                Ok(weight)
            }
            Object::Array(items) => {
                let mut sum = 0u64;
                for item in items {
                    sum = sum.saturating_add(self.weight(item, depth + 1)?);
                }
                Ok(sum)
            }
            Object::Dictionary(dict) => self.weigh_values(dict, depth),
            Object::Stream(stream) => {
                let size = self.measure(stream, USED_STREAM)?;
                Ok(size.saturating_add(self.weigh_values(&stream.dict, depth)?))
            }
            _ => Ok(0),
        }
    }

    fn weigh_values(&mut self, dict: &Dictionary, depth: usize) -> Result<u64, String> {
        let mut sum = 0u64;
        for value in walkable(dict) {
            sum = sum.saturating_add(self.weight(value, depth + 1)?);
        }
        Ok(sum)
    }
}

/// A dictionary's values that lead further into what a page draws: not back
/// up the page tree (`/Parent`, `/P`).
fn walkable(dict: &Dictionary) -> impl Iterator<Item = &Object> {
    dict.iter()
        .filter(|(key, _)| !matches!(key.as_slice(), b"Parent" | b"P"))
        .map(|(_, value)| value)
}

/// The filters of a stream that lopdf decodes, in order up to the first it
/// does not, and whether that is all of them.
fn known_filters(stream: &Stream) -> (Vec<&[u8]>, bool) {
    let filters: Vec<&[u8]> = stream.filters().unwrap_or_default();
    let known: Vec<&[u8]> = filters
        .iter()
        .copied()
        .take_while(|f| matches!(*f, b"FlateDecode" | b"LZWDecode" | b"ASCII85Decode"))
        .collect();
    let all = known.len() == filters.len();
    (known, all)
}

/// The length of what pdf-extract gets from a stream: its decoded bytes, or
/// its raw bytes when lopdf cannot decode one of its filters (the stages
/// before it are still decoded, under the cap). `None` when a stage decodes
/// past `cap` bytes.
pub(super) fn decoded_len(stream: &Stream, cap: u64) -> Option<u64> {
    decoded(stream, cap).map(|data| data.len() as u64)
}

/// What pdf-extract gets from a stream, decoded under the cap (see
/// [`decoded_len`]); `None` past the cap. The predictor itself is not
/// applied (it does not change the size past its row).
fn decoded(stream: &Stream, cap: u64) -> Option<std::borrow::Cow<'_, [u8]>> {
    let (known, all) = known_filters(stream);
    let params = stream
        .dict
        .get(b"DecodeParms")
        .and_then(Object::as_dict)
        .ok();
    if !known.is_empty() && predictor_row(params)? > cap {
        return None;
    }
    let early_change = params
        .and_then(|p| p.get(b"EarlyChange").ok())
        .and_then(|v| Object::as_i64(v).ok())
        .is_none_or(|v| v != 0);
    let mut data = std::borrow::Cow::Borrowed(stream.content.as_slice());
    for filter in known {
        let decoded = match filter {
            b"FlateDecode" => inflate(&data, cap),
            b"LZWDecode" => unlzw(&data, early_change, cap),
            _ => unascii85(&data, cap),
        };
        data = std::borrow::Cow::Owned(decoded?);
    }
    if all {
        Some(data)
    } else {
        Some(std::borrow::Cow::Borrowed(stream.content.as_slice()))
    }
}

/// The row lopdf's PNG predictor allocates (twice, zero-filled, before it
/// reads a byte) for a stream's decode parameters: Columns × Colors ×
/// BitsPerComponent / 8, with lopdf's floors. `Some(0)` without a PNG
/// predictor; `None` when the product overflows.
fn predictor_row(params: Option<&Dictionary>) -> Option<u64> {
    let Some(params) = params else {
        return Some(0);
    };
    let get =
        |key: &[u8], default: i64| params.get(key).and_then(Object::as_i64).unwrap_or(default);
    if !(10..=15).contains(&get(b"Predictor", 1)) {
        return Some(0);
    }
    let columns = u64::try_from(get(b"Columns", 1).max(1)).ok()?;
    let colors = u64::try_from(get(b"Colors", 1).max(1)).ok()?;
    let bits = u64::try_from(get(b"BitsPerComponent", 8).max(8)).ok()?;
    columns
        .checked_mul(colors)?
        .checked_mul(bits)
        .map(|b| b / 8)
}

/// Inflates under the cap as lopdf does (zlib, then raw deflate when zlib
/// fails at once); `None` past the cap.
fn inflate(input: &[u8], cap: u64) -> Option<Vec<u8>> {
    let limit = cap.saturating_add(1);
    let mut out = Vec::new();
    let zlib = flate2::read::ZlibDecoder::new(input)
        .take(limit)
        .read_to_end(&mut out);
    if zlib.is_err()
        && out.is_empty()
        && let Some(raw) = input.get(2..)
    {
        let _ = flate2::read::DeflateDecoder::new(raw)
            .take(limit)
            .read_to_end(&mut out);
    }
    (out.len() as u64 <= cap).then_some(out)
}

/// Decodes LZW under the cap with lopdf's settings; `None` past the cap.
fn unlzw(input: &[u8], early_change: bool, cap: u64) -> Option<Vec<u8>> {
    let mut decoder = if early_change {
        weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
    } else {
        weezl::decode::Decoder::new(weezl::BitOrder::Msb, 8)
    };
    let mut out = Capped {
        bytes: Vec::new(),
        cap,
    };
    let _ = decoder.into_stream(&mut out).decode_all(input);
    (out.bytes.len() as u64 <= cap).then_some(out.bytes)
}

/// A writer that refuses to grow past its cap (keeping one byte over, so
/// that going over shows).
struct Capped {
    bytes: Vec<u8>,
    cap: u64,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = (self.cap + 1).saturating_sub(self.bytes.len() as u64);
        if room == 0 {
            return Err(std::io::Error::other("over the cap"));
        }
        let take = buf.len().min(usize::try_from(room).unwrap_or(usize::MAX));
        self.bytes
            .extend_from_slice(buf.get(..take).unwrap_or_default());
        Ok(take)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Decodes ASCII85 as lopdf does, after counting its output; `None` past
/// the cap.
fn unascii85(input: &[u8], cap: u64) -> Option<Vec<u8>> {
    let body = input.strip_suffix(b"~>").unwrap_or(input);
    let mut size = 0u64;
    let mut group = 0u64;
    for &b in body {
        match b {
            b'z' if group == 0 => size += 4,
            b if b.is_ascii_whitespace() => {}
            b'!'..=b'u' => {
                group += 1;
                if group == 5 {
                    size += 4;
                    group = 0;
                }
            }
            _ => break,
        }
    }
    size += group.saturating_sub(1);
    if size > cap {
        return None;
    }
    let mut dict = Dictionary::new();
    dict.set("Filter", Object::Name(b"ASCII85Decode".to_vec()));
    Some(
        Stream::new(dict, input.to_vec())
            .decompressed_content()
            .unwrap_or_default(),
    )
}

/// How deep forms may nest in a page's drawing (pdf-extract recurses once
/// per level).
const MAX_FORM_DEPTH: usize = 32;

/// How many form drawings one page may reach through its resources.
const MAX_FORM_VISITS: usize = 10_000;

/// An object, through a reference if it is one.
pub(super) fn deref<'a>(doc: &'a PdfDocument, object: &'a Object) -> Option<&'a Object> {
    match object {
        Object::Reference(id) => doc.get_object(*id).ok(),
        other => Some(other),
    }
}

/// A dictionary value of a page, inherited through the page tree as
/// pdf-extract looks it up: a value that is not a dictionary is skipped.
pub(super) fn inherited_dictionary<'a>(
    doc: &'a PdfDocument,
    page: &'a Dictionary,
    key: &[u8],
) -> Option<&'a Dictionary> {
    let mut dict = page;
    for _ in 0..64 {
        if let Some(found) = dict
            .get(key)
            .ok()
            .and_then(|v| deref(doc, v))
            .and_then(|v| v.as_dict().ok())
        {
            return Some(found);
        }
        let parent = dict.get(b"Parent").and_then(Object::as_reference).ok()?;
        dict = doc.get_dictionary(parent).ok()?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(filter: &str, content: Vec<u8>) -> Stream {
        let mut dict = Dictionary::new();
        dict.set("Filter", Object::Name(filter.as_bytes().to_vec()));
        Stream::new(dict, content)
    }

    fn deflated(bytes: &[u8]) -> Vec<u8> {
        let mut out = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        let _ = out.write_all(bytes);
        out.finish().unwrap_or_default()
    }

    #[test]
    fn the_cap_is_exact_for_flate() {
        let s = stream("FlateDecode", deflated(&[b' '; 100_000]));
        assert_eq!(decoded_len(&s, 100_000), Some(100_000));
        assert_eq!(decoded_len(&s, 99_999), None);
    }

    #[test]
    fn what_lopdf_cannot_decode_counts_as_its_raw_bytes() {
        // Not valid zlib: lopdf decodes it to nothing.
        let s = stream("FlateDecode", vec![0xff; 100]);
        assert_eq!(decoded_len(&s, 1000), Some(0));
        // Unknown filters (images) are never decoded by lopdf: pdf-extract
        // gets the raw bytes.
        let s = stream("DCTDecode", vec![0xff; 1 << 20]);
        assert_eq!(decoded_len(&s, 1), Some(1 << 20));
    }

    #[test]
    fn ascii85_is_counted_as_lopdf_decodes_it() {
        for text in [
            &b"zz!!!!!~>"[..],
            b"87cURD]i,\"Ebo80~>",
            b"9jqo^",
            b"z 9jq~>",
        ] {
            let decoded = stream("ASCII85Decode", text.to_vec())
                .decompressed_content()
                .unwrap_or_default();
            let size = decoded.len() as u64;
            assert_eq!(unascii85(text, size).map(|d| d.len() as u64), Some(size));
            if size > 0 {
                assert_eq!(unascii85(text, size - 1), None, "{text:?}");
            }
        }
    }

    #[test]
    fn the_capped_writer_keeps_one_byte_over_and_stops() {
        let mut out = Capped {
            bytes: Vec::new(),
            cap: 3,
        };
        assert_eq!(out.write(b"abcdef").ok(), Some(4));
        assert!(out.write(b"g").is_err());
        assert_eq!(out.bytes, b"abcd");
    }
}
