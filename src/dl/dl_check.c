/*
 * dl_check.c — semantic checks over the AST.
 *
 * Owns: resolving type names (subtypes, unions, aliases → a primitive kind), relation
 * names and arities, directives and their options; rewriting aggregates into variables
 * (DlAgg.var) and listing them on the clause; inferring the primitive kind of every
 * variable and expression (DlExpr.ty) and rejecting mismatches; checking that every
 * variable is grounded; Souffle's subtype rules (check_subtypes); Souffle's aggregate
 * scopes and witnesses (scope_aggs) and materialised bodies (DlAgg.dvars); Souffle's
 * checks on inline relations, then their inlining (inline_relations). Every error is
 * reported (with file:line:col) before returning.
 */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

typedef Vec(DlAgg *) AggVec;
typedef Vec(const char *) NameVec;

typedef struct Checker {
    DlProgram *p;
    Diags *d;
    Status st;
    uint64_t *tsets; /* per type: the set of "own value" atoms it covers (tw words each) */
    size_t tw;       /* words per set */
} Checker;

const char *dl_kind_name(DlKind k) {
    switch (k) {
    case DL_KIND_NUMBER: return "number";
    case DL_KIND_UNSIGNED: return "unsigned";
    case DL_KIND_FLOAT: return "float";
    case DL_KIND_SYMBOL: return "symbol";
    }
    return "?";
}

void dl_regex_free(void *re) {
    regfree((regex_t *)re);
}

static Status name_sym(DlProgram *p, const char *s, Sym *out) {
    return intern_get(&p->names, s, strlen(s), out);
}

/* ---- types ------------------------------------------------------------------------- */

static int find_type(DlProgram *p, const char *name) {
    Sym s;
    uint64_t v;
    if (!intern_lookup(&p->names, name, strlen(name), &s) || !map_get(&p->type_by_name, s, &v))
        return -1;
    return (int)v - 1;
}

static bool resolve_type(Checker *c, uint32_t i) {
    DlType *t = &c->p->types.v[i];
    if (t->state == 2)
        return true;
    if (t->state == 3)
        return false;
    if (t->state == 1) {
        diags_add(c->d, DIAG_ERROR, t->loc, "type '%s' is defined in terms of itself", t->name);
        t->state = 3;
        return false;
    }
    t->state = 1;
    int kind = -1;
    for (uint32_t k = 0; k < t->nparts; k++) {
        int j = find_type(c->p, t->parts[k]);
        if (j < 0) {
            diags_add(c->d, DIAG_ERROR, t->loc, "type '%s' uses undeclared type '%s'", t->name,
                      t->parts[k]);
            c->p->types.v[i].state = 3;
            return false;
        }
        if (!resolve_type(c, (uint32_t)j)) {
            c->p->types.v[i].state = 3;
            return false;
        }
        t = &c->p->types.v[i];
        int kk = (int)c->p->types.v[j].kind;
        if (kind >= 0 && kk != kind) {
            diags_add(c->d, DIAG_ERROR, t->loc,
                      "union type '%s' mixes %s and %s types ('%s' is %s)", t->name,
                      dl_kind_name((DlKind)kind), dl_kind_name((DlKind)kk), t->parts[k],
                      dl_kind_name((DlKind)kk));
            t->state = 3;
            return false;
        }
        kind = kk;
    }
    t->kind = (DlKind)(kind < 0 ? DL_KIND_SYMBOL : kind);
    t->state = 2;
    return true;
}

static Status check_types(Checker *c) {
    Status st = OK;
    DlProgram *p = c->p;
    /* user types come from the parser; register them after the primitives */
    static const struct {
        const char *n;
        DlKind k;
    } prims[] = {{"number", DL_KIND_NUMBER},
                 {"unsigned", DL_KIND_UNSIGNED},
                 {"float", DL_KIND_FLOAT},
                 {"symbol", DL_KIND_SYMBOL}};
    size_t nuser = p->types.len;
    for (size_t i = 0; i < ARRAY_LEN(prims); i++) {
        DlType t = {0};
        t.name = prims[i].n;
        t.form = DL_TY_PRIM;
        t.kind = prims[i].k;
        t.state = 2;
        TRY(vec_push(&p->types, t));
        Sym s;
        TRY(name_sym(p, t.name, &s));
        TRY(map_put(&p->type_by_name, s, p->types.len));
    }
    for (size_t i = 0; i < nuser; i++) {
        DlType *t = &p->types.v[i];
        Sym s;
        TRY(name_sym(p, t->name, &s));
        uint64_t prev;
        if (map_get(&p->type_by_name, s, &prev)) {
            const DlType *o = &p->types.v[prev - 1];
            if (o->form == DL_TY_PRIM)
                diags_add(c->d, DIAG_ERROR, t->loc, "type '%s' is a primitive type", t->name);
            else
                diags_add(c->d, DIAG_ERROR, t->loc,
                          "type '%s' is declared twice (first at line %u)", t->name, o->loc.line);
            t->state = 3;
            continue;
        }
        TRY(map_put(&p->type_by_name, s, i + 1));
    }
    for (size_t i = 0; i < nuser; i++)
        if (p->types.v[i].state != 3)
            resolve_type(c, (uint32_t)i);
fail:
    return st;
}

/* ---- declarations and directives ---------------------------------------------------- */

static Status check_decls(Checker *c) {
    Status st = OK;
    DlProgram *p = c->p;
    for (size_t i = 0; i < p->decls.len; i++) {
        DlDecl *dc = &p->decls.v[i];
        Sym s;
        TRY(name_sym(p, dc->name, &s));
        uint64_t prev;
        if (map_get(&p->decl_by_name, s, &prev)) {
            diags_add(c->d, DIAG_ERROR, dc->loc,
                      "relation '%s' is declared twice (first at line %u)", dc->name,
                      p->decls.v[prev].loc.line);
            continue;
        }
        TRY(map_put(&p->decl_by_name, s, i));
        if (dc->arity > 64) {
            diags_add(c->d, DIAG_ERROR, dc->loc, "relation '%s' has %u columns; irlog allows 64",
                      dc->name, dc->arity);
            continue;
        }
        dc->tys = arena_alloc(&p->arena, sizeof(int32_t) * (dc->arity + 1));
        if (!dc->tys) {
            st = E_NOMEM;
            goto fail;
        }
        for (uint32_t k = 0; k < dc->arity; k++) {
            int t = find_type(p, dc->attr_types[k]);
            dc->tys[k] = t;
            if (t < 0) {
                diags_add(c->d, DIAG_ERROR, dc->loc,
                          "attribute '%s' of relation '%s' has undeclared type '%s'",
                          dc->attr_names[k], dc->name, dc->attr_types[k]);
                continue;
            }
            dc->kinds[k] = (uint8_t)p->types.v[t].kind;
            for (uint32_t j = 0; j < k; j++)
                if (strcmp(dc->attr_names[j], dc->attr_names[k]) == 0)
                    diags_add(c->d, DIAG_ERROR, dc->loc,
                              "relation '%s' has two attributes named '%s'", dc->name,
                              dc->attr_names[k]);
        }
        if (dc->eqrel && dc->arity == 2 && dc->kinds[0] != dc->kinds[1])
            diags_add(c->d, DIAG_ERROR, dc->loc,
                      "eqrel relation '%s' must have two attributes of the same kind", dc->name);
    }
fail:
    return st;
}

static int find_decl(DlProgram *p, const char *name) {
    Sym s;
    uint64_t v;
    if (!intern_lookup(&p->names, name, strlen(name), &s) || !map_get(&p->decl_by_name, s, &v))
        return -1;
    return (int)v;
}

const char *dl_io_opt(const DlDirective *dir, const char *key) {
    const char *v = NULL;
    for (uint32_t i = 0; i < dir->nopts; i++)
        if (strcmp(dir->opts[i].key, key) == 0)
            v = dir->opts[i].val;
    return v;
}

static void check_directives(Checker *c) {
    DlProgram *p = c->p;
    for (size_t i = 0; i < p->dirs.len; i++) {
        DlDirective *dir = &p->dirs.v[i];
        int r = find_decl(p, dir->rel_name);
        if (r < 0) {
            diags_add(c->d, DIAG_ERROR, dir->loc, "relation '%s' is not declared",
                      dir->rel_name);
            continue;
        }
        dir->rel = (uint32_t)r;
        DlDecl *dc = &p->decls.v[r];
        if (dir->kind == DL_DIR_PRINTSIZE)
            for (size_t j = 0; j < i; j++)
                if (p->dirs.v[j].kind == DL_DIR_PRINTSIZE &&
                    strcmp(p->dirs.v[j].rel_name, dir->rel_name) == 0) {
                    diags_add(c->d, DIAG_ERROR, dir->loc,
                              "relation '%s' has a second .printsize (first at line %u)",
                              dir->rel_name, p->dirs.v[j].loc.line);
                    break;
                }
        if (dc->is_inline && !dc->is_input && !dc->is_output && !dc->is_printsize)
            diags_add(c->d, DIAG_ERROR, dc->loc,
                      "relation '%s' is inline and cannot be an input or an output (Souffle "
                      "refuses it)",
                      dc->name);
        if (dir->kind == DL_DIR_INPUT)
            dc->is_input = true;
        else if (dir->kind == DL_DIR_OUTPUT)
            dc->is_output = true;
        else
            dc->is_printsize = true;
        for (uint32_t k = 0; k < dir->nopts; k++) {
            const char *key = dir->opts[k].key, *val = dir->opts[k].val;
            if (strcmp(key, "IO") == 0) {
                bool ok = strcmp(val, "file") == 0 || strcmp(val, "sqlite") == 0 ||
                          (dir->kind == DL_DIR_OUTPUT && strcmp(val, "stdout") == 0);
                if (!ok)
                    diags_add(c->d, DIAG_ERROR, dir->loc,
                              "IO=%s is not supported by irlog (use IO=file, IO=sqlite%s)", val,
                              dir->kind == DL_DIR_OUTPUT ? " or IO=stdout" : "");
                else if (strcmp(val, "sqlite") == 0 && dir->kind != DL_DIR_PRINTSIZE &&
                         dc->arity == 0)
                    diags_add(c->d, DIAG_ERROR, dir->loc,
                              "IO=sqlite cannot hold relation '%s', which has no columns "
                              "(Souffle's SQLite tables need one)",
                              dc->name);
            } else if (strcmp(key, "delimiter") == 0) {
                if (!val[0])
                    diags_add(c->d, DIAG_ERROR, dir->loc, "the delimiter cannot be empty");
            } else if (strcmp(key, "headers") == 0) {
                if (strcmp(val, "true") && strcmp(val, "false"))
                    diags_add(c->d, DIAG_ERROR, dir->loc, "headers must be true or false");
            } else if (strcmp(key, "rfc4180") == 0 || strcmp(key, "compress") == 0 ||
                       strcmp(key, "columns") == 0) {
                if (strcmp(val, "false") != 0)
                    diags_add(c->d, DIAG_ERROR, dir->loc,
                              "the IO option '%s' is not supported by irlog", key);
            } else if (strcmp(key, "filename") && strcmp(key, "fact-dir") &&
                       strcmp(key, "output-dir") && strcmp(key, "attributeNames") &&
                       strcmp(key, "dbname")) {
                diags_add(c->d, DIAG_WARNING, dir->loc, "unknown IO option '%s' is ignored",
                          key);
            }
        }
    }
}

/* ---- clauses ------------------------------------------------------------------------ */

typedef struct Scope {
    Checker *c;
    DlClause *cl;
    int *kind;  /* per variable, -1 unknown */
    bool report;
    bool changed;
} Scope;

static bool resolve_atom(Checker *c, DlAtom *a) {
    int r = find_decl(c->p, a->name);
    if (r < 0) {
        diags_add(c->d, DIAG_ERROR, a->loc, "relation '%s' is not declared", a->name);
        return false;
    }
    a->rel = (uint32_t)r;
    DlDecl *dc = &c->p->decls.v[r];
    if (dc->arity != a->nargs) {
        diags_add(c->d, DIAG_ERROR, a->loc,
                  "relation '%s' has arity %u but is used with %u argument%s", a->name,
                  dc->arity, a->nargs, a->nargs == 1 ? "" : "s");
        return false;
    }
    return true;
}

/* Rewrites aggregates inside e into variables; collects them (depth first). */
static Status rewrite_aggs(Checker *c, DlClause *cl, DlExpr *e, AggVec *aggs,
                           NameVec *names);

static Status rewrite_lits(Checker *c, DlClause *cl, DlLit *lits, uint32_t n,
                           AggVec *aggs, NameVec *names, bool *ok) {
    Status st = OK;
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            if (!resolve_atom(c, &l->atom))
                *ok = false;
            else if (l->kind == DL_LIT_NEG || true)
                c->p->decls.v[l->atom.rel].used = true;
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                TRY(rewrite_aggs(c, cl, l->atom.args[j], aggs, names));
        } else if (l->kind == DL_LIT_CMP) {
            TRY(rewrite_aggs(c, cl, l->lhs, aggs, names));
            TRY(rewrite_aggs(c, cl, l->rhs, aggs, names));
        }
    }
fail:
    return st;
}

static Status rewrite_aggs(Checker *c, DlClause *cl, DlExpr *e, AggVec *aggs,
                           NameVec *names) {
    Status st = OK;
    for (uint32_t i = 0; i < e->nargs; i++)
        TRY(rewrite_aggs(c, cl, e->args[i], aggs, names));
    if (e->kind == DL_X_AGG) {
        DlAgg *g = e->agg;
        /* nested aggregates inside this one's body are planned with its body */
        AggVec inner = {0};
        bool ok = true;
        st = rewrite_lits(c, cl, g->body, g->nbody, &inner, names, &ok);
        if (st == OK && g->target)
            st = rewrite_aggs(c, cl, g->target, &inner, names);
        vec_release(&inner);
        TRY(st);
        char *nm = arena_printf(&c->p->arena, "<%s@%u:%u>",
                                g->op == DL_AGG_COUNT ? "count"
                                : g->op == DL_AGG_SUM ? "sum"
                                : g->op == DL_AGG_MIN ? "min"
                                                      : "max",
                                e->loc.line, e->loc.col);
        if (!nm)
            return E_NOMEM;
        TRY(vec_push(names, nm));
        g->var = (uint32_t)(names->len - 1);
        e->kind = DL_X_VAR;
        e->var = g->var;
        TRY(vec_push(aggs, g));
    }
fail:
    return st;
}

static bool is_numeric(int k) {
    return k == DL_KIND_NUMBER || k == DL_KIND_UNSIGNED || k == DL_KIND_FLOAT;
}
static bool is_integral(int k) {
    return k == DL_KIND_NUMBER || k == DL_KIND_UNSIGNED;
}

static void mismatch(Scope *s, const DlExpr *e, int want, int got) {
    if (!s->report)
        return;
    if (e->kind == DL_X_VAR && !e->agg)
        diags_add(s->c->d, DIAG_ERROR, e->loc,
                  "type mismatch: variable '%s' is used as %s here but as %s elsewhere",
                  s->cl->var_names[e->var], dl_kind_name((DlKind)want),
                  dl_kind_name((DlKind)got));
    else
        diags_add(s->c->d, DIAG_ERROR, e->loc, "type mismatch: expected %s, found %s '%s'",
                  dl_kind_name((DlKind)want), dl_kind_name((DlKind)got), e->text);
}

static int infer(Scope *s, DlExpr *e, int want);

/* All args with the same kind as the result. */
static int infer_same(Scope *s, DlExpr *e, int want, bool (*allowed)(int), const char *what) {
    int k = want;
    for (uint32_t i = 0; k < 0 && i < e->nargs; i++)
        k = infer(s, e->args[i], -1);
    if (k < 0)
        return -1;
    for (uint32_t i = 0; i < e->nargs; i++) {
        int ki = infer(s, e->args[i], k);
        if (ki >= 0 && ki != k)
            return -1;
    }
    if (!allowed(k)) {
        if (s->report)
            diags_add(s->c->d, DIAG_ERROR, e->loc, "type mismatch: '%s' needs %s operands, not %s",
                      e->text, what, dl_kind_name((DlKind)k));
        return -1;
    }
    return k;
}

static bool any_kind(int k) {
    return k >= 0;
}

static int expect_kind(Scope *s, DlExpr *e, int got, int want) {
    if (want >= 0 && got >= 0 && want != got) {
        mismatch(s, e, want, got);
        return -1;
    }
    return got;
}

static int infer(Scope *s, DlExpr *e, int want) {
    int k = -1;
    switch (e->kind) {
    case DL_X_VAR: {
        int *vk = &s->kind[e->var];
        if (*vk < 0 && want >= 0) {
            *vk = want;
            s->changed = true;
        } else if (*vk >= 0 && want >= 0 && *vk != want) {
            mismatch(s, e, want, *vk);
            return -1;
        }
        k = *vk;
        break;
    }
    case DL_X_WILD: k = want; break;
    case DL_X_INT:
        if (want == DL_KIND_SYMBOL) {
            mismatch(s, e, want, DL_KIND_NUMBER);
            return -1;
        }
        k = want >= 0 ? want : (s->report ? DL_KIND_NUMBER : -1);
        if (k == DL_KIND_NUMBER && e->val > (uint64_t)INT64_MAX && e->text[0] != '-') {
            if (s->report)
                diags_add(s->c->d, DIAG_ERROR, e->loc, "number literal '%s' is out of range",
                          e->text);
            return -1;
        }
        break;
    case DL_X_UNS: k = expect_kind(s, e, DL_KIND_UNSIGNED, want); break;
    case DL_X_FLOAT: k = expect_kind(s, e, DL_KIND_FLOAT, want); break;
    case DL_X_STR: k = expect_kind(s, e, DL_KIND_SYMBOL, want); break;
    case DL_X_AGG: k = -1; break; /* rewritten before */
    case DL_X_FUN:
        switch (e->fun) {
        case DL_FUN_ADD: k = infer_same(s, e, want, any_kind, "numeric or symbol"); break;
        case DL_FUN_NEG:
        case DL_FUN_SUB:
        case DL_FUN_MUL:
        case DL_FUN_DIV:
        case DL_FUN_POW:
            k = infer_same(s, e, want, is_numeric, "numeric");
            break;
        case DL_FUN_MOD:
        case DL_FUN_BAND:
        case DL_FUN_BOR:
        case DL_FUN_BXOR:
        case DL_FUN_BSHL:
        case DL_FUN_BSHR:
        case DL_FUN_BSHRU:
        case DL_FUN_BNOT:
        case DL_FUN_LAND:
        case DL_FUN_LOR:
        case DL_FUN_LXOR:
        case DL_FUN_LNOT:
            k = infer_same(s, e, want, is_integral, "integer");
            break;
        case DL_FUN_MIN:
        case DL_FUN_MAX: k = infer_same(s, e, want, any_kind, "comparable"); break;
        case DL_FUN_CAT:
            for (uint32_t i = 0; i < e->nargs; i++)
                infer(s, e->args[i], DL_KIND_SYMBOL);
            k = expect_kind(s, e, DL_KIND_SYMBOL, want);
            break;
        case DL_FUN_STRLEN:
            infer(s, e->args[0], DL_KIND_SYMBOL);
            k = expect_kind(s, e, DL_KIND_NUMBER, want);
            break;
        case DL_FUN_ORD:
        case DL_FUN_TO_NUMBER: {
            /* any primitive argument, as Souffle's overloads (ord: the raw value;
             * to_number of a symbol parses it, of a float truncates it) */
            int a = infer(s, e->args[0], -1);
            if (a < 0 && s->report)
                infer(s, e->args[0], DL_KIND_SYMBOL);
            k = expect_kind(s, e, DL_KIND_NUMBER, want);
            break;
        }
        case DL_FUN_SUBSTR:
            infer(s, e->args[0], DL_KIND_SYMBOL);
            infer(s, e->args[1], DL_KIND_NUMBER);
            infer(s, e->args[2], DL_KIND_NUMBER);
            k = expect_kind(s, e, DL_KIND_SYMBOL, want);
            break;
        case DL_FUN_TO_STRING:
        case DL_FUN_TO_FLOAT:
        case DL_FUN_TO_UNSIGNED: {
            int a = infer(s, e->args[0], -1);
            if (a < 0 && s->report)
                a = infer(s, e->args[0], DL_KIND_NUMBER);
            k = expect_kind(s, e,
                            e->fun == DL_FUN_TO_STRING  ? DL_KIND_SYMBOL
                            : e->fun == DL_FUN_TO_FLOAT ? DL_KIND_FLOAT
                                                        : DL_KIND_UNSIGNED,
                            want);
            break;
        }
        case DL_FUN_COUNT_: break;
        }
        break;
    }
    if (k >= 0)
        e->ty = (uint8_t)k;
    return k;
}

static void infer_lits(Scope *s, DlLit *lits, uint32_t n) {
    DlProgram *p = s->c->p;
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            const DlDecl *dc = &p->decls.v[l->atom.rel];
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                infer(s, l->atom.args[j], dc->kinds[j]);
        } else if (l->kind == DL_LIT_CMP) {
            if (l->cmp >= DL_CMP_MATCH) {
                infer(s, l->lhs, DL_KIND_SYMBOL);
                infer(s, l->rhs, DL_KIND_SYMBOL);
                continue;
            }
            int kl = infer(s, l->lhs, -1);
            int kr = infer(s, l->rhs, kl);
            if (kl < 0 && kr >= 0)
                infer(s, l->lhs, kr);
            if (kl < 0 && kr < 0 && s->report) {
                kl = infer(s, l->lhs, DL_KIND_NUMBER);
                infer(s, l->rhs, kl);
            }
        }
    }
}

static void infer_aggs(Scope *s, DlAgg **aggs, uint32_t n);

static void infer_agg(Scope *s, DlAgg *g) {
    infer_lits(s, g->body, g->nbody);
    if (g->op == DL_AGG_COUNT) {
        s->kind[g->var] = DL_KIND_NUMBER;
        return;
    }
    int k = infer(s, g->target, s->kind[g->var]);
    if (k < 0 && s->report)
        k = infer(s, g->target, DL_KIND_NUMBER);
    if (k >= 0) {
        if (!is_numeric(k) && s->report)
            diags_add(s->c->d, DIAG_ERROR, g->target->loc,
                      "type mismatch: %s needs a numeric expression, not symbol (as in Souffle)",
                      g->op == DL_AGG_SUM ? "sum" : g->op == DL_AGG_MIN ? "min" : "max");
        if (s->kind[g->var] < 0) {
            s->kind[g->var] = k;
            s->changed = true;
        }
    }
}

static void walk_aggs_in_expr(Scope *s, DlExpr *e);

static void walk_aggs_in_lits(Scope *s, DlLit *lits, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                walk_aggs_in_expr(s, l->atom.args[j]);
        else if (l->kind == DL_LIT_CMP) {
            walk_aggs_in_expr(s, l->lhs);
            walk_aggs_in_expr(s, l->rhs);
        }
    }
}

static void walk_aggs_in_expr(Scope *s, DlExpr *e) {
    for (uint32_t i = 0; i < e->nargs; i++)
        walk_aggs_in_expr(s, e->args[i]);
    if (e->agg) {
        walk_aggs_in_lits(s, e->agg->body, e->agg->nbody);
        if (e->agg->target)
            walk_aggs_in_expr(s, e->agg->target);
        infer_agg(s, e->agg);
    }
}

static void infer_aggs(Scope *s, DlAgg **aggs, uint32_t n) {
    (void)aggs;
    (void)n;
    walk_aggs_in_lits(s, s->cl->body, s->cl->nbody);
    for (uint32_t j = 0; j < s->cl->head.nargs; j++)
        walk_aggs_in_expr(s, s->cl->head.args[j]);
}

/* ---- groundedness -------------------------------------------------------------------- */

typedef struct Ground {
    Checker *c;
    DlClause *cl;
    bool *g;        /* grounded */
    bool *reported;
} Ground;

static bool expr_grounded(const Ground *gr, const DlExpr *e) {
    if (e->kind == DL_X_VAR)
        return gr->g[e->var];
    if (e->kind == DL_X_WILD)
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!expr_grounded(gr, e->args[i]))
            return false;
    return true;
}

void dl_expr_vars(const DlExpr *e, bool deep, bool *set) {
    if (e->kind == DL_X_VAR)
        set[e->var] = true;
    if (deep && e->agg)
        dl_agg_vars(e->agg, set);
    for (uint32_t i = 0; i < e->nargs; i++)
        dl_expr_vars(e->args[i], deep, set);
}

void dl_conj_vars(const DlLit *lits, uint32_t n, const DlAtom *head, bool deep, bool *set) {
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                dl_expr_vars(l->atom.args[j], deep, set);
        else if (l->kind == DL_LIT_CMP) {
            dl_expr_vars(l->lhs, deep, set);
            dl_expr_vars(l->rhs, deep, set);
        }
    }
    for (uint32_t j = 0; head && j < head->nargs; j++)
        dl_expr_vars(head->args[j], deep, set);
}

void dl_agg_vars(const DlAgg *g, bool *set) {
    dl_conj_vars(g->body, g->nbody, NULL, true, set);
    if (g->target)
        dl_expr_vars(g->target, true, set);
}

/* Variables used anywhere inside an aggregate (body and target, nested too). */
static void agg_vars(const DlAgg *g, bool *set);

static void lits_vars(const DlLit *lits, uint32_t n, bool *set) {
    dl_conj_vars(lits, n, NULL, false, set);
    /* nested aggregates: their result var is marked above; add their inside vars */
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        const DlExpr *es[2] = {l->lhs, l->rhs};
        if (l->kind == DL_LIT_CMP)
            for (int k = 0; k < 2; k++)
                if (es[k]->agg)
                    agg_vars(es[k]->agg, set);
    }
}

static void agg_vars(const DlAgg *g, bool *set) {
    lits_vars(g->body, g->nbody, set);
    if (g->target)
        dl_expr_vars(g->target, false, set);
}

static void report_ungrounded(Ground *gr, const DlExpr *e, const char *where) {
    if (e->kind == DL_X_VAR) {
        if (!gr->g[e->var] && !gr->reported[e->var]) {
            gr->reported[e->var] = true;
            diags_add(gr->c->d, DIAG_ERROR, e->loc, "ungrounded variable '%s' in %s",
                      gr->cl->var_names[e->var], where);
        }
        return;
    }
    if (e->kind == DL_X_WILD) {
        diags_add(gr->c->d, DIAG_ERROR, e->loc, "'_' is not allowed in %s", where);
        return;
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        report_ungrounded(gr, e->args[i], where);
}

/* Grounds lits (a conjunction) given the grounded set gr->g (updated in place);
 * then reports every use that stays ungrounded. */
static void ground_conj(Ground *gr, DlLit *lits, uint32_t n, DlAgg **aggs, uint32_t naggs,
                        bool report_atoms_exprs);

static void ground_agg(Ground *gr, DlAgg *g, const bool *outside) {
    /* inside the aggregate: variables also used outside are parameters (grounded
     * outside, checked there); the rest are local and must be grounded by the body */
    uint32_t nv = gr->cl->nvars;
    bool *saved = mem_calloc(nv, 1);
    if (!saved)
        return;
    DL_MEMCPY(saved, gr->g, nv);
    for (uint32_t v = 0; v < nv; v++)
        if (!outside[v])
            gr->g[v] = false;
    /* collect nested aggregates of the body */
    AggVec inner = {0};
    for (uint32_t i = 0; i < g->nbody; i++) {
        const DlLit *l = &g->body[i];
        if (l->kind == DL_LIT_CMP) {
            if (l->lhs->agg && l->lhs->kind == DL_X_VAR)
                (void)vec_push(&inner, l->lhs->agg);
            if (l->rhs->agg && l->rhs->kind == DL_X_VAR)
                (void)vec_push(&inner, l->rhs->agg);
        }
    }
    ground_conj(gr, g->body, g->nbody, inner.v, (uint32_t)inner.len, true);
    if (g->target)
        report_ungrounded(gr, g->target, "an aggregate");
    vec_release(&inner);
    DL_MEMCPY(gr->g, saved, nv);
    mem_free(saved);
}

static void ground_conj(Ground *gr, DlLit *lits, uint32_t n, DlAgg **aggs, uint32_t naggs,
                        bool report) {
    uint32_t nv = gr->cl->nvars;
    /* variables used outside the aggregates of this level */
    bool *outside = mem_calloc(nv, 1);
    bool *in_agg = mem_calloc(nv, 1);
    if (!outside || !in_agg) {
        mem_free(outside);
        mem_free(in_agg);
        return;
    }
    dl_conj_vars(lits, n, &gr->cl->head, false, outside);
    for (uint32_t v = 0; v < nv; v++)
        if (gr->g[v])
            outside[v] = true; /* parameters of an enclosing aggregate */
    /* positive atoms ground their plain variable arguments */
    for (uint32_t i = 0; i < n; i++)
        if (lits[i].kind == DL_LIT_ATOM)
            for (uint32_t j = 0; j < lits[i].atom.nargs; j++)
                if (lits[i].atom.args[j]->kind == DL_X_VAR)
                    gr->g[lits[i].atom.args[j]->var] = true;
    /* equalities and aggregates, to a fixpoint */
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 0; i < n; i++) {
            DlLit *l = &lits[i];
            if (l->kind != DL_LIT_CMP || l->cmp != DL_CMP_EQ)
                continue;
            if (l->lhs->kind == DL_X_VAR && !gr->g[l->lhs->var] && expr_grounded(gr, l->rhs)) {
                gr->g[l->lhs->var] = changed = true;
            } else if (l->rhs->kind == DL_X_VAR && !gr->g[l->rhs->var] &&
                       expr_grounded(gr, l->lhs)) {
                gr->g[l->rhs->var] = changed = true;
            }
        }
        for (uint32_t a = 0; a < naggs; a++) {
            DlAgg *g = aggs[a];
            if (gr->g[g->var])
                continue;
            memset(in_agg, 0, nv);
            agg_vars(g, in_agg);
            bool ok = true;
            for (uint32_t v = 0; v < nv; v++)
                if (in_agg[v] && outside[v] && v != g->var && !gr->g[v])
                    ok = false;
            if (ok)
                gr->g[g->var] = changed = true;
        }
    }
    if (report) {
        for (uint32_t i = 0; i < n; i++) {
            DlLit *l = &lits[i];
            if (l->kind == DL_LIT_ATOM) {
                for (uint32_t j = 0; j < l->atom.nargs; j++)
                    if (l->atom.args[j]->kind != DL_X_VAR && l->atom.args[j]->kind != DL_X_WILD)
                        report_ungrounded(gr, l->atom.args[j], "an atom argument");
            } else if (l->kind == DL_LIT_NEG) {
                for (uint32_t j = 0; j < l->atom.nargs; j++)
                    if (l->atom.args[j]->kind != DL_X_WILD)
                        report_ungrounded(gr, l->atom.args[j], "a negation");
            } else if (l->kind == DL_LIT_CMP) {
                report_ungrounded(gr, l->lhs, "a comparison");
                report_ungrounded(gr, l->rhs, "a comparison");
            }
        }
    }
    for (uint32_t a = 0; a < naggs; a++) {
        DlAgg *g = aggs[a];
        memset(in_agg, 0, nv);
        agg_vars(g, in_agg);
        for (uint32_t v = 0; v < nv; v++)
            if (in_agg[v] && outside[v] && v != g->var && !gr->g[v] && !gr->reported[v]) {
                gr->reported[v] = true;
                diags_add(gr->c->d, DIAG_ERROR, gr->cl->loc,
                          "ungrounded variable '%s' in an aggregate (it must be bound outside "
                          "the aggregate)",
                          gr->cl->var_names[v]);
            }
        ground_agg(gr, g, outside);
    }
    mem_free(outside);
    mem_free(in_agg);
}

/* ---- subtypes (Souffle's rules) ------------------------------------------------------
 * A type denotes a set of values. Each primitive and each subtype `S <: B` owns values
 * of its own (a subtype is a new subset of its base, disjoint from its siblings); a
 * type's set is its own values, those of its subtypes (transitively) and, for a union
 * or an alias, those of its members. As bit sets over the types, A <: B is set(A) ⊆
 * set(B) and the greatest lower bound is the intersection (empty: no common subtype).
 * In a clause, positive body atoms are sources: a variable's type is the intersection
 * of the column types where it occurs (and `x = y` shares it); the head is a sink: the type of what is written there must be a subtype of the column's
 * (negated atoms are sinks that only need to agree in kind).
 * Constants, functor and arithmetic results and count are polymorphic (Souffle gives
 * them the "constant" type of their primitive, which fits any subtype column); sum, min
 * and max have the type of their target. */

static uint64_t *tset(Checker *c, uint32_t t) {
    return c->tsets + (size_t)t * c->tw;
}

static void tset_build(Checker *c, uint32_t t, uint8_t *state) {
    DlProgram *p = c->p;
    if (state[t])
        return;
    state[t] = 1;
    DlType *ty = &p->types.v[t];
    uint64_t *s = tset(c, t);
    if (ty->form == DL_TY_PRIM || ty->form == DL_TY_SUB)
        s[t / 64] |= 1ull << (t % 64);
    if (ty->form == DL_TY_UNION || ty->form == DL_TY_ALIAS)
        for (uint32_t k = 0; k < ty->nparts; k++) {
            int m = find_type(p, ty->parts[k]);
            if (m < 0 || state[m] == 1)
                continue;
            tset_build(c, (uint32_t)m, state);
            for (size_t w = 0; w < c->tw; w++)
                s[w] |= tset(c, (uint32_t)m)[w];
        }
    for (size_t i = 0; i < p->types.len; i++) {
        const DlType *sub = &p->types.v[i];
        if (sub->form != DL_TY_SUB || sub->state != 2 || find_type(p, sub->parts[0]) != (int)t ||
            state[i] == 1)
            continue;
        tset_build(c, (uint32_t)i, state);
        for (size_t w = 0; w < c->tw; w++)
            s[w] |= tset(c, (uint32_t)i)[w];
    }
    state[t] = 2;
}

static Status tsets_init(Checker *c) {
    DlProgram *p = c->p;
    size_t n = p->types.len;
    c->tw = (n + 63) / 64;
    c->tsets = arena_calloc(&p->arena, sizeof(uint64_t) * c->tw * (n + 1));
    uint8_t *state = mem_calloc(n + 1, 1);
    if (!c->tsets || !state) {
        mem_free(state);
        return E_NOMEM;
    }
    for (size_t i = 0; i < n; i++)
        if (p->types.v[i].state == 2)
            tset_build(c, (uint32_t)i, state);
    mem_free(state);
    return OK;
}

typedef struct TyVar {
    uint64_t *set;
    bool known;       /* some source or functor gave it a type */
    bool reported;
    int name;         /* a type whose set it is (for messages), -1 when none */
} TyVar;

typedef struct Sub {
    Checker *c;
    DlClause *cl;
    TyVar *v;
    uint64_t *tmp;
} Sub;

static bool tset_empty(const Sub *s, const uint64_t *a) {
    for (size_t w = 0; w < s->c->tw; w++)
        if (a[w])
            return false;
    return true;
}

static bool tset_subset(const Sub *s, const uint64_t *a, const uint64_t *b) {
    for (size_t w = 0; w < s->c->tw; w++)
        if (a[w] & ~b[w])
            return false;
    return true;
}

/* The name of a type whose set equals a (the narrowest such; -1 when none). */
static int tset_name(const Sub *s, const uint64_t *a) {
    DlProgram *p = s->c->p;
    for (size_t i = 0; i < p->types.len; i++)
        if (p->types.v[i].state == 2 && memcmp(tset(s->c, (uint32_t)i), a, s->c->tw * 8) == 0)
            return (int)i;
    return -1;
}

static const char *ty_name(const Sub *s, int t) {
    return t >= 0 ? s->c->p->types.v[t].name : "?";
}

/* Narrows variable v to type t (a source column, or an equality with a typed value). */
static bool narrow(Sub *s, uint32_t v, int t, SrcLoc loc) {
    TyVar *tv = &s->v[v];
    if (t < 0 || s->c->p->types.v[t].state != 2)
        return false;
    const uint64_t *ts = tset(s->c, (uint32_t)t);
    if (!tv->known) {
        memcpy(tv->set, ts, s->c->tw * 8);
        tv->known = true;
        tv->name = t;
        return true;
    }
    if (tset_subset(s, tv->set, ts))
        return false;
    for (size_t w = 0; w < s->c->tw; w++)
        s->tmp[w] = tv->set[w] & ts[w];
    if (tset_empty(s, s->tmp)) {
        if (!tv->reported)
            diags_add(s->c->d, DIAG_ERROR, loc,
                      "type mismatch: variable '%s' has type '%s' here but '%s' elsewhere, and "
                      "the two types have no common subtype",
                      s->cl->var_names[v], ty_name(s, t), ty_name(s, tv->name));
        tv->reported = true;
        return false;
    }
    memcpy(tv->set, s->tmp, s->c->tw * 8);
    tv->name = tset_name(s, tv->set);
    if (tv->name < 0)
        tv->name = t;
    return true;
}

static void sub_sources(Sub *s, const DlLit *lits, uint32_t n) {
    DlProgram *p = s->c->p;
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind != DL_LIT_ATOM)
            continue;
        const DlDecl *dc = &p->decls.v[l->atom.rel];
        for (uint32_t j = 0; j < l->atom.nargs && j < dc->arity; j++) {
            const DlExpr *e = l->atom.args[j];
            if (e->kind == DL_X_VAR && !e->agg)
                narrow(s, e->var, dc->tys[j], e->loc);
        }
    }
}

/* The type an aggregate's result takes, as Souffle's: count is polymorphic (any subtype
 * of number); sum, min and max take the type of their target, which is polymorphic
 * unless the target is a plain variable with a type. NULL: polymorphic. */
static const TyVar *agg_type(const Sub *s, const DlAgg *g) {
    if (g->op == DL_AGG_COUNT || !g->target || g->target->kind != DL_X_VAR || g->target->agg)
        return NULL;
    const TyVar *tv = &s->v[g->target->var];
    return tv->known && !tv->reported ? tv : NULL;
}

/* The type of an operand of a comparison: a variable's, an aggregate's; NULL when it is
 * polymorphic (constants, functors, count, or not known yet). */
static const TyVar *operand_type(const Sub *s, const DlExpr *e) {
    if (e->kind == DL_X_VAR && e->agg)
        return agg_type(s, e->agg);
    if (e->kind == DL_X_VAR) {
        const TyVar *tv = &s->v[e->var];
        return tv->known && !tv->reported ? tv : NULL;
    }
    return NULL;
}

/* Both sides of a comparison have the same type (Souffle constrains each side to be a
 * subtype of the other, for every comparison): x = y, x < y between variables share
 * their types; an aggregate shares its target's. Functor results and constants are
 * polymorphic (Souffle gives them the "constant" type above the primitive, a subtype of
 * nothing narrower), so `x = y + 1` leaves x as it is. */
static bool sub_equalities(Sub *s, const DlLit *lits, uint32_t n) {
    bool changed = false;
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind != DL_LIT_CMP)
            continue;
        const DlExpr *a = l->lhs, *b = l->rhs;
        for (int side = 0; side < 2; side++, a = l->rhs, b = l->lhs) {
            if (a->kind != DL_X_VAR || a->agg)
                continue;
            const TyVar *tb = operand_type(s, b);
            if (tb) {
                int nm = tset_name(s, tb->set);
                if (nm >= 0)
                    changed |= narrow(s, a->var, nm, a->loc);
            }
        }
    }
    return changed;
}

/* A value written into column col (of type t) of a head or negated atom. */
static void sub_sink(Sub *s, const DlExpr *e, const DlDecl *dc, uint32_t col) {
    int t = dc->tys[col];
    if (t < 0 || s->c->p->types.v[t].state != 2)
        return;
    const uint64_t *ts = tset(s->c, (uint32_t)t);
    if (e->kind == DL_X_VAR && !e->agg) {
        TyVar *tv = &s->v[e->var];
        if (!tv->known || tv->reported || tset_subset(s, tv->set, ts))
            return;
        diags_add(s->c->d, DIAG_ERROR, e->loc,
                  "type mismatch: variable '%s' has type '%s', which is not a subtype of '%s' "
                  "(column '%s' of '%s')",
                  s->cl->var_names[e->var], ty_name(s, tv->name), ty_name(s, t),
                  dc->attr_names[col], dc->name);
        tv->reported = true;
    } else if (e->kind == DL_X_VAR && e->agg) {
        const TyVar *tv = agg_type(s, e->agg);
        if (!tv || tset_subset(s, tv->set, ts))
            return;
        diags_add(s->c->d, DIAG_ERROR, e->loc,
                  "type mismatch: the aggregate has type '%s' (its target's), which is not a "
                  "subtype of '%s' (column '%s' of '%s')",
                  ty_name(s, tv->name), ty_name(s, t), dc->attr_names[col], dc->name);
    }
    /* functor results and constants are polymorphic: any subtype of their primitive */
}

static Status check_subtypes(Checker *c, DlClause *cl) {
    Sub s = {c, cl, NULL, NULL};
    size_t tw = c->tw;
    s.v = mem_calloc(cl->nvars + 1, sizeof(TyVar));
    uint64_t *bits = mem_calloc((cl->nvars + 1) * tw + 1, sizeof(uint64_t));
    if (!s.v || !bits) {
        mem_free(s.v);
        mem_free(bits);
        return E_NOMEM;
    }
    for (uint32_t v = 0; v < cl->nvars; v++) {
        s.v[v].set = bits + v * tw;
        s.v[v].name = -1;
    }
    s.tmp = bits + cl->nvars * tw;
    sub_sources(&s, cl->body, cl->nbody);
    for (uint32_t i = 0; i < cl->naggs; i++)
        sub_sources(&s, cl->aggs[i]->body, cl->aggs[i]->nbody);
    for (uint32_t round = 0; round <= cl->nvars; round++) {
        bool changed = sub_equalities(&s, cl->body, cl->nbody);
        for (uint32_t i = 0; i < cl->naggs; i++)
            changed |= sub_equalities(&s, cl->aggs[i]->body, cl->aggs[i]->nbody);
        if (!changed)
            break;
    }
    const DlDecl *hd = &c->p->decls.v[cl->head.rel];
    for (uint32_t j = 0; j < cl->head.nargs && j < hd->arity; j++)
        sub_sink(&s, cl->head.args[j], hd, j);
    /* negated atoms are sinks too, but Souffle only asks them to agree in kind (checked
     * already): `!vector_type(T)` with T a Type is fine */
    mem_free(s.v);
    mem_free(bits);
    return OK;
}

/* ---- aggregate scopes (Souffle 2.5's rules) ------------------------------------------
 * For each aggregate A (after the rewrite, its node is a DL_X_VAR with agg set), as
 * Souffle's analysis/Aggregate.cpp does:
 *   injected(A): variables of A grounded outside it (the clause's body and the bodies of
 *     the aggregates enclosing A, every other aggregate's result counting as grounded,
 *     A's not), minus the variables of A's target expression;
 *   witness(A): variables that occur in the clause outside every aggregate (body, head)
 *     ungrounded there, and are grounded by A's body; minus injected(A);
 *   local(A): the rest. A local that also occurs outside A is renamed inside A (Souffle's
 *     UniqueAggregationVariables), so `Y = min Z+Y : {a(A,Z), a(B,Y)}` has its own Y.
 * Witnesses of min/max (GroundWitnesses): the witness is renamed inside A and A's body is
 * copied into the clause with the target variable replaced by A's result, so the
 * witness takes the values of the tuples that reach the minimum (or maximum). Witnesses
 * of count and sum are an error, as in Souffle. */

typedef struct AggScope {
    Checker *c;
    DlClause *cl;
    NameVec *names;
    AggVec *top;    /* the clause's top-level aggregates (more may be added) */
    AggVec all;     /* every aggregate, outer first */
    AggVec parent;  /* the aggregate enclosing all.v[i], or NULL */
    Vec(DlLit) extra; /* literals added to the clause body */
    Status st;
} AggScope;

typedef struct VarWalk {
    bool *set;
    const DlAgg *skip; /* not entered */
    bool deep;         /* enter aggregates */
} VarWalk;

static void vw_expr(const VarWalk *w, const DlExpr *e);

static void vw_lits(const VarWalk *w, const DlLit *lits, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                vw_expr(w, l->atom.args[j]);
        else if (l->kind == DL_LIT_CMP) {
            vw_expr(w, l->lhs);
            vw_expr(w, l->rhs);
        }
    }
}

static void vw_expr(const VarWalk *w, const DlExpr *e) {
    if (e->agg) {
        if (w->deep && e->agg != w->skip) {
            vw_lits(w, e->agg->body, e->agg->nbody);
            if (e->agg->target)
                vw_expr(w, e->agg->target);
        }
        return;
    }
    if (e->kind == DL_X_VAR)
        w->set[e->var] = true;
    for (uint32_t i = 0; i < e->nargs; i++)
        vw_expr(w, e->args[i]);
}

static void rename_expr(DlExpr *e, uint32_t from, uint32_t to);

static void rename_lits(DlLit *lits, uint32_t n, uint32_t from, uint32_t to) {
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                rename_expr(l->atom.args[j], from, to);
        else if (l->kind == DL_LIT_CMP) {
            rename_expr(l->lhs, from, to);
            rename_expr(l->rhs, from, to);
        }
    }
}

static void rename_agg(DlAgg *g, uint32_t from, uint32_t to) {
    rename_lits(g->body, g->nbody, from, to);
    if (g->target)
        rename_expr(g->target, from, to);
}

static void rename_expr(DlExpr *e, uint32_t from, uint32_t to) {
    if (e->agg) {
        rename_agg(e->agg, from, to);
        return;
    }
    if (e->kind == DL_X_VAR && e->var == from)
        e->var = to;
    for (uint32_t i = 0; i < e->nargs; i++)
        rename_expr(e->args[i], from, to);
}

static bool sc_fresh(AggScope *sc, const char *name, uint32_t *v) {
    if (vec_push(sc->names, name) != OK) {
        sc->st = E_NOMEM;
        return false;
    }
    *v = (uint32_t)(sc->names->len - 1);
    return true;
}

/* Deep copies (aggregates inside get result variables of their own). */
static DlExpr *sc_clone_expr(AggScope *sc, const DlExpr *e);

static DlLit *sc_clone_lits(AggScope *sc, const DlLit *src, uint32_t n) {
    DlLit *v = arena_alloc(&sc->c->p->arena, sizeof(DlLit) * (n ? n : 1));
    if (!v) {
        sc->st = E_NOMEM;
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        v[i] = src[i];
        if (src[i].kind == DL_LIT_ATOM || src[i].kind == DL_LIT_NEG) {
            v[i].atom.args = arena_alloc(&sc->c->p->arena, sizeof(DlExpr *) * (src[i].atom.nargs + 1));
            if (!v[i].atom.args) {
                sc->st = E_NOMEM;
                return NULL;
            }
            for (uint32_t j = 0; j < src[i].atom.nargs; j++)
                if (!(v[i].atom.args[j] = sc_clone_expr(sc, src[i].atom.args[j])))
                    return NULL;
        } else if (src[i].kind == DL_LIT_CMP) {
            if (!(v[i].lhs = sc_clone_expr(sc, src[i].lhs)) ||
                !(v[i].rhs = sc_clone_expr(sc, src[i].rhs)))
                return NULL;
        }
    }
    return v;
}

static DlExpr *sc_clone_expr(AggScope *sc, const DlExpr *e) {
    Arena *a = &sc->c->p->arena;
    DlExpr *c = arena_alloc(a, sizeof *c);
    if (!c) {
        sc->st = E_NOMEM;
        return NULL;
    }
    *c = *e;
    if (e->nargs) {
        c->args = arena_alloc(a, sizeof(DlExpr *) * e->nargs);
        if (!c->args) {
            sc->st = E_NOMEM;
            return NULL;
        }
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!(c->args[i] = sc_clone_expr(sc, e->args[i])))
                return NULL;
    }
    if (e->agg) {
        c->agg = arena_alloc(a, sizeof(DlAgg));
        if (!c->agg) {
            sc->st = E_NOMEM;
            return NULL;
        }
        *c->agg = *e->agg;
        if (e->agg->target && !(c->agg->target = sc_clone_expr(sc, e->agg->target)))
            return NULL;
        if (!(c->agg->body = sc_clone_lits(sc, e->agg->body, e->agg->nbody)))
            return NULL;
        if (!sc_fresh(sc, sc->names->v[e->agg->var], &c->agg->var))
            return NULL;
        c->var = c->agg->var;
    }
    return c;
}

/* The aggregates directly inside lits (at this level), pushed to out. */
static Status direct_aggs_expr(DlExpr *e, AggVec *out) {
    Status st = OK;
    if (e->agg)
        return vec_push(out, e->agg);
    for (uint32_t i = 0; i < e->nargs; i++)
        TRY(direct_aggs_expr(e->args[i], out));
fail:
    return st;
}

static Status direct_aggs(DlLit *lits, uint32_t n, AggVec *out) {
    Status st = OK;
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                TRY(direct_aggs_expr(l->atom.args[j], out));
        else if (l->kind == DL_LIT_CMP) {
            TRY(direct_aggs_expr(l->lhs, out));
            TRY(direct_aggs_expr(l->rhs, out));
        }
    }
fail:
    return st;
}

/* `_ = aggregate`: the wildcard becomes a variable of its own (Souffle allows it there). */
static void sc_wild_eq(AggScope *sc, DlLit *lits, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind != DL_LIT_CMP || l->cmp != DL_CMP_EQ)
            continue;
        DlExpr *sides[2] = {l->lhs, l->rhs};
        for (int k = 0; k < 2; k++)
            if (sides[k]->kind == DL_X_WILD && sides[1 - k]->agg) {
                uint32_t v;
                if (!sc_fresh(sc, "_", &v))
                    return;
                sides[k]->kind = DL_X_VAR;
                sides[k]->var = v;
            }
    }
}

static Status sc_collect(AggScope *sc, DlLit *lits, uint32_t n, DlAgg *parent) {
    Status st = OK;
    AggVec here = {0};
    sc_wild_eq(sc, lits, n);
    TRY(sc->st);
    TRY(direct_aggs(lits, n, &here));
    for (size_t i = 0; i < here.len; i++) {
        TRY(vec_push(&sc->all, here.v[i]));
        TRY(vec_push(&sc->parent, parent));
        TRY(sc_collect(sc, here.v[i]->body, here.v[i]->nbody, here.v[i]));
    }
fail:
    vec_release(&here);
    return st;
}

static bool sc_expr_ground(const bool *g, const DlExpr *e) {
    if (e->kind == DL_X_VAR)
        return g[e->var];
    if (e->kind == DL_X_WILD)
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!sc_expr_ground(g, e->args[i]))
            return false;
    return true;
}

/* Grounds g (in place) with the literal sets given (atoms ground their variables,
 * equalities carry groundedness from a grounded side to a variable), to a fixpoint. */
static void sc_ground(bool *g, DlLit *const *sets, const uint32_t *ns, size_t nsets) {
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = 0; k < nsets; k++)
            for (uint32_t i = 0; i < ns[k]; i++) {
                const DlLit *l = &sets[k][i];
                if (l->kind == DL_LIT_ATOM) {
                    for (uint32_t j = 0; j < l->atom.nargs; j++) {
                        const DlExpr *a = l->atom.args[j];
                        if (a->kind == DL_X_VAR && !a->agg && !g[a->var])
                            g[a->var] = changed = true;
                    }
                } else if (l->kind == DL_LIT_CMP && l->cmp == DL_CMP_EQ) {
                    if (l->lhs->kind == DL_X_VAR && !g[l->lhs->var] && sc_expr_ground(g, l->rhs))
                        g[l->lhs->var] = changed = true;
                    if (l->rhs->kind == DL_X_VAR && !g[l->rhs->var] && sc_expr_ground(g, l->lhs))
                        g[l->rhs->var] = changed = true;
                }
            }
    }
}

static ssize_t sc_index(const AggScope *sc, const DlAgg *g) {
    for (size_t i = 0; i < sc->all.len; i++)
        if (sc->all.v[i] == g)
            return (ssize_t)i;
    return -1;
}

static bool sc_inside(const AggScope *sc, const DlAgg *inner, const DlAgg *outer) {
    for (ssize_t i = sc_index(sc, inner); i >= 0;) {
        const DlAgg *par = sc->parent.v[i];
        if (!par)
            return false;
        if (par == outer)
            return true;
        i = sc_index(sc, par);
    }
    return false;
}

/* The first occurrence of variable v outside aggregates (for messages). */
static const DlExpr *sc_find_var(const DlExpr *e, uint32_t v) {
    if (e->agg)
        return NULL;
    if (e->kind == DL_X_VAR && e->var == v)
        return e;
    for (uint32_t i = 0; i < e->nargs; i++) {
        const DlExpr *r = sc_find_var(e->args[i], v);
        if (r)
            return r;
    }
    return NULL;
}

static SrcLoc sc_var_loc(const AggScope *sc, uint32_t v, SrcLoc dflt) {
    const DlClause *cl = sc->cl;
    for (uint32_t j = 0; j < cl->head.nargs; j++) {
        const DlExpr *e = sc_find_var(cl->head.args[j], v);
        if (e)
            return e->loc;
    }
    for (uint32_t i = 0; i < cl->nbody; i++) {
        const DlLit *l = &cl->body[i];
        const DlExpr *e = NULL;
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; !e && j < l->atom.nargs; j++)
                e = sc_find_var(l->atom.args[j], v);
        else if (l->kind == DL_LIT_CMP && !(e = sc_find_var(l->lhs, v)))
            e = sc_find_var(l->rhs, v);
        if (e)
            return e->loc;
    }
    return dflt;
}

typedef Vec(uint32_t) U32Vec;

static Status scope_aggs(Checker *c, DlClause *cl, NameVec *names, AggVec *top,
                        U32Vec *reported) {
    AggScope sc = {c, cl, names, top, {0}, {0}, {0}, OK};
    Status st = OK;
    Vec(U32Vec) wit = {0};
    Vec(DlLit *) sets = {0};
    Vec(uint32_t) ns = {0};
    bool *vars = NULL, *tgt = NULL, *out = NULL, *gout = NULL, *gtop = NULL, *gbody = NULL,
         *topocc = NULL;
    TRY(sc_collect(&sc, cl->body, cl->nbody, NULL));
    /* aggregates in the head are at the top level too */
    for (uint32_t j = 0; j < cl->head.nargs; j++) {
        AggVec here = {0};
        st = direct_aggs_expr(cl->head.args[j], &here);
        for (size_t i = 0; st == OK && i < here.len; i++) {
            st = vec_push(&sc.all, here.v[i]);
            if (st == OK)
                st = vec_push(&sc.parent, NULL);
            if (st == OK)
                st = sc_collect(&sc, here.v[i]->body, here.v[i]->nbody, here.v[i]);
        }
        vec_release(&here);
        TRY(st);
    }
    if (!sc.all.len)
        goto fail;
    TRY(vec_reserve(&wit, sc.all.len));
    for (size_t a = 0; a < sc.all.len; a++) {
        U32Vec empty = {0};
        TRY(vec_push(&wit, empty));
    }
    for (size_t a = 0; a < sc.all.len; a++) {
        DlAgg *A = sc.all.v[a];
        size_t nv = names->len + 1;
        mem_free(vars), mem_free(tgt), mem_free(out), mem_free(gout), mem_free(gtop);
        mem_free(gbody), mem_free(topocc);
        vars = mem_calloc(nv, 1), tgt = mem_calloc(nv, 1), out = mem_calloc(nv, 1);
        gout = mem_calloc(nv, 1), gtop = mem_calloc(nv, 1), gbody = mem_calloc(nv, 1);
        topocc = mem_calloc(nv, 1);
        if (!vars || !tgt || !out || !gout || !gtop || !gbody || !topocc) {
            st = E_NOMEM;
            goto fail;
        }
        VarWalk w = {vars, NULL, true};
        vw_lits(&w, A->body, A->nbody);
        if (A->target)
            vw_expr(&w, A->target);
        if (A->target) {
            VarWalk wt = {tgt, NULL, true};
            vw_expr(&wt, A->target);
        }
        VarWalk wo = {out, A, true};
        vw_lits(&wo, cl->body, cl->nbody);
        for (uint32_t j = 0; j < cl->head.nargs; j++)
            vw_expr(&wo, cl->head.args[j]);
        VarWalk wtop = {topocc, NULL, false};
        vw_lits(&wtop, cl->body, cl->nbody);
        for (uint32_t j = 0; j < cl->head.nargs; j++)
            vw_expr(&wtop, cl->head.args[j]);
        /* aggregate results count as grounded, except A's for its own outside */
        for (size_t b = 0; b < sc.all.len; b++) {
            uint32_t gv = sc.all.v[b]->var;
            gtop[gv] = gbody[gv] = true;
            gout[gv] = sc.all.v[b] != A;
        }
        /* outside: the clause's body and the bodies of A's ancestors */
        sets.len = ns.len = 0;
        TRY(vec_push(&sets, cl->body));
        TRY(vec_push(&ns, cl->nbody));
        for (DlAgg *par = sc.parent.v[a]; par; par = sc.parent.v[sc_index(&sc, par)]) {
            TRY(vec_push(&sets, par->body));
            TRY(vec_push(&ns, par->nbody));
        }
        sc_ground(gout, sets.v, ns.v, sets.len);
        sc_ground(gtop, &cl->body, &cl->nbody, 1);
        /* A's body, and the bodies of the aggregates inside it */
        sets.len = ns.len = 0;
        TRY(vec_push(&sets, A->body));
        TRY(vec_push(&ns, A->nbody));
        for (size_t b = 0; b < sc.all.len; b++)
            if (sc_inside(&sc, sc.all.v[b], A)) {
                TRY(vec_push(&sets, sc.all.v[b]->body));
                TRY(vec_push(&ns, sc.all.v[b]->nbody));
            }
        sc_ground(gbody, sets.v, ns.v, sets.len);
        uint32_t nvars0 = (uint32_t)names->len;
        for (uint32_t v = 0; v < nvars0; v++) {
            if (!vars[v])
                continue;
            bool injected = gout[v] && !tgt[v];
            bool witness = !injected && topocc[v] && !gtop[v] && gbody[v];
            if (witness)
                TRY(vec_push(&wit.v[a], v));
            else if (!injected && out[v]) {
                uint32_t nvar;
                if (!sc_fresh(&sc, names->v[v], &nvar)) {
                    st = sc.st;
                    goto fail;
                }
                rename_agg(A, v, nvar);
            }
        }
    }
    /* witnesses of an inner aggregate are its own */
    for (size_t a = 0; a < sc.all.len; a++)
        for (size_t b = 0; b < sc.all.len; b++)
            if (b != a && sc_inside(&sc, sc.all.v[b], sc.all.v[a]))
                for (size_t k = 0; k < wit.v[b].len; k++)
                    for (size_t m = 0; m < wit.v[a].len; m++)
                        if (wit.v[a].v[m] == wit.v[b].v[k])
                            wit.v[a].v[m--] = wit.v[a].v[--wit.v[a].len];
    for (size_t a = 0; a < sc.all.len; a++) {
        DlAgg *A = sc.all.v[a];
        U32Vec *W = &wit.v[a];
        if (!W->len)
            continue;
        if (A->op == DL_AGG_COUNT || A->op == DL_AGG_SUM) {
            for (size_t k = 0; k < W->len; k++)
                diags_add(c->d, DIAG_ERROR, sc_var_loc(&sc, W->v[k], cl->loc),
                          "witness problem: variable '%s' is grounded only inside a %s "
                          "aggregate and used outside it (only min and max have witnesses)",
                          names->v[W->v[k]], A->op == DL_AGG_COUNT ? "count" : "sum");
            for (size_t k = 0; k < W->len; k++)
                TRY(vec_push(reported, W->v[k]));
            continue;
        }
        /* 1. A's body, copied before the witnesses are renamed inside A */
        DlLit *copy = sc_clone_lits(&sc, A->body, A->nbody);
        DlExpr *tcopy = A->target && (A->target->kind != DL_X_VAR || A->target->agg)
                            ? sc_clone_expr(&sc, A->target)
                            : NULL;
        TRY(sc.st);
        /* 2. the witnesses get names of their own inside A */
        bool target_is_witness = false;
        for (size_t k = 0; k < W->len; k++) {
            uint32_t nvar;
            if (!sc_fresh(&sc, names->v[W->v[k]], &nvar)) {
                st = sc.st;
                goto fail;
            }
            if (A->target && A->target->kind == DL_X_VAR && !A->target->agg &&
                A->target->var == W->v[k])
                target_is_witness = true;
            rename_agg(A, W->v[k], nvar);
        }
        /* 3. R: A's result; a nested A is evaluated again at the top level */
        uint32_t R = A->var;
        if (sc.parent.v[a]) {
            DlExpr node = {0};
            node.kind = DL_X_VAR;
            node.loc = cl->loc;
            node.text = names->v[A->var];
            node.var = A->var;
            node.agg = A;
            DlExpr *clone = sc_clone_expr(&sc, &node);
            DlExpr *rv = arena_calloc(&c->p->arena, sizeof(DlExpr));
            TRY(sc.st);
            if (!rv) {
                st = E_NOMEM;
                goto fail;
            }
            if (!sc_fresh(&sc, names->v[A->var], &R)) {
                st = sc.st;
                goto fail;
            }
            rv->kind = DL_X_VAR;
            rv->var = R;
            rv->loc = cl->loc;
            rv->text = names->v[R];
            DlLit eq = {0};
            eq.kind = DL_LIT_CMP;
            eq.cmp = DL_CMP_EQ;
            eq.loc = cl->loc;
            eq.lhs = rv;
            eq.rhs = clone;
            TRY(vec_push(&sc.extra, eq));
            TRY(vec_push(top, clone->agg));
        }
        /* 4. the copy with the target replaced by R (Souffle replaces the target variable
         * by its name after step 2, so a target that is itself a witness stays as it is) */
        if (A->target && A->target->kind == DL_X_VAR && !A->target->agg) {
            if (!target_is_witness)
                rename_lits(copy, A->nbody, A->target->var, R);
        } else if (tcopy) {
            DlExpr *rv = arena_calloc(&c->p->arena, sizeof(DlExpr));
            if (!rv) {
                st = E_NOMEM;
                goto fail;
            }
            rv->kind = DL_X_VAR;
            rv->var = R;
            rv->loc = tcopy->loc;
            rv->text = names->v[R];
            DlLit eq = {0};
            eq.kind = DL_LIT_CMP;
            eq.cmp = DL_CMP_EQ;
            eq.loc = tcopy->loc;
            eq.lhs = rv;
            eq.rhs = tcopy;
            TRY(vec_push(&sc.extra, eq));
        }
        for (uint32_t i = 0; i < A->nbody; i++)
            TRY(vec_push(&sc.extra, copy[i]));
        /* aggregates inside the copies are at the top level now */
        AggVec here = {0};
        st = direct_aggs(copy, A->nbody, &here);
        for (size_t i = 0; st == OK && i < here.len; i++)
            st = vec_push(top, here.v[i]);
        vec_release(&here);
        TRY(st);
    }
    if (sc.extra.len) {
        DlLit *nb = arena_alloc(&c->p->arena, sizeof(DlLit) * (cl->nbody + sc.extra.len));
        if (!nb) {
            st = E_NOMEM;
            goto fail;
        }
        DL_MEMCPY(nb, cl->body, sizeof(DlLit) * cl->nbody);
        DL_MEMCPY(nb + cl->nbody, sc.extra.v, sizeof(DlLit) * sc.extra.len);
        cl->body = nb;
        cl->nbody += (uint32_t)sc.extra.len;
    }
fail:
    for (size_t a = 0; a < wit.len; a++)
        vec_release(&wit.v[a]);
    vec_release(&wit);
    vec_release(&sets);
    vec_release(&ns);
    vec_release(&sc.all);
    vec_release(&sc.parent);
    vec_release(&sc.extra);
    mem_free(vars), mem_free(tgt), mem_free(out), mem_free(gout), mem_free(gtop);
    mem_free(gbody), mem_free(topocc);
    return st != OK ? st : sc.st;
}

/* Souffle materialises an aggregate's body into a relation of its variables when the body
 * has two or more atoms, an aggregate inside it, or a variable repeated in its one atom;
 * the aggregate then runs over the distinct tuples of that relation. Sets g->dvars for
 * those (every aggregate of the clause, nested too). */
static Status materialize_info_expr(Checker *c, DlClause *cl, DlExpr *e);

static Status materialize_info_lits(Checker *c, DlClause *cl, DlLit *lits, uint32_t n) {
    Status st = OK;
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                TRY(materialize_info_expr(c, cl, l->atom.args[j]));
        else if (l->kind == DL_LIT_CMP) {
            TRY(materialize_info_expr(c, cl, l->lhs));
            TRY(materialize_info_expr(c, cl, l->rhs));
        }
    }
fail:
    return st;
}

static Status materialize_info_expr(Checker *c, DlClause *cl, DlExpr *e) {
    Status st = OK;
    for (uint32_t i = 0; i < e->nargs; i++)
        TRY(materialize_info_expr(c, cl, e->args[i]));
    if (!e->agg)
        return OK;
    DlAgg *g = e->agg;
    TRY(materialize_info_lits(c, cl, g->body, g->nbody));
    uint32_t natoms = 0;
    AggVec inner = {0};
    st = direct_aggs(g->body, g->nbody, &inner);
    bool nested = inner.len > 0;
    vec_release(&inner);
    TRY(st);
    bool *set = mem_calloc(cl->nvars + 1, 1);
    if (!set)
        return E_NOMEM;
    bool repeated = false;
    for (uint32_t i = 0; i < g->nbody; i++) {
        const DlLit *l = &g->body[i];
        if (l->kind != DL_LIT_ATOM)
            continue;
        natoms++;
        for (uint32_t j = 0; j < l->atom.nargs; j++) {
            bool *seen = set; /* variables of this atom (only used when it is the one) */
            const DlExpr *a = l->atom.args[j];
            if (a->kind == DL_X_VAR && !a->agg) {
                if (seen[a->var])
                    repeated = true;
                seen[a->var] = true;
            }
        }
    }
    if (natoms >= 2 || nested || (natoms == 1 && repeated)) {
        memset(set, 0, cl->nvars + 1);
        VarWalk w = {set, NULL, false};
        vw_lits(&w, g->body, g->nbody);
        if (g->target)
            vw_expr(&w, g->target);
        uint32_t n = 0;
        for (uint32_t v = 0; v < cl->nvars; v++)
            n += set[v];
        g->dvars = arena_alloc(&c->p->arena, sizeof(uint32_t) * (n + 1));
        if (!g->dvars) {
            mem_free(set);
            return E_NOMEM;
        }
        g->ndvars = 0;
        for (uint32_t v = 0; v < cl->nvars; v++)
            if (set[v])
                g->dvars[g->ndvars++] = v;
    }
    mem_free(set);
fail:
    return st;
}

static Status check_clause(Checker *c, DlClause *cl) {
    Status st = OK;
    DlProgram *p = c->p;
    bool ok = resolve_atom(c, &cl->head);
    if (ok)
        p->decls.v[cl->head.rel].has_rules = true;
    AggVec aggs = {0};
    NameVec names = {0};
    U32Vec wit_reported = {0}; /* witnesses already reported (count/sum) */
    int *kind = NULL;
    bool *g = NULL, *rep = NULL;
    TRY(vec_reserve(&names, cl->nvars + 4));
    DL_MEMCPY(names.v, cl->var_names, sizeof(char *) * cl->nvars);
    names.len = cl->nvars;
    TRY(rewrite_lits(c, cl, cl->body, cl->nbody, &aggs, &names, &ok));
    for (uint32_t j = 0; j < cl->head.nargs; j++)
        TRY(rewrite_aggs(c, cl, cl->head.args[j], &aggs, &names));
    if (ok && aggs.len)
        TRY(scope_aggs(c, cl, &names, &aggs, &wit_reported));
    if (names.len != cl->nvars) {
        const char **nn = arena_alloc(&p->arena, sizeof(char *) * names.len);
        if (!nn) {
            st = E_NOMEM;
            goto fail;
        }
        DL_MEMCPY(nn, names.v, sizeof(char *) * names.len);
        cl->var_names = nn;
        cl->nvars = (uint32_t)names.len;
    }
    if (aggs.len) {
        cl->aggs = arena_alloc(&p->arena, sizeof(DlAgg *) * aggs.len);
        if (!cl->aggs) {
            st = E_NOMEM;
            goto fail;
        }
        DL_MEMCPY(cl->aggs, aggs.v, sizeof(DlAgg *) * aggs.len);
        cl->naggs = (uint32_t)aggs.len;
    }
    if (!ok)
        goto fail;
    if (cl->naggs) {
        TRY(materialize_info_lits(c, cl, cl->body, cl->nbody));
        for (uint32_t j = 0; j < cl->head.nargs; j++)
            TRY(materialize_info_expr(c, cl, cl->head.args[j]));
    }
    /* kinds */
    kind = mem_alloc(sizeof(int) * (cl->nvars + 1));
    if (!kind) {
        st = E_NOMEM;
        goto fail;
    }
    for (uint32_t v = 0; v < cl->nvars; v++)
        kind[v] = -1;
    Scope s = {c, cl, kind, false, true};
    const DlDecl *hd = &p->decls.v[cl->head.rel];
    for (int round = 0; s.changed && round < 20; round++) {
        s.changed = false;
        infer_lits(&s, cl->body, cl->nbody);
        infer_aggs(&s, cl->aggs, cl->naggs);
        for (uint32_t j = 0; j < cl->head.nargs; j++)
            infer(&s, cl->head.args[j], hd->kinds[j]);
    }
    size_t e0 = c->d->nerrors;
    s.report = true;
    infer_lits(&s, cl->body, cl->nbody);
    infer_aggs(&s, cl->aggs, cl->naggs);
    for (uint32_t j = 0; j < cl->head.nargs; j++)
        infer(&s, cl->head.args[j], hd->kinds[j]);
    if (c->d->nerrors > e0)
        goto fail;
    TRY(check_subtypes(c, cl));
    /* groundedness */
    g = mem_calloc(cl->nvars + 1, 1);
    rep = mem_calloc(cl->nvars + 1, 1);
    if (!g || !rep) {
        st = E_NOMEM;
        goto fail;
    }
    for (size_t i = 0; i < wit_reported.len; i++) /* reported: no errors that follow */
        rep[wit_reported.v[i]] = g[wit_reported.v[i]] = true;
    Ground gr = {c, cl, g, rep};
    ground_conj(&gr, cl->body, cl->nbody, cl->aggs, cl->naggs, true);
    for (uint32_t j = 0; j < cl->head.nargs; j++)
        report_ungrounded(&gr, cl->head.args[j], "the head");
fail:
    vec_release(&aggs);
    vec_release(&names);
    vec_release(&wit_reported);
    mem_free(kind);
    mem_free(g);
    mem_free(rep);
    return st;
}

/* Compiles constant regular expressions of match(...) now, so a bad pattern is reported
 * before running. */
static void compile_regexes(Checker *c, DlLit *lits, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind != DL_LIT_CMP)
            continue;
        if ((l->cmp == DL_CMP_MATCH || l->cmp == DL_CMP_NOT_MATCH) && l->lhs->kind == DL_X_STR) {
            const char *pat = intern_str(&c->p->syms, (Sym)l->lhs->val);
            StrBuf full = SB_INIT;
            dl_regex_pattern(pat, intern_len(&c->p->syms, (Sym)l->lhs->val), &full);
            regex_t *re = arena_alloc(&c->p->arena, sizeof(regex_t));
            if (full.oom || !re) {
                sb_release(&full);
                c->st = E_NOMEM;
                return;
            }
            int rc = regcomp(re, full.buf, REG_EXTENDED | REG_NOSUB);
            sb_release(&full);
            if (rc != 0) {
                char msg[128];
                regerror(rc, re, msg, sizeof msg);
                /* as Souffle: a warning, and the match is false */
                diags_add(c->d, DIAG_WARNING, l->lhs->loc,
                          "invalid regular expression \"%s\": %s; match and !match with it are false",
                          pat, msg);
                regfree(re);
                l->lhs->re_bad = true;
            } else if (vec_push(&c->p->regexes, re) != OK) {
                regfree(re);
                c->st = E_NOMEM;
                return;
            } else
                l->lhs->re = re;
        }
        const DlExpr *es[2] = {l->lhs, l->rhs};
        for (int k = 0; k < 2; k++)
            if (es[k]->agg)
                compile_regexes(c, es[k]->agg->body, es[k]->agg->nbody);
    }
}

/* A relation read in a body but never derived: a warning, as in Souffle. */
static void warn_empty(Checker *c, const DlLit *lits, uint32_t n, bool *warned) {
    for (uint32_t j = 0; j < n; j++) {
        const DlLit *l = &lits[j];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            const DlDecl *dc = &c->p->decls.v[l->atom.rel];
            if (!dc->has_rules && !dc->is_input && !warned[l->atom.rel]) {
                warned[l->atom.rel] = true;
                diags_add(c->d, DIAG_WARNING, l->atom.loc,
                          "relation '%s' is used but has no facts, no rules and no .input: "
                          "it is always empty",
                          dc->name);
            }
            for (uint32_t k = 0; k < l->atom.nargs; k++)
                if (l->atom.args[k]->agg)
                    warn_empty(c, l->atom.args[k]->agg->body, l->atom.args[k]->agg->nbody,
                               warned);
        } else if (l->kind == DL_LIT_CMP) {
            if (l->lhs->agg)
                warn_empty(c, l->lhs->agg->body, l->lhs->agg->nbody, warned);
            if (l->rhs->agg)
                warn_empty(c, l->rhs->agg->body, l->rhs->agg->nbody, warned);
        }
    }
}

/* ---- inlining -------------------------------------------------------------------------
 * A relation declared `inline` whose every use is a positive atom outside aggregates is
 * inlined as Souffle does: each use R(a1..an) is replaced, once per rule of R, by that
 * rule's body (its variables renamed) and the equalities ai = hi with the rule's head
 * arguments; R's own rules are then dropped (R stays empty). Relations used in a negation
 * or an aggregate are computed as before. Runs on checked clauses, so every expression
 * keeps the kind and the subtypes the checker gave it (Souffle also checks before it
 * inlines). */

typedef struct Inliner {
    Checker *c;
    const uint32_t *map; /* variable of the inlined rule -> variable of the new clause */
    Status st;
} Inliner;

static DlExpr *in_clone_expr(Inliner *in, const DlExpr *e);

static DlLit *in_clone_lits(Inliner *in, const DlLit *src, uint32_t n) {
    Arena *a = &in->c->p->arena;
    DlLit *v = arena_alloc(a, sizeof(DlLit) * (n ? n : 1));
    if (!v) {
        in->st = E_NOMEM;
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        v[i] = src[i];
        if (src[i].kind == DL_LIT_ATOM || src[i].kind == DL_LIT_NEG) {
            v[i].atom.args = arena_alloc(a, sizeof(DlExpr *) * (src[i].atom.nargs + 1));
            if (!v[i].atom.args) {
                in->st = E_NOMEM;
                return NULL;
            }
            for (uint32_t j = 0; j < src[i].atom.nargs; j++)
                if (!(v[i].atom.args[j] = in_clone_expr(in, src[i].atom.args[j])))
                    return NULL;
        } else if (src[i].kind == DL_LIT_CMP) {
            if (!(v[i].lhs = in_clone_expr(in, src[i].lhs)) ||
                !(v[i].rhs = in_clone_expr(in, src[i].rhs)))
                return NULL;
        }
    }
    return v;
}

static DlAgg *in_clone_agg(Inliner *in, const DlAgg *g) {
    Arena *a = &in->c->p->arena;
    DlAgg *c = arena_alloc(a, sizeof *c);
    if (!c) {
        in->st = E_NOMEM;
        return NULL;
    }
    *c = *g;
    c->var = in->map[g->var];
    if (g->target && !(c->target = in_clone_expr(in, g->target)))
        return NULL;
    if (!(c->body = in_clone_lits(in, g->body, g->nbody)))
        return NULL;
    if (g->dvars) {
        c->dvars = arena_alloc(a, sizeof(uint32_t) * (g->ndvars + 1));
        if (!c->dvars) {
            in->st = E_NOMEM;
            return NULL;
        }
        for (uint32_t k = 0; k < g->ndvars; k++)
            c->dvars[k] = in->map[g->dvars[k]];
    }
    return c;
}

static DlExpr *in_clone_expr(Inliner *in, const DlExpr *e) {
    Arena *a = &in->c->p->arena;
    DlExpr *c = arena_alloc(a, sizeof *c);
    if (!c) {
        in->st = E_NOMEM;
        return NULL;
    }
    *c = *e;
    if (e->kind == DL_X_VAR)
        c->var = in->map[e->var];
    if (e->nargs) {
        c->args = arena_alloc(a, sizeof(DlExpr *) * e->nargs);
        if (!c->args) {
            in->st = E_NOMEM;
            return NULL;
        }
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!(c->args[i] = in_clone_expr(in, e->args[i])))
                return NULL;
    }
    if (e->agg && !(c->agg = in_clone_agg(in, e->agg)))
        return NULL;
    return c;
}

void dl_expr_reads(const DlExpr *e, bool in_agg, DlReadFn *fn, void *arg) {
    for (uint32_t i = 0; i < e->nargs; i++)
        dl_expr_reads(e->args[i], in_agg, fn, arg);
    if (e->agg) {
        dl_lits_reads(e->agg->body, e->agg->nbody, true, fn, arg);
        if (e->agg->target)
            dl_expr_reads(e->agg->target, true, fn, arg);
    }
}

void dl_clause_reads(const DlClause *cl, DlReadFn *fn, void *arg) {
    dl_lits_reads(cl->body, cl->nbody, false, fn, arg);
    for (uint32_t j = 0; j < cl->head.nargs; j++)
        dl_expr_reads(cl->head.args[j], false, fn, arg);
}

void dl_lits_reads(const DlLit *lits, uint32_t n, bool in_agg, DlReadFn *fn, void *arg) {
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            fn(arg, l->atom.rel, l->kind == DL_LIT_NEG, in_agg);
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                dl_expr_reads(l->atom.args[j], in_agg, fn, arg);
        } else if (l->kind == DL_LIT_CMP) {
            dl_expr_reads(l->lhs, in_agg, fn, arg);
            dl_expr_reads(l->rhs, in_agg, fn, arg);
        }
    }
}

/* Relations used in a negation or an aggregate body (not inlined). */
static void in_mark_use(void *arg, uint32_t rel, bool neg, bool in_agg) {
    if (neg || in_agg)
        ((bool *)arg)[rel] = true;
}

/* The clause `outer` with its body literal `at` (an atom of R) replaced by rule `r` of R
 * (everything deep-copied: clauses never share nodes). */
static Status in_expand(Checker *c, const DlClause *outer, uint32_t at, const DlClause *r,
                        DlClause *out) {
    DlProgram *p = c->p;
    Arena *a = &p->arena;
    Status st = OK;
    uint32_t nv = outer->nvars + r->nvars;
    uint32_t *map = mem_alloc(sizeof(uint32_t) * (nv + 1));
    AggVec aggs = {0};
    if (!map)
        return E_NOMEM;
    for (uint32_t v = 0; v < nv; v++)
        map[v] = v;
    Inliner id = {c, map, OK};                  /* the outer clause's variables */
    Inliner in = {c, map + outer->nvars, OK};   /* the rule's, after them */
    for (uint32_t v = 0; v < r->nvars; v++)
        map[outer->nvars + v] = outer->nvars + v;
    const DlAtom *use = &outer->body[at].atom;
    *out = *outer;
    out->plan = NULL; /* the atoms changed: a .plan no longer applies */
    out->nplan = 0;
    out->var_names = arena_alloc(a, sizeof(char *) * (nv + 1));
    uint32_t neq = 0;
    for (uint32_t j = 0; j < use->nargs; j++)
        if (use->args[j]->kind != DL_X_WILD)
            neq++;
    out->nbody = outer->nbody - 1 + r->nbody + neq;
    out->body = arena_alloc(a, sizeof(DlLit) * (out->nbody + 1));
    out->head.args = arena_alloc(a, sizeof(DlExpr *) * (outer->head.nargs + 1));
    DlLit *ob = in_clone_lits(&id, outer->body, outer->nbody);
    DlLit *rb = in_clone_lits(&in, r->body, r->nbody);
    if (!out->var_names || !out->body || !out->head.args || !ob || !rb) {
        st = E_NOMEM;
        goto fail;
    }
    for (uint32_t j = 0; j < outer->head.nargs; j++)
        if (!(out->head.args[j] = in_clone_expr(&id, outer->head.args[j]))) {
            st = E_NOMEM;
            goto fail;
        }
    out->nvars = nv;
    DL_MEMCPY(out->var_names, outer->var_names, sizeof(char *) * outer->nvars);
    DL_MEMCPY(out->var_names + outer->nvars, r->var_names, sizeof(char *) * r->nvars);
    uint32_t k = 0;
    for (uint32_t i = 0; i < outer->nbody; i++)
        if (i != at)
            out->body[k++] = ob[i];
    for (uint32_t i = 0; i < r->nbody; i++)
        out->body[k++] = rb[i];
    for (uint32_t j = 0; j < use->nargs; j++) {
        if (use->args[j]->kind == DL_X_WILD)
            continue;
        DlLit eq = {0};
        eq.kind = DL_LIT_CMP;
        eq.cmp = DL_CMP_EQ;
        eq.loc = use->loc;
        eq.lhs = ob[at].atom.args[j];
        if (!(eq.rhs = in_clone_expr(&in, r->head.args[j]))) {
            st = E_NOMEM;
            goto fail;
        }
        out->body[k++] = eq;
    }
    /* the top-level aggregates are the clones now */
    TRY(direct_aggs(out->body, out->nbody, &aggs));
    for (uint32_t j = 0; j < out->head.nargs; j++)
        TRY(direct_aggs_expr(out->head.args[j], &aggs));
    out->naggs = (uint32_t)aggs.len;
    out->aggs = arena_alloc(a, sizeof(DlAgg *) * (aggs.len + 1));
    if (!out->aggs) {
        st = E_NOMEM;
        goto fail;
    }
    DL_MEMCPY(out->aggs, aggs.v, sizeof(DlAgg *) * aggs.len);
fail:
    vec_release(&aggs);
    mem_free(map);
    if (st == OK && (id.st != OK || in.st != OK))
        st = E_NOMEM;
    return st;
}

static Status inline_relations(Checker *c) {
    DlProgram *p = c->p;
    Status st = OK;
    size_t nd = p->decls.len;
    bool *keep = mem_calloc(nd + 1, 1), *done = mem_calloc(nd + 1, 1);
    Vec(DlClause) out = {0}, work = {0};
    if (!keep || !done) {
        st = E_NOMEM;
        goto fail;
    }
    bool any = false;
    for (size_t r = 0; r < nd; r++)
        any |= p->decls.v[r].is_inline;
    if (!any)
        goto fail;
    for (size_t i = 0; i < p->clauses.len; i++)
        dl_lits_reads(p->clauses.v[i].body, p->clauses.v[i].nbody, false, in_mark_use, keep);
    for (size_t r = 0; r < nd; r++) {
        const DlDecl *dc = &p->decls.v[r];
        if (!dc->is_inline || dc->eqrel || dc->is_input || dc->is_output || dc->is_printsize)
            keep[r] = true;
    }
    for (size_t i = 0; i < p->clauses.len; i++) /* aggregates in a head: not handled */
        for (uint32_t j = 0; j < p->clauses.v[i].head.nargs; j++)
            if (p->clauses.v[i].head.args[j]->agg)
                keep[p->clauses.v[i].head.rel] = true;
    for (bool progress = true; progress;) {
        progress = false;
        for (size_t r = 0; r < nd; r++) {
            if (keep[r] || done[r])
                continue;
            /* R's rules must not use a relation still to be inlined */
            bool ready = true;
            for (size_t i = 0; ready && i < p->clauses.len; i++) {
                const DlClause *cl = &p->clauses.v[i];
                if (cl->head.rel != r)
                    continue;
                for (uint32_t j = 0; j < cl->nbody; j++)
                    if (cl->body[j].kind == DL_LIT_ATOM && !keep[cl->body[j].atom.rel] &&
                        !done[cl->body[j].atom.rel])
                        ready = false;
            }
            if (!ready)
                continue;
            /* expand every use of r; the rules of r go */
            out.len = 0;
            for (size_t i = 0; i < p->clauses.len; i++) {
                if (p->clauses.v[i].head.rel == r)
                    continue;
                work.len = 0;
                TRY(vec_push(&work, p->clauses.v[i]));
                while (work.len) {
                    DlClause cl = work.v[--work.len];
                    int32_t at = -1;
                    for (uint32_t j = 0; at < 0 && j < cl.nbody; j++)
                        if (cl.body[j].kind == DL_LIT_ATOM && cl.body[j].atom.rel == r)
                            at = (int32_t)j;
                    if (at < 0) {
                        TRY(vec_push(&out, cl));
                        continue;
                    }
                    for (size_t k = 0; k < p->clauses.len; k++) {
                        if (p->clauses.v[k].head.rel != r)
                            continue;
                        DlClause nc;
                        TRY(in_expand(c, &cl, (uint32_t)at, &p->clauses.v[k], &nc));
                        TRY(vec_push(&work, nc));
                    }
                }
            }
            p->clauses.len = 0;
            for (size_t i = 0; i < out.len; i++)
                TRY(vec_push(&p->clauses, out.v[i]));
            done[r] = true;
            progress = true;
        }
    }
fail:
    vec_release(&out);
    vec_release(&work);
    mem_free(keep);
    mem_free(done);
    return st;
}

/* Negated inline relations, as Souffle checks them: the negation of an inlined body
 * that has variables of its own, or a negated inline atom with '_', cannot be inlined. */
static Status check_inline_negations(Checker *c, const DlLit *lits, uint32_t n) {
    DlProgram *p = c->p;
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        const DlExpr *es[2] = {l->lhs, l->rhs};
        if (l->kind == DL_LIT_CMP) {
            for (int k = 0; k < 2; k++)
                if (es[k]->agg)
                    {
                    Status st = check_inline_negations(c, es[k]->agg->body, es[k]->agg->nbody);
                    if (st != OK)
                        return st;
                }
            continue;
        }
        if (l->kind != DL_LIT_NEG || !p->decls.v[l->atom.rel].is_inline)
            continue;
        for (uint32_t j = 0; j < l->atom.nargs; j++)
            if (l->atom.args[j]->kind == DL_X_WILD) {
                diags_add(c->d, DIAG_ERROR, l->atom.args[j]->loc,
                          "'_' in a negated inline atom: it cannot be inlined (Souffle "
                          "refuses it)");
                break;
            }
        for (size_t k = 0; k < p->clauses.len; k++) {
            const DlClause *cl = &p->clauses.v[k];
            if (cl->head.rel != l->atom.rel || !cl->nbody)
                continue;
            bool *in_head = mem_calloc(cl->nvars + 1, 1), *in_body = mem_calloc(cl->nvars + 1, 1);
            if (!in_head || !in_body) {
                mem_free(in_head);
                mem_free(in_body);
                return E_NOMEM;
            }
            VarWalk wh = {in_head, NULL, true}, wb = {in_body, NULL, false};
            for (uint32_t j = 0; j < cl->head.nargs; j++)
                vw_expr(&wh, cl->head.args[j]);
            vw_lits(&wb, cl->body, cl->nbody);
            bool fresh = false;
            for (uint32_t v = 0; v < cl->nvars; v++)
                if (in_body[v] && !in_head[v])
                    fresh = true;
            mem_free(in_head);
            mem_free(in_body);
            if (fresh) {
                diags_add(c->d, DIAG_ERROR, l->atom.loc,
                          "negation of inline relation '%s', whose rule at line %u has variables "
                          "of its own, cannot be inlined (Souffle refuses it)",
                          l->atom.name, cl->loc.line);
                break;
            }
        }
    }
    return OK;
}

Status dl_check(DlProgram *p, Diags *d) {
    Status st = OK;
    Checker c = {p, d, OK, NULL, 0};
    size_t e0 = d->nerrors;
    TRY(check_types(&c));
    TRY(check_decls(&c));
    TRY(tsets_init(&c));
    check_directives(&c);
    for (size_t i = 0; i < p->clauses.len; i++)
        TRY(check_clause(&c, &p->clauses.v[i]));
    if (d->nerrors == e0)
        for (size_t i = 0; i < p->clauses.len; i++)
            TRY(check_inline_negations(&c, p->clauses.v[i].body, p->clauses.v[i].nbody));
    if (d->nerrors == e0)
        TRY(inline_relations(&c));
    if (d->nerrors == e0)
        for (size_t i = 0; i < p->clauses.len; i++)
            compile_regexes(&c, p->clauses.v[i].body, p->clauses.v[i].nbody);
    TRY(c.st);
    if (d->nerrors == e0) {
        bool *warned = mem_calloc(p->decls.len + 1, 1);
        if (!warned)
            return E_NOMEM;
        for (size_t i = 0; i < p->clauses.len; i++)
            warn_empty(&c, p->clauses.v[i].body, p->clauses.v[i].nbody, warned);
        mem_free(warned);
    }
    return d->nerrors > e0 ? E_SEMANTIC : OK;
fail:
    return st;
}
