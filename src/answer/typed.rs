//! The fast path of reading an answer: a well-formed answer deserialized
//! straight into typed fields, without building a `serde_json::Value` and
//! converting it.
//!
//! It accepts only what docs/contract.md §4 writes: strings where strings
//! go, lists where lists go. Anything else (a number for a string, an
//! unknown shape of role, a key given twice) fails here, and
//! [`super::input`] reads the text again through `serde_json::Value`, whose
//! path says precisely what is wrong. Both paths end in the same checks
//! (`input::finish_*`), so an answer reads the same whichever path took it;
//! `tests` below compare them on every shape.

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use super::input::{self, Prefix};
use super::{Answer, Claim, ContextItem, Origin, Role, SourceSpec};

/// An answer as written, every field in its well-formed shape.
#[derive(Deserialize)]
pub(super) struct RawAnswer {
    id: Option<String>,
    sources: Option<OneOrMany<StrOr<IdPath>>>,
    context: Option<Vec<StrOr<IdRef>>>,
    claims: Option<Vec<RawClaim>>,
}

/// A claim (or operand) as written.
#[derive(Deserialize)]
struct RawClaim {
    id: Option<String>,
    text: Option<String>,
    value: Option<String>,
    role: Option<StrOr<ConceptPeriod>>,
    cites: Option<OneOrMany<String>>,
    cite: Option<OneOrMany<String>>,
    quote: Option<String>,
    calc: Option<String>,
    operands: Option<Vec<RawClaim>>,
}

/// `{"id", "path"}`: a source whose path is not its id.
#[derive(Deserialize)]
struct IdPath {
    id: Option<String>,
    path: Option<String>,
}

/// `{"id", "ref"}`: a context alias.
#[derive(Deserialize)]
struct IdRef {
    id: Option<String>,
    #[serde(rename = "ref")]
    reference: Option<String>,
}

/// `{"concept", "period"}`: a structured role.
#[derive(Deserialize)]
struct ConceptPeriod {
    concept: Option<String>,
    period: Option<String>,
}

/// A string, or an object of the shape `T`.
enum StrOr<T> {
    Str(String),
    Map(T),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for StrOr<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = StrOr<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string or an object")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(StrOr::Str(s.to_string()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
                Ok(StrOr::Str(s))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(StrOr::Map)
            }
        }
        deserializer.deserialize_any(V(std::marker::PhantomData))
    }
}

/// A list of `T`, or a single string standing for a list of one.
struct OneOrMany<T>(Vec<T>);

impl<'de, T: Deserialize<'de> + From<String>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de> + From<String>> Visitor<'de> for V<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string or a list")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(OneOrMany(vec![T::from(s.to_string())]))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
                Ok(OneOrMany(vec![T::from(s)]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(OneOrMany(items))
            }
        }
        deserializer.deserialize_any(V(std::marker::PhantomData))
    }
}

impl<T> From<String> for StrOr<T> {
    fn from(s: String) -> Self {
        StrOr::Str(s)
    }
}

/// Reads a well-formed answer; `None` when the text is not one (the
/// caller reads it again through `serde_json::Value`).
pub(super) fn answer(text: &str, origin: &Origin) -> Option<Result<Answer, super::AnswerError>> {
    answer_and_id(text, origin).map(|(read, _)| read)
}

/// [`answer`], with the `"id"` the text gave (`None`: none, or null).
pub(super) fn answer_and_id(
    text: &str,
    origin: &Origin,
) -> Option<(Result<Answer, super::AnswerError>, Option<String>)> {
    let raw: RawAnswer = serde_json::from_str(text).ok()?;
    let id = raw.id.clone();
    Some((convert(raw, origin), id))
}

fn convert(raw: RawAnswer, origin: &Origin) -> Result<Answer, super::AnswerError> {
    let id = raw.id.unwrap_or_else(|| input::default_answer_id(origin));
    let fail = |message: String| super::AnswerError {
        origin: origin.clone(),
        id: Some(id.clone()),
        message,
    };
    let sources = raw
        .sources
        .map_or(Ok(Vec::new()), |OneOrMany(items)| {
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| match item {
                    StrOr::Str(s) => Ok(SourceSpec {
                        id: s.clone(),
                        path: s,
                    }),
                    StrOr::Map(IdPath { id, path }) => input::finish_source(i, id, path),
                })
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(&fail)?;
    let context = raw
        .context
        .map(|items| {
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    let what = input::context_what(i);
                    match item {
                        StrOr::Str(s) => input::context_ref(&s, &what),
                        StrOr::Map(IdRef { id, reference }) => {
                            input::finish_alias(id, reference, &what)
                        }
                    }
                })
                .collect::<Result<Vec<ContextItem>, String>>()
        })
        .transpose()
        .map_err(&fail)?;
    let mut claims: Vec<Claim> = raw
        .claims
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(i, item)| claim(item, &format!("k{}", i + 1), "claim", 0))
        .collect();
    input::mark_duplicates(&mut claims, "claim");
    Ok(Answer {
        id,
        sources,
        context,
        claims,
        origin: origin.clone(),
        problems: Vec::new(),
    })
}

/// A claim (an operand at `depth` > 0); what is wrong with it is its error.
fn claim(raw: RawClaim, default_id: &str, what: &str, depth: usize) -> Claim {
    let id = raw.id.clone().unwrap_or_else(|| default_id.to_string());
    match claim_fields(raw, &id, what, depth) {
        Ok(claim) => claim,
        Err(error) => Claim {
            id,
            error: Some(error),
            ..Claim::default()
        },
    }
}

fn claim_fields(raw: RawClaim, id: &str, what: &str, depth: usize) -> Result<Claim, String> {
    let prefix = Prefix { what, id };
    let mut cites = raw.cites.map(|c| c.0).unwrap_or_default();
    cites.extend(raw.cite.map(|c| c.0).unwrap_or_default());
    input::finish_cites(&mut cites, &prefix)?;
    let mut operands = match raw.operands {
        None => Vec::new(),
        Some(_) if depth >= input::MAX_NESTING => return Err(input::too_deep(&prefix)),
        Some(items) => input::read_operands(items, claim, what, id, depth)?,
    };
    let role = match raw.role {
        None => None,
        Some(StrOr::Str(text)) => Some(Role::Text(text)),
        Some(StrOr::Map(ConceptPeriod { concept, period })) => {
            Some(input::finish_role(concept, period, &prefix)?)
        }
    };
    let mut calc = raw.calc;
    input::finish_calc(&mut calc, &mut operands, &mut cites, role.as_ref(), &prefix)?;
    Ok(Claim {
        text: raw.text,
        value: raw.value,
        role,
        cites,
        quote: raw.quote,
        calc,
        operands,
        id: id.to_string(),
        error: None,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// The Value path alone, for comparison.
    fn by_value(text: &str, origin: &Origin) -> Result<Answer, super::super::AnswerError> {
        input::answer_from_value(serde_json::from_str(text).unwrap(), origin.clone())
    }

    #[test]
    fn a_well_formed_answer_reads_the_same_on_both_paths() {
        let origin = Origin {
            file: "a.jsonl".into(),
            line: Some(3),
            index: 2,
        };
        let texts = [
            // Every field, every shape the contract allows.
            r#"{"id": "a", "sources": ["acme.xlsx", {"id": "b", "path": "../b.xlsx"}],
                "context": ["acme.xlsx#IS!A1:D20", {"id": "c1", "ref": "acme.xlsx#BS!A5:D5"}],
                "claims": [
                  {"id": "k1", "text": "Revenue was $4.2 billion.", "value": "$4.2 billion",
                   "role": "Revenue, FY2023", "cites": ["acme.xlsx#IS!C5", "acme.xlsx#IS!C5"],
                   "cite": "c1", "quote": "4,200", "extra": [1, {"x": null}]},
                  {"value": "38.1%", "role": {"concept": "GrossMargin", "period": "FY2023", "x": 1},
                   "calc": "gp / rev",
                   "operands": [{"id": "gp", "value": "1,600", "cite": "c1"},
                                {"value": "4,200", "role": null, "cite": "acme.xlsx#IS!C5"}]}],
                "extra": "kept"}"#,
            // A single source, no id, nulls.
            r#"{"sources": "acme.xlsx", "context": null, "claims": [{"id": null, "value": "1"}]}"#,
            // Errors that are the claim's or the answer's, not the shape's.
            r#"{"id": "e", "claims": [{"value": "1", "calc": "a"},
                {"value": "1", "operands": [{"value": "2"}]},
                {"value": "1", "role": {"x": 1}},
                {"id": "k1", "value": "2"},
                {"value": "1", "calc": "a + a", "operands": [{"id": "a"}, {"id": "a"}]}]}"#,
            r#"{"id": "s", "sources": [{"path": "x.csv"}]}"#,
            r#"{"id": "c", "context": [{"id": "c1"}]}"#,
            r#"{"id": "c", "context": [{"ref": "acme.xlsx#IS!B1"}]}"#,
            r#"{"id": "c", "context": ["not a ref ##"]}"#,
        ];
        for text in texts {
            let fast = answer(text, &origin).expect("the fast path reads it");
            assert_eq!(fast, by_value(text, &origin), "{text}");
        }
    }

    #[test]
    fn what_is_not_well_formed_is_left_to_the_value_path() {
        let origin = Origin::default();
        for text in [
            r#"{"id": 7}"#,
            r#"{"id": "a", "claims": [{"value": 4.2}]}"#,
            r#"{"id": "a", "claims": ["k1"]}"#,
            r#"{"id": "a", "claims": [{"role": 3}]}"#,
            r#"{"id": "a", "claims": [{"cites": [1]}]}"#,
            r#"{"id": "a", "id": "b"}"#,
            r#"{"id": "a", "sources": [3]}"#,
            r#"[1]"#,
        ] {
            assert!(answer(text, &origin).is_none(), "{text}");
        }
    }

    #[test]
    fn nesting_past_the_limit_is_the_claims_error_on_both_paths() {
        let mut operand = r#"{"id": "x", "value": "1"}"#.to_string();
        for _ in 0..=input::MAX_NESTING {
            operand =
                format!(r#"{{"id": "x", "value": "1", "calc": "x", "operands": [{operand}]}}"#);
        }
        let text = format!(r#"{{"id": "a", "claims": [{operand}]}}"#);
        let origin = Origin::default();
        let fast = answer(&text, &origin).unwrap();
        assert_eq!(fast, by_value(&text, &origin));
        let mut claim = &fast.unwrap().claims[0];
        while claim.error.is_none() {
            claim = &claim.operands[0];
        }
        assert!(claim.error.as_deref().unwrap().contains("nest deeper"));
    }

    /// JSON in an answer's shapes and out of them: keys of the contract,
    /// values of every kind.
    fn answer_like() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        use serde_json::Value;
        let key = prop::sample::select(vec![
            "id", "sources", "context", "claims", "text", "value", "role", "cites", "cite",
            "quote", "calc", "operands", "concept", "period", "path", "ref", "x",
        ]);
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (0i64..100).prop_map(Value::from),
            prop::sample::select(vec![
                "a",
                "k1",
                "acme.xlsx",
                "acme.xlsx#IS!B7",
                "a + b",
                "FY2023",
                ""
            ])
            .prop_map(|s| Value::String(s.to_string())),
        ];
        leaf.prop_recursive(5, 64, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::vec((key.clone(), inner), 0..6).prop_map(|pairs| {
                    Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
                }),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn whatever_the_fast_path_reads_the_value_path_reads_alike(value in answer_like()) {
            let text = value.to_string();
            let origin = Origin { file: "p.jsonl".into(), line: Some(1), index: 0 };
            if let Some(fast) = answer(&text, &origin) {
                proptest::prop_assert_eq!(fast, by_value(&text, &origin));
            }
        }
    }
}
