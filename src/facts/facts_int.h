/*
 * facts_int.h — private to src/facts: the SQLite writer behind a FACTS_SQLITE sink.
 *
 * A FACTS_SQLITE sink buffers each row as a sequence of tagged cells (one per column,
 * in column order) instead of TSV text:
 *   'S' u32 length, bytes   a symbol (any bytes; length in native byte order)
 *   'I' int64               a number
 *   'U' uint64              an unsigned
 *   'F' double              a float
 * and hands the buffers, relation by relation, to the writer thread, which gives them to
 * sqlw_rows (sorted and kept; inserted at sqlw_mark or at commit). The SqlWriter is used by
 * one thread at a time: opened by the caller, given its schema, rows and mark by the
 * sink's writer thread, committed or aborted by the caller once the writer thread has been
 * joined (sqlw_mark and the commit run a thread of their own that merges the rows held,
 * and join it before they return).
 */
#ifndef IRLOG_FACTS_INT_H
#define IRLOG_FACTS_INT_H

#include "facts.h"

#define SQLW_SYM 'S'
#define SQLW_NUM 'I'
#define SQLW_UNUM 'U'
#define SQLW_FLOAT 'F'

typedef struct SqlWriter SqlWriter;

/* The primary key of relation ri's SQLite table (sql.c): its first column, its `index`
 * column if it has one, then the others. OUT order[0..arity): column numbers. */
void facts_sql_key_order(const RelInfo *ri, int *order);

/* Checks that `path` is free or holds an irlog database and creates the temporary
 * database beside it. OUT *out. On failure writes a message into *err and removes what it
 * created. */
Status sqlw_open(SqlWriter **out, const char *path, StrBuf *err);
/* Starts the transaction and creates the tables and the views (the writer thread runs it
 * first, while the walk goes on; sqlw_commit runs it if nothing did). */
Status sqlw_schema(SqlWriter *w);
/* Takes the encoded rows of relation r in *buf (whole rows only; *buf is left empty):
 * sorts them in the table's key order and keeps them, to insert them at commit in key
 * order (appends to the b-tree), or earlier when the rows kept pass SQLW_HOLD_MAX bytes.
 * On failure the text is kept for sqlw_error; the writer refuses further rows. */
Status sqlw_rows(SqlWriter *w, IrRel r, StrBuf *buf);
/* Inserts the rows held so far of the relations before `upto`, relation by relation, in
 * key order (the sink's writer thread, while the walk emits the module's metadata). */
Status sqlw_mark(SqlWriter *w, IrRel upto);
/* Text of the writer's first error ("" when none). */
const char *sqlw_error(const SqlWriter *w);
/* Creates the indexes, fills irlog_meta, commits, closes and renames the database into
 * place. Frees w whatever happens; on failure the temporary file is removed and a
 * message written into *err. */
Status sqlw_commit(SqlWriter *w, StrBuf *err);
/* Closes and removes the temporary database; frees w. NULL is allowed. */
void sqlw_abort(SqlWriter *w);

#endif
