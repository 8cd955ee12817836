/*
 * dl_sql.c — the rules of a checked program as SQL views (`irlog sql-views`, and the
 * views of `irlog facts --format sqlite`).
 *
 * Owns: translating each derived relation into one `CREATE VIEW`, in evaluation order
 * (strata), in the SQLite or PostgreSQL dialect. An .input relation is the table of the
 * same name and column names (the tables `irlog schema --sql` creates). A rule becomes
 * one SELECT: positive atoms are the FROM items (aliases t0, t1, ...), a variable is
 * the column of its first occurrence, later occurrences and constants are WHERE
 * equalities, `x = expr` binds x to the expression, negation is NOT EXISTS, comparisons
 * and functors are SQL expressions, an aggregate is a correlated scalar subquery (its
 * group: the variables it shares with the rest of the rule, exactly as the engine's
 * planner decides them, dl_plan.c), over SELECT DISTINCT of its variables when Souffle
 * materialises it (DlAgg.dvars). The rules of a relation are joined with UNION (a
 * single rule: SELECT DISTINCT): views are sets, as relations are. A relation that
 * reads itself (linear recursion: one recursive atom per rule, the relation alone in
 * its stratum) becomes WITH RECURSIVE ... UNION (set semantics: it terminates as the
 * engine's fixpoint does); PostgreSQL allows one recursive term, so several recursive
 * rules there become one term: the recursive table once, joined LATERAL with the UNION
 * of the rules.
 *
 * What cannot be translated (mutual or non-linear recursion, eqrel, nullary relations,
 * `^`, `bshru`, `ord`, conversions whose SQL meaning differs, match in SQLite, ...)
 * is reported per rule: an SQL comment naming the relation, the rule's location and the
 * reason, and a warning in the Diags at the rule; relations that read an untranslated
 * relation are left out the same way. Translation always goes on.
 *
 * Invariants: the output depends only on the program and the dialect (deterministic).
 * Nothing here prints or exits.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

typedef struct Scope {
    const char **bind; /* per variable: its SQL expression, NULL while unbound */
    StrBuf from;       /* FROM items, ", "-separated */
    StrBuf where;      /* conditions, " AND "-separated */
} Scope;

typedef struct Sx {
    const DlProgram *p;
    DlSqlDialect dia;
    Arena a;              /* expression texts, scopes */
    const uint8_t *state; /* per decl: 0 not (yet) available, 1 table/view, 2 recursive */
    const DlClause *cl;
    uint32_t nvars;
    uint32_t nalias;
    uint32_t rec_rel;  /* the relation being defined recursively, or UINT32_MAX */
    bool rec_outer;    /* PostgreSQL's combined recursive term: `rec` is the outer alias */
    uint32_t rec_seen; /* recursive atoms in the rule */
    bool failed;
    SrcLoc floc;
    char reason[320];
} Sx;

static void fail(Sx *x, SrcLoc loc, const char *fmt, ...) IRLOG_PRINTF(3, 4);
static void fail(Sx *x, SrcLoc loc, const char *fmt, ...) {
    if (x->failed)
        return;
    x->failed = true;
    x->floc = loc.file ? loc : x->cl->loc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->reason, sizeof x->reason, fmt, ap);
    va_end(ap);
}

static void ident(StrBuf *o, const char *s) {
    sb_addc(o, '"');
    for (; *s; s++) {
        if (*s == '"')
            sb_addc(o, '"');
        sb_addc(o, *s);
    }
    sb_addc(o, '"');
}

static const char *sql_type(const Sx *x, DlKind k) {
    bool pg = x->dia == DL_SQL_POSTGRES;
    switch (k) {
    case DL_KIND_NUMBER: return pg ? "bigint" : "INTEGER";
    case DL_KIND_UNSIGNED: return pg ? "numeric(20,0)" : "INTEGER";
    case DL_KIND_FLOAT: return pg ? "double precision" : "REAL";
    case DL_KIND_SYMBOL: return pg ? "text" : "TEXT";
    }
    return "TEXT";
}

static const char *adup(Sx *x, const StrBuf *sb) {
    const char *s = arena_strndup(&x->a, sb->buf, sb->len);
    return s ? s : "";
}

static void add_where(Scope *s, const char *cond) {
    if (s->where.len)
        sb_adds(&s->where, " AND ");
    sb_adds(&s->where, cond);
}

/* ---- expressions --------------------------------------------------------------------- */

/* Whether every variable of e has a binding (aggregates count by their result). */
static bool bound(const Scope *s, const DlExpr *e) {
    if (e->kind == DL_X_WILD || e->kind == DL_X_AGG)
        return false;
    if (e->kind == DL_X_VAR)
        return s->bind[e->var] != NULL;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!bound(s, e->args[i]))
            return false;
    return true;
}

static void str_lit(Sx *x, const char *v, size_t n, StrBuf *o, SrcLoc loc) {
    if (memchr(v, '\0', n)) {
        fail(x, loc, "a symbol constant with a NUL byte has no SQL string literal");
        return;
    }
    if (x->dia == DL_SQL_POSTGRES)
        sb_adds(o, "CAST(");
    sb_addc(o, '\'');
    for (size_t i = 0; i < n; i++) {
        if (v[i] == '\'')
            sb_addc(o, '\'');
        sb_addc(o, v[i]);
    }
    sb_addc(o, '\'');
    if (x->dia == DL_SQL_POSTGRES)
        sb_adds(o, " AS text)");
}

static void float_lit(Sx *x, double f, StrBuf *o, SrcLoc loc) {
    if (!isfinite(f)) {
        fail(x, loc, "an infinite or NaN float constant has no SQL literal");
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", f);
    sb_adds(o, f < 0 || (f == 0 && signbit(f)) ? "(" : "");
    sb_adds(o, buf);
    if (!strpbrk(buf, ".e"))
        sb_adds(o, ".0");
    sb_adds(o, f < 0 || (f == 0 && signbit(f)) ? ")" : "");
}

static void expr(Sx *x, Scope *s, const DlExpr *e, StrBuf *o);

static void args_joined(Sx *x, Scope *s, const DlExpr *e, const char *sep, StrBuf *o) {
    for (uint32_t i = 0; i < e->nargs; i++) {
        if (i)
            sb_adds(o, sep);
        expr(x, s, e->args[i], o);
    }
}

static void binop(Sx *x, Scope *s, const DlExpr *e, const char *op, StrBuf *o) {
    sb_addc(o, '(');
    expr(x, s, e->args[0], o);
    sb_addf(o, " %s ", op);
    expr(x, s, e->args[1], o);
    sb_addc(o, ')');
}

/* A condition that the expression a is nonzero (division: the engine derives nothing). */
static void nonzero(Sx *x, Scope *s, const DlExpr *a) {
    StrBuf c = SB_INIT;
    sb_addc(&c, '(');
    expr(x, s, a, &c);
    sb_adds(&c, ") <> 0");
    add_where(s, adup(x, &c));
    sb_release(&c);
}

static void fun(Sx *x, Scope *s, const DlExpr *e, StrBuf *o) {
    bool pg = x->dia == DL_SQL_POSTGRES;
    DlKind ak = e->nargs ? (DlKind)e->args[0]->ty : DL_KIND_NUMBER;
    switch (e->fun) {
    case DL_FUN_NEG:
        sb_adds(o, "(- ");
        expr(x, s, e->args[0], o);
        sb_addc(o, ')');
        return;
    case DL_FUN_ADD:
        binop(x, s, e, e->ty == DL_KIND_SYMBOL ? "||" : "+", o);
        return;
    case DL_FUN_SUB: binop(x, s, e, "-", o); return;
    case DL_FUN_MUL: binop(x, s, e, "*", o); return;
    case DL_FUN_DIV:
    case DL_FUN_MOD:
        if (e->ty == DL_KIND_FLOAT) {
            if (e->fun == DL_FUN_MOD) {
                fail(x, e->loc, "'%%' on floats has no SQL operator");
                return;
            }
        } else {
            nonzero(x, s, e->args[1]);
        }
        binop(x, s, e, e->fun == DL_FUN_DIV ? "/" : "%", o);
        return;
    case DL_FUN_POW:
        fail(x, e->loc, "'^' (power) has no SQL operator in SQLite and PostgreSQL alike");
        return;
    case DL_FUN_BAND: binop(x, s, e, "&", o); return;
    case DL_FUN_BOR: binop(x, s, e, "|", o); return;
    case DL_FUN_BXOR:
        /* a xor b = ~(a & b) & (a | b): no overflow, both dialects */
        sb_adds(o, "(~(");
        expr(x, s, e->args[0], o);
        sb_adds(o, " & ");
        expr(x, s, e->args[1], o);
        sb_adds(o, ") & (");
        expr(x, s, e->args[0], o);
        sb_adds(o, " | ");
        expr(x, s, e->args[1], o);
        sb_adds(o, "))");
        return;
    case DL_FUN_BSHL:
    case DL_FUN_BSHR:
        if (e->ty != DL_KIND_NUMBER) {
            fail(x, e->loc, "shifts of unsigned values are not translated (SQL integers are signed)");
            return;
        }
        /* the engine takes the count modulo 64 */
        sb_addc(o, '(');
        expr(x, s, e->args[0], o);
        sb_adds(o, e->fun == DL_FUN_BSHL ? " << " : " >> ");
        sb_adds(o, pg ? "CAST((" : "(");
        expr(x, s, e->args[1], o);
        sb_adds(o, pg ? ") & 63 AS integer))" : " & 63))");
        return;
    case DL_FUN_BSHRU:
        fail(x, e->loc, "'bshru' (logical shift right) has no SQL operator");
        return;
    case DL_FUN_BNOT:
        sb_adds(o, "(~");
        expr(x, s, e->args[0], o);
        sb_addc(o, ')');
        return;
    case DL_FUN_LAND:
    case DL_FUN_LOR:
    case DL_FUN_LXOR:
        sb_adds(o, "(CASE WHEN (");
        expr(x, s, e->args[0], o);
        sb_adds(o, e->fun == DL_FUN_LAND ? " <> 0) AND (" : e->fun == DL_FUN_LOR ? " <> 0) OR (" : " <> 0) <> (");
        expr(x, s, e->args[1], o);
        sb_adds(o, " <> 0) THEN 1 ELSE 0 END)");
        return;
    case DL_FUN_LNOT:
        sb_adds(o, "(CASE WHEN ");
        expr(x, s, e->args[0], o);
        sb_adds(o, " = 0 THEN 1 ELSE 0 END)");
        return;
    case DL_FUN_CAT:
        sb_addc(o, '(');
        args_joined(x, s, e, " || ", o);
        sb_addc(o, ')');
        return;
    case DL_FUN_STRLEN: /* bytes, as the engine counts */
        sb_adds(o, pg ? "octet_length(" : "length(CAST(");
        expr(x, s, e->args[0], o);
        sb_adds(o, pg ? ")" : " AS BLOB))");
        return;
    case DL_FUN_SUBSTR: {
        /* bytes; i < 0 or past the end: ""; n < 0: to the end (docs/datalog.md) */
        StrBuf str = SB_INIT, i = SB_INIT, n = SB_INIT;
        expr(x, s, e->args[0], &str);
        expr(x, s, e->args[1], &i);
        expr(x, s, e->args[2], &n);
        if (pg)
            sb_addf(o,
                    "(CASE WHEN %s < 0 OR %s > octet_length(%s) THEN CAST('' AS text) "
                    "WHEN %s < 0 THEN convert_from(substr(convert_to(%s, 'UTF8'), "
                    "CAST(%s + 1 AS integer)), 'UTF8') "
                    "ELSE convert_from(substr(convert_to(%s, 'UTF8'), CAST(%s + 1 AS integer), "
                    "CAST(%s AS integer)), 'UTF8') END)",
                    i.buf, i.buf, str.buf, n.buf, str.buf, i.buf, str.buf, i.buf, n.buf);
        else
            sb_addf(o,
                    "(CASE WHEN %s < 0 OR %s > length(CAST(%s AS BLOB)) THEN '' "
                    "WHEN %s < 0 THEN coalesce(CAST(substr(CAST(%s AS BLOB), %s + 1) AS TEXT), '') "
                    "ELSE coalesce(CAST(substr(CAST(%s AS BLOB), %s + 1, %s) AS TEXT), '') END)",
                    i.buf, i.buf, str.buf, n.buf, str.buf, i.buf, str.buf, i.buf, n.buf);
        sb_release(&str);
        sb_release(&i);
        sb_release(&n);
        return;
    }
    case DL_FUN_ORD:
        fail(x, e->loc, "'ord' gives the engine's symbol numbers, which SQL does not have");
        return;
    case DL_FUN_TO_NUMBER:
        if (ak == DL_KIND_NUMBER) {
            expr(x, s, e->args[0], o);
        } else if (ak == DL_KIND_FLOAT) {
            sb_adds(o, pg ? "CAST(trunc(" : "CAST(");
            expr(x, s, e->args[0], o);
            sb_adds(o, pg ? ") AS bigint)" : " AS INTEGER)");
        } else {
            fail(x, e->loc, "to_number of a%s %s is not translated (SQL's CAST differs on "
                            "malformed or large values)",
                 ak == DL_KIND_UNSIGNED ? "n" : "", dl_kind_name(ak));
        }
        return;
    case DL_FUN_TO_STRING:
        if (ak == DL_KIND_SYMBOL) {
            expr(x, s, e->args[0], o);
        } else if (ak == DL_KIND_NUMBER) {
            sb_adds(o, "CAST(");
            expr(x, s, e->args[0], o);
            sb_adds(o, pg ? " AS text)" : " AS TEXT)");
        } else {
            fail(x, e->loc, "to_string of a%s %s is not translated (the engine prints it "
                            "as Souffle does, SQL otherwise)",
                 ak == DL_KIND_UNSIGNED ? "n" : "", dl_kind_name(ak));
        }
        return;
    case DL_FUN_TO_FLOAT:
        if (ak == DL_KIND_FLOAT) {
            expr(x, s, e->args[0], o);
        } else if (ak == DL_KIND_NUMBER) {
            sb_adds(o, "CAST(");
            expr(x, s, e->args[0], o);
            sb_adds(o, pg ? " AS double precision)" : " AS REAL)");
        } else {
            fail(x, e->loc, "to_float of a%s %s is not translated",
                 ak == DL_KIND_UNSIGNED ? "n" : "", dl_kind_name(ak));
        }
        return;
    case DL_FUN_TO_UNSIGNED:
        if (ak == DL_KIND_UNSIGNED)
            expr(x, s, e->args[0], o);
        else
            fail(x, e->loc, "to_unsigned of a %s is not translated (SQL has no unsigned "
                            "integers)",
                 dl_kind_name(ak));
        return;
    case DL_FUN_MIN:
    case DL_FUN_MAX:
        if (e->nargs == 1) {
            expr(x, s, e->args[0], o);
            return;
        }
        sb_adds(o, pg ? (e->fun == DL_FUN_MIN ? "LEAST(" : "GREATEST(")
                      : (e->fun == DL_FUN_MIN ? "min(" : "max("));
        args_joined(x, s, e, ", ", o);
        sb_addc(o, ')');
        return;
    case DL_FUN_COUNT_: break;
    }
    fail(x, e->loc, "unknown functor");
}

static void expr(Sx *x, Scope *s, const DlExpr *e, StrBuf *o) {
    if (x->failed)
        return;
    switch (e->kind) {
    case DL_X_VAR:
        if (!s->bind[e->var]) {
            fail(x, e->loc, "variable '%s' is not bound where the SQL needs it",
                 e->text ? e->text : "?");
            return;
        }
        sb_adds(o, s->bind[e->var]);
        return;
    case DL_X_WILD: fail(x, e->loc, "'_' in an expression"); return;
    case DL_X_INT:
        if (e->ty == DL_KIND_FLOAT)
            float_lit(x, (double)(int64_t)e->val, o, e->loc);
        else if ((int64_t)e->val < 0)
            sb_addf(o, "(%lld)", (long long)(int64_t)e->val);
        else
            sb_add_i64(o, (int64_t)e->val);
        return;
    case DL_X_UNS:
        if (e->val > (uint64_t)INT64_MAX) {
            fail(x, e->loc, "an unsigned constant above 2^63-1 has no SQL integer");
            return;
        }
        sb_add_u64(o, e->val);
        return;
    case DL_X_FLOAT: {
        double f;
        DL_MEMCPY(&f, &e->val, sizeof f);
        float_lit(x, f, o, e->loc);
        return;
    }
    case DL_X_STR:
        str_lit(x, intern_str(&x->p->syms, (Sym)e->val), intern_len(&x->p->syms, (Sym)e->val), o,
                e->loc);
        return;
    case DL_X_FUN: fun(x, s, e, o); return;
    case DL_X_AGG: fail(x, e->loc, "an aggregate the checker did not rewrite"); return;
    }
}

static const char *expr_text(Sx *x, Scope *s, const DlExpr *e) {
    StrBuf o = SB_INIT;
    expr(x, s, e, &o);
    const char *t = adup(x, &o);
    sb_release(&o);
    return t;
}

/* ---- relations as FROM items --------------------------------------------------------- */

/* Appends the SQL name of relation rel (its table or view; the recursive CTE for the
 * relation being defined). false (with a reason) when it is not available. */
static bool rel_name(Sx *x, uint32_t rel, SrcLoc loc, StrBuf *o) {
    const DlDecl *dc = &x->p->decls.v[rel];
    if (rel == x->rec_rel) {
        StrBuf n = SB_INIT;
        sb_addf(&n, "%s__rec", dc->name);
        ident(o, n.buf);
        sb_release(&n);
        return true;
    }
    if (!x->state[rel]) {
        fail(x, loc, "it reads '%s', which is not translated", dc->name);
        return false;
    }
    ident(o, dc->name);
    return true;
}

static void col_ref(StrBuf *o, const char *alias, const DlDecl *dc, uint32_t j) {
    sb_adds(o, alias);
    sb_addc(o, '.');
    ident(o, dc->attr_names[j]);
}

/* ---- conjunctions -------------------------------------------------------------------- */

typedef Vec(const DlAgg *) AggList;

/* The aggregates used directly by lits (an aggregate's node is a variable with agg). */
static void direct_aggs(const DlLit *lits, uint32_t n, AggList *out) {
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM) {
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                if (l->atom.args[j]->agg && l->atom.args[j]->kind == DL_X_VAR)
                    (void)vec_push(out, l->atom.args[j]->agg);
        } else if (l->kind == DL_LIT_CMP) {
            if (l->lhs->agg && l->lhs->kind == DL_X_VAR)
                (void)vec_push(out, l->lhs->agg);
            if (l->rhs->agg && l->rhs->kind == DL_X_VAR)
                (void)vec_push(out, l->rhs->agg);
        }
    }
}

static void conj_sql(Sx *x, Scope *s, const DlLit *lits, uint32_t n, const DlAgg *const *aggs,
                 uint32_t naggs);

static const char **bind_copy(Sx *x, const Scope *s) {
    const char **b = arena_calloc(&x->a, sizeof(char *) * (x->nvars + 1));
    if (b)
        DL_MEMCPY(b, s->bind, sizeof(char *) * x->nvars);
    return b;
}

/* An aggregate as a correlated scalar subquery. */
static const char *aggregate(Sx *x, Scope *s, const DlAgg *g) {
    bool pg = x->dia == DL_SQL_POSTGRES;
    Scope in = {bind_copy(x, s), SB_INIT, SB_INIT};
    StrBuf o = SB_INIT, val = SB_INIT;
    AggList inner = {0};
    const char *res = "";
    if (!in.bind) {
        fail(x, x->cl->loc, "out of memory");
        return res;
    }
    if (g->target && g->target->agg && g->target->kind == DL_X_VAR) {
        fail(x, g->target->loc, "an aggregate as the target of an aggregate is not translated");
        goto out;
    }
    direct_aggs(g->body, g->nbody, &inner);
    conj_sql(x, &in, g->body, g->nbody, inner.v, (uint32_t)inner.len);
    if (x->failed)
        goto out;
    Scope tgt = in;
    char dalias[32] = "";
    if (g->dvars) {
        /* Souffle's materialisation: over the distinct values of the body's variables */
        snprintf(dalias, sizeof dalias, "t%u", x->nalias++);
        tgt.bind = bind_copy(x, &in);
        if (!tgt.bind) {
            fail(x, x->cl->loc, "out of memory");
            goto out;
        }
        sb_adds(&o, "SELECT DISTINCT ");
        if (!g->ndvars)
            sb_adds(&o, "1 AS \"d0\"");
        for (uint32_t k = 0; k < g->ndvars; k++) {
            uint32_t v = g->dvars[k];
            if (!in.bind[v]) {
                fail(x, g->body ? g->body[0].loc : x->cl->loc,
                     "a variable of the aggregate is not bound");
                goto out;
            }
            sb_addf(&o, "%s%s AS \"d%u\"", k ? ", " : "", in.bind[v], k);
            tgt.bind[v] = arena_printf(&x->a, "%s.\"d%u\"", dalias, k);
        }
        if (in.from.len)
            sb_addf(&o, " FROM %s", in.from.buf);
        if (in.where.len)
            sb_addf(&o, " WHERE %s", in.where.buf);
    }
    DlKind tk = g->target ? (DlKind)g->target->ty : DL_KIND_NUMBER;
    switch (g->op) {
    case DL_AGG_COUNT: sb_adds(&val, "count(*)"); break;
    case DL_AGG_SUM:
        sb_adds(&val, pg && tk != DL_KIND_FLOAT ? "CAST(coalesce(sum(" : "coalesce(sum(");
        expr(x, &tgt, g->target, &val);
        sb_adds(&val, tk == DL_KIND_FLOAT ? "), 0.0)" : pg ? "), 0) AS bigint)" : "), 0)");
        break;
    case DL_AGG_MIN:
    case DL_AGG_MAX:
        sb_adds(&val, g->op == DL_AGG_MIN ? "min(" : "max(");
        expr(x, &tgt, g->target, &val);
        sb_addc(&val, ')');
        break;
    }
    if (x->failed)
        goto out;
    StrBuf q = SB_INIT;
    sb_addf(&q, "(SELECT %s", val.buf);
    if (g->dvars) {
        sb_addf(&q, " FROM (%s) AS %s)", o.buf, dalias);
    } else {
        if (in.from.len)
            sb_addf(&q, " FROM %s", in.from.buf);
        if (in.where.len)
            sb_addf(&q, " WHERE %s", in.where.buf);
        sb_addc(&q, ')');
    }
    res = adup(x, &q);
    sb_release(&q);
out:
    vec_release(&inner);
    sb_release(&o);
    sb_release(&val);
    sb_release(&in.from);
    sb_release(&in.where);
    return res;
}

static const char *cmp_op(DlCmp c) {
    switch (c) {
    case DL_CMP_EQ: return "=";
    case DL_CMP_NE: return "<>";
    case DL_CMP_LT: return "<";
    case DL_CMP_LE: return "<=";
    case DL_CMP_GT: return ">";
    case DL_CMP_GE: return ">=";
    default: return NULL;
    }
}

static void comparison(Sx *x, Scope *s, const DlLit *l) {
    StrBuf c = SB_INIT;
    const char *op = cmp_op(l->cmp);
    bool pg = x->dia == DL_SQL_POSTGRES;
    if (op) {
        sb_addc(&c, '(');
        expr(x, s, l->lhs, &c);
        sb_addf(&c, " %s ", op);
        expr(x, s, l->rhs, &c);
        sb_addc(&c, ')');
    } else if (l->cmp == DL_CMP_CONTAINS || l->cmp == DL_CMP_NOT_CONTAINS) {
        /* contains(sub, s) */
        sb_adds(&c, pg ? "(strpos(" : "(instr(");
        expr(x, s, l->rhs, &c);
        sb_adds(&c, ", ");
        expr(x, s, l->lhs, &c);
        sb_adds(&c, l->cmp == DL_CMP_CONTAINS ? ") > 0)" : ") = 0)");
    } else { /* match(pattern, s) */
        if (!pg) {
            fail(x, l->loc, "'match' needs regular expressions, which SQLite does not have");
        } else if (l->lhs->kind != DL_X_STR) {
            fail(x, l->loc, "'match' with a pattern that is not a constant is not translated");
        } else if (l->lhs->re_bad) {
            sb_adds(&c, "(1 = 0)"); /* an invalid pattern matches nothing, either way */
        } else {
            StrBuf pat = SB_INIT;
            Sym sym = (Sym)l->lhs->val;
            dl_regex_pattern(intern_str(&x->p->syms, sym), intern_len(&x->p->syms, sym), &pat);
            sb_adds(&c, "(");
            expr(x, s, l->rhs, &c);
            sb_adds(&c, l->cmp == DL_CMP_MATCH ? " ~ " : " !~ ");
            str_lit(x, pat.buf, pat.len, &c, l->loc);
            sb_adds(&c, ")");
            sb_release(&pat);
        }
    }
    if (!x->failed)
        add_where(s, adup(x, &c));
    sb_release(&c);
}

static void negation(Sx *x, Scope *s, const DlLit *l) {
    const DlAtom *at = &l->atom;
    const DlDecl *dc = &x->p->decls.v[at->rel];
    if (at->rel == x->rec_rel) {
        fail(x, l->loc, "negation of the relation being defined");
        return;
    }
    StrBuf c = SB_INIT, alias = SB_INIT;
    sb_addf(&alias, "t%u", x->nalias++);
    sb_adds(&c, "NOT EXISTS (SELECT 1 FROM ");
    if (!rel_name(x, at->rel, l->loc, &c))
        goto out;
    sb_addf(&c, " AS %s", alias.buf);
    bool first = true;
    for (uint32_t j = 0; j < at->nargs; j++) {
        const DlExpr *e = at->args[j];
        if (e->kind == DL_X_WILD)
            continue;
        sb_adds(&c, first ? " WHERE " : " AND ");
        first = false;
        col_ref(&c, alias.buf, dc, j);
        sb_adds(&c, " = ");
        expr(x, s, e, &c);
    }
    sb_addc(&c, ')');
    if (!x->failed)
        add_where(s, adup(x, &c));
out:
    sb_release(&c);
    sb_release(&alias);
}

/* Translates a conjunction into s->from / s->where, binding its variables in s->bind
 * (which holds the bindings of enclosing scopes already: those are correlated). */
static void conj_sql(Sx *x, Scope *s, const DlLit *lits, uint32_t n, const DlAgg *const *aggs,
                 uint32_t naggs) {
    uint32_t nargs = 0;
    for (uint32_t i = 0; i < n; i++)
        if (lits[i].kind == DL_LIT_ATOM)
            nargs += lits[i].atom.nargs;
    bool *binder = arena_calloc(&x->a, nargs + 1);
    bool *done = arena_calloc(&x->a, n + 1);
    bool *adone = arena_calloc(&x->a, naggs + 1);
    const char **alias = arena_calloc(&x->a, sizeof(char *) * (n + 1));
    bool *outside = arena_calloc(&x->a, x->nvars + 1);
    bool *inside = arena_calloc(&x->a, x->nvars + 1);
    if (!binder || !done || !adone || !alias || !outside || !inside) {
        fail(x, x->cl->loc, "out of memory");
        return;
    }
    /* 1. positive atoms: FROM items; a variable's first occurrence binds it */
    uint32_t k = 0;
    for (uint32_t i = 0; i < n && !x->failed; i++) {
        const DlLit *l = &lits[i];
        if (l->kind != DL_LIT_ATOM)
            continue;
        const DlAtom *at = &l->atom;
        const DlDecl *dc = &x->p->decls.v[at->rel];
        bool rec = at->rel == x->rec_rel;
        if (rec && x->rec_seen++) {
            fail(x, l->loc, "non-linear recursion: the rule reads '%s' more than once",
                 dc->name);
            return;
        }
        alias[i] = rec ? "rec" : arena_printf(&x->a, "t%u", x->nalias++);
        if (!alias[i]) {
            fail(x, l->loc, "out of memory");
            return;
        }
        if (!(rec && x->rec_outer)) {
            StrBuf f = SB_INIT;
            if (!rel_name(x, at->rel, l->loc, &f)) {
                sb_release(&f);
                return;
            }
            if (s->from.len)
                sb_adds(&s->from, ", ");
            sb_addf(&s->from, "%s AS %s", f.buf, alias[i]);
            sb_release(&f);
        }
        for (uint32_t j = 0; j < at->nargs; j++, k++) {
            const DlExpr *e = at->args[j];
            if (e->kind == DL_X_VAR && !s->bind[e->var]) {
                StrBuf c = SB_INIT;
                col_ref(&c, alias[i], dc, j);
                s->bind[e->var] = adup(x, &c);
                sb_release(&c);
                binder[k] = true;
            }
        }
        done[i] = true;
    }
    /* the variables outside every aggregate (and the head's): an aggregate waits for
     * those it shares with them, as the planner does */
    dl_conj_vars(lits, n, &x->cl->head, false, outside);
    /* 2. equalities that bind a variable, and aggregates, as they become ready */
    for (bool progress = true; progress && !x->failed;) {
        progress = false;
        for (uint32_t i = 0; i < n && !x->failed; i++) {
            const DlLit *l = &lits[i];
            if (done[i] || l->kind != DL_LIT_CMP || l->cmp != DL_CMP_EQ)
                continue;
            const DlExpr *v = NULL, *e = NULL;
            if (l->lhs->kind == DL_X_VAR && !s->bind[l->lhs->var] && bound(s, l->rhs))
                v = l->lhs, e = l->rhs;
            else if (l->rhs->kind == DL_X_VAR && !s->bind[l->rhs->var] && bound(s, l->lhs))
                v = l->rhs, e = l->lhs;
            if (!v)
                continue;
            const char *t = expr_text(x, s, e);
            s->bind[v->var] = t;
            done[i] = true;
            progress = true;
        }
        for (uint32_t a = 0; a < naggs && !x->failed; a++) {
            if (adone[a])
                continue;
            const DlAgg *g = aggs[a];
            memset(inside, 0, x->nvars);
            dl_agg_vars(g, inside);
            bool ready = true;
            for (uint32_t v = 0; v < x->nvars; v++)
                if (inside[v] && outside[v] && !s->bind[v] && v != g->var)
                    ready = false;
            if (!ready)
                continue;
            const char *q = aggregate(x, s, g);
            if (x->failed)
                return;
            if (s->bind[g->var]) {
                add_where(s, arena_printf(&x->a, "%s = %s", s->bind[g->var], q));
            } else {
                s->bind[g->var] = q;
            }
            if (g->op == DL_AGG_MIN || g->op == DL_AGG_MAX)
                add_where(s, arena_printf(&x->a, "%s IS NOT NULL", q));
            adone[a] = true;
            progress = true;
        }
    }
    for (uint32_t a = 0; a < naggs && !x->failed; a++)
        if (!adone[a])
            fail(x, aggs[a]->body ? aggs[a]->body[0].loc : x->cl->loc,
                 "an aggregate whose group is not bound");
    /* 3. the conditions: repeated variables and constants of atoms, comparisons,
     * negations */
    k = 0;
    for (uint32_t i = 0; i < n && !x->failed; i++) {
        const DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM) {
            const DlDecl *dc = &x->p->decls.v[l->atom.rel];
            for (uint32_t j = 0; j < l->atom.nargs; j++, k++) {
                const DlExpr *e = l->atom.args[j];
                if (binder[k] || e->kind == DL_X_WILD)
                    continue;
                StrBuf c = SB_INIT;
                col_ref(&c, alias[i], dc, j);
                sb_adds(&c, " = ");
                expr(x, s, e, &c);
                if (!x->failed)
                    add_where(s, adup(x, &c));
                sb_release(&c);
            }
        } else if (l->kind == DL_LIT_CMP && !done[i]) {
            comparison(x, s, l);
        } else if (l->kind == DL_LIT_NEG) {
            negation(x, s, l);
        } else if (l->kind == DL_LIT_BOOL && !l->bval) {
            add_where(s, "1 = 0");
        }
    }
}

/* ---- rules and relations ------------------------------------------------------------- */

/* One rule as a SELECT of the head's columns (aliased with the column names). */
static void rule_select(Sx *x, const DlClause *cl, bool distinct, StrBuf *o) {
    x->cl = cl;
    x->nvars = cl->nvars;
    x->rec_seen = 0;
    const DlDecl *hd = &x->p->decls.v[cl->head.rel];
    Scope s = {arena_calloc(&x->a, sizeof(char *) * (cl->nvars + 1)), SB_INIT, SB_INIT};
    if (!s.bind) {
        fail(x, cl->loc, "out of memory");
        return;
    }
    conj_sql(x, &s, cl->body, cl->nbody, (const DlAgg *const *)cl->aggs, cl->naggs);
    StrBuf sel = SB_INIT;
    sb_adds(&sel, distinct ? "SELECT DISTINCT " : "SELECT ");
    for (uint32_t j = 0; j < cl->head.nargs && !x->failed; j++) {
        if (j)
            sb_adds(&sel, ", ");
        if (x->dia == DL_SQL_POSTGRES) {
            /* the column's type: UNION and WITH RECURSIVE need the same types */
            sb_adds(&sel, "CAST(");
            expr(x, &s, cl->head.args[j], &sel);
            sb_addf(&sel, " AS %s)", sql_type(x, dl_decl_kind(hd, j)));
        } else {
            expr(x, &s, cl->head.args[j], &sel);
        }
        sb_adds(&sel, " AS ");
        ident(&sel, hd->attr_names[j]);
    }
    if (s.from.len)
        sb_addf(&sel, " FROM %s", s.from.buf);
    if (s.where.len)
        sb_addf(&sel, " WHERE %s", s.where.buf);
    if (!x->failed)
        sb_add(o, sel.buf, sel.len);
    sb_release(&sel);
    sb_release(&s.from);
    sb_release(&s.where);
}

static void loc_text(StrBuf *o, SrcLoc l) {
    sb_addf(o, "%s:%u:%u", l.file ? l.file : "<program>", l.line, l.col);
}

/* SQL comment text: no newline can end it early. */
static void comment(StrBuf *o, const char *s) {
    sb_adds(o, "-- ");
    for (; *s; s++)
        sb_addc(o, *s == '\n' || *s == '\r' ? ' ' : *s);
    sb_addc(o, '\n');
}

static void column_list(const Sx *x, const DlDecl *dc, StrBuf *o) {
    sb_adds(o, " (");
    for (uint32_t j = 0; j < dc->arity; j++) {
        if (j)
            sb_adds(o, ", ");
        ident(o, dc->attr_names[j]);
    }
    (void)x;
    sb_adds(o, ")");
}

typedef struct RelOut {
    StrBuf text;   /* the view, or the comments */
    bool ok;
} RelOut;

/* Reports one rule of relation rel that failed. */
static void rule_failed(Sx *x, const DlDecl *dc, StrBuf *cm, Diags *d) {
    StrBuf line = SB_INIT;
    sb_addf(&line, "not translated: %s, the rule at ", dc->name);
    loc_text(&line, x->floc);
    sb_addf(&line, ": %s", x->reason);
    if (!line.oom)
        comment(cm, line.buf);
    sb_release(&line);
    diags_add(d, DIAG_WARNING, x->floc, "relation '%s' is not translated to SQL: %s", dc->name,
              x->reason);
}

static void translate_rel(Sx *x, uint32_t rel, bool recursive, const char *why_not,
                          StrBuf *out, Diags *d, bool *ok) {
    const DlProgram *p = x->p;
    const DlDecl *dc = &p->decls.v[rel];
    *ok = false;
    StrBuf cm = SB_INIT; /* comments of the failures */
    x->nalias = 0;
    StrBuf v = SB_INIT;
    /* the rules of rel, in source order */
    Vec(uint32_t) base = {0}, rec = {0};
    for (size_t i = 0; i < p->clauses.len; i++)
        if (p->clauses.v[i].head.rel == rel)
            (void)vec_push(&base, (uint32_t)i);
    if (why_not) {
        StrBuf line = SB_INIT;
        sb_addf(&line, "not translated: %s (", dc->name);
        loc_text(&line, dc->loc);
        sb_addf(&line, "): %s", why_not);
        comment(&cm, line.buf);
        sb_release(&line);
        diags_add(d, DIAG_WARNING, base.len ? p->clauses.v[base.v[0]].loc : dc->loc,
                  "relation '%s' is not translated to SQL: %s", dc->name, why_not);
        goto out;
    }
    if (recursive) {
        /* split: rules that read rel, and the others */
        size_t nb = 0;
        for (size_t i = 0; i < base.len; i++) {
            const DlClause *cl = &p->clauses.v[base.v[i]];
            bool reads = false;
            for (uint32_t j = 0; j < cl->nbody; j++)
                if (cl->body[j].kind == DL_LIT_ATOM && cl->body[j].atom.rel == rel)
                    reads = true;
            if (reads)
                (void)vec_push(&rec, base.v[i]);
            else
                base.v[nb++] = base.v[i];
        }
        base.len = nb;
    }
    sb_adds(&v, "CREATE VIEW ");
    ident(&v, dc->name);
    column_list(x, dc, &v);
    sb_adds(&v, " AS\n");
    bool failed = false;
    if (base.len == 0) {
        /* no rule (or only recursive ones): the relation is empty */
        sb_adds(&v, "SELECT ");
        for (uint32_t j = 0; j < dc->arity; j++) {
            sb_addf(&v, "%sCAST(NULL AS %s) AS ", j ? ", " : "",
                    sql_type(x, dl_decl_kind(dc, j)));
            ident(&v, dc->attr_names[j]);
        }
        sb_adds(&v, " WHERE 1 = 0;\n");
    } else if (!recursive || rec.len == 0) {
        for (size_t i = 0; i < base.len; i++) {
            x->failed = false;
            x->rec_rel = UINT32_MAX;
            if (i)
                sb_adds(&v, "\nUNION\n");
            rule_select(x, &p->clauses.v[base.v[i]], base.len == 1, &v);
            if (x->failed) {
                failed = true;
                rule_failed(x, dc, &cm, d);
            }
        }
        sb_adds(&v, ";\n");
    } else {
        StrBuf cte = SB_INIT;
        sb_addf(&cte, "%s__rec", dc->name);
        sb_adds(&v, "WITH RECURSIVE ");
        ident(&v, cte.buf);
        column_list(x, dc, &v);
        sb_adds(&v, " AS (\n");
        for (size_t i = 0; i < base.len; i++) {
            x->failed = false;
            x->rec_rel = rel;
            x->rec_outer = false;
            if (i)
                sb_adds(&v, "\nUNION\n");
            rule_select(x, &p->clauses.v[base.v[i]], false, &v);
            if (x->failed) {
                failed = true;
                rule_failed(x, dc, &cm, d);
            }
        }
        bool combine = x->dia == DL_SQL_POSTGRES && rec.len > 1;
        if (combine) {
            /* PostgreSQL: one recursive term; the rules see the recursive row as `rec` */
            sb_adds(&v, "\nUNION\nSELECT ");
            for (uint32_t j = 0; j < dc->arity; j++) {
                sb_adds(&v, j ? ", " : "");
                sb_adds(&v, "x.");
                ident(&v, dc->attr_names[j]);
            }
            sb_adds(&v, " FROM ");
            ident(&v, cte.buf);
            sb_adds(&v, " AS rec CROSS JOIN LATERAL (\n");
        }
        for (size_t i = 0; i < rec.len; i++) {
            x->failed = false;
            x->rec_rel = rel;
            x->rec_outer = combine;
            sb_adds(&v, combine ? (i ? "\nUNION\n" : "") : "\nUNION\n");
            rule_select(x, &p->clauses.v[rec.v[i]], false, &v);
            if (x->failed) {
                failed = true;
                rule_failed(x, dc, &cm, d);
            }
        }
        if (combine)
            sb_adds(&v, "\n) AS x");
        sb_adds(&v, ")\nSELECT ");
        for (uint32_t j = 0; j < dc->arity; j++) {
            sb_adds(&v, j ? ", " : "");
            ident(&v, dc->attr_names[j]);
        }
        sb_adds(&v, " FROM ");
        ident(&v, cte.buf);
        sb_adds(&v, ";\n");
        sb_release(&cte);
    }
    x->rec_rel = UINT32_MAX;
    x->rec_outer = false;
    if (!failed) {
        *ok = true;
        sb_add(out, v.buf, v.len);
    }
out:
    sb_add(out, cm.buf, cm.len);
    vec_release(&base);
    vec_release(&rec);
    sb_release(&cm);
    sb_release(&v);
}

Status dl_sql_views(const DlProgram *p, DlSqlDialect dia, unsigned flags, StrBuf *out,
                    Diags *d, size_t *nviews, size_t *nskipped) {
    size_t nd = p->decls.len, views = 0, skipped = 0;
    uint8_t *state = mem_calloc(nd + 1, 1);
    if (!state)
        return E_NOMEM;
    Sx x = {0};
    x.p = p;
    x.dia = dia;
    x.state = state;
    x.rec_rel = UINT32_MAX;
    for (size_t r = 0; r < nd; r++)
        if (p->decls.v[r].is_input)
            state[r] = 1;
    if (flags & DL_SQL_INPUT_TABLES) {
        for (size_t r = 0; r < nd; r++) {
            const DlDecl *dc = &p->decls.v[r];
            if (!dc->is_input || !(dc->used || dc->is_output) || dc->arity == 0)
                continue;
            sb_adds(out, "CREATE TABLE IF NOT EXISTS ");
            ident(out, dc->name);
            sb_adds(out, " (");
            for (uint32_t j = 0; j < dc->arity; j++) {
                sb_adds(out, j ? ", " : "");
                ident(out, dc->attr_names[j]);
                sb_addf(out, " %s NOT NULL", sql_type(&x, dl_decl_kind(dc, j)));
            }
            sb_adds(out, ");\n");
        }
    }
    for (uint32_t si = 0; si < p->nstrata; si++) {
        const DlStratum *st = &p->strata[si];
        for (uint32_t k = 0; k < st->nrels; k++) {
            uint32_t r = st->rels[k];
            const DlDecl *dc = &p->decls.v[r];
            bool has_clause = false;
            for (size_t i = 0; i < p->clauses.len && !has_clause; i++)
                has_clause = p->clauses.v[i].head.rel == r;
            if (dc->is_input && !has_clause)
                continue;
            if (dc->is_inline && !has_clause)
                continue; /* unfolded into the rules that use it */
            const char *why = NULL;
            char buf[400];
            if (dc->is_input)
                why = "an .input relation that rules add to (its table holds the facts only)";
            else if (dc->arity == 0)
                why = "a relation of no columns has no SQL view";
            else if (dc->eqrel)
                why = "eqrel (an equivalence closure) is not translated";
            else if (st->recursive && st->nrels > 1) {
                /* mutual recursion: name the others */
                size_t len = (size_t)snprintf(buf, sizeof buf, "mutual recursion (with");
                for (uint32_t m = 0; m < st->nrels && len < sizeof buf - 40; m++)
                    if (st->rels[m] != r)
                        len += (size_t)snprintf(buf + len, sizeof buf - len, " '%s'",
                                                p->decls.v[st->rels[m]].name);
                snprintf(buf + len, sizeof buf - len, "): WITH RECURSIVE takes one relation");
                why = buf;
            }
            bool ok = false;
            translate_rel(&x, r, st->recursive, why, out, d, &ok);
            if (ok) {
                state[r] = st->recursive ? 2 : 1;
                views++;
            } else {
                skipped++;
            }
        }
    }
    Status res = out->oom || x.a.oom ? E_NOMEM : OK;
    arena_release(&x.a);
    mem_free(state);
    if (nviews)
        *nviews = views;
    if (nskipped)
        *nskipped = skipped;
    return res;
}
