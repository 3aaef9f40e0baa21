//! The hasher of tickmark's in-memory maps.
//!
//! The checks look up role texts, sentences, row words and concept ids in
//! maps for every claim; `std`'s SipHash spent about 5% of a batch's
//! instructions on them. foldhash is the hasher `hashbrown` itself uses:
//! several times faster on short keys and, seeded per process like `std`'s,
//! still no fixed target for colliding keys. No output depends on a map's
//! order (each map that is walked is sorted first, or only looked up).

/// A `HashMap` with the fast hasher.
pub type Map<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// A `HashSet` with the fast hasher.
pub type Set<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;

/// A hasher for keys hashed once and kept (a memo's).
pub type State = foldhash::fast::RandomState;
