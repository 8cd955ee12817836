/*
 * dl_parse.c — recursive-descent parser for irlog's subset of Souffle's language.
 *
 * Owns: building the AST of a DlProgram from tokens: types, declarations, directives and
 * clauses. A rule with several heads becomes one clause per head; a body with `;`, `!(...)`
 * or parentheses is put in disjunctive normal form (negation pushed inward by De Morgan),
 * one clause per disjunct, exactly as Souffle does. Variables are numbered per rule.
 * Errors: every syntax error is reported with file:line:col; the parser then skips to the
 * end of the statement and keeps going, so one run reports them all. Unsupported Souffle
 * features get an error naming the feature.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

typedef Vec(DlLit) LitVec;
typedef Vec(LitVec) Conjs;

enum { B_LIT, B_AND, B_OR, B_NOT };
typedef struct BNode BNode;
struct BNode {
    int kind;
    DlLit lit;
    Vec(BNode *) kids;
    SrcLoc loc;
};

typedef struct Parser {
    DlProgram *p;
    const DlTok *t;
    size_t pos;
    Diags *d;
    bool err;           /* the current statement failed */
    Status st;          /* sticky fatal status (E_NOMEM) */
    Vec(const char *) vars;
    Vec(BNode *) nodes; /* to free */
} Parser;

#define MAX_DISJUNCTS 4096

static const DlTok *peek(const Parser *ps) {
    return &ps->t[ps->pos];
}
static const DlTok *peek2(const Parser *ps) {
    return ps->t[ps->pos].kind == DL_TOK_EOF ? &ps->t[ps->pos] : &ps->t[ps->pos + 1];
}
static bool at(const Parser *ps, DlTokKind k) {
    return ps->t[ps->pos].kind == k;
}
static const DlTok *next(Parser *ps) {
    const DlTok *t = &ps->t[ps->pos];
    if (t->kind != DL_TOK_EOF)
        ps->pos++;
    return t;
}
static bool tok_is(const DlTok *t, const char *word) {
    return t->kind == DL_TOK_IDENT && strlen(word) == t->len && memcmp(t->s, word, t->len) == 0;
}

static void *alloc(Parser *ps, size_t n) {
    void *v = arena_calloc(&ps->p->arena, n);
    if (!v)
        ps->st = E_NOMEM;
    return v;
}
static const char *tokstr(Parser *ps, const DlTok *t) {
    char *s = arena_strndup(&ps->p->arena, t->s, t->len);
    if (!s)
        ps->st = E_NOMEM;
    return s ? s : "";
}

static void error_at(Parser *ps, const DlTok *t, const char *fmt, const char *what) {
    if (ps->err)
        return;
    ps->err = true;
    if (t->kind == DL_TOK_EOF)
        diags_add(ps->d, DIAG_ERROR, t->loc, fmt, what, "end of input");
    else if (t->kind == DL_TOK_STRING)
        diags_add(ps->d, DIAG_ERROR, t->loc, fmt, what, "a string");
    else {
        char buf[64];
        size_t n = t->len < 40 ? t->len : 40;
        buf[0] = '\'';
        DL_MEMCPY(buf + 1, t->s, n);
        buf[n + 1] = '\'';
        buf[n + 2] = '\0';
        diags_add(ps->d, DIAG_ERROR, t->loc, fmt, what, buf);
    }
}

static void expected(Parser *ps, const char *what) {
    error_at(ps, peek(ps), "syntax error: expected %s, found %s", what);
}

static void unsupported(Parser *ps, const DlTok *t, const char *feature) {
    if (ps->err)
        return;
    ps->err = true;
    diags_add(ps->d, DIAG_ERROR, t->loc, "unsupported feature: %s (see docs/datalog.md)",
              feature);
}

/* Consumes the next token if it is a `k` (a separator, an optional part): whether it was. */
static bool accept(Parser *ps, DlTokKind k) {
    if (!at(ps, k))
        return false;
    next(ps);
    return true;
}

static bool expect(Parser *ps, DlTokKind k) {
    if (accept(ps, k))
        return true;
    expected(ps, dl_tok_desc(k));
    return false;
}

/* Whether a vec_push succeeded (st == OK); if not, records E_NOMEM as the fatal status. */
static bool pushed(Parser *ps, Status st) {
    if (st != OK)
        ps->st = E_NOMEM;
    return st == OK;
}

/* ---- variables ----------------------------------------------------------------- */

static uint32_t var_index(Parser *ps, const char *name) {
    for (size_t i = 0; i < ps->vars.len; i++)
        if (strcmp(ps->vars.v[i], name) == 0)
            return (uint32_t)i;
    if (vec_push(&ps->vars, name) != OK)
        ps->st = E_NOMEM;
    return (uint32_t)(ps->vars.len - 1);
}

/* ---- expressions ---------------------------------------------------------------- */

static DlExpr *new_expr(Parser *ps, DlExprKind k, const DlTok *t) {
    DlExpr *e = alloc(ps, sizeof *e);
    if (!e)
        return NULL;
    e->kind = k;
    e->loc = t->loc;
    e->text = tokstr(ps, t);
    return e;
}

static DlExpr *new_fun(Parser *ps, DlFun f, const DlTok *t, uint32_t nargs) {
    DlExpr *e = new_expr(ps, DL_X_FUN, t);
    if (!e)
        return NULL;
    e->fun = f;
    e->nargs = nargs;
    e->args = alloc(ps, sizeof(DlExpr *) * (nargs ? nargs : 1));
    return e->args ? e : NULL;
}

/* The node of binary functor `f` (written as operator `op`) applied to l and r. */
static DlExpr *new_binop(Parser *ps, DlFun f, const DlTok *op, DlExpr *l, DlExpr *r) {
    DlExpr *e = new_fun(ps, f, op, 2);
    if (!e)
        return NULL;
    e->args[0] = l;
    e->args[1] = r;
    return e;
}

static DlExpr *parse_expr(Parser *ps);

typedef Vec(DlExpr *) ExprVec;

/* Parses `( expr, ... )` into *args (the caller releases it). False on error, with
 * *args released. */
static bool parse_args(Parser *ps, ExprVec *args) {
    if (!expect(ps, DL_TOK_LPAREN))
        return false;
    if (!at(ps, DL_TOK_RPAREN)) {
        for (;;) {
            DlExpr *a = parse_expr(ps);
            if (!a || vec_push(args, a) != OK) {
                vec_release(args);
                return false;
            }
            if (!accept(ps, DL_TOK_COMMA))
                break;
        }
    }
    if (!expect(ps, DL_TOK_RPAREN)) {
        vec_release(args);
        return false;
    }
    return true;
}
static bool parse_body_lits(Parser *ps, DlLit **lits, uint32_t *n, bool in_agg);

static const char *const fun_names[] = {
#define FUN(name, spelling, arity) spelling,
#include "dl_fun.def"
#undef FUN
};
static const int fun_arity[] = {
#define FUN(name, spelling, arity) arity,
#include "dl_fun.def"
#undef FUN
};

/* Named functors usable in call syntax: name(args). */
static int named_functor(const DlTok *t) {
    for (int f = DL_FUN_CAT; f < DL_FUN_COUNT_; f++)
        if (tok_is(t, fun_names[f]))
            return f;
    return -1;
}

static bool is_reserved(const DlTok *t) {
    static const char *const kw[] = {"count", "sum",  "min",      "max",   "mean",  "cat",
                                     "strlen", "substr", "ord",   "to_number", "to_string",
                                     "to_float", "to_unsigned", "contains", "match", "band",
                                     "bor",   "bxor", "bshl",     "bshr",  "bshru", "bnot",
                                     "land",  "lor",  "lxor",     "lnot",  "true",  "false",
                                     "nil",   "as",   "range",    "autoinc", "itou", "itof",
                                     "utoi",  "utof", "ftoi",     "ftou"};
    for (size_t i = 0; i < ARRAY_LEN(kw); i++)
        if (tok_is(t, kw[i]))
            return true;
    return false;
}

/* Index of the token after the parenthesis that closes the one at `pos`. */
static size_t after_matching(const Parser *ps, size_t pos) {
    int depth = 0;
    for (size_t i = pos;; i++) {
        DlTokKind k = ps->t[i].kind;
        if (k == DL_TOK_EOF)
            return i;
        if (k == DL_TOK_LPAREN || k == DL_TOK_LBRACE || k == DL_TOK_LBRACKET)
            depth++;
        else if (k == DL_TOK_RPAREN || k == DL_TOK_RBRACE || k == DL_TOK_RBRACKET) {
            if (--depth == 0)
                return i + 1;
        }
    }
}

static uint64_t parse_uint_text(Parser *ps, const DlTok *t, bool *ok) {
    const char *s = t->s;
    size_t n = t->len;
    if (n && s[n - 1] == 'u')
        n--;
    int base = 10;
    size_t i = 0;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        base = 16, i = 2;
    else if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        base = 2, i = 2;
    uint64_t v = 0;
    *ok = true;
    for (; i < n; i++) {
        int c = s[i], dgt;
        if (c >= '0' && c <= '9')
            dgt = c - '0';
        else if (c >= 'a' && c <= 'f')
            dgt = c - 'a' + 10;
        else
            dgt = c - 'A' + 10;
        if (v > (UINT64_MAX - (uint64_t)dgt) / (uint64_t)base) {
            *ok = false;
            diags_add(ps->d, DIAG_ERROR, t->loc, "integer literal '%.*s' is out of range",
                      (int)t->len, t->s);
            return 0;
        }
        v = v * (uint64_t)base + (uint64_t)dgt;
    }
    (void)ps;
    return v;
}

static DlExpr *parse_aggregate(Parser *ps, DlAggOp op) {
    const DlTok *kw = next(ps);
    DlExpr *e = new_expr(ps, DL_X_AGG, kw);
    if (!e)
        return NULL;
    e->agg = alloc(ps, sizeof(DlAgg));
    if (!e->agg)
        return NULL;
    e->agg->op = op;
    if (op != DL_AGG_COUNT) {
        e->agg->target = parse_expr(ps);
        if (!e->agg->target)
            return NULL;
    }
    if (!expect(ps, DL_TOK_COLON))
        return NULL;
    if (accept(ps, DL_TOK_LBRACE)) {
        if (!parse_body_lits(ps, &e->agg->body, &e->agg->nbody, true))
            return NULL;
        if (!expect(ps, DL_TOK_RBRACE))
            return NULL;
    } else {
        if (!parse_body_lits(ps, &e->agg->body, &e->agg->nbody, true))
            return NULL;
    }
    return e;
}

static DlExpr *parse_primary(Parser *ps) {
    const DlTok *t = peek(ps);
    bool ok;
    switch (t->kind) {
    case DL_TOK_NUMBER:
    case DL_TOK_UNSIGNED: {
        next(ps);
        DlExpr *e = new_expr(ps, t->kind == DL_TOK_NUMBER ? DL_X_INT : DL_X_UNS, t);
        uint64_t v = parse_uint_text(ps, t, &ok);
        if (!ok) {
            ps->err = true;
            return NULL;
        }
        if (e)
            e->val = v; /* an int > INT64_MAX is only valid under unary minus: checked there
                         * and in check */
        return e;
    }
    case DL_TOK_FLOAT: {
        next(ps);
        DlExpr *e = new_expr(ps, DL_X_FLOAT, t);
        if (e) {
            double f = strtod(e->text, NULL);
            DL_MEMCPY(&e->val, &f, sizeof f);
        }
        return e;
    }
    case DL_TOK_STRING: {
        next(ps);
        DlExpr *e = new_expr(ps, DL_X_STR, t);
        if (e) {
            Sym s;
            if (intern_get(&ps->p->syms, t->s, t->len, &s) != OK) {
                ps->st = E_NOMEM;
                return NULL;
            }
            e->val = s;
        }
        return e;
    }
    case DL_TOK_UNDERSCORE:
        next(ps);
        return new_expr(ps, DL_X_WILD, t);
    case DL_TOK_LPAREN: {
        next(ps);
        DlExpr *e = parse_expr(ps);
        if (!e || !expect(ps, DL_TOK_RPAREN))
            return NULL;
        return e;
    }
    case DL_TOK_DOLLAR:
        unsupported(ps, t, "'$' (counters and algebraic data types)");
        return NULL;
    case DL_TOK_LBRACKET:
        unsupported(ps, t, "records ('[...]')");
        return NULL;
    case DL_TOK_AT:
        unsupported(ps, t, "user-defined functors ('@f(...)')");
        return NULL;
    case DL_TOK_IDENT: break;
    default: expected(ps, "an expression"); return NULL;
    }
    /* identifiers: aggregate, functor, or variable */
    if (tok_is(t, "count")) {
        if (peek2(ps)->kind != DL_TOK_COLON) {
            next(ps);
            expected(ps, "':' after 'count'");
            return NULL;
        }
        return parse_aggregate(ps, DL_AGG_COUNT);
    }
    if (tok_is(t, "sum"))
        return parse_aggregate(ps, DL_AGG_SUM);
    if (tok_is(t, "mean")) {
        unsupported(ps, t, "the 'mean' aggregate");
        return NULL;
    }
    if (tok_is(t, "min") || tok_is(t, "max")) {
        bool is_min = tok_is(t, "min");
        bool functor = peek2(ps)->kind == DL_TOK_LPAREN &&
                       ps->t[after_matching(ps, ps->pos + 1)].kind != DL_TOK_COLON;
        if (!functor)
            return parse_aggregate(ps, is_min ? DL_AGG_MIN : DL_AGG_MAX);
    }
    if (tok_is(t, "nil") || tok_is(t, "as") || tok_is(t, "range") || tok_is(t, "autoinc") ||
        tok_is(t, "itou") || tok_is(t, "itof") || tok_is(t, "utoi") || tok_is(t, "utof") ||
        tok_is(t, "ftoi") || tok_is(t, "ftou")) {
        unsupported(ps, t, "this functor or cast");
        return NULL;
    }
    int f = named_functor(t);
    if (f >= 0 || peek2(ps)->kind == DL_TOK_LPAREN) {
        if (f < 0) {
            error_at(ps, t, "%s%s is not a functor (atoms cannot appear inside expressions)",
                     "");
            return NULL;
        }
        next(ps);
        ExprVec args = {0};
        if (!parse_args(ps, &args))
            return NULL;
        int ar = fun_arity[f];
        if ((ar >= 0 && (size_t)ar != args.len) || (ar < 0 && args.len < 1) ||
            ((f == DL_FUN_MIN || f == DL_FUN_MAX) && args.len < 2)) {
            if (!ps->err)
                diags_add(ps->d, DIAG_ERROR, t->loc,
                          "functor '%s' takes %s%d argument%s, not %zu", fun_names[f],
                          ar < 0 ? "at least " : "", ar < 0 ? (f == DL_FUN_CAT ? 1 : 2) : ar,
                          ar == 1 ? "" : "s", args.len);
            ps->err = true;
            vec_release(&args);
            return NULL;
        }
        DlExpr *e = new_fun(ps, (DlFun)f, t, (uint32_t)args.len);
        if (e)
            DL_MEMCPY(e->args, args.v, sizeof(DlExpr *) * args.len);
        vec_release(&args);
        return e;
    }
    if (is_reserved(t)) {
        error_at(ps, t, "syntax error: %s%s is a reserved word", "");
        return NULL;
    }
    next(ps);
    DlExpr *e = new_expr(ps, DL_X_VAR, t);
    if (e)
        e->var = var_index(ps, e->text);
    return e;
}

static DlExpr *parse_unary(Parser *ps);

static DlExpr *parse_pow(Parser *ps) {
    DlExpr *l = parse_primary(ps);
    if (!l)
        return NULL;
    if (at(ps, DL_TOK_CARET)) {
        const DlTok *op = next(ps);
        DlExpr *r = parse_unary(ps);
        if (!r)
            return NULL;
        DlExpr *e = new_binop(ps, DL_FUN_POW, op, l, r);
        if (e)
            e->loc = l->loc;
        return e;
    }
    return l;
}

static DlExpr *parse_unary(Parser *ps) {
    const DlTok *t = peek(ps);
    DlFun f;
    if (t->kind == DL_TOK_MINUS)
        f = DL_FUN_NEG;
    else if (tok_is(t, "bnot"))
        f = DL_FUN_BNOT;
    else if (tok_is(t, "lnot"))
        f = DL_FUN_LNOT;
    else
        return parse_pow(ps);
    next(ps);
    DlExpr *a = parse_unary(ps);
    if (!a)
        return NULL;
    if (f == DL_FUN_NEG && (a->kind == DL_X_INT || a->kind == DL_X_FLOAT) && a->text[0] != '-') {
        /* fold -literal, as Souffle does; INT64_MIN is only reachable this way */
        if (a->kind == DL_X_INT) {
            if (a->val > (uint64_t)INT64_MAX + 1) {
                diags_add(ps->d, DIAG_ERROR, a->loc, "integer literal '-%s' is out of range",
                          a->text);
                ps->err = true;
                return NULL;
            }
            a->val = (uint64_t)0 - a->val;
        } else {
            double v;
            DL_MEMCPY(&v, &a->val, sizeof v);
            v = -v;
            DL_MEMCPY(&a->val, &v, sizeof v);
        }
        char *txt = arena_printf(&ps->p->arena, "-%s", a->text);
        if (txt)
            a->text = txt;
        a->loc = t->loc;
        return a;
    }
    DlExpr *e = new_fun(ps, f, t, 1);
    if (e)
        e->args[0] = a;
    return e;
}

/* Binary operator levels, loosest first. */
static int binop_level(const DlTok *t, DlFun *f) {
    switch (t->kind) {
    case DL_TOK_PLUS: *f = DL_FUN_ADD; return 8;
    case DL_TOK_MINUS: *f = DL_FUN_SUB; return 8;
    case DL_TOK_STAR: *f = DL_FUN_MUL; return 9;
    case DL_TOK_SLASH: *f = DL_FUN_DIV; return 9;
    case DL_TOK_PERCENT: *f = DL_FUN_MOD; return 9;
    case DL_TOK_IDENT: break;
    default: return 0;
    }
    static const struct {
        const char *w;
        DlFun f;
        int lvl;
    } words[] = {{"lor", DL_FUN_LOR, 1},   {"lxor", DL_FUN_LXOR, 2},  {"land", DL_FUN_LAND, 3},
                 {"bor", DL_FUN_BOR, 4},   {"bxor", DL_FUN_BXOR, 5},  {"band", DL_FUN_BAND, 6},
                 {"bshl", DL_FUN_BSHL, 7}, {"bshr", DL_FUN_BSHR, 7}, {"bshru", DL_FUN_BSHRU, 7}};
    for (size_t i = 0; i < ARRAY_LEN(words); i++)
        if (tok_is(t, words[i].w)) {
            *f = words[i].f;
            return words[i].lvl;
        }
    return 0;
}

static DlExpr *parse_binary(Parser *ps, int min_level) {
    DlExpr *l = parse_unary(ps);
    if (!l)
        return NULL;
    for (;;) {
        DlFun f;
        int lvl = binop_level(peek(ps), &f);
        if (!lvl || lvl < min_level)
            return l;
        const DlTok *op = next(ps);
        DlExpr *r = parse_binary(ps, lvl + 1);
        if (!r)
            return NULL;
        if (!(l = new_binop(ps, f, op, l, r)))
            return NULL;
    }
}

static DlExpr *parse_expr(Parser *ps) {
    return parse_binary(ps, 1);
}

/* ---- atoms and bodies ------------------------------------------------------------ */

/* Consumes the name of a relation (an identifier, not a reserved word): its token, or NULL
 * after reporting the error. */
static const DlTok *parse_rel_name(Parser *ps) {
    const DlTok *t = peek(ps);
    if (t->kind != DL_TOK_IDENT) {
        expected(ps, "a relation name");
        return NULL;
    }
    if (is_reserved(t)) {
        error_at(ps, t, "syntax error: %s%s is a reserved word, not a relation", "");
        return NULL;
    }
    next(ps);
    return t;
}

static bool parse_atom(Parser *ps, DlAtom *a) {
    const DlTok *name = parse_rel_name(ps);
    if (!name)
        return false;
    if (at(ps, DL_TOK_DOT) && peek2(ps)->kind == DL_TOK_IDENT &&
        ps->t[ps->pos + 2].kind == DL_TOK_LPAREN) {
        unsupported(ps, name, "qualified relation names (components)");
        return false;
    }
    a->name = tokstr(ps, name);
    a->loc = name->loc;
    ExprVec args = {0};
    if (!parse_args(ps, &args))
        return false;
    a->nargs = (uint32_t)args.len;
    a->args = alloc(ps, sizeof(DlExpr *) * (args.len ? args.len : 1));
    if (a->args)
        DL_MEMCPY(a->args, args.v, sizeof(DlExpr *) * args.len);
    vec_release(&args);
    return a->args != NULL;
}

static BNode *new_node(Parser *ps, int kind, SrcLoc loc) {
    BNode *b = mem_calloc(1, sizeof *b);
    if (!b || vec_push(&ps->nodes, b) != OK) {
        mem_free(b);
        ps->st = E_NOMEM;
        return NULL;
    }
    b->kind = kind;
    b->loc = loc;
    return b;
}

static BNode *parse_disj(Parser *ps);

static bool is_cmp_tok(DlTokKind k, DlCmp *c) {
    switch (k) {
    case DL_TOK_EQ: *c = DL_CMP_EQ; return true;
    case DL_TOK_NE: *c = DL_CMP_NE; return true;
    case DL_TOK_LT: *c = DL_CMP_LT; return true;
    case DL_TOK_LE: *c = DL_CMP_LE; return true;
    case DL_TOK_GT: *c = DL_CMP_GT; return true;
    case DL_TOK_GE: *c = DL_CMP_GE; return true;
    default: return false;
    }
}

static BNode *parse_term(Parser *ps) {
    const DlTok *t = peek(ps);
    if (t->kind == DL_TOK_BANG) {
        next(ps);
        BNode *k = parse_term(ps);
        if (!k)
            return NULL;
        BNode *n = new_node(ps, B_NOT, t->loc);
        if (!n || vec_push(&n->kids, k) != OK) {
            ps->st = E_NOMEM;
            return NULL;
        }
        return n;
    }
    if (t->kind == DL_TOK_LPAREN) {
        /* a parenthesised body, unless an operator follows the closing parenthesis */
        size_t after = after_matching(ps, ps->pos);
        DlCmp c;
        DlFun f;
        const DlTok *a = &ps->t[after];
        if (!is_cmp_tok(a->kind, &c) && !binop_level(a, &f) && a->kind != DL_TOK_CARET) {
            next(ps);
            BNode *n = parse_disj(ps);
            if (!n || !expect(ps, DL_TOK_RPAREN))
                return NULL;
            return n;
        }
    }
    BNode *n = new_node(ps, B_LIT, t->loc);
    if (!n)
        return NULL;
    n->lit.loc = t->loc;
    if (tok_is(t, "true") || tok_is(t, "false")) {
        next(ps);
        n->lit.kind = DL_LIT_BOOL;
        n->lit.bval = tok_is(t, "true");
        return n;
    }
    if (tok_is(t, "match") || tok_is(t, "contains")) {
        bool m = tok_is(t, "match");
        next(ps);
        if (!expect(ps, DL_TOK_LPAREN))
            return NULL;
        n->lit.kind = DL_LIT_CMP;
        n->lit.cmp = m ? DL_CMP_MATCH : DL_CMP_CONTAINS;
        n->lit.lhs = parse_expr(ps);
        if (!n->lit.lhs || !expect(ps, DL_TOK_COMMA))
            return NULL;
        n->lit.rhs = parse_expr(ps);
        if (!n->lit.rhs || !expect(ps, DL_TOK_RPAREN))
            return NULL;
        return n;
    }
    if (t->kind == DL_TOK_IDENT && peek2(ps)->kind == DL_TOK_LPAREN && !is_reserved(t)) {
        n->lit.kind = DL_LIT_ATOM;
        if (!parse_atom(ps, &n->lit.atom))
            return NULL;
        return n;
    }
    n->lit.kind = DL_LIT_CMP;
    n->lit.lhs = parse_expr(ps);
    if (!n->lit.lhs)
        return NULL;
    const DlTok *op = peek(ps);
    if (!is_cmp_tok(op->kind, &n->lit.cmp)) {
        expected(ps, "a comparison operator (= != < <= > >=)");
        return NULL;
    }
    next(ps);
    n->lit.loc = op->loc;
    n->lit.rhs = parse_expr(ps);
    return n->lit.rhs ? n : NULL;
}

/* A list of `sub` separated by `sep` (`,` for conjunction, `;` for disjunction): the
 * single element itself, or a node of kind `kind` holding them all. */
static BNode *parse_list(Parser *ps, DlTokKind sep, int kind, BNode *(*sub)(Parser *)) {
    BNode *first = sub(ps);
    if (!first || !at(ps, sep))
        return first;
    BNode *n = new_node(ps, kind, first->loc);
    if (!n)
        return NULL;
    BNode *k = first;
    for (;;) {
        if (!pushed(ps, vec_push(&n->kids, k)))
            return NULL;
        if (!accept(ps, sep))
            return n;
        if (!(k = sub(ps)))
            return NULL;
    }
}

static BNode *parse_conj(Parser *ps) {
    return parse_list(ps, DL_TOK_COMMA, B_AND, parse_term);
}

static BNode *parse_disj(Parser *ps) {
    return parse_list(ps, DL_TOK_SEMI, B_OR, parse_conj);
}

/* ---- disjunctive normal form ------------------------------------------------------ */

static void conjs_release(Conjs *c) {
    for (size_t i = 0; i < c->len; i++)
        vec_release(&c->v[i]);
    vec_release(c);
}

static DlLit negate_lit(DlLit l) {
    switch (l.kind) {
    case DL_LIT_ATOM: l.kind = DL_LIT_NEG; break;
    case DL_LIT_NEG: l.kind = DL_LIT_ATOM; break;
    case DL_LIT_BOOL: l.bval = !l.bval; break;
    case DL_LIT_CMP:
        switch (l.cmp) {
        case DL_CMP_EQ: l.cmp = DL_CMP_NE; break;
        case DL_CMP_NE: l.cmp = DL_CMP_EQ; break;
        case DL_CMP_LT: l.cmp = DL_CMP_GE; break;
        case DL_CMP_GE: l.cmp = DL_CMP_LT; break;
        case DL_CMP_LE: l.cmp = DL_CMP_GT; break;
        case DL_CMP_GT: l.cmp = DL_CMP_LE; break;
        case DL_CMP_MATCH: l.cmp = DL_CMP_NOT_MATCH; break;
        case DL_CMP_CONTAINS: l.cmp = DL_CMP_NOT_CONTAINS; break;
        case DL_CMP_NOT_MATCH: l.cmp = DL_CMP_MATCH; break;
        case DL_CMP_NOT_CONTAINS: l.cmp = DL_CMP_CONTAINS; break;
        }
        break;
    }
    return l;
}

static Status dnf(Parser *ps, const BNode *b, bool neg, Conjs *out) {
    Status st = OK;
    Conjs acc = {0};
    if (b->kind == B_LIT) {
        LitVec one = {0};
        TRY(vec_push(&one, neg ? negate_lit(b->lit) : b->lit));
        if (vec_push(out, one) != OK) {
            vec_release(&one);
            return E_NOMEM;
        }
        return OK;
    }
    if (b->kind == B_NOT)
        return dnf(ps, b->kids.v[0], !neg, out);
    bool product = (b->kind == B_AND) != neg;
    if (!product) {
        for (size_t i = 0; i < b->kids.len; i++)
            TRY(dnf(ps, b->kids.v[i], neg, out));
        if (out->len > MAX_DISJUNCTS)
            return E_LIMIT;
        return OK;
    }
    LitVec empty = {0};
    TRY(vec_push(&acc, empty));
    for (size_t i = 0; i < b->kids.len; i++) {
        Conjs kid = {0}, nacc = {0};
        st = dnf(ps, b->kids.v[i], neg, &kid);
        if (st == OK && acc.len * kid.len > MAX_DISJUNCTS)
            st = E_LIMIT;
        for (size_t x = 0; st == OK && x < acc.len; x++)
            for (size_t y = 0; st == OK && y < kid.len; y++) {
                LitVec c = {0};
                st = vec_reserve(&c, acc.v[x].len + kid.v[y].len);
                if (st == OK) {
                    DL_MEMCPY(c.v, acc.v[x].v, sizeof(DlLit) * acc.v[x].len);
                    DL_MEMCPY(c.v + acc.v[x].len, kid.v[y].v, sizeof(DlLit) * kid.v[y].len);
                    c.len = acc.v[x].len + kid.v[y].len;
                    st = vec_push(&nacc, c);
                    if (st != OK)
                        vec_release(&c);
                }
            }
        conjs_release(&kid);
        conjs_release(&acc);
        acc = nacc;
        if (st != OK) {
            conjs_release(&acc);
            return st;
        }
    }
    for (size_t i = 0; i < acc.len; i++) {
        st = vec_push(out, acc.v[i]);
        if (st != OK) {
            for (size_t j = i; j < acc.len; j++)
                vec_release(&acc.v[j]);
            vec_release(&acc);
            return st;
        }
    }
    vec_release(&acc);
    return OK;
fail:
    conjs_release(&acc);
    return st;
}

/* Deep copy of an expression (so clauses never share mutable nodes). */
static DlExpr *clone_expr(Parser *ps, const DlExpr *e);

static bool clone_lits(Parser *ps, const DlLit *src, uint32_t n, DlLit **out) {
    DlLit *v = alloc(ps, sizeof(DlLit) * (n ? n : 1));
    if (!v)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        v[i] = src[i];
        if (src[i].kind == DL_LIT_ATOM || src[i].kind == DL_LIT_NEG) {
            v[i].atom.args = alloc(ps, sizeof(DlExpr *) * (src[i].atom.nargs + 1));
            if (!v[i].atom.args)
                return false;
            for (uint32_t j = 0; j < src[i].atom.nargs; j++)
                if (!(v[i].atom.args[j] = clone_expr(ps, src[i].atom.args[j])))
                    return false;
        } else if (src[i].kind == DL_LIT_CMP) {
            if (!(v[i].lhs = clone_expr(ps, src[i].lhs)) || !(v[i].rhs = clone_expr(ps, src[i].rhs)))
                return false;
        }
    }
    *out = v;
    return true;
}

static DlExpr *clone_expr(Parser *ps, const DlExpr *e) {
    DlExpr *c = alloc(ps, sizeof *c);
    if (!c)
        return NULL;
    *c = *e;
    if (e->nargs) {
        c->args = alloc(ps, sizeof(DlExpr *) * e->nargs);
        if (!c->args)
            return NULL;
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!(c->args[i] = clone_expr(ps, e->args[i])))
                return NULL;
    }
    if (e->agg) {
        c->agg = alloc(ps, sizeof(DlAgg));
        if (!c->agg)
            return NULL;
        *c->agg = *e->agg;
        if (e->agg->target && !(c->agg->target = clone_expr(ps, e->agg->target)))
            return NULL;
        if (!clone_lits(ps, e->agg->body, e->agg->nbody, &c->agg->body))
            return NULL;
    }
    return c;
}

/* Parses a body; in_agg: a single conjunction is required. OUT lits/n (one conjunction)
 * for aggregates; for rules use parse_rule_body. */
static bool parse_body_lits(Parser *ps, DlLit **lits, uint32_t *n, bool in_agg) {
    const DlTok *start = peek(ps);
    BNode *b;
    if (in_agg && !at(ps, DL_TOK_LBRACE) && ps->t[ps->pos - 1].kind != DL_TOK_LBRACE) {
        /* `count : atom` */
        b = new_node(ps, B_LIT, start->loc);
        if (!b)
            return false;
        b->lit.kind = DL_LIT_ATOM;
        b->lit.loc = start->loc;
        if (!parse_atom(ps, &b->lit.atom))
            return false;
    } else {
        b = parse_disj(ps);
    }
    if (!b)
        return false;
    Conjs c = {0};
    Status st = dnf(ps, b, false, &c);
    if (st == E_LIMIT || (st == OK && c.len != 1)) {
        if (!ps->err)
            diags_add(ps->d, DIAG_ERROR, start->loc,
                      st == E_LIMIT ? "body has too many disjuncts"
                                    : "disjunction in an aggregate body is not supported "
                                      "(Souffle does not support it either)");
        ps->err = true;
        conjs_release(&c);
        return false;
    }
    if (st != OK) {
        ps->st = st;
        conjs_release(&c);
        return false;
    }
    bool ok = clone_lits(ps, c.v[0].v, (uint32_t)c.v[0].len, lits);
    *n = (uint32_t)c.v[0].len;
    conjs_release(&c);
    return ok;
}

/* ---- statements ------------------------------------------------------------------- */

static void sync(Parser *ps) {
    /* skip to just after the '.' ending this statement, or to the next directive */
    int depth = 0;
    while (!at(ps, DL_TOK_EOF)) {
        const DlTok *t = peek(ps);
        if (t->kind == DL_TOK_DIRECTIVE && depth == 0)
            return;
        next(ps);
        if (t->kind == DL_TOK_LPAREN || t->kind == DL_TOK_LBRACE)
            depth++;
        else if ((t->kind == DL_TOK_RPAREN || t->kind == DL_TOK_RBRACE) && depth > 0)
            depth--;
        else if (t->kind == DL_TOK_DOT && depth == 0)
            return;
    }
}

static const char *parse_qname(Parser *ps) {
    const DlTok *t = peek(ps);
    if (t->kind != DL_TOK_IDENT) {
        expected(ps, "a name");
        return NULL;
    }
    next(ps);
    if (at(ps, DL_TOK_DOT) && peek2(ps)->kind == DL_TOK_IDENT &&
        peek2(ps)->loc.line == t->loc.line &&
        peek2(ps)->loc.col == t->loc.col + t->len + 1) {
        unsupported(ps, t, "qualified names (components)");
        return NULL;
    }
    return tokstr(ps, t);
}

static void parse_type(Parser *ps, const DlTok *dir) {
    DlType ty = {0};
    ty.loc = dir->loc;
    bool number_type = dir->len == 12 && memcmp(dir->s, ".number_type", 12) == 0;
    bool symbol_type = dir->len == 12 && memcmp(dir->s, ".symbol_type", 12) == 0;
    const DlTok *name = peek(ps);
    if (!(ty.name = parse_qname(ps)))
        return;
    ty.loc = name->loc;
    const char **parts = alloc(ps, sizeof(char *) * 1);
    if (!parts)
        return;
    if (number_type || symbol_type) {
        ty.form = DL_TY_SUB;
        parts[0] = number_type ? "number" : "symbol";
        ty.parts = parts;
        ty.nparts = 1;
    } else if (accept(ps, DL_TOK_SUBTYPE)) {
        ty.form = DL_TY_SUB;
        if (!(parts[0] = parse_qname(ps)))
            return;
        ty.parts = parts;
        ty.nparts = 1;
    } else if (accept(ps, DL_TOK_EQ)) {
        if (at(ps, DL_TOK_LBRACKET)) {
            unsupported(ps, peek(ps), "record types");
            return;
        }
        if (at(ps, DL_TOK_IDENT) && peek2(ps)->kind == DL_TOK_LBRACE) {
            unsupported(ps, peek(ps), "algebraic data types");
            return;
        }
        Vec(const char *) v = {0};
        for (;;) {
            const char *q = parse_qname(ps);
            if (!q || vec_push(&v, q) != OK) {
                vec_release(&v);
                return;
            }
            if (!accept(ps, DL_TOK_PIPE))
                break;
        }
        ty.form = v.len > 1 ? DL_TY_UNION : DL_TY_ALIAS;
        ty.parts = alloc(ps, sizeof(char *) * v.len);
        if (ty.parts)
            DL_MEMCPY(ty.parts, v.v, sizeof(char *) * v.len);
        ty.nparts = (uint32_t)v.len;
        vec_release(&v);
    } else {
        /* `.type T` alone: a subtype of symbol (deprecated in Souffle) */
        ty.form = DL_TY_SUB;
        parts[0] = "symbol";
        ty.parts = parts;
        ty.nparts = 1;
    }
    if (!ps->err && vec_push(&ps->p->types, ty) != OK)
        ps->st = E_NOMEM;
}

static DlDecl *add_decl_io(Parser *ps, const char *name, DlDirKind k, SrcLoc loc, DlIoOpt *opts,
                           uint32_t nopts) {
    DlDirective dir = {k, name, 0, opts, nopts, loc};
    if (vec_push(&ps->p->dirs, dir) != OK)
        ps->st = E_NOMEM;
    return NULL;
}

static void parse_decl(Parser *ps) {
    Vec(const DlTok *) names = {0};
    for (;;) {
        const DlTok *t = parse_rel_name(ps);
        if (!t || !pushed(ps, vec_push(&names, t)))
            goto out;
        if (!accept(ps, DL_TOK_COMMA))
            break;
    }
    if (at(ps, DL_TOK_DOT)) {
        unsupported(ps, peek(ps), "qualified relation names (components)");
        goto out;
    }
    if (!expect(ps, DL_TOK_LPAREN))
        goto out;
    Vec(const char *) an = {0};
    Vec(const char *) at_ = {0};
    if (!at(ps, DL_TOK_RPAREN)) {
        for (;;) {
            const DlTok *t = peek(ps);
            if (t->kind != DL_TOK_IDENT) {
                expected(ps, "an attribute name");
                break;
            }
            next(ps);
            if (!expect(ps, DL_TOK_COLON))
                break;
            const char *ty = parse_qname(ps);
            if (!ty)
                break;
            if (at(ps, DL_TOK_LT) && peek2(ps)->kind == DL_TOK_GT) {
                unsupported(ps, peek(ps), "lattice attributes ('<>')");
                break;
            }
            if (vec_push(&an, tokstr(ps, t)) != OK || vec_push(&at_, ty) != OK) {
                ps->st = E_NOMEM;
                break;
            }
            if (!accept(ps, DL_TOK_COMMA))
                break;
        }
    }
    if (!ps->err)
        expect(ps, DL_TOK_RPAREN);
    bool eqrel = false, in = false, out_ = false, psz = false, inl = false;
    const DlTok *quals[16];
    size_t nquals = 0;
    while (!ps->err && at(ps, DL_TOK_IDENT) && peek2(ps)->kind != DL_TOK_LPAREN) {
        const DlTok *q = peek(ps);
        bool known = tok_is(q, "btree") || tok_is(q, "brie") || tok_is(q, "btree_delete") ||
                     tok_is(q, "inline") || tok_is(q, "no_inline") || tok_is(q, "magic") ||
                     tok_is(q, "no_magic") || tok_is(q, "overridable") || tok_is(q, "eqrel") ||
                     tok_is(q, "input") || tok_is(q, "output") || tok_is(q, "printsize");
        if (known) { /* a qualifier given twice is an error, as in Souffle */
            for (size_t k = 0; k < nquals; k++)
                if (quals[k]->len == q->len && memcmp(quals[k]->s, q->s, q->len) == 0) {
                    diags_add(ps->d, DIAG_ERROR, q->loc, "the '%.*s' qualifier is given twice",
                              (int)q->len, q->s);
                    break;
                }
            if (nquals < ARRAY_LEN(quals))
                quals[nquals++] = q;
        }
        if (tok_is(q, "inline"))
            inl = true;
        else if (known && !tok_is(q, "eqrel") && !tok_is(q, "input") && !tok_is(q, "output") &&
                 !tok_is(q, "printsize"))
            ;
        else if (tok_is(q, "eqrel"))
            eqrel = true;
        else if (tok_is(q, "input"))
            in = true;
        else if (tok_is(q, "output"))
            out_ = true;
        else if (tok_is(q, "printsize"))
            psz = true;
        else if (tok_is(q, "choice"))
            unsupported(ps, q, "choice-domain");
        else if (q->loc.line == ps->t[ps->pos - 1].loc.line) {
            error_at(ps, q, "syntax error: %sunknown relation qualifier %s", "");
            break;
        } else
            break;
        next(ps);
    }
    if (!ps->err && eqrel && an.len != 2) {
        diags_add(ps->d, DIAG_ERROR, names.v[0]->loc,
                  "an eqrel relation must be binary, '%.*s' has %zu attributes",
                  (int)names.v[0]->len, names.v[0]->s, an.len);
    }
    for (size_t i = 0; !ps->err && i < names.len; i++) {
        DlDecl dc = {0};
        dc.name = tokstr(ps, names.v[i]);
        dc.loc = names.v[i]->loc;
        dc.arity = (uint32_t)an.len;
        dc.attr_names = alloc(ps, sizeof(char *) * (an.len + 1));
        dc.attr_types = alloc(ps, sizeof(char *) * (an.len + 1));
        dc.kinds = alloc(ps, an.len + 1);
        if (!dc.attr_names || !dc.attr_types || !dc.kinds)
            break;
        DL_MEMCPY(dc.attr_names, an.v, sizeof(char *) * an.len);
        DL_MEMCPY(dc.attr_types, at_.v, sizeof(char *) * an.len);
        dc.eqrel = eqrel;
        dc.is_inline = inl;
        if (!pushed(ps, vec_push(&ps->p->decls, dc)))
            break;
        if (in)
            add_decl_io(ps, dc.name, DL_DIR_INPUT, dc.loc, NULL, 0);
        if (out_)
            add_decl_io(ps, dc.name, DL_DIR_OUTPUT, dc.loc, NULL, 0);
        if (psz)
            add_decl_io(ps, dc.name, DL_DIR_PRINTSIZE, dc.loc, NULL, 0);
    }
    vec_release(&an);
    vec_release(&at_);
out:
    vec_release(&names);
}

static void parse_io(Parser *ps, const DlTok *dir, DlDirKind k) {
    Vec(const DlTok *) names = {0};
    Vec(DlIoOpt) opts = {0};
    for (;;) {
        const DlTok *t = peek(ps);
        if (!parse_qname(ps))
            goto out;
        if (!pushed(ps, vec_push(&names, t)))
            goto out;
        if (!accept(ps, DL_TOK_COMMA))
            break;
    }
    if (accept(ps, DL_TOK_LPAREN)) {
        while (!at(ps, DL_TOK_RPAREN)) {
            const DlTok *key = peek(ps);
            if (key->kind != DL_TOK_IDENT) {
                expected(ps, "an option name");
                goto out;
            }
            next(ps);
            if (!expect(ps, DL_TOK_EQ))
                goto out;
            const DlTok *v = peek(ps);
            if (v->kind != DL_TOK_STRING && v->kind != DL_TOK_IDENT && v->kind != DL_TOK_NUMBER) {
                expected(ps, "an option value");
                goto out;
            }
            next(ps);
            DlIoOpt o = {tokstr(ps, key), tokstr(ps, v)};
            if (!pushed(ps, vec_push(&opts, o)))
                goto out;
            if (!accept(ps, DL_TOK_COMMA))
                break;
        }
        if (!expect(ps, DL_TOK_RPAREN))
            goto out;
    }
    DlIoOpt *ov = NULL;
    if (opts.len) {
        ov = alloc(ps, sizeof(DlIoOpt) * opts.len);
        if (!ov)
            goto out;
        DL_MEMCPY(ov, opts.v, sizeof(DlIoOpt) * opts.len);
    }
    for (size_t i = 0; i < names.len; i++) {
        DlDirective d = {k, tokstr(ps, names.v[i]), 0, ov, (uint32_t)opts.len, names.v[i]->loc};
        if (vec_push(&ps->p->dirs, d) != OK)
            ps->st = E_NOMEM;
    }
    (void)dir;
out:
    vec_release(&names);
    vec_release(&opts);
}

static bool parse_plan(Parser *ps, DlPlanOrder **out, uint32_t *nout) {
    Vec(DlPlanOrder) v = {0};
    for (;;) {
        const DlTok *num = peek(ps);
        if (num->kind != DL_TOK_NUMBER) {
            expected(ps, "a version number");
            goto bad;
        }
        next(ps);
        DlPlanOrder o = {0};
        o.version = (uint32_t)strtoul(num->s, NULL, 10);
        o.loc = num->loc;
        if (!expect(ps, DL_TOK_COLON) || !expect(ps, DL_TOK_LPAREN))
            goto bad;
        Vec(uint32_t) order = {0};
        while (!at(ps, DL_TOK_RPAREN)) {
            const DlTok *a = peek(ps);
            if (a->kind != DL_TOK_NUMBER) {
                expected(ps, "an atom position");
                vec_release(&order);
                goto bad;
            }
            next(ps);
            if (vec_push(&order, (uint32_t)strtoul(a->s, NULL, 10)) != OK) {
                ps->st = E_NOMEM;
                vec_release(&order);
                goto bad;
            }
            if (!accept(ps, DL_TOK_COMMA))
                break;
        }
        if (!expect(ps, DL_TOK_RPAREN)) {
            vec_release(&order);
            goto bad;
        }
        o.n = (uint32_t)order.len;
        o.atoms = alloc(ps, sizeof(uint32_t) * (order.len + 1));
        if (o.atoms)
            DL_MEMCPY(o.atoms, order.v, sizeof(uint32_t) * order.len);
        vec_release(&order);
        if (!pushed(ps, vec_push(&v, o)))
            goto bad;
        if (!accept(ps, DL_TOK_COMMA))
            break;
    }
    *out = alloc(ps, sizeof(DlPlanOrder) * (v.len + 1));
    if (*out)
        DL_MEMCPY(*out, v.v, sizeof(DlPlanOrder) * v.len);
    *nout = (uint32_t)v.len;
    vec_release(&v);
    return true;
bad:
    vec_release(&v);
    return false;
}

static void parse_clause(Parser *ps) {
    ps->vars.len = 0;
    const DlTok *start = peek(ps);
    Vec(DlAtom) heads = {0};
    for (;;) {
        DlAtom a = {0};
        if (!parse_atom(ps, &a))
            goto out;
        if (!pushed(ps, vec_push(&heads, a)))
            goto out;
        if (!accept(ps, DL_TOK_COMMA))
            break;
    }
    if (at(ps, DL_TOK_LE)) {
        unsupported(ps, peek(ps), "subsumption ('<=')");
        goto out;
    }
    Conjs conjs = {0};
    if (accept(ps, DL_TOK_DOT)) {
        if (heads.len != 1) {
            diags_add(ps->d, DIAG_ERROR, start->loc,
                      "syntax error: a fact has one atom (use ':-' for rules)");
            goto out;
        }
        LitVec empty = {0};
        if (!pushed(ps, vec_push(&conjs, empty)))
            goto out;
    } else {
        if (!expect(ps, DL_TOK_IF))
            goto out;
        BNode *b = parse_disj(ps);
        if (!b || !expect(ps, DL_TOK_DOT))
            goto out;
        Status st = dnf(ps, b, false, &conjs);
        if (st == E_LIMIT) {
            diags_add(ps->d, DIAG_ERROR, start->loc, "rule body has more than %d disjuncts",
                      MAX_DISJUNCTS);
            ps->err = true;
        } else if (st != OK)
            ps->st = st;
    }
    DlPlanOrder *plan = NULL;
    uint32_t nplan = 0;
    if (!ps->err && at(ps, DL_TOK_DIRECTIVE) && peek(ps)->len == 5 &&
        memcmp(peek(ps)->s, ".plan", 5) == 0) {
        next(ps);
        parse_plan(ps, &plan, &nplan);
    }
    if (!ps->err && ps->st == OK) {
        const char **names = alloc(ps, sizeof(char *) * (ps->vars.len + 1));
        if (names)
            DL_MEMCPY(names, ps->vars.v, sizeof(char *) * ps->vars.len);
        for (size_t h = 0; names && h < heads.len; h++)
            for (size_t i = 0; i < conjs.len; i++) {
                DlClause c = {0};
                c.loc = start->loc;
                c.head = heads.v[h];
                /* fresh copies so no two clauses share nodes */
                c.head.args = alloc(ps, sizeof(DlExpr *) * (heads.v[h].nargs + 1));
                if (!c.head.args)
                    break;
                for (uint32_t j = 0; j < heads.v[h].nargs; j++)
                    c.head.args[j] = clone_expr(ps, heads.v[h].args[j]);
                if (!clone_lits(ps, conjs.v[i].v, (uint32_t)conjs.v[i].len, &c.body))
                    break;
                c.nbody = (uint32_t)conjs.v[i].len;
                c.var_names = names;
                c.nvars = (uint32_t)ps->vars.len;
                c.plan = plan;
                c.nplan = nplan;
                if (!pushed(ps, vec_push(&ps->p->clauses, c)))
                    break;
            }
    }
    conjs_release(&conjs);
out:
    vec_release(&heads);
}

static void free_nodes(Parser *ps) {
    for (size_t i = 0; i < ps->nodes.len; i++) {
        vec_release(&ps->nodes.v[i]->kids);
        mem_free(ps->nodes.v[i]);
    }
    ps->nodes.len = 0;
}

Status dl_parse(DlProgram *p, const DlToks *toks, Diags *d) {
    Parser ps = {0};
    ps.p = p;
    ps.t = toks->v;
    ps.d = d;
    size_t errs0 = d->nerrors;
    while (!at(&ps, DL_TOK_EOF) && ps.st == OK) {
        ps.err = false;
        const DlTok *t = peek(&ps);
        size_t before = ps.pos;
        if (t->kind == DL_TOK_DIRECTIVE) {
            next(&ps);
            const char *w = t->s + 1;
            size_t n = t->len - 1;
#define IS(word) (n == strlen(word) && memcmp(w, word, n) == 0)
            if (IS("decl"))
                parse_decl(&ps);
            else if (IS("type") || IS("number_type") || IS("symbol_type"))
                parse_type(&ps, t);
            else if (IS("input"))
                parse_io(&ps, t, DL_DIR_INPUT);
            else if (IS("output"))
                parse_io(&ps, t, DL_DIR_OUTPUT);
            else if (IS("printsize"))
                parse_io(&ps, t, DL_DIR_PRINTSIZE);
            else if (IS("plan"))
                error_at(&ps, t, "syntax error: %s%s must follow a rule", "");
            else {
                char *what = arena_printf(&p->arena, "the '%.*s' directive", (int)t->len, t->s);
                unsupported(&ps, t, what ? what : "this directive");
            }
#undef IS
        } else {
            parse_clause(&ps);
        }
        free_nodes(&ps);
        if (ps.err)
            sync(&ps);
        if (ps.pos == before)
            next(&ps); /* always make progress */
    }
    free_nodes(&ps);
    vec_release(&ps.nodes);
    vec_release(&ps.vars);
    if (ps.st != OK)
        return ps.st;
    return d->nerrors > errs0 ? E_SYNTAX : OK;
}
