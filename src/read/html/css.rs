//! The few CSS properties the HTML reader reads from `style` attributes:
//! `display` (hidden content), page breaks, and the left indentation of a
//! row label. Lengths are read in points (`pt`, `px`, `em`, `in`); geometry
//! is `f64`, as in the PDF reader: amounts never come from here.

/// A style's value for a property (`display:none` → "none"), lower case.
pub(super) fn style_value<'s>(style: &'s str, property: &str) -> Option<&'s str> {
    style.split(';').rev().find_map(|decl| {
        let (name, value) = decl.split_once(':')?;
        (name.trim().eq_ignore_ascii_case(property)).then(|| value.trim())
    })
}

/// A CSS length in points (`12pt`, `16px`, `1em`, `0`); `None` if unreadable.
fn points(length: &str) -> Option<f64> {
    let l = length.trim().to_ascii_lowercase();
    let (number, factor) = if let Some(n) = l.strip_suffix("pt") {
        (n, 1.0)
    } else if let Some(n) = l.strip_suffix("px") {
        (n, 0.75)
    } else if let Some(n) = l.strip_suffix("em") {
        (n, 10.0)
    } else if let Some(n) = l.strip_suffix("in") {
        (n, 72.0)
    } else if l == "0" {
        ("0", 1.0)
    } else {
        return None;
    };
    number.trim().parse::<f64>().ok().map(|n| n * factor)
}

/// The left indentation a style gives, in points.
pub(super) fn left_indent(style: &str) -> f64 {
    let mut left = 0.0;
    if let Some(padding) = style_value(style, "padding") {
        let parts: Vec<&str> = padding.split_whitespace().collect();
        let l = match parts.as_slice() {
            [all] => Some(*all),
            [_, h] | [_, h, _] => Some(*h),
            [_, _, _, l] => Some(*l),
            _ => None,
        };
        left += l.and_then(points).unwrap_or(0.0);
    }
    for property in ["padding-left", "margin-left", "text-indent"] {
        left += style_value(style, property).and_then(points).unwrap_or(0.0);
    }
    left
}

/// True when a style starts a new page before or after its element.
pub(super) fn breaks(style: &str) -> (bool, bool) {
    let before = style_value(style, "page-break-before")
        .or_else(|| style_value(style, "break-before"))
        .is_some_and(|v| v == "always" || v == "page");
    let after = style_value(style, "page-break-after")
        .or_else(|| style_value(style, "break-after"))
        .is_some_and(|v| v == "always" || v == "page");
    (before, after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_lengths() {
        assert_eq!(points("12pt"), Some(12.0));
        assert_eq!(points("16px"), Some(12.0));
        assert_eq!(left_indent("padding:2px 1pt 2px 12.25pt"), 12.25);
        assert_eq!(left_indent("padding-left:11.25pt;text-indent:-9pt"), 2.25);
        assert_eq!(breaks("page-break-after:always"), (false, true));
    }
}
