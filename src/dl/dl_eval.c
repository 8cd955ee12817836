/*
 * dl_eval.c — stratified, semi-naive evaluation of plans over relations.
 *
 * Owns: running the strata in order. A non-recursive stratum runs each rule once. A
 * recursive stratum runs its base rules, then iterates its semi-naive versions: each
 * version reads one recursive atom from delta (the rows added by the previous iteration,
 * a row-id range [delta_lo, delta_hi), since relations are append-only) and the others
 * from the full relation; the iteration's new rows become the next delta; the fixpoint is
 * reached when every delta is empty. Reading rows added during the current iteration is
 * harmless (they are valid facts, and they are in the next delta anyway).
 * With -j N > 1, each phase (a stratum's base rules, or one iteration) is split into tasks
 * (rule × chunk of its outermost scan) run by worker threads that only read relations and
 * buffer new tuples; the buffers are then inserted sequentially. Outputs are sorted, so
 * the schedule never shows in them.
 * Expressions: integer arithmetic wraps (two's complement); x / 0 and x % 0 on integers
 * have no value, so the rule instance derives nothing (documented in docs/datalog.md);
 * floats follow IEEE 754.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"


typedef struct AggAcc {
    uint64_t count;
    DlValue acc;
    DlKind kind;
    DlAggOp op;
} AggAcc;

typedef struct Worker {
    DlProgram *p;
    DlValue *env;
    size_t env_cap;
    Status st;
    AggAcc *agg;            /* innermost aggregate being folded */
    StrBuf tmp;
    bool buffered;          /* emit into bufs instead of inserting */
    DlValVec *bufs;     /* per relation (buffered mode) */
    regex_t re;             /* cache for match() with a computed pattern */
    Sym re_pat;
    bool re_ok;
    uint64_t ops_since_check;
} Worker;

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
    DL_MEMCPY(&f, &v, sizeof f);
    return f;
}
static inline DlValue from_f(double f) {
    DlValue v;
    DL_MEMCPY(&v, &f, sizeof v);
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

/* Parses a whole string as a signed 64-bit decimal (optional sign). */
static bool parse_i64(const char *s, size_t n, int64_t *out) {
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    if (i == n)
        return false;
    uint64_t v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        uint64_t dgt = (uint64_t)(s[i] - '0');
        if (v > (UINT64_MAX - dgt) / 10)
            return false;
        v = v * 10 + dgt;
    }
    if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX)
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
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
    case DL_FUN_ADD: *out = k == DL_KIND_FLOAT ? from_f(as_f(a) + as_f(b)) : a + b; return true;
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
        size_t start = w->tmp.len;
        sym_append(w, a);
        int64_t v = 0;
        bool ok = parse_i64(w->tmp.buf + start, w->tmp.len - start, &v);
        sb_truncate(&w->tmp, start);
        *out = (DlValue)v;
        return ok;
    }
    case DL_FUN_TO_STRING: {
        char buf[64];
        DlKind ak = (DlKind)e->args[0]->ty;
        if (ak == DL_KIND_NUMBER)
            snprintf(buf, sizeof buf, "%lld", (long long)(int64_t)a);
        else if (ak == DL_KIND_UNSIGNED)
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)a);
        else
            snprintf(buf, sizeof buf, "%.17g", as_f(a));
        *out = intern_w(w, buf, strlen(buf));
        return w->st == OK;
    }
    case DL_FUN_TO_FLOAT: {
        DlKind ak = (DlKind)e->args[0]->ty;
        double f = ak == DL_KIND_NUMBER     ? (double)(int64_t)a
                   : ak == DL_KIND_UNSIGNED ? (double)a
                                            : as_f(a);
        *out = from_f(f);
        return true;
    }
    case DL_FUN_TO_UNSIGNED: {
        DlKind ak = (DlKind)e->args[0]->ty;
        if (ak == DL_KIND_FLOAT) {
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
        if (!re) {
            if (!w->re_ok || w->re_pat != (Sym)a) {
                if (w->re_ok)
                    regfree(&w->re);
                w->re_ok = false;
                size_t start = w->tmp.len;
                sb_adds(&w->tmp, "^(");
                sym_append(w, a);
                sb_adds(&w->tmp, ")$");
                int rc = regcomp(&w->re, w->tmp.buf + start, REG_EXTENDED | REG_NOSUB);
                sb_truncate(&w->tmp, start);
                if (rc != 0)
                    return false; /* an invalid computed pattern matches nothing */
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

static void emit(Worker *w, uint32_t rel, const DlValue *t, uint32_t arity) {
    DlRel *r = w->p->rels[rel];
    if (w->buffered) {
        if (dl_rel_contains(r, t))
            return;
        DlValVec *b = &w->bufs[rel];
        if (vec_reserve(b, b->len + arity + 1) != OK) {
            w->st = E_NOMEM;
            return;
        }
        DL_MEMCPY(b->v + b->len, t, arity * sizeof(DlValue));
        b->len += arity;
        if (arity == 0)
            b->v[b->len++] = 0; /* marker so 0-ary tuples count */
        return;
    }
    Status st = dl_rel_insert(r, t, NULL);
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

static void exec_agg(Worker *w, const DlOp *op) {
    const DlAgg *g = op->agg;
    AggAcc acc = {0, 0, DL_KIND_NUMBER, g->op};
    if (g->target)
        acc.kind = (DlKind)g->target->ty;
    if (g->op == DL_AGG_SUM && acc.kind == DL_KIND_FLOAT)
        acc.acc = from_f(0.0);
    AggAcc *saved = w->agg;
    w->agg = &acc;
    exec(w, op->sub);
    w->agg = saved;
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

/* Scan bounds: delta rows or every row. */
typedef struct Range {
    size_t lo, hi;
} Range;

static void exec_scan(Worker *w, const DlOp *op, Range rg) {
    DlRel *r = w->p->rels[op->rel];
    uint32_t ar = r->arity;
    for (size_t row = rg.lo; row < rg.hi; row++) {
        if (!match_row(op, r->rows + row * ar, w->env))
            continue;
        exec(w, op + 1);
        if (w->st != OK)
            return;
    }
}

static void exec(Worker *w, const DlOp *op) {
    DlValue *env = w->env;
    switch (op->kind) {
    case DL_OP_SCAN: {
        DlRel *r = w->p->rels[op->rel];
        Range rg = {0, r->n};
        if (op->delta) {
            rg.lo = r->delta_lo;
            rg.hi = r->delta_hi;
        }
        exec_scan(w, op, rg);
        return;
    }
    case DL_OP_LOOKUP: {
        DlRel *r = w->p->rels[op->rel];
        DlValue key[64];
        for (uint32_t k = 0; k < op->nkey; k++)
            key[k] = env[op->key[k]];
        uint32_t row1 = dl_rel_lookup(r, (uint32_t)op->index, key);
        size_t lo = r->delta_lo, hi = r->delta_hi;
        while (row1) {
            size_t row = row1 - 1;
            if (op->delta) {
                if (row >= hi) {
                    row1 = r->idx[op->index].next[row];
                    continue;
                }
                if (row < lo)
                    return;
            }
            if (match_row(op, r->rows + row * r->arity, env)) {
                exec(w, op + 1);
                if (w->st != OK)
                    return;
            }
            row1 = r->idx[op->index].next[row];
        }
        return;
    }
    case DL_OP_EXISTS: {
        DlRel *r = w->p->rels[op->rel];
        DlValue t[64];
        for (uint32_t k = 0; k < op->nkey; k++)
            t[k] = env[op->key[k]];
        uint32_t row1 = dl_rel_find_row(r, t);
        if (!row1)
            return;
        if (op->delta && (row1 - 1 < r->delta_lo || row1 - 1 >= r->delta_hi))
            return;
        exec(w, op + 1);
        return;
    }
    case DL_OP_NOT: {
        DlRel *r = w->p->rels[op->rel];
        DlValue key[64];
        for (uint32_t k = 0; k < op->nkey; k++)
            key[k] = env[op->key[k]];
        if (op->index < 0) {
            if (op->nkey == r->arity ? dl_rel_contains(r, key) : r->n > 0)
                return;
        } else if (dl_rel_lookup(r, (uint32_t)op->index, key))
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
    case DL_OP_EMIT: {
        DlValue t[64];
        for (uint32_t j = 0; j < op->arity; j++)
            if (!eval(w, op->head[j], &t[j]))
                return;
        emit(w, op->rel, t, op->arity);
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

/* Runs one rule; when rg is non-NULL, its first op is a SCAN limited to rg. */
static Status run_rule(Worker *w, const DlPlanRule *r, const Range *rg) {
    Status st = worker_env(w, r);
    if (st != OK)
        return st;
    w->st = OK;
    if (rg)
        exec_scan(w, &r->ops[0], *rg);
    else
        exec(w, r->ops);
    return w->st;
}

static void worker_release(Worker *w) {
    mem_free(w->env);
    sb_release(&w->tmp);
    if (w->re_ok)
        regfree(&w->re);
    if (w->bufs) {
        for (size_t i = 0; i < w->p->decls.len; i++)
            vec_release(&w->bufs[i]);
        mem_free(w->bufs);
    }
}

/* ---- parallel phases ------------------------------------------------------------- */

typedef struct Task {
    const DlPlanRule *rule;
    Range rg;
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
        Status st = run_rule(&t->w, tk->rule, tk->ranged ? &tk->rg : NULL);
        if (st != OK) {
            pthread_mutex_lock(&pool->mu);
            if (pool->st == OK)
                pool->st = st;
            pthread_mutex_unlock(&pool->mu);
        }
    }
    return NULL;
}

typedef struct Eval {
    DlProgram *p;
    unsigned jobs;
    Worker main;
    Thread *threads;
    Vec(Task) tasks;
} Eval;

static Status run_phase(Eval *ev, const DlPlanRule *rules, uint32_t n) {
    Status st = OK;
    DlProgram *p = ev->p;
    if (ev->jobs <= 1) {
        for (uint32_t i = 0; i < n; i++)
            TRY(run_rule(&ev->main, &rules[i], NULL));
        return OK;
    }
    ev->tasks.len = 0;
    size_t total = 0;
    for (uint32_t i = 0; i < n; i++) {
        const DlOp *op = &rules[i].ops[0];
        if (op->kind == DL_OP_SCAN) {
            const DlRel *r = p->rels[op->rel];
            Range rg = {op->delta ? r->delta_lo : 0, op->delta ? r->delta_hi : r->n};
            total += rg.hi - rg.lo;
        }
    }
    size_t chunk = total / (ev->jobs * 8) + 64;
    for (uint32_t i = 0; i < n; i++) {
        const DlOp *op = &rules[i].ops[0];
        if (op->kind != DL_OP_SCAN) {
            Task t = {&rules[i], {0, 0}, false};
            TRY(vec_push(&ev->tasks, t));
            continue;
        }
        const DlRel *r = p->rels[op->rel];
        Range rg = {op->delta ? r->delta_lo : 0, op->delta ? r->delta_hi : r->n};
        for (size_t lo = rg.lo; lo < rg.hi; lo += chunk) {
            Task t = {&rules[i], {lo, lo + chunk < rg.hi ? lo + chunk : rg.hi}, true};
            TRY(vec_push(&ev->tasks, t));
        }
    }
    if (ev->tasks.len <= 1) {
        for (size_t i = 0; i < ev->tasks.len; i++) {
            const Task *tk = &ev->tasks.v[i];
            TRY(run_rule(&ev->main, tk->rule, tk->ranged ? &tk->rg : NULL));
        }
        return OK;
    }
    Pool pool = {ev->tasks.v, ev->tasks.len, 0, PTHREAD_MUTEX_INITIALIZER, OK};
    unsigned started = 0;
    for (unsigned i = 0; i < ev->jobs; i++) {
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
    /* merge the buffers, thread by thread */
    for (unsigned i = 0; i < ev->jobs; i++) {
        Worker *w = &ev->threads[i].w;
        for (size_t rel = 0; rel < p->decls.len; rel++) {
            DlValVec *b = &w->bufs[rel];
            uint32_t ar = p->decls.v[rel].arity;
            size_t step = ar ? ar : 1;
            for (size_t k = 0; st == OK && k + step <= b->len; k += step)
                st = dl_rel_insert(p->rels[rel], b->v + k, NULL);
            b->len = 0;
        }
    }
fail:
    return st;
}

Status dl_eval(DlProgram *p, const DlRunOptions *o, Diags *d) {
    Status st = OK;
    (void)d;
    Eval ev = {0};
    pthread_mutex_t mu;
    bool mu_init = false;
    ev.p = p;
    ev.jobs = o->jobs > 64 ? 64 : o->jobs;
    ev.main.p = p;
    sb_init(&ev.main.tmp);
    if (ev.jobs > 1) {
        ev.threads = mem_calloc(ev.jobs, sizeof(Thread));
        if (!ev.threads)
            return E_NOMEM;
        for (unsigned i = 0; i < ev.jobs; i++) {
            Worker *w = &ev.threads[i].w;
            w->p = p;
            sb_init(&w->tmp);
            w->buffered = true;
            w->bufs = mem_calloc(p->decls.len + 1, sizeof *w->bufs);
            if (!w->bufs) {
                st = E_NOMEM;
                goto fail;
            }
        }
        pthread_mutex_init(&mu, NULL);
        mu_init = true;
        p->intern_lock = &mu;
    }
    for (uint32_t s = 0; s < p->nstrata; s++) {
        DlStratum *sv = &p->strata[s];
        TRY(run_phase(&ev, sv->base, sv->nbase));
        if (!sv->recursive || !sv->nrec)
            continue;
        for (uint32_t i = 0; i < sv->nrels; i++) {
            DlRel *r = p->rels[sv->rels[i]];
            r->delta_lo = 0;
            r->delta_hi = r->n;
        }
        for (;;) {
            bool any = false;
            for (uint32_t i = 0; i < sv->nrels; i++) {
                DlRel *r = p->rels[sv->rels[i]];
                if (r->delta_hi > r->delta_lo)
                    any = true;
            }
            if (!any)
                break;
            TRY(run_phase(&ev, sv->rec, sv->nrec));
            for (uint32_t i = 0; i < sv->nrels; i++) {
                DlRel *r = p->rels[sv->rels[i]];
                r->delta_lo = r->delta_hi;
                r->delta_hi = r->n;
            }
        }
        for (uint32_t i = 0; i < sv->nrels; i++) {
            DlRel *r = p->rels[sv->rels[i]];
            r->delta_lo = r->delta_hi = 0;
        }
    }
fail:
    if (ev.jobs > 1) {
        p->intern_lock = NULL;
        if (mu_init)
            pthread_mutex_destroy(&mu);
        for (unsigned i = 0; i < ev.jobs; i++)
            worker_release(&ev.threads[i].w);
        mem_free(ev.threads);
    }
    worker_release(&ev.main);
    vec_release(&ev.tasks);
    return st;
}
