//! PDF streams that decode to far more than they take on disk: each is
//! refused under its cap by name, and the same file under a higher cap (or
//! without the bomb) is read. Made at test time with lopdf.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::io::Write as _;

use lopdf::{Dictionary, Document, Object, Stream, dictionary};

/// The page's text, and the bulk that makes a stream a bomb.
const TEXT: &[u8] = b"BT /F1 12 Tf 72 720 Td (Revenue 4,200) Tj ET\n";

fn deflate(bytes: &[u8]) -> Vec<u8> {
    let mut out = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    out.write_all(bytes).unwrap();
    out.finish().unwrap()
}

fn lzw(bytes: &[u8]) -> Vec<u8> {
    weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
        .encode(bytes)
        .unwrap()
}

/// `TEXT` followed by `pad` spaces: harmless content of any size.
fn padded(pad: usize) -> Vec<u8> {
    let mut content = TEXT.to_vec();
    content.extend(std::iter::repeat_n(b' ', pad));
    content
}

/// A one-page PDF drawing `content` with font `F1`; `font_extra` is added
/// to the font's dictionary, and `extra` objects to the file, numbered
/// from 2.
fn one_page(content: Stream, font_extra: Dictionary, extra: Vec<Object>) -> Vec<u8> {
    one_page_with_forms(content, font_extra, extra, Dictionary::new(), 1)
}

/// [`one_page`] with `xobjects` as the page's `/XObject` resources, and the
/// font under `font_names` names (`F1`, `F2`, …).
fn one_page_with_forms(
    content: Stream,
    font_extra: Dictionary,
    extra: Vec<Object>,
    xobjects: Dictionary,
    font_names: usize,
) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    // The extra objects come first, from (2, 0), so font_extra can refer to
    // them.
    for object in extra {
        doc.add_object(object);
    }
    let mut font = dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"};
    font.extend(&font_extra);
    let font = doc.add_object(font);
    let mut fonts = Dictionary::new();
    for n in 1..=font_names {
        fonts.set(format!("F{n}"), font);
    }
    let content = doc.add_object(content);
    let page = doc.add_object(dictionary! {
        "Type" => "Page",
        "Parent" => pages_id,
        "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
        "Resources" => dictionary! {"Font" => fonts, "XObject" => xobjects},
        "Contents" => content,
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(
            dictionary! {"Type" => "Pages", "Kids" => vec![Object::Reference(page)], "Count" => 1},
        ),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

/// A ToUnicode map (spaces to `~` as themselves), padded with `pad` spaces.
fn cmap(pad: usize) -> Vec<u8> {
    let mut cmap = b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n\
        /CMapName /Adobe-Identity-UCS def /CMapType 2 def\n\
        1 begincodespacerange <00> <FF> endcodespacerange\n\
        1 beginbfrange <20> <7E> <0020> endbfrange\n\
        endcmap CMapName currentdict /CMap defineresource pop end end\n"
        .to_vec();
    cmap.extend(std::iter::repeat_n(b' ', pad));
    cmap
}

/// Reads the PDF with a decoded-size cap of `cap_mib` MiB and a page
/// content limit of `content_mib` MiB.
fn read_with(bytes: &[u8], cap_mib: u64, content_mib: u64) -> Result<tickmark::Document, String> {
    let vocab = tickmark::Vocab::builtin();
    let mut options = tickmark::ReadOptions::default();
    options.pdf.max_inflated_bytes = cap_mib << 20;
    options.pdf.max_content_bytes = content_mib << 20;
    tickmark::load_bytes(
        bytes,
        std::path::Path::new("bomb.pdf"),
        "bomb.pdf",
        &vocab,
        &options,
    )
    .map_err(|e| e.to_string())
}

/// The page's text under `cap_mib`, or the reason it was not read.
fn page_text(bytes: &[u8], cap_mib: u64) -> Result<String, String> {
    page_text_with(bytes, cap_mib, 4)
}

/// The page's text under both limits, or the reason it was not read.
fn page_text_with(bytes: &[u8], cap_mib: u64, content_mib: u64) -> Result<String, String> {
    let document = read_with(bytes, cap_mib, content_mib)?;
    let page = &document.pages[0];
    match &page.problem {
        Some(problem) => Err(problem.clone()),
        None => Ok(page.text.clone()),
    }
}

#[test]
fn a_flate_bomb_page_is_not_inflated_past_the_cap() {
    let content = Stream::new(
        dictionary! {"Filter" => "FlateDecode"},
        deflate(&padded(2 << 20)),
    );
    let bytes = one_page(content, Dictionary::new(), Vec::new());
    let error = page_text(&bytes, 1).unwrap_err();
    assert!(
        error.contains("a content stream of the page decodes to more than 1 MiB"),
        "{error}"
    );
    assert!(page_text(&bytes, 64).unwrap().contains("Revenue"));
}

#[test]
fn an_lzw_bomb_page_is_not_decoded_past_the_cap() {
    let content = Stream::new(dictionary! {"Filter" => "LZWDecode"}, lzw(&padded(2 << 20)));
    let bytes = one_page(content, Dictionary::new(), Vec::new());
    let error = page_text(&bytes, 1).unwrap_err();
    assert!(error.contains("decodes to more than 1 MiB"), "{error}");
    assert!(page_text(&bytes, 64).unwrap().contains("Revenue"));
}

#[test]
fn a_bomb_behind_ascii85_is_decoded_through_the_chain() {
    // ASCII85 first, then Flate: the cap applies to what comes out last.
    let mut encoded = Vec::new();
    for chunk in deflate(&padded(2 << 20)).chunks(4) {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        let mut n = u32::from_be_bytes(word);
        let mut digits = [0u8; 5];
        for d in digits.iter_mut().rev() {
            *d = b'!' + (n % 85) as u8;
            n /= 85;
        }
        encoded.extend_from_slice(&digits[..=chunk.len()]);
    }
    encoded.extend_from_slice(b"~>");
    let content = Stream::new(
        dictionary! {"Filter" => vec![Object::from("ASCII85Decode"), Object::from("FlateDecode")]},
        encoded,
    );
    let bytes = one_page(content, Dictionary::new(), Vec::new());
    let error = page_text(&bytes, 1).unwrap_err();
    assert!(error.contains("decodes to more than 1 MiB"), "{error}");
    assert!(page_text(&bytes, 64).unwrap().contains("Revenue"));
}

#[test]
fn a_font_map_bomb_makes_its_page_unreadable() {
    // pdf-extract decodes a font's ToUnicode map whole, whatever it holds.
    let content = Stream::new(Dictionary::new(), TEXT.to_vec());
    let map = Stream::new(
        dictionary! {"Filter" => "FlateDecode"},
        deflate(&cmap(2 << 20)),
    );
    let font_extra = dictionary! {"ToUnicode" => Object::Reference((2, 0))};
    let bytes = one_page(content, font_extra, vec![Object::Stream(map)]);
    let error = page_text(&bytes, 1).unwrap_err();
    assert!(
        error.contains("a stream the page uses (a form, font or image) decodes to more than 1 MiB"),
        "{error}"
    );
    // The near miss: under the default cap the same page is read.
    assert!(page_text(&bytes, 64).unwrap().contains("Revenue"));
}

/// A one-page PDF written by hand (lopdf's writer drops object streams,
/// making its own): the page, and an object stream holding one object
/// followed by `pad` spaces.
fn with_object_stream(pad: usize) -> Vec<u8> {
    let mut body = b"900 0 << /Kind /Spare >>".to_vec();
    body.extend(std::iter::repeat_n(b' ', pad));
    with_object_stream_body(&body, 1, 6)
}

/// [`with_object_stream`] with the object stream's decoded `body`, its `/N`
/// and its `/First`.
fn with_object_stream_body(body: &[u8], n: usize, first: usize) -> Vec<u8> {
    let packed = deflate(body);
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>".to_vec(),
        [format!("<< /Length {} >>\nstream\n", TEXT.len()).into_bytes(), TEXT.to_vec(), b"\nendstream".to_vec()].concat(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec(),
    ];
    let head = format!(
        "<< /Type /ObjStm /N {n} /First {first} /Filter /FlateDecode /Length {} >>\nstream\n",
        packed.len()
    );
    objects.push([head.into_bytes(), packed, b"\nendstream".to_vec()].concat());
    let mut file = b"%PDF-1.5\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(file.len());
        file.extend(format!("{} 0 obj\n", i + 1).into_bytes());
        file.extend(object);
        file.extend(b"\nendobj\n");
    }
    let xref = file.len();
    file.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).into_bytes());
    for offset in offsets {
        file.extend(format!("{offset:010} 00000 n \n").into_bytes());
    }
    file.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .into_bytes(),
    );
    file
}

#[test]
fn an_object_stream_bomb_is_refused_before_lopdf_expands_it() {
    let error = page_text(&with_object_stream(65 << 20), 64).unwrap_err();
    assert!(
        error.contains("an object stream decodes to more than 64 MiB"),
        "{error}"
    );
    // The near miss: a small object stream in the same file is read.
    assert!(
        page_text(&with_object_stream(1000), 64)
            .unwrap()
            .contains("Revenue")
    );
}

#[test]
fn a_file_saved_with_object_streams_reads_as_before() {
    let vocab = tickmark::Vocab::builtin();
    let path = std::path::Path::new("samples/acme.pdf");
    let bytes = std::fs::read(path).unwrap();
    let mut doc = Document::load_mem(&bytes).unwrap();
    let mut modern = Vec::new();
    doc.save_with_options(
        &mut modern,
        lopdf::SaveOptions::builder()
            .use_object_streams(true)
            .use_xref_streams(true)
            .build(),
    )
    .unwrap();
    assert!(modern.windows(6).any(|w| w == b"ObjStm"));
    let options = tickmark::ReadOptions::default();
    let before = tickmark::load_bytes(&bytes, path, "acme.pdf", &vocab, &options).unwrap();
    let after = tickmark::load_bytes(&modern, path, "acme.pdf", &vocab, &options).unwrap();
    assert_eq!(before.pages.len(), after.pages.len());
    for (a, b) in before.pages.iter().zip(&after.pages) {
        assert_eq!(a.text, b.text);
        assert_eq!(a.problem, b.problem);
    }
    assert_eq!(before.tables.len(), after.tables.len());
    for (a, b) in before.tables.iter().zip(&after.tables) {
        assert_eq!(a.cells().len(), b.cells().len());
    }
}

#[test]
fn a_page_running_more_content_than_the_limit_is_not_parsed() {
    // 5 MiB of operators: lopdf would parse it into about 350 MB of
    // operations.
    let mut content = TEXT.to_vec();
    content.extend(b"1 0 0 1 0 0 cm\n".repeat(350_000));
    let content = Stream::new(dictionary! {"Filter" => "FlateDecode"}, deflate(&content));
    let bytes = one_page(content, Dictionary::new(), Vec::new());
    let error = page_text(&bytes, 64).unwrap_err();
    assert!(
        error.contains("the page runs more than 4 MiB of content")
            && error.contains("raise --max-page-content-mb"),
        "{error}"
    );
    assert!(page_text_with(&bytes, 64, 8).unwrap().contains("Revenue"));
}

#[test]
fn a_form_counts_its_content_each_time_it_is_drawn() {
    // A 100 KB form drawn `draws` times: 50 draws run 5 MB, 30 run 3 MB.
    let page = |draws: usize| {
        let mut content = TEXT.to_vec();
        content.extend(b"/X0 Do\n".repeat(draws));
        let form = Stream::new(
            dictionary! {"Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()]},
            b"1 0 0 1 0 0 cm\n".repeat(7_000),
        );
        one_page_with_forms(
            Stream::new(Dictionary::new(), content),
            Dictionary::new(),
            vec![Object::Stream(form)],
            dictionary! {"X0" => Object::Reference((2, 0))},
            1,
        )
    };
    let error = page_text(&page(50), 64).unwrap_err();
    assert!(
        error.contains("the page runs more than 4 MiB of content"),
        "{error}"
    );
    assert!(page_text(&page(30), 64).unwrap().contains("Revenue"));
}

#[test]
fn a_font_under_many_names_counts_once_per_name() {
    // pdf-extract loads a font once for each name it goes by. A 600 KB map
    // under ten names is 6 MB of decoding, over 4 × the 1 MiB cap; under
    // five names it is 3 MB, within it.
    let page = |names: usize| {
        let map = Stream::new(
            dictionary! {"Filter" => "FlateDecode"},
            deflate(&cmap(600_000)),
        );
        // Each name is used: a font named but never set is never loaded.
        let mut content = TEXT.to_vec();
        for n in 2..=names {
            content.extend(format!("BT /F{n} 12 Tf 72 700 Td (x) Tj ET\n").into_bytes());
        }
        one_page_with_forms(
            Stream::new(Dictionary::new(), content),
            dictionary! {"ToUnicode" => Object::Reference((2, 0))},
            vec![Object::Stream(map)],
            Dictionary::new(),
            names,
        )
    };
    let error = page_text(&page(10), 1).unwrap_err();
    assert!(
        error.contains("decode to more than 4 MiB together"),
        "{error}"
    );
    assert!(page_text(&page(5), 1).unwrap().contains("Revenue"));
}

#[test]
fn fonts_and_images_a_page_does_not_use_are_not_weighed() {
    // Ten names for a 600 KB map, but only F1 is set: 600 KB, within 4 MiB.
    let map = Stream::new(
        dictionary! {"Filter" => "FlateDecode"},
        deflate(&cmap(600_000)),
    );
    let unused_names = one_page_with_forms(
        Stream::new(Dictionary::new(), TEXT.to_vec()),
        dictionary! {"ToUnicode" => Object::Reference((2, 0))},
        vec![Object::Stream(map)],
        Dictionary::new(),
        10,
    );
    assert!(page_text(&unused_names, 1).unwrap().contains("Revenue"));
    // A 6 MB image drawn on the page is measured, but its pixels are not
    // content: the page reads under the 4 MiB content limit.
    let pixels: Vec<u8> = (0..6_000_000u32).map(|i| (i % 251) as u8).collect();
    let image = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => 2000, "Height" => 1000,
        "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8, "Filter" => "FlateDecode"},
        deflate(&pixels),
    );
    let mut content = TEXT.to_vec();
    content.extend(b"q 100 0 0 50 72 600 cm /Im0 Do Q\n");
    let drawn = one_page_with_forms(
        Stream::new(Dictionary::new(), content),
        Dictionary::new(),
        vec![Object::Stream(image)],
        dictionary! {"Im0" => Object::Reference((2, 0))},
        1,
    );
    assert!(page_text(&drawn, 64).unwrap().contains("Revenue"));
}

#[test]
fn an_xobject_named_like_a_tree_key_is_still_weighed() {
    // /P and /Parent are skipped when walking up a page tree, never when
    // they name a resource.
    let bomb = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()], "Filter" => "FlateDecode"},
        deflate(&padded(2 << 20)),
    );
    let mut content = TEXT.to_vec();
    content.extend(b"/P Do\n");
    let bytes = one_page_with_forms(
        Stream::new(Dictionary::new(), content),
        Dictionary::new(),
        vec![Object::Stream(bomb)],
        dictionary! {"P" => Object::Reference((2, 0))},
        1,
    );
    let error = page_text(&bytes, 1).unwrap_err();
    assert!(error.contains("decodes to more than 1 MiB"), "{error}");
}

#[test]
fn a_png_predictor_row_past_the_cap_is_refused_before_lopdf_allocates_it() {
    // lopdf zero-fills two rows of Columns × Colors × bits / 8 bytes before
    // reading any input: a 670-byte file asked for 2 GB.
    let content = Stream::new(
        dictionary! {"Filter" => "FlateDecode",
        "DecodeParms" => dictionary! {"Predictor" => 12, "Columns" => 1_000_000_000}},
        deflate(TEXT),
    );
    let bytes = one_page(content, Dictionary::new(), Vec::new());
    let error = page_text(&bytes, 64).unwrap_err();
    assert!(error.contains("decodes to more than 64 MiB"), "{error}");
}

#[test]
fn an_object_stream_whose_index_points_twice_is_refused() {
    // lopdf parses an object at every offset listed: 400 entries pointing
    // at one large array parsed it 400 times (4.7 GB from 1.8 KB).
    let array = format!("[{}]", "1 ".repeat(1000));
    let index: String = (0..400).map(|i| format!("{} 0 ", 900 + i)).collect();
    let first = index.len();
    let bomb = with_object_stream_body(format!("{index}{array}").as_bytes(), 400, first);
    let error = page_text(&bomb, 64).unwrap_err();
    assert!(
        error.contains("an object stream's index points at its objects out of order or twice"),
        "{error}"
    );
    // The near miss: two objects at increasing offsets.
    let index = "900 0 901 3 ";
    let fine = with_object_stream_body(format!("{index}42 [1 2]").as_bytes(), 2, index.len());
    assert!(page_text(&fine, 64).unwrap().contains("Revenue"));
}
