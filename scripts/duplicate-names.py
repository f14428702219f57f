#!/usr/bin/env python3
"""Public type names defined more than once across the workspace (ARCHITECTURE.md, "Rules
of the house": names that say one thing).

Reads every `src/**/*.rs` and `crates/*/src/**/*.rs` and lists each name that a `pub struct`, `pub enum`,
`pub trait`, `pub type` or `pub union` defines in more than one place, with the places.
Only plain `pub` items count (`pub(crate)`, `pub(super)` and private items are a
module's own); a `pub use` re-export is not a definition. Comments and string contents
are skipped. Exits 1 when a name is defined twice, but for the few in LEFT (each with
its reason).

    scripts/duplicate-names.py          # exit 0: every public type name is defined once
    scripts/duplicate-names.py DIR      # the same check under another root (a test tree)
"""
import os
import re
import sys

# Names still defined twice, each with the reason it is left; the check fails on any other
# name defined twice, and on a name here that no longer is (so the list only shrinks).
LEFT = {}

ITEM = re.compile(
    r"^[ \t]*pub[ \t]+(?:unsafe[ \t]+)?(?:auto[ \t]+)?(struct|enum|trait|type|union)[ \t]+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)


def strip(text):
    """Source text without comments and string contents, line breaks kept (so a line
    number stays true, and prose or a string that reads `pub struct X` does not count)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        c = text[i]
        prev = text[i - 1] if i else ""
        if c == "r" and not (prev.isalnum() or prev == "_") and re.match(r'r#*"', text[i:i + 10]):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
            continue
        if c == "'" and i + 2 < n and (text[i + 2] == "'" or text[i + 1] == "\\"):
            # A character literal (a lifetime has no closing quote two characters on).
            j = text.find("'", i + (3 if text[i + 1] == "\\" else 2))
            out.append("' '")
            i = n if j < 0 else j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def definitions(root):
    """(name, kind, path, line) of every public type item under root/crates/*/src."""
    found = []
    crates = os.path.join(root, "crates")
    # The root package (the command, src/) and every library under crates/.
    srcs = [os.path.join(root, "src")] + [
        os.path.join(crates, c, "src") for c in sorted(os.listdir(crates))
    ]
    for src in srcs:
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames.sort()
            for f in sorted(filenames):
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8") as fh:
                    text = strip(fh.read())
                for m in ITEM.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.append((m.group(2), m.group(1), os.path.relpath(path, root), line))
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    by_name = {}
    for name, kind, path, line in definitions(root):
        by_name.setdefault(name, []).append(f"{path}:{line} ({kind})")
    dups = {n: places for n, places in sorted(by_name.items()) if len(places) > 1}
    left = {n: p for n, p in dups.items() if n in LEFT}
    new = {n: p for n, p in dups.items() if n not in LEFT}
    gone = sorted(n for n in LEFT if n not in dups)
    for name, places in new.items():
        print(f"{name}: defined {len(places)} times")
        for p in places:
            print(f"  {p}")
    for name in gone:
        print(f"{name}: defined once now: remove it from LEFT in {os.path.relpath(__file__)}")
    total = sum(len(p) for p in by_name.values())
    if new or gone:
        print(f"{len(new)} public type names defined more than once (of {len(by_name)} names, {total} definitions): give each a name that says what it is")
        return 1
    if left:
        print(f"public type names: {len(by_name)}, each defined once but the {len(left)} left: {', '.join(left)}")
    else:
        print(f"public type names: {len(by_name)}, each defined once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
