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
