#!/usr/bin/env python3
"""gen_doc.py SRCDIR — prints docs/check.md from datalog/constraints.dl (each constraint
with the source its comment cites). tests/check.cmake fails when docs/check.md differs."""
import re, sys
src = sys.argv[1]
text = open(f"{src}/datalog/constraints.dl").read()
sec, out, seen, comment, last_comment = None, [], set(), [], False
for line in text.split("\n"):
    m = re.match(r"// =+ (.*)", line)
    if m:
        sec, comment, last_comment = m.group(1), [], False
        continue
    if line.startswith("//"):
        if not last_comment:
            comment = []
        comment.append(line[2:].strip())
        last_comment = True
        continue
    last_comment = False
    for n in re.findall(r'(?:constraint_violation|MANDATORY)\("([a-z0-9_]+)"', line):
        if n != "NAME" and n not in seen:
            seen.add(n)
            out.append((sec, n, " ".join(comment)))
head = open(f"{src}/tests/check/check_doc_head.md").read()
doc = [head.rstrip("\n"), "", f"{len(out)} constraints.", ""]
cur = None
for sec, n, c in out:
    if sec != cur:
        doc += ["", f"### {sec[0].upper() + sec[1:]}", "", "| constraint | source |", "|---|---|"]
        cur = sec
    cites = re.findall(r'(Tables? [0-9][0-9-]*(?:, [0-9]+)*|LangRef "[^"]+"(?:/"[^"]+")*)', c)
    doc.append(f"| `{n}` | {', '.join(cites) if cites else 'integrity of the facts'} |")
print("\n".join(doc))
