#!/usr/bin/env python3
"""viewcmp.py — SQL views against `irlog run`, for tests/sql/test_views.sh.

  viewcmp.py load DB FACTDIR REL...      fill the tables REL that exist (created beforehand, e.g. by
                                         `irlog sql-views --tables`) from FACTDIR/REL.facts:
                                         fields unescaped from the .facts spelling (\\t \\n
                                         \\r \\\\ \\0 \\xNN), stored as text (the column's
                                         affinity makes numbers of them)
  viewcmp.py compare DB OUTDIR REL...    for each REL, the rows of SELECT * FROM REL, each
                                         value spelled as `irlog run` writes it (a symbol
                                         escaped as in a .facts file, an integer in decimal,
                                         a float parsed back), sorted, against OUTDIR/REL.csv
                                         (tab-separated, as `irlog run -D` writes it), sorted.
                                         Prints `ok REL N rows` or `FAIL REL ...` with the
                                         first differing rows; exits 1 when any differs.
  viewcmp.py compare-pg OUTDIR REL...    the same, reading `REL<TAB>row` lines (psql's
                                         unaligned, tab-separated output) from stdin.

Reads the database with Python's sqlite3 module: none of irlog's code is involved on this
side.
"""
import sqlite3
import sys


def escape(b):
    out = bytearray()
    i = 0
    special = {9: b"\\t", 10: b"\\n", 13: b"\\r", 92: b"\\\\", 0: b"\\0"}
    while i < len(b):
        c = b[i]
        if c in special:
            out += special[c]
            i += 1
        elif c < 0x80:
            out.append(c)
            i += 1
        else:
            n = 2 if 0xC2 <= c <= 0xDF else 3 if 0xE0 <= c <= 0xEF else 4 if 0xF0 <= c <= 0xF4 else 0
            try:
                if not n:
                    raise UnicodeDecodeError("utf-8", b, i, i + 1, "lead byte")
                b[i:i + n].decode("utf-8")
                out += b[i:i + n]
                i += n
            except UnicodeDecodeError:
                out += b"\\x%02X" % c
                i += 1
    return bytes(out)


def unescape(s):
    out = bytearray()
    i = 0
    m = {ord("t"): 9, ord("n"): 10, ord("r"): 13, ord("\\"): 92, ord("0"): 0}
    while i < len(s):
        if s[i] == 92 and i + 1 < len(s) and s[i + 1] in m:
            out.append(m[s[i + 1]])
            i += 2
        elif s[i] == 92 and i + 3 < len(s) and s[i + 1] == ord("x"):
            try:
                out.append(int(s[i + 2:i + 4], 16))
                i += 4
            except ValueError:
                out.append(s[i])
                i += 1
        else:
            out.append(s[i])
            i += 1
    return bytes(out)


def norm_field(f):
    """A field of a row written by irlog run: floats compared by value."""
    try:
        if b"." in f or b"e" in f or b"inf" in f or b"nan" in f:
            return repr(float(f)).encode()
    except ValueError:
        pass
    return f


def spell(v):
    if isinstance(v, bytes):
        return escape(v)
    if isinstance(v, float):
        return repr(v).encode()
    if isinstance(v, int):
        return str(v).encode()
    if v is None:
        return b"<NULL>"
    return str(v).encode()


def read_out(path):
    rows = []
    with open(path, "rb") as f:
        for line in f:
            line = line.rstrip(b"\n")
            rows.append(b"\t".join(norm_field(x) for x in line.split(b"\t")))
    return rows


def compare(rel, got, exp):
    got = sorted(got)
    exp = sorted(exp)
    if got == exp:
        print("ok %s %d rows" % (rel, len(got)))
        return True
    gs, es = set(got), set(exp)
    extra = sorted(gs - es)[:3]
    missing = sorted(es - gs)[:3]
    print("FAIL %s: view %d rows, irlog run %d rows" % (rel, len(got), len(exp)))
    for r in extra:
        print("   only in the view:      %s" % r.decode("utf-8", "replace"))
    for r in missing:
        print("   only in irlog run:     %s" % r.decode("utf-8", "replace"))
    if len(gs) != len(got):
        print("   the view has repeated rows")
    return False


def main():
    cmd = sys.argv[1]
    if cmd == "load":
        db, factdir, rels = sys.argv[2], sys.argv[3], sys.argv[4:]
        con = sqlite3.connect(db)
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for rel in rels:
            if rel not in tables:
                continue  # not read by the program: --tables did not create it
            with open("%s/%s.facts" % (factdir, rel), "rb") as f:
                rows = [tuple(unescape(x).decode("utf-8", "surrogateescape")
                              for x in line.rstrip(b"\n").split(b"\t"))
                        for line in f if line.strip(b"\n")]
            if rows:
                q = 'INSERT INTO "%s" VALUES (%s)' % (rel, ",".join("?" * len(rows[0])))
                con.executemany(q, rows)
        con.commit()
        return 0
    if cmd == "compare":
        db, outdir, rels = sys.argv[2], sys.argv[3], sys.argv[4:]
        con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
        con.text_factory = bytes
        good = True
        for rel in rels:
            try:
                got = [b"\t".join(norm_field(spell(v)) for v in row)
                       for row in con.execute('SELECT * FROM "%s"' % rel)]
            except sqlite3.Error as e:
                print("FAIL %s: %s" % (rel, e))
                good = False
                continue
            good &= compare(rel, got, read_out("%s/%s.csv" % (outdir, rel)))
        return 0 if good else 1
    if cmd == "compare-pg":
        outdir, rels = sys.argv[2], sys.argv[3:]
        rows = {r: [] for r in rels}
        for line in sys.stdin.buffer:
            line = line.rstrip(b"\n")
            rel, _, row = line.partition(b"\t")
            rows.setdefault(rel.decode(), []).append(
                b"\t".join(norm_field(escape(x)) for x in row.split(b"\t")))
        good = True
        for rel in rels:
            good &= compare(rel, rows[rel], read_out("%s/%s.csv" % (outdir, rel)))
        return 0 if good else 1
    sys.exit("viewcmp.py: unknown command %s" % cmd)


sys.exit(main())
