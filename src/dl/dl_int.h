/*
 * dl_int.h — private types shared by the stages of the Datalog engine.
 *
 * Pipeline (one file per stage): dl_cpp (C preprocessor, only when needed) → dl_lex
 * (tokens) → dl_parse (AST: types, declarations, directives, clauses in disjunctive
 * normal form, one head each) → dl_check (names, arities, kinds, groundedness) → dl_plan
 * (strata, semi-naive versions, join order, index choice, ops) → dl_rel (indexed
 * relations; dl_bits: the same as sets, for rules run set at a time) → dl_eval (semi-naive
 * fixpoint) → dl_io (fact files in and out).
 *
 * Ownership: everything reachable from a DlProgram except the relations lives in the
 * program's arena and dies with dl_program_free. Relations (DlRel) are heap objects
 * created by each dl_run.
 * Variables of a clause are numbered from 0 (DlClause.nvars); a plan's environment holds
 * the variables first, then the constants the plan needs (DlPlanRule.init).
 */
#ifndef IRLOG_DL_INT_H
#define IRLOG_DL_INT_H

#include <string.h>

#include "arena.h"
#include "diag.h"
#include "dl.h"
#include "intern.h"
#include "map.h"
#include "strbuf.h"
#include "vec.h"

/* memcpy that accepts (NULL, 0), as empty vectors hand over (a function, not a macro with
 * an `if`: clang's -Wsometimes-uninitialized would flag every fixed-size copy) */
static inline void dl_memcpy_(void *d, const void *s, size_t n) {
    if (n)
        memcpy(d, s, n);
}
#define DL_MEMCPY(d, s, n) dl_memcpy_((d), (s), (n))

/* Whether n values are equal: keys and prefixes are one to a few words, where a loop
 * beats a call of memcmp (10% of a points-to run's profile went to memcmp). */
static inline bool dl_vals_eq(const DlValue *a, const DlValue *b, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* ---- tokens --------------------------------------------------------------------- */
typedef enum DlTokKind {
#define TOK(name, desc) DL_TOK_##name,
#include "dl_tok.def"
#undef TOK
    DL_TOK_COUNT_
} DlTokKind;

typedef struct DlTok {
    DlTokKind kind;
    const char *s; /* text (for STRING: the unescaped bytes, in the arena) */
    uint32_t len;
    SrcLoc loc;
} DlTok;

typedef Vec(DlTok) DlToks;

const char *dl_tok_desc(DlTokKind k);
/* Splits text into tokens (comments and cpp line markers handled). Errors go to d;
 * file names are copied into `a`. */
Status dl_lex(Arena *a, const char *file, const char *text, size_t len, DlToks *out, Diags *d);

/* Runs the system C preprocessor over `path` (or text when path is NULL). OUT *out,
 * *outlen: mem_alloc'ed output. */
Status dl_cpp_run(const char *path, const char *name, const char *text, size_t len,
                  const char *const *defines, char **out, size_t *outlen, Diags *d);
/* true when text has a line starting with '#' (after blanks). */
bool dl_cpp_needed(const char *text, size_t len);

/* ---- AST ------------------------------------------------------------------------ */
typedef enum DlFun {
#define FUN(name, spelling, arity) DL_FUN_##name,
#include "dl_fun.def"
#undef FUN
    DL_FUN_COUNT_
} DlFun;

typedef enum DlExprKind {
    DL_X_VAR,   /* var */
    DL_X_WILD,  /* _ */
    DL_X_INT,   /* integer literal, its kind decided by context (number/unsigned/float) */
    DL_X_UNS,   /* 12u */
    DL_X_FLOAT, /* 1.5 */
    DL_X_STR,   /* "text": val is a Sym */
    DL_X_FUN,   /* fun(args) */
    DL_X_AGG    /* aggregate; check rewrites it to a DL_X_VAR (agg->var) */
} DlExprKind;

typedef enum DlAggOp { DL_AGG_COUNT, DL_AGG_SUM, DL_AGG_MIN, DL_AGG_MAX } DlAggOp;

typedef enum DlCmp {
    DL_CMP_EQ,
    DL_CMP_NE,
    DL_CMP_LT,
    DL_CMP_LE,
    DL_CMP_GT,
    DL_CMP_GE,
    DL_CMP_MATCH,
    DL_CMP_CONTAINS,
    DL_CMP_NOT_MATCH,
    DL_CMP_NOT_CONTAINS
} DlCmp;

typedef struct DlLit DlLit;
typedef struct DlExpr DlExpr;

typedef struct DlAgg {
    DlAggOp op;
    DlExpr *target; /* NULL for count */
    DlLit *body;
    uint32_t nbody;
    uint32_t var; /* the variable holding the result */
    /* When the body needs Souffle's materialisation (two or more atoms, an aggregate
     * inside, or a variable repeated in its one atom), the aggregate runs over the
     * distinct values of these variables (those of the body at its own level), not over
     * every match; NULL otherwise (set by check). */
    uint32_t *dvars;
    uint32_t ndvars;
} DlAgg;

struct DlExpr {
    DlExprKind kind;
    DlFun fun;
    uint8_t ty;    /* DlKind once checked */
    SrcLoc loc;
    uint32_t var;  /* DL_X_VAR */
    uint64_t val;  /* literal value (DL_X_INT: int64 bits; DL_X_FLOAT: double bits) */
    const char *text; /* source text of the token (variables: the name) */
    uint32_t nargs;
    DlExpr **args;
    DlAgg *agg;   /* DL_X_AGG, and kept on the rewritten DL_X_VAR */
    void *re;     /* compiled regex for match with a constant pattern (regex_t *) */
    bool re_bad;  /* a constant pattern that does not compile: the match is false */
};

typedef struct DlAtom {
    const char *name;
    uint32_t rel; /* index into DlProgram.decls once checked */
    DlExpr **args;
    uint32_t nargs;
    SrcLoc loc;
} DlAtom;

typedef enum DlLitKind { DL_LIT_ATOM, DL_LIT_NEG, DL_LIT_CMP, DL_LIT_BOOL } DlLitKind;

struct DlLit {
    DlLitKind kind;
    SrcLoc loc;
    DlAtom atom;    /* ATOM, NEG */
    DlCmp cmp;      /* CMP */
    DlExpr *lhs, *rhs;
    bool bval;      /* BOOL */
};

typedef struct DlPlanOrder {
    uint32_t version;
    uint32_t *atoms; /* 1-based positions among the body's positive atoms */
    uint32_t n;
    SrcLoc loc;
} DlPlanOrder;

typedef struct DlClause {
    DlAtom head;
    DlLit *body;
    uint32_t nbody;
    SrcLoc loc;
    const char **var_names; /* shared by the clauses of one rule */
    uint32_t nvars;
    DlPlanOrder *plan;
    uint32_t nplan;
    DlAgg **aggs;  /* aggregates of the clause, innermost first (set by check) */
    uint32_t naggs;
} DlClause;

typedef enum DlTypeForm { DL_TY_PRIM, DL_TY_SUB, DL_TY_UNION, DL_TY_ALIAS } DlTypeForm;

typedef struct DlType {
    const char *name;
    DlTypeForm form;
    DlKind kind;         /* resolved primitive kind */
    const char **parts;  /* SUB/ALIAS: parts[0] is the base; UNION: the members */
    uint32_t nparts;
    SrcLoc loc;
    uint8_t state;       /* 0 unresolved, 1 resolving, 2 resolved, 3 bad */
} DlType;

typedef struct DlIoOpt {
    const char *key, *val;
} DlIoOpt;

typedef enum DlDirKind { DL_DIR_INPUT, DL_DIR_OUTPUT, DL_DIR_PRINTSIZE } DlDirKind;

typedef struct DlDirective {
    DlDirKind kind;
    const char *rel_name;
    uint32_t rel;
    DlIoOpt *opts;
    uint32_t nopts;
    SrcLoc loc;
} DlDirective;

typedef struct DlRel DlRel;
typedef Vec(DlValue) DlValVec;

typedef struct DlDecl {
    const char *name;
    uint32_t arity;
    const char **attr_names;
    const char **attr_types;
    uint8_t *kinds; /* DlKind per column */
    int32_t *tys;   /* type index per column (-1: undeclared), set by the checker */
    bool eqrel;
    bool is_inline;  /* the `inline` qualifier (accepted; the relation is still computed) */
    bool is_input, is_output, is_printsize;
    bool has_rules;  /* a fact or rule derives it */
    bool used;       /* appears in a body */
    bool set_store;  /* stored as sets (dl_plan: see DlRel.set) */
    uint32_t stratum;
    SrcLoc loc;
} DlDecl;

/* ---- plan ----------------------------------------------------------------------- */
typedef enum DlColAct {
    DL_COL_SKIP,  /* wildcard, or a column the index already matched */
    DL_COL_BIND,  /* first occurrence of a variable: bind it */
    DL_COL_CHECK  /* compare with an env slot (bound earlier, a constant, or a repeat) */
} DlColAct;

typedef struct DlCol {
    uint8_t act;
    uint32_t slot;
} DlCol;

typedef enum DlOpKind {
    DL_OP_SCAN,   /* every row (or the delta rows) of rel */
    DL_OP_LOOKUP, /* rows matching a key through a secondary index */
    DL_OP_EXISTS, /* all columns bound: membership test */
    DL_OP_NOT,    /* negation: no row matches the bound columns */
    DL_OP_FILTER, /* comparison */
    DL_OP_LET,    /* slot = expression */
    DL_OP_AGG,    /* aggregate over a sub-plan */
    DL_OP_EMIT,   /* insert the head tuple */
    DL_OP_AGG_STEP, /* end of an aggregate's sub-plan: fold one match */
    DL_OP_RANGE    /* slot's symbol ranks within the worker's slice (dl_eval_slice) */
} DlOpKind;

typedef struct DlOp DlOp;
struct DlOp {
    DlOpKind kind;
    bool delta;         /* SCAN/LOOKUP: restrict to the delta rows */
    bool once;          /* SCAN/LOOKUP outside aggregates that binds no variable
                           (`f(_, _)`, `h(x)` with x bound...): the first match is enough */
    uint32_t rel;
    int32_t index;      /* SCAN/LOOKUP/EXISTS/NOT: the index (column order) searched */
    uint32_t arity;
    uint64_t mask;      /* bound columns (the search signature), declared order */
    DlCol *cols;        /* per position of the index's order: what to do with the value */
    uint32_t *key;      /* slots holding the key, in the index's column order */
    uint32_t nkey;
    DlCmp cmp;          /* FILTER */
    DlExpr *lhs, *rhs;  /* FILTER; LET uses rhs */
    uint32_t slot;      /* LET / AGG result */
    DlAgg *agg;         /* AGG */
    DlOp *sub;          /* AGG sub-plan, ends with AGG_STEP */
    uint32_t nsub;
    DlExpr **head;      /* EMIT: one expression per column */
    /* Set at a time (dl_plan: a recursive rule whose head's last column is a variable
     * that the body has only in the last column of one atom). That atom's op is
     * keys_only: it binds the other columns, visits each distinct prefix once and leaves
     * the prefix (declared order) in the worker's ukey; the EMIT then unions the set of
     * that prefix in set_rel (its delta when set_delta) into the head's set. */
    bool keys_only;     /* SCAN/LOOKUP */
    /* SCAN/LOOKUP outside aggregates whose last positions (in the index's order) are
     * wildcards: only the first row of each distinct prefix of dprefix words is visited
     * (the rest of the rule cannot tell the others apart); 0: every row. A keys-only op
     * has arity - 1. */
    uint32_t dprefix;
    /* SCAN/LOOKUP outside aggregates of a relation stored as sets whose key columns after
     * the op's key are wildcards and whose member is used (ctx in pt(_, r, x)): the
     * members of the keys it visits are visited once each, from their union (dl_plan) */
    bool dmember;
    bool set_union;     /* EMIT */
    bool set_delta;     /* EMIT */
    uint32_t set_rel;   /* EMIT */
};

typedef struct DlPlanRule {
    uint32_t clause;
    int32_t delta_lit;  /* body literal read as delta, or -1 */
    uint32_t head_rel;
    DlOp *ops;
    uint32_t nops;
    uint32_t nenv;      /* variables + constants */
    DlValue *init;      /* nenv values: constants filled in */
    uint64_t version;   /* semi-naive version number (for .plan) */
    /* An inclusion rule H(y, o) :- E(x, y), H(x, o), the version reading H's delta, set at
     * a time (dl_plan: mark_incl): dl_eval runs it over the graph of E with its cycles
     * collapsed (dl_incl.c) instead of its ops. incl_edge: E. incl_rt: that graph while
     * the rule's stratum runs (NULL otherwise, or with IRLOG_DL_NO_INCL set at planning). */
    bool incl;
    uint32_t incl_edge;
    struct DlIncl *incl_rt;
    /* profile (DlRunOptions.profile): accumulated over a run */
    uint64_t prof_ns;   /* wall time in this rule */
    uint64_t prof_out;  /* tuples emitted (before duplicates are removed) */
    uint64_t prof_runs; /* times run */
} DlPlanRule;

typedef struct DlStratum {
    uint32_t *rels;
    uint32_t nrels;
    bool recursive;
    DlPlanRule *base;   /* rules run once */
    uint32_t nbase;
    DlPlanRule *rec;    /* recursive versions, run every iteration */
    uint32_t nrec;
} DlStratum;

/* An index: a column order (a permutation of the relation's columns). A search whose
 * bound columns are the first nkey columns of an order is a range scan of that index. */
typedef struct DlIndexSpec {
    uint32_t *cols; /* arity entries: cols[k] = declared column stored at position k */
} DlIndexSpec;

typedef struct DlRelPlan {
    DlIndexSpec *idx; /* at least one order (index 0: deduplication, scans, output) */
    uint32_t nidx;
} DlRelPlan;

/* ---- relations (dl_rel.c) -------------------------------------------------------- */
typedef struct DlMem {
    size_t used;  /* bytes held by relations (updated atomically: workers allocate too) */
    size_t limit; /* E_LIMIT past this */
    size_t peak;
} DlMem;

typedef struct DlNode DlNode;
typedef struct DlSetMap DlSetMap;
typedef struct DlSetProbe DlSetProbe;

/* A B+tree of tuples stored in one column order, compared lexicographically as unsigned
 * 64-bit words (an internal order; output order is decided by dl_io). Leaves are linked,
 * so a prefix search is a descent plus a walk along the leaves. */
typedef struct DlTree {
    const uint32_t *order; /* column order (owned by the program arena) */
    DlNode *root;          /* NULL when empty */
    DlNode *hint;          /* leaf of the last insert (sorted inserts skip the descent) */
    uint32_t height;       /* 0: the root is a leaf */
    size_t n;              /* tuples */
} DlTree;

/* A position in a tree: leaf and slot. */
typedef struct DlCursor {
    const DlNode *leaf;
    uint32_t pos;
} DlCursor;

struct DlRel {
    uint32_t arity;
    uint32_t cap;      /* tuples per node */
    size_t n;          /* tuples */
    DlTree *idx;       /* nidx trees, same tuples, one per column order */
    uint32_t nidx;
    uint32_t *pos0;    /* declared column -> position in index 0 (arity entries) */
    bool eqrel;
    Map eq_class;      /* eqrel: value → class id */
    Vec(DlValVec) eq_members;
    struct DlRel *log; /* when set, every tuple added is also inserted there */
    DlMem *mem;
    /* Stored as sets (DlDecl.set_store): the members are in set (key: the other columns,
     * declared order), the distinct keys in keys (arity - 1 columns, its orders those of
     * the relation without the last column, which ends every order); the trees above stay
     * empty and n counts the members. Only dl_eval reads and grows such a relation (it is
     * never an input, an output or kept); dl_rel_set_add adds to it. */
    struct DlSetMap *set;
    struct DlRel *keys;
    const DlRelPlan *keyplan;
};

Status dl_rel_new(DlRel **out, uint32_t arity, const DlRelPlan *plan, bool eqrel, DlMem *mem);
/* A relation stored as sets (DlRel.set); keyplan: plan's orders without their last
 * column (arity >= 2). */
Status dl_rel_new_set(DlRel **out, uint32_t arity, const DlRelPlan *plan,
                      const DlRelPlan *keyplan, DlMem *mem);
/* Adds n tuples (index 0's column order of r, which is stored as sets) to r. */
Status dl_rel_set_add(DlRel *r, const DlValue *rows, size_t n);
/* The same for the tuples of src (a plain relation with r's orders). */
Status dl_rel_set_add_rel(DlRel *r, const DlRel *src);
/* Membership of a tuple in index 0's order in r (stored as sets); *pr remembers the last
 * key (dl_setmap_has_memo). */
bool dl_rel_set_contains0(const DlRel *r, const DlValue *t, DlSetProbe *pr);
/* Turns a relation stored as sets into a plain one (the same tuples in its trees). */
Status dl_rel_set_materialize(DlRel *r);
void dl_rel_free(DlRel *r);
/* Inserts a tuple given in declared column order (copied). OUT *added (may be NULL):
 * whether it was new. E_LIMIT when the memory guard trips, E_NOMEM. */
Status dl_rel_insert(DlRel *r, const DlValue *t, bool *added);
/* Membership of a tuple in declared column order. */
bool dl_rel_contains(const DlRel *r, const DlValue *t);
/* Membership of a tuple already in index i's column order. hint (may be NULL): a leaf
 * remembered by the caller for this relation and index (zeroed at first); a search that
 * falls inside it skips the descent, and the leaf reached is stored back. */
bool dl_rel_contains_ix(const DlRel *r, uint32_t i, const DlValue *key, DlCursor *hint);
/* Positions *c at the first tuple of index i whose first nkey words equal key[0..nkey)
 * (in index i's order). false when there is none. hint: as for dl_rel_contains_ix. */
bool dl_rel_seek(const DlRel *r, uint32_t i, const DlValue *key, uint32_t nkey, DlCursor *c,
                 DlCursor *hint);
/* The first tuple of index i (false when empty). */
bool dl_rel_first(const DlRel *r, uint32_t i, DlCursor *c);
/* Tuple under the cursor (index order) and the step to the next one (false at the end). */
const DlValue *dl_cursor_tuple(const DlRel *r, const DlCursor *c);
bool dl_cursor_next(const DlRel *r, DlCursor *c);
/* Advances by whole leaves until at least `at_least` tuples were passed (or the end:
 * c->leaf NULL). Returns the tuples passed. */
size_t dl_cursor_skip(DlCursor *c, size_t at_least);
/* Inserts every tuple of src (same arity and orders) into dst. Plain relations merge
 * index by index in sorted order; eqrel destinations insert through the closure. */
Status dl_rel_merge(DlRel *dst, const DlRel *src);
/* Same as dl_rel_merge; a batch of par_min tuples or more is merged by up to nthreads
 * threads, each rebuilding a key range of the trees. */
Status dl_rel_merge_par(DlRel *dst, const DlRel *src, unsigned nthreads, size_t par_min);
/* dst[k] ∪= src[k] for k < n (distinct relations, none an eqrel or logged): a relation with
 * half the work or more on nthreads threads, the others side by side, one thread each.
 * Returns the first error (E_NOMEM before others). */
Status dl_rel_merge_many(DlRel **dst, DlRel *const *src, size_t n, unsigned nthreads,
                         size_t par_min);
/* A buffer of derived tuples (in index 0's column order) that are sorted, deduplicated
 * and checked against a relation in bulk (LSD radix sort, then sorted probes), instead of
 * one ordered-tree insert each. [0, sorted) is sorted, distinct and absent from the
 * filter relation; [sorted, n) is raw. Compaction runs when n reaches limit, which grows
 * with the sorted run, so a tuple is moved O(1) times on average. Memory: the tuples plus
 * a scratch array for the sort, accounted in mem. */
typedef struct DlBuf {
    DlValue *v;      /* cap tuples */
    DlValue *tmp;    /* tcap tuples: sort scratch */
    size_t n, cap, tcap;
    size_t sorted;   /* prefix that is sorted, distinct and filtered */
    size_t limit;    /* compact when n reaches it */
    size_t bytes;    /* accounted in mem */
    uint32_t arity;
    DlMem *mem;
} DlBuf;

void dl_buf_init(DlBuf *b, uint32_t arity, DlMem *mem);
void dl_buf_release(DlBuf *b);
/* Appends a tuple (index 0's order; arity > 0); may compact against filter (which must not
 * change while the buffer is filled). E_NOMEM, E_LIMIT. */
Status dl_buf_push(DlBuf *b, const DlValue *key, const DlRel *filter);
/* Sorts the whole buffer, drops repeats and the tuples filter holds (filter may be NULL). */
Status dl_buf_compact(DlBuf *b, const DlRel *filter);
/* dst ∪= src, both compacted (same arity); src is released. */
Status dl_buf_merge(DlBuf *dst, DlBuf *src);
/* Fills the empty plain relation r with the compacted buffer b's tuples, building each
 * order bottom-up (full leaves); b is released, also on error. */
Status dl_rel_from_buf(DlRel *r, DlBuf *b);
/* The same from nb compacted buffers (their union); with par_min tuples or more, index 0 is
 * built by up to nthreads threads (key ranges). The buffers are released, also on error. */
Status dl_rel_from_bufs(DlRel *r, DlBuf *bufs, unsigned nb, unsigned nthreads,
                        size_t par_min);
/* r ∪= the buffer's tuples (b's filter, if any, must have been r); plan: r's orders. b is
 * released, also on error. */
Status dl_rel_add_buf(DlRel *r, DlBuf *b, const DlRelPlan *plan);
/* Declared column k of a tuple read from index 0. */
static inline DlValue dl_rel_col0(const DlRel *r, const DlValue *t, uint32_t k) {
    return t[r->pos0[k]];
}
/* Bytes held, for the docs and benchmarks. */
size_t dl_rel_bytes(const DlRel *r);
/* Adds new_bytes - old_bytes to m (atomically) and raises its peak; E_LIMIT past its
 * limit (the bytes stay counted). */
Status dl_mem_account(DlMem *m, size_t old_bytes, size_t new_bytes);

/* ---- sets of values (dl_bits.c) ---------------------------------------------------- */
/* A set of 64-bit values: blocks of 64 (block = value >> 6; bit value & 63 of the word),
 * in an open-addressing table keyed by block (a zero word marks an empty slot). */
typedef struct DlBits {
    uint64_t *slot;  /* cap pairs: block, word */
    uint32_t cap;    /* 0 or a power of two */
    uint32_t nblk;   /* pairs used */
    uint64_t count;  /* values held */
} DlBits;

/* The next nonzero word of b from slot *i on, with its block; false past the end. */
static inline bool dl_bits_next_word(const DlBits *b, uint32_t *i, uint64_t *blk,
                                     uint64_t *word) {
    for (; *i < b->cap; ++*i)
        if (b->slot[2 * (size_t)*i + 1]) {
            *blk = b->slot[2 * (size_t)*i];
            *word = b->slot[2 * (size_t)*i + 1];
            ++*i;
            return true;
        }
    return false;
}

/* The members of a set, one value at a time (in the order of its table's slots):
 *     DlBitsIter it = {b, 0, 0, 0}; uint64_t v; while (dl_bits_next(&it, &v)) ... */
typedef struct DlBitsIter {
    const DlBits *b;
    uint32_t i;     /* the next slot */
    uint64_t blk;   /* the block of m */
    uint64_t m;     /* its bits not yet visited */
} DlBitsIter;
static inline bool dl_bits_next(DlBitsIter *it, uint64_t *v) {
    if (!it->m && !dl_bits_next_word(it->b, &it->i, &it->blk, &it->m))
        return false;
    *v = it->blk << 6 | (uint64_t)__builtin_ctzll(it->m);
    it->m &= it->m - 1;
    return true;
}

/* Key (klen values) -> DlBits. Keys are kept in insertion order in keys[]. */
struct DlSetMap {
    uint32_t klen;
    uint32_t n, ncap;  /* entries */
    DlValue *keys;     /* n × klen */
    DlBits *sets;      /* n */
    uint32_t *tab;     /* tcap slots: entry + 1, 0 empty */
    uint32_t tcap;
    size_t bytes;      /* accounted in mem */
    DlMem *mem;
};

Status dl_setmap_new(DlSetMap **out, uint32_t klen, DlMem *mem);
void dl_setmap_free(DlSetMap *m);
/* The set of key, or NULL. */
DlBits *dl_setmap_get(const DlSetMap *m, const DlValue *key);
/* The set of key, added empty when absent (pointers into the map stay valid until the
 * next add). */
Status dl_setmap_add(DlSetMap *m, const DlValue *key, DlBits **out);
/* The set of the previous tuple's key, for a run of puts (consecutive tuples often share
 * it); zero it before the first. */
typedef struct DlSetCursor {
    DlBits *last;
    bool new_key;      /* the last put added its key */
    DlValue key[64];
} DlSetCursor;
/* Adds the tuple d (declared order: key, then the member) to m. OUT *added (may be NULL):
 * whether the member was new. */
Status dl_setmap_put(DlSetMap *m, const DlValue *d, DlSetCursor *c, bool *added);
/* Whether m holds the tuple d (declared order). */
bool dl_setmap_has(const DlSetMap *m, const DlValue *d);
/* The same, remembering the last key's set in *pr (zero it before the first call; valid
 * while m does not change): sorted tuples come key after key. */
struct DlSetProbe {
    bool valid;
    const DlBits *b; /* the set of key, or NULL: m has no such key */
    DlValue key[64];
};
bool dl_setmap_has_memo(const DlSetMap *m, const DlValue *d, DlSetProbe *pr);
/* The word of block blk (0 when absent). */
uint64_t dl_bits_word(const DlBits *b, uint64_t blk);
/* Whether b (NULL: no set) holds v. */
static inline bool dl_bits_has(const DlBits *b, DlValue v) {
    return b && (dl_bits_word(b, v >> 6) >> (v & 63) & 1);
}
/* b's block blk |= word (b belongs to m, which accounts its memory). OUT *added: the bits
 * that were not there. */
Status dl_bits_or(DlSetMap *m, DlBits *b, uint64_t blk, uint64_t word, uint64_t *added);

/* ---- inclusion graphs (dl_incl.c) ---------------------------------------------------- */
/* The edges of an inclusion rule (DlPlanRule.incl) as its stratum runs, with their
 * strongly connected components collapsed into stars. */
typedef struct DlIncl DlIncl;
Status dl_incl_new(DlIncl **out);
void dl_incl_free(DlIncl *g);
/* Adds the edge x -> y (each edge once). */
Status dl_incl_add(DlIncl *g, DlValue x, DlValue y);
/* Finds the components again when the edges have doubled since the last time; the star
 * edges this adds are then pending. */
Status dl_incl_settle(DlIncl *g);
/* The node of a value (UINT32_MAX: no edge has it), and back. */
uint32_t dl_incl_node(const DlIncl *g, DlValue v);
DlValue dl_incl_value(const DlIncl *g, uint32_t node);
/* The i-th node that node's values go to (edges to other components, then its star);
 * UINT32_MAX past the last. */
uint32_t dl_incl_targets(const DlIncl *g, uint32_t node, size_t i);
/* The star edges added since dl_incl_clear_pending, as *npairs pairs (source, target) of
 * values: each must carry what its source already holds. */
const DlValue *dl_incl_pending(const DlIncl *g, size_t *npairs);
void dl_incl_clear_pending(DlIncl *g);

/* ---- program -------------------------------------------------------------------- */
/* The symbols' bytewise order, for the output order of tuples: rank[s] is symbol s's
 * position, byrank[i] the symbol at position i, for the first n symbols. Symbols are only
 * added, so it holds until their count changes (dl_io.c's symbol_ranks computes it again
 * then). Kept with the program: each relation read in output order (dl_iter_init, the
 * writer) needs it, and sorting every symbol each time was most of reading a few relations
 * of a large program. */
typedef struct DlSymOrder {
    uint32_t *rank, *byrank;
    size_t n;
    bool valid;
} DlSymOrder;

struct DlProgram {
    Arena arena;
    Interner syms;     /* symbol values (data) */
    Interner names;    /* identifiers */
    Map decl_by_name;  /* names Sym → decl index */
    Map type_by_name;  /* names Sym → type index + 1 */
    Vec(DlType) types;
    Vec(DlDecl) decls;
    Vec(DlClause) clauses;
    Vec(DlDirective) dirs;
    Vec(DlValVec) extra; /* per relation: tuples from dl_relation_insert */
    StrBuf *text;        /* per relation (NULL until dl_relation_add_text): fact-file text
                            read instead of the .input file */
    bool *has_text;      /* per relation: text was given (possibly empty) */
    /* plan */
    DlStratum *strata;
    uint32_t nstrata;
    DlRelPlan *relplans; /* per decl */
    DlRelPlan *keyplans; /* per decl stored as sets: relplans without the last column */
    /* run */
    DlRel **rels;      /* per decl; NULL before the first run */
    DlMem mem;
    DlPhase phase;     /* of the last dl_run */
    bool timed_out;    /* the last dl_run stopped at DlRunOptions.max_seconds */
    bool stopped;      /* the last dl_run was ended by DlRunOptions.stop */
    /* DlRunOptions.rerun_input of the last run (UINT32_MAX: none), the tuples of its extra
       inserted so far; per stratum: it reads that relation (directly or through other
       strata), the last run finished it, this run evaluates it (srun NULL: every one) */
    uint32_t rerun_rel;
    size_t rerun_extra;
    bool *sdep, *sdone, *srun;
    void *intern_lock; /* pthread_mutex_t * while workers run */
    DlSymOrder *symorder; /* the symbols' output order (dl_io.c), computed when first needed */
    /* DlRunOptions.slice_outputs of the last run, per relation (NULL: none): made by the
       writer a slice at a time instead of by the run (sliced), kept to the end only for
       those slices (slice_only), the rows the writer wrote (sliced_rows) */
    bool *sliced, *slice_only;
    size_t *sliced_rows;
    Vec(void *) regexes; /* compiled constant patterns (regex_t *, in the arena) */
};

/* Calls fn(arg, rel, neg, in_agg) for every relation the literals read: atoms and
 * negations, at any depth of aggregate bodies (in_agg: inside one), also those inside the
 * arguments' expressions. dl_expr_reads: the same for one expression. */
typedef void DlReadFn(void *arg, uint32_t rel, bool neg, bool in_agg);
void dl_lits_reads(const DlLit *lits, uint32_t n, bool in_agg, DlReadFn *fn, void *arg);
void dl_expr_reads(const DlExpr *e, bool in_agg, DlReadFn *fn, void *arg);
/* The same for a clause: its body, and the expressions of its head's arguments. */
void dl_clause_reads(const DlClause *cl, DlReadFn *fn, void *arg);

/* Sets set[v] for every variable v of e. A rewritten aggregate is the variable of its
 * result; deep: also every variable inside it (dl_agg_vars), else none.
 * dl_conj_vars: the same for the arguments of the literals' atoms and comparisons and,
 * unless head is NULL, of head's (not deep: the variables a rule uses outside its
 * aggregates). dl_agg_vars: every variable of an aggregate's body and target, nested
 * aggregates' too. */
void dl_expr_vars(const DlExpr *e, bool deep, bool *set);
void dl_conj_vars(const DlLit *lits, uint32_t n, const DlAtom *head, bool deep, bool *set);
void dl_agg_vars(const DlAgg *g, bool *set);

/* Stage entry points. Each reports into d and returns E_SYNTAX / E_SEMANTIC on errors. */
Status dl_parse(DlProgram *p, const DlToks *toks, Diags *d);
Status dl_check(DlProgram *p, Diags *d);
Status dl_plan_build(DlProgram *p, Diags *d);
Status dl_eval(DlProgram *p, const DlRunOptions *o, Diags *d);
/* A relation the run left to the writer (DlProgram.sliced): its rules evaluated again for
 * the tuples whose first column's rank (rank: the symbols' output order) is in [lo, hi),
 * which replace what it held. dl_eval_empty: the relation emptied. */
Status dl_eval_slice(DlProgram *p, const DlRunOptions *o, uint32_t rel, const uint32_t *rank,
                     uint64_t lo, uint64_t hi);
Status dl_eval_empty(DlProgram *p, uint32_t rel);
/* The ranks of the values the first column of such a relation can take (those of the
 * column of the atom that binds it in each rule), unsorted, with repeats; *out NULL when
 * they are not known (the member of an atom stored as sets): every symbol's. */
Status dl_eval_slice_keys(const DlProgram *p, uint32_t rel, const uint32_t *rank,
                          uint64_t **out, size_t *n);

/* dl_io.c */
Status dl_io_read_inputs(DlProgram *p, const DlRunOptions *o, Diags *d);
Status dl_io_write_outputs(DlProgram *p, const DlRunOptions *o, Diags *d);
/* Parses one field as a value of `kind`. Returns NULL on success or a message. */
const char *dl_io_parse_value(DlProgram *p, DlKind kind, const char *s, size_t n, DlValue *v,
                              Status *st);
/* Tuples of rel (pointers into its index 0, in that index's column order: read them with
 * dl_rel_col0) sorted in output order. OUT *order (mem_alloc'ed, rel->n entries). */
Status dl_io_sorted(const DlProgram *p, uint32_t rel, const DlValue ***order);
const char *dl_io_opt(const DlDirective *dir, const char *key);

/* dl_eval.c helpers used by the checker for constant folding of regexes */
Status dl_intern(DlProgram *p, const char *s, size_t n, DlValue *v);

static inline DlKind dl_decl_kind(const DlDecl *dc, uint32_t col) {
    return (DlKind)dc->kinds[col];
}

const char *dl_kind_name(DlKind k);
void dl_regex_free(void *re);
/* Appends "^(" pat ")$" to out for regcomp(REG_EXTENDED), with the ECMAScript escapes
 * Souffle's patterns use and POSIX lacks rewritten: \d \w \s (and \D \W \S outside
 * brackets) as classes, \t \n \r \f \v as the characters. */
void dl_regex_pattern(const char *pat, size_t n, StrBuf *out);

#endif
