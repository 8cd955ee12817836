/*
 * ir_global.c — global values (global variables, functions' properties, aliases,
 * ifuncs), comdats and attributes. Relations: src/facts/rel/global.def; the
 * documentation of what is emitted and why: docs/globals.md.
 *
 * Owns:
 *  - the calling-convention name table (ir_callconv_name), as llvm-dis 19 spells them;
 *  - the attribute name table: kind number -> name, built once per process from the
 *    names of LLVM 19's Attributes.td with LLVMGetEnumAttributeKindForName (the C API
 *    has no kind -> name getter), checked against LLVMGetLastEnumAttributeKind;
 *  - attribute ids (ir_attr_id, ir_attr_id_at): the attribute's text as llvm-dis
 *    writes it outside attribute groups, and the attribute's relations, emitted the
 *    first time an attribute is seen;
 *  - the parsing of the printed definition line of a global value
 *    (ir_text_global_line) for what the C API cannot reach: dso_local, partition,
 *    comdat names, code_model, sanitizer flags, an alias's thread_local mode, and the
 *    values of range(...) / initializes(...) attributes. When no text is available
 *    these facts are left out (never guessed);
 *  - after the function bodies (ir_global_emit_late): the attributes of global
 *    variables, read from their `attributes #N` group lines by LLVM's parser (a call
 *    site of a throwaway module in the same context carries the group), and the
 *    comdats of the `$name = comdat <kind>` lines, each once (the key comdat_done_key
 *    in c->value_ids marks an emitted comdat id).
 *
 * Invariants: nothing here inserts into or changes the module (LLVMGetOrInsertComdat
 * is never called: comdat names come from the text). Attribute values are only read
 * for kinds that the table knows to be integer attributes (LLVMGetEnumAttributeValue
 * is invalid on range attributes). The debug-record intrinsics (ir_is_dbg_function)
 * are skipped everywhere. Per-walk caches live in c->value_ids, keyed by the
 * LLVMAttributeRef / LLVMComdatRef pointer (distinct objects from values, so the keys
 * never collide): attribute -> id Sym, comdat -> id Sym.
 */
#include <llvm-c/Comdat.h>
#include <llvm-c/IRReader.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ir_int.h"

/* ---------------------------------------------------------------- calling conventions */

/* Named calling conventions, as llvm-dis 19 prints them (AsmWriter's PrintCallingConv,
 * checked by round-tripping `cc N` through llvm-as-19/llvm-dis-19 for N = 0..115). */
static const struct {
    unsigned cc;
    const char *name;
} callconvs[] = {
    {0, "ccc"},
    {8, "fastcc"},
    {9, "coldcc"},
    {10, "ghccc"},
    {13, "anyregcc"},
    {14, "preserve_mostcc"},
    {15, "preserve_allcc"},
    {16, "swiftcc"},
    {17, "cxx_fast_tlscc"},
    {18, "tailcc"},
    {19, "cfguard_checkcc"},
    {20, "swifttailcc"},
    {21, "preserve_nonecc"},
    {64, "x86_stdcallcc"},
    {65, "x86_fastcallcc"},
    {66, "arm_apcscc"},
    {67, "arm_aapcscc"},
    {68, "arm_aapcs_vfpcc"},
    {69, "msp430_intrcc"},
    {70, "x86_thiscallcc"},
    {71, "ptx_kernel"},
    {72, "ptx_device"},
    {75, "spir_func"},
    {76, "spir_kernel"},
    {77, "intel_ocl_bicc"},
    {78, "x86_64_sysvcc"},
    {79, "win64cc"},
    {80, "x86_vectorcallcc"},
    {81, "hhvmcc"},
    {82, "hhvm_ccc"},
    {83, "x86_intrcc"},
    {84, "avr_intrcc"},
    {85, "avr_signalcc"},
    {87, "amdgpu_vs"},
    {88, "amdgpu_gs"},
    {89, "amdgpu_ps"},
    {90, "amdgpu_cs"},
    {91, "amdgpu_kernel"},
    {92, "x86_regcallcc"},
    {93, "amdgpu_hs"},
    {95, "amdgpu_ls"},
    {96, "amdgpu_es"},
    {97, "aarch64_vector_pcs"},
    {98, "aarch64_sve_vector_pcs"},
    {100, "amdgpu_gfx"},
    {102, "aarch64_sme_preservemost_from_x0"},
    {103, "aarch64_sme_preservemost_from_x2"},
    {104, "amdgpu_cs_chain"},
    {105, "amdgpu_cs_chain_preserve"},
    {106, "m68k_rtdcc"},
    {107, "graalcc"},
    {110, "riscv_vector_cc"},
    {111, "aarch64_sme_preservemost_from_x1"},
};

#define CC_MAX 1023 /* CallingConv::MaxID */
static char cc_numbered[CC_MAX + 1][8]; /* "cc<N>" for N without a name */
static pthread_once_t cc_once = PTHREAD_ONCE_INIT;

static void cc_init(void) {
    for (unsigned i = 0; i <= CC_MAX; i++)
        snprintf(cc_numbered[i], sizeof cc_numbered[i], "cc%u", i);
}

const char *ir_callconv_name(unsigned cc) {
    for (size_t i = 0; i < ARRAY_LEN(callconvs); i++)
        if (callconvs[i].cc == cc)
            return callconvs[i].name;
    if (cc > CC_MAX)
        return "cc_invalid";
    pthread_once(&cc_once, cc_init);
    return cc_numbered[cc];
}

/* ---------------------------------------------------------------- attribute names */

typedef enum AttrClass {
    A_NONE,  /* no name known: attr<kind> */
    A_ENUM,  /* no value */
    A_INT,   /* integer value (LLVMGetEnumAttributeValue) */
    A_TYPE,  /* type value */
    A_RANGE, /* ConstantRange / ConstantRangeList value: only in the text */
} AttrClass;

/* Every enum/int/type/constant-range attribute of LLVM 19 (llvm/IR/Attributes.td:
 * the EnumAttr, IntAttr, TypeAttr, ConstantRangeAttr and ConstantRangeListAttr
 * definitions). Names that the running LLVM does not know (older versions) map to
 * kind 0 and are ignored; kinds that no name maps to (newer versions) are reported. */
static const struct {
    const char *name;
    AttrClass cls;
} attr_table[] = {
    {"align", A_INT},
    {"alignstack", A_INT},
    {"allocalign", A_ENUM},
    {"allockind", A_INT},
    {"allocptr", A_ENUM},
    {"allocsize", A_INT},
    {"alwaysinline", A_ENUM},
    {"builtin", A_ENUM},
    {"byref", A_TYPE},
    {"byval", A_TYPE},
    {"cold", A_ENUM},
    {"convergent", A_ENUM},
    {"coro_only_destroy_when_complete", A_ENUM},
    {"dead_on_unwind", A_ENUM},
    {"dereferenceable", A_INT},
    {"dereferenceable_or_null", A_INT},
    {"disable_sanitizer_instrumentation", A_ENUM},
    {"elementtype", A_TYPE},
    {"fn_ret_thunk_extern", A_ENUM},
    {"hot", A_ENUM},
    {"hybrid_patchable", A_ENUM},
    {"immarg", A_ENUM},
    {"inalloca", A_TYPE},
    {"initializes", A_RANGE},
    {"inlinehint", A_ENUM},
    {"inreg", A_ENUM},
    {"jumptable", A_ENUM},
    {"memory", A_INT},
    {"minsize", A_ENUM},
    {"mustprogress", A_ENUM},
    {"naked", A_ENUM},
    {"nest", A_ENUM},
    {"noalias", A_ENUM},
    {"nobuiltin", A_ENUM},
    {"nocallback", A_ENUM},
    {"nocapture", A_ENUM},
    {"nocf_check", A_ENUM},
    {"noduplicate", A_ENUM},
    {"nofpclass", A_INT},
    {"nofree", A_ENUM},
    {"noimplicitfloat", A_ENUM},
    {"noinline", A_ENUM},
    {"nomerge", A_ENUM},
    {"nonlazybind", A_ENUM},
    {"nonnull", A_ENUM},
    {"noprofile", A_ENUM},
    {"norecurse", A_ENUM},
    {"noredzone", A_ENUM},
    {"noreturn", A_ENUM},
    {"nosanitize_bounds", A_ENUM},
    {"nosanitize_coverage", A_ENUM},
    {"nosync", A_ENUM},
    {"noundef", A_ENUM},
    {"nounwind", A_ENUM},
    {"null_pointer_is_valid", A_ENUM},
    {"optdebug", A_ENUM},
    {"optforfuzzing", A_ENUM},
    {"optnone", A_ENUM},
    {"optsize", A_ENUM},
    {"preallocated", A_TYPE},
    {"presplitcoroutine", A_ENUM},
    {"range", A_RANGE},
    {"readnone", A_ENUM},
    {"readonly", A_ENUM},
    {"returned", A_ENUM},
    {"returns_twice", A_ENUM},
    {"safestack", A_ENUM},
    {"sanitize_address", A_ENUM},
    {"sanitize_hwaddress", A_ENUM},
    {"sanitize_memory", A_ENUM},
    {"sanitize_memtag", A_ENUM},
    {"sanitize_numerical_stability", A_ENUM},
    {"sanitize_thread", A_ENUM},
    {"shadowcallstack", A_ENUM},
    {"signext", A_ENUM},
    {"skipprofile", A_ENUM},
    {"speculatable", A_ENUM},
    {"speculative_load_hardening", A_ENUM},
    {"sret", A_TYPE},
    {"ssp", A_ENUM},
    {"sspreq", A_ENUM},
    {"sspstrong", A_ENUM},
    {"strictfp", A_ENUM},
    {"swiftasync", A_ENUM},
    {"swifterror", A_ENUM},
    {"swiftself", A_ENUM},
    {"uwtable", A_INT},
    {"vscale_range", A_INT},
    {"willreturn", A_ENUM},
    {"writable", A_ENUM},
    {"writeonly", A_ENUM},
    {"zeroext", A_ENUM},
};

#define ATTR_KINDS_MAX 512
static struct {
    const char *name;
    AttrClass cls;
} attr_by_kind[ATTR_KINDS_MAX];
static unsigned attr_last_kind;
static pthread_once_t attr_once = PTHREAD_ONCE_INIT;

static void attr_init(void) {
    attr_last_kind = LLVMGetLastEnumAttributeKind();
    for (size_t i = 0; i < ARRAY_LEN(attr_table); i++) {
        unsigned k = LLVMGetEnumAttributeKindForName(attr_table[i].name,
                                                     strlen(attr_table[i].name));
        if (k > 0 && k < ATTR_KINDS_MAX) {
            attr_by_kind[k].name = attr_table[i].name;
            attr_by_kind[k].cls = attr_table[i].cls;
        }
    }
}

static AttrClass attr_class(unsigned kind, const char **name) {
    pthread_once(&attr_once, attr_init);
    if (kind < ATTR_KINDS_MAX && attr_by_kind[kind].name) {
        *name = attr_by_kind[kind].name;
        return attr_by_kind[kind].cls;
    }
    *name = NULL;
    return A_NONE;
}

/* Warns once per walk about attribute kinds of this LLVM that irlog has no name for. */
static void attr_check_table(IrCtx *c) {
    pthread_once(&attr_once, attr_init);
    for (unsigned k = 1; k < attr_last_kind; k++) /* the last kind is EndAttrKinds */
        if (k >= ATTR_KINDS_MAX || !attr_by_kind[k].name)
            diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                      "attribute kind %u of LLVM %s has no name in irlog's table; it is "
                      "written as attr%u",
                      k, ir_llvm_version(), k);
}

/* ---------------------------------------------------------------- the printed text */

/* A span of a printed line. */
typedef struct Tok {
    const char *s;
    size_t n;
} Tok;

static bool tok_is(Tok t, const char *kw) {
    size_t n = strlen(kw);
    return t.n == n && memcmp(t.s, kw, n) == 0;
}

static bool tok_starts(Tok t, const char *kw) {
    size_t n = strlen(kw);
    return t.n >= n && memcmp(t.s, kw, n) == 0;
}

/* End of the line that starts at s (its newline or NUL). */
static const char *line_end(const char *s) {
    const char *e = s;
    while (*e && *e != '\n')
        e++;
    return e;
}

/* The next token of [p, end): a maximal run of characters without a space or comma
 * at nesting depth 0 ((), [], {}, <>) outside double quotes; a comma at depth 0 is a
 * token of its own. Returns the position after the token, or NULL at the end. */
static const char *tok_next(const char *p, const char *end, Tok *t) {
    while (p < end && *p == ' ')
        p++;
    if (p >= end)
        return NULL;
    t->s = p;
    if (*p == ',') {
        t->n = 1;
        return p + 1;
    }
    int depth = 0;
    bool quoted = false;
    for (; p < end; p++) {
        char ch = *p;
        if (quoted) {
            if (ch == '"')
                quoted = false;
            continue;
        }
        if (ch == '"')
            quoted = true;
        else if (ch == '(' || ch == '[' || ch == '{' || ch == '<')
            depth++;
        else if (ch == ')' || ch == ']' || ch == '}' || ch == '>')
            depth -= depth > 0;
        else if (depth == 0 && (ch == ' ' || ch == ','))
            break;
    }
    t->n = (size_t)(p - t->s);
    return p;
}

/* Position of the first '(' of token t outside quotes, or NULL. */
static const char *tok_paren(Tok t) {
    bool quoted = false;
    for (size_t i = 0; i < t.n; i++) {
        if (t.s[i] == '"')
            quoted = !quoted;
        else if (!quoted && t.s[i] == '(')
            return t.s + i;
    }
    return NULL;
}

/* Appends the unescaped contents of a quoted token ("...") to sb (NUL bytes kept); false
 * if t is not one. */
static bool tok_unquote(IrCtx *c, Tok t, StrBuf *sb) {
    if (t.n < 2 || t.s[0] != '"' || t.s[t.n - 1] != '"')
        return false;
    ir_append_unescaped(sb, t.s + 1, t.n - 2);
    if (sb->oom)
        ir_fail(c, E_NOMEM);
    return true;
}

/* Interns the unescaped contents of a quoted token; NULL if t is not one. */
static const char *tok_string(IrCtx *c, Tok t) {
    StrBuf sb = SB_INIT;
    const char *r = tok_unquote(c, t, &sb) && !sb.oom ? ir_intern(c, sb.buf, sb.len) : NULL;
    sb_release(&sb);
    return r;
}

/* Emits r(id, the unescaped contents of the quoted token t), NUL bytes kept (the C
 * API's getters of sections and partitions stop at the first); false if t is not a
 * quoted token. */
static bool emit_tok_string(IrCtx *c, IrRel r, const char *id, Tok t) {
    StrBuf sb = SB_INIT;
    bool quoted = tok_unquote(c, t, &sb);
    if (quoted && !sb.oom)
        ir_emit_id_str(c, r, id, sb.buf, sb.len);
    sb_release(&sb);
    return quoted;
}

/* What the printed line of a global value says beyond the C API. */
typedef struct GlobalText {
    bool dso_local;
    bool thread_local;  /* with mode tl_mode (generaldynamic when no parens) */
    Tok tl_mode;
    Tok section;        /* quoted token, n = 0 when absent */
    Tok partition;      /* quoted token, n = 0 when absent */
    Tok code_model;     /* quoted token */
    bool comdat;        /* `comdat` present */
    Tok comdat_name;    /* the $name inside comdat(...), n = 0 when absent */
    unsigned sanitizer; /* bits: SAN_* */
    Tok align;          /* the N of `align N`, n = 0 when absent */
} GlobalText;

enum { SAN_NO_ADDRESS = 1, SAN_NO_HWADDRESS = 2, SAN_MEMTAG = 4, SAN_DYNINIT = 8 };

static const char *const san_names[] = {"no_sanitize_address", "no_sanitize_hwaddress",
                                        "sanitize_memtag", "sanitize_address_dyninit"};

static void text_flag(GlobalText *gt, Tok t) {
    if (tok_is(t, "dso_local")) {
        gt->dso_local = true;
    } else if (tok_starts(t, "thread_local")) {
        gt->thread_local = true;
        if (t.n > 14 && t.s[12] == '(' && t.s[t.n - 1] == ')')
            gt->tl_mode = (Tok){t.s + 13, t.n - 14};
    }
}

static void text_comdat(GlobalText *gt, Tok t) {
    gt->comdat = true;
    if (t.n > 8 && t.s[6] == '(' && t.s[t.n - 1] == ')')
        gt->comdat_name = (Tok){t.s + 7, t.n - 8};
}

/* Parses the line of a global variable, alias or ifunc:
 *   @g = [linkage] [dso_local] ... (global|constant|alias|ifunc) <type> <value>
 *        {, section "s" | , partition "p" | , code_model "m" | , <sanitizer flag>
 *         | , comdat[($c)] | , align N | , !kind !N} [#N]
 * Fields follow top-level commas; the initializer/aliasee never has one. */
static void parse_global_line(const char *line, GlobalText *gt) {
    memset(gt, 0, sizeof *gt);
    if (!line)
        return;
    const char *end = line_end(line), *p = line;
    Tok t;
    bool body = false, field = false;
    int ntok = 0;
    while ((p = tok_next(p, end, &t))) {
        ntok++;
        if (!body) {
            if (ntok > 2 && (tok_is(t, "global") || tok_is(t, "constant") ||
                             tok_is(t, "alias") || tok_is(t, "ifunc")))
                body = true;
            else
                text_flag(gt, t);
            continue;
        }
        if (tok_is(t, ",")) {
            field = true;
            continue;
        }
        if (!field)
            continue;
        field = false;
        if (tok_is(t, "section")) {
            if ((p = tok_next(p, end, &t)))
                gt->section = t;
        } else if (tok_is(t, "partition")) {
            if ((p = tok_next(p, end, &t)))
                gt->partition = t;
        } else if (tok_is(t, "code_model")) {
            if ((p = tok_next(p, end, &t)))
                gt->code_model = t;
        } else if (tok_is(t, "align")) {
            if ((p = tok_next(p, end, &t)))
                gt->align = t;
        } else if (tok_starts(t, "comdat")) {
            text_comdat(gt, t);
        } else {
            for (unsigned k = 0; k < ARRAY_LEN(san_names); k++)
                if (tok_is(t, san_names[k]))
                    gt->sanitizer |= 1u << k;
        }
        if (!p)
            break;
    }
}

/* The token `@name(params...)` of a function header or call line (the callee and its
 * arguments); the tokens before it in *pre. */
static bool find_callee(const char *line, const char *end, Tok *pre, Tok *callee) {
    const char *p = line, *q;
    Tok t, first = {0};
    int ntok = 0;
    pre->s = NULL;
    while ((q = tok_next(p, end, &t))) {
        ntok++;
        if (ntok == 1)
            first = t;
        /* a call's result: `%r = call ...` */
        if (ntok == 2 && tok_is(t, "=") && (first.s[0] == '%' || first.s[0] == '@')) {
            pre->s = NULL;
            p = q;
            continue;
        }
        if (!pre->s)
            pre->s = t.s;
        if ((t.s[0] == '@' || t.s[0] == '%' || t.s[0] == '"') && tok_paren(t) &&
            t.s[t.n - 1] == ')') {
            pre->n = (size_t)(t.s - pre->s);
            *callee = t;
            return true;
        }
        p = q;
    }
    return false;
}

/* Finds the token `kw(...)` among the attributes of slot `idx` (LLVM's AttributeList
 * index: 0 return, i+1 parameter i) of a function header or call line. */
static bool slot_attr(const char *line, unsigned idx, const char *kw, Tok *out) {
    if (!line || idx == (unsigned)LLVMAttributeFunctionIndex)
        return false;
    const char *end = line_end(line);
    Tok pre, callee;
    if (!find_callee(line, end, &pre, &callee))
        return false;
    const char *s, *e;
    if (idx == 0) {
        s = pre.s;
        e = pre.s + pre.n;
    } else {
        /* the idx-th argument: split the parenthesised list at depth-1 commas */
        const char *open = tok_paren(callee), *cend = callee.s + callee.n - 1;
        int depth = 0;
        bool quoted = false;
        unsigned arg = 1;
        s = open + 1;
        e = NULL;
        for (const char *p = open + 1; p <= cend; p++) {
            char ch = *p;
            if (quoted) {
                quoted = ch != '"';
                continue;
            }
            if (ch == '"') {
                quoted = true;
            } else if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
                depth++;
            } else if ((ch == ')' || ch == ']' || ch == '}' || ch == '>') && depth > 0) {
                depth--;
            } else if (depth == 0 && (ch == ',' || p == cend)) {
                if (arg == idx) {
                    e = p;
                    break;
                }
                arg++;
                s = p + 1;
            }
        }
        if (!e)
            return false;
    }
    size_t kn = strlen(kw);
    Tok t;
    for (const char *p = s; (p = tok_next(p, e, &t));)
        if (t.n > kn + 1 && memcmp(t.s, kw, kn) == 0 && t.s[kn] == '(' && t.s[t.n - 1] == ')') {
            *out = t;
            return true;
        }
    return false;
}

/* ---------------------------------------------------------------- attributes */

static const char *const modref_names[] = {"none", "read", "write", "readwrite"};
static const char *const memloc_names[] = {"argmem", "inaccessiblemem", "other"};
static const char *const allockind_names[] = {"alloc",         "realloc", "free",
                                              "uninitialized", "zeroed",  "aligned"};
/* nofpclass spellings in printing order (llvm::operator<<(raw_ostream&, FPClassTest)). */
static const struct {
    unsigned mask;
    const char *name;
} fpclass_names[] = {
    {0x3ff, "all"},  {0x003, "nan"},  {0x001, "snan"}, {0x002, "qnan"},  {0x204, "inf"},
    {0x004, "ninf"}, {0x200, "pinf"}, {0x060, "zero"}, {0x020, "nzero"}, {0x040, "pzero"},
    {0x090, "sub"},  {0x010, "nsub"}, {0x080, "psub"}, {0x108, "norm"},  {0x008, "nnorm"},
    {0x100, "pnorm"},
};
/* The single classes, for attribute_nofpclass rows (bit order). */
static const char *const fpclass_bits[] = {"snan", "qnan",  "ninf", "nnorm", "nsub",
                                           "nzero", "pzero", "psub", "pnorm", "pinf"};

/* Appends the llvm-dis text of integer attribute `name` with raw value v. */
static void int_attr_text(StrBuf *sb, const char *name, uint64_t v) {
    if (!strcmp(name, "align")) {
        sb_addf(sb, "align %llu", (unsigned long long)v);
    } else if (!strcmp(name, "allocsize")) {
        unsigned elem = (unsigned)(v >> 32), num = (unsigned)(v & 0xffffffffu);
        if (num == 0xffffffffu)
            sb_addf(sb, "allocsize(%u)", elem);
        else
            sb_addf(sb, "allocsize(%u,%u)", elem, num);
    } else if (!strcmp(name, "vscale_range")) {
        sb_addf(sb, "vscale_range(%u,%u)", (unsigned)(v >> 32), (unsigned)(v & 0xffffffffu));
    } else if (!strcmp(name, "uwtable")) {
        sb_adds(sb, v == 1 ? "uwtable(sync)" : "uwtable");
    } else if (!strcmp(name, "allockind")) {
        sb_adds(sb, "allockind(\"");
        bool first = true;
        for (unsigned k = 0; k < ARRAY_LEN(allockind_names); k++)
            if (v & (1u << k)) {
                if (!first)
                    sb_addc(sb, ',');
                first = false;
                sb_adds(sb, allockind_names[k]);
            }
        sb_adds(sb, "\")");
    } else if (!strcmp(name, "memory")) {
        /* MemoryEffects: 2 bits (ModRefInfo) per location, argmem at bit 0. The
         * access to "other" is printed first as the default, then each location that
         * differs from it. */
        unsigned other = (unsigned)(v >> 4) & 3, all = 0;
        for (unsigned l = 0; l < 3; l++)
            all |= (unsigned)(v >> (2 * l)) & 3;
        sb_adds(sb, "memory(");
        bool first = true;
        if (other != 0 || all == other) {
            sb_adds(sb, modref_names[other]);
            first = false;
        }
        for (unsigned l = 0; l < 2; l++) {
            unsigned mr = (unsigned)(v >> (2 * l)) & 3;
            if (mr == other)
                continue;
            if (!first)
                sb_adds(sb, ", ");
            first = false;
            sb_addf(sb, "%s: %s", memloc_names[l], modref_names[mr]);
        }
        sb_addc(sb, ')');
    } else if (!strcmp(name, "nofpclass")) {
        sb_adds(sb, "nofpclass(");
        uint64_t mask = v;
        if (mask == 0)
            sb_adds(sb, "none");
        bool first = true;
        for (size_t k = 0; k < ARRAY_LEN(fpclass_names); k++)
            if ((mask & fpclass_names[k].mask) == fpclass_names[k].mask) {
                if (!first)
                    sb_addc(sb, ' ');
                first = false;
                sb_adds(sb, fpclass_names[k].name);
                mask &= ~(uint64_t)fpclass_names[k].mask;
            }
        sb_addc(sb, ')');
    } else { /* alignstack, dereferenceable, dereferenceable_or_null */
        sb_addf(sb, "%s(%llu)", name, (unsigned long long)v);
    }
}

/* Parses a signed decimal integer at *p; false when absent or out of int64 range. */
static bool parse_i64(const char **p, const char *end, int64_t *out) {
    const char *s = *p;
    bool neg = false;
    if (s < end && *s == '-') {
        neg = true;
        s++;
    }
    if (s >= end || *s < '0' || *s > '9')
        return false;
    uint64_t v = 0;
    for (; s < end && *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX)
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    *p = s;
    return true;
}

/* Parses a signed decimal integer of any length at *p (`-`? digits, no leading zero
 * unless it is 0, as LLVM prints an APInt); its text into *s, *n. */
static bool parse_dec(const char **p, const char *end, const char **s, size_t *n) {
    const char *q = *p;
    if (q < end && *q == '-')
        q++;
    const char *digits = q;
    while (q < end && *q >= '0' && *q <= '9')
        q++;
    if (q == digits || (*digits == '0' && q - digits > 1))
        return false;
    *s = *p;
    *n = (size_t)(q - *p);
    *p = q;
    return true;
}

static bool skip_lit(const char **p, const char *end, const char *lit) {
    size_t n = strlen(lit);
    if ((size_t)(end - *p) < n || memcmp(*p, lit, n) != 0)
        return false;
    *p += n;
    return true;
}

/* Emits the decoded value of `range(iW L, U)` or `initializes((L, U), ...)`. */
static void emit_range_text(IrCtx *c, const char *id, const char *name, Tok t) {
    const char *p = t.s + strlen(name) + 1, *end = t.s + t.n - 1;
    int64_t w, lo, hi;
    if (!strcmp(name, "range")) {
        const char *ls, *hs;
        size_t ln, hn;
        if (skip_lit(&p, end, "i") && parse_i64(&p, end, &w) && skip_lit(&p, end, " ") &&
            parse_dec(&p, end, &ls, &ln) && skip_lit(&p, end, ", ") &&
            parse_dec(&p, end, &hs, &hn) && p == end)
            emit_attribute_range(c->out, id, w, ir_intern(c, ls, ln), ir_intern(c, hs, hn));
        return;
    }
    for (int64_t i = 0; p < end; i++) {
        if (i > 0 && !skip_lit(&p, end, ", "))
            return;
        if (!(skip_lit(&p, end, "(") && parse_i64(&p, end, &lo) && skip_lit(&p, end, ", ") &&
              parse_i64(&p, end, &hi) && skip_lit(&p, end, ")")))
            return;
        emit_attribute_initializes(c->out, id, i, lo, hi);
    }
}

/* Emits the relations of attribute `id` (first sighting). */
static void emit_attr_facts(IrCtx *c, LLVMAttributeRef a, const char *id, const char *name,
                            AttrClass cls, Tok range_text) {
    FactSink *o = c->out;
    emit_attribute(o, id);
    if (LLVMIsStringAttribute(a)) {
        unsigned kl = 0, vl = 0;
        const char *k = LLVMGetStringAttributeKind(a, &kl);
        const char *v = LLVMGetStringAttributeValue(a, &vl);
        /* key and value may hold NUL bytes: written with their lengths */
        ir_emit_id_str(c, REL_attribute_kind, id, k, kl);
        emit_string_attribute(o, id);
        if (vl)
            ir_emit_id_str(c, REL_attribute_string_value, id, v, vl);
        return;
    }
    emit_attribute_kind(o, id, name);
    if (LLVMIsTypeAttribute(a)) {
        emit_type_attribute(o, id);
        emit_attribute_type_value(o, id, ir_type_id(c, LLVMGetTypeAttributeValue(a)));
        return;
    }
    switch (cls) {
    case A_ENUM: emit_enum_attribute(o, id); break;
    case A_RANGE:
        emit_constant_range_attribute(o, id);
        if (range_text.n)
            emit_range_text(c, id, name, range_text);
        break;
    case A_INT: {
        uint64_t v = LLVMGetEnumAttributeValue(a);
        emit_int_attribute(o, id);
        emit_attribute_int_value(o, id, v);
        if (!strcmp(name, "memory")) {
            for (unsigned l = 0; l < 3; l++)
                emit_attribute_memory_effect(o, id, memloc_names[l],
                                             modref_names[(v >> (2 * l)) & 3]);
        } else if (!strcmp(name, "allocsize")) {
            emit_attribute_allocsize_elem_size(o, id, (int64_t)(v >> 32));
            if ((v & 0xffffffffu) != 0xffffffffu)
                emit_attribute_allocsize_num_elems(o, id, (int64_t)(v & 0xffffffffu));
        } else if (!strcmp(name, "vscale_range")) {
            emit_attribute_vscale_range(o, id, (int64_t)(v >> 32), (int64_t)(v & 0xffffffffu));
        } else if (!strcmp(name, "allockind")) {
            for (unsigned k = 0; k < ARRAY_LEN(allockind_names); k++)
                if (v & (1u << k))
                    emit_attribute_alloc_kind(o, id, allockind_names[k]);
        } else if (!strcmp(name, "nofpclass")) {
            for (unsigned k = 0; k < ARRAY_LEN(fpclass_bits); k++)
                if (v & (1u << k))
                    emit_attribute_nofpclass(o, id, fpclass_bits[k]);
        }
        break;
    }
    case A_TYPE: /* a type attribute the C API does not see as one: no value */
    case A_NONE: break;
    }
}

const char *ir_attr_id_at(IrCtx *c, LLVMAttributeRef a, const char *line, unsigned index) {
    uint64_t key = (uint64_t)(uintptr_t)a, v;
    if (map_get(&c->value_ids, key, &v))
        return intern_str(&c->ids, (Sym)v);
    StrBuf sb = SB_INIT;
    const char *name = NULL;
    AttrClass cls = A_NONE;
    Tok range_text = {0};
    bool cache = true;
    if (LLVMIsStringAttribute(a)) {
        unsigned kl = 0, vl = 0;
        const char *k = LLVMGetStringAttributeKind(a, &kl);
        const char *val = LLVMGetStringAttributeValue(a, &vl);
        sb_addc(&sb, '"');
        sb_add(&sb, k, kl);
        sb_addc(&sb, '"');
        if (vl) {
            static const char hex[] = "0123456789ABCDEF";
            sb_adds(&sb, "=\"");
            for (unsigned i = 0; i < vl; i++) {
                unsigned char ch = (unsigned char)val[i];
                if (ch == '\\') {
                    sb_adds(&sb, "\\\\");
                } else if (ch >= 0x20 && ch < 0x7f && ch != '"') {
                    sb_addc(&sb, (char)ch);
                } else {
                    sb_addc(&sb, '\\');
                    sb_addc(&sb, hex[ch >> 4]);
                    sb_addc(&sb, hex[ch & 15]);
                }
            }
            sb_addc(&sb, '"');
        }
    } else {
        unsigned kind = LLVMGetEnumAttributeKind(a);
        cls = attr_class(kind, &name);
        if (!name) {
            sb_addf(&sb, "attr%u", kind);
            name = ir_intern(c, sb.buf, sb.len);
        } else if (LLVMIsTypeAttribute(a)) {
            sb_adds(&sb, name);
            sb_addc(&sb, '(');
            sb_adds(&sb, ir_type_id(c, LLVMGetTypeAttributeValue(a)));
            sb_addc(&sb, ')');
        } else if (cls == A_INT) {
            int_attr_text(&sb, name, LLVMGetEnumAttributeValue(a));
        } else if (cls == A_RANGE) {
            if (slot_attr(line, index, name, &range_text))
                sb_add(&sb, range_text.s, range_text.n);
            else {
                sb_adds(&sb, name); /* value unknown without the text: not cached */
                cache = false;
            }
        } else {
            sb_adds(&sb, name);
        }
    }
    Sym sym = 0;
    Status st = sb.oom ? E_NOMEM : intern_get(&c->ids, sb.buf, sb.len, &sym);
    sb_release(&sb);
    if (st == OK && cache)
        st = map_put(&c->value_ids, key, sym);
    if (st != OK) {
        ir_fail(c, st);
        return "unknown";
    }
    const char *id = intern_str(&c->ids, sym);
    /* The uncached form (range or initializes without its text) is emitted once, under
     * a key that no object address can be (odd). */
    if (!cache) {
        uint64_t ukey = strcmp(name, "range") ? 3 : 1;
        if (map_get(&c->value_ids, ukey, &v))
            return id;
        if ((st = map_put(&c->value_ids, ukey, sym)) != OK)
            ir_fail(c, st);
    }
    emit_attr_facts(c, a, id, name, cls, range_text);
    return id;
}

const char *ir_attr_id(IrCtx *c, LLVMAttributeRef a) {
    return ir_attr_id_at(c, a, NULL, 0);
}

/* ---------------------------------------------------------------- global values */

static const char *linkage_name(LLVMLinkage l) {
    switch (l) {
    case LLVMExternalLinkage: return "external";
    case LLVMAvailableExternallyLinkage: return "available_externally";
    case LLVMLinkOnceAnyLinkage: return "linkonce";
    case LLVMLinkOnceODRLinkage: return "linkonce_odr";
    case LLVMWeakAnyLinkage: return "weak";
    case LLVMWeakODRLinkage: return "weak_odr";
    case LLVMAppendingLinkage: return "appending";
    case LLVMInternalLinkage: return "internal";
    case LLVMPrivateLinkage: return "private";
    case LLVMExternalWeakLinkage: return "extern_weak";
    case LLVMCommonLinkage: return "common";
    default: return "unknown";
    }
}

static const char *thread_local_name(LLVMThreadLocalMode m) {
    switch (m) {
    case LLVMGeneralDynamicTLSModel: return "generaldynamic";
    case LLVMLocalDynamicTLSModel: return "localdynamic";
    case LLVMInitialExecTLSModel: return "initialexec";
    case LLVMLocalExecTLSModel: return "localexec";
    default: return NULL;
    }
}

static const char *comdat_kind_name(LLVMComdatSelectionKind k) {
    switch (k) {
    case LLVMAnyComdatSelectionKind: return "any";
    case LLVMExactMatchComdatSelectionKind: return "exactmatch";
    case LLVMLargestComdatSelectionKind: return "largest";
    case LLVMNoDeduplicateComdatSelectionKind: return "nodeduplicate";
    case LLVMSameSizeComdatSelectionKind: return "samesize";
    }
    return "unknown";
}

static const char *gv_id(IrCtx *c, LLVMValueRef g) {
    return ir_value_id(c, g);
}

/* Key in c->value_ids that marks the comdat whose id is `sym` as emitted: 2 modulo 4,
 * which no object address (aligned) and no other key (1, 3) is. */
static uint64_t comdat_done_key(Sym sym) {
    return ((uint64_t)sym << 2) | 2;
}

/* Emits comdat `id` (interned; its name and selection kind) unless it already was. */
static void emit_comdat_once(IrCtx *c, const char *id, const char *name, const char *kind) {
    Sym sym;
    if (!intern_lookup(&c->ids, id, strlen(id), &sym))
        return; /* not interned: cannot happen */
    uint64_t key = comdat_done_key(sym);
    if (map_get(&c->value_ids, key, NULL))
        return;
    Status st = map_put(&c->value_ids, key, 1);
    if (st != OK) {
        ir_fail(c, st);
        return;
    }
    emit_comdat(c->out, id);
    emit_comdat_name(c->out, id, name);
    emit_comdat_selection_kind(c->out, id, kind);
}

/* Comdat of a global object, named from the text (`comdat` = the object's own name,
 * `comdat($x)` = x); no fact without the text. */
static void walk_comdat(IrCtx *c, LLVMValueRef g, const char *id, const GlobalText *gt) {
    LLVMComdatRef cd = LLVMGetComdat(g);
    if (!cd || !gt->comdat)
        return;
    uint64_t key = (uint64_t)(uintptr_t)cd, v;
    const char *cid;
    if (map_get(&c->value_ids, key, &v)) {
        cid = intern_str(&c->ids, (Sym)v);
    } else {
        StrBuf sb = SB_INIT, name = SB_INIT;
        if (gt->comdat_name.n > 1) {
            Tok n = gt->comdat_name; /* $name or $"quoted" */
            sb_add(&sb, n.s, n.n);
            if (n.s[1] == '"' && n.n >= 3)
                ir_append_unescaped(&name, n.s + 2, n.n - 3);
            else
                sb_add(&name, n.s + 1, n.n - 1);
        } else {
            size_t len;
            const char *gname = LLVMGetValueName2(g, &len);
            ir_append_name(&sb, '$', gname, len);
            sb_add(&name, gname, len);
        }
        Sym sym = 0;
        Status st = sb.oom || name.oom ? E_NOMEM : intern_get(&c->ids, sb.buf, sb.len, &sym);
        if (st == OK)
            st = map_put(&c->value_ids, key, sym);
        if (st == OK) {
            cid = intern_str(&c->ids, sym);
            emit_comdat_once(c, cid, ir_intern(c, name.buf, name.len),
                             comdat_kind_name(LLVMGetComdatSelectionKind(cd)));
        }
        sb_release(&sb);
        sb_release(&name);
        if (st != OK) {
            ir_fail(c, st);
            return;
        }
    }
    emit_global_value_comdat(c->out, id, cid);
}

/* The explicit alignment of global object g, 0 when it has none. LLVM's C getter
 * returns `unsigned`, so the largest alignment LLVM allows, 2^32, comes back as 0, as
 * does no alignment: then the printed line's `align N` (gt->align) tells them apart. */
static uint64_t global_alignment(LLVMValueRef g, const GlobalText *gt) {
    unsigned al = LLVMGetAlignment(g);
    if (al || !gt->align.n || gt->align.n > 20)
        return al;
    uint64_t v = 0;
    for (size_t k = 0; k < gt->align.n; k++) {
        char ch = gt->align.s[k];
        if (ch < '0' || ch > '9' || v > (UINT64_MAX - 9) / 10)
            return 0;
        v = v * 10 + (uint64_t)(ch - '0');
    }
    /* only a value that the getter truncated to 0 */
    return (v & UINT32_MAX) == 0 ? v : 0;
}

/* Relations shared by every kind of global value. `object`: a global variable or
 * function (section, alignment and comdat apply). */
static void emit_global_common(IrCtx *c, LLVMValueRef g, const char *id, const char *kind,
                               const GlobalText *gt, bool object) {
    FactSink *o = c->out;
    LLVMTypeRef pty = LLVMTypeOf(g);
    emit_constant(o, id);
    emit_constant_type(o, id, ir_type_id(c, pty));
    emit_constant_kind(o, id, kind);
    emit_global_value(o, id);
    emit_global_value_linkage(o, id, linkage_name(LLVMGetLinkage(g)));
    switch (LLVMGetVisibility(g)) {
    case LLVMHiddenVisibility: emit_global_value_visibility(o, id, "hidden"); break;
    case LLVMProtectedVisibility: emit_global_value_visibility(o, id, "protected"); break;
    default: emit_global_value_visibility(o, id, "default"); break;
    }
    switch (LLVMGetDLLStorageClass(g)) {
    case LLVMDLLImportStorageClass: emit_global_value_dll_storage(o, id, "dllimport"); break;
    case LLVMDLLExportStorageClass: emit_global_value_dll_storage(o, id, "dllexport"); break;
    default: break;
    }
    switch (LLVMGetUnnamedAddress(g)) {
    case LLVMLocalUnnamedAddr: emit_global_value_unnamed_addr(o, id, "local_unnamed_addr"); break;
    case LLVMGlobalUnnamedAddr: emit_global_value_unnamed_addr(o, id, "unnamed_addr"); break;
    default: break;
    }
    /* isDSOLocal(): printed as dso_local, or implied (and then not printed) by local
     * linkage or by hidden/protected visibility (GlobalValue::isImplicitDSOLocal). */
    LLVMLinkage lk = LLVMGetLinkage(g);
    bool implicit_dso = lk == LLVMPrivateLinkage || lk == LLVMInternalLinkage ||
                        (LLVMGetVisibility(g) != LLVMDefaultVisibility &&
                         lk != LLVMExternalWeakLinkage);
    if (gt->dso_local || implicit_dso)
        emit_global_value_dso_local(o, id);
    if (gt->partition.n)
        emit_tok_string(c, REL_global_value_partition, id, gt->partition);
    if (object) {
        /* from the printed line when it has one: a section name may hold NUL bytes */
        const char *sec = LLVMGetSection(g);
        if (!(gt->section.n && emit_tok_string(c, REL_global_value_section, id, gt->section)) &&
            sec && *sec)
            emit_global_value_section(o, id, sec);
        uint64_t al = global_alignment(g, gt);
        if (al)
            emit_global_value_alignment(o, id, al);
        walk_comdat(c, g, id, gt);
    }
    emit_global_value_address_space(o, id, LLVMGetPointerAddressSpace(pty));
}

static const char *name_of(IrCtx *c, LLVMValueRef g) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    return len ? ir_intern(c, name, len) : NULL;
}

static void walk_variable(IrCtx *c, LLVMValueRef g) {
    FactSink *o = c->out;
    const char *id = gv_id(c, g);
    GlobalText gt;
    parse_global_line(ir_text_global_line(c, g), &gt);
    emit_global_common(c, g, id, "global_variable", &gt, true);
    emit_global_variable(o, id);
    emit_global_value_index(o, id, c->gv_next[0]++);
    const char *name = name_of(c, g);
    if (name)
        emit_global_variable_name(o, id, name);
    emit_global_variable_type(o, id, ir_type_id(c, LLVMGlobalGetValueType(g)));
    LLVMValueRef init = LLVMGetInitializer(g);
    if (init) {
        emit_global_variable_definition(o, id);
        emit_global_variable_initializer(o, id, ir_value_id(c, init));
    } else {
        emit_global_variable_declaration(o, id);
    }
    if (LLVMIsGlobalConstant(g))
        emit_global_variable_constant(o, id);
    if (LLVMIsExternallyInitialized(g))
        emit_global_variable_externally_initialized(o, id);
    const char *tl = LLVMIsThreadLocal(g) ? thread_local_name(LLVMGetThreadLocalMode(g)) : NULL;
    if (tl)
        emit_global_value_thread_local(o, id, tl);
    if (gt.code_model.n) {
        const char *m = tok_string(c, gt.code_model);
        if (m)
            emit_global_variable_code_model(o, id, m);
    }
    for (unsigned k = 0; k < ARRAY_LEN(san_names); k++)
        if (gt.sanitizer & (1u << k))
            emit_global_variable_sanitizer(o, id, san_names[k]);
    ir_meta_emit_global(c, g, id);
}

/* The attributes of function f at every index. */
static void emit_fn_attributes(IrCtx *c, LLVMValueRef f, const char *id, const char *line) {
    FactSink *o = c->out;
    unsigned np = LLVMCountParams(f);
    Vec(LLVMAttributeRef) buf = {0};
    for (unsigned i = 0; i < np + 2; i++) {
        /* function, return, then the parameters */
        unsigned idx = i == 0 ? (unsigned)LLVMAttributeFunctionIndex : i - 1;
        unsigned n = LLVMGetAttributeCountAtIndex(f, idx);
        if (!n)
            continue;
        if (vec_reserve(&buf, n) != OK) {
            ir_fail(c, E_NOMEM);
            break;
        }
        LLVMGetAttributesAtIndex(f, idx, buf.v);
        for (unsigned k = 0; k < n; k++) {
            const char *aid = ir_attr_id_at(c, buf.v[k], line, idx);
            if (i == 0)
                emit_function_fn_attribute(o, id, aid);
            else if (idx == 0)
                emit_function_return_attribute(o, id, aid);
            else
                emit_function_param_attribute(o, id, idx - 1, aid);
        }
    }
    vec_release(&buf);
}

static void walk_function(IrCtx *c, LLVMValueRef f) {
    FactSink *o = c->out;
    const char *id = gv_id(c, f);
    const char *line = ir_text_global_line(c, f);
    GlobalText gt;
    /* Only the part of the header before the parameters has flags (dso_local), and
     * only the part after them has partition/comdat; parse both below. */
    memset(&gt, 0, sizeof gt);
    if (line) {
        const char *end = line_end(line);
        Tok pre, callee, t;
        if (find_callee(line, end, &pre, &callee)) {
            for (const char *p = pre.s; (p = tok_next(p, pre.s + pre.n, &t));)
                text_flag(&gt, t);
            for (const char *p = callee.s + callee.n; (p = tok_next(p, end, &t));) {
                if (tok_is(t, "partition")) {
                    if (!(p = tok_next(p, end, &t)))
                        break;
                    gt.partition = t;
                } else if (tok_is(t, "align")) {
                    if (!(p = tok_next(p, end, &t)))
                        break;
                    gt.align = t;
                } else if (tok_is(t, "section")) {
                    if (!(p = tok_next(p, end, &t)))
                        break;
                    gt.section = t;
                } else if (tok_is(t, "gc")) {
                    if (!(p = tok_next(p, end, &t)))
                        break;
                } else if (tok_starts(t, "comdat")) {
                    text_comdat(&gt, t);
                } else if (tok_is(t, "prefix") || tok_is(t, "prologue") ||
                           tok_is(t, "personality") || tok_is(t, "{") || t.s[0] == '!') {
                    break;
                }
            }
        }
    }
    emit_global_common(c, f, id, "function", &gt, true);
    emit_function_calling_convention(o, id, ir_callconv_name(LLVMGetFunctionCallConv(f)));
    const char *gc = LLVMGetGC(f);
    if (gc && *gc)
        emit_function_gc(o, id, gc);
    if (LLVMHasPersonalityFn(f))
        emit_function_personality(o, id, ir_value_id(c, LLVMGetPersonalityFn(f)));
#if IRLOG_LLVM_MAJOR >= 19
    if (LLVMHasPrefixData(f))
        emit_function_prefix_data(o, id, ir_value_id(c, LLVMGetPrefixData(f)));
    if (LLVMHasPrologueData(f))
        emit_function_prologue_data(o, id, ir_value_id(c, LLVMGetPrologueData(f)));
#endif
    unsigned iid = LLVMGetIntrinsicID(f);
    if (iid) {
        emit_function_intrinsic(o, id);
        size_t len = 0;
        const char *base = LLVMIntrinsicGetName(iid, &len);
        if (base && len)
            emit_function_intrinsic_name(o, id, ir_intern(c, base, len));
    }
    emit_fn_attributes(c, f, id, line);
    ir_meta_emit_global(c, f, id);
}

static void walk_alias(IrCtx *c, LLVMValueRef a) {
    FactSink *o = c->out;
    const char *id = gv_id(c, a);
    GlobalText gt;
    parse_global_line(ir_text_global_line(c, a), &gt);
    emit_global_common(c, a, id, "alias", &gt, false);
    emit_alias(o, id);
    emit_global_value_index(o, id, c->gv_next[1]++);
    const char *name = name_of(c, a);
    if (name)
        emit_alias_name(o, id, name);
    emit_alias_type(o, id, ir_type_id(c, LLVMGlobalGetValueType(a)));
    LLVMValueRef aliasee = LLVMAliasGetAliasee(a);
    if (aliasee)
        emit_alias_aliasee(o, id, ir_value_id(c, aliasee));
    /* LLVMGetThreadLocalMode only takes global variables: read an alias's from the text. */
    if (gt.thread_local) {
        static const char *const modes[] = {"localdynamic", "initialexec", "localexec"};
        const char *mode = gt.tl_mode.n ? NULL : "generaldynamic";
        for (unsigned k = 0; k < ARRAY_LEN(modes) && !mode; k++)
            if (tok_is(gt.tl_mode, modes[k]))
                mode = modes[k];
        if (mode)
            emit_global_value_thread_local(o, id, mode);
    }
}

static void walk_ifunc(IrCtx *c, LLVMValueRef i) {
    FactSink *o = c->out;
    const char *id = gv_id(c, i);
    GlobalText gt;
    parse_global_line(ir_text_global_line(c, i), &gt);
    emit_global_common(c, i, id, "ifunc", &gt, false);
    emit_ifunc(o, id);
    emit_global_value_index(o, id, c->gv_next[2]++);
    const char *name = name_of(c, i);
    if (name)
        emit_ifunc_name(o, id, name);
    emit_ifunc_type(o, id, ir_type_id(c, LLVMGlobalGetValueType(i)));
    LLVMValueRef r = LLVMGetGlobalIFuncResolver(i);
    if (r)
        emit_ifunc_resolver(o, id, ir_value_id(c, r));
}

void ir_global_emit_variables(IrCtx *c) {
    attr_check_table(c);
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g && c->st == OK; g = LLVMGetNextGlobal(g))
        walk_variable(c, g);
}

void ir_global_emit_function(IrCtx *c, LLVMValueRef f) {
    if (!ir_is_dbg_function(f))
        walk_function(c, f);
}

void ir_global_emit_aliases(IrCtx *c) {
    for (LLVMValueRef a = LLVMGetFirstGlobalAlias(c->mod); a && c->st == OK;
         a = LLVMGetNextGlobalAlias(a))
        walk_alias(c, a);
    for (LLVMValueRef i = LLVMGetFirstGlobalIFunc(c->mod); i && c->st == OK;
         i = LLVMGetNextGlobalIFunc(i))
        walk_ifunc(c, i);
}

/* ---------------------------------------------------------------- after the functions */

/* Every `$name = comdat <kind>` line: the comdats that no member's line named (there
 * are none unless those lines could not be read) are emitted here, the others were. */
static void emit_comdat_lines(IrCtx *c) {
    static const char *const kinds[] = {"any", "exactmatch", "largest", "nodeduplicate",
                                        "samesize"};
    const char *l;
    for (size_t k = 0; (l = ir_text_comdat_line(c, k)) && c->st == OK; k++) {
        const char *end = line_end(l), *p = l;
        Tok t[4], extra;
        int n = 0;
        while (n < 4 && (p = tok_next(p, end, &t[n])))
            n++;
        if (n < 4 || tok_next(p, end, &extra) || t[0].n < 2 || t[0].s[0] != '$' ||
            !tok_is(t[1], "=") || !tok_is(t[2], "comdat"))
            continue;
        const char *kind = NULL;
        for (unsigned i = 0; i < ARRAY_LEN(kinds) && !kind; i++)
            if (tok_is(t[3], kinds[i]))
                kind = kinds[i];
        if (!kind)
            continue;
        StrBuf name = SB_INIT;
        if (t[0].s[1] == '"' && t[0].n >= 3 && t[0].s[t[0].n - 1] == '"')
            ir_append_unescaped(&name, t[0].s + 2, t[0].n - 3);
        else
            sb_add(&name, t[0].s + 1, t[0].n - 1);
        if (name.oom)
            ir_fail(c, E_NOMEM);
        const char *id = ir_intern(c, t[0].s, t[0].n);
        const char *nm = ir_intern(c, name.len ? name.buf : "", name.len);
        sb_release(&name);
        if (c->st == OK)
            emit_comdat_once(c, id, nm, kind);
    }
}

/* The attribute group that the printed line of global variable g refers to (its last
 * token, ` #N`); false when it has none. */
static bool variable_group(const char *line, unsigned *n) {
    if (!line)
        return false;
    const char *end = line_end(line), *p = line;
    Tok t, last = {0};
    while ((p = tok_next(p, end, &t)))
        last = t;
    if (last.n < 2 || last.n > 10 || last.s[0] != '#')
        return false;
    unsigned v = 0;
    for (size_t i = 1; i < last.n; i++) {
        if (last.s[i] < '0' || last.s[i] > '9')
            return false;
        v = v * 10 + (unsigned)(last.s[i] - '0');
    }
    *n = v;
    return true;
}

typedef Vec(LLVMAttributeRef) AttrVec;

/* The attributes of attribute group `body` (`{ ... }`), through LLVM's own parser: the
 * group is put on a call site of a throwaway module of the same context, whose
 * attributes the C API can read. Attributes are uniqued per context, so these are the
 * LLVMAttributeRefs that functions with the same attributes have, and ir_attr_id gives
 * the same ids. Appends them to *out; false when the text does not parse. */
static bool group_attributes(IrCtx *c, const char *body, AttrVec *out) {
    StrBuf src = SB_INIT;
    sb_adds(&src, "declare void @f()\n"
                  "define void @g() {\n"
                  "  call void @f() #0\n"
                  "  ret void\n"
                  "}\n"
                  "attributes #0 = ");
    sb_adds(&src, body);
    sb_addc(&src, '\n');
    LLVMModuleRef m = ir_parse_snippet(c, &src, "attribute group");
    LLVMValueRef g = m ? LLVMGetNamedFunction(m, "g") : NULL;
    LLVMBasicBlockRef b = g ? LLVMGetFirstBasicBlock(g) : NULL;
    LLVMValueRef call = b ? LLVMGetFirstInstruction(b) : NULL;
    bool ok = call && LLVMIsACallInst(call);
    if (ok) {
        unsigned n = LLVMGetCallSiteAttributeCount(call, LLVMAttributeFunctionIndex);
        if (vec_reserve(out, out->len + n) != OK) {
            ir_fail(c, E_NOMEM);
            ok = false;
        } else {
            LLVMGetCallSiteAttributes(call, LLVMAttributeFunctionIndex, out->v + out->len);
            out->len += n;
        }
    }
    if (m)
        LLVMDisposeModule(m);
    return ok;
}

/* global_variable_attribute: the attributes of each global variable's group. */
static void emit_variable_attributes(IrCtx *c) {
    AttrVec attrs = {0};
    Vec(uint64_t) spans = {0}; /* per parsed group: first index << 32 | count */
    Map groups = MAP_INIT;     /* N → index in spans + 1 */
    bool warned = false;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g && c->st == OK; g = LLVMGetNextGlobal(g)) {
        unsigned n;
        if (!variable_group(ir_text_global_line(c, g), &n))
            continue;
        uint64_t gi;
        if (!map_get(&groups, n, &gi)) {
            const char *body = ir_text_attr_group(c, n);
            size_t first = attrs.len;
            if (!body || !group_attributes(c, body, &attrs)) {
                attrs.len = first;
                if (c->st == OK && !warned) {
                    warned = true;
                    diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                              "attribute group #%u of global variable %s could not be read "
                              "from the module text: the attributes of global variables are "
                              "left out where that happens",
                              n, ir_value_id(c, g));
                }
            }
            uint64_t span = ((uint64_t)first << 32) | (uint64_t)(attrs.len - first);
            if (vec_push(&spans, span) != OK || map_put(&groups, n, spans.len) != OK) {
                ir_fail(c, E_NOMEM);
                break;
            }
            gi = spans.len;
        }
        uint64_t span = spans.v[gi - 1];
        const char *id = gv_id(c, g);
        for (size_t k = 0; k < (span & 0xffffffffu); k++)
            emit_global_variable_attribute(c->out, id, ir_attr_id(c, attrs.v[(span >> 32) + k]));
    }
    vec_release(&attrs);
    vec_release(&spans);
    map_release(&groups);
}

void ir_global_emit_late(IrCtx *c) {
    emit_comdat_lines(c);
    emit_variable_attributes(c);
}

/* Parses src, a piece of LLVM assembly, into a module of c's context; src is released.
 * NULL when it does not parse, and also (with E_NOMEM recorded) when src ran out of
 * memory. The caller disposes of the module. */
LLVMModuleRef ir_parse_snippet(IrCtx *c, StrBuf *src, const char *name) {
    if (src->oom) {
        sb_release(src);
        ir_fail(c, E_NOMEM);
        return NULL;
    }
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(src->buf, src->len, name);
    sb_release(src);
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    /* takes ownership of buf, on success and on failure */
    bool ok = buf && !LLVMParseIRInContext(c->llctx, buf, &m, &msg) && m;
    if (msg)
        LLVMDisposeMessage(msg);
    if (!ok && m) {
        LLVMDisposeModule(m);
        m = NULL;
    }
    return m;
}
