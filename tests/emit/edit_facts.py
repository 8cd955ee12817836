#!/usr/bin/env python3
"""edit_facts.py FACTDIR EDIT ARGS... — change a fact directory on purpose, the way a
user's script, Datalog or SQL would (tests/emit/edits.sh; docs/emit.md). It works on the
rows alone: it never reads or writes IR. Ids are opaque strings here; every relation
file is rewritten whole (rows kept in their order, new rows appended).

  rename FACTDIR OLD NEW
      function_name: the function named OLD is named NEW (its id, and every call, stay).
  set-operand FACTDIR FUNC OPCODE OLD NEW
      the instruction of FUNC (a function id) with opcode OPCODE that has the constant
      OLD (a constant id, `i32 3`) as an operand gets the integer constant NEW (`i32 5`)
      instead, in instruction_operand and in its per-opcode role relations; NEW's rows
      are added when no fact describes it yet.
  delete-block FACTDIR BLOCK
      removes a block that nothing reaches (no predecessor but itself, not the entry):
      every row that names the block, its instructions, their results or its debug
      records; the later blocks' block_index move up by one.
  log-entry FACTDIR LOGFN MAPFILE
      declares `void @LOGFN(i32)` and adds `call void @LOGFN(i32 K)` as the first
      instruction of the entry block of every defined function, K numbering the
      functions in function order; writes `K<TAB>function name` lines to MAPFILE.
Exits 1 with a message when the edit does not apply.
"""
import os
import sys


class Facts:
    def __init__(self, d):
        self.d = d
        self.cache = {}

    def rows(self, rel):
        if rel not in self.cache:
            with open(os.path.join(self.d, rel + ".facts"), encoding="utf-8",
                      errors="surrogateescape", newline="\n") as f:
                self.cache[rel] = [l[:-1].split("\t") if l.endswith("\n") else l.split("\t")
                                   for l in f]
        return self.cache[rel]

    def set(self, rel, rows):
        self.cache[rel] = rows

    def add(self, rel, *row):
        r = list(row)
        if r not in self.rows(rel):
            self.rows(rel).append(r)

    def col0(self, rel, key):
        return [r for r in self.rows(rel) if r[0] == key]

    def one(self, rel, key, col=1):
        m = self.col0(rel, key)
        return m[0][col] if m else None

    def relations(self):
        return sorted(f[:-6] for f in os.listdir(self.d) if f.endswith(".facts"))

    def save(self):
        for rel, rows in self.cache.items():
            p = os.path.join(self.d, rel + ".facts")
            with open(p + ".tmp", "w", encoding="utf-8", errors="surrogateescape",
                      newline="\n") as f:
                for r in rows:
                    f.write("\t".join(r) + "\n")
            os.replace(p + ".tmp", p)


def die(msg):
    sys.stderr.write("edit_facts.py: " + msg + "\n")
    sys.exit(1)


def rename(f, old, new):
    rows = f.rows("function_name")
    hits = [r for r in rows if r[1] == old]
    if len(hits) != 1:
        die("no single function named %s" % old)
    hits[0][1] = new


def add_int_constant(f, cid):
    """Rows of the integer constant `iN V` (its type must be described already)."""
    if f.col0("constant_kind", cid):
        return
    ty, _, val = cid.partition(" ")
    if not f.col0("type_kind", ty) or not val.lstrip("-").isdigit():
        die("%s: not an integer constant of a type the facts describe" % cid)
    width = int(f.one("integer_type_width", ty))
    v = int(val)
    f.add("constant", cid)
    f.add("constant_type", cid, ty)
    f.add("constant_kind", cid, "int")
    f.add("constant_int_value", cid, val)
    if width <= 64:
        f.add("constant_to_int", cid, val)
        f.add("constant_int_bits", cid, "0x%0*X" % ((width + 3) // 4, v & ((1 << width) - 1)))


def set_operand(f, fn, opcode, old, new):
    insns = {r[0] for r in f.rows("instruction_function") if r[1] == fn}
    insns &= {r[0] for r in f.rows("instruction_opcode") if r[1] == opcode}
    hits = sorted({r[0] for r in f.rows("instruction_operand") if r[0] in insns and r[2] == old})
    if len(hits) != 1:
        die("%d %s instructions of %s use %s (want exactly one)" % (len(hits), opcode, fn, old))
    i = hits[0]
    add_int_constant(f, new)
    prefix = opcode + "_instruction_"
    for rel in ["instruction_operand"] + [r for r in f.relations() if r.startswith(prefix)]:
        for r in f.rows(rel):
            if r[0] == i:
                r[1:] = [new if c == old else c for c in r[1:]]


def delete_block(f, block):
    fn = f.one("block_function", block)
    if fn is None:
        die("no block %s" % block)
    if f.one("function_entry_block", fn) == block:
        die("%s is the entry block of %s" % (block, fn))
    preds = {r[1] for r in f.rows("block_predecessor") if r[0] == block}
    if preds - {block}:
        die("%s is reached from %s" % (block, ", ".join(sorted(preds - {block}))))
    insns = {r[0] for r in f.rows("instruction_block") if r[1] == block}
    dead = {block} | insns
    dead |= {r[1] for r in f.rows("instruction_to") if r[0] in insns}
    dead |= {r[0] for r in f.rows("debug_record_block") if r[1] == block}
    users = {r[0] for r in f.rows("instruction_operand") if r[2] in dead} - dead
    if users:
        die("values of %s are used by %s" % (block, ", ".join(sorted(users))))
    index = int(f.one("block_index", block))
    for rel in f.relations():
        rows = f.rows(rel)
        kept = [r for r in rows if not any(c in dead for c in r)]
        if len(kept) != len(rows):
            f.set(rel, kept)
        elif rel not in ("block_index",):
            del f.cache[rel]  # unchanged: not rewritten
    for r in f.rows("block_index"):
        if f.one("block_function", r[0]) == fn and int(r[1]) > index:
            r[1] = str(int(r[1]) - 1)


def log_entry(f, logfn, mapfile):
    gid = "@" + logfn
    if f.col0("function_name", gid) or any(r[1] == logfn for r in f.rows("function_name")):
        die("@%s exists already" % logfn)
    fty = "void (i32)"
    if not f.col0("type_kind", fty):
        if not f.col0("type_kind", "void"):
            f.add("type", "void")
            f.add("primitive_type", "void")
            f.add("type_kind", "void", "void")
        f.add("type", fty)
        f.add("derived_type", fty)
        f.add("function_type", fty)
        f.add("type_kind", fty, "function")
        f.add("function_type_return", fty, "void")
        f.add("function_type_param", fty, "0", "i32")
        f.add("function_type_nparams", fty, "1")
    # the declaration, after the module's functions
    nfun = sum(1 for r in f.rows("global_value_index") if r[0] in
               {x[0] for x in f.rows("function")})
    for rel, row in [("constant", [gid]), ("constant_type", [gid, "ptr"]),
                     ("constant_kind", [gid, "function"]), ("global_value", [gid]),
                     ("global_value_linkage", [gid, "external"]),
                     ("global_value_visibility", [gid, "default"]),
                     ("global_value_address_space", [gid, "0"]),
                     ("global_value_index", [gid, str(nfun)]),
                     ("function", [gid]), ("function_name", [gid, logfn]),
                     ("function_signature", [gid, fty]), ("function_declaration", [gid]),
                     ("function_nparams", [gid, "1"]),
                     ("function_calling_convention", [gid, "ccc"])]:
        f.add(rel, *row)
    defined = [r[0] for r in f.rows("function") if f.col0("function_definition", r[0])]
    lines = []
    for k, fn in enumerate(defined):
        entry = f.one("function_entry_block", fn)
        if entry is None:
            die("function %s has no entry block" % fn)
        cid = "i32 %d" % k
        add_int_constant(f, cid)
        i = "%s:log.entry" % fn
        in_entry = {r[0] for r in f.rows("instruction_block") if r[1] == entry}
        for r in f.rows("instruction_index"):
            if r[0] in in_entry:
                r[1] = str(int(r[1]) + 1)
        first = f.one("block_first_instruction", entry)
        for rel, row in [("instruction", [i]), ("instruction_opcode", [i, "call"]),
                         ("instruction_block", [i, entry]), ("instruction_function", [i, fn]),
                         ("instruction_index", [i, "0"]), ("instruction_noperands", [i, "2"]),
                         ("instruction_operand", [i, "0", cid]),
                         ("instruction_operand", [i, "1", gid]),
                         ("call_instruction", [i]), ("call_instruction_function", [i, gid]),
                         ("call_instruction_function_type", [i, fty]),
                         ("call_instruction_nargs", [i, "1"]),
                         ("call_instruction_arg", [i, "0", cid])]:
            f.add(rel, *row)
        if first is not None:
            f.add("instruction_next", i, first)
            for r in f.rows("block_first_instruction"):
                if r[0] == entry:
                    r[1] = i
        for r in f.rows("block_ninstructions"):
            if r[0] == entry:
                r[1] = str(int(r[1]) + 1)
        name = f.one("function_name", fn) or fn
        lines.append("%d\t%s\n" % (k, name))
    with open(mapfile, "w") as m:
        m.writelines(lines)


def main(argv):
    if len(argv) < 3:
        die("usage: edit_facts.py FACTDIR rename|set-operand|delete-block|log-entry ARGS...")
    f = Facts(argv[1])
    op, args = argv[2], argv[3:]
    ops = {"rename": (rename, 2), "set-operand": (set_operand, 4),
           "delete-block": (delete_block, 1), "log-entry": (log_entry, 2)}
    if op not in ops or len(args) != ops[op][1]:
        die("bad edit or arguments: %s %s" % (op, " ".join(args)))
    ops[op][0](f, *args)
    f.save()


if __name__ == "__main__":
    main(sys.argv)
