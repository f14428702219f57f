#!/usr/bin/env python3
"""Import circles between the modules of each crate (ARCHITECTURE.md, "Rules of the house").

For the root package (the command's src/) and every crate under crates/, each source file
is a module. A module imports another when it names one of its items: a `use` path or an
inline path starting with `crate::`, `super::` or `self::`, or a bare path through a child
module declared in the file (`mod x;` then `x::Item`). A name re-exported with `pub use` is followed to the
module that defines it, so a facade module that only declares and re-exports adds no
edge. A parent declaring its children (`mod x;`) is not an import, nor is an inline
`mod tests` using `super::*` (that is the module itself).

Prints each crate's strongly connected components of more than one module and exits 1
if there is any; `--graph` prints every edge too.

It also measures, in each crate, the longest import chain: the most modules on one path
along the edges above (a module that imports nothing is a chain of 1). In the facade crate
(crates/tourglyph) a long chain means jobs that call jobs, so the chain there has a limit
(CHAIN_LIMIT) and a longer one exits 1 too; the other crates' chains are printed only.

The facade's jobs (JOBS: one a command) are siblings: a job module (or a module inside
it) that imports another job's exits 1, naming the edge. What jobs share sits below them:
the tour source, the counters, the sheet drawing, the drawing helpers, the requests.

    scripts/module-cycles.py            # exit 0: no circle, the facade's chain in its limit
    scripts/module-cycles.py --graph    # the edges, crate by crate
    scripts/module-cycles.py --chains   # each crate's longest chain, module by module
    scripts/module-cycles.py --jobs     # the job-to-job imports of the facade (none)
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def strip(text):
    """Source text without comments and string contents (so paths in prose do not count)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i)
            i = n if j < 0 else j + 2
            continue
        c = text[i]
        if c == 'r' and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            out.append('""')
            i = n if j < 0 else j + len(end)
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
            continue
        if c == "'" and i + 2 < n and (text[i + 2] == "'" or text[i + 1] == "\\"):
            j = text.find("'", i + 2 if text[i + 1] != "\\" else i + 3)
            out.append("' '")
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def split_top(t):
    parts, depth, cur = [], 0, ""
    for ch in t:
        if ch == "{":
            depth += 1
        if ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def expand(t, prefix=()):
    out = []
    for part in split_top(t):
        m = re.match(r"^([\w:]*?)::\{(.*)\}$", part, re.S)
        if m:
            out += expand(m.group(2), prefix + tuple(x for x in m.group(1).split("::") if x))
            continue
        if part.startswith("{") and part.endswith("}"):
            out += expand(part[1:-1], prefix)
            continue
        m = re.match(r"^(.*?)\s+as\s+(\w+)$", part, re.S)
        name = None
        if m:
            part, name = m.group(1).strip(), m.group(2)
        path = prefix + tuple(x for x in part.split("::") if x)
        if path and path[-1] == "self":
            path = path[:-1]
        out.append((path, name or (path[-1] if path else None)))
    return out


def inline_spans(text):
    spans = []
    for m in re.finditer(r"(?m)^[ \t]*(?:pub(?:\([\w ]+\))? )?mod \w+\s*\{", text):
        i, depth = m.end(), 1
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        spans.append((m.end(), i))
    return spans


class Crate:
    def __init__(self, src):
        self.src = src
        self.mods = {}  # module path tuple -> stripped text
        for dp, _, fn in os.walk(src):
            for f in fn:
                if f.endswith(".rs"):
                    p = os.path.relpath(os.path.join(dp, f), src)[:-3].split(os.sep)
                    if p[-1] in ("mod", "lib", "main"):
                        p = p[:-1]
                    self.mods[tuple(p)] = strip(open(os.path.join(dp, f)).read())
        # Bins and build scripts beside lib.rs are their own crates: keep the lib's tree.
        self.reexports = {m: {} for m in self.mods}
        for m, t in self.mods.items():
            for u in re.finditer(r"\bpub(?:\([\w ]+\))?\s+use\s+([^;]+);", t):
                for path, name in expand(u.group(1)):
                    if name and name != "*":
                        self.reexports[m][name] = path

    def absolute(self, mod, path, depth):
        """Absolute module-relative path of `path` written in `mod`, or None (extern)."""
        if not path:
            return None
        h = path[0]
        if h == "crate":
            return path[1:]
        if h == "self":
            return None if depth else mod + path[1:]
        if h == "super":
            n = 0
            while n < len(path) and path[n] == "super":
                n += 1
            if n <= depth:
                return None
            up = n - depth
            return mod[: len(mod) - up] + path[n:]
        if mod + (h,) in self.mods:  # a child module named bare
            return mod + path
        return None

    def owner(self, path, seen=0):
        """The module defining the item `path` names (following `pub use`)."""
        best = ()
        for i in range(len(path), -1, -1):
            if path[:i] in self.mods:
                best = path[:i]
                break
        rest = path[len(best):]
        if rest and seen < 8 and rest[0] in self.reexports.get(best, {}):
            target = self.reexports[best][rest[0]]
            a = self.absolute(best, target, 0)
            if a is not None:
                return self.owner(a + rest[1:], seen + 1)
        return best

    def edges(self):
        out = set()
        for m, t in self.mods.items():
            spans = inline_spans(t)
            depth_at = lambda pos: sum(1 for a, b in spans if a <= pos < b)
            # `pub use` lines are re-exports, followed by owner(), not edges of their own.
            body = re.sub(r"\bpub(?:\([\w ]+\))?\s+use\s+[^;]+;", lambda x: " " * len(x.group(0)), t)
            refs = []
            for u in re.finditer(r"\buse\s+([^;]+);", body):
                d = depth_at(u.start())
                refs += [(p, d) for p, _ in expand(u.group(1))]
            for p in re.finditer(r"(?<![\w:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::\w+)+)", body):
                refs.append((tuple(p.group(1).split("::")), depth_at(p.start())))
            for path, d in refs:
                if path and path[-1] == "*":
                    path = path[:-1]
                a = self.absolute(m, path, d)
                if a is None:
                    continue
                o = self.owner(a)
                if o != m:  # a parent using its child's items is an edge too
                    out.add((m, o))
        return out


def sccs(nodes, edges):
    adj = {n: [] for n in nodes}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, [])
    index, low, stack, on, res, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in adj[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            res.append(comp)

    sys.setrecursionlimit(10000)
    for v in list(adj):
        if v not in index:
            visit(v)
    return [c for c in res if len(c) > 1]


# The facade's longest import chain may hold at most this many modules: a front door (the
# gallery, `Tours`), a job, a tour source or drawing helper, the request types or the
# process's limits, a leaf (issue 57; it was 13 when jobs called jobs).
CHAIN_LIMIT = {"crates/tourglyph": 5}


# The facade's jobs, one a command (`count --residue-bits`/`--combine` are `residues`).
# None may import another: what two of them share moves below them (ARCHITECTURE.md).
JOBS = {
    "crates/tourglyph": [
        "count", "residues", "list", "sheet", "glyph", "font", "find", "gallery", "slide",
        "plot_stats",
    ],
}


def job_of(crate, m):
    """The job a module belongs to (itself or a module inside it), or None."""
    for j in JOBS.get(crate, []):
        if m[:2] == ("job", j):
            return j
    return None


def job_edges(crate, edges):
    """The imports from one job's module to another job's."""
    out = []
    for a, b in sorted(edges):
        ja, jb = job_of(crate, a), job_of(crate, b)
        if ja and jb and ja != jb:
            out.append((a, b))
    return out


def longest_chain(nodes, edges):
    """The longest path of modules along import edges (the graph has no circle)."""
    adj = {n: [] for n in nodes}
    for a, b in edges:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, [])
    memo = {}

    def walk(v):
        if v not in memo:
            best = [v]
            for w in sorted(adj[v]):
                p = [v] + walk(w)
                if len(p) > len(best):
                    best = p
            memo[v] = best
        return memo[v]

    return max((walk(v) for v in sorted(adj)), key=len, default=[])


def name(crate, m):
    return crate + ("::" + "::".join(m) if m else "")


def main():
    graph = "--graph" in sys.argv
    chains = "--chains" in sys.argv
    jobs = "--jobs" in sys.argv
    # The root package (the command, `src/`) and every library under crates/.
    crates = ["."] + sorted(os.path.join("crates", d) for d in os.listdir(os.path.join(ROOT, "crates")))
    bad = 0
    for c in crates:
        src = os.path.join(ROOT, c, "src")
        if not os.path.isdir(src):
            continue
        k = Crate(src)
        e = k.edges()
        if graph:
            for a, b in sorted(e):
                print(f"{name(c, a)} -> {name(c, b)}")
        circles = sccs(list(k.mods), e)
        for comp in circles:
            bad += 1
            print(f"circle in {c}: " + ", ".join(sorted(name(c, m) for m in comp)))
        if circles:
            continue  # a chain is only defined where there is no circle
        chain = longest_chain(list(k.mods), e)
        limit = CHAIN_LIMIT.get(c)
        if chains or (limit and len(chain) > limit):
            print(f"longest import chain in {c}: {len(chain)} modules"
                  + (f" (limit {limit})" if limit else "") + ": "
                  + " -> ".join(name(c, m) for m in chain))
        if limit and len(chain) > limit:
            bad += 1
        crossing = job_edges(c, e)
        for a, b in crossing:
            print(f"job imports job in {c}: {name(c, a)} -> {name(c, b)}")
        if jobs and c in JOBS:
            print(f"job-to-job imports in {c}: {len(crossing)} ({len(JOBS[c])} jobs: "
                  + ", ".join(JOBS[c]) + ")")
        bad += len(crossing)
    if bad:
        sys.exit(1)
    print(f"no import circle between the modules of {len(crates)} crates; "
          + "; ".join(f"{c}'s longest import chain within {n} modules" for c, n in CHAIN_LIMIT.items())
          + "; no job imports another")


if __name__ == "__main__":
    main()
