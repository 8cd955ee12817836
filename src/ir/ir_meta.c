/*
 * ir_meta.c — metadata, debug info, debug records (see ir_meta_int.h, docs/metadata.md).
 *
 * Where each fact comes from:
 *   - node numbers (`!N`): llvm-dis's, read from the printed module. To link the C
 *     API's metadata pointers to those numbers, ir_meta_begin numbers the nodes the
 *     way LLVM's SlotTracker does (global variables' attachments, named metadata, then
 *     per function its attachments and per instruction the metadata arguments of
 *     intrinsic calls and the attachments, each node in preorder over its operands;
 *     DIExpressions and DIArgLists are printed inline and take no number), and checks
 *     the result against the text (same count, same class for every N, `!{}` and
 *     `!{null}` exactly). If they disagree, one warning is written and the facts that
 *     need the link are left out. With the text streamed during the walk (the default
 *     for large modules), the check runs at the end; if it fails there, the walk is
 *     redone with the text printed first (ir_facts), so the rule above still holds.
 *   - node contents (operands, distinct, every DI field): the `!N = ...` lines.
 *   - values inside tuples (their Operand id and type): the C API, through the link.
 *   - values inside a DIArgList (which the C API cannot open): the printed record;
 *     locals and globals by name, constants through LLVM's own parser in this context
 *     (arglist_constant), or, when they name a global, found among the constant users
 *     of that global (arglist_global_constant), so that they are described like every
 *     other constant.
 *   - attachment kinds: the fixed kinds by name (LLVMGetMDKindIDInContext); a custom
 *     kind's name is read from the text, where the printer writes the attachments in
 *     the same order as the C API lists them (by kind id, !dbg first on instructions).
 */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/IRReader.h>

#include "ir_meta_int.h"

/* LLVM 19's FixedMetadataKinds.def, in id order. */
static const char *const fixed_kinds[] = {
    "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load", "alias.scope",
    "noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable",
    "dereferenceable_or_null", "make.implicit", "unpredictable", "invariant.group", "align",
    "llvm.loop", "type", "section_prefix", "absolute_symbol", "associated", "callees",
    "irr_loop", "llvm.access.group", "callback", "llvm.preserve.access.index",
    "vcall_visibility", "noundef", "annotation", "nosanitize", "func_sanitize", "exclude",
    "memprof", "callsite", "kcfi_type", "pcsections", "DIAssignID", "coro.outside.frame",
    "mmra",
};
#define NFIXED ((unsigned)ARRAY_LEN(fixed_kinds))

typedef Vec(LLVMMetadataRef) MdVec;
typedef Vec(LLVMValueRef) ValVec;
typedef Vec(const char *) StrVec;

/* An attachment as printed: `!name !N`. */
typedef struct AttText {
    MdSpan name; /* kind name as printed (escaped) */
    size_t node; /* N */
} AttText;
typedef Vec(AttText) AttTextVec;

/* A field of a DI node as printed: `name: value`. */
typedef struct MdField {
    MdSpan name, value;
} MdField;
typedef Vec(MdField) MdFieldVec;

struct IrMeta {
    IrText text;                 /* the printed module and its line index */
    bool slots_ok;               /* `slot` agrees with the text */
    bool slots_pending;          /* slots_ok is assumed: the text was not there yet */
    Vec(int) parent_kinds;       /* number_from's stack: the kind of each node's parent */
    AttTextVec att_text;         /* emit_attachments' scratch */
    MdSpanVec node_parts;        /* emit_node's scratch: the operands or fields */
    MdFieldVec node_fields;      /* emit_node's scratch: the fields, split */
    Map slot;                    /* LLVMMetadataRef → N */
    MdVec nodes;                 /* N → node */
    Vec(const char *) node_ids;  /* N → "!N" (in node_text), filled lazily */
    Arena node_text;             /* the "!N" strings: unique by N, so never interned */
    Vec(const char *) kind_names; /* attachment kind id → name (NULL: not known) */
    Map seen;                    /* Sym of inline metadata already described */
    bool warned_attach;          /* one warning for attachment mismatches */
};

/* ------------------------------------------------------------------------------------ */
/* Small helpers */

static bool is_digit(char ch) {
    return ch >= '0' && ch <= '9';
}

static MdSpan span(const char *s) {
    return (MdSpan){s, strlen(s)};
}

static bool span_eq(MdSpan a, const char *b) {
    size_t n = strlen(b);
    return a.n == n && memcmp(a.s, b, n) == 0;
}

static bool span_starts(MdSpan a, const char *b) {
    size_t n = strlen(b);
    return a.n >= n && memcmp(a.s, b, n) == 0;
}

static bool span_ends(MdSpan a, const char *b) {
    size_t n = strlen(b);
    return a.n >= n && memcmp(a.s + a.n - n, b, n) == 0;
}

/* `!N` */
static bool is_ref(MdSpan v) {
    if (v.n < 2 || v.s[0] != '!')
        return false;
    for (size_t i = 1; i < v.n; i++)
        if (!is_digit(v.s[i]))
            return false;
    return true;
}

static const char *intern_span(IrCtx *c, MdSpan v) {
    return ir_intern(c, v.s, v.n);
}

/* Interns s and tells whether it is the first time this id is described. */
static const char *intern_fresh(IrCtx *c, const char *s, size_t n, bool *fresh) {
    Sym sym;
    *fresh = false;
    Status st = intern_get(&c->ids, s, n, &sym);
    if (st != OK) {
        ir_fail(c, st);
        return "";
    }
    if (!map_get(&c->meta->seen, sym, NULL)) {
        if (map_put(&c->meta->seen, sym, 1) != OK)
            ir_fail(c, E_NOMEM);
        *fresh = true;
    }
    return intern_str(&c->ids, sym);
}

/* Unescaped body of a quoted string span `"..."`, interned, with its length: it may
 * hold NUL bytes (`\00`), so emit it with ir_emit_id_str / fs_symn, never as a C
 * string. */
static MdSpan unquote(IrCtx *c, MdSpan v) {
    if (v.n < 2 || v.s[0] != '"' || v.s[v.n - 1] != '"')
        return (MdSpan){intern_span(c, v), v.n};
    StrBuf sb = SB_INIT;
    ir_append_unescaped(&sb, v.s + 1, v.n - 2);
    if (sb.oom)
        ir_fail(c, E_NOMEM);
    MdSpan r = {ir_intern(c, sb.len ? sb.buf : "", sb.len), sb.len};
    sb_release(&sb);
    if (!r.s)
        r = (MdSpan){"", 0};
    return r;
}

static const char *node_id(IrCtx *c, size_t n) {
    IrMeta *m = c->meta;
    if (n >= m->node_ids.len) {
        if (vec_reserve(&m->node_ids, n + 1) != OK) {
            ir_fail(c, E_NOMEM);
            return "!?";
        }
        while (m->node_ids.len <= n)
            m->node_ids.v[m->node_ids.len++] = NULL;
    }
    if (!m->node_ids.v[n]) {
        char buf[24], *p = u64_dec(buf + sizeof buf, n, false);
        *--p = '!';
        m->node_ids.v[n] = arena_strndup(&m->node_text, p, (size_t)(buf + sizeof buf - p));
        if (!m->node_ids.v[n]) {
            ir_fail(c, E_NOMEM);
            return "!?";
        }
    }
    return m->node_ids.v[n];
}

/* The id of a reference `!N` (is_ref) as node_id gives it, without interning; a
 * spelling node_id would not give (leading zeros, too many digits) is interned. */
static const char *ref_id(IrCtx *c, MdSpan v) {
    if (v.n > 2 && v.s[1] == '0')
        return ir_intern(c, v.s, v.n);
    if (v.n > 19)
        return ir_intern(c, v.s, v.n);
    size_t n = 0;
    for (size_t i = 1; i < v.n; i++)
        n = n * 10 + (size_t)(v.s[i] - '0');
    return node_id(c, n);
}

/* Emits r(id, a) or r(id, a, b) with the spans as they are (symbols). */
static void emit_spans(FactSink *o, IrRel r, const char *id, MdSpan a, const MdSpan *b) {
    fs_begin(o, r);
    fs_sym(o, id);
    fs_symn(o, a.s, a.n);
    if (b)
        fs_symn(o, b->s, b->n);
    fs_end(o);
}

/* "!N" of a numbered node, or NULL. */
static const char *md_ref(IrCtx *c, LLVMMetadataRef md) {
    uint64_t n;
    if (!md || !c->meta->slots_ok || !map_get(&c->meta->slot, (uint64_t)(uintptr_t)md, &n))
        return NULL;
    return node_id(c, (size_t)n);
}

/* Name of metadata class k as llvm-dis prints it, "tuple", or NULL when it is not a
 * node (strings, values). */
static const char *md_class(LLVMMetadataKind k) {
    switch (k) {
    case LLVMMDTupleMetadataKind: return "tuple";
    case LLVMDILocationMetadataKind: return "DILocation";
    case LLVMDIExpressionMetadataKind: return "DIExpression";
    case LLVMDIGlobalVariableExpressionMetadataKind: return "DIGlobalVariableExpression";
    case LLVMGenericDINodeMetadataKind: return "GenericDINode";
    case LLVMDISubrangeMetadataKind: return "DISubrange";
    case LLVMDIEnumeratorMetadataKind: return "DIEnumerator";
    case LLVMDIBasicTypeMetadataKind: return "DIBasicType";
    case LLVMDIDerivedTypeMetadataKind: return "DIDerivedType";
    case LLVMDICompositeTypeMetadataKind: return "DICompositeType";
    case LLVMDISubroutineTypeMetadataKind: return "DISubroutineType";
    case LLVMDIFileMetadataKind: return "DIFile";
    case LLVMDICompileUnitMetadataKind: return "DICompileUnit";
    case LLVMDISubprogramMetadataKind: return "DISubprogram";
    case LLVMDILexicalBlockMetadataKind: return "DILexicalBlock";
    case LLVMDILexicalBlockFileMetadataKind: return "DILexicalBlockFile";
    case LLVMDINamespaceMetadataKind: return "DINamespace";
    case LLVMDIModuleMetadataKind: return "DIModule";
    case LLVMDITemplateTypeParameterMetadataKind: return "DITemplateTypeParameter";
    case LLVMDITemplateValueParameterMetadataKind: return "DITemplateValueParameter";
    case LLVMDIGlobalVariableMetadataKind: return "DIGlobalVariable";
    case LLVMDILocalVariableMetadataKind: return "DILocalVariable";
    case LLVMDILabelMetadataKind: return "DILabel";
    case LLVMDIObjCPropertyMetadataKind: return "DIObjCProperty";
    case LLVMDIImportedEntityMetadataKind: return "DIImportedEntity";
    case LLVMDIMacroMetadataKind: return "DIMacro";
    case LLVMDIMacroFileMetadataKind: return "DIMacroFile";
    case LLVMDICommonBlockMetadataKind: return "DICommonBlock";
    case LLVMDIStringTypeMetadataKind: return "DIStringType";
    case LLVMDIGenericSubrangeMetadataKind: return "DIGenericSubrange";
    case LLVMDIArgListMetadataKind: return "DIArgList";
    case LLVMDIAssignIDMetadataKind: return "DIAssignID";
    default: return NULL;
    }
}

/* Nodes that the printer numbers: every MDNode except DIExpression (inline). */
static bool numbered(LLVMMetadataKind k) {
    return md_class(k) && k != LLVMDIExpressionMetadataKind && k != LLVMDIArgListMetadataKind;
}

static bool is_mav(LLVMValueRef v) {
    return v && LLVMGetValueKind(v) == LLVMMetadataAsValueValueKind;
}

/* The value wrapped by a MetadataAsValue of a ValueAsMetadata, or NULL. */
static LLVMValueRef wrapped_value(LLVMValueRef mav) {
    LLVMMetadataKind k = LLVMGetMetadataKind(LLVMValueAsMetadata(mav));
    if (k != LLVMConstantAsMetadataMetadataKind && k != LLVMLocalAsMetadataMetadataKind)
        return NULL;
    LLVMValueRef v = NULL;
    LLVMGetMDNodeOperands(mav, &v);
    return v;
}

static bool is_intrinsic_call(LLVMValueRef i) {
    if (LLVMGetInstructionOpcode(i) != LLVMCall)
        return false;
    LLVMValueRef f = LLVMGetCalledValue(i);
    if (!f || !LLVMIsAFunction(f))
        return false;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    return len > 5 && memcmp(name, "llvm.", 5) == 0;
}

/* ------------------------------------------------------------------------------------ */
/* Numbering the nodes as the printer does */

/* Is line N of the metadata section `!N = !{...}` with exactly this body? */
static bool text_node_is(const IrText *t, size_t n, const char *body) {
    if (n >= t->md_lines.len)
        return false;
    const char *l = strstr(t->lines.v[t->md_lines.v[n]], " = ");
    return l && strcmp(l + 3, body) == 0;
}

static MdSpan node_body(const char *l, bool *distinct);

/* Is the body of a node one whose only operand is null, which MetadataAsValue::get
 * canonicalises to `!{}` like `!{null}`: a GenericDINode with a tag alone (its one
 * operand, the header, null) or a DIEnumerator whose name is empty? */
static bool body_null_single(MdSpan b) {
    if (span_starts(b, "!DIEnumerator(name: \"\","))
        return true;
    if (!span_starts(b, "!GenericDINode(tag: ") || !b.n || b.s[b.n - 1] != ')')
        return false;
    for (size_t k = 19; k < b.n; k++)
        if (b.s[k] == ',' || b.s[k] == '"')
            return false;
    return true;
}

/* Numbers the nodes reachable from root, in preorder (an explicit stack: chains of
 * nodes can be deep). `canon`: root came through a MetadataAsValue, which LLVM
 * canonicalises (MetadataAsValue::get): a tuple `!{C}` of one constant becomes the
 * constant, and a node whose only operand is null (`!{null}`, and the nodes of
 * body_null_single) becomes `!{}`. Such a constant is the uniqued tuple again
 * (LLVMMDNodeInContext2); for `!{}` the text tells which comes next. `!{null}` is
 * made again the same way; the others cannot be made through the C API, and hold
 * nothing the facts take from it (no value, no node), so their slot is NULL: a place
 * in the numbering that slots_match checks against the text like any other. While
 * the text is still being printed, a guess stands in for it: `!{null}` when the
 * parent is a DISubroutineType (the types of `void f()`), else `!{}`; slots_match
 * checks every such node against the text at the end. */
static Status number_from(IrCtx *c, LLVMMetadataRef root, bool canon, MdVec *stack,
                          ValVec *ops) {
    IrMeta *m = c->meta;
    stack->len = 0;
    m->parent_kinds.len = 0;
    if (vec_push(stack, root) != OK || vec_push(&m->parent_kinds, -1) != OK)
        return E_NOMEM;
    bool first = true;
    while (stack->len) {
        LLVMMetadataRef md = stack->v[--stack->len];
        int parent = m->parent_kinds.v[--m->parent_kinds.len];
        bool may_canon = first ? canon : true;
        first = false;
        if (!md)
            continue;
        LLVMMetadataKind kind = LLVMGetMetadataKind(md);
        if (may_canon && kind == LLVMConstantAsMetadataMetadataKind) {
            md = LLVMMDNodeInContext2(c->llctx, &md, 1);
            kind = LLVMMDTupleMetadataKind;
        } else if (may_canon && kind == LLVMMDTupleMetadataKind &&
                   LLVMGetMDNodeNumOperands(LLVMMetadataAsValue(c->llctx, md)) == 0) {
            LLVMMetadataRef null_op = NULL;
            LLVMMetadataRef with_null = LLVMMDNodeInContext2(c->llctx, &null_op, 1);
            if (m->text.eof && m->nodes.len < m->text.md_lines.len) {
                bool d;
                MdSpan b = node_body(m->text.lines.v[m->text.md_lines.v[m->nodes.len]], &d);
                if (body_null_single(b)) {
                    if (vec_push(&m->nodes, NULL) != OK)
                        return E_NOMEM;
                    continue;
                }
            }
            if (!map_get(&m->slot, (uint64_t)(uintptr_t)with_null, NULL) &&
                (m->text.eof ? text_node_is(&m->text, m->nodes.len, "!{null}")
                             : parent == LLVMDISubroutineTypeMetadataKind))
                md = with_null;
        }
        if (map_get(&m->slot, (uint64_t)(uintptr_t)md, NULL) || !numbered(kind))
            continue;
        if (map_put(&m->slot, (uint64_t)(uintptr_t)md, m->nodes.len) != OK ||
            vec_push(&m->nodes, md) != OK)
            return E_NOMEM;
        if (kind == LLVMDILocationMetadataKind) {
            /* the most frequent node: its operands are its scope and, when it has one,
             * where it was inlined (read without wrapping each in a MetadataAsValue) */
            LLVMMetadataRef at = LLVMDILocationGetInlinedAt(md);
            if (at && (vec_push(stack, at) != OK || vec_push(&m->parent_kinds, (int)kind) != OK))
                return E_NOMEM;
            if (vec_push(stack, LLVMDILocationGetScope(md)) != OK ||
                vec_push(&m->parent_kinds, (int)kind) != OK)
                return E_NOMEM;
            continue;
        }
        LLVMValueRef mav = LLVMMetadataAsValue(c->llctx, md);
        unsigned n = LLVMGetMDNodeNumOperands(mav);
        if (LLVMGetMetadataKind(LLVMValueAsMetadata(mav)) != kind)
            n = 0; /* a canonicalised tuple: it holds no nodes */
        if (vec_reserve(ops, n + 1) != OK)
            return E_NOMEM;
        if (n)
            LLVMGetMDNodeOperands(mav, ops->v);
        for (unsigned k = n; k-- > 0;)
            if (is_mav(ops->v[k]) && (vec_push(stack, LLVMValueAsMetadata(ops->v[k])) != OK ||
                                      vec_push(&m->parent_kinds, (int)kind) != OK))
                return E_NOMEM;
    }
    return OK;
}

static Status number_object(IrCtx *c, LLVMValueRef g, MdVec *stack, ValVec *ops) {
    Status st = OK;
    size_t n = 0;
    LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(g, &n);
    for (size_t k = 0; k < n; k++)
        TRY(number_from(c, LLVMValueMetadataEntriesGetMetadata(e, (unsigned)k), false, stack,
                         ops));
fail:
    if (e)
        LLVMDisposeValueMetadataEntries(e);
    return st;
}

static Status number_nodes(IrCtx *c) {
    Status st = OK;
    MdVec stack = {0};
    ValVec ops = {0};
    ValVec nmd = {0};
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
        TRY(number_object(c, g, &stack, &ops));
    for (LLVMNamedMDNodeRef n = LLVMGetFirstNamedMetadata(c->mod); n;
         n = LLVMGetNextNamedMetadata(n)) {
        size_t len;
        const char *name = LLVMGetNamedMetadataName(n, &len);
        char *z = mem_strndup(name, len);
        if (!z)
            TRY(E_NOMEM);
        unsigned k = LLVMGetNamedMetadataNumOperands(c->mod, z);
        st = vec_reserve(&nmd, k + 1);
        if (st == OK)
            LLVMGetNamedMetadataOperands(c->mod, z, nmd.v);
        mem_free(z);
        TRY(st);
        for (unsigned j = 0; j < k; j++)
            if (is_mav(nmd.v[j]))
                TRY(number_from(c, LLVMValueAsMetadata(nmd.v[j]), true, &stack, &ops));
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        TRY(number_object(c, f, &stack, &ops));
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
                if (is_intrinsic_call(i)) {
                    int nops = LLVMGetNumOperands(i);
                    for (int k = 0; k < nops; k++) {
                        LLVMValueRef op = LLVMGetOperand(i, k);
                        if (is_mav(op))
                            TRY(number_from(c, LLVMValueAsMetadata(op), false, &stack, &ops));
                    }
                }
                LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(i);
                if (loc)
                    TRY(number_from(c, loc, false, &stack, &ops));
                size_t n = 0;
                LLVMValueMetadataEntry *e = LLVMInstructionGetAllMetadataOtherThanDebugLoc(i, &n);
                for (size_t k = 0; k < n && st == OK; k++)
                    st = number_from(c, LLVMValueMetadataEntriesGetMetadata(e, (unsigned)k),
                                     false, &stack, &ops);
                if (e)
                    LLVMDisposeValueMetadataEntries(e);
                TRY(st);
            }
        }
    }
fail:
    vec_release(&stack);
    vec_release(&ops);
    vec_release(&nmd);
    return st;
}

/* The body of line `!N = [distinct ]BODY`; sets *distinct. */
static MdSpan node_body(const char *l, bool *distinct) {
    const char *p = strstr(l, " = ");
    p = p ? p + 3 : l + strlen(l);
    *distinct = strncmp(p, "distinct ", 9) == 0;
    if (*distinct)
        p += 9;
    return span(p);
}

/* Class name in the text: "tuple" for `!{`, else the name before `(`. */
static MdSpan body_class(MdSpan b) {
    if (span_starts(b, "!{"))
        return span("tuple");
    size_t k = 1;
    while (k < b.n && b.s[k] != '(')
        k++;
    return b.n ? (MdSpan){b.s + 1, k - 1} : b;
}

/* Do the C API's numbers agree with the text (same count, same class for every N)?
 * *at: the first difference. */
static bool slots_match(IrCtx *c, size_t *at) {
    IrMeta *m = c->meta;
    IrText *t = &m->text;
    size_t n = 0;
    bool ok = true;
    LLVMMetadataRef null_op = NULL;
    LLVMMetadataRef empty = LLVMMDNodeInContext2(c->llctx, NULL, 0);
    LLVMMetadataRef with_null = LLVMMDNodeInContext2(c->llctx, &null_op, 1);
    for (; ok && n < m->nodes.len && n < t->md_lines.len; n++) {
        const char *l = t->lines.v[t->md_lines.v[n]];
        char pre[32], *p = u64_dec(pre + sizeof pre - 3, n, false); /* "!N = " */
        *--p = '!';
        memcpy(pre + sizeof pre - 3, " = ", 3);
        size_t pl = (size_t)(pre + sizeof pre - p);
        if (strncmp(l, p, pl) != 0) {
            ok = false;
            continue;
        }
        /* the body, as node_body finds it after this prefix, read without measuring the
         * whole line */
        const char *b = l + pl;
        if (strncmp(b, "distinct ", 9) == 0)
            b += 9;
        if (!m->nodes.v[n]) { /* a node of body_null_single, met through a MetadataAsValue */
            ok = body_null_single(span(b));
            continue;
        }
        /* the class, as body_class reads it: "tuple" for `!{`, else up to the `(` */
        const char *cls = md_class(LLVMGetMetadataKind(m->nodes.v[n]));
        size_t k = 1;
        if (b[0] == '!' && b[1] == '{') {
            ok = strcmp(cls, "tuple") == 0;
        } else if (b[0]) {
            while (b[k] && b[k] != '(')
                k++;
            ok = strlen(cls) == k - 1 && memcmp(b + 1, cls, k - 1) == 0;
        } else {
            ok = cls[0] == '\0';
        }
        if ((m->nodes.v[n] == empty && strcmp(b, "!{}") != 0) ||
            (m->nodes.v[n] == with_null && strcmp(b, "!{null}") != 0))
            ok = false;
    }
    *at = n ? n - 1 : 0;
    return ok && m->nodes.len == t->md_lines.len;
}

static void check_slots(IrCtx *c) {
    IrMeta *m = c->meta;
    size_t at;
    m->slots_ok = slots_match(c, &at);
    if (!m->slots_ok) {
        diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                  "the metadata nodes of the C API (%zu) do not match the printed module's "
                  "(%zu; first difference at !%zu): the facts that link them (values in "
                  "nodes, locations) are left out",
                  m->nodes.len, m->text.md_lines.len, at);
        map_release(&m->slot);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Lifetime and the text hooks */

Status ir_meta_begin(IrCtx *c) {
    Status st = OK;
    IrMeta *m = mem_calloc(1, sizeof *m);
    if (!m)
        return E_NOMEM;
    c->meta = m;
    TRY(ir_text_init(c, &m->text, c->text_stream));
    TRY(vec_reserve(&m->kind_names, NFIXED));
    for (unsigned k = 0; k < NFIXED; k++)
        m->kind_names.v[k] = NULL;
    m->kind_names.len = NFIXED;
    for (unsigned k = 0; k < NFIXED; k++) {
        unsigned id = LLVMGetMDKindIDInContext(c->llctx, fixed_kinds[k],
                                               (unsigned)strlen(fixed_kinds[k]));
        if (id != k)
            diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                      "metadata kind '%s' has id %u in this LLVM, not %u", fixed_kinds[k], id, k);
        if (id < m->kind_names.len)
            m->kind_names.v[id] = fixed_kinds[k];
    }
    TRY(number_nodes(c));
    if (m->text.eof) {
        check_slots(c);
    } else {
        /* the metadata section is printed last: trust the numbers during the walk and
         * check them at the end (ir_meta_emit_module) */
        m->slots_ok = true;
        m->slots_pending = true;
    }
    return OK;
fail:
    ir_meta_end(c);
    return st;
}

void ir_meta_end(IrCtx *c) {
    IrMeta *m = c->meta;
    if (!m)
        return;
    ir_text_release(&m->text);
    map_release(&m->slot);
    vec_release(&m->nodes);
    vec_release(&m->node_ids);
    arena_release(&m->node_text);
    vec_release(&m->kind_names);
    vec_release(&m->parent_kinds);
    vec_release(&m->att_text);
    vec_release(&m->node_parts);
    vec_release(&m->node_fields);
    map_release(&m->seen);
    mem_free(m);
    c->meta = NULL;
}

const char *ir_text_global_line(IrCtx *c, LLVMValueRef g) {
    return c->meta ? ir_text_line_of(c, &c->meta->text, g) : NULL;
}

/* The lines after the functions and before the globals, indexed when first asked for
 * (only ir_global_emit_late asks, after the function bodies were walked). */
static IrText *late_text(IrCtx *c) {
    if (!c->meta)
        return NULL;
    Status st = ir_text_late_index(c, &c->meta->text);
    if (st != OK) {
        ir_fail(c, st);
        return NULL;
    }
    return &c->meta->text;
}

const char *ir_text_attr_group(IrCtx *c, unsigned n) {
    IrText *t = late_text(c);
    return t ? ir_text_group(t, n) : NULL;
}

const char *ir_text_comdat_line(IrCtx *c, size_t k) {
    IrText *t = late_text(c);
    return t ? ir_text_comdat(t, k) : NULL;
}

const char *ir_text_insn_line(IrCtx *c, LLVMValueRef i) {
    if (!c->meta)
        return NULL;
    size_t k = ir_text_insn_index(c, &c->meta->text, i);
    return k == SIZE_MAX ? NULL : c->meta->text.lines.v[k];
}

/* ------------------------------------------------------------------------------------ */
/* Inline metadata: strings, values, DIExpressions, DIArgLists */

static void describe_expression(IrCtx *c, const char *id, MdSpan text) {
    FactSink *o = c->out;
    emit_metadata(o, id);
    emit_metadata_class(o, id, "DIExpression");
    emit_di_node(o, id, "DIExpression");
    emit_di_expression(o, id);
    size_t open = 0;
    while (open < text.n && text.s[open] != '(')
        open++;
    size_t close = open + md_match(text.s + open, text.n - open);
    if (open >= text.n || close >= text.n)
        return;
    MdSpanVec parts = {0};
    if (md_split(text.s + open + 1, close - open - 1, &parts) != OK)
        ir_fail(c, E_NOMEM);
    for (size_t k = 0; k < parts.len; k++)
        emit_di_expression_element(o, id, (int64_t)k, intern_span(c, parts.v[k]));
    vec_release(&parts);
}

/* Describes a value metadata `id` wrapping v (once). */
static void describe_value(IrCtx *c, const char *id, LLVMValueRef v) {
    FactSink *o = c->out;
    emit_metadata(o, id);
    emit_metadata_class(o, id, "value");
    if (v) {
        emit_metadata_value(o, id, ir_value_id(c, v));
        emit_metadata_value_type(o, id, ir_type_id(c, LLVMTypeOf(v)));
    }
}

/* Id of the value metadata wrapping v: a constant's id (which carries its type), else
 * `<type> <id>` (ptr @g, i32 @f:%x). */
static const char *value_md_id(IrCtx *c, LLVMValueRef v) {
    const char *vid = ir_value_id(c, v);
    if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v))
        return vid;
    StrBuf sb = SB_INIT;
    sb_adds(&sb, ir_type_id(c, LLVMTypeOf(v)));
    sb_addc(&sb, ' ');
    sb_adds(&sb, vid);
    if (sb.oom)
        ir_fail(c, E_NOMEM);
    const char *r = ir_intern(c, sb.buf, sb.len);
    sb_release(&sb);
    return r;
}

/* The id of inline metadata `text` (as printed inside a node or a call), describing it
 * the first time. v is the C API's operand when known (a plain value for value
 * metadata). Returns the id; NULL for `null`. */
static const char *inline_md(IrCtx *c, MdSpan text, LLVMValueRef v) {
    if (span_eq(text, "null"))
        return NULL;
    if (is_ref(text))
        return ref_id(c, text);
    bool fresh;
    if (span_starts(text, "!\"")) {
        const char *id = intern_fresh(c, text.s, text.n, &fresh);
        if (fresh) {
            emit_metadata(c->out, id);
            emit_metadata_class(c->out, id, "string");
            MdSpan str = unquote(c, (MdSpan){text.s + 1, text.n - 1});
            ir_emit_id_str(c, REL_metadata_string, id, str.s, str.n);
        }
        return id;
    }
    if (span_starts(text, "!DIExpression(")) {
        const char *id = intern_fresh(c, text.s, text.n, &fresh);
        if (fresh)
            describe_expression(c, id, text);
        return id;
    }
    if (v && !is_mav(v)) {
        const char *id = value_md_id(c, v);
        intern_fresh(c, id, strlen(id), &fresh);
        if (fresh)
            describe_value(c, id, v);
        return id;
    }
    /* a value without the API's view: spelled as printed */
    const char *id = intern_fresh(c, text.s, text.n, &fresh);
    if (fresh && text.n && text.s[0] != '!')
        describe_value(c, id, NULL);
    return id;
}

/* ------------------------------------------------------------------------------------ */
/* Numbered nodes */

/* The field readers below are inlined where they are called, with the field's name a
 * constant: its length and the comparison fold into a few instructions. */

/* The value of field `name` (an identifier): the first field of that name. */
static IRLOG_ALWAYS_INLINE bool fget(const MdFieldVec *f, const char *name, MdSpan *v) {
    size_t len = strlen(name);
    for (size_t k = 0; k < f->len; k++) {
        const MdField *p = &f->v[k];
        if (p->name.n == len && memcmp(p->name.s, name, len) == 0) {
            *v = p->value;
            return true;
        }
    }
    return false;
}

static IRLOG_ALWAYS_INLINE bool fint(const MdFieldVec *f, const char *name, int64_t *x) {
    MdSpan v;
    return fget(f, name, &v) && md_int(v, x);
}

static IRLOG_ALWAYS_INLINE const char *fref(IrCtx *c, const MdFieldVec *f, const char *name) {
    MdSpan v;
    return fget(f, name, &v) && is_ref(v) ? ref_id(c, v) : NULL;
}

/* Emits r(id, the string field `name`, unescaped) when f has that field. */
static IRLOG_ALWAYS_INLINE void fstr(IrCtx *c, const MdFieldVec *f, const char *name, IrRel r,
                                     const char *id) {
    MdSpan v;
    if (fget(f, name, &v) && v.n >= 2 && v.s[0] == '"') {
        v = unquote(c, v);
        ir_emit_id_str(c, r, id, v.s, v.n);
    }
}

static IRLOG_ALWAYS_INLINE const char *fsym(IrCtx *c, const MdFieldVec *f, const char *name) {
    MdSpan v;
    return fget(f, name, &v) ? intern_span(c, v) : NULL;
}

static IRLOG_ALWAYS_INLINE bool has_flag(const MdFieldVec *f, const char *name, const char *flag) {
    MdSpan v;
    if (!fget(f, name, &v))
        return false;
    size_t n = strlen(flag);
    for (size_t k = 0; k + n <= v.n; k++)
        if (memcmp(v.s + k, flag, n) == 0 && (k + n == v.n || v.s[k + n] == ' '))
            return true;
    return false;
}

/* The operands of tuple !N (a `!{...}` line), for element lists. */
static void tuple_ops(IrCtx *c, const char *ref, MdSpanVec *out) {
    IrText *t = &c->meta->text;
    ir_text_finish(c, t);
    size_t n = (size_t)strtoull(ref + 1, NULL, 10);
    if (n >= t->md_lines.len)
        return;
    bool d;
    MdSpan b = node_body(t->lines.v[t->md_lines.v[n]], &d);
    if (!span_starts(b, "!{") || b.n < 3)
        return;
    if (md_split(b.s + 2, b.n - 3, out) != OK)
        ir_fail(c, E_NOMEM);
}

static void emit_elements(IrCtx *c, const char *id, const char *ref, bool subroutine) {
    if (!ref)
        return;
    MdSpanVec ops = {0};
    tuple_ops(c, ref, &ops);
    for (size_t k = 0; k < ops.len; k++) {
        if (!is_ref(ops.v[k]))
            continue;
        if (subroutine)
            emit_di_subroutine_type_type(c->out, id, (int64_t)k, ref_id(c, ops.v[k]));
        else
            emit_di_composite_type_element(c->out, id, (int64_t)k, ref_id(c, ops.v[k]));
    }
    vec_release(&ops);
}

/* Named relations of DI node `id` of kind `kind` with fields f. */
static void di_named(IrCtx *c, const char *id, MdSpan kind, const MdFieldVec *f) {
    FactSink *o = c->out;
    const char *s;
    int64_t x;
    if ((s = fref(c, f, "file")))
        emit_di_node_file(o, id, s);
    if ((s = fref(c, f, "scope")))
        emit_di_node_scope(o, id, s);
    /* (the kinds exclude each other: the most frequent first) */
    if (span_eq(kind, "DILocation")) {
        emit_di_location(o, id);
        emit_di_location_line(o, id, fint(f, "line", &x) ? x : 0);
        emit_di_location_column(o, id, fint(f, "column", &x) ? x : 0);
        if ((s = fref(c, f, "scope")))
            emit_di_location_scope(o, id, s);
        if ((s = fref(c, f, "inlinedAt")))
            emit_di_location_inlined_at(o, id, s);
    } else if (span_eq(kind, "DIFile")) {
        fstr(c, f, "filename", REL_di_file_filename, id);
        fstr(c, f, "directory", REL_di_file_directory, id);
    } else if (span_eq(kind, "DICompileUnit")) {
        emit_di_compile_unit(o, id);
        if ((s = fsym(c, f, "language")))
            emit_di_compile_unit_language(o, id, s);
        fstr(c, f, "producer", REL_di_compile_unit_producer, id);
    } else if (span_eq(kind, "DISubprogram")) {
        emit_di_subprogram(o, id);
        fstr(c, f, "name", REL_di_subprogram_name, id);
        fstr(c, f, "linkageName", REL_di_subprogram_linkage_name, id);
        if (fint(f, "line", &x))
            emit_di_subprogram_line(o, id, x);
        if ((s = fref(c, f, "type")))
            emit_di_subprogram_type(o, id, s);
        if ((s = fref(c, f, "unit")))
            emit_di_subprogram_unit(o, id, s);
        if ((s = fref(c, f, "declaration")))
            emit_di_subprogram_declaration(o, id, s);
        if (has_flag(f, "spFlags", "DISPFlagDefinition"))
            emit_di_subprogram_definition(o, id);
    } else if (span_eq(kind, "DILexicalBlock") || span_eq(kind, "DILexicalBlockFile")) {
        emit_di_lexical_block(o, id);
        if (fint(f, "line", &x))
            emit_di_lexical_block_line(o, id, x);
        if (fint(f, "column", &x))
            emit_di_lexical_block_column(o, id, x);
    } else if (span_eq(kind, "DINamespace")) {
        emit_di_namespace(o, id);
        fstr(c, f, "name", REL_di_namespace_name, id);
    } else if (span_eq(kind, "DILocalVariable")) {
        emit_di_local_variable(o, id);
        fstr(c, f, "name", REL_di_local_variable_name, id);
        if (fint(f, "line", &x))
            emit_di_local_variable_line(o, id, x);
        if (fint(f, "arg", &x))
            emit_di_local_variable_arg(o, id, x);
        if ((s = fref(c, f, "type")))
            emit_di_local_variable_type(o, id, s);
    } else if (span_eq(kind, "DIGlobalVariable")) {
        emit_di_global_variable(o, id);
        fstr(c, f, "name", REL_di_global_variable_name, id);
        fstr(c, f, "linkageName", REL_di_global_variable_linkage_name, id);
        if (fint(f, "line", &x))
            emit_di_global_variable_line(o, id, x);
        if ((s = fref(c, f, "type")))
            emit_di_global_variable_type(o, id, s);
        if (has_flag(f, "isLocal", "true"))
            emit_di_global_variable_local(o, id);
        if (has_flag(f, "isDefinition", "true"))
            emit_di_global_variable_definition(o, id);
    } else if (span_eq(kind, "DIGlobalVariableExpression")) {
        MdSpan e;
        const char *var = fref(c, f, "var");
        if (var && fget(f, "expr", &e)) {
            const char *eid = inline_md(c, e, NULL);
            if (eid)
                emit_di_global_variable_expression(o, id, var, eid);
        }
    } else if (span_eq(kind, "DIBasicType") || span_eq(kind, "DIDerivedType") ||
               span_eq(kind, "DICompositeType") || span_eq(kind, "DISubroutineType") ||
               span_eq(kind, "DIStringType")) {
        emit_di_type(o, id);
        fstr(c, f, "name", REL_di_type_name, id);
        if (fint(f, "line", &x))
            emit_di_type_line(o, id, x);
        if ((s = fsym(c, f, "tag")))
            emit_di_type_tag(o, id, s);
        else if (span_eq(kind, "DIBasicType"))
            emit_di_type_tag(o, id, "DW_TAG_base_type");
        else if (span_eq(kind, "DISubroutineType"))
            emit_di_type_tag(o, id, "DW_TAG_subroutine_type");
        if (fint(f, "size", &x))
            emit_di_type_size(o, id, x);
        if (fint(f, "align", &x))
            emit_di_type_align(o, id, x);
        if (fint(f, "offset", &x))
            emit_di_type_offset(o, id, x);
        if ((s = fref(c, f, "baseType")))
            emit_di_type_base_type(o, id, s);
        if ((s = fsym(c, f, "encoding")))
            emit_di_type_encoding(o, id, s);
        fstr(c, f, "identifier", REL_di_type_identifier, id);
        emit_elements(c, id, fref(c, f, "elements"), false);
        emit_elements(c, id, fref(c, f, "types"), true);
    } else if (span_eq(kind, "DIEnumerator")) {
        emit_di_enumerator(o, id);
        fstr(c, f, "name", REL_di_enumerator_name, id);
        if (fint(f, "value", &x))
            emit_di_enumerator_value(o, id, x);
    } else if (span_eq(kind, "DISubrange")) {
        if (fint(f, "count", &x))
            emit_di_subrange_count(o, id, x);
        if (fint(f, "lowerBound", &x))
            emit_di_subrange_lower_bound(o, id, x);
    } else if (span_eq(kind, "DIImportedEntity")) {
        emit_di_imported_entity(o, id);
        if ((s = fsym(c, f, "tag")))
            emit_di_imported_entity_tag(o, id, s);
        if ((s = fref(c, f, "entity")))
            emit_di_imported_entity_entity(o, id, s);
        if (fint(f, "line", &x))
            emit_di_imported_entity_line(o, id, x);
    } else if (span_eq(kind, "DILabel")) {
        emit_di_label(o, id);
        fstr(c, f, "name", REL_di_label_name, id);
        if (fint(f, "line", &x))
            emit_di_label_line(o, id, x);
    }
}

static void emit_node(IrCtx *c, size_t n) {
    IrMeta *m = c->meta;
    FactSink *o = c->out;
    const char *id = node_id(c, n);
    bool distinct;
    MdSpan b = node_body(m->text.lines.v[m->text.md_lines.v[n]], &distinct);
    MdSpan cls = body_class(b);
    emit_metadata(o, id);
    emit_metadata_node(o, id);
    emit_spans(o, REL_metadata_class, id, cls, NULL);
    if (distinct)
        emit_metadata_distinct(o, id);
    MdSpanVec parts = m->node_parts; /* reused: this runs once per node */
    parts.len = 0;
    if (span_starts(b, "!{")) {
        if (b.n >= 3 && md_split(b.s + 2, b.n - 3, &parts) != OK)
            ir_fail(c, E_NOMEM);
        emit_metadata_noperands(o, id, (int64_t)parts.len);
        /* the C API's operands, for values */
        Vec(LLVMValueRef) ops = {0};
        if (m->slots_ok && n < m->nodes.len) {
            LLVMValueRef mav = LLVMMetadataAsValue(c->llctx, m->nodes.v[n]);
            unsigned k = LLVMGetMDNodeNumOperands(mav);
            if (k == parts.len && vec_reserve(&ops, k + 1) == OK) {
                LLVMGetMDNodeOperands(mav, ops.v);
                ops.len = k;
            }
        }
        for (size_t k = 0; k < parts.len; k++) {
            const char *op = inline_md(c, parts.v[k], ops.len ? ops.v[k] : NULL);
            if (op)
                emit_metadata_operand(o, id, (int64_t)k, op);
            else
                emit_metadata_null_operand(o, id, (int64_t)k);
        }
        vec_release(&ops);
    } else if (cls.n && b.n > cls.n + 2) {
        size_t open = cls.n + 1;
        if (md_split(b.s + open + 1, b.n - open - 2, &parts) != OK)
            ir_fail(c, E_NOMEM);
        emit_spans(o, REL_di_node, id, cls, NULL);
        /* LLVM 19 swaps a DIObjCProperty's setter and getter when it parses text
         * (`opt -S` of `setter: "s", getter: "g"` prints `setter: "g", getter: "s"`), and
         * swaps them back when it writes and reads bitcode, so llvm-dis of llvm-as's
         * bitcode shows them as written. A module parsed from text is swapped here too,
         * so that its facts are the module's of that bitcode, as for a bitcode input. */
        bool swap = c->text_inputs && span_eq(cls, "DIObjCProperty");
        MdFieldVec fields = m->node_fields;
        fields.len = 0;
        for (size_t k = 0; k < parts.len; k++) {
            MdSpan fname, fval;
            if (!md_field(parts.v[k], &fname, &fval))
                continue;
            if (vec_push(&fields, ((MdField){fname, fval})) != OK)
                ir_fail(c, E_NOMEM);
            if (swap && span_eq(fname, "setter"))
                fname = span("getter");
            else if (swap && span_eq(fname, "getter"))
                fname = span("setter");
            emit_spans(o, REL_di_node_field, id, fname, &fval);
            if (span_starts(fval, "!DIExpression("))
                inline_md(c, fval, NULL);
        }
        di_named(c, id, cls, &fields);
        m->node_fields = fields;
    } else if (cls.n) {
        emit_spans(o, REL_di_node, id, cls, NULL);
    }
    m->node_parts = parts;
}

/* Named metadata and module flags, from the `!name = !{...}` lines. */
static void emit_named(IrCtx *c) {
    IrMeta *m = c->meta;
    FactSink *o = c->out;
    for (size_t k = 0; k < m->text.named_lines.len; k++) {
        const char *l = m->text.lines.v[m->text.named_lines.v[k]];
        const char *eq = strstr(l, " = !{");
        if (!eq)
            continue;
        StrBuf sb = SB_INIT;
        ir_append_unescaped(&sb, l + 1, (size_t)(eq - l - 1));
        const char *name = ir_intern(c, sb.buf, sb.len);
        sb_release(&sb);
        MdSpan b = span(eq + 3);
        MdSpanVec parts = {0};
        if (b.n >= 3 && md_split(b.s + 2, b.n - 3, &parts) != OK)
            ir_fail(c, E_NOMEM);
        emit_named_metadata(o, name);
        emit_named_metadata_noperands(o, name, (int64_t)parts.len);
        bool flags = strcmp(name, "llvm.module.flags") == 0;
        for (size_t j = 0; j < parts.len; j++) {
            const char *op = inline_md(c, parts.v[j], NULL);
            if (!op)
                continue;
            emit_named_metadata_operand(o, name, (int64_t)j, op);
            if (!flags || !is_ref(parts.v[j]))
                continue;
            MdSpanVec fl = {0};
            tuple_ops(c, op, &fl);
            int64_t beh;
            static const char *const behaviors[] = {"",         "error",  "warning",
                                                    "require",  "override", "append",
                                                    "append_unique", "max", "min"};
            if (fl.len == 3 && span_starts(fl.v[0], "i32 ") &&
                md_int((MdSpan){fl.v[0].s + 4, fl.v[0].n - 4}, &beh) && beh >= 1 && beh <= 8 &&
                span_starts(fl.v[1], "!\"")) {
                MdSpan key = unquote(c, (MdSpan){fl.v[1].s + 1, fl.v[1].n - 1});
                const char *val = inline_md(c, fl.v[2], NULL);
                if (val) { /* module_flag(Node, Key, Behavior, Value); the key may hold NUL */
                    fs_begin(o, REL_module_flag);
                    fs_sym(o, op);
                    fs_symn(o, key.s, key.n);
                    fs_sym(o, behaviors[beh]);
                    fs_sym(o, val);
                    fs_end(o);
                }
            }
            vec_release(&fl);
        }
        vec_release(&parts);
    }
}

void ir_meta_emit_module(IrCtx *c) {
    IrMeta *m = c->meta;
    if (!m)
        return;
    FactSink *o = c->out;
    ir_text_finish(c, &m->text);
    if (m->slots_pending) {
        /* The walk used node numbers the text had not confirmed yet. If the text
         * disagrees, the rows written with them may be wrong: the caller redoes the
         * walk with the text printed first (where check_slots leaves such rows out). */
        size_t at;
        m->slots_pending = false;
        const char *fault = getenv("IRLOG_FAULT"); /* fault injection for the tests */
        if (!slots_match(c, &at) || (fault && !strcmp(fault, "slots"))) {
            c->redo_inline = true;
            return;
        }
    }
    for (size_t k = 0; k < m->kind_names.len; k++) {
        const char *name = m->kind_names.v[k];
        if (!name)
            continue;
        emit_metadata_kind(o, name);
        emit_metadata_kind_id(o, name, (int64_t)k);
        if (k < NFIXED)
            emit_metadata_kind_fixed(o, name);
        else
            emit_metadata_kind_custom(o, name);
    }
    for (size_t n = 0; n < m->text.md_lines.len; n++)
        emit_node(c, n);
    emit_named(c);
}

/* ------------------------------------------------------------------------------------ */
/* Attachments */


static bool ident_char(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || is_digit(ch) || ch == '-' ||
           ch == '$' || ch == '.' || ch == '_' || ch == '\\';
}

/* The ` !kind !N` pairs of a printed line, outside quoted strings. */
static Status scan_attachments(const char *l, AttTextVec *out) {
    for (size_t i = 0; l[i]; i++) {
        i += strcspn(l + i, "\"!"); /* what the text holds before the next one */
        if (!l[i])
            break;
        if (l[i] == '"') {
            for (i++; l[i] && l[i] != '"'; i++)
                ;
            if (!l[i])
                break;
            continue;
        }
        if (l[i] != '!' || !ident_char(l[i + 1]) || is_digit(l[i + 1]))
            continue;
        size_t j = i + 1;
        while (ident_char(l[j]))
            j++;
        if (l[j] != ' ' || l[j + 1] != '!' || !is_digit(l[j + 2]))
            continue;
        size_t k = j + 2, n = 0;
        while (is_digit(l[k]))
            n = n * 10 + (size_t)(l[k++] - '0');
        if (vec_push(out, ((AttText){{l + i + 1, j - i - 1}, n})) != OK)
            return E_NOMEM;
        i = k - 1;
    }
    return OK;
}

enum { ATT_INSN, ATT_FUNC, ATT_GLOBAL };

static void attach_warn(IrCtx *c, const char *id) {
    if (c->meta->warned_attach)
        return;
    c->meta->warned_attach = true;
    diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
              "the metadata attachments of %s do not match the printed module; some "
              "attachments may be left out",
              id);
}

/* Emits the attachments (kinds[k], mds[k]) of `id`, reading kind names and node
 * numbers from the printed lines [first, last) when they agree with the API. */
static void emit_attachments(IrCtx *c, int who, const char *id, const unsigned *kinds,
                             LLVMMetadataRef const *mds, size_t n, size_t first, size_t last) {
    IrMeta *m = c->meta;
    AttTextVec tx = m->att_text; /* reused: this runs once per instruction */
    tx.len = 0;
    for (size_t k = first; k < last; k++)
        if (scan_attachments(m->text.lines.v[k], &tx) != OK)
            ir_fail(c, E_NOMEM);
    bool use_text = tx.len == n;
    if (!use_text && first < last)
        attach_warn(c, id);
    for (size_t k = 0; k < n; k++) {
        const char *kind = kinds[k] < m->kind_names.len ? m->kind_names.v[kinds[k]] : NULL;
        const char *node = md_ref(c, mds[k]);
        if (use_text) {
            MdSpan nm = tx.v[k].name;
            const char *tname;
            if (kind && !memchr(nm.s, '\\', nm.n) && span_eq(nm, kind)) {
                tname = kind; /* the usual case: a known kind, spelled plainly */
            } else {
                StrBuf sb = SB_INIT;
                ir_append_unescaped(&sb, nm.s, nm.n);
                tname = ir_intern(c, sb.buf, sb.len);
                sb_release(&sb);
            }
            if (!kind) {
                if (vec_reserve(&m->kind_names, kinds[k] + 1) != OK) {
                    ir_fail(c, E_NOMEM);
                    break;
                }
                while (m->kind_names.len <= kinds[k])
                    m->kind_names.v[m->kind_names.len++] = NULL;
                m->kind_names.v[kinds[k]] = kind = tname;
            } else if (strcmp(kind, tname) != 0) {
                attach_warn(c, id);
            }
            const char *tnode = node_id(c, tx.v[k].node);
            if (node && node != tnode)
                attach_warn(c, id);
            node = tnode;
        }
        if (!kind || !node)
            continue;
        switch (who) {
        case ATT_INSN: emit_instruction_metadata(c->out, id, kind, node); break;
        case ATT_FUNC:
            emit_function_metadata(c->out, id, kind, node);
            if (kinds[k] == 0)
                emit_function_subprogram(c->out, id, node);
            break;
        default: emit_global_metadata(c->out, id, kind, node); break;
        }
    }
    m->att_text = tx;
}

void ir_meta_emit_insn(IrCtx *c, LLVMValueRef i, const char *id) {
    IrMeta *m = c->meta;
    if (!m)
        return;
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(i);
    size_t n = 0;
    LLVMValueMetadataEntry *e = LLVMInstructionGetAllMetadataOtherThanDebugLoc(i, &n);
    if (loc || n) {
        size_t total = n + (loc ? 1 : 0);
        unsigned kbuf[16];
        LLVMMetadataRef mbuf[16];
        bool heap = total > 16;
        unsigned *kinds = heap ? mem_alloc(total * sizeof *kinds) : kbuf;
        LLVMMetadataRef *mds = heap ? mem_alloc(total * sizeof *mds) : mbuf;
        if (!kinds || !mds) {
            ir_fail(c, E_NOMEM);
        } else {
            /* LLVM 19's LLVMInstructionGetAllMetadataOtherThanDebugLoc lists the !dbg
             * location too (first, as kind 0); add it only when it is missing. */
            size_t j = 0;
            bool has_dbg = n && LLVMValueMetadataEntriesGetKind(e, 0) == 0;
            if (loc && !has_dbg) {
                kinds[j] = 0;
                mds[j++] = loc;
            }
            for (size_t k = 0; k < n; k++, j++) {
                kinds[j] = LLVMValueMetadataEntriesGetKind(e, (unsigned)k);
                mds[j] = LLVMValueMetadataEntriesGetMetadata(e, (unsigned)k);
            }
            total = j;
            size_t first = ir_text_insn_index(c, &m->text, i), last = first;
            if (first != SIZE_MAX) {
                /* the instruction's continuation lines */
                for (last = first + 1; last < m->text.lines.len; last++) {
                    const char *l = m->text.lines.v[last];
                    if (l[0] != ' ' || (l[1] == ' ' && l[2] != ' ' && l[2] != ']'))
                        break;
                }
            } else {
                first = last = 0;
            }
            emit_attachments(c, ATT_INSN, id, kinds, mds, total, first, last);
        }
        if (heap) {
            mem_free(kinds);
            mem_free(mds);
        }
    }
    if (e)
        LLVMDisposeValueMetadataEntries(e);
    if (loc) {
        const char *scope = md_ref(c, LLVMDILocationGetScope(loc));
        if (scope)
            emit_instruction_debug_location(c->out, id, LLVMDILocationGetLine(loc),
                                            LLVMDILocationGetColumn(loc), scope);
        LLVMMetadataRef at = LLVMDILocationGetInlinedAt(loc);
        const char *atid = at ? md_ref(c, at) : NULL;
        if (atid)
            emit_instruction_debug_inlined_at(c->out, id, atid);
    }
}

void ir_meta_emit_global(IrCtx *c, LLVMValueRef g, const char *id) {
    IrMeta *m = c->meta;
    if (!m)
        return;
    size_t n = 0;
    LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(g, &n);
    if (!n) {
        if (e)
            LLVMDisposeValueMetadataEntries(e);
        return;
    }
    unsigned *kinds = mem_alloc(n * sizeof *kinds);
    LLVMMetadataRef *mds = mem_alloc(n * sizeof *mds);
    if (!kinds || !mds) {
        ir_fail(c, E_NOMEM);
    } else {
        for (size_t k = 0; k < n; k++) {
            kinds[k] = LLVMValueMetadataEntriesGetKind(e, (unsigned)k);
            mds[k] = LLVMValueMetadataEntriesGetMetadata(e, (unsigned)k);
        }
        size_t first = ir_text_line_index_of(c, &m->text, g), last = first + 1;
        if (first == SIZE_MAX)
            first = last = 0;
        emit_attachments(c, LLVMIsAFunction(g) ? ATT_FUNC : ATT_GLOBAL, id, kinds, mds, n,
                         first, last);
    }
    mem_free(kinds);
    mem_free(mds);
    LLVMDisposeValueMetadataEntries(e);
}

/* ------------------------------------------------------------------------------------ */
/* Metadata arguments of calls, debug records */

/* The argument texts of intrinsic call line l (`metadata ` stripped). */
static void call_args(IrCtx *c, const char *l, MdSpanVec *out) {
    const char *p = l ? strstr(l, " @llvm.") : NULL;
    if (!p)
        return;
    p = strchr(p, '(');
    if (!p)
        return;
    size_t n = strlen(p);
    size_t close = md_match(p, n);
    if (close >= n)
        return;
    if (md_split(p + 1, close - 1, out) != OK)
        ir_fail(c, E_NOMEM);
    for (size_t k = 0; k < out->len; k++)
        if (span_starts(out->v[k], "metadata "))
            out->v[k] = (MdSpan){out->v[k].s + 9, out->v[k].n - 9};
}

/* Splits a printed `<type> <value>` at its last top-level space. */
static bool split_typed(MdSpan a, MdSpan *type, MdSpan *val) {
    int depth = 0;
    size_t sp = a.n;
    for (size_t i = 0; i < a.n; i++) {
        char ch = a.s[i];
        if (ch == '"') {
            for (i++; i < a.n && a.s[i] != '"'; i++)
                ;
        } else if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
            depth++;
        } else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
            depth--;
        } else if (ch == ' ' && depth == 0) {
            sp = i;
        }
    }
    if (sp == a.n)
        return false;
    *type = (MdSpan){a.s, sp};
    *val = (MdSpan){a.s + sp + 1, a.n - sp - 1};
    return true;
}

/* The constant `<ty> <v>` of a DIArgList (whose operands the C API cannot reach),
 * through LLVM's own parser: it is the initializer of a global of a throwaway module of
 * the same context. Constants are uniqued per context, so this is the very constant
 * the module's DIArgList holds, and ir_const_id describes it (kind, type, value) as it
 * describes any other. NULL when the text does not parse, or names a global (`@`:
 * the throwaway module has none of the module's; such operands are spelled as printed). */
static LLVMValueRef arglist_constant(IrCtx *c, MdSpan ty, MdSpan v) {
    if (memchr(ty.s, '@', ty.n) || memchr(v.s, '@', v.n) || memchr(ty.s, '%', ty.n))
        return NULL;
    StrBuf src = SB_INIT;
    sb_adds(&src, "@irlog.arglist.constant = global ");
    sb_add(&src, ty.s, ty.n);
    sb_addc(&src, ' ');
    sb_add(&src, v.s, v.n);
    sb_addc(&src, '\n');
    LLVMModuleRef m = ir_parse_snippet(c, &src, "DIArgList operand");
    LLVMValueRef g = m ? LLVMGetFirstGlobal(m) : NULL;
    LLVMValueRef init = g ? LLVMGetInitializer(g) : NULL;
    if (init && (LLVMIsAGlobalValue(init) || !LLVMIsAConstant(init)))
        init = NULL;
    if (m)
        LLVMDisposeModule(m); /* the constant belongs to the context, not the module */
    return init;
}

/* The global value a DIArgList constant names: `at` is the `@` of its printed name
 * (`@g`, `@"a b"`, `@0`, as ids spell them). NULL if the module has none such. */
static LLVMValueRef arglist_global(IrCtx *c, const char *at, const char *end) {
    const char *p = at + 1;
    if (p < end && *p == '"') {
        for (p++; p < end && *p != '"'; p++)
            ;
        p++;
    } else {
        while (p < end && (is_digit(*p) || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                           *p == '-' || *p == '$' || *p == '.' || *p == '_'))
            p++;
    }
    if (p > end || p == at + 1)
        return NULL;
    MdSpan tok = {at, (size_t)(p - at)};
    /* a plain name: the module's symbol table; else (quoted, numbered) by id */
    if (tok.s[1] != '"' && !is_digit(tok.s[1])) {
        char name[256];
        if (tok.n - 1 >= sizeof name)
            return NULL;
        memcpy(name, tok.s + 1, tok.n - 1);
        name[tok.n - 1] = 0;
        LLVMValueRef g = LLVMGetNamedGlobal(c->mod, name);
        if (!g)
            g = LLVMGetNamedFunction(c->mod, name);
        if (!g)
            g = LLVMGetNamedGlobalAlias(c->mod, name, tok.n - 1);
        if (!g)
            g = LLVMGetNamedGlobalIFunc(c->mod, name, tok.n - 1);
        return g && span_eq(tok, ir_value_id(c, g)) ? g : NULL;
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
        if (span_eq(tok, ir_value_id(c, g)))
            return g;
    for (LLVMValueRef g = LLVMGetFirstFunction(c->mod); g; g = LLVMGetNextFunction(g))
        if (span_eq(tok, ir_value_id(c, g)))
            return g;
    for (LLVMValueRef g = LLVMGetFirstGlobalAlias(c->mod); g; g = LLVMGetNextGlobalAlias(g))
        if (span_eq(tok, ir_value_id(c, g)))
            return g;
    for (LLVMValueRef g = LLVMGetFirstGlobalIFunc(c->mod); g; g = LLVMGetNextGlobalIFunc(g))
        if (span_eq(tok, ir_value_id(c, g)))
            return g;
    return NULL;
}

/* The constant printed `text` (`<ty> <value>`, naming a global) of a DIArgList. LLVM's
 * parser cannot rebuild it outside the module (a throwaway module has none of its
 * globals), but the constant is a user of every global it names: it is found among the
 * constant users of the first one (the first `@` outside quotes that names a global),
 * breadth first, climbing only through constants whose own printed text (LLVM's,
 * `<ty> <value>`, as an operand prints) occurs in `text`, and picked when its printed
 * text is `text`. Constants are uniqued, so this is the very constant the DIArgList
 * holds. Read only: nothing is created. NULL when not found within a bound (e.g. a
 * constant over an unnamed struct type, which LLVM prints without the module's
 * numbering; such an operand stays spelled as printed). */
static LLVMValueRef arglist_global_constant(IrCtx *c, MdSpan text) {
    LLVMValueRef g = NULL;
    bool quoted = false; /* inside a quoted name (whose quotes are escaped as \22) */
    for (size_t i = 0; i < text.n && !g; i++) {
        if (text.s[i] == '"')
            quoted = !quoted;
        else if (text.s[i] == '@' && !quoted)
            g = arglist_global(c, text.s + i, text.s + text.n);
    }
    if (!g)
        return NULL;
    char *want = mem_alloc(text.n + 1);
    if (!want) {
        ir_fail(c, E_NOMEM);
        return NULL;
    }
    memcpy(want, text.s, text.n);
    want[text.n] = 0;
    ValVec queue = {0};
    Map seen = MAP_INIT;
    LLVMValueRef found = NULL;
    size_t budget = 4096; /* constants printed */
    if (vec_push(&queue, g) != OK)
        ir_fail(c, E_NOMEM);
    for (size_t qi = 0; qi < queue.len && !found && budget && c->st == OK; qi++) {
        for (LLVMUseRef u = LLVMGetFirstUse(queue.v[qi]); u && !found && budget;
             u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            uint64_t key = (uint64_t)(uintptr_t)user, one;
            if (!LLVMIsAConstant(user) || LLVMIsAGlobalValue(user) || map_get(&seen, key, &one))
                continue;
            if (map_put(&seen, key, 1) != OK) {
                ir_fail(c, E_NOMEM);
                break;
            }
            budget--;
            char *s = LLVMPrintValueToString(user);
            if (s && !strcmp(s, want))
                found = user;
            else if (s && strstr(want, s) && vec_push(&queue, user) != OK)
                ir_fail(c, E_NOMEM);
            LLVMDisposeMessage(s);
        }
    }
    vec_release(&queue);
    map_release(&seen);
    mem_free(want);
    return found;
}

/* A DIArgList printed as `!DIArgList(i32 %a, i32 1)`: its id, with local values
 * written as Variable ids, and the Operand id of each value (into vals). Constants are
 * described through arglist_constant. */
static const char *arglist_md(IrCtx *c, MdSpan text, StrVec *vals) {
    FactSink *o = c->out;
    size_t open = 0;
    while (open < text.n && text.s[open] != '(')
        open++;
    size_t close = open + md_match(text.s + open, text.n - open);
    if (open >= text.n || close >= text.n)
        return NULL;
    MdSpanVec args = {0};
    if (md_split(text.s + open + 1, close - open - 1, &args) != OK)
        ir_fail(c, E_NOMEM);
    StrBuf id = SB_INIT;
    sb_adds(&id, "!DIArgList(");
    StrVec amds = {0};
    for (size_t k = 0; k < args.len; k++) {
        MdSpan ty, v;
        const char *opid, *amd;
        LLVMValueRef cv = NULL;
        StrBuf sb = SB_INIT;
        if (split_typed(args.v[k], &ty, &v) && v.n && (v.s[0] == '%' || v.s[0] == '@') &&
            !span_ends(ty, " dso_local_equivalent") && !span_ends(ty, " no_cfi")) {
            if (v.s[0] == '%') {
                sb_adds(&sb, c->fn_id);
                sb_addc(&sb, ':');
            }
            sb_add(&sb, v.s, v.n);
            opid = ir_intern(c, sb.buf, sb.len);
            sb_reset(&sb);
            sb_add(&sb, ty.s, ty.n);
            sb_addc(&sb, ' ');
            sb_adds(&sb, opid);
            amd = ir_intern(c, sb.buf, sb.len);
        } else if (split_typed(args.v[k], &ty, &v) && (cv = arglist_constant(c, ty, v))) {
            opid = amd = value_md_id(c, cv);
            ty = (MdSpan){NULL, 0};
        } else if (memchr(args.v[k].s, '@', args.v[k].n) &&
                   (cv = arglist_global_constant(c, args.v[k]))) {
            opid = amd = value_md_id(c, cv);
            ty = (MdSpan){NULL, 0};
        } else {
            opid = amd = intern_span(c, args.v[k]);
            ty = (MdSpan){NULL, 0};
        }
        if (sb.oom)
            ir_fail(c, E_NOMEM);
        sb_release(&sb);
        bool fresh;
        intern_fresh(c, amd, strlen(amd), &fresh);
        if (fresh && cv) {
            describe_value(c, amd, cv);
        } else if (fresh) {
            emit_metadata(o, amd);
            emit_metadata_class(o, amd, "value");
            emit_metadata_value(o, amd, opid);
            if (ty.s)
                emit_metadata_value_type(o, amd, intern_span(c, ty));
        }
        if (vec_push(vals, opid) != OK || vec_push(&amds, amd) != OK)
            ir_fail(c, E_NOMEM);
        if (k)
            sb_adds(&id, ", ");
        sb_adds(&id, amd);
    }
    sb_addc(&id, ')');
    if (id.oom)
        ir_fail(c, E_NOMEM);
    bool fresh;
    const char *r = intern_fresh(c, id.buf, id.len, &fresh);
    if (fresh) {
        emit_metadata(o, r);
        emit_metadata_class(o, r, "DIArgList");
        emit_di_node(o, r, "DIArgList");
        emit_metadata_noperands(o, r, (int64_t)amds.len);
        for (size_t k = 0; k < amds.len; k++)
            emit_metadata_operand(o, r, (int64_t)k, amds.v[k]);
    }
    sb_release(&id);
    vec_release(&amds);
    vec_release(&args);
    return r;
}

/* Id of the metadata argument `k` of call i, from the API when it can tell, else from
 * the call's text (DIExpression, DIArgList). `line` is the call's printed line. */
static const char *md_arg(IrCtx *c, LLVMValueRef i, unsigned k, const MdSpanVec *args) {
    LLVMValueRef op = LLVMGetOperand(i, k);
    if (!is_mav(op))
        return NULL;
    LLVMMetadataRef md = LLVMValueAsMetadata(op);
    LLVMMetadataKind kind = LLVMGetMetadataKind(md);
    MdSpan text = k < args->len ? args->v[k] : (MdSpan){NULL, 0};
    if (kind == LLVMConstantAsMetadataMetadataKind || kind == LLVMLocalAsMetadataMetadataKind)
        return inline_md(c, text, wrapped_value(op));
    if (kind == LLVMMDStringMetadataKind) {
        unsigned len;
        const char *s = LLVMGetMDString(op, &len);
        StrBuf sb = SB_INIT;
        sb_adds(&sb, "!\"");
        ir_append_escaped(&sb, s ? s : "", s ? len : 0);
        sb_addc(&sb, '"');
        const char *r = inline_md(c, (MdSpan){sb.buf, sb.len}, NULL);
        sb_release(&sb);
        return r;
    }
    if (numbered(kind)) {
        const char *r = md_ref(c, md);
        if (!r && text.s && is_ref(text))
            r = intern_span(c, text);
        return r;
    }
    if (!text.s)
        return NULL;
    if (kind == LLVMDIArgListMetadataKind) {
        StrVec vals = {0};
        const char *r = arglist_md(c, text, &vals);
        vec_release(&vals);
        return r;
    }
    return inline_md(c, text, NULL);
}

const char *ir_meta_value_id(IrCtx *c, LLVMValueRef v) {
    if (!c->meta)
        return "metadata";
    /* find the call that uses v (any one: the metadata is the same) */
    LLVMUseRef u = LLVMGetFirstUse(v);
    LLVMValueRef user = u ? LLVMGetUser(u) : NULL;
    MdSpanVec args = {0};
    unsigned k = 0;
    if (user && LLVMIsAInstruction(user)) {
        int n = LLVMGetNumOperands(user);
        while ((int)k < n && LLVMGetOperand(user, k) != v)
            k++;
        call_args(c, ir_text_insn_line(c, user), &args);
    }
    const char *r = user ? md_arg(c, user, k, &args) : NULL;
    vec_release(&args);
    if (!r) {
        LLVMMetadataRef md = LLVMValueAsMetadata(v);
        r = md_ref(c, md);
    }
    return r ? r : "metadata";
}

void ir_meta_emit_dbg_record(IrCtx *c, LLVMValueRef call, const char *block_id,
                             const char *next_id, int64_t ord) {
    if (!c->meta)
        return;
    FactSink *o = c->out;
    size_t len;
    const char *fname = LLVMGetValueName2(LLVMGetCalledValue(call), &len);
    const char *kind = len > 9 ? fname + 9 : "value"; /* after "llvm.dbg." */
    StrBuf sb = SB_INIT;
    sb_adds(&sb, next_id ? next_id : block_id);
    if (!next_id)
        sb_adds(&sb, ":end");
    sb_addf(&sb, ":dbg%lld", (long long)ord);
    if (sb.oom)
        ir_fail(c, E_NOMEM);
    const char *rec = ir_intern(c, sb.buf, sb.len);
    sb_release(&sb);
    emit_debug_record(o, rec);
    emit_debug_record_kind(o, rec, kind);
    emit_debug_record_block(o, rec, block_id);
    if (next_id)
        emit_debug_record_instruction(o, rec, next_id);
    emit_debug_record_index(o, rec, ord);

    MdSpanVec args = {0};
    call_args(c, ir_text_insn_line(c, call), &args);
    const char *s;
    if (strcmp(kind, "label") == 0) {
        if ((s = md_arg(c, call, 0, &args)))
            emit_debug_record_label(o, rec, s);
    } else {
        LLVMValueRef op0 = LLVMGetOperand(call, 0);
        LLVMMetadataKind k0 = is_mav(op0) ? LLVMGetMetadataKind(LLVMValueAsMetadata(op0))
                                          : LLVMMDStringMetadataKind;
        if (k0 == LLVMDIArgListMetadataKind && args.len > 0) {
            StrVec vals = {0};
            const char *al = arglist_md(c, args.v[0], &vals);
            if (al)
                emit_debug_record_location(o, rec, al);
            for (size_t k = 0; k < vals.len; k++)
                emit_debug_record_location_operand(o, rec, (int64_t)k, vals.v[k]);
            vec_release(&vals);
        } else if ((s = md_arg(c, call, 0, &args))) {
            emit_debug_record_location(o, rec, s);
            LLVMValueRef v = wrapped_value(op0);
            if (v)
                emit_debug_record_location_operand(o, rec, 0, ir_value_id(c, v));
        }
        if ((s = md_arg(c, call, 1, &args)))
            emit_debug_record_variable(o, rec, s);
        if ((s = md_arg(c, call, 2, &args)))
            emit_debug_record_expression(o, rec, s);
        if (strcmp(kind, "assign") == 0) {
            if ((s = md_arg(c, call, 3, &args)))
                emit_debug_record_assign_id(o, rec, s);
            LLVMValueRef a = is_mav(LLVMGetOperand(call, 4)) ? LLVMGetOperand(call, 4) : NULL;
            LLVMValueRef av = a ? wrapped_value(a) : NULL;
            md_arg(c, call, 4, &args);
            if (av)
                emit_debug_record_address(o, rec, ir_value_id(c, av));
            if ((s = md_arg(c, call, 5, &args)))
                emit_debug_record_address_expression(o, rec, s);
        }
    }
    vec_release(&args);
    const char *loc = md_ref(c, LLVMInstructionGetDebugLoc(call));
    if (loc)
        emit_debug_record_debug_location(o, rec, loc);
}
