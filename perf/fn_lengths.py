#!/usr/bin/env python3
"""Lists the functions over a length, counted from the `fn` line to its closing brace.

Usage: perf/fn_lengths.py [--max N] PATH...   (files or folders of .rs files; N: 80)
Prints `lines path:line name` for each function longer than N, longest first, and exits 1 if
there is any. It reads rustfmt-formatted code: a function ends at the first line after its
`fn` line that is its closing brace at the `fn` line's indentation (a one-line body ends there).
"""
import os
import re
import sys

FN = re.compile(r"^(\s*)(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?"
                r"(?:extern\s+\"[^\"]*\"\s+)?fn\s+(\w+)")


def functions(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        indent, name = m.group(1), m.group(2)
        # A declaration without a body (a trait's) ends with `;` before any `{`.
        j = i
        while j < len(lines) and "{" not in lines[j] and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= len(lines) or "{" not in lines[j]:
            continue
        if lines[j].rstrip().endswith("}") and lines[j].count("{") == lines[j].count("}"):
            yield i + 1, name, j - i + 1
            continue
        end = j + 1
        while end < len(lines) and lines[end] != indent + "}":
            end += 1
        yield i + 1, name, end - i + 1


def main(argv):
    limit = 80
    if len(argv) >= 2 and argv[0] == "--max":
        limit, argv = int(argv[1]), argv[2:]
    files = []
    for p in argv or ["src"]:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in names if n.endswith(".rs")]
        else:
            files.append(p)
    long = [(n, f"{path}:{line}", name)
            for path in sorted(files) for line, name, n in functions(path) if n > limit]
    for n, where, name in sorted(long, reverse=True):
        print(f"{n:5} {where} {name}")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
