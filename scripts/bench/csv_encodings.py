"""How often a spreadsheet export is read cell for cell: our decoder vs charset-normalizer alone.

``python -m scripts.bench.csv_encodings [--files 200]`` generates laboratory CSV exports
(Faker names per locale, 1-12 rows) in the encodings people's spreadsheets write and
prints, per encoding, the share read back exactly (header and every cell).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from agents.declarative.csv_input import UnreadableFileError, decode_bytes, parse_csv  # noqa: E402
from tests.batch.lab_csv import HEADER, export, lab_rows  # noqa: E402

CASES = [("gbk", "zh_CN", ","), ("gb18030", "zh_CN", ";"), ("utf-16", "zh_CN", "\t"), ("utf-8-sig", "zh_CN", ","),
         ("cp1252", "de_DE", ";"), ("cp1252", "fr_FR", ","), ("cp1251", "ru_RU", ","), ("big5", "zh_TW", ","),
         ("shift_jis", "ja_JP", ",")]


def _ours(raw: bytes) -> tuple[list[str], list[list[str]]]:
    text, enc, guessed = decode_bytes(raw, "x.csv")
    table = parse_csv(text, "x.csv", enc, guessed)
    return table.header, table.rows


def _baseline(raw: bytes) -> tuple[list[str], list[list[str]]]:
    from charset_normalizer import from_bytes

    best = from_bytes(raw).best()
    if best is None:
        raise UnreadableFileError("no guess")
    table = parse_csv(str(best), "x.csv")
    return table.header, table.rows


def main() -> None:
    """Print one line per encoding: exact reads by our decoder and by charset-normalizer alone."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=200, help="files per encoding")
    n = ap.parse_args().files
    print(f"{'encoding':<10} {'locale':<6} {'ours':>7} {'charset-normalizer':>19}   ({n} files each, 1-12 rows)")
    for enc, locale, delim in CASES:
        ours = base = total = 0
        for seed in range(n):
            rows = lab_rows(seed, locale, 1 + seed % 12)
            try:
                raw = export(HEADER, rows, delim).encode(enc)
            except UnicodeEncodeError:
                continue
            total += 1
            for reader, hit in ((_ours, "ours"), (_baseline, "base")):
                try:
                    ok = reader(raw) == (HEADER, rows)
                except UnreadableFileError:
                    ok = False
                if ok and hit == "ours":
                    ours += 1
                elif ok:
                    base += 1
        print(f"{enc:<10} {locale:<6} {ours / total:>7.1%} {base / total:>19.1%}")


if __name__ == "__main__":
    main()
