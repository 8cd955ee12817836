/*
 * dl_eval.c — stratified, semi-naive evaluation of plans over relations.
 *
 * Owns: running the strata in order. A non-recursive stratum runs each rule once. A
 * recursive stratum runs its base rules, then iterates its semi-naive versions: each
 * version reads one recursive atom from delta (the tuples R gained in the previous
 * iteration; all of R at first) and the others from the full relations, which do not
 * change during an iteration. Derived tuples (every phase, every arity but 0) are appended
 * to the worker's buffer for the head relation (DlBuf: radix-sorted, deduplicated and
 * filtered against R in bulk whenever it grows by half, and at the end of the phase), so
 * a derivation costs an append instead of an ordered-tree insert, and R is probed in
 * sorted order. At the end of a phase the buffers hold exactly the tuples R lacked: in a
 * recursive iteration they become new, which is the next delta (merged into every order
 * of R); in a base phase they are merged into R. The fixpoint is reached when every delta
 * is empty. 0-ary heads are flags: a recursive emit is dropped when R is already true.
 * With -j N > 1, each phase (a stratum's base rules, or one iteration) is split into tasks
 * (rule × chunk of its outermost scan) run by worker threads that only read relations and
 * fill buffers of their own, which each thread sorts and filters before it ends; new is
 * then built from the threads' sorted runs, and merged into R, by threads again, one key
 * range each (dl_rel_from_bufs, dl_rel_merge_par). Threads are started for each step and
 * joined at its end (no condition variables); the pool's mutex and the symbol table's are
 * never held together. Outputs are sorted, so the schedule never shows in them.
 * Set at a time (DlOp.keys_only / set_union, planned by dl_plan): a recursive version whose
 * head's last column is a variable found only in the last column of one body atom visits
 * each distinct prefix of that atom once and unions the prefix's set (a bit-set mirror of
 * the relation, or of its delta: Eval.mirror, dmirror) into the head's, emitting only the
 * members that the head's mirror and the worker's own unions of the phase lack. The
 * mirrors are built when a stratum first needs them, kept up to date where R grows (the
 * base phase's flush, advance) and freed after the last stratum that reads them. A
 * relation stored as sets (DlRel.set) is its own mirror: its ops walk its keys' trees and
 * sets (exec_set), its delta is added to it member by member, and the buffers derived for
 * it are filtered against its sets.
 * Expressions: integer arithmetic wraps (two's complement); x / 0 and x % 0 on integers
 * have no value, so the rule instance derives nothing (documented in docs/datalog.md);
 * floats follow IEEE 754.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dl_int.h"


typedef struct AggAcc {
    uint64_t count;
    DlValue acc;
    DlKind kind;
    DlAggOp op;
    /* materialised body (DlAgg.dvars): the tuples of those variables, folded distinct */
    DlValue *rows;
    size_t nrows, cap;
} AggAcc;

typedef struct Worker {
    DlProgram *p;
    DlValue *env;
    size_t env_cap;
    Status st;
    AggAcc *agg;            /* innermost aggregate being folded */
    StrBuf tmp;
    bool check;             /* recursive phase: emit only tuples R lacks (arity 0: flags; other
                             * arities: the buffers are filtered in bulk) */
    DlRel **out;            /* per relation: where emits go (R, new, or own buffers) */
    bool own_out;           /* out[] are this worker's relations, created on first emit */
    DlBuf *bufs;            /* per relation of arity > 0: tuples derived in this phase */
    DlRel **delta;          /* per relation: the delta read by delta ops */
    regex_t re;             /* cache for match() with a computed pattern */
    Sym re_pat;
    bool re_ok;
    uint64_t ops_since_check;
    const volatile int *interrupt; /* DlRunOptions.interrupt: polled every 64K rows scanned */
    uint64_t deadline;             /* DlRunOptions.max_seconds as a now_ns() time, or 0 */
    bool (*filter)(void *arg, size_t rel, DlValue *t); /* DlRunOptions.filter */
    void *filter_arg;
    uint32_t tick;
    struct {
        const DlOp *op;
        DlCursor c;
    } hints[64];            /* per op: the leaf its last search reached (reset per task) */
    /* set at a time (DlOp.keys_only, set_union) */
    DlSetMap **mirror;      /* per relation: its tuples as sets (Eval.mirror) */
    DlSetMap **dmirror;     /* per relation: its delta as sets (Eval.dmirror) */
    DlSetMap **local;       /* per relation: what this worker's unions emitted in this phase */
    DlValue ukey[64];       /* the prefix a keys-only op visits (declared order) */
    const DlBits *uset;     /* its set, when the op looked it up (else NULL) */
    /* a slice of an output's rules (DL_OP_RANGE, dl_eval_slice): the symbols' ranks in
       output order, and the ranks [slo, shi) its first column takes */
    const uint32_t *srank;
    uint64_t slo, shi;
    /* DlOp.dmember: the unions of the members of a group of keys, one per nesting depth */
    DlSetMap *umap; /* (for dl_bits_or: accounts nothing) */
    DlBits uscr[4];
    uint32_t udepth;
} Worker;

/* The search hint of an op (a leaf of the relation the op reads in this phase). */
static inline DlCursor *hint_for(Worker *w, const DlOp *op) {
    size_t h = ((uintptr_t)op / sizeof(DlOp)) & 63;
    if (w->hints[h].op != op) {
        w->hints[h].op = op;
        w->hints[h].c.leaf = NULL;
    }
    return &w->hints[h].c;
}

static void lock(Worker *w) {
    if (w->p->intern_lock)
        pthread_mutex_lock((pthread_mutex_t *)w->p->intern_lock);
}
static void unlock(Worker *w) {
    if (w->p->intern_lock)
        pthread_mutex_unlock((pthread_mutex_t *)w->p->intern_lock);
}

Status dl_intern(DlProgram *p, const char *s, size_t n, DlValue *v) {
    Sym sym;
    Status st = intern_get(&p->syms, s, n, &sym);
    *v = sym;
    return st;
}

static DlValue intern_w(Worker *w, const char *s, size_t n) {
    DlValue v = 0;
    lock(w);
    Status st = dl_intern(w->p, s, n, &v);
    unlock(w);
    if (st != OK)
        w->st = st;
    return v;
}

/* Copies a symbol's bytes into w->tmp (appending). */
static void sym_append(Worker *w, DlValue v) {
    lock(w);
    sb_add(&w->tmp, intern_str(&w->p->syms, (Sym)v), intern_len(&w->p->syms, (Sym)v));
    unlock(w);
}

static int sym_cmp(Worker *w, DlValue a, DlValue b) {
    if (a == b)
        return 0;
    lock(w);
    const Interner *in = &w->p->syms;
    size_t la = intern_len(in, (Sym)a), lb = intern_len(in, (Sym)b);
    int c = memcmp(intern_str(in, (Sym)a), intern_str(in, (Sym)b), la < lb ? la : lb);
    unlock(w);
    if (c)
        return c;
    return la < lb ? -1 : la > lb;
}

static inline double as_f(DlValue v) {
    double f;
    memcpy(&f, &v, sizeof f);
    return f;
}
static inline DlValue from_f(double f) {
    DlValue v;
    memcpy(&v, &f, sizeof v);
    return v;
}

double dl_value_float(DlValue v) {
    return as_f(v);
}

static int cmp_vals(Worker *w, DlKind k, DlValue a, DlValue b) {
    switch (k) {
    case DL_KIND_NUMBER: return (int64_t)a < (int64_t)b ? -1 : (int64_t)a > (int64_t)b;
    case DL_KIND_UNSIGNED: return a < b ? -1 : a > b;
    case DL_KIND_FLOAT: {
        double x = as_f(a), y = as_f(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    case DL_KIND_SYMBOL: return sym_cmp(w, a, b);
    }
    return 0;
}

static DlValue ipow(DlValue base, DlValue exp, bool is_signed) {
    if (is_signed && (int64_t)exp < 0) {
        int64_t b = (int64_t)base;
        if (b == 1)
            return 1;
        if (b == -1)
            return (exp & 1) ? (DlValue)-1 : 1;
        return 0;
    }
    DlValue r = 1;
    while (exp) {
        if (exp & 1)
            r *= base;
        base *= base;
        exp >>= 1;
    }
    return r;
}

/* Parses a whole string as a signed 64-bit integer (optional sign; decimal, or hex after
 * "0x" and binary after "0b", as Souffle's to_number). */
static bool parse_i64(const char *s, size_t n, int64_t *out) {
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    unsigned base = 10;
    if (i + 2 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'b')) {
        base = s[i + 1] == 'x' ? 16 : 2;
        i += 2;
    }
    if (i == n)
        return false;
    uint64_t v = 0;
    for (; i < n; i++) {
        char ch = s[i];
        unsigned dgt = ch >= '0' && ch <= '9'   ? (unsigned)(ch - '0')
                       : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10)
                       : ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10)
                                                : 99;
        if (dgt >= base)
            return false;
        if (v > (UINT64_MAX - dgt) / base)
            return false;
        v = v * base + dgt;
    }
    if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX)
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

void dl_regex_pattern(const char *pat, size_t n, StrBuf *out) {
    sb_adds(out, "^(");
    bool br = false;   /* inside a bracket expression */
    bool dash = false; /* an escaped '-' in it: written last, where POSIX reads it literally */
    for (size_t i = 0; i < n; i++) {
        char ch = pat[i];
        if (ch == '[' && !br) {
            br = true;
            sb_addc(out, ch);
            /* a ']' right after '[' or '[^' is a literal member */
            if (i + 1 < n && pat[i + 1] == '^')
                sb_addc(out, pat[++i]);
            if (i + 1 < n && pat[i + 1] == ']')
                sb_addc(out, pat[++i]);
            continue;
        }
        if (ch == '[' && br && i + 1 < n && (pat[i + 1] == ':' || pat[i + 1] == '.' ||
                                             pat[i + 1] == '=')) {
            /* [:class:] inside brackets: copy through the closing ":]" */
            char d = pat[i + 1];
            size_t j = i + 2;
            while (j + 1 < n && !(pat[j] == d && pat[j + 1] == ']'))
                j++;
            size_t end = j + 1 < n ? j + 2 : n;
            sb_add(out, pat + i, end - i);
            i = end - 1;
            continue;
        }
        if (ch == ']' && br) {
            br = false;
            if (dash)
                sb_addc(out, '-');
            dash = false;
            sb_addc(out, ch);
            continue;
        }
        if (ch != '\\' || i + 1 >= n) {
            sb_addc(out, ch);
            continue;
        }
        char e = pat[++i];
        const char *cls = NULL;
        switch (e) {
        case 'd': cls = br ? "0-9" : "[0-9]"; break;
        case 'w': cls = br ? "[:alnum:]_" : "[[:alnum:]_]"; break;
        case 's': cls = br ? "[:space:]" : "[[:space:]]"; break;
        case 'D': cls = br ? NULL : "[^0-9]"; break;
        case 'W': cls = br ? NULL : "[^[:alnum:]_]"; break;
        case 'S': cls = br ? NULL : "[^[:space:]]"; break;
        case 't': cls = "\t"; break;
        case 'n': cls = "\n"; break;
        case 'r': cls = "\r"; break;
        case 'f': cls = "\f"; break;
        case 'v': cls = "\v"; break;
        default: break;
        }
        if (cls)
            sb_adds(out, cls);
        else if (br && e == '-')
            dash = true;
        else if (br) { /* POSIX brackets have no escapes: the character itself */
            sb_addc(out, e);
        } else {
            sb_addc(out, '\\');
            sb_addc(out, e);
        }
    }
    sb_adds(out, ")$");
}

static bool eval(Worker *w, const DlExpr *e, DlValue *out);

static bool eval_fun(Worker *w, const DlExpr *e, DlValue *out) {
    DlValue a = 0, b = 0, c = 0;
    DlKind k = (DlKind)e->ty;
    if (e->fun != DL_FUN_CAT && e->fun != DL_FUN_MIN && e->fun != DL_FUN_MAX) {
        if (e->nargs > 0 && !eval(w, e->args[0], &a))
            return false;
        if (e->nargs > 1 && !eval(w, e->args[1], &b))
            return false;
        if (e->nargs > 2 && !eval(w, e->args[2], &c))
            return false;
    }
    switch (e->fun) {
    case DL_FUN_NEG: *out = k == DL_KIND_FLOAT ? from_f(-as_f(a)) : 0 - a; return true;
    case DL_FUN_ADD:
        if (k == DL_KIND_SYMBOL) { /* symbol + symbol concatenates (Souffle 2.5) */
            size_t start = w->tmp.len;
            sym_append(w, a);
            sym_append(w, b);
            if (w->tmp.oom) {
                w->st = E_NOMEM;
                return false;
            }
            *out = intern_w(w, w->tmp.buf + start, w->tmp.len - start);
            sb_truncate(&w->tmp, start);
            return w->st == OK;
        }
        *out = k == DL_KIND_FLOAT ? from_f(as_f(a) + as_f(b)) : a + b;
        return true;
    case DL_FUN_SUB: *out = k == DL_KIND_FLOAT ? from_f(as_f(a) - as_f(b)) : a - b; return true;
    case DL_FUN_MUL: *out = k == DL_KIND_FLOAT ? from_f(as_f(a) * as_f(b)) : a * b; return true;
    case DL_FUN_DIV:
        if (k == DL_KIND_FLOAT) {
            *out = from_f(as_f(a) / as_f(b));
            return true;
        }
        if (b == 0)
            return false;
        if (k == DL_KIND_NUMBER)
            *out = ((int64_t)a == INT64_MIN && (int64_t)b == -1)
                       ? a
                       : (DlValue)((int64_t)a / (int64_t)b);
        else
            *out = a / b;
        return true;
    case DL_FUN_MOD:
        if (b == 0)
            return false;
        if (k == DL_KIND_NUMBER)
            *out = ((int64_t)b == -1) ? 0 : (DlValue)((int64_t)a % (int64_t)b);
        else
            *out = a % b;
        return true;
    case DL_FUN_POW:
        if (k == DL_KIND_FLOAT) {
            /* no libm dependency: integral exponents by squaring, others unsupported */
            double base = as_f(a), ex = as_f(b), r = 1;
            long long n = (long long)ex;
            if ((double)n != ex)
                return false;
            bool inv = n < 0;
            unsigned long long m = inv ? 0ull - (unsigned long long)n : (unsigned long long)n;
            while (m) {
                if (m & 1)
                    r *= base;
                base *= base;
                m >>= 1;
            }
            *out = from_f(inv ? 1 / r : r);
            return true;
        }
        *out = ipow(a, b, k == DL_KIND_NUMBER);
        return true;
    case DL_FUN_BAND: *out = a & b; return true;
    case DL_FUN_BOR: *out = a | b; return true;
    case DL_FUN_BXOR: *out = a ^ b; return true;
    case DL_FUN_BNOT: *out = ~a; return true;
    case DL_FUN_BSHL: *out = a << (b & 63); return true;
    case DL_FUN_BSHR:
        if (k == DL_KIND_NUMBER) {
            int64_t x = (int64_t)a;
            unsigned s = (unsigned)(b & 63);
            *out = (DlValue)(x < 0 ? ~(~x >> s) : x >> s);
        } else
            *out = a >> (b & 63);
        return true;
    case DL_FUN_BSHRU: *out = a >> (b & 63); return true;
    case DL_FUN_LAND: *out = (a != 0) && (b != 0); return true;
    case DL_FUN_LOR: *out = (a != 0) || (b != 0); return true;
    case DL_FUN_LXOR: *out = (a != 0) != (b != 0); return true;
    case DL_FUN_LNOT: *out = a == 0; return true;
    case DL_FUN_MIN:
    case DL_FUN_MAX: {
        DlValue best = 0;
        for (uint32_t i = 0; i < e->nargs; i++) {
            DlValue v;
            if (!eval(w, e->args[i], &v))
                return false;
            int cmp = i ? cmp_vals(w, k, v, best) : 0;
            if (i == 0 || (e->fun == DL_FUN_MIN ? cmp < 0 : cmp > 0))
                best = v;
        }
        *out = best;
        return true;
    }
    case DL_FUN_CAT: {
        size_t start = w->tmp.len;
        for (uint32_t i = 0; i < e->nargs; i++) {
            DlValue v;
            if (!eval(w, e->args[i], &v)) {
                sb_truncate(&w->tmp, start);
                return false;
            }
            sym_append(w, v);
        }
        if (w->tmp.oom) {
            w->st = E_NOMEM;
            return false;
        }
        *out = intern_w(w, w->tmp.buf + start, w->tmp.len - start);
        sb_truncate(&w->tmp, start);
        return w->st == OK;
    }
    case DL_FUN_STRLEN:
        lock(w);
        *out = (DlValue)intern_len(&w->p->syms, (Sym)a);
        unlock(w);
        return true;
    case DL_FUN_SUBSTR: {
        size_t start = w->tmp.len;
        sym_append(w, a);
        size_t len = w->tmp.len - start;
        int64_t i = (int64_t)b, n = (int64_t)c;
        const char *s = w->tmp.buf + start;
        if (i < 0 || (uint64_t)i > len) {
            *out = intern_w(w, "", 0);
        } else {
            size_t avail = len - (size_t)i;
            size_t take = (n < 0 || (uint64_t)n > avail) ? avail : (size_t)n;
            *out = intern_w(w, s + i, take);
        }
        sb_truncate(&w->tmp, start);
        return w->st == OK;
    }
    case DL_FUN_ORD: *out = a; return true;
    case DL_FUN_TO_NUMBER: {
        DlKind ak = (DlKind)e->args[0]->ty;
        if (ak == DL_KIND_SYMBOL) {
            size_t start = w->tmp.len;
            sym_append(w, a);
            int64_t v = 0;
            bool ok = parse_i64(w->tmp.buf + start, w->tmp.len - start, &v);
            sb_truncate(&w->tmp, start);
            *out = (DlValue)v;
            return ok;
        }
        if (ak == DL_KIND_FLOAT) { /* truncates toward 0; saturates; NaN is 0 */
            double f = as_f(a);
            *out = f != f                          ? 0
                   : f >= 9223372036854775808.0  ? (DlValue)INT64_MAX
                   : f < -9223372036854775808.0  ? (DlValue)INT64_MIN
                                                  : (DlValue)(int64_t)f;
        } else
            *out = a; /* number; unsigned: the same bits, as Souffle's cast */
        return true;
    }
    case DL_FUN_TO_STRING: {
        char buf[400]; /* %f of DBL_MAX: 309 digits and 7 more */
        DlKind ak = (DlKind)e->args[0]->ty;
        if (ak == DL_KIND_SYMBOL) {
            *out = a;
            return true;
        }
        if (ak == DL_KIND_NUMBER)
            snprintf(buf, sizeof buf, "%lld", (long long)(int64_t)a);
        else if (ak == DL_KIND_UNSIGNED)
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)a);
        else /* std::to_string, as Souffle: 2.5 is "2.500000" */
            snprintf(buf, sizeof buf, "%f", as_f(a));
        *out = intern_w(w, buf, strlen(buf));
        return w->st == OK;
    }
    case DL_FUN_TO_FLOAT:
    case DL_FUN_TO_UNSIGNED: {
        DlKind ak = (DlKind)e->args[0]->ty;
        if (ak == DL_KIND_SYMBOL) { /* parses the whole symbol; otherwise no value */
            size_t start = w->tmp.len;
            sym_append(w, a);
            sb_addc(&w->tmp, '\0');
            if (w->tmp.oom) {
                w->st = E_NOMEM;
                return false;
            }
            const char *str = w->tmp.buf + start;
            char *end = NULL;
            bool ok = str[0] && !isspace((unsigned char)str[0]);
            if (e->fun == DL_FUN_TO_FLOAT)
                *out = from_f(strtod(str, &end));
            else {
                ok = ok && str[0] != '-';
                errno = 0;
                *out = (DlValue)strtoull(str, &end, 10);
                ok = ok && errno == 0;
            }
            ok = ok && end && (size_t)(end - str) == w->tmp.len - start - 1;
            sb_truncate(&w->tmp, start);
            return ok;
        }
        if (e->fun == DL_FUN_TO_FLOAT) {
            double f = ak == DL_KIND_NUMBER     ? (double)(int64_t)a
                       : ak == DL_KIND_UNSIGNED ? (double)a
                                                : as_f(a);
            *out = from_f(f);
        } else if (ak == DL_KIND_FLOAT) {
            double f = as_f(a);
            *out = !(f > 0) ? 0 : f >= 18446744073709551616.0 ? UINT64_MAX : (DlValue)f;
        } else
            *out = a;
        return true;
    }
    case DL_FUN_COUNT_: break;
    }
    return false;
}

static bool eval(Worker *w, const DlExpr *e, DlValue *out) {
    switch (e->kind) {
    case DL_X_VAR: *out = w->env[e->var]; return true;
    case DL_X_INT:
        *out = e->ty == DL_KIND_FLOAT ? from_f((double)(int64_t)e->val) : e->val;
        return true;
    case DL_X_UNS:
    case DL_X_FLOAT:
    case DL_X_STR: *out = e->val; return true;
    case DL_X_FUN: return eval_fun(w, e, out);
    case DL_X_WILD:
    case DL_X_AGG: break;
    }
    w->st = E_INTERNAL;
    return false;
}

static bool contains_bytes(const char *hay, size_t nh, const char *needle, size_t nn) {
    if (nn == 0)
        return true;
    for (size_t i = 0; i + nn <= nh; i++)
        if (memcmp(hay + i, needle, nn) == 0)
            return true;
    return false;
}

static bool filter(Worker *w, const DlOp *op) {
    if (!op->lhs)
        return false;
    DlValue a, b;
    if (!eval(w, op->lhs, &a) || !eval(w, op->rhs, &b))
        return false;
    DlKind k = (DlKind)op->lhs->ty;
    switch (op->cmp) {
    case DL_CMP_EQ:
        return k == DL_KIND_FLOAT ? as_f(a) == as_f(b) : a == b;
    case DL_CMP_NE:
        return k == DL_KIND_FLOAT ? as_f(a) != as_f(b) : a != b;
    case DL_CMP_LT:
        if (k == DL_KIND_FLOAT)
            return as_f(a) < as_f(b);
        return cmp_vals(w, k, a, b) < 0;
    case DL_CMP_LE:
        if (k == DL_KIND_FLOAT)
            return as_f(a) <= as_f(b);
        return cmp_vals(w, k, a, b) <= 0;
    case DL_CMP_GT:
        if (k == DL_KIND_FLOAT)
            return as_f(a) > as_f(b);
        return cmp_vals(w, k, a, b) > 0;
    case DL_CMP_GE:
        if (k == DL_KIND_FLOAT)
            return as_f(a) >= as_f(b);
        return cmp_vals(w, k, a, b) >= 0;
    case DL_CMP_CONTAINS:
    case DL_CMP_NOT_CONTAINS: {
        size_t start = w->tmp.len;
        sym_append(w, a);
        size_t mid = w->tmp.len;
        sym_append(w, b);
        bool r = contains_bytes(w->tmp.buf + mid, w->tmp.len - mid, w->tmp.buf + start,
                                mid - start);
        sb_truncate(&w->tmp, start);
        return op->cmp == DL_CMP_CONTAINS ? r : !r;
    }
    case DL_CMP_MATCH:
    case DL_CMP_NOT_MATCH: {
        const regex_t *re = op->lhs->re;
        if (op->lhs->re_bad)
            return false; /* an invalid pattern: match and !match are both false (Souffle) */
        if (!re) {
            if (!w->re_ok || w->re_pat != (Sym)a) {
                if (w->re_ok)
                    regfree(&w->re);
                w->re_ok = false;
                size_t start = w->tmp.len;
                sym_append(w, a);
                size_t mid = w->tmp.len;
                StrBuf pat = SB_INIT;
                dl_regex_pattern(w->tmp.buf + start, mid - start, &pat);
                sb_truncate(&w->tmp, start);
                if (pat.oom) {
                    sb_release(&pat);
                    w->st = E_NOMEM;
                    return false;
                }
                int rc = regcomp(&w->re, pat.buf, REG_EXTENDED | REG_NOSUB);
                sb_release(&pat);
                if (rc != 0) /* invalid: match and !match are both false, as Souffle */
                    return false;
                w->re_ok = true;
                w->re_pat = (Sym)a;
            }
            re = &w->re;
        }
        size_t start = w->tmp.len;
        sym_append(w, b);
        bool r = regexec(re, w->tmp.buf + start, 0, NULL, 0) == 0;
        sb_truncate(&w->tmp, start);
        return op->cmp == DL_CMP_MATCH ? r : !r;
    }
    }
    return false;
}

static void emit(Worker *w, const DlOp *op, const DlValue *t) {
    uint32_t rel = op->rel;
    DlRel *r = w->p->rels[rel];
    Status st;
    DlValue tf[64];
    if (w->filter) {
        memcpy(tf, t, r->arity * sizeof *t);
        if (w->filter(w->filter_arg, rel, tf))
            return;
        t = tf;
    }
    if (r->arity) {
        /* buffered; the phase's end sorts the buffers and drops what R holds */
        DlValue key[64];
        const uint32_t *ord = r->idx[0].order;
        for (uint32_t k = 0; k < r->arity; k++)
            key[k] = t[ord[k]];
        DlBuf *b = &w->bufs[rel];
        if (!b->arity)
            dl_buf_init(b, r->arity, r->mem);
        st = dl_buf_push(b, key, r);
        if (st != OK)
            w->st = st;
        return;
    }
    if (w->check && r->n)
        return;
    DlRel *o = w->out[rel];
    if (!o) {
        /* a worker's own buffer: plain (an eqrel closes when merged into R) */
        st = dl_rel_new(&w->out[rel], r->arity, &w->p->relplans[rel], false, r->mem);
        if (st != OK) {
            w->st = st;
            return;
        }
        o = w->out[rel];
    }
    st = dl_rel_insert(o, t, NULL);
    if (st != OK)
        w->st = st;
}

static inline bool match_row(const DlOp *op, const DlValue *t, DlValue *env) {
    for (uint32_t j = 0; j < op->arity; j++) {
        const DlCol *c = &op->cols[j];
        if (c->act == DL_COL_BIND)
            env[c->slot] = t[j];
        else if (c->act == DL_COL_CHECK && env[c->slot] != t[j])
            return false;
    }
    return true;
}

static void exec(Worker *w, const DlOp *op);

static void agg_fold(Worker *w, AggAcc *a, const DlAgg *g) {
    DlValue v = 0;
    if (g->target && !eval(w, g->target, &v))
        return;
    switch (g->op) {
    case DL_AGG_COUNT: break;
    case DL_AGG_SUM:
        if (a->kind == DL_KIND_FLOAT)
            a->acc = from_f(as_f(a->acc) + as_f(v));
        else
            a->acc += v;
        break;
    case DL_AGG_MIN:
        if (!a->count || cmp_vals(w, a->kind, v, a->acc) < 0)
            a->acc = v;
        break;
    case DL_AGG_MAX:
        if (!a->count || cmp_vals(w, a->kind, v, a->acc) > 0)
            a->acc = v;
        break;
    }
    a->count++;
}

static int row_cmp(const DlValue *a, const DlValue *b, uint32_t k) {
    for (uint32_t i = 0; i < k; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Folds the distinct rows of a materialised body: sorts row indices (merge sort), then
 * sets the variables of each distinct row and folds it. */
static void agg_fold_rows(Worker *w, AggAcc *a, const DlAgg *g) {
    uint32_t k = g->ndvars;
    size_t n = a->nrows;
    size_t *ix = mem_alloc(sizeof(size_t) * (n + 1)), *tmp = mem_alloc(sizeof(size_t) * (n + 1));
    if (!ix || !tmp) {
        mem_free(ix);
        mem_free(tmp);
        w->st = E_NOMEM;
        return;
    }
    for (size_t i = 0; i < n; i++)
        ix[i] = i;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                tmp[o++] = row_cmp(a->rows + ix[j] * k, a->rows + ix[i] * k, k) < 0 ? ix[j++]
                                                                                 : ix[i++];
            while (i < mid)
                tmp[o++] = ix[i++];
            while (j < hi)
                tmp[o++] = ix[j++];
        }
        size_t *t = ix;
        ix = tmp;
        tmp = t;
    }
    for (size_t i = 0; i < n && w->st == OK; i++) {
        const DlValue *r = a->rows + ix[i] * k;
        if (i && row_cmp(r, a->rows + ix[i - 1] * k, k) == 0)
            continue;
        for (uint32_t j = 0; j < k; j++)
            w->env[g->dvars[j]] = r[j];
        agg_fold(w, a, g);
    }
    mem_free(ix);
    mem_free(tmp);
}

static void exec_agg(Worker *w, const DlOp *op) {
    const DlAgg *g = op->agg;
    AggAcc acc = {0, 0, DL_KIND_NUMBER, g->op, NULL, 0, 0};
    if (g->target)
        acc.kind = (DlKind)g->target->ty;
    if (g->op == DL_AGG_SUM && acc.kind == DL_KIND_FLOAT)
        acc.acc = from_f(0.0);
    AggAcc *saved = w->agg;
    w->agg = &acc;
    exec(w, op->sub);
    w->agg = saved;
    if (w->st == OK && g->dvars)
        agg_fold_rows(w, &acc, g);
    mem_free(acc.rows);
    if (w->st != OK)
        return;
    DlValue result;
    if (g->op == DL_AGG_COUNT)
        result = acc.count;
    else if (g->op == DL_AGG_SUM)
        result = acc.acc;
    else {
        if (!acc.count)
            return; /* min/max over nothing: no value */
        result = acc.acc;
    }
    if (op->delta) {
        if (w->env[op->slot] != result)
            return;
    } else
        w->env[op->slot] = result;
    exec(w, op + 1);
}

static void agg_step(Worker *w, const DlOp *op) {
    AggAcc *a = w->agg;
    const DlAgg *g = op->agg;
    if (g->dvars) { /* materialised: keep the row, fold the distinct ones at the end */
        uint32_t k = g->ndvars;
        if (a->nrows == a->cap) {
            size_t cap = a->cap ? a->cap * 2 : 64;
            DlValue *r = mem_realloc(a->rows, sizeof(DlValue) * k * cap + 1);
            if (!r) {
                w->st = E_NOMEM;
                return;
            }
            a->rows = r;
            a->cap = cap;
        }
        for (uint32_t j = 0; j < k; j++)
            a->rows[a->nrows * k + j] = w->env[g->dvars[j]];
        a->nrows++;
        return;
    }
    agg_fold(w, a, g);
}

static inline DlRel *op_rel(Worker *w, const DlOp *op) {
    return op->delta ? w->delta[op->rel] : w->p->rels[op->rel];
}

/* Runs the rest of the plan for `count` tuples of op's index from cursor c (SIZE_MAX:
 * to the end). */
/* Whether the run was interrupted (checked every 64K rows, so that a signal stops a
 * long join within a fraction of a second, not only between iterations). */
static uint64_t now_ns(void);
/* Whether a run must stop now: a signal arrived (a handler sets *interrupt) or the time
 * budget (deadline, 0: none) is spent. */
static bool stop_now(const volatile int *interrupt, uint64_t deadline) {
    return (interrupt && __atomic_load_n(interrupt, __ATOMIC_RELAXED)) ||
           (deadline && now_ns() >= deadline);
}
static inline bool interrupted(Worker *w) {
    if ((++w->tick & 0xFFFFu) || !stop_now(w->interrupt, w->deadline))
        return false;
    w->st = E_LIMIT;
    return true;
}

/* A keys-only op's row: its prefix (the index's order ends with the set column) goes to
 * ukey in declared order. */
static inline void keep_prefix(Worker *w, const DlOp *op, const DlValue *t) {
    const uint32_t *ord = w->p->relplans[op->rel].idx[op->index].cols;
    for (uint32_t k = 0; k + 1 < op->arity; k++)
        w->ukey[ord[k]] = t[k];
}

/* Moves c past the rows whose first len words are those of the row under it (at most
 * *count rows in all); false at the end. */
static inline bool skip_prefix(const DlRel *r, uint32_t len, DlCursor *c, size_t *count) {
    const DlValue *t = dl_cursor_tuple(r, c);
    for (;;) {
        if (!--*count || !dl_cursor_next(r, c))
            return false;
        if (!dl_vals_eq(dl_cursor_tuple(r, c), t, len))
            return true;
    }
}

/* Membership of a tuple (in the op's index order) in a relation stored as sets. */
static bool set_contains(Worker *w, const DlOp *op, const DlRel *r, const DlValue *t) {
    const uint32_t *ord = w->p->relplans[op->rel].idx[op->index].cols;
    DlValue d[64];
    for (uint32_t k = 0; k < r->arity; k++)
        d[ord[k]] = t[k];
    return dl_setmap_has(r->set, d);
}

/* exec_set for a DlOp.dmember op: the members of every key it visits (those whose first
 * nk words equal key), each once: a single key's set as it is, several keys' union. */
static void exec_set_union(Worker *w, const DlOp *op, const DlRel *r, DlCursor c,
                           size_t count, const DlValue *key, uint32_t nk) {
    const DlRel *K = r->keys;
    uint32_t kl = op->arity - 1;
    const uint32_t *ord = w->p->relplans[op->rel].idx[op->index].cols;
    DlValue t[64], dk[64];
    const DlBits *one = NULL;
    DlBits *u = &w->uscr[w->udepth];
    bool several = false;
    Status st = OK;
    if (!w->umap && (st = dl_setmap_new(&w->umap, 0, NULL)) != OK) {
        w->st = st;
        return;
    }
    do {
        const DlValue *kt = dl_cursor_tuple(K, &c);
        if (!dl_vals_eq(kt, key, nk))
            break;
        for (uint32_t k = 0; k < kl; k++)
            dk[ord[k]] = t[k] = kt[k];
        const DlBits *b = dl_setmap_get(r->set, dk);
        if (!b || !b->count)
            continue;
        if (!one) {
            one = b;
            continue;
        }
        if (!several) { /* a second set: the union, from the first */
            if (u->cap)
                memset(u->slot, 0, sizeof *u->slot * 2 * (size_t)u->cap);
            u->nblk = 0;
            u->count = 0;
            several = true;
            uint32_t i = 0;
            uint64_t blk, word, added;
            while (st == OK && dl_bits_next_word(one, &i, &blk, &word))
                st = dl_bits_or(w->umap, u, blk, word, &added);
        }
        uint32_t i = 0;
        uint64_t blk, word, added;
        while (st == OK && dl_bits_next_word(b, &i, &blk, &word))
            st = dl_bits_or(w->umap, u, blk, word, &added);
        if (st != OK) {
            w->st = st;
            return;
        }
    } while (skip_prefix(K, kl, &c, &count));
    if (!one || interrupted(w))
        return;
    w->udepth++;
    DlBitsIter it = {several ? u : one, 0, 0, 0};
    while (dl_bits_next(&it, &t[kl]))
        if (match_row(op, t, w->env)) {
            exec(w, op + 1);
            if (w->st != OK)
                break;
        }
    w->udepth--;
}

/* The rows of a relation stored as sets, for count rows of its keys' index from c (those
 * whose first nk words equal key): each key's members, as tuples in the op's order (which
 * ends with the member). A keys-only op visits each key once. */
static void exec_set(Worker *w, const DlOp *op, const DlRel *r, DlCursor c, size_t count,
                     const DlValue *key, uint32_t nk) {
    const DlRel *K = r->keys;
    uint32_t kl = op->arity - 1;
    const uint32_t *ord = w->p->relplans[op->rel].idx[op->index].cols;
    /* distinct prefixes within the keys: the next group; else the next key */
    uint32_t step = op->dprefix && op->dprefix < kl ? op->dprefix : kl;
    DlValue t[64], dk[64];
    t[kl] = 0;
    if (op->dmember && w->udepth < 4) {
        exec_set_union(w, op, r, c, count, key, nk);
        return;
    }
    do {
        if (interrupted(w))
            return;
        const DlValue *kt = dl_cursor_tuple(K, &c);
        if (!dl_vals_eq(kt, key, nk))
            return;
        for (uint32_t k = 0; k < kl; k++)
            dk[ord[k]] = t[k] = kt[k];
        const DlBits *b = dl_setmap_get(r->set, dk);
        if (!b)
            continue;
        if (op->dprefix) { /* keys-only, or distinct prefixes: each key (group) once */
            if (match_row(op, t, w->env)) {
                if (op->keys_only) {
                    DL_MEMCPY(w->ukey, dk, sizeof(DlValue) * kl);
                    w->uset = b;
                }
                exec(w, op + 1);
                if (w->st != OK || op->once)
                    return;
            }
            continue;
        }
        DlBitsIter it = {b, 0, 0, 0};
        while (dl_bits_next(&it, &t[kl]))
            if (match_row(op, t, w->env)) {
                exec(w, op + 1);
                if (w->st != OK || op->once)
                    return;
            }
    } while (skip_prefix(K, step, &c, &count));
}

/* A row of a scan or lookup: when it matches, (a keys-only op: its prefix to ukey) the rest
 * of the plan. false: stop (an error, or an op that needs one match). */
static inline bool visit_row(Worker *w, const DlOp *op, const DlValue *t) {
    if (!match_row(op, t, w->env))
        return true;
    if (op->keys_only) {
        keep_prefix(w, op, t);
        w->uset = NULL;
    }
    exec(w, op + 1);
    return w->st == OK && !op->once;
}

static void exec_scan(Worker *w, const DlOp *op, DlCursor c, size_t count) {
    const DlRel *r = op_rel(w, op);
    if (r->set) {
        exec_set(w, op, r, c, count, NULL, 0);
        return;
    }
    do {
        if (interrupted(w) || !visit_row(w, op, dl_cursor_tuple(r, &c)))
            return;
    } while (op->dprefix ? skip_prefix(r, op->dprefix, &c, &count)
                         : --count && dl_cursor_next(r, &c));
}

/* Sets no larger than this are emitted member by member, unfiltered (the buffer drops
 * what R holds): a lookup in the head's mirror and the worker's own would cost more. */
#define SET_SMALL 4

/* The head's set (the head columns but the last) ∪= the set of the keys-only op's prefix
 * (ukey) in set_rel, or in its delta: emits the members that neither the head's mirror
 * (R at the start of the phase) nor this worker's earlier unions in the phase hold. */
static void union_into(Worker *w, const DlOp *op, DlValue *t, const DlBits *sb);
static void exec_union(Worker *w, const DlOp *op) {
    uint32_t har = op->arity;
    DlValue t[64];
    for (uint32_t j = 0; j + 1 < har; j++)
        if (!eval(w, op->head[j], &t[j]))
            return;
    const DlBits *sb = w->uset;
    if (!sb) {
        const DlSetMap *sm = op->set_delta ? w->dmirror[op->set_rel] : w->mirror[op->set_rel];
        sb = sm ? dl_setmap_get(sm, w->ukey) : NULL;
    }
    union_into(w, op, t, sb);
}

/* The head's set of t (its columns but the last) ∪= sb, as exec_union. */
static void union_into(Worker *w, const DlOp *op, DlValue *t, const DlBits *sb) {
    uint32_t har = op->arity;
    if (!sb || !sb->count)
        return;
    if (sb->count <= SET_SMALL) {
        DlBitsIter it = {sb, 0, 0, 0};
        while (dl_bits_next(&it, &t[har - 1])) {
            emit(w, op, t);
            if (w->st != OK)
                return;
        }
        return;
    }
    const DlSetMap *hm = w->mirror[op->rel];
    const DlBits *hb = hm ? dl_setmap_get(hm, t) : NULL;
    Status st;
    if (!w->local[op->rel]) {
        st = dl_setmap_new(&w->local[op->rel], har - 1, w->p->rels[op->rel]->mem);
        if (st != OK) {
            w->st = st;
            return;
        }
    }
    DlSetMap *lm = w->local[op->rel];
    DlBits *lb;
    st = dl_setmap_add(lm, t, &lb);
    if (st != OK) {
        w->st = st;
        return;
    }
    uint32_t si = 0;
    uint64_t blk, m;
    while (dl_bits_next_word(sb, &si, &blk, &m)) {
        if (hb)
            m &= ~dl_bits_word(hb, blk);
        if (!m)
            continue;
        st = dl_bits_or(lm, lb, blk, m, &m);
        if (st != OK) {
            w->st = st;
            return;
        }
        for (; m; m &= m - 1) {
            t[har - 1] = blk << 6 | (uint64_t)__builtin_ctzll(m);
            emit(w, op, t);
            if (w->st != OK)
                return;
        }
    }
}

static void exec(Worker *w, const DlOp *op) {
    DlValue *env = w->env;
    switch (op->kind) {
    case DL_OP_SCAN: {
        DlCursor c;
        const DlRel *r = op_rel(w, op);
        if (r && dl_rel_first(r->set ? r->keys : r, (uint32_t)op->index, &c))
            exec_scan(w, op, c, SIZE_MAX);
        return;
    }
    case DL_OP_LOOKUP: {
        const DlRel *r = op_rel(w, op);
        if (!r)
            return;
        DlValue key[64];
        uint32_t nk = op->nkey;
        for (uint32_t k = 0; k < nk; k++)
            key[k] = env[op->key[k]];
        if (op->keys_only && nk + 1 == op->arity) {
            /* the key is the whole prefix: its set, from the mirror, instead of a search */
            const uint32_t *ord = w->p->relplans[op->rel].idx[op->index].cols;
            for (uint32_t k = 0; k < nk; k++)
                w->ukey[ord[k]] = key[k];
            const DlSetMap *sm = op->delta ? w->dmirror[op->rel] : w->mirror[op->rel];
            const DlBits *b = sm ? dl_setmap_get(sm, w->ukey) : NULL;
            if (!b || !b->count)
                return;
            w->uset = b;
            exec(w, op + 1);
            return;
        }
        DlCursor c;
        if (r->set) {
            if (dl_rel_seek(r->keys, (uint32_t)op->index, key, nk, &c, hint_for(w, op)))
                exec_set(w, op, r, c, SIZE_MAX, key, nk);
            return;
        }
        if (!dl_rel_seek(r, (uint32_t)op->index, key, nk, &c, hint_for(w, op)))
            return;
        size_t count = SIZE_MAX;
        do {
            const DlValue *t = dl_cursor_tuple(r, &c);
            if (!dl_vals_eq(t, key, nk) || interrupted(w) || !visit_row(w, op, t))
                return;
        } while (op->dprefix ? skip_prefix(r, op->dprefix, &c, &count) : dl_cursor_next(r, &c));
        return;
    }
    case DL_OP_EXISTS: {
        const DlRel *r = op_rel(w, op);
        if (!r)
            return;
        if (r->arity == 0) {
            if (r->n)
                exec(w, op + 1);
            return;
        }
        DlValue t[64];
        for (uint32_t k = 0; k < r->arity; k++)
            t[k] = env[op->key[k]];
        if (r->set ? set_contains(w, op, r, t)
                   : dl_rel_contains_ix(r, (uint32_t)op->index, t, hint_for(w, op)))
            exec(w, op + 1);
        return;
    }
    case DL_OP_NOT: {
        const DlRel *r = w->p->rels[op->rel];
        if (r->arity == 0 || op->nkey == 0) {
            if (!r->n)
                exec(w, op + 1);
            return;
        }
        DlValue key[64];
        for (uint32_t k = 0; k < op->nkey; k++)
            key[k] = env[op->key[k]];
        DlCursor c;
        if (r->set ? (op->nkey == r->arity
                          ? set_contains(w, op, r, key)
                          : dl_rel_seek(r->keys, (uint32_t)op->index, key, op->nkey, &c,
                                        hint_for(w, op)))
                   : op->nkey == r->arity
                         ? dl_rel_contains_ix(r, (uint32_t)op->index, key, hint_for(w, op))
                         : dl_rel_seek(r, (uint32_t)op->index, key, op->nkey, &c,
                                       hint_for(w, op)))
            return;
        exec(w, op + 1);
        return;
    }
    case DL_OP_FILTER:
        if (filter(w, op))
            exec(w, op + 1);
        return;
    case DL_OP_LET:
        if (eval(w, op->rhs, &env[op->slot]))
            exec(w, op + 1);
        return;
    case DL_OP_AGG: exec_agg(w, op); return;
    case DL_OP_AGG_STEP: agg_step(w, op); return;
    case DL_OP_RANGE: {
        uint64_t k = w->srank[env[op->slot]];
        if (k >= w->slo && k < w->shi)
            exec(w, op + 1);
        return;
    }
    case DL_OP_EMIT: {
        if (op->set_union) {
            exec_union(w, op);
            return;
        }
        DlValue t[64];
        for (uint32_t j = 0; j < op->arity; j++)
            if (!eval(w, op->head[j], &t[j]))
                return;
        emit(w, op, t);
        return;
    }
    }
}

static Status worker_env(Worker *w, const DlPlanRule *r) {
    if (w->env_cap < r->nenv + 1) {
        DlValue *e = mem_realloc(w->env, sizeof(DlValue) * (r->nenv + 1));
        if (!e)
            return E_NOMEM;
        w->env = e;
        w->env_cap = r->nenv + 1;
    }
    DL_MEMCPY(w->env, r->init, sizeof(DlValue) * r->nenv);
    return OK;
}

/* An inclusion rule's delta version (DlPlanRule.incl) over its collapsed graph: each key
 * x of the head's delta unions its delta set into the sets of the nodes x's values go
 * to; then each new star edge carries what its source holds. */
static void run_incl(Worker *w, const DlPlanRule *r) {
    const DlIncl *g = r->incl_rt;
    const DlOp *em = &r->ops[r->nops - 1];
    const DlSetMap *dm = w->dmirror[r->head_rel];
    DlValue t[2];
    for (uint32_t k = 0; dm && k < dm->n; k++) {
        const DlBits *sb = &dm->sets[k];
        uint32_t a = sb->count ? dl_incl_node(g, dm->keys[k]) : UINT32_MAX;
        if (a == UINT32_MAX)
            continue;
        for (size_t i = 0;; i++) {
            uint32_t b = dl_incl_targets(g, a, i);
            if (b == UINT32_MAX)
                break;
            if (b == a)
                continue;
            t[0] = dl_incl_value(g, b);
            union_into(w, em, t, sb);
            if (w->st != OK)
                return;
        }
    }
    size_t np;
    const DlValue *pv = dl_incl_pending(g, &np);
    const DlSetMap *hm = w->mirror[r->head_rel];
    for (size_t i = 0; hm && i < np; i++) {
        t[0] = pv[2 * i + 1];
        union_into(w, em, t, dl_setmap_get(hm, &pv[2 * i]));
        if (w->st != OK)
            return;
    }
}

/* Runs one rule; when ranged, its first op is a SCAN limited to `count` tuples from c. */
static Status run_rule(Worker *w, const DlPlanRule *r, bool ranged, DlCursor c, size_t count) {
    Status st = worker_env(w, r);
    if (st != OK)
        return st;
    w->st = OK;
    if (r->incl_rt) {
        run_incl(w, r);
        return w->st;
    }
    memset(w->hints, 0, sizeof w->hints);
    if (ranged)
        exec_scan(w, &r->ops[0], c, count);
    else
        exec(w, r->ops);
    return w->st;
}

static void free_rels(DlRel **v, size_t n) {
    for (size_t i = 0; v && i < n; i++) {
        dl_rel_free(v[i]);
        v[i] = NULL;
    }
}

static void worker_release(Worker *w) {
    if (w->bufs)
        for (size_t i = 0; i < w->p->decls.len; i++)
            dl_buf_release(&w->bufs[i]);
    mem_free(w->bufs);
    mem_free(w->env);
    sb_release(&w->tmp);
    if (w->re_ok)
        regfree(&w->re);
    if (w->own_out) {
        free_rels(w->out, w->p->decls.len);
        mem_free(w->out);
    }
    for (size_t i = 0; w->local && i < w->p->decls.len; i++)
        dl_setmap_free(w->local[i]);
    mem_free(w->local);
    for (size_t i = 0; i < ARRAY_LEN(w->uscr); i++)
        mem_free(w->uscr[i].slot);
    dl_setmap_free(w->umap);
}

/* Drops what a worker's unions emitted (at the start of a phase). */
static void reset_local(Worker *w) {
    for (size_t i = 0; w->local && i < w->p->decls.len; i++) {
        dl_setmap_free(w->local[i]);
        w->local[i] = NULL;
    }
}

/* ---- parallel phases ------------------------------------------------------------- */

typedef struct Task {
    const DlPlanRule *rule;
    DlCursor c;      /* ranged: first tuple of the chunk */
    size_t count;    /* ranged: tuples in the chunk */
    bool ranged;
} Task;

typedef struct Pool {
    Task *tasks;
    size_t ntasks;
    size_t next;
    pthread_mutex_t mu;
    Status st;
} Pool;

typedef struct Thread {
    Worker w;
    Pool *pool;
    pthread_t th;
} Thread;

static void *thread_main(void *arg) {
    Thread *t = arg;
    Pool *pool = t->pool;
    for (;;) {
        pthread_mutex_lock(&pool->mu);
        bool stop = pool->st != OK || pool->next >= pool->ntasks;
        size_t i = pool->next++;
        pthread_mutex_unlock(&pool->mu);
        if (stop)
            break;
        const Task *tk = &pool->tasks[i];
        Status st = run_rule(&t->w, tk->rule, tk->ranged, tk->c, tk->count);
        if (st != OK) {
            pthread_mutex_lock(&pool->mu);
            if (pool->st == OK)
                pool->st = st;
            pthread_mutex_unlock(&pool->mu);
        }
    }
    /* sort this worker's buffers here, in parallel (the relations are still read-only) */
    Worker *w = &t->w;
    for (size_t rel = 0; rel < w->p->decls.len; rel++) {
        if (!w->bufs[rel].n)
            continue;
        Status st = dl_buf_compact(&w->bufs[rel], w->p->rels[rel]);
        if (st != OK) {
            pthread_mutex_lock(&pool->mu);
            if (pool->st == OK)
                pool->st = st;
            pthread_mutex_unlock(&pool->mu);
            break;
        }
    }
    return NULL;
}

typedef struct Eval {
    DlProgram *p;
    unsigned jobs;
    size_t par_min;  /* smallest phase (tuples scanned first) worth running in parallel */
    size_t merge_min; /* smallest batch merged or built by key ranges in parallel */
    Worker main;
    Thread *threads;
    Vec(Task) tasks;
    DlRel **delta;   /* per relation: the current delta (may be the relation itself) */
    DlRel **news;    /* per relation: tuples derived in this iteration, not in R */
    FILE *profile;   /* per-rule profile wanted (phases run sequentially) */
    /* set at a time: the mirrors the unions read (DlOp.set_union) */
    DlSetMap **mirror;  /* per relation: R as sets, from the first stratum that needs it to
                           the last (mlast); kept up to date while R grows */
    DlSetMap **dmirror; /* per relation: its delta as sets (the first delta: mirror itself) */
    uint32_t *mlast;    /* per relation: the last stratum needing its mirror (UINT32_MAX:
                           none) */
    bool *dneed;        /* per relation: the current stratum reads its delta as sets */
    uint64_t deadline;  /* DlRunOptions.max_seconds as a now_ns() time, or 0 */
    uint32_t cur_s, cur_it; /* the stratum and iteration running (for the time-out report) */
    pthread_mutex_t mu;     /* the symbol table's lock while threads run (jobs > 1) */
    bool mu_init;
} Eval;

/* Adds a tuple in index 0's order of r (or of a relation with r's orders) to m. */
static Status mirror_put(DlSetMap *m, const DlRel *r, const DlValue *t, DlSetCursor *c) {
    DlValue d[64];
    for (uint32_t k = 0; k < r->arity; k++)
        d[k] = dl_rel_col0(r, t, k);
    return dl_setmap_put(m, d, c, NULL);
}

/* m ∪= the tuples of r. */
static Status mirror_add_rel(DlSetMap *m, const DlRel *r) {
    Status st = OK;
    DlCursor c;
    DlSetCursor sc = {0};
    if (!r || !dl_rel_first(r, 0, &c))
        return OK;
    do
        st = mirror_put(m, r, dl_cursor_tuple(r, &c), &sc);
    while (st == OK && dl_cursor_next(r, &c));
    return st;
}

/* m ∪= the tuples of a buffer for r (index 0's order). */
static Status mirror_add_buf(DlSetMap *m, const DlRel *r, const DlBuf *b) {
    Status st = OK;
    DlSetCursor sc = {0};
    for (size_t i = 0; i < b->n && st == OK; i++)
        st = mirror_put(m, r, b->v + i * b->arity, &sc);
    return st;
}

/* The mirrors a stratum's unions read, built from the relations where missing. */
static Status mirrors_for(Eval *ev, const DlStratum *sv) {
    DlProgram *p = ev->p;
    for (uint32_t i = 0; i < sv->nrec; i++) {
        const DlOp *e = &sv->rec[i].ops[sv->rec[i].nops - 1];
        if (!e->set_union)
            continue;
        uint32_t rels[2] = {e->rel, e->set_rel};
        for (int k = 0; k < 2; k++) {
            uint32_t rel = rels[k];
            if (ev->mirror[rel])
                continue;
            if (p->rels[rel]->set) { /* stored as sets: its own */
                ev->mirror[rel] = p->rels[rel]->set;
                continue;
            }
            Status st = dl_setmap_new(&ev->mirror[rel], p->decls.v[rel].arity - 1, &p->mem);
            if (st == OK)
                st = mirror_add_rel(ev->mirror[rel], p->rels[rel]);
            if (st != OK)
                return st;
        }
        if (e->set_delta)
            ev->dneed[e->set_rel] = true;
    }
    return OK;
}

/* Frees a mirror (not the sets a relation is stored as). */
static void drop_mirror(Eval *ev, uint32_t rel) {
    if (ev->mirror[rel] && !(ev->p->rels[rel] && ev->p->rels[rel]->set == ev->mirror[rel]))
        dl_setmap_free(ev->mirror[rel]);
    ev->mirror[rel] = NULL;
}

static void free_dmirror(Eval *ev, uint32_t rel) {
    if (ev->dmirror[rel] != ev->mirror[rel])
        dl_setmap_free(ev->dmirror[rel]);
    ev->dmirror[rel] = NULL;
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Tuples a worker has emitted into rel in this phase so far. */
static size_t out_count(const Worker *w, uint32_t rel) {
    if (w->bufs[rel].arity)
        return w->bufs[rel].n;
    return w->out[rel] ? w->out[rel]->n : 0;
}

/* A version whose delta is empty derives nothing: skipped without running the atoms its
 * plan puts before the delta (a `.plan` or the written order may put it late). */
static bool delta_empty(const Eval *ev, const DlPlanRule *r) {
    size_t np = 0;
    if (r->delta_lit < 0 || (r->incl_rt && (dl_incl_pending(r->incl_rt, &np), np)))
        return false;
    for (uint32_t i = 0; i < r->nops; i++) {
        const DlOp *op = &r->ops[i];
        if (op->delta && (op->kind == DL_OP_SCAN || op->kind == DL_OP_LOOKUP)) {
            const DlRel *d = ev->delta[op->rel];
            return !d || d->n == 0;
        }
    }
    return false;
}

/* Size of the scan a rule starts with (0 when it does not start with a scan, or when its
 * delta is empty). */
static size_t scan_size(Eval *ev, const DlPlanRule *r) {
    if (delta_empty(ev, r))
        return 0;
    const DlOp *op = &r->ops[0];
    if (op->kind != DL_OP_SCAN)
        return 0;
    const DlRel *rel = op->delta ? ev->delta[op->rel] : ev->p->rels[op->rel];
    if (rel && rel->set)
        rel = rel->keys; /* its scans go by keys */
    return rel ? rel->n : 0;
}

/* Folds a worker's buffer for relation rel into *dst (taking it over when *dst is NULL). */
static Status fold(DlRel **dst, DlRel **buf) {
    Status st = OK;
    if (!*buf)
        return OK;
    if (!*dst) {
        *dst = *buf;
        *buf = NULL;
        return OK;
    }
    if ((*dst)->n < (*buf)->n) { /* merge the smaller into the larger */
        DlRel *t = *dst;
        *dst = *buf;
        *buf = t;
    }
    st = dl_rel_merge(*dst, *buf);
    dl_rel_free(*buf);
    *buf = NULL;
    return st;
}

/* The end of a phase: every relation's buffered tuples (the main worker's and, when
 * threaded, the workers' own, already compacted) are merged into one sorted run without
 * what R holds, which fills new (recursive iteration) or is merged into R. */
static Status flush_bufs(Eval *ev, bool rec, bool threaded) {
    Status st = OK;
    DlProgram *p = ev->p;
    DlBuf runs[65];
    for (size_t rel = 0; rel < p->decls.len; rel++) {
        DlBuf *dst = &ev->main.bufs[rel];
        DlRel *R = p->rels[rel];
        if (rec && threaded) {
            /* the workers' runs are compacted against R: new is built from them at once,
             * key ranges in parallel */
            unsigned nr = 0;
            if (dst->n) {
                TRY(dl_buf_compact(dst, R));
                runs[nr++] = *dst;
                dl_buf_init(dst, runs[0].arity, runs[0].mem);
            }
            for (unsigned i = 0; i < ev->jobs; i++) {
                DlBuf *b = &ev->threads[i].w.bufs[rel];
                if (!b->n)
                    continue;
                runs[nr++] = *b;
                dl_buf_init(b, b->arity, b->mem);
            }
            if (nr)
                TRY(dl_rel_from_bufs(ev->news[rel], runs, nr, ev->jobs, ev->merge_min));
            continue;
        }
        for (unsigned i = 0; threaded && i < ev->jobs; i++) {
            DlBuf *b = &ev->threads[i].w.bufs[rel];
            if (!b->n)
                continue;
            if (!dst->n) {
                dl_buf_release(dst);
                *dst = *b;
                dl_buf_init(b, dst->arity, dst->mem);
            } else
                TRY(dl_buf_merge(dst, b));
        }
        if (!dst->n)
            continue;
        if (rec) {
            TRY(dl_buf_compact(dst, R));
            TRY(dl_rel_from_buf(ev->news[rel], dst));
        } else if (R->set) {
            st = dl_rel_set_add(R, dst->v, dst->n);
            dl_buf_release(dst);
            TRY(st);
        } else {
            if (ev->mirror[rel])
                TRY(mirror_add_buf(ev->mirror[rel], R, dst));
            TRY(dl_rel_add_buf(R, dst, &p->relplans[rel]));
        }
    }
fail:
    return st;
}

/* Runs the rules of one phase. rec: the emits go to ev->news (recursive iteration);
 * otherwise to the relations themselves. */
static Status run_phase(Eval *ev, const DlPlanRule *rules, uint32_t n, bool rec) {
    Status st = OK;
    DlProgram *p = ev->p;
    size_t total = 0;
    for (uint32_t i = 0; i < n; i++)
        total += scan_size(ev, &rules[i]);
    reset_local(&ev->main);
    for (unsigned i = 0; ev->threads && i < ev->jobs; i++)
        reset_local(&ev->threads[i].w);
    if (ev->jobs <= 1 || total < ev->par_min || ev->profile) {
        ev->main.out = rec ? ev->news : p->rels;
        ev->main.check = rec; /* recursive: only tuples R lacks go to new */
        ev->main.delta = ev->delta;
        DlCursor none = {0};
        for (uint32_t i = 0; i < n; i++) {
            if (rec && delta_empty(ev, &rules[i]))
                continue;
            if (!ev->profile) {
                TRY(run_rule(&ev->main, &rules[i], false, none, 0));
                continue;
            }
            DlPlanRule *r = (DlPlanRule *)&rules[i];
            size_t before = out_count(&ev->main, r->head_rel);
            uint64_t t0 = now_ns();
            st = run_rule(&ev->main, r, false, none, 0);
            r->prof_ns += now_ns() - t0;
            size_t after = out_count(&ev->main, r->head_rel);
            if (after > before) /* a buffer compacted mid-rule can shrink */
                r->prof_out += after - before;
            r->prof_runs++;
            TRY(st);
        }
        return flush_bufs(ev, rec, false);
    }
    ev->tasks.len = 0;
    size_t chunk = total / (ev->jobs * 8) + 256;
    for (uint32_t i = 0; i < n; i++) {
        const DlOp *op = &rules[i].ops[0];
        if (rec && delta_empty(ev, &rules[i]))
            continue;
        if (op->kind != DL_OP_SCAN || rules[i].incl_rt) {
            Task t = {&rules[i], {0}, 0, false};
            TRY(vec_push(&ev->tasks, t));
            continue;
        }
        const DlRel *r = op->delta ? ev->delta[op->rel] : p->rels[op->rel];
        if (r && r->set)
            r = r->keys;
        DlCursor c;
        if (!r || !dl_rel_first(r, (uint32_t)op->index, &c))
            continue;
        /* cut the leaf chain into chunks of about `chunk` tuples */
        for (;;) {
            Task t = {&rules[i], c, 0, true};
            t.count = dl_cursor_skip(&c, chunk);
            TRY(vec_push(&ev->tasks, t));
            if (!c.leaf)
                break;
        }
    }
    Pool pool = {ev->tasks.v, ev->tasks.len, 0, PTHREAD_MUTEX_INITIALIZER, OK};
    unsigned started = 0;
    for (unsigned i = 0; i < ev->jobs; i++) {
        Worker *w = &ev->threads[i].w;
        w->check = rec;
        w->delta = ev->delta;
        ev->threads[i].pool = &pool;
        if (pthread_create(&ev->threads[i].th, NULL, thread_main, &ev->threads[i]) != 0)
            break;
        started++;
    }
    if (!started)
        thread_main(&ev->threads[0]);
    for (unsigned i = 0; i < started; i++)
        pthread_join(ev->threads[i].th, NULL);
    pthread_mutex_destroy(&pool.mu);
    st = pool.st;
    /* gather the workers' buffers */
    for (size_t rel = 0; rel < p->decls.len; rel++)
        for (unsigned i = 0; i < ev->jobs; i++) {
            DlRel **buf = &ev->threads[i].w.out[rel];
            if (!*buf)
                continue;
            if (st == OK && rec)
                st = fold(&ev->news[rel], buf);
            else if (st == OK)
                st = dl_rel_merge(p->rels[rel], *buf);
            dl_rel_free(*buf);
            *buf = NULL;
        }
    if (st == OK)
        st = flush_bufs(ev, rec, true);
fail:
    return st;
}

/* End of an iteration: R ∪= new, delta = new (new holds only tuples R lacked). The
 * merges into R run together at the end (dl_rel_merge_many). */
static Status advance(Eval *ev, const DlStratum *sv) {
    Status st = OK;
    DlProgram *p = ev->p;
    DlRel *dst[64], *src[64];
    size_t nm = 0;
    for (uint32_t i = 0; i < sv->nrels; i++) {
        uint32_t rel = sv->rels[i];
        DlRel *R = p->rels[rel], *nw = ev->news[rel];
        ev->news[rel] = NULL;
        if (ev->delta[rel] != R)
            dl_rel_free(ev->delta[rel]);
        ev->delta[rel] = NULL;
        free_dmirror(ev, rel);
        if (!nw || !nw->n) {
            dl_rel_free(nw);
            continue;
        }
        st = dl_rel_new(&ev->delta[rel], R->arity, &p->relplans[rel], false, &p->mem);
        if (st == OK && R->eqrel) {
            /* the closure adds more than new: the delta is what R gained */
            R->log = ev->delta[rel];
            st = dl_rel_merge(R, nw);
            R->log = NULL;
        } else if (st == OK) {
            /* new holds only tuples R lacked: it is the next delta */
            dl_rel_free(ev->delta[rel]);
            ev->delta[rel] = nw;
            nw = NULL;
            if (R->set)
                st = dl_rel_set_add_rel(R, ev->delta[rel]);
            else if (ev->mirror[rel])
                st = mirror_add_rel(ev->mirror[rel], ev->delta[rel]);
            if (st == OK && ev->dneed[rel]) {
                st = dl_setmap_new(&ev->dmirror[rel], R->arity - 1, &p->mem);
                if (st == OK)
                    st = mirror_add_rel(ev->dmirror[rel], ev->delta[rel]);
            }
            if (R->set) {
                dl_rel_free(nw);
                TRY(st);
                continue;
            }
            dst[nm] = R;
            src[nm++] = ev->delta[rel];
            if (nm == 64) {
                st = dl_rel_merge_many(dst, src, nm, ev->jobs, ev->merge_min);
                nm = 0;
            }
        }
        dl_rel_free(nw);
        TRY(st);
    }
    if (nm)
        st = dl_rel_merge_many(dst, src, nm, ev->jobs, ev->merge_min);
fail:
    return st;
}

static int cmp_prof(const void *a, const void *b) {
    const DlPlanRule *x = *(const DlPlanRule *const *)a, *y = *(const DlPlanRule *const *)b;
    return x->prof_ns < y->prof_ns ? 1 : x->prof_ns > y->prof_ns ? -1 : 0;
}

/* The join order of a planned rule, as one line under its profile line: each search with
 * the columns it binds by key ("k") or reads free ("_"), "delta" for the delta rows, "!"
 * for negation, "?" for a membership test. */
static void print_join_order(const DlProgram *p, const DlPlanRule *r, FILE *f) {
    fputs("                                  order:", f);
    for (uint32_t i = 0; i < r->nops; i++) {
        const DlOp *op = &r->ops[i];
        const char *pre;
        switch (op->kind) {
        case DL_OP_SCAN:
        case DL_OP_LOOKUP: pre = ""; break;
        case DL_OP_EXISTS: pre = "?"; break;
        case DL_OP_NOT: pre = "!"; break;
        case DL_OP_AGG: fputs(" agg", f); continue;
        default: continue;
        }
        fprintf(f, " %s%s%s(", pre, p->decls.v[op->rel].name, op->delta ? "[delta]" : "");
        for (uint32_t c = 0; c < op->arity; c++)
            fputs(op->keys_only && c + 1 == op->arity ? "*"
                  : (op->mask >> c) & 1                ? "k"
                                                       : "_",
                  f);
        fputc(')', f);
    }
    if (r->incl)
        fprintf(f, " (inclusion: over %s's cycles collapsed)", p->decls.v[r->incl_edge].name);
    fputc('\n', f);
}

/* The error of a run stopped by its time budget: where it was (the stratum, its
 * iteration), the stratum's largest relations with what each gained in the last finished
 * iteration, and the rules that derive the ones that gained most. */
static void report_timeout(const Eval *ev, const DlRunOptions *o, Diags *d) {
    const DlProgram *p = ev->p;
    if (ev->cur_s >= p->nstrata)
        return;
    const DlStratum *sv = &p->strata[ev->cur_s];
    if (!sv->nrels)
        return;
    const DlDecl *first = &p->decls.v[sv->rels[0]];
    StrBuf sb;
    sb_init(&sb);
    /* the relations by size, largest first (selection: a stratum has few) */
    enum { TOP = 5 };
    uint32_t top[TOP], ntop = 0;
    size_t gain[TOP];
    for (uint32_t k = 0; k < TOP; k++) {
        uint32_t best = UINT32_MAX;
        size_t bestn = 0;
        for (uint32_t i = 0; i < sv->nrels; i++) {
            uint32_t rel = sv->rels[i];
            bool taken = false;
            for (uint32_t j = 0; j < ntop; j++)
                taken |= top[j] == rel;
            size_t n = p->rels[rel] ? p->rels[rel]->n : 0;
            if (!taken && n && (best == UINT32_MAX || n > bestn)) {
                best = rel;
                bestn = n;
            }
        }
        if (best == UINT32_MAX)
            break;
        const DlRel *dr = ev->delta ? ev->delta[best] : NULL;
        gain[ntop] = !dr ? 0 : dr == p->rels[best] ? bestn : dr->n;
        top[ntop++] = best;
    }
    char a[32], b[32];
    for (uint32_t j = 0; j < ntop; j++) {
        count_human(a, sizeof a, p->rels[top[j]]->n);
        count_human(b, sizeof b, gain[j]);
        sb_addf(&sb, "%s%s %s (+%s)", j ? ", " : "", p->decls.v[top[j]].name, a, b);
    }
    /* the rules deriving the two relations that gained most */
    uint32_t grew[2] = {UINT32_MAX, UINT32_MAX};
    for (uint32_t j = 0; j < ntop; j++) {
        if (!gain[j])
            continue;
        if (grew[0] == UINT32_MAX || gain[j] > gain[grew[0]]) {
            grew[1] = grew[0];
            grew[0] = j;
        } else if (grew[1] == UINT32_MAX || gain[j] > gain[grew[1]])
            grew[1] = j;
    }
    bool any = false;
    for (uint32_t g = 0; g < 2; g++) {
        if (grew[g] == UINT32_MAX)
            continue;
        uint32_t rel = top[grew[g]];
        uint32_t shown = 0, last_clause = UINT32_MAX;
        for (uint32_t i = 0; i < sv->nrec && shown < 4; i++) {
            const DlPlanRule *r = &sv->rec[i];
            if (r->head_rel != rel || r->clause == last_clause)
                continue;
            last_clause = r->clause;
            const DlClause *c = &p->clauses.v[r->clause];
            sb_addf(&sb, "%s%s:%u (%s)", any ? ", " : "; the rules deriving the relations "
                                                         "that grew most: ",
                      c->loc.file ? c->loc.file : "?", c->loc.line, p->decls.v[rel].name);
            any = true;
            shown++;
        }
    }
    diags_add(d, DIAG_ERROR, first->loc,
              "the time budget of %g s ran out in iteration %u of the stratum of '%s' "
              "(stratum %u of %u), before its fixpoint; its largest relations (+ what the "
              "last iteration added): %s",
              o->max_seconds, ev->cur_it, first->name, ev->cur_s + 1, p->nstrata,
              sb.len ? sb.buf : "none");
    sb_release(&sb);
}

/* The per-rule profile, slowest first: seconds, runs, tuples emitted, rule location, head
 * relation and which body literal read the delta. */
static void print_profile(DlProgram *p, FILE *f) {
    size_t n = 0, k = 0;
    uint64_t total = 0;
    for (uint32_t s = 0; s < p->nstrata; s++)
        n += p->strata[s].nbase + p->strata[s].nrec;
    const DlPlanRule **v = mem_alloc(sizeof *v * (n + 1));
    if (!v)
        return;
    for (uint32_t s = 0; s < p->nstrata; s++) {
        for (uint32_t i = 0; i < p->strata[s].nbase; i++)
            v[k++] = &p->strata[s].base[i];
        for (uint32_t i = 0; i < p->strata[s].nrec; i++)
            v[k++] = &p->strata[s].rec[i];
    }
    for (size_t i = 0; i < n; i++)
        total += v[i]->prof_ns;
    qsort(v, n, sizeof *v, cmp_prof);
    fprintf(f, "%10s %8s %12s  %s\n", "seconds", "runs", "emitted", "rule");
    for (size_t i = 0; i < n; i++) {
        const DlPlanRule *r = v[i];
        if (!r->prof_runs || (i >= 40 && r->prof_ns * 1000 < total))
            continue;
        const DlClause *c = &p->clauses.v[r->clause];
        fprintf(f, "%10.3f %8llu %12llu  %s:%u: %s", (double)r->prof_ns / 1e9,
                (unsigned long long)r->prof_runs, (unsigned long long)r->prof_out,
                c->loc.file ? c->loc.file : "?", c->loc.line, p->decls.v[r->head_rel].name);
        if (r->delta_lit >= 0)
            fprintf(f, " (delta: body literal %d, .plan version %llu)", r->delta_lit + 1,
                    (unsigned long long)r->version);
        fputc('\n', f);
        print_join_order(p, r, f);
    }
    fprintf(f, "%10.3f total\n", (double)total / 1e9);
    mem_free(v);
    /* the largest relations */
    size_t nr = p->decls.len;
    size_t *ix = mem_alloc(sizeof *ix * (nr + 1));
    if (!ix || !p->rels) {
        mem_free(ix);
        return;
    }
    for (size_t i = 0; i < nr; i++)
        ix[i] = i;
    for (size_t i = 1; i < nr; i++) /* insertion sort by size, largest first */
        for (size_t j = i; j > 0; j--) {
            size_t a = p->rels[ix[j - 1]] ? p->rels[ix[j - 1]]->n : 0;
            size_t b = p->rels[ix[j]] ? p->rels[ix[j]]->n : 0;
            if (a >= b)
                break;
            size_t t = ix[j];
            ix[j] = ix[j - 1];
            ix[j - 1] = t;
        }
    fprintf(f, "%12s  %s\n", "tuples", "relation");
    for (size_t i = 0; i < nr && i < 25; i++)
        if (p->rels[ix[i]] && p->rels[ix[i]]->n)
            fprintf(f, "%12zu  %s%s\n", p->rels[ix[i]]->n, p->decls.v[ix[i]].name,
                    p->rels[ix[i]]->set ? " (stored as sets)" : "");
    mem_free(ix);
}

/* Threads to run: -j N uses N threads, capped only by the online CPUs (more threads than
 * cores only add switches: every phase ends by joining them all). There is no cap by the
 * load average: it saw the load of the previous run (or of other users of the machine) and
 * silently made -j 2 run on one thread. IRLOG_DL_FORCE_JOBS=1 (tests) keeps N even beyond
 * the CPUs and runs every phase in parallel, however small. */
static unsigned usable_jobs(unsigned jobs, bool force) {
    if (jobs <= 1 || force)
        return jobs;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    if (ncpu > 0 && jobs > (unsigned)ncpu)
        jobs = (unsigned)ncpu;
    return jobs;
}

/* ---- freeing relations after their last reader ----------------------------------- */

typedef struct LastRead {
    uint32_t *last;
    uint32_t s;
} LastRead;

/* last[rel] = the latest stratum whose rules read rel */
static void note_read(void *arg, uint32_t rel, bool neg, bool in_agg) {
    LastRead *lr = arg;
    (void)neg;
    (void)in_agg;
    if (lr->last[rel] < lr->s)
        lr->last[rel] = lr->s;
}

typedef struct KeepRead {
    const DlProgram *p;
    uint32_t *last;
} KeepRead;

static void keep_read(void *arg, uint32_t rel, bool neg, bool in_agg) {
    KeepRead *kr = arg;
    (void)neg;
    (void)in_agg;
    if (!kr->p->sdep[kr->p->decls.v[rel].stratum])
        kr->last[rel] = UINT32_MAX;
}

/* ---- outputs made by the writer, a slice at a time (DlRunOptions.slice_outputs) ---- */

/* Whether e has no function (nothing that could make a symbol). */
static bool expr_plain(const DlExpr *e) {
    if (!e)
        return true;
    if (e->kind == DL_X_FUN || e->kind == DL_X_AGG)
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!expr_plain(e->args[i]))
            return false;
    return true;
}

/* Where a slice's range test (DL_OP_RANGE) goes in a rule: the index of the op that binds
 * the head's first column, a variable, when the ops are scans, lookups, membership tests,
 * negations and comparisons without functions only and the head's columns variables or
 * constants (so that no symbol is made that the output order does not rank yet); -1 when
 * the rule cannot be sliced. */
static int slice_point(const DlPlanRule *r, uint32_t *slot) {
    const DlOp *e = &r->ops[r->nops - 1];
    if (e->kind != DL_OP_EMIT || e->set_union || !e->arity || e->head[0]->kind != DL_X_VAR)
        return -1;
    for (uint32_t j = 0; j < e->arity; j++)
        if (e->head[j]->kind == DL_X_FUN || e->head[j]->kind == DL_X_AGG ||
            e->head[j]->kind == DL_X_WILD)
            return -1;
    *slot = e->head[0]->var;
    int at = -1;
    for (uint32_t i = 0; i + 1 < r->nops; i++) {
        const DlOp *op = &r->ops[i];
        if (op->kind == DL_OP_FILTER) {
            if (!expr_plain(op->lhs) || !expr_plain(op->rhs))
                return -1;
            continue;
        }
        if ((op->kind != DL_OP_SCAN && op->kind != DL_OP_LOOKUP && op->kind != DL_OP_EXISTS &&
             op->kind != DL_OP_NOT) ||
            op->keys_only)
            return -1;
        if (at >= 0 || (op->kind != DL_OP_SCAN && op->kind != DL_OP_LOOKUP))
            continue;
        for (uint32_t j = 0; j < op->arity; j++)
            if (op->cols[j].act == DL_COL_BIND && op->cols[j].slot == *slot)
                at = (int)i;
    }
    return at;
}

/* read[rel] = true (arg: the bool array) */
static void read_mark(void *arg, uint32_t rel, bool neg, bool in_agg) {
    (void)neg;
    (void)in_agg;
    ((bool *)arg)[rel] = true;
}

/* The outputs the writer makes a slice at a time (DlProgram.sliced; see slice_outputs in
 * dl.h), or none. */
static Status slice_plan(DlProgram *p, const DlRunOptions *o) {
    size_t n = p->decls.len;
    mem_free(p->sliced);
    mem_free(p->slice_only);
    mem_free(p->sliced_rows);
    p->sliced = p->slice_only = NULL;
    p->sliced_rows = NULL;
    if (!o->slice_outputs || !o->free_dead || o->profile)
        return OK;
    bool *read = mem_calloc(n + 1, sizeof *read);
    bool *sliced = mem_calloc(n + 1, sizeof *sliced);
    if (!read || !sliced) {
        mem_free(read);
        mem_free(sliced);
        return E_NOMEM;
    }
    for (size_t i = 0; i < p->clauses.len; i++)
        dl_clause_reads(&p->clauses.v[i], read_mark, read);
    bool any = false;
    for (uint32_t s = 0; s < p->nstrata; s++) {
        const DlStratum *sv = &p->strata[s];
        if (sv->nrels != 1 || sv->recursive || sv->nrec || !sv->nbase)
            continue;
        uint32_t rel = sv->rels[0];
        const DlDecl *dc = &p->decls.v[rel];
        if (!dc->is_output || dc->is_printsize || dc->is_input || read[rel] || !dc->arity ||
            dl_decl_kind(dc, 0) != DL_KIND_SYMBOL || (p->has_text && p->has_text[rel]) ||
            (rel < p->extra.len && p->extra.v[rel].len) ||
            (o->keep && o->keep(o->keep_arg, dc->name)))
            continue;
        bool ok = true;
        uint32_t slot;
        for (uint32_t i = 0; i < sv->nbase && ok; i++)
            ok = slice_point(&sv->base[i], &slot) >= 0;
        if (ok)
            sliced[rel] = any = true;
    }
    mem_free(read);
    if (!any) {
        mem_free(sliced);
        return OK;
    }
    p->sliced = sliced;
    p->slice_only = mem_calloc(n + 1, sizeof *p->slice_only);
    p->sliced_rows = mem_calloc(n + 1, sizeof *p->sliced_rows);
    return p->slice_only && p->sliced_rows ? OK : E_NOMEM;
}

Status dl_eval_empty(DlProgram *p, uint32_t rel) {
    const DlDecl *dc = &p->decls.v[rel];
    dl_rel_free(p->rels[rel]);
    p->rels[rel] = NULL;
    return dl_rel_new(&p->rels[rel], dc->arity, &p->relplans[rel], dc->eqrel, &p->mem);
}

typedef struct SliceRead {
    DlProgram *p;
    uint32_t *last;
} SliceRead;

static void slice_read(void *arg, uint32_t rel, bool neg, bool in_agg) {
    SliceRead *sr = arg;
    (void)neg;
    (void)in_agg;
    if (sr->last[rel] != UINT32_MAX)
        sr->p->slice_only[rel] = true;
    sr->last[rel] = UINT32_MAX;
}

/* For each relation the stratum after which nothing reads it (UINT32_MAX: kept to the
 * end: an output, a .printsize, one the caller keeps, or one never computed). */
static Status dead_after(DlProgram *p, const DlRunOptions *o, uint32_t **out) {
    size_t n = p->decls.len;
    uint32_t *strat = mem_calloc(n + 1, sizeof *strat), *last = mem_calloc(n + 1, sizeof *last);
    if (!strat || !last) {
        mem_free(strat);
        mem_free(last);
        return E_NOMEM;
    }
    for (uint32_t s = 0; s < p->nstrata; s++)
        for (uint32_t i = 0; i < p->strata[s].nrels; i++)
            strat[p->strata[s].rels[i]] = s;
    for (size_t r = 0; r < n; r++)
        last[r] = strat[r];
    for (size_t i = 0; i < p->clauses.len; i++) {
        const DlClause *cl = &p->clauses.v[i];
        LastRead lr = {last, strat[cl->head.rel]};
        dl_clause_reads(cl, note_read, &lr);
    }
    for (size_t r = 0; r < n; r++) {
        const DlDecl *dc = &p->decls.v[r];
        if (dc->is_output || dc->is_printsize || (o->keep && o->keep(o->keep_arg, dc->name)))
            last[r] = UINT32_MAX;
    }
    /* a run that may be made again (DlRunOptions.rerun_input) keeps what the strata it
       would evaluate again read from the others */
    if (p->rerun_rel != UINT32_MAX) {
        last[p->rerun_rel] = UINT32_MAX;
        for (size_t i = 0; i < p->clauses.len; i++) {
            const DlClause *cl = &p->clauses.v[i];
            if (!p->sdep[strat[cl->head.rel]])
                continue;
            KeepRead kr = {p, last};
            dl_clause_reads(cl, keep_read, &kr);
        }
    }
    /* what the rules of an output made by the writer read is kept to the end, and not
       put in trees when it is kept for that only (DlProgram.slice_only) */
    for (size_t i = 0; p->sliced && i < p->clauses.len; i++) {
        const DlClause *cl = &p->clauses.v[i];
        if (!p->sliced[cl->head.rel])
            continue;
        SliceRead sr = {p, last};
        dl_clause_reads(cl, slice_read, &sr);
    }
    mem_free(strat);
    *out = last;
    return OK;
}

typedef struct GoalRead {
    const DlProgram *p;
    bool *want;
} GoalRead;

static void goal_read(void *arg, uint32_t rel, bool neg, bool in_agg) {
    GoalRead *gr = arg;
    (void)neg;
    (void)in_agg;
    gr->want[gr->p->decls.v[rel].stratum] = true;
}

/* DlRunOptions.goal: the strata that derive a goal relation or that such strata read,
 * directly or through others (*out NULL without goal). */
static Status goal_strata(const DlProgram *p, const DlRunOptions *o, bool **out) {
    *out = NULL;
    if (!o->goal)
        return OK;
    bool *want = mem_calloc(p->nstrata + 1, sizeof *want);
    if (!want)
        return E_NOMEM;
    for (size_t r = 0; r < p->decls.len; r++)
        if (o->goal(o->goal_arg, p->decls.v[r].name))
            want[p->decls.v[r].stratum] = true;
    /* the strata are in the order they run: each reads only those before it or itself */
    for (uint32_t s = p->nstrata; s-- > 0;)
        for (size_t i = 0; want[s] && i < p->clauses.len; i++) {
            const DlClause *cl = &p->clauses.v[i];
            GoalRead gr = {p, want};
            if (p->decls.v[cl->head.rel].stratum == s)
                dl_clause_reads(cl, goal_read, &gr);
        }
    *out = want;
    return OK;
}

/* Frees the relations nothing reads after stratum s (each left empty). */
static Status free_dead(DlProgram *p, const uint32_t *last, uint32_t s) {
    for (size_t r = 0; r < p->decls.len; r++) {
        if (last[r] != s || !p->rels[r] || !p->rels[r]->n)
            continue;
        Status st = dl_eval_empty(p, (uint32_t)r);
        if (st != OK)
            return st;
    }
    return OK;
}

/* The edges an inclusion rule's graph gains before an iteration: what E gained (its delta)
 * when E is derived in the same stratum, all of E at the first iteration when it is
 * derived below. */
static Status incl_feed(Eval *ev, DlPlanRule *r, uint32_t nit) {
    DlProgram *p = ev->p;
    uint32_t e = r->incl_edge;
    const DlRel *d = p->decls.v[e].stratum == ev->cur_s ? ev->delta[e]
                     : nit == 0                        ? p->rels[e]
                                                       : NULL;
    Status st = OK;
    if (d && d->set) {
        const DlSetMap *m = d->set;
        for (uint32_t k = 0; k < m->n && st == OK; k++) {
            DlBitsIter it = {&m->sets[k], 0, 0, 0};
            DlValue y;
            while (st == OK && dl_bits_next(&it, &y))
                st = dl_incl_add(r->incl_rt, m->keys[k], y);
        }
    } else if (d) {
        DlCursor c;
        if (dl_rel_first(d, 0, &c))
            do {
                const DlValue *t = dl_cursor_tuple(d, &c);
                st = dl_incl_add(r->incl_rt, dl_rel_col0(d, t, 0), dl_rel_col0(d, t, 1));
            } while (st == OK && dl_cursor_next(d, &c));
    }
    return st == OK ? dl_incl_settle(r->incl_rt) : st;
}

/* The graphs of a stratum's inclusion rules: made (on) or freed (off). */
static Status incl_graphs(DlStratum *sv, bool on) {
    for (uint32_t i = 0; i < sv->nrec; i++) {
        DlPlanRule *r = &sv->rec[i];
        dl_incl_free(r->incl_rt);
        r->incl_rt = NULL;
        if (on && r->incl) {
            Status st = dl_incl_new(&r->incl_rt);
            if (st != OK)
                return st;
        }
    }
    return OK;
}

/* The workers (and, with jobs > 1, the threads) and the per-relation arrays of an
 * evaluation. */
static Status eval_open(Eval *ev, DlProgram *p, const DlRunOptions *o) {
    size_t nrel = p->decls.len;
    ev->p = p;
    const char *force = getenv("IRLOG_DL_FORCE_JOBS");
    bool forced = force && strcmp(force, "1") == 0;
    ev->jobs = usable_jobs(o->jobs > 64 ? 64 : o->jobs, forced);
    ev->par_min = forced ? 0 : 4096;
    ev->merge_min = forced ? 0 : 8192;
    ev->main.p = p;
    ev->main.interrupt = o->interrupt;
    ev->main.filter = o->filter;
    ev->main.filter_arg = o->filter_arg;
    if (o->max_seconds > 0)
        ev->deadline = now_ns() + (uint64_t)(o->max_seconds * 1e9);
    ev->main.deadline = ev->deadline;
    ev->cur_s = UINT32_MAX;
    sb_init(&ev->main.tmp);
    ev->main.bufs = mem_calloc(nrel + 1, sizeof(DlBuf));
    ev->delta = mem_calloc(nrel + 1, sizeof(DlRel *));
    ev->news = mem_calloc(nrel + 1, sizeof(DlRel *));
    ev->mirror = mem_calloc(nrel + 1, sizeof(DlSetMap *));
    ev->dmirror = mem_calloc(nrel + 1, sizeof(DlSetMap *));
    ev->mlast = mem_calloc(nrel + 1, sizeof(uint32_t));
    ev->dneed = mem_calloc(nrel + 1, sizeof(bool));
    ev->main.local = mem_calloc(nrel + 1, sizeof(DlSetMap *));
    if (!ev->delta || !ev->news || !ev->main.bufs || !ev->mirror || !ev->dmirror ||
        !ev->mlast || !ev->dneed || !ev->main.local)
        return E_NOMEM;
    ev->main.mirror = ev->mirror;
    ev->main.dmirror = ev->dmirror;
    for (size_t r = 0; r < nrel; r++)
        ev->mlast[r] = UINT32_MAX;
    for (uint32_t s = 0; s < p->nstrata; s++)
        for (uint32_t i = 0; i < p->strata[s].nrec; i++) {
            const DlPlanRule *r = &p->strata[s].rec[i];
            const DlOp *e = &r->ops[r->nops - 1];
            if (e->set_union)
                ev->mlast[e->rel] = ev->mlast[e->set_rel] = s;
        }
    if (ev->jobs > 1) {
        ev->threads = mem_calloc(ev->jobs, sizeof(Thread));
        if (!ev->threads)
            return E_NOMEM;
        for (unsigned i = 0; i < ev->jobs; i++) {
            Worker *w = &ev->threads[i].w;
            w->p = p;
            w->interrupt = o->interrupt;
            w->filter = o->filter;
            w->filter_arg = o->filter_arg;
            w->deadline = ev->deadline;
            sb_init(&w->tmp);
            w->own_out = true;
            w->out = mem_calloc(nrel + 1, sizeof(DlRel *));
            w->bufs = mem_calloc(nrel + 1, sizeof(DlBuf));
            w->local = mem_calloc(nrel + 1, sizeof(DlSetMap *));
            w->mirror = ev->mirror;
            w->dmirror = ev->dmirror;
            if (!w->out || !w->bufs || !w->local)
                return E_NOMEM;
        }
        pthread_mutex_init(&ev->mu, NULL);
        ev->mu_init = true;
        p->intern_lock = &ev->mu;
    }
    return OK;
}

/* Frees what eval_open made (and what the strata left in the deltas and mirrors). */
static void eval_close(Eval *ev) {
    DlProgram *p = ev->p;
    size_t nrel = p->decls.len;
    if (ev->delta)
        for (size_t i = 0; i < nrel; i++)
            if (ev->delta[i] == p->rels[i])
                ev->delta[i] = NULL;
    free_rels(ev->delta, nrel);
    free_rels(ev->news, nrel);
    mem_free(ev->delta);
    mem_free(ev->news);
    for (size_t r = 0; ev->dmirror && ev->mirror && r < nrel; r++)
        free_dmirror(ev, (uint32_t)r);
    for (size_t r = 0; ev->mirror && r < nrel; r++)
        drop_mirror(ev, (uint32_t)r);
    mem_free(ev->mirror);
    mem_free(ev->dmirror);
    mem_free(ev->mlast);
    mem_free(ev->dneed);
    if (ev->threads) {
        p->intern_lock = NULL;
        for (unsigned i = 0; i < ev->jobs; i++)
            if (ev->threads[i].w.p)
                worker_release(&ev->threads[i].w);
        mem_free(ev->threads);
    }
    if (ev->mu_init)
        pthread_mutex_destroy(&ev->mu);
    worker_release(&ev->main);
    vec_release(&ev->tasks);
    memset(ev, 0, sizeof *ev);
}

Status dl_eval(DlProgram *p, const DlRunOptions *o, Diags *d) {
    Status st = OK;
    Eval ev = {0};
    uint32_t *dead = NULL;
    bool *want = NULL;
    size_t nrel = p->decls.len;
    TRY(eval_open(&ev, p, o));
    ev.profile = o->profile;
    TRY(slice_plan(p, o));
    if (o->free_dead && !o->profile)
        TRY(dead_after(p, o, &dead));
    TRY(goal_strata(p, o, &want));
    for (uint32_t s = 0; s < p->nstrata && o->profile; s++) {
        for (uint32_t i = 0; i < p->strata[s].nbase; i++)
            p->strata[s].base[i].prof_ns = p->strata[s].base[i].prof_out =
                p->strata[s].base[i].prof_runs = 0;
        for (uint32_t i = 0; i < p->strata[s].nrec; i++)
            p->strata[s].rec[i].prof_ns = p->strata[s].rec[i].prof_out =
                p->strata[s].rec[i].prof_runs = 0;
    }
    for (uint32_t s = 0; s < p->nstrata && p->sdone; s++)
        if (!p->srun || p->srun[s])
            p->sdone[s] = false;
    for (uint32_t s = 0; s < p->nstrata; s++) {
        DlStratum *sv = &p->strata[s];
        DlProgress pr = {s, p->nstrata, 0, NULL, 0, 0, NULL, 0};
        if (p->srun && !p->srun[s])
            continue; /* kept from the last run (DlRunOptions.rerun_input) */
        if (want && !want[s]) { /* no goal needs it (DlRunOptions.goal) */
            if (p->sdone && !sv->nbase && !sv->nrec)
                p->sdone[s] = true; /* facts only: read with the others */
            continue;
        }
        if (p->sliced && sv->nrels == 1 && p->sliced[sv->rels[0]]) {
            /* made by the writer (slice_outputs) */
            if (dead)
                TRY(free_dead(p, dead, s));
            if (p->sdone)
                p->sdone[s] = true;
            continue;
        }
        if (sv->nrels)
            pr.relation = p->decls.v[sv->rels[0]].name;
        ev.cur_s = s;
        ev.cur_it = 0;
        if (o->progress)
            o->progress(o->progress_arg, &pr);
        if (stop_now(o->interrupt, ev.deadline)) {
            st = E_LIMIT;
            goto fail;
        }
        TRY(mirrors_for(&ev, sv));
        TRY(run_phase(&ev, sv->base, sv->nbase, false));
        if (!sv->recursive || !sv->nrec) {
            if (dead)
                TRY(free_dead(p, dead, s));
            if (p->sdone)
                p->sdone[s] = true;
            continue;
        }
        for (uint32_t i = 0; i < sv->nrels; i++) {
            uint32_t rel = sv->rels[i];
            ev.delta[rel] = p->rels[rel]; /* first delta: all of R */
            if (ev.dneed[rel])
                ev.dmirror[rel] = ev.mirror[rel];
        }
        TRY(incl_graphs(sv, true));
        bool bounded = false; /* stopped by max_iterations, not at its fixpoint */
        for (uint32_t nit = 0;; nit++) {
            bool any = false;
            for (uint32_t i = 0; i < sv->nrels; i++) {
                DlRel *r = ev.delta[sv->rels[i]];
                if (r && r->n)
                    any = true;
            }
            if (!any)
                break;
            if (o->max_iterations && nit == o->max_iterations) {
                const DlDecl *dc = &p->decls.v[sv->rels[0]];
                diags_add(d, DIAG_WARNING, dc->loc,
                          "the stratum of '%s' stopped after %u iterations (--max-iterations) "
                          "before its fixpoint: its relations and all that depend on them are "
                          "incomplete",
                          dc->name, nit);
                bounded = true;
                break;
            }
            for (uint32_t i = 0; i < sv->nrels; i++) {
                uint32_t rel = sv->rels[i];
                TRY(dl_rel_new(&ev.news[rel], p->decls.v[rel].arity, &p->relplans[rel], false,
                               &p->mem));
            }
            ev.cur_it = nit + 1;
            for (uint32_t i = 0; i < sv->nrec; i++)
                if (sv->rec[i].incl_rt)
                    TRY(incl_feed(&ev, &sv->rec[i], nit));
            TRY(run_phase(&ev, sv->rec, sv->nrec, true));
            for (uint32_t i = 0; i < sv->nrec; i++)
                if (sv->rec[i].incl_rt)
                    dl_incl_clear_pending(sv->rec[i].incl_rt);
            TRY(advance(&ev, sv));
            if (o->progress) {
                pr.iteration++;
                pr.tuples = pr.delta = pr.largest_n = 0;
                for (uint32_t i = 0; i < sv->nrels; i++) {
                    uint32_t rel = sv->rels[i];
                    pr.tuples += p->rels[rel]->n;
                    if (p->rels[rel]->n > pr.largest_n) {
                        pr.largest_n = p->rels[rel]->n;
                        pr.largest = p->decls.v[rel].name;
                    }
                    if (ev.delta[rel] && ev.delta[rel] != p->rels[rel])
                        pr.delta += ev.delta[rel]->n;
                }
                o->progress(o->progress_arg, &pr);
            }
            if (o->stop && o->stop(o->stop_arg, false)) {
                p->stopped = true;
                st = E_LIMIT;
                goto fail;
            }
            if (stop_now(o->interrupt, ev.deadline)) {
                st = E_LIMIT;
                goto fail;
            }
        }
        for (uint32_t i = 0; i < sv->nrels; i++) {
            uint32_t rel = sv->rels[i];
            if (ev.delta[rel] != p->rels[rel])
                dl_rel_free(ev.delta[rel]);
            ev.delta[rel] = NULL;
            free_dmirror(&ev, rel);
            ev.dneed[rel] = false;
        }
        incl_graphs(sv, false);
        for (size_t r = 0; r < nrel; r++)
            if (ev.mlast[r] == s)
                drop_mirror(&ev, (uint32_t)r);
        if (dead)
            TRY(free_dead(p, dead, s));
        if (p->sdone)
            p->sdone[s] = true;
        if (o->stop && o->stop(o->stop_arg, !bounded)) {
            /* (after the stratum: the next ones are not begun) */
            p->stopped = true;
            st = E_LIMIT;
            goto fail;
        }
    }
fail:
    for (uint32_t s = 0; s < p->nstrata; s++)
        incl_graphs(&p->strata[s], false);
    if (st == E_LIMIT && ev.deadline && stop_now(NULL, ev.deadline) &&
        !stop_now(o->interrupt, 0)) {
        p->timed_out = true;
        report_timeout(&ev, o, d);
    }
    if (o->profile)
        print_profile(p, o->profile);
    /* a relation stored as sets that is still there is read after the run: in trees
       (not one kept only for the slices of an output the writer evaluates) */
    for (size_t r = 0; st == OK && p->rels && r < nrel; r++)
        if (p->rels[r] && p->rels[r]->set && !(p->slice_only && p->slice_only[r]))
            st = dl_rel_set_materialize(p->rels[r]);
    eval_close(&ev);
    mem_free(dead);
    mem_free(want);
    return st;
}

Status dl_eval_slice(DlProgram *p, const DlRunOptions *o, uint32_t rel, const uint32_t *rank,
                     uint64_t lo, uint64_t hi) {
    Status st = OK;
    const DlStratum *sv = &p->strata[p->decls.v[rel].stratum];
    Eval ev = {0};
    DlRunOptions so = *o;
    so.max_seconds = 0; /* (the writer's work: not under the evaluation's budget) */
    DlPlanRule *rules = mem_calloc(sv->nbase + 1, sizeof *rules);
    if (!rules)
        return E_NOMEM;
    /* each rule with the range test after the op that binds the first column */
    for (uint32_t i = 0; i < sv->nbase; i++) {
        const DlPlanRule *r = &sv->base[i];
        uint32_t slot = 0;
        int at = slice_point(r, &slot);
        DlOp *ops = mem_calloc(r->nops + 1, sizeof *ops);
        if (!ops || at < 0) {
            mem_free(ops);
            st = ops ? E_INTERNAL : E_NOMEM;
            goto fail;
        }
        rules[i] = *r;
        rules[i].incl_rt = NULL;
        DL_MEMCPY(ops, r->ops, sizeof *ops * (size_t)(at + 1));
        ops[at + 1] = (DlOp){.kind = DL_OP_RANGE, .slot = slot};
        DL_MEMCPY(ops + at + 2, r->ops + at + 1, sizeof *ops * (r->nops - (uint32_t)at - 1));
        rules[i].ops = ops;
        rules[i].nops = r->nops + 1;
    }
    TRY(dl_eval_empty(p, rel));
    TRY(eval_open(&ev, p, &so));
    ev.main.srank = rank;
    ev.main.slo = lo;
    ev.main.shi = hi;
    for (unsigned i = 0; ev.threads && i < ev.jobs; i++) {
        ev.threads[i].w.srank = rank;
        ev.threads[i].w.slo = lo;
        ev.threads[i].w.shi = hi;
    }
    st = run_phase(&ev, rules, sv->nbase, false);
fail:
    if (ev.p)
        eval_close(&ev);
    for (uint32_t i = 0; i < sv->nbase; i++)
        mem_free(rules[i].ops);
    mem_free(rules);
    return st;
}

Status dl_eval_slice_keys(const DlProgram *p, uint32_t rel, const uint32_t *rank,
                          uint64_t **out, size_t *n) {
    const DlStratum *sv = &p->strata[p->decls.v[rel].stratum];
    uint64_t *v = NULL;
    size_t len = 0, cap = 0;
    *out = NULL;
    *n = 0;
    for (uint32_t i = 0; i < sv->nbase; i++) {
        const DlPlanRule *r = &sv->base[i];
        uint32_t slot = 0;
        int at = slice_point(r, &slot);
        if (at < 0)
            return E_INTERNAL;
        const DlOp *op = &r->ops[at];
        const DlRel *x = p->rels[op->rel];
        uint32_t j = 0;
        while (j < op->arity && !(op->cols[j].act == DL_COL_BIND && op->cols[j].slot == slot))
            j++;
        if (x->set && j + 1 >= op->arity) { /* (a member: every symbol may be one) */
            mem_free(v);
            return OK;
        }
        if (x->set) /* a key column: from the keys, in the op's index */
            x = x->keys;
        DlCursor c;
        if (!dl_rel_first(x, (uint32_t)op->index, &c))
            continue;
        do {
            if (len == cap) {
                cap = cap ? cap * 2 : 4096;
                uint64_t *nv = mem_realloc(v, sizeof *nv * cap);
                if (!nv) {
                    mem_free(v);
                    return E_NOMEM;
                }
                v = nv;
            }
            v[len++] = rank[dl_cursor_tuple(x, &c)[j]];
        } while (dl_cursor_next(x, &c));
    }
    *out = v;
    *n = len;
    return OK;
}
