#!/usr/bin/env python3
"""factcheck.py — the checks of the fact generator's end-to-end tests (tests/ir/test_*.sh).

    factcheck.py expect FACTDIR EXPECT_FILE
        Every expectation of EXPECT_FILE holds in FACTDIR (see docs/testing.md):
          <relation>\t<field>\t...          a row that must be in <relation>.facts
          !<relation>\t<field>\t...         no row of <relation>.facts may match
          #count <relation>[\t<field>...] OP N   the number of matching rows; OP is one of
                                            >= <= == > <
          # ...  (or an empty line)           a comment
        A line may start with `?` (before any `!`/`#count`): an expected failure, for a
        fact the generator does not produce yet. It is reported as a note (`xfail`),
        and as `XPASS` once it holds (then remove the `?`); neither fails the check.
        A field `_` matches any value; in a field with a `*`, each `*` matches any run
        of characters (the rest is literal); any other field must be equal. Fields are compared
        with the file's text as written (TSV-escaped: a tab in a symbol is `\\t`).

    factcheck.py complete DIS_LL FACTDIR
        The instructions of FACTDIR (instruction_opcode.facts) have, opcode by opcode,
        the counts of llvm-dis's text DIS_LL; likewise the functions with bodies
        (function_definition), the declarations (function_declaration), the global
        variables (global_variable), the blocks and the instructions of each function,
        switch cases, phi pairs, landingpad clauses, direct calls/invokes/callbrs, and
        #dbg_ records by kind (each once its relation exists; else a note).

    factcheck.py arity FACTDIR SCHEMA_LIST [EXT]
        FACTDIR holds exactly one file per relation of SCHEMA_LIST (the output of
        `irlog schema --list`: name<TAB>arity lines) named <name>.<EXT> (default facts),
        and every row of every .facts file has exactly `arity` tab-separated fields.

    factcheck.py csv FACTDIR SCHEMA_DL
        Every <relation>.csv of FACTDIR starts with a header row whose column names are
        those of `.decl <relation>(...)` in SCHEMA_DL (`irlog schema --dl`), and every
        row parses (RFC 4180 quoting) to exactly that many fields.

Each command prints one line per problem (`  - ...`) and exits 1 if there was any,
0 otherwise, printing nothing else.
"""
import collections
import csv
import os
import re
import sys

problems = []
notes = []  # printed as `  note: ...`, never a failure


def problem(msg):
    problems.append(msg)


def read_rows(path):
    """Rows of a TSV .facts file as lists of (escaped) fields."""
    with open(path, "rb") as f:
        data = f.read().decode("utf-8", "surrogateescape")
    if not data:
        return []
    if not data.endswith("\n"):
        problem(f"{os.path.basename(path)}: the last row has no newline")
    return [line.split("\t") for line in data.rstrip("\n").split("\n")] if data != "\n" else [[""]]


def unescape(s):
    """Undoes the TSV escaping of a field (\\t \\n \\r \\\\, and \\0 for a NUL byte)."""
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "r": "\r", "0": "\0"}.get(m.group(1), m.group(1)), s)


# ---------------------------------------------------------------- expect

def field_matches(pat, val):
    if pat == "_":
        return True
    if "*" in pat:
        return glob_re(pat).fullmatch(val) is not None
    return pat == val


_globs = {}


def glob_re(pat):
    """`*` matches any run of characters; everything else is literal (`[3 x i8]`)."""
    if pat not in _globs:
        _globs[pat] = re.compile(".*".join(re.escape(p) for p in pat.split("*")), re.S)
    return _globs[pat]


def row_matches(pats, row):
    return len(pats) == len(row) and all(field_matches(p, v) for p, v in zip(pats, row))


def cmd_expect(factdir, expect_file):
    cache = {}

    def rows_of(rel, where):
        if rel not in cache:
            p = os.path.join(factdir, rel + ".facts")
            if not os.path.exists(p):
                problem(f"{where}: relation {rel} has no file {rel}.facts (is it declared?)")
                cache[rel] = None
            else:
                cache[rel] = read_rows(p)
        return cache[rel]

    with open(expect_file, encoding="utf-8") as f:
        lines = f.read().split("\n")
    name = os.path.basename(expect_file)
    n = 0
    for lineno, line in enumerate(lines, 1):
        where = f"{name}:{lineno}"
        xfail = line.startswith("?")
        if xfail:
            line = line[1:]
        if not line.strip() or (line.startswith("#") and not line.startswith("#count")):
            continue
        n += 1
        before = len(problems)
        check_line(line, where, rows_of)
        if xfail:
            new = problems[before:]
            del problems[before:]
            if new:
                notes.append(f"xfail {where}: {new[0].split(': ', 1)[-1]}")
            else:
                notes.append(f"XPASS {where}: holds now; remove its `?`")
    if n == 0:
        problem(f"{name}: holds no expectation")


def check_line(line, where, rows_of):
    """Checks one expectation line; adds what fails to `problems`."""
    if line.startswith("#count"):
        m = re.match(r"#count\s+(.*?)\s+(>=|<=|==|>|<)\s+(\d+)\s*$", line)
        if not m:
            problem(f"{where}: bad #count line (want `#count REL[<TAB>FIELD...] OP N`): {line}")
            return
        head, op, want = m.group(1), m.group(2), int(m.group(3))
        parts = head.split("\t")
        rel, pats = parts[0].strip(), parts[1:]
        rows = rows_of(rel, where)
        if rows is None:
            return
        got = sum(1 for r in rows if not pats or row_matches(pats, r))
        ok = {">=": got >= want, "<=": got <= want, "==": got == want,
              ">": got > want, "<": got < want}[op]
        if not ok:
            problem(f"{where}: expected {op} {want} rows of {head!r}, found {got}")
        return
    negate = line.startswith("!")
    parts = (line[1:] if negate else line).split("\t")
    rel, pats = parts[0], parts[1:]
    rows = rows_of(rel, where)
    if rows is None:
        return
    hits = [r for r in rows if row_matches(pats, r)]
    if negate and hits:
        problem(f"{where}: {rel} must not have a row matching {pats}, but has "
                f"{len(hits)}, e.g. {hits[0]}")
    elif not negate and not hits:
        hint = ""
        if rows and len(rows[0]) != len(pats):
            hint = f" (the relation has {len(rows[0])} columns, the expectation {len(pats)})"
        problem(f"{where}: no row of {rel} matches {pats}{hint}")


# ---------------------------------------------------------------- complete

LOCAL = r'(?:%[-\w.$]+|%"(?:[^"\\]|\\.)*")'
GLOBAL_NAME = r'@(?:"(?:[^"\\]|\\.)*"|[-\w.$]+)'
LABEL_RE = re.compile(r'^(?:[-\w.$]+|"(?:[^"\\]|\\.)*"):(?:\s|$)')
ASSIGN_RE = re.compile(r'^' + LOCAL + r'\s*=\s*')


def norm_global(name):
    """@foo / @"f\\09o" → the name's bytes as a str (quotes and \\XX escapes decoded)."""
    s = name[1:] if name.startswith("@") else name
    if s.startswith('"') and s.endswith('"') and len(s) >= 2:
        s = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s[1:-1])
        s = s.replace("\\\\", "\\")
    return s


def parse_dis(path):
    """Counts from llvm-dis's text: opcodes, definitions, declarations, globals, and per
    function (by name) its blocks and instructions."""
    opcodes = collections.Counter()
    defs, decls, globals_ = [], [], []
    blocks, insns = {}, collections.Counter()
    extra = collections.Counter()  # structure: cases, phi pairs, clauses, callees, records
    fn = None
    first_line = False
    in_switch = False
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            line = line.rstrip("\n")
            if fn is None:
                if line.startswith("define "):
                    m = re.search(GLOBAL_NAME + r"\(", line)
                    fn = norm_global(m.group(0)[:-1]) if m else "?"
                    defs.append(fn)
                    blocks[fn] = 0
                    first_line = True
                elif line.startswith("declare "):
                    m = re.search(GLOBAL_NAME + r"\(", line)
                    decls.append(norm_global(m.group(0)[:-1]) if m else "?")
                elif line.startswith("@"):
                    m = re.match(r"(" + GLOBAL_NAME + r")\s*=\s*(.*)", line)
                    if m:
                        kinds = [w for w in re.findall(r"[\w.]+", m.group(2).split('"')[0])
                                 if w in ("global", "constant", "alias", "ifunc")]
                        if kinds and kinds[0] in ("global", "constant"):
                            globals_.append(norm_global(m.group(1)))
                continue
            if line == "}":
                fn = None
                continue
            if not line.strip() or line.lstrip().startswith(";"):
                continue
            stripped = line.strip()
            if in_switch:
                if stripped.startswith("]"):
                    in_switch = False
                elif re.search(r"label\s+%", stripped):
                    extra["switch case"] += 1
                continue
            if line.startswith("    #dbg_"):
                m = re.match(r"#dbg_(\w+)", stripped)
                extra["debug record " + m.group(1)] += 1
                continue
            m = re.match(r"(catch|filter|cleanup)\b", stripped)
            if line.startswith("   ") and m:  # `          cleanup, !dbg !7`
                extra["landingpad " + m.group(1)] += 1
                continue
            if LABEL_RE.match(line):
                blocks[fn] += 1
                first_line = False
                continue
            # an instruction is indented by exactly two spaces; deeper lines are switch
            # cases, landingpad clauses and debug records (#dbg_...), `  ]` ends a switch
            if not line.startswith("  ") or line[2] == " " or line.startswith("  ]"):
                continue
            text = line[2:]
            if text.startswith("#dbg_") or text.startswith("uselistorder"):
                continue
            if first_line:  # an unnamed entry block has no label
                blocks[fn] += 1
                first_line = False
            text = ASSIGN_RE.sub("", text)
            words = text.split()
            if not words:
                continue
            op = words[0]
            if op in ("tail", "musttail", "notail") and len(words) > 1:
                op = words[1]
            op = re.match(r"[a-z_]*", op).group(0) or op  # `unreachable, !dbg !7`
            opcodes[op] += 1
            insns[fn] += 1
            if op == "switch" and text.rstrip().endswith("["):
                in_switch = True
            elif op == "phi":
                extra["phi pair"] += len(re.findall(r",\s*" + LOCAL + r"\s*\]", text))
            elif op == "landingpad" and re.search(r"\bcleanup\b", text):
                extra["landingpad cleanup"] += 1
            elif op in ("call", "invoke", "callbr"):
                m = re.search(r"(" + GLOBAL_NAME + r")\(", text)
                if m and not re.search(r"\basm\b", text.split(m.group(1))[0]):
                    extra["direct " + op] += 1
    return opcodes, defs, decls, globals_, blocks, insns, extra


def cmd_complete(dis, factdir):
    opcodes, defs, decls, globals_, blocks, insns, extra = parse_dis(dis)

    def facts(rel):
        p = os.path.join(factdir, rel + ".facts")
        return read_rows(p) if os.path.exists(p) else None

    op_rows = facts("instruction_opcode")
    if op_rows is None:
        problem("instruction_opcode.facts is missing")
        return
    got = collections.Counter(r[1] for r in op_rows)
    for op in sorted(set(got) | set(opcodes)):
        if got[op] != opcodes[op]:
            problem(f"opcode {op}: {got[op]} in the facts, {opcodes[op]} in llvm-dis")

    def compare_set(rel, want, what):
        rows = facts(rel)
        if rows is None:
            return f"{rel}.facts absent: {what} not compared"
        have = sorted(norm_global(unescape(r[0])) for r in rows)
        if have != sorted(want):
            extra = sorted(set(have) - set(want))[:5]
            missing = sorted(set(want) - set(have))[:5]
            problem(f"{what}: {len(have)} in {rel}, {len(want)} in llvm-dis"
                    f" (only in the facts: {extra}; only in llvm-dis: {missing})")
        return None

    notes_ = []
    for rel, want, what in (("function_definition", defs, "functions with bodies"),
                            ("function_declaration", decls, "declarations"),
                            ("global_variable", globals_, "global variables")):
        note = compare_set(rel, want, what)
        if note:
            notes_.append(note)

    bf = facts("block_function")
    if bf is None:
        problem("block_function.facts is missing")
    else:
        have = collections.Counter(norm_global(unescape(r[1])) for r in bf)
        for f in sorted(set(have) | set(blocks)):
            if have[f] != blocks.get(f, 0):
                problem(f"function @{f}: {have[f]} blocks in the facts, "
                        f"{blocks.get(f, 0)} in llvm-dis")
    inf = facts("instruction_function")
    if inf is not None:
        have = collections.Counter(norm_global(unescape(r[1])) for r in inf)
        for f in sorted(set(have) | set(insns)):
            if have[f] != insns.get(f, 0):
                problem(f"function @{f}: {have[f]} instructions in the facts, "
                        f"{insns.get(f, 0)} in llvm-dis")
    # structure: rows of the per-opcode relations against what llvm-dis prints, each
    # compared once its relation exists
    def nrows(rel, pred=None):
        rows = facts(rel)
        if rows is None:
            return None
        return len(rows) if pred is None else sum(1 for r in rows if pred(r))

    global_id = re.compile(r'@(?:"(?:[^"\\]|\\.)*"|[-\w.$]+)')
    direct = lambda r: global_id.fullmatch(unescape(r[1])) is not None  # not @f:%x
    checks = [
        ("switch case", "switch_instruction_case", None),
        ("phi pair", "phi_instruction_pair", None),
        ("landingpad catch", "landingpad_instruction_catch_clause", None),
        ("landingpad filter", "landingpad_instruction_filter_clause", None),
        ("landingpad cleanup", "landingpad_instruction_cleanup", None),
        ("direct call", "call_instruction_function", direct),
        ("direct invoke", "invoke_instruction_function", direct),
        ("direct callbr", "callbr_instruction_function", direct),
    ]
    for what, rel, pred in checks:
        got = nrows(rel, pred)
        if got is None:
            notes_.append(f"{rel}.facts absent: {what}s not compared")
        elif got != extra[what]:
            problem(f"{what}s: {got} rows in {rel}, {extra[what]} in llvm-dis")
    kinds = facts("debug_record_kind")
    if kinds is None:
        notes_.append("debug_record_kind.facts absent: debug records not compared")
    else:
        have = collections.Counter(r[1] for r in kinds)
        want = collections.Counter({k[len("debug record "):]: v for k, v in extra.items()
                                    if k.startswith("debug record ")})
        for k in sorted(set(have) | set(want)):
            if have[k] != want[k]:
                problem(f"#dbg_{k} records: {have[k]} in debug_record_kind, {want[k]} in llvm-dis")
    for n in notes_:
        notes.append(n)


# ---------------------------------------------------------------- arity, csv

def read_schema_list(path):
    out = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                name, arity = line.rstrip("\n").split("\t")
                out[name] = int(arity)
    return out


ESCAPED_RE = re.compile(r"(?:[^\\\r\0]|\\[tnr0\\])*", re.S)


def cmd_arity(factdir, schema_list, ext="facts"):
    schema = read_schema_list(schema_list)
    files = set(os.listdir(factdir))
    want = {f"{n}.{ext}" for n in schema}
    for f in sorted(want - files):
        problem(f"{f} is missing (every declared relation must have its file)")
    for f in sorted(files - want):
        problem(f"{f} is not a declared relation's file")
    if ext != "facts":
        return
    for name, arity in sorted(schema.items()):
        p = os.path.join(factdir, f"{name}.facts")
        if not os.path.exists(p):
            continue
        for i, row in enumerate(read_rows(p), 1):
            if arity == 0:
                problem(f"{name}.facts: arity 0 but has rows")
                break
            if len(row) != arity:
                problem(f"{name}.facts:{i}: {len(row)} fields, arity {arity}: {row!r}")
                break
            bad = [v for v in row if not ESCAPED_RE.fullmatch(v)]
            if bad:
                problem(f"{name}.facts:{i}: field with an unescaped backslash, CR or NUL: {bad[0]!r}")
                break


def cmd_csv(factdir, schema_dl):
    decls = {}
    with open(schema_dl) as f:
        for line in f:
            m = re.match(r"\.decl\s+(\w+)\s*\((.*)\)", line)
            if m:
                cols = [c.split(":")[0].strip() for c in m.group(2).split(",") if c.strip()]
                decls[m.group(1)] = cols
    if not decls:
        problem("no .decl line in the schema")
    for name, cols in sorted(decls.items()):
        p = os.path.join(factdir, f"{name}.csv")
        if not os.path.exists(p):
            problem(f"{name}.csv is missing")
            continue
        with open(p, newline="", encoding="utf-8", errors="surrogateescape") as f:
            rows = list(csv.reader(f))
        if not rows:
            problem(f"{name}.csv: no header row")
            continue
        if rows[0] != cols:
            problem(f"{name}.csv: header {rows[0]} but the schema declares {cols}")
        for i, r in enumerate(rows[1:], 2):
            if len(r) != len(cols):
                problem(f"{name}.csv:{i}: {len(r)} fields, {len(cols)} columns: {r!r}")
                break


def main(argv):
    cmds = {"expect": (cmd_expect, 2), "complete": (cmd_complete, 2),
            "arity": (cmd_arity, 2), "csv": (cmd_csv, 2)}
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 < cmds[argv[1]][1]:
        print(__doc__, file=sys.stderr)
        return 2
    cmds[argv[1]][0](*argv[2:])
    for n in notes:
        print(f"  note: {n}")
    for p in problems:
        print(f"  - {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
