//! `docs/checks.md` is generated from the documentation kept beside each
//! check in `src/check/`; this test keeps the two in step. After changing a
//! code's documentation: `TICKMARK_BLESS=1 cargo test --test docs`.

// Test code: a failed unwrap is a failed test, which is what it should be.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tickmark::check::{Code, checks_markdown};

#[test]
fn checks_md_is_generated_from_the_code_docs() {
    let generated = checks_markdown();
    if std::env::var_os("TICKMARK_BLESS").is_some() {
        std::fs::write("docs/checks.md", &generated).unwrap();
    }
    let written = std::fs::read_to_string("docs/checks.md").unwrap_or_default();
    assert!(
        written == generated,
        "docs/checks.md is out of step with the docs in src/check/; regenerate with TICKMARK_BLESS=1 cargo test --test docs"
    );
    for code in Code::ALL {
        assert!(
            written.contains(&format!("### `{}`", code.name())),
            "{code} missing"
        );
    }
}

/// The Markdown files a newcomer reads: README.md and docs/*.md.
fn markdown_files() -> Vec<std::path::PathBuf> {
    let mut files = vec![std::path::PathBuf::from("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The targets of the inline links `[text](target)` of a Markdown text,
/// outside code spans and blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let mut in_code = false;
        let mut rest = line;
        while let Some((i, c)) = rest.char_indices().find(|&(_, c)| c == '`' || c == ']') {
            if c == '`' {
                in_code = !in_code;
                rest = &rest[i + 1..];
                continue;
            }
            let after = &rest[i + 1..];
            if !in_code
                && let Some(link) = after.strip_prefix('(')
                && let Some(end) = link.find(')')
            {
                targets.push(link[..end].to_string());
            }
            rest = after;
        }
    }
    targets
}

#[test]
fn every_relative_link_in_the_readme_and_docs_resolves_inside_the_repository() {
    let root = std::fs::canonicalize(".").unwrap();
    let mut checked = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let path = target.split('#').next().unwrap();
            let resolved = dir.join(path);
            let real = std::fs::canonicalize(&resolved).unwrap_or_else(|e| {
                panic!("{}: link {target:?} does not resolve: {e}", file.display())
            });
            assert!(
                real.starts_with(&root),
                "{}: link {target:?} leaves the repository",
                file.display()
            );
            checked += 1;
        }
    }
    assert!(
        checked > 20,
        "only {checked} links found: is the parser broken?"
    );
}

#[test]
fn the_readme_and_docs_name_no_file_outside_the_repository() {
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for outside in ["../shared", "DESIGN.md", "/work/"] {
                assert!(
                    !line.contains(outside),
                    "{} line {}: names {outside:?}, which is not in the repository: {line}",
                    file.display(),
                    n + 1
                );
            }
        }
    }
}

#[test]
fn the_link_reader_finds_links_and_skips_code() {
    let text = "see [a](docs/a.md) and `[b](no.md)`\n```\n[c](no.md)\n```\n[d](x.md#y)";
    assert_eq!(link_targets(text), ["docs/a.md", "x.md#y"]);
}

#[test]
fn the_readme_lists_every_finding_code() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    for code in Code::ALL {
        assert!(
            readme.contains(&format!("`{}`", code.name())),
            "README.md's code table lacks {code}"
        );
    }
}
