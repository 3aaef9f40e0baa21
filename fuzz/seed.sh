#!/bin/sh
# Seeds each fuzz target's corpus (fuzz/corpus/TARGET/) from the bundled
# samples and, when present, the peers' PDF fixtures in ../shared. Run from
# the repository's root: sh fuzz/seed.sh
set -eu
c=fuzz/corpus
mkdir -p $c/amount $c/period $c/cell_ref $c/answer $c/calc $c/spreadsheet $c/pdf $c/verify $c/html
n=0
seed() { n=$((n + 1)); printf '%s' "$2" > "$c/$1/seed-$n"; }
# Amounts and headers as the sample csvs write them, one field per file.
for f in samples/*.csv; do
  head -c 20000 "$f" | tr ',' '\n' | sed 's/^"//; s/"$//' | sort -u | head -200 | while IFS= read -r field; do
    [ -n "$field" ] || continue
    n=$((n + 1)); b=$(basename "$f" .csv); printf "%s" "$field" > "$c/amount/$b-$n"; printf "%s" "$field" > "$c/period/$b-$n"
  done
done
for v in '$4.2 billion' '(1,234.5)' '38.1%' '€12m' '-0.5' '1e400' 'NaN' '—' '12,345,678,901,234,567,890,123,456,789'; do seed amount "$v"; done
for p in 'Year Ended December 31, 2024' 'FY2023' 'Q3 2024' 'Three Months Ended September 30, 2023' '2023/24' 'June 30, 2024' '31 December 2023 €m'; do seed period "$p"; done
for r in 'acme.xlsx#IS!B7' "birchwood.xlsx#'Income Statement'!B8" 'acme.xlsx#IS!A9:D9' 'report.pdf#p3t1!C5' 'report.pdf#p3' 'acme.csv' 'c091'; do seed cell_ref "$r"; done
for calc in '(r24 - r23) / r23' 'subtract(56864, 49356), divide(#0, 49356)' 'table_sum(revenue)' 'exp(a, 2)' 'greater(a, b)' 'a / const_100'; do seed calc "$calc"; done
for f in samples/answers/*.json; do cp "$f" "$c/answer/"; cp "$f" "$c/verify/"; done
cp samples/answers/batch.jsonl "$c/answer/"
# Workbooks: the first byte picks the format (0 xlsx, 4 csv).
for f in samples/*.xlsx samples/answers/locked.xlsx; do
  { printf '\000'; cat "$f"; } > "$c/spreadsheet/$(basename "$f")"
done
for f in samples/*.csv; do { printf '\004'; cat "$f"; } > "$c/spreadsheet/$(basename "$f")"; done
# xls (1), ods (2) and xlsb (3): the converted samples and the hostile ones.
for f in tests/fixtures/formats/*.xls tests/bad/*.xls; do { printf '\001'; cat "$f"; } > "$c/spreadsheet/xls-$(basename "$f")"; done
for f in tests/fixtures/formats/*.ods tests/bad/*.ods; do { printf '\002'; cat "$f"; } > "$c/spreadsheet/ods-$(basename "$f")"; done
for f in tests/fixtures/formats/*.xlsb; do { printf '\003'; cat "$f"; } > "$c/spreadsheet/xlsb-$(basename "$f")"; done
cp samples/*.pdf "$c/pdf/"
for f in tests/fixtures/bad/*.pdf; do cp "$f" "$c/pdf/bad-$(basename "$f")"; done
if [ -d ../shared/external/pdf-tables ]; then
  find ../shared/external/pdf-tables -name '*.pdf' -size -2M | while IFS= read -r f; do
    cp "$f" "$c/pdf/peer-$(basename "$f")"
  done
fi
# HTML filings: the committed excerpt (first byte 0: .htm) and, when present,
# the 14 filings of ../shared (first byte 1: .xhtml).
{ printf '\000'; cat tests/fixtures/html/aapl-10q-excerpt.htm; } > "$c/html/aapl-excerpt"
for f in ../shared/datasets/sec_ixbrl/*.html; do
  [ -f "$f" ] && { printf '\001'; head -c 200000 "$f"; } > "$c/html/$(basename "$f")"
done
echo "seeded: $(find $c -type f | wc -l) files"
