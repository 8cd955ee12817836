/*
 * facts.h — the relation table (relations.def, types.def) in C, and the fact sink.
 *
 * Owns: the IrRel enum, RelInfo/TypeInfo descriptions, the typed emitters
 * emit_<relation>(FactSink *, ...) generated from the table, and the FactSink that
 * buffers rows per relation and writes them as TSV .facts or CSV files.
 *
 * Invariants: a FactSink writes into a temporary directory next to the target and
 * renames it into place only in fact_sink_commit(); fact_sink_abort() (or a failed
 * commit) removes the temporary directory, so a failed run never leaves a
 * half-written directory that looks finished. Rows keep their emission order.
 * Symbols are escaped (\t, \n, \r, \\; a NUL byte, which only fs_symn can pass, as \0) so
 * every row is one line.
 */
#ifndef IRLOG_FACTS_H
#define IRLOG_FACTS_H

#include <stdio.h>

#include "base.h"
#include "strbuf.h"

/* C types of the columns, by entity type (all symbols are strings). */
typedef const char *CT_symbol;
typedef int64_t CT_number;
typedef uint64_t CT_unsigned;
typedef double CT_float;
#define TYPE(name, parent, doc) typedef CT_##parent CT_##name;
#define UNION(name, members, doc) typedef const char *CT_##name;
#include "types.def"
#undef TYPE
#undef UNION
#define OPC(name, Camel, llvm, cat) typedef const char *CT_##Camel##Instruction;
#include "opcodes.def"
#undef OPC

#define FACTS_MAX_ARITY 10

/* The relation enum: REL_<name>. */
typedef enum IrRel {
#define AREA(name, doc)
#define REL0(n, d) REL_##n,
#define REL1(n, d, ...) REL_##n,
#define REL2(n, d, ...) REL_##n,
#define REL3(n, d, ...) REL_##n,
#define REL4(n, d, ...) REL_##n,
#define REL5(n, d, ...) REL_##n,
#define REL6(n, d, ...) REL_##n,
#define REL7(n, d, ...) REL_##n,
#define REL8(n, d, ...) REL_##n,
#define REL9(n, d, ...) REL_##n,
#define REL10(n, d, ...) REL_##n,
#include "relations.def"
#include "relations_undef.h"
    REL__COUNT
} IrRel;

typedef enum ColKind { COL_SYMBOL, COL_NUMBER, COL_UNSIGNED, COL_FLOAT } ColKind;

typedef struct ColInfo {
    const char *name; /* column name, e.g. "insn" */
    const char *type; /* type name as declared, e.g. "Instruction", "number" */
    ColKind kind;     /* primitive representation */
} ColInfo;

typedef struct RelInfo {
    const char *name;  /* relation name, e.g. "add_instruction_first_operand" */
    const char *doc;   /* one-line documentation */
    int arity;
    ColInfo cols[FACTS_MAX_ARITY];
} RelInfo;

typedef struct TypeInfo {
    const char *name;   /* e.g. "AddInstruction" */
    const char *parent;  /* "symbol", a parent entity type, or NULL for unions */
    const char *members; /* the members of a union ("A | B"), else NULL */
    const char *doc;
} TypeInfo;

typedef struct AreaInfo {
    const char *name;
    const char *doc;
    IrRel first; /* first relation of the area */
} AreaInfo;

extern const RelInfo facts_rels[REL__COUNT];
const TypeInfo *facts_types(size_t *n);
const AreaInfo *facts_areas(size_t *n);
/* Name of the AREA a relation belongs to. */
const char *facts_rel_area(IrRel r);
/* Looks a relation up by name; returns REL__COUNT when unknown. */
IrRel facts_rel_by_name(const char *name);

/* ---- the sink ---- */

/* FACTS_SQLITE: one SQLite database file (sink_sqlite.c) instead of a directory. */
typedef enum FactFormat { FACTS_TSV, FACTS_CSV, FACTS_SQLITE } FactFormat;

typedef struct FactSink FactSink;

/* Creates a sink that will produce directory `dir`. The rows go into a temporary
 * sibling directory until commit. If `dir` exists it must be empty or hold only an
 * earlier irlog output (regular files named *.facts / *.csv), which commit replaces.
 * With FACTS_SQLITE, `dir` is the path of the database file instead: the rows go into
 * a temporary database beside it (`<path>.tmp-irlog.<pid>`), inside one transaction,
 * renamed into place at commit; an existing `path` must be an SQLite database written
 * by irlog (it has an irlog_meta table), which commit replaces.
 * OUT *out. On failure a message is written into *err (caller releases). */
Status fact_sink_open(FactSink **out, const char *dir, FactFormat fmt, StrBuf *err);
/* A sink that sends the rows down file descriptor fd instead of writing files (for a
 * reader in another process: the Datalog engine, in memory). The stream is a sequence of
 * frames, each a header of two native uint32_t, {relation, length}, then `length` bytes
 * of TSV rows (whole lines, escaped as in .facts files). Only the relations with
 * wanted[r] set are sent (wanted may be NULL: all; it must outlive the sink); the rows of
 * the others are dropped. fact_sink_commit ends the stream with a FACT_FRAME_END frame;
 * fact_sink_abort sends FACT_FRAME_RESET when frames went out (the reader discards what
 * it has: a generation that failed, perhaps to be started again). The descriptor is not
 * closed. OUT *out. */
#define FACT_FRAME_END 0xFFFFFFFFu
#define FACT_FRAME_RESET 0xFFFFFFFEu
Status fact_sink_open_stream(FactSink **out, int fd, const bool *wanted, StrBuf *err);
/* Flushes every relation, writes every declared relation's file (empty ones too)
 * and renames the temporary directory to the target. Frees the sink. */
Status fact_sink_commit(FactSink *s, StrBuf *err);
/* The walk has emitted the function bodies, and what remains fills mostly the relations
 * from `upto` on. A FACTS_SQLITE sink puts the rows it holds of the relations before
 * `upto` into the database on its writer thread while the walk goes on; rows that come
 * later go in at fact_sink_commit (the same database: only the time differs). The other
 * formats ignore it. */
void fact_sink_mark(FactSink *s, IrRel upto);
/* Removes the temporary directory and frees the sink. NULL is allowed. */
void fact_sink_abort(FactSink *s);
/* Number of rows emitted so far into relation r. */
uint64_t fact_sink_count(const FactSink *s, IrRel r);
/* Sticky status of the sink (first I/O or memory error); OK while all is well. */
Status fact_sink_status(FactSink *s);
/* Text of the sink's first error (strerror for I/O errors). */
const char *fact_sink_error(FactSink *s);

/* Low-level row writing; the typed emitters below are the normal interface. */
void fs_begin(FactSink *s, IrRel r);
void fs_sym(FactSink *s, const char *v);
void fs_symn(FactSink *s, const char *v, size_t n);
void fs_num(FactSink *s, int64_t v);
void fs_unum(FactSink *s, uint64_t v);
void fs_float(FactSink *s, double v);
void fs_end(FactSink *s);

#define fs_put(s, v)                                                                               \
    _Generic((v), const char *: fs_sym, char *: fs_sym, int64_t: fs_num, uint64_t: fs_unum,        \
             double: fs_float)(s, v)

/* Typed emitters: emit_<relation>(sink, col1, ..., coln). */
#define AREA(name, doc)
#define REL0(n, d)                                                                                 \
    static inline void emit_##n(FactSink *s) {                                                     \
        fs_begin(s, REL_##n);                                                                      \
        fs_end(s);                                                                                 \
    }
#define REL1(n, d, T1, c1)                                                                         \
    static inline void emit_##n(FactSink *s, CT_##T1 c1) {                                         \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL2(n, d, T1, c1, T2, c2)                                                                 \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2) {                             \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL3(n, d, T1, c1, T2, c2, T3, c3)                                                         \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3) {                 \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL4(n, d, T1, c1, T2, c2, T3, c3, T4, c4)                                                 \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4) {     \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL5(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5)                                         \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4,       \
                                CT_##T5 c5) {                                                      \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_put(s, c5);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL6(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6)                                 \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4,       \
                                CT_##T5 c5, CT_##T6 c6) {                                          \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_put(s, c5);                                                                             \
        fs_put(s, c6);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL7(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7)                         \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4,       \
                                CT_##T5 c5, CT_##T6 c6, CT_##T7 c7) {                              \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_put(s, c5);                                                                             \
        fs_put(s, c6);                                                                             \
        fs_put(s, c7);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL8(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7, T8, c8)                 \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4,       \
                                CT_##T5 c5, CT_##T6 c6, CT_##T7 c7, CT_##T8 c8) {                  \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_put(s, c5);                                                                             \
        fs_put(s, c6);                                                                             \
        fs_put(s, c7);                                                                             \
        fs_put(s, c8);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL9(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7, T8, c8, T9, c9)         \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4,       \
                                CT_##T5 c5, CT_##T6 c6, CT_##T7 c7, CT_##T8 c8, CT_##T9 c9) {      \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_put(s, c5);                                                                             \
        fs_put(s, c6);                                                                             \
        fs_put(s, c7);                                                                             \
        fs_put(s, c8);                                                                             \
        fs_put(s, c9);                                                                             \
        fs_end(s);                                                                                 \
    }
#define REL10(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7, T8, c8, T9, c9, T10,   \
              c10)                                                                                 \
    static inline void emit_##n(FactSink *s, CT_##T1 c1, CT_##T2 c2, CT_##T3 c3, CT_##T4 c4,       \
                                CT_##T5 c5, CT_##T6 c6, CT_##T7 c7, CT_##T8 c8, CT_##T9 c9,        \
                                CT_##T10 c10) {                                                    \
        fs_begin(s, REL_##n);                                                                      \
        fs_put(s, c1);                                                                             \
        fs_put(s, c2);                                                                             \
        fs_put(s, c3);                                                                             \
        fs_put(s, c4);                                                                             \
        fs_put(s, c5);                                                                             \
        fs_put(s, c6);                                                                             \
        fs_put(s, c7);                                                                             \
        fs_put(s, c8);                                                                             \
        fs_put(s, c9);                                                                             \
        fs_put(s, c10);                                                                            \
        fs_end(s);                                                                                 \
    }
#include "relations.def"
#include "relations_undef.h"

/* ---- SQL (sql.c) ---- */

typedef enum SqlDialect { SQL_SQLITE, SQL_POSTGRES } SqlDialect;
/* Parts of the DDL: the tables, entity views, irlog_entity_type and irlog_meta (run
 * before loading rows); the indexes and the input rows of irlog_meta (after). */
enum { SQL_PART_TABLES = 1, SQL_PART_INDEXES = 2, SQL_PART_ALL = 3 };
/* The version irlog_meta records (the CLI sets it; "unknown" otherwise). */
extern const char *facts_irlog_version;
/* SQL that the SQLite writer runs after the indexes, before it commits: the views
 * translated from datalog/ir.dl and constraints.dl (the CLI sets it; NULL: none). */
extern const char *facts_sqlite_views;
/* Appends the DDL of the relation table in dialect d: the parts asked for. */
void facts_sql_schema(StrBuf *out, SqlDialect d, int parts);
/* A hash of the relation table (names, columns, types): 16 hex digits. Static storage. */
const char *facts_schema_version(void);
/* The entity relation of an entity type (e.g. "AddInstruction" → REL_add_instruction),
 * or REL__COUNT when the type has none (its SQL form is then a view). */
IrRel facts_entity_rel(const char *type);

/* ---- generated documents (schema.c) ---- */

/* Souffle declarations: .type hierarchy, then `.decl` (+ `.input` when with_input)
 * for every relation. */
void facts_schema_dl(StrBuf *out, bool with_input);
/* docs/relations.md. */
void facts_schema_markdown(StrBuf *out);

#endif
