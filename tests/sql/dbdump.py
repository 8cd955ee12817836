#!/usr/bin/env python3
"""dbdump.py DB SCHEMA.sql [REL...] — every row of an SQLite database that irlog wrote,
as lines `relation<TAB>field...` for dbcheck.pl compare: symbols as upper-case hex of
their bytes (NUL, tab and newline included), numbers in decimal (an unsigned above
2^63-1, stored as a BLOB of its digits, as those digits), floats as Python's repr, which
names the exact double. Reads the database with Python's sqlite3 module, apart from the
irlog code that wrote it."""
import re
import sqlite3
import sys

db, schema, only = sys.argv[1], sys.argv[2], sys.argv[3:]
rels = []
for line in open(schema, encoding="utf-8"):
    m = re.match(r'CREATE TABLE "(\w+)"', line)
    if m and not m.group(1).startswith("irlog_"):
        rels.append(m.group(1))
con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
con.text_factory = bytes
out = sys.stdout.buffer
for rel in only or rels:
    kinds = [r[2].upper() for r in con.execute('PRAGMA table_info("%s")' % rel)]
    if not kinds:
        sys.exit("dbdump.py: %s: no table %s" % (db, rel))
    for row in con.execute('SELECT * FROM "%s"' % rel):
        f = [rel.encode()]
        for k, v in zip(kinds, row):
            if isinstance(v, bytes):
                f.append(v if k == "INTEGER" else v.hex().upper().encode())
            elif isinstance(v, float):
                f.append(repr(v).encode())
            elif isinstance(v, int):
                f.append(str(v).encode())
            else:
                sys.exit("dbdump.py: %s: a NULL or unknown value in %s" % (db, rel))
        out.write(b"\t".join(f) + b"\n")
