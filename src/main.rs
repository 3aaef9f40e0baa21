//! The `tickmark` command line: a thin front end over the library.

fn main() {}
