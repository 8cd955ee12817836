#!/usr/bin/env python3
"""pts_check.py — checks the results of datalog/analysis/pointsto.dl against hand-written
expectations that name things by the source, not by instruction ids.

    pts_check.py check FACTDIR OUTDIR EXPECT --level O0|O2
    pts_check.py dump  FACTDIR OUTDIR            (every marker, call line and object)
    pts_check.py batch < JOBS     (lines FACTDIR OUTDIR EXPECT LEVEL RESULTFILE)
    pts_check.py soundbatch NM SYMBOLIZER < JOBS
                                  (lines FACTDIR OUTDIR BINARY TRACE PTSLOG RESULTFILE)

FACTDIR is `irlog facts prog.bc -o FACTDIR`, OUTDIR the .output relations of
pointsto.dl over it (`irlog run datalog/analysis/pointsto.dl -F FACTDIR -D OUTDIR`).
The program was compiled with -g; the format is documented in docs/analyze-tests.md:

    pts LABEL: {x, s.8, heap@12, heap@4@20, g, f, <unknown>}
        the marker call pts("LABEL", p) (any number of them, united): the exact set of
        objects the analysis says p points to
    calls LINE: {f, g}
        the call instructions at source line LINE (the instruction's own line; calls to
        intrinsics and to the markers are left out): the exact set of functions the
        call graph gives them
    holds OBJ: {a, b}
        the exact set of objects the object (field) OBJ may hold pointers to
    reach F / noreach F
        function F is (is not) reachable
    pts[O2] LABEL: {...}
        a line for one optimization level only (O0 or O2)

Object names: a global variable by its IR name (static locals of C: main.count; C++
names beginning with _Z by their qualified source name), a string literal by its text
in double quotes, a local variable by FUNCTION:NAME from the #dbg_declare /
#dbg_assign record of its alloca (FUNCTION is the source function the variable belongs
to, also when it was inlined elsewhere; a piece that SROA split off is named by the
variable plus the piece's byte offset; an alloca without a variable is FUNCTION:<tmp>),
a function by its source name (qualified in C++: Shape::area), a heap object heap@L
where L is the line of the allocating call, followed by @L for each inlined-at
location of that call and, for an object cloned per call site of an allocation
wrapper, the lines of that call site the same way; a field at byte offset N > 0 is
NAME.N, an unknown offset NAME.*; <unknown>, <constants> and <extern:getenv> as the analysis names
them, <va:FUNCTION> for the variadic arguments. Only the standard library.
"""
import os
import re
import sys


# ------------------------------------------------------------------ reading relations
def unescape(field):
    if '\\' not in field:
        return field
    out = []
    i = 0
    n = len(field)
    while i < n:
        c = field[i]
        if c == '\\' and i + 1 < n:
            d = field[i + 1]
            out.append({'t': '\t', 'n': '\n', 'r': '\r', '\\': '\\', '0': '\0'}.get(d, '\\' + d))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


class Rel:
    def __init__(self, factdir, outdir):
        self.factdir = factdir
        self.outdir = outdir
        self.cache = {}

    def __call__(self, name):
        if name in self.cache:
            return self.cache[name]
        rows = []
        path = None
        # the analysis's .output relations (OUTDIR/*.csv, tab-separated as Souffle
        # writes them), then the facts
        for d, ext in ((self.outdir, '.csv'), (self.factdir, '.facts')):
            if d and os.path.exists(os.path.join(d, name + ext)):
                path = os.path.join(d, name + ext)
                break
        if path is not None:
            with open(path, encoding='utf-8', errors='surrogateescape') as f:
                for line in f:
                    line = line.rstrip('\n')
                    if line == '':
                        continue
                    rows.append(tuple(unescape(x) for x in line.split('\t')))
        self.cache[name] = rows
        return rows

    def map(self, name, k=0, v=1):
        m = {}
        for r in self(name):
            m.setdefault(r[k], r[v])
        return m

    def multimap(self, name, k=0, v=1):
        m = {}
        for r in self(name):
            m.setdefault(r[k], []).append(r[v])
        return m


def decode_llvm_string(text):
    """constant_string_text (llvm-dis's c"..." body) to a Python string."""
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == '\\' and i + 2 < len(text) + 1 and re.match(r'[0-9A-Fa-f]{2}', text[i + 1:i + 3]):
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
        elif text[i] == '\\' and text[i + 1:i + 2] == '\\':
            out.append(0x5c)
            i += 2
        else:
            out.extend(text[i].encode('utf-8'))
            i += 1
    return out.decode('utf-8', errors='replace')


# ------------------------------------------------------------------ naming
class Namer:
    def __init__(self, rel):
        self.rel = rel
        self.fn_name = rel.map('function_name')
        self.fn_sp = rel.map('function_subprogram')
        self.sp_name = rel.map('di_subprogram_name')
        self.scope = rel.map('di_node_scope')
        self.di_kind = rel.map('di_node')
        self.type_name = rel.map('di_type_name')
        self.ns_name = rel.map('di_namespace_name')
        self.gv_name = rel.map('global_variable_name')
        self.gv_init = rel.map('global_variable_initializer')
        self.str_text = rel.map('constant_string_text')
        self.functions = set(r[0] for r in rel('function'))
        self.globals = set(r[0] for r in rel('global_variable'))
        self.intrinsics = set(r[0] for r in rel('function_intrinsic'))
        self.insn_to = rel.map('instruction_to')
        self.var_insn = {v: i for i, v in self.insn_to.items()}
        self.insn_loc = {}
        self.insn_scope = {}
        for r in rel('instruction_debug_location'):
            self.insn_loc[r[0]] = int(r[1])
            self.insn_scope[r[0]] = r[3]
        # the program's own source file: the compile unit's; a line number in an
        # expectation means a line of that file (not of an inlined header function)
        self.node_file = rel.map('di_node_file')
        self.file_name = rel.map('di_file_filename')
        self.main_files = set(self.file_name.get(self.node_file.get(cu), '')
                              for cu in (r[0] for r in rel('di_compile_unit')))
        self.insn_at = rel.map('instruction_debug_inlined_at')
        self.loc_line = {k: int(v) for k, v in rel.map('di_location_line').items()}
        self.loc_at = rel.map('di_location_inlined_at')
        self.gv_md = {}
        for r in rel('global_metadata'):
            if r[1] == 'dbg':
                self.gv_md.setdefault(r[0], r[2])
        self.gve_var = {r[0]: r[1] for r in rel('di_global_variable_expression')}
        self.dgv_name = rel.map('di_global_variable_name')
        self.instructions = set(r[0] for r in rel('instruction_function'))
        self._alloca_names = None
        self.base_of = {}
        self.off_of = {}
        for r in rel('object_field'):
            self.base_of[r[0]] = r[1]
            self.off_of[r[0]] = int(r[2])
        self.kind = rel.map('object_base_kind')

    # qualified source name of a debug scope chain
    def qualify(self, name, node):
        parts = [name]
        seen = set()
        s = self.scope.get(node)
        while s is not None and s not in seen:
            seen.add(s)
            k = self.di_kind.get(s, '')
            if k == 'DINamespace':
                n = self.ns_name.get(s)
                if n:
                    parts.append(n)
            elif k == 'DICompositeType':
                n = self.type_name.get(s)
                if n:
                    parts.append(n)
            else:
                break
            s = self.scope.get(s)
        return '::'.join(reversed(parts))

    def function(self, f):
        sp = self.fn_sp.get(f)
        if sp is not None and sp in self.sp_name:
            return self.qualify(self.sp_name[sp], sp)
        n = self.fn_name.get(f)
        return n if n is not None else f

    def global_var(self, g):
        init = self.gv_init.get(g)
        n = self.gv_name.get(g)
        if init is not None and init in self.str_text and (n is None or n.startswith('.str') or n.startswith('.')):
            t = decode_llvm_string(self.str_text[init])
            if t.endswith('\0'):
                t = t[:-1]
            return '"' + t + '"'
        if n is not None and n.startswith('_Z'):
            md = self.gv_md.get(g)
            var = self.gve_var.get(md) if md else None
            if var is not None and var in self.dgv_name:
                return self.qualify(self.dgv_name[var], var)
        return n if n is not None else g

    def in_main_file(self, insn):
        sc = self.insn_scope.get(insn)
        if sc is None:
            return True
        return self.file_name.get(self.node_file.get(sc), '') in self.main_files

    def line_chain(self, insn):
        """[line of insn, lines of its inlined-at locations...]"""
        chain = [self.insn_loc.get(insn, 0)]
        at = self.insn_at.get(insn)
        seen = set()
        while at is not None and at not in seen:
            seen.add(at)
            chain.append(self.loc_line.get(at, 0))
            at = self.loc_at.get(at)
        return chain

    def alloca_names(self):
        """alloca instruction -> (variable name, byte offset of the piece)"""
        if self._alloca_names is not None:
            return self._alloca_names
        rel = self.rel
        kind = rel.map('debug_record_kind')
        var = rel.map('debug_record_variable')
        addr = rel.map('debug_record_address')
        loc0 = {}
        for r in rel('debug_record_location_operand'):
            if r[1] == '0':
                loc0[r[0]] = r[2]
        expr = rel.map('debug_record_expression')
        elems = {}
        for r in rel('di_expression_element'):
            elems.setdefault(r[0], []).append((int(r[1]), r[2]))
        vname = rel.map('di_local_variable_name')
        sp_of = set(r[0] for r in rel('di_subprogram'))

        def owner(v):
            s, seen = self.scope.get(v), set()
            while s is not None and s not in sp_of and s not in seen:
                seen.add(s)
                s = self.scope.get(s)
            if s is None or s not in self.sp_name:
                return '?'
            return self.qualify(self.sp_name[s], s)
        names = {}
        for rec, k in kind.items():
            if k == 'declare':
                a = loc0.get(rec)
            elif k == 'assign':
                a = addr.get(rec)
            else:
                continue
            if a is None or a not in self.var_insn:
                continue
            insn = self.var_insn[a]
            v = var.get(rec)
            n = vname.get(v)
            if n is None:
                continue
            n = owner(v) + ':' + n
            off = 0
            e = [x for _, x in sorted(elems.get(expr.get(rec), []))]
            for i, x in enumerate(e):
                if x == 'DW_OP_LLVM_fragment' and i + 1 < len(e):
                    try:
                        off = int(e[i + 1]) // 8
                    except ValueError:
                        pass
            names.setdefault(insn, set()).add((n, off))
        res = {}
        for insn, s in names.items():
            s = sorted(s)
            # one alloca, several names: all of them (rare; shows in the output)
            res[insn] = ('='.join(n for n, _ in s), s[0][1])
        self._alloca_names = res
        return res

    def split_heap(self, obj):
        """heap object id -> [allocating call, wrapper call sites innermost first] or
        [call]; the sites of a chain of wrappers are separated by spaces"""
        if obj in self.instructions:
            return [obj]
        for m in re.finditer('@', obj):
            a, b = obj[:m.start()], obj[m.start() + 1:]
            sites = b.split(' ')
            if a in self.instructions and all(x in self.instructions for x in sites):
                return [a] + sites
        return None

    def base(self, b):
        """display name and extra byte offset of a base object"""
        k = self.kind.get(b)
        if b in ('<unknown>', '<constants>'):
            return b, 0
        if k == 'function' or (k is None and b in self.functions):
            return self.function(b), 0
        if k == 'global' or (k is None and b in self.globals):
            return self.global_var(b), 0
        if k == 'stack':
            n = self.alloca_names().get(b)
            if n is None:
                fn = b.split(':')[0]
                return self.function(fn) + ':<tmp>', 0
            return n
        if k == 'heap':
            parts = self.split_heap(b)
            if parts is not None:
                lines = []
                for p in parts:
                    lines += self.line_chain(p)
                return 'heap@' + '@'.join(str(x) for x in lines), 0
        if b.endswith(':va') and b[:-3] in self.functions:
            return '<va:' + self.function(b[:-3]) + '>', 0
        return b, 0

    def obj(self, o):
        """display name of a field object"""
        b = self.base_of.get(o, o)
        off = self.off_of.get(o, 0)
        name, extra = self.base(b)
        if off < 0:
            return name + '.*'
        off += extra
        return name if off == 0 else '%s.%d' % (name, off)


# ------------------------------------------------------------------ constants
class Consts:
    """the objects a constant operand points to (globals, functions, constant GEPs)"""
    def __init__(self, rel, namer):
        self.rel = rel
        self.namer = namer
        self.gep_base = rel.map('constant_expr_gep_base')
        self.gep_type = rel.map('constant_expr_gep_source_type')
        self.gep_idx = rel.multimap('constant_expr_gep_index', 0, slice(1, 3))
        self.to_int = {k: int(v) for k, v in rel.map('constant_to_int').items()}
        self.expr_op = rel.map('constant_expr_opcode')
        self.expr_operand = {}
        for r in rel('constant_expr_operand'):
            self.expr_operand[(r[0], int(r[1]))] = r[2]
        self.size = {k: int(v) for k, v in rel.map('type_alloc_size').items()}
        self.arr = rel.map('array_type_component')
        self.vec = rel.map('vector_type_component')
        self.sfield = {}
        for r in rel('struct_type_field'):
            self.sfield.setdefault(r[0], {})[int(r[1])] = r[2]
        self.soff = {}
        for r in rel('struct_type_field_offset'):
            self.soff.setdefault(r[0], {})[int(r[1])] = int(r[2])
        self.gv_type = rel.map('global_variable_type')
        self.kind = rel.map('constant_kind')

    def canon(self, t, r):
        """canonical offset of byte r of a t (arrays collapsed; -1 unknown)"""
        if t in self.arr:
            e = self.arr[t]
            s = self.size.get(e, 0)
            return self.canon(e, r % s) if s > 0 else 0
        if t in self.sfield:
            fs = self.sfield[t]
            offs = self.soff.get(t, {})
            n = len(fs)
            for i in range(n):
                o = offs.get(i, 0)
                nxt = offs.get(i + 1, self.size.get(t, 0))
                if o <= r < nxt:
                    ft = fs[i]
                    if r - o >= self.size.get(ft, 0):
                        return -1
                    c = self.canon(ft, r - o)
                    return -1 if c < 0 else o + c
            return -1
        return 0

    def gep_base_offset(self, k):
        """(global, raw byte offset or None) of a chain of constant GEPs/casts"""
        n = self.namer
        if k in n.globals:
            return k, 0
        op = self.expr_op.get(k)
        if op in ('bitcast', 'addrspacecast'):
            return self.gep_base_offset(self.expr_operand.get((k, 0), ''))
        if op == 'getelementptr':
            b, d0 = self.gep_base_offset(self.gep_base.get(k, ''))
            d = self.gep_offset(k)
            if b is None:
                return None, None
            return b, (None if d is None or d0 is None else d0 + d)
        return None, None

    def gep_offset(self, k):
        t = self.gep_type.get(k)
        idx = sorted((int(i), x) for i, x in self.gep_idx.get(k, []))
        if t is None:
            return None
        d = 0
        cur = t
        for n, x in idx:
            if x not in self.to_int:
                return None
            v = self.to_int[x]
            if n == 0:
                d += v * self.size.get(cur, 0)
            elif cur in self.arr or cur in self.vec:
                cur = self.arr.get(cur) or self.vec.get(cur)
                d += v * self.size.get(cur, 0)
            elif cur in self.sfield:
                d += self.soff[cur][v]
                cur = self.sfield[cur][v]
            else:
                return None
        return d

    def points_to(self, k):
        """set of display names, or None when this constant is not understood"""
        n = self.namer
        if k in n.functions or k in n.globals:
            return {n.obj(k)}
        if k.startswith('ptr null') or k.endswith(' null') or k in ('null',) or \
                self.kind.get(k) in ('null', 'undef', 'poison', 'zeroinitializer'):
            return set()
        op = self.expr_op.get(k)
        if op in ('bitcast', 'addrspacecast'):
            return self.points_to(self.expr_operand.get((k, 0), ''))
        if op == 'getelementptr':
            b, d = self.gep_base_offset(k)
            if b is not None:
                t = self.gv_type.get(b)
                name = n.obj(b)
                if d is None or t is None:
                    return {name + '.*'}
                s = self.size.get(t, 0)
                c = self.canon(t, d % s) if d >= 0 and s > 0 else -1
                return {name + '.*'} if c < 0 else {name if c == 0 else '%s.%d' % (name, c)}
        return None


# ------------------------------------------------------------------ the results
class Results:
    MARKERS = ('pts',)

    def __init__(self, factdir, outdir):
        rel = self.rel = Rel(factdir, outdir)
        n = self.namer = Namer(rel)
        self.consts = Consts(rel, n)
        self.errors = []
        self.vpt = rel.multimap('var_points_to')
        self.hpt = rel.multimap('obj_points_to')
        self.cge = rel.multimap('call_graph_edge')
        self.reach = set(n.function(r[0]) for r in rel('reachable_function'))
        callee = {}
        for r in ('call_instruction_function', 'invoke_instruction_function', 'callbr_instruction_function'):
            for row in rel(r):
                callee[row[0]] = row[1]
        self.callee = callee
        args = {}
        for r in ('call_instruction_arg', 'invoke_instruction_arg', 'callbr_instruction_arg'):
            for row in rel(r):
                args[(row[0], int(row[1]))] = row[2]
        self.args = args
        self.markers = {}
        for i, f in callee.items():
            if n.fn_name.get(f) in self.MARKERS:
                lab = self.label(args.get((i, 0)))
                if lab is None:
                    self.errors.append('marker call %s: its label is not a string constant' % i)
                    continue
                if lab == '' or re.search(r'[\s{}]', lab):
                    self.errors.append('marker label %r: no spaces or braces, please' % lab)
                self.markers.setdefault(lab, []).append(i)

    def label(self, op):
        n = self.namer
        if op is None:
            return None
        if op in n.globals:
            init = n.gv_init.get(op)
            if init in n.str_text:
                t = decode_llvm_string(n.str_text[init])
                return t[:-1] if t.endswith('\0') else t
            return None
        if self.consts.expr_op.get(op) == 'getelementptr':
            b = self.consts.gep_base.get(op)
            if self.consts.gep_offset(op) == 0:
                return self.label(b)
        return None

    def operand_set(self, op, where):
        if op in self.vpt or op in self.namer.var_insn or re.match(r'^@[^:]*:%', op or ''):
            return set(self.namer.obj(x) for x in self.vpt.get(op, []))
        s = self.consts.points_to(op)
        if s is None:
            self.errors.append('%s: constant operand not understood: %s' % (where, op))
            return set()
        return s

    def pts(self, label):
        if label not in self.markers:
            return None
        s = set()
        for i in self.markers[label]:
            s |= self.operand_set(self.args.get((i, 1)), 'pts %s' % label)
        return s

    def call_lines(self):
        n = self.namer
        lines = {}
        for i, f in self.callee.items():
            if f in n.intrinsics or n.fn_name.get(f, '').startswith('llvm.') or \
                    n.fn_name.get(f) in self.MARKERS:
                continue
            if f.startswith('asm ') or 'asm ' in f[:12]:
                continue
            if not n.in_main_file(i):
                continue
            lines.setdefault(n.insn_loc.get(i, 0), []).append(i)
        return lines

    def calls(self, line, call_lines=None):
        cl = call_lines if call_lines is not None else self.call_lines()
        if line not in cl:
            return None
        s = set()
        n = self.namer
        for i in cl[line]:
            for g in self.cge.get(i, []):
                if g in n.intrinsics or n.fn_name.get(g, '').startswith('llvm.') or \
                        n.fn_name.get(g) in self.MARKERS:
                    continue
                s.add(n.function(g))
        return s

    def holds(self, name):
        n = self.namer
        objs = [o for o in set(list(self.hpt.keys()) + list(n.base_of.keys())) if n.obj(o) == name]
        if not objs:
            return None
        s = set()
        for o in objs:
            s |= set(n.obj(x) for x in self.hpt.get(o, []))
        return s


# ------------------------------------------------------------------ soundness
class Syms:
    """the symbols of a binary linked -no-pie (llvm-nm -S --defined-only)"""
    def __init__(self, nm, binary):
        import subprocess
        out = subprocess.run([nm, '-S', '--defined-only', binary], capture_output=True,
                             text=True, errors='replace').stdout
        self.exact = {}
        spans = []
        for line in out.splitlines():
            f = line.split()
            if len(f) == 4:
                a, sz, t, name = int(f[0], 16), int(f[1], 16), f[2], f[3]
            elif len(f) == 3:
                a, sz, t, name = int(f[0], 16), 0, f[1], f[2]
            else:
                continue
            self.exact.setdefault(a, name)
            spans.append((a, max(sz, 1), name, t))
        spans.sort()
        self.spans = spans
        self.starts = [x[0] for x in spans]

    def containing(self, a):
        import bisect
        i = bisect.bisect_right(self.starts, a) - 1
        for j in range(i, max(i - 8, -1), -1):
            s, sz, name, t = self.spans[j]
            if s <= a < s + sz:
                return name
        return None


def symbolize(symbolizer, binary, addrs):
    """address -> [line of the innermost frame, lines of the frames it is inlined in]"""
    import subprocess
    addrs = sorted(set(addrs))
    if not addrs:
        return {}
    inp = ''.join('0x%x\n' % max(a - 1, 0) for a in addrs)
    out = subprocess.run([symbolizer, '--obj=' + binary, '--inlining'], input=inp,
                         capture_output=True, text=True, errors='replace').stdout
    res = {}
    blocks = out.split('\n\n')
    for a, blk in zip(addrs, blocks):
        lines = [x for x in blk.strip('\n').split('\n') if x != '']
        chain = []
        for i in range(1, len(lines), 2):
            m = re.search(r':(\d+):\d+$', lines[i]) or re.search(r':(\d+)$', lines[i])
            chain.append(int(m.group(1)) if m else 0)
        res[a] = chain
    return res


def static_bases(res, label):
    """the base objects of a marker's static set, as (kind, key): heap objects by their
    line lists, globals and functions by symbol name"""
    n = res.namer
    out = set()
    ops = [res.args.get((i, 1)) for i in res.markers.get(label, [])]
    objs = set()
    for op in ops:
        if op in res.vpt:
            objs.update(res.vpt[op])
        elif op in n.functions or op in n.globals:
            objs.add(op)
        elif op is not None:
            b, _ = res.consts.gep_base_offset(op)
            if b is not None:
                objs.add(b)
    for o in objs:
        b = n.base_of.get(o, o)
        k = n.kind.get(b)
        if b == '<unknown>':
            out.add(('unknown', ''))
        elif b == '<constants>':
            out.add(('constants', ''))
        elif k == 'heap':
            parts = n.split_heap(b) or []
            lines = []
            for p in parts:
                lines += n.line_chain(p)
            out.add(('heap', tuple(lines)))
        elif k == 'stack':
            out.add(('stack', ''))
        elif k == 'function' or b in n.functions:
            out.add(('function', n.fn_name.get(b, b)))
        elif k == 'global' or b in n.globals:
            out.add(('global', n.gv_name.get(b, b)))
        elif k == 'extern':
            out.add(('extern', b))
        else:
            out.add(('other', b))
    return out


def sound(factdir, outdir, binary, trace, ptslog, nm, symbolizer):
    res = Results(factdir, outdir)
    n = res.namer
    problems = []
    syms = Syms(nm, binary)
    defined = set(n.fn_name[r[0]] for r in res.rel('function_definition') if r[0] in n.fn_name)
    reach = set(n.fn_name.get(r[0], r[0]) for r in res.rel('reachable_function'))
    ifn = res.rel.map('instruction_function')
    edges = set()
    incoming = set()
    for i, gs in res.cge.items():
        f = n.fn_name.get(ifn.get(i), '')
        for g in gs:
            edges.add((f, n.fn_name.get(g, g)))
            incoming.add(n.fn_name.get(g, g))
    entries = set(['main'])
    stats = {'edges': 0, 'outside': 0, 'pts': 0}
    seen = set()
    if os.path.exists(trace):
        with open(trace) as f:
            for line in f:
                p = line.split()
                if len(p) != 4 or p[0] != 'E':
                    continue
                site, fn, top = int(p[1], 16), int(p[2], 16), int(p[3], 16)
                callee = syms.exact.get(fn)
                if callee not in defined:
                    continue
                if callee not in reach:
                    problems.append('run-time call of %s, which the analysis finds unreachable' % callee)
                caller = syms.containing(site)
                if caller in defined:
                    key = (caller, callee)
                    if key in seen:
                        continue
                    seen.add(key)
                    stats['edges'] += 1
                    if key not in edges:
                        problems.append('run-time call edge %s -> %s is not in the call graph'
                                        % key)
                    continue
                topname = syms.exact.get(top) if top else None
                key = (topname, callee, 'outside')
                if key in seen:
                    continue
                seen.add(key)
                stats['outside'] += 1
                if topname in defined:
                    # called from a library that topname called (qsort calls cmp)
                    if (topname, callee) not in edges and callee in incoming:
                        problems.append('run-time call of %s from library code called by %s: '
                                        'no call graph edge %s -> %s' % (callee, topname, topname, callee))
    records = []
    if os.path.exists(ptslog):
        with open(ptslog) as f:
            for line in f:
                p = line.split()
                if len(p) >= 3 and p[0] == 'P':
                    records.append(p)
    addrs = []
    for p in records:
        if p[2] == 'heap':
            addrs += [int(x, 16) for x in p[3:]]
    chains = symbolize(symbolizer, binary, addrs)
    # the constant globals <constants> stands for (those that are no object of their own),
    # by their symbols
    consts = set(n.gv_name.get(r[0], r[0]) for r in res.rel('global_variable_constant')
                 if r[0] not in n.kind)
    done = set()
    for p in records:
        label, what = p[1], p[2]
        key = tuple(p[1:])
        if key in done:
            continue
        done.add(key)
        stats['pts'] += 1
        if label not in res.markers:
            problems.append('pts %s: printed at run time, no marker call in the module' % label)
            continue
        st = static_bases(res, label)
        kinds = set(k for k, _ in st)
        if what == 'null' or 'unknown' in kinds:
            continue
        if what == 'heap':
            chain = []
            for x in p[3:]:
                chain += chains.get(int(x, 16), [0])
            ok = any(k == 'heap' and tuple(chain[:len(v)]) == v for k, v in st)
            if not ok:
                problems.append('pts %s: points at run time to a heap object allocated at lines %s, '
                                'not in the static set' % (label, '@'.join(map(str, chain))))
        elif what == 'stack':
            if not kinds & {'stack', 'extern'}:
                problems.append('pts %s: points at run time into the stack; the static set has no '
                                'stack object' % label)
        elif what == 'addr':
            a = int(p[3], 16)
            name = syms.containing(a)
            if name is not None:
                if ('constants', '') in st and name in consts:
                    pass
                elif ('global', name) not in st and ('function', name) not in st:
                    problems.append('pts %s: points at run time into %s, not in the static set'
                                    % (label, name))
            elif not kinds & {'extern', 'global', 'constants'}:
                problems.append('pts %s: points at run time to %x (no symbol), the static set has '
                                'no global or external object' % (label, a))
    return stats, problems


# ------------------------------------------------------------------ expectations
LINE_RE = re.compile(r'^(pts|calls|holds)(?:\[(O0|O2)\])?\s+(.+?)\s*:\s*\{(.*)\}\s*$')
REACH_RE = re.compile(r'^(reach|noreach)(?:\[(O0|O2)\])?\s+(\S.*?)\s*$')


def split_items(s):
    items, cur, depth, quote = [], [], 0, False
    for c in s:
        if quote:
            cur.append(c)
            if c == '"':
                quote = False
            continue
        if c == '"':
            quote = True
        elif c in '<([':
            depth += 1
        elif c in '>)]':
            depth -= 1
        if c == ',' and depth == 0:
            items.append(''.join(cur).strip())
            cur = []
        else:
            cur.append(c)
    last = ''.join(cur).strip()
    if last:
        items.append(last)
    return set(items)


def fmt(s):
    return '{' + ', '.join(sorted(s)) + '}'


def check(res, expfile, level):
    problems = []
    seen = set()
    count = 0
    call_lines = res.call_lines()
    with open(expfile, encoding='utf-8') as f:
        for ln, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            where = '%s:%d' % (os.path.basename(expfile), ln)
            m = LINE_RE.match(line)
            r = REACH_RE.match(line) if m is None else None
            if m is None and r is None:
                problems.append('%s: cannot parse: %s' % (where, line))
                continue
            if m is not None:
                kind, lvl, key, body = m.groups()
            else:
                kind, lvl, key = r.groups()
                body = None
            if lvl is not None and lvl != level:
                continue
            if (kind, key) in seen:
                problems.append('%s: %s %s given twice for -%s' % (where, kind, key, level))
            seen.add((kind, key))
            count += 1
            if kind in ('reach', 'noreach'):
                got = key in res.reach
                if got != (kind == 'reach'):
                    problems.append('%s: %s %s: %s' % (where, kind, key,
                                    'not reachable' if kind == 'reach' else 'reachable'))
                continue
            want = split_items(body)
            if kind == 'pts':
                got = res.pts(key)
                if got is None:
                    problems.append('%s: no marker call pts("%s", ...) in the module' % (where, key))
                    continue
            elif kind == 'calls':
                try:
                    lno = int(key)
                except ValueError:
                    problems.append('%s: calls needs a line number: %s' % (where, key))
                    continue
                got = res.calls(lno, call_lines)
                if got is None:
                    problems.append('%s: no call instruction at line %d' % (where, lno))
                    continue
            else:
                got = res.holds(key)
                if got is None:
                    got = set()
            if got != want:
                missing = want - got
                extra = got - want
                msg = '%s: %s %s: got %s' % (where, kind, key, fmt(got))
                if missing:
                    msg += '; missing %s' % fmt(missing)
                if extra:
                    msg += '; extra %s' % fmt(extra)
                problems.append(msg)
    # every marker of the program must be checked (a forgotten label is an error)
    for lab in sorted(res.markers):
        if ('pts', lab) not in seen:
            problems.append('%s: marker pts("%s") has no expectation for -%s'
                            % (os.path.basename(expfile), lab, level))
    problems = res.errors + problems
    return count, problems


def dump(res):
    for lab in sorted(res.markers):
        print('pts %s: %s' % (lab, fmt(res.pts(lab))))
    cl = res.call_lines()
    for line in sorted(cl):
        print('calls %d: %s' % (line, fmt(res.calls(line, cl))))
    n = res.namer
    held = {}
    for o, ts in res.hpt.items():
        held.setdefault(n.obj(o), set()).update(n.obj(t) for t in ts)
    for o in sorted(held):
        print('holds %s: %s' % (o, fmt(held[o])))
    for f in sorted(res.reach):
        print('reach %s' % f)
    for e in res.errors:
        print('error: ' + e)


def main(argv):
    if len(argv) >= 4 and argv[1] == 'check':
        level = 'O0'
        if '--level' in argv:
            level = argv[argv.index('--level') + 1]
        res = Results(argv[2], argv[3])
        count, problems = check(res, argv[4], level)
        for p in problems:
            print(p)
        print('%d expectations, %d problems' % (count, len(problems)), file=sys.stderr)
        return 1 if problems else 0
    if len(argv) == 2 and argv[1] == 'batch':
        # one job a line on stdin: FACTDIR OUTDIR EXPECT LEVEL RESULTFILE; the result
        # file gets `N PROBLEMS` then the problems (Python starts slowly: one process
        # checks every program)
        for line in sys.stdin:
            f = line.split()
            if len(f) != 5:
                continue
            try:
                res = Results(f[0], f[1])
                count, problems = check(res, f[2], f[3])
            except Exception as e:  # a broken fact or output directory
                count, problems = 0, ['pts_check.py: %s: %s' % (type(e).__name__, e)]
            with open(f[4], 'w', encoding='utf-8') as out:
                out.write('%d %d\n' % (count, len(problems)))
                for p in problems:
                    out.write(p + '\n')
        return 0
    if len(argv) == 4 and argv[1] == 'soundbatch':
        # jobs on stdin: FACTDIR OUTDIR BINARY TRACE PTSLOG RESULTFILE; argv: NM SYMBOLIZER
        for line in sys.stdin:
            f = line.split()
            if len(f) != 6:
                continue
            try:
                stats, problems = sound(f[0], f[1], f[2], f[3], f[4], argv[2], argv[3])
            except Exception as e:
                stats, problems = {'edges': 0, 'outside': 0, 'pts': 0}, \
                    ['pts_check.py: %s: %s' % (type(e).__name__, e)]
            with open(f[5], 'w', encoding='utf-8') as out:
                out.write('%d %d %d %d\n' % (stats['edges'], stats['outside'], stats['pts'],
                                              len(problems)))
                for p in problems:
                    out.write(p + '\n')
        return 0
    if len(argv) == 4 and argv[1] == 'dump':
        dump(Results(argv[2], argv[3]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
