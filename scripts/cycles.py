#!/usr/bin/env python3
"""Fails when the server's modules import each other in a circle (make lint).

Lower floors never import higher ones (STYLE.md): `domain` imports nothing of ours,
`store` never imports `http` or `mail`. A cycle between two files, or between two of the
crate's top-level areas, is where that broke, so this prints each one and exits 1:

    http/orders.rs -> http/payments.rs -> http/orders.rs
    store -> mail -> store

The graph is read from the source, not from the compiler (standard library only, so it
runs before anything is built): each file's `mod` declarations give the module tree
(from `lib.rs` and `main.rs`), and its `use crate::…`, `use super::…`, `use self::…`
(and `use child::…` for a module it declares) and every `crate::a::b`, `super::a`
path in its code are edges to the file that defines what they name. A name a module
re-exports (`pub use listing::ProductFilter;`) leads to the file that defines it, so a
sibling reached through its parent's re-export is still that sibling.

A parent naming its own submodules (declaring them, re-exporting them, calling into
them) is containment, not a dependency: `http/mod.rs` merging `http/catalogue/`'s
router and `http/catalogue/listing.rs` using `http/mod.rs`'s envelope is no cycle. A
child's edge to its parent counts.

Usage: scripts/cycles.py [SRC_DIR]    (default: server/src beside this script's folder)
"""

import os
import re
import sys
from collections import defaultdict, deque

# Everything that is not code: comments (nested block comments included), string,
# raw string, byte string and char literals. Replaced by spaces, keeping newlines, so
# line numbers stay true.
_LITERAL = re.compile(
    r"""
      (?P<line>//[^\n]*)
    | (?P<block>/\*)
    | (?P<raw>b?r(?P<hashes>\#*)")
    | (?P<str>b?"(?:\\.|[^"\\])*")
    | (?P<char>b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^'\\\n])')
    """,
    re.VERBOSE | re.DOTALL,
)
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|::|[{}();,*#\[\]!]|\S")


def _blank(text):
    return re.sub(r"[^\n]", " ", text)


def strip_non_code(source):
    """The source with comments and literals blanked out (newlines kept)."""
    out = []
    i = 0
    while True:
        m = _LITERAL.search(source, i)
        if not m:
            out.append(source[i:])
            return "".join(out)
        out.append(source[i : m.start()])
        if m.group("block"):
            depth, j = 1, m.end()
            while depth and j < len(source):
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(_blank(source[m.start() : j]))
            i = j
        elif m.group("raw") is not None:
            end = source.find('"' + m.group("hashes"), m.end())
            end = len(source) if end < 0 else end + 1 + len(m.group("hashes"))
            out.append(_blank(source[m.start() : end]))
            i = end
        else:
            out.append(_blank(m.group(0)))
            i = m.end()


def tokens(code):
    """(token, line) pairs."""
    line = 1
    pos = 0
    for m in _TOKEN.finditer(code):
        line += code.count("\n", pos, m.start())
        pos = m.start()
        yield m.group(0), line


def expand_use_tree(toks):
    """The paths a `use` tree names, as (segments, alias-or-None, is_glob)."""
    out = []

    def parse(i, prefix):
        segs = list(prefix)
        while i < len(toks):
            t = toks[i]
            if t == "{":
                i += 1
                while i < len(toks) and toks[i] != "}":
                    i = parse(i, segs)
                    if i < len(toks) and toks[i] == ",":
                        i += 1
                return i + 1
            if t == "*":
                out.append((segs, None, True))
                return i + 1
            if t == "::":
                i += 1
                continue
            if t in (",", "}"):
                out.append((segs, None, False))
                return i
            if t == "as":
                out.append((segs, toks[i + 1], False))
                return i + 2
            segs = segs + [t]
            i += 1
        out.append((segs, None, False))
        return i

    i = 0
    if toks and toks[0] == "::":
        i = 1
    parse(i, [])
    return [(s, a, g) for s, a, g in out if s]


class Module:
    def __init__(self, path, file, is_dir_owner, inline=False):
        self.path = path  # tuple of names from the crate root
        self.file = file  # relative to the source dir
        self.inline = inline  # a `mod x { … }` block inside its parent's file
        self.is_dir_owner = is_dir_owner  # lib.rs, main.rs, mod.rs: children beside it
        self.children = {}  # name -> Module
        self.reexports = {}  # exported name -> absolute segments
        self.globs = []  # absolute module segments re-exported with `*`
        self.refs = []  # (absolute segments, line, text)


class Crate:
    """One crate's module tree, read from its root file."""

    def __init__(self, src, root_file, lib_name=None):
        self.src = src
        self.lib_name = lib_name  # for a binary: the library's name, `shop::…`
        self.modules = {}
        self.root = self._load((), root_file, True)

    def _child_file(self, module, name):
        base = os.path.dirname(module.file)
        if not module.is_dir_owner:
            base = os.path.join(base, os.path.splitext(os.path.basename(module.file))[0])
        for candidate, owner in (
            (os.path.join(base, name + ".rs"), False),
            (os.path.join(base, name, "mod.rs"), True),
        ):
            if os.path.isfile(os.path.join(self.src, candidate)):
                return candidate, owner
        return None, False

    def _load(self, path, file, is_dir_owner):
        module = Module(path, file, is_dir_owner)
        self.modules[path] = module
        with open(os.path.join(self.src, file), encoding="utf-8") as f:
            code = strip_non_code(f.read())
        self._read(module, list(tokens(code)))
        return module

    def _read(self, file_module, toks):
        # A stack of the modules whose braces we are in: inline `mod x { … }` blocks.
        stack = [(file_module, None)]
        depth = 0
        i = 0
        words = [t for t, _ in toks]
        while i < len(toks):
            t, line = toks[i]
            current = stack[-1][0]
            if t == "{":
                depth += 1
            elif t == "}":
                if stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
            elif t == "mod" and i + 2 < len(toks) and re.match(r"\w+$", words[i + 1]):
                name, after = words[i + 1], words[i + 2]
                if after == ";":
                    file, owner = self._child_file(current, name)
                    if file:
                        current.children[name] = self._load(current.path + (name,), file, owner)
                    i += 3
                    continue
                if after == "{":
                    inline = Module(current.path + (name,), current.file, False, inline=True)
                    self.modules[inline.path] = inline
                    current.children[name] = inline
                    depth += 1
                    stack.append((inline, depth))
                    i += 3
                    continue
            elif t == "use" and (i + 1 == len(toks) or words[i + 1] != "<"):
                end = i + 1
                while end < len(toks) and words[end] != ";":
                    end += 1
                public = self._is_public(words, i)
                for segs, alias, glob in expand_use_tree(words[i + 1 : end]):
                    absolute = self._absolute(current, segs)
                    if absolute is None:
                        continue
                    current.refs.append((absolute, line, "use " + "::".join(segs) + ("::*" if glob else "")))
                    if public:
                        if glob:
                            current.globs.append(absolute)
                        elif segs[-1] != "self":
                            current.reexports[alias or segs[-1]] = absolute
                        else:
                            current.reexports[alias or segs[-2]] = absolute[:-1]
                i = end + 1
                continue
            elif t in ("crate", "super", "self") and i + 2 < len(toks) and words[i + 1] == "::" and (i == 0 or words[i - 1] != "::"):
                segs = [t]
                j = i + 1
                while j + 1 < len(toks) and words[j] == "::" and re.match(r"\w+$", words[j + 1]):
                    segs.append(words[j + 1])
                    j += 2
                absolute = self._absolute(current, segs)
                if absolute is not None:
                    current.refs.append((absolute, line, "::".join(segs)))
                i = j
                continue
            i += 1

    @staticmethod
    def _is_public(words, i):
        j = i - 1
        if j >= 0 and words[j] == ")":
            while j >= 0 and words[j] != "(":
                j -= 1
            j -= 1
        return j >= 0 and words[j] == "pub"

    def _absolute(self, module, segs):
        """`segs` as seen from `module`, from the crate root; None when outside it."""
        path = list(module.path)
        head = segs[0]
        if head == "crate":
            return ["crate"] + segs[1:]
        if self.lib_name and head == self.lib_name:
            return ["extern"] + segs[1:]
        if head in ("super", "self"):
            k = 0
            while k < len(segs) and segs[k] in ("super", "self"):
                if segs[k] == "super":
                    if not path:
                        return None
                    path.pop()
                k += 1
            return ["crate"] + path + segs[k:]
        if head in module.children:
            return ["crate"] + path + segs
        return None

    def resolve(self, absolute, seen=None):
        """The module that defines what `absolute` names."""
        seen = seen or set()
        module = self.root
        for k, seg in enumerate(absolute[1:]):
            if seg in module.children:
                module = module.children[seg]
                continue
            if seg in module.reexports:
                key = (module.path, seg)
                if key in seen:
                    return module
                seen.add(key)
                return self.resolve(module.reexports[seg] + absolute[k + 2 :], seen)
            return module
        return module


def build_graph(src):
    """Edges between files (containment left out), each with its first reference."""
    lib = Crate(src, "lib.rs") if os.path.isfile(os.path.join(src, "lib.rs")) else None
    crates = [lib] if lib else []
    if os.path.isfile(os.path.join(src, "main.rs")):
        crates.append(Crate(src, "main.rs", lib_name="shop" if lib else None))
    edges = defaultdict(dict)  # file -> {file: (line, text)}
    files = set()
    for crate in crates:
        owner = {m.file: m.path for m in crate.modules.values() if not m.inline}
        for module in crate.modules.values():
            files.add(module.file)
            own = owner[module.file]
            for absolute, line, text in module.refs:
                target_crate = crate
                if absolute[0] == "extern":
                    target_crate, absolute = lib, ["crate"] + absolute[1:]
                target = target_crate.resolve(absolute)
                if target.file == module.file:
                    continue
                if target_crate is crate and target.path[: len(own)] == own and len(target.path) > len(own):
                    continue  # a parent naming its own submodule
                edges[module.file].setdefault(target.file, (line, text))
    return files, edges


def area_of(file):
    top = file.split("/")[0]
    if top in ("lib.rs", "main.rs"):
        return None
    return os.path.splitext(top)[0]


def strongly_connected(nodes, succ):
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(succ.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def cycles(nodes, succ):
    """For each node in a cycle, the shortest cycle through it; each listed once."""
    found, seen = [], set()
    for comp in strongly_connected(nodes, succ):
        if len(comp) < 2:
            continue
        members = set(comp)
        for start in comp:
            prev = {start: None}
            queue = deque([start])
            path = None
            while queue and path is None:
                v = queue.popleft()
                for w in sorted(succ.get(v, ())):
                    if w not in members:
                        continue
                    if w == start:
                        path = [v]
                        while prev[path[-1]] is not None:
                            path.append(prev[path[-1]])
                        path.reverse()
                        break
                    if w not in prev:
                        prev[w] = v
                        queue.append(w)
            if path is None:
                continue
            k = path.index(min(path))
            path = path[k:] + path[:k]
            if tuple(path) not in seen:
                seen.add(tuple(path))
                found.append(path)
    return found


def check(src):
    """The report's lines; empty when there is no cycle."""
    files, edges = build_graph(src)
    lines = []
    file_cycles = cycles(files, {f: set(t) for f, t in edges.items()})
    if file_cycles:
        lines.append("Cycles between files (each arrow: the first line that makes it):")
        for cycle in file_cycles:
            lines.append(" -> ".join(cycle + [cycle[0]]))
            for a, b in zip(cycle, cycle[1:] + [cycle[0]]):
                line, text = edges[a][b]
                lines.append(f"    {a}:{line} {text}")
    area_edges = defaultdict(dict)
    for a, targets in edges.items():
        for b, why in targets.items():
            x, y = area_of(a), area_of(b)
            if x and y and x != y:
                area_edges[x].setdefault(y, (a, b, why))
    areas = {area_of(f) for f in files} - {None}
    area_cycles = cycles(areas, {a: set(t) for a, t in area_edges.items()})
    if area_cycles:
        lines.append("Cycles between areas (each arrow: one file that makes it):")
        for cycle in area_cycles:
            lines.append(" -> ".join(cycle + [cycle[0]]))
            for x, y in zip(cycle, cycle[1:] + [cycle[0]]):
                a, b, (line, text) = area_edges[x][y]
                lines.append(f"    {a}:{line} {text}  ({b})")
    return lines


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    src = argv[1] if len(argv) > 1 else os.path.join(here, "..", "server", "src")
    lines = check(src)
    if lines:
        print("\n".join(lines))
        return 1
    print(f"No import cycles in {os.path.relpath(src)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
