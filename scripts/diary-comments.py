#!/usr/bin/env python3
"""Comment lines under src/ and crates/ that read as a lab notebook (issue 57; ARCHITECTURE.md, "Comments").

A code comment says what the code does and why, citing at most the one current figure its
choice rests on; measurements, experiments tried and not kept, and their figures belong in
benches/NOTES.md. This counts the comment lines that carry such a diary: a line that says
something was tried and "not kept", a figure "tried" or "measured", or a timed or sized
figure set "against" another (or "before"/"earlier"/"was" one).

    scripts/diary-comments.py          # the count, file by file
    scripts/diary-comments.py --lines  # every line counted
    scripts/diary-comments.py --max N  # exit 1 when more than N lines are counted
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
COMMENT = re.compile(r"^\s*//[/!]?(.*)$")
FIGURE = r"\d[\d.,]*\s*(?:s|ms|µs|min|h|GB|MB|KB|GiB|MiB|KiB|%|×|x)\b"
DIARY = [
    re.compile(r"(?:\bNot kept\b|\band not kept\b|\bwas not kept\b|\btried and\b)"),
    re.compile(r"\b(?:tried|measured)\b.{0,60}" + FIGURE, re.I),
    re.compile(FIGURE + r".{0,40}\bagainst\b", re.I),
    re.compile(r"\bagainst\b.{0,40}" + FIGURE, re.I),
    re.compile(r"\b(?:before|earlier|was|were)\b.{0,30}" + FIGURE, re.I),
]


def main():
    lines = "--lines" in sys.argv
    cap = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else None
    total, per = 0, {}
    walk = [w for top in ("src", "crates") for w in os.walk(os.path.join(ROOT, top))]
    for dp, _, fn in walk:
        for f in sorted(fn):
            if not f.endswith(".rs"):
                continue
            path = os.path.relpath(os.path.join(dp, f), ROOT)
            if "/tests/" in path:  # the test suite's own comments say what a test guards
                continue
            for no, line in enumerate(open(os.path.join(dp, f), encoding="utf-8"), 1):
                m = COMMENT.match(line)
                if m and any(d.search(m.group(1)) for d in DIARY):
                    total += 1
                    per[path] = per.get(path, 0) + 1
                    if lines:
                        print(f"{path}:{no}: {m.group(1).strip()}")
    if not lines:
        for path, n in sorted(per.items(), key=lambda x: -x[1]):
            print(f"{n:4} {path}")
    print(f"{total} diary comment lines under src/ and crates/")
    if cap is not None and total > cap:
        sys.exit(1)


if __name__ == "__main__":
    main()
