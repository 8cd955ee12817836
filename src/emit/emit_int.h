/*
 * emit_int.h — private to src/emit: the fact store (emit_facts.c) and the emitter's
 * context (emit_ll.c, emit_value.c).
 *
 * The fact store holds every relation of the relation table as rows of cells: a symbol
 * column's cell is an interned Sym, a number column's the int64 (unsigned: the uint64,
 * float: the double's bits). Rows keep file order. Lookups go through indexes on one
 * column, built on first use: the rows whose cell in that column equals a key, in file
 * order.
 */
#ifndef IRLOG_EMIT_INT_H
#define IRLOG_EMIT_INT_H

#include "arena.h"
#include "diag.h"
#include "emit.h"
#include "facts.h"
#include "intern.h"
#include "map.h"
#include "strbuf.h"

#define EM_NONE UINT32_MAX /* no symbol */

typedef struct EmIndex {
    bool built;
    uint32_t *rows; /* row numbers sorted by (key, row) */
    Map map;        /* key Sym -> (start << 32 | count) into rows (sparse keys) */
    uint32_t *dense; /* dense keys instead: rows of key k are rows[dense[k - base] ..
                        dense[k - base + 1]) for base <= k < base + ndense */
    uint64_t base;
    size_t ndense;
} EmIndex;

typedef struct EmRel {
    bool loaded;                     /* parsed (relations are parsed on first use) */
    int arity;
    size_t nrows;
    uint64_t *cells;                 /* nrows * arity */
    EmIndex idx[FACTS_MAX_ARITY];    /* per column */
} EmRel;

typedef struct EmFacts {
    Interner in;
    EmRel rel[REL__COUNT];
    const char *dir;                 /* the fact directory (borrowed) */
    Diags *d;                        /* where errors of lazy parsing go (borrowed) */
    Status st;                       /* sticky: the first error of lazy parsing */
} EmFacts;

/* Opens the fact directory dir: every relation of the table must have its file there
 * (a missing one is an error in d). Files are parsed on first use (em_rel, em_find):
 * errors found then (a row with the wrong number of columns, a bad escape or number)
 * go to d and into f->st, and the relation reads as empty. dir and d must outlive f. */
Status em_facts_load(EmFacts *f, const char *dir, Diags *d);
/* Relation r, parsed if it was not yet. */
EmRel *em_rel(EmFacts *f, IrRel r);
void em_facts_release(EmFacts *f);

/* The Sym of a string, or EM_NONE when no fact holds it. */
Sym em_sym(EmFacts *f, const char *s);
static inline const char *em_str(const EmFacts *f, Sym s) {
    return intern_str(&f->in, s);
}
static inline size_t em_len(const EmFacts *f, Sym s) {
    return intern_len(&f->in, s);
}
static inline uint64_t em_cell(const EmFacts *f, IrRel r, size_t row, int col) {
    return f->rel[r].cells[row * (size_t)f->rel[r].arity + (size_t)col];
}
/* The rows of r whose column col holds key (a Sym), in file order. OUT *rows. Returns
 * their number (0 on E_NOMEM, with f's oom flag set). */
size_t em_find(EmFacts *f, IrRel r, int col, uint64_t key, const uint32_t **rows);
/* Is there a row of r with column 0 = key? */
bool em_has(EmFacts *f, IrRel r, Sym key);
/* Column col of the first row of r with column 0 = key; false when none. */
bool em_get(EmFacts *f, IrRel r, Sym key, int col, uint64_t *out);

#endif

/* ---- the emitter's context ---- */

typedef struct EmFn EmFn; /* a function's blocks, instructions and local names */

typedef struct Em {
    EmFacts *f;
    Diags *d;
    StrBuf *out;
    Arena arena;       /* rendered texts, function layouts */
    size_t nerrors;    /* errors reported (reporting stops after a limit) */
    bool oom;
    Map type_text;     /* Type Sym -> const char * */
    Map const_text;    /* Constant Sym -> const char * (value only, no type) */
    Map attr_text;     /* Attribute Sym -> const char * */
    Map global_name;   /* GlobalValue Sym -> const char * ("@name", "@3") */
    Map local_name;    /* Variable or Block Sym -> const char * ("%x", "%3") */
    Map fn_layout;     /* Function Sym -> EmFn * */
    Map md_text;       /* Metadata Sym -> const char * */
    Map rel_names;     /* Sym of a relation's name -> IrRel */
    Map unnamed_struct; /* unnamed identified struct type Sym -> N of its %N (built once) */
    bool unnamed_done;
    StrBuf uselist;    /* the uselistorder directives of the function being written */
    Sym cur_fn;        /* function being written, EM_NONE outside */
    uint64_t prog_as;  /* the datalayout's program address space (`P<n>`; 0 without) */
    Sym *gorder[4];    /* global variables, aliases, ifuncs, functions in module order */
    size_t ngorder[4]; /* (by global_value_index; those without one after, in row order) */
} Em;

/* Reports that entity lacks its row in relation rel (a mandatory role). */
void em_missing(Em *em, IrRel rel, Sym entity);
/* n rows of listrel for entity e: reports a disagreement with the count in nrel (when
 * nrel has a row for e), or, when nonempty, a list that must not be empty. */
void em_check_count(Em *em, Sym e, IrRel nrel, IrRel listrel, size_t n, bool nonempty);
/* Reports an error about an entity. */
void em_error(Em *em, const char *fmt, ...) IRLOG_PRINTF(2, 3);

/* Column col of the row of rel whose column 0 is key; reports it missing otherwise and
 * returns EM_NONE / 0. */
Sym em_need_sym(Em *em, IrRel rel, Sym key, int col);
int64_t em_need_num(Em *em, IrRel rel, Sym key, int col);
/* The same without a report: EM_NONE when absent. */
Sym em_opt_sym(Em *em, IrRel rel, Sym key, int col);

/* Appends an LLVM identifier with its prefix ('@', '%', '$', '!'), quoted as llvm-dis
 * quotes it when needed. */
void em_add_name(StrBuf *sb, char prefix, const char *name, size_t len);
/* Appends a metadata name (named metadata, attachment kinds): !name, with \XX escapes. */
void em_add_md_name(StrBuf *sb, const char *name, size_t len);
/* Appends s[0..n) between double quotes with llvm-dis's escapes (\\, \22, \XX). */
void em_add_quoted(StrBuf *sb, const char *s, size_t n);

/* Texts, memoised in the arena; on a missing fact they report it and return "<error>". */
const char *em_type(Em *em, Sym type);
const char *em_const(Em *em, Sym c);           /* the value, without its type */
const char *em_operand(Em *em, Sym op);        /* "<type> <value>" of an operand */
const char *em_operand_value(Em *em, Sym op);  /* the value of a variable or constant */
Sym em_operand_type(Em *em, Sym op);           /* the type of a variable or constant */
const char *em_global_name(Em *em, Sym g);
const char *em_local_name(Em *em, Sym v);      /* a Variable or Block: "%x", "%3" */
const char *em_attr(Em *em, Sym attr);
const char *em_md(Em *em, Sym md);             /* a metadata reference or inline node */
/* The layout of a function (blocks, instructions, local names). NULL on error. */
EmFn *em_fn(Em *em, Sym fn);
/* Puts the globals of each kind in module order (em->gorder) and numbers the unnamed
 * ones; call once before any em_global_name. */
Status em_number_globals(Em *em);

struct EmFn {
    Sym fn;
    size_t nblocks;
    Sym *blocks;       /* by block_index */
    size_t *ninsns;    /* per block */
    Sym **insns;       /* per block, by instruction_index */
};

/* Rows of rel whose column keycol is key, sorted by the number column idxcol. OUT *rows
 * (arena). Returns the count. A list by a number index must hold 0..n-1 once each, and
 * agree with its count relation when the entity has a row there (getelementptr
 * nindices, switch ncases, ...): otherwise an error names both. */
size_t em_rows_sorted(Em *em, IrRel rel, int keycol, Sym key, int idxcol, uint32_t **rows);
/* The operands of a tuple (tuple) or DIArgList, checked against metadata_noperands and
 * metadata_null_operand, appended to sb. */
void em_md_operands(Em *em, StrBuf *sb, Sym m, bool tuple);

/* Writes the module (emit_ll.c). */
Status em_write_module(Em *em);
/* The module summary index of module m (emit_summary.c), after the metadata. */
void em_write_summary(Em *em, Sym m);
