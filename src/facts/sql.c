/*
 * sql.c — the relation table as SQL: the DDL of `irlog schema --sql` (SQLite or
 * PostgreSQL dialect) and of the SQLite databases that `irlog facts --format sqlite`
 * writes (sink_sqlite.c runs the same text).
 *
 * Owns: the mapping of the relation table onto SQL. One table per relation, named as the
 * relation, with the relation's column names (every identifier double-quoted: `index`,
 * `type`, `function`... are keywords), NOT NULL columns typed from the column kinds:
 * symbol TEXT/text, number INTEGER/bigint, unsigned INTEGER/numeric(20,0), float
 * double precision in PostgreSQL and, in SQLite, no declared type (a comment says REAL):
 * REAL affinity would store an integral value as an integer and turn -0.0 into 0.
 * In SQLite each table is WITHOUT ROWID, its primary key all its columns in key order
 * (first column, `index` column, the rest), so the table is itself the index on its
 * first column (and on (first column, index)); PostgreSQL gets plain tables and those
 * indexes. Both get the def-use index of instruction_operand (operand → instruction).
 *
 * Entity types (types.def): a type whose entity relation exists (the unary relation over
 * that type whose name, without underscores, is the type's name in lower case:
 * Instruction → instruction, AddInstruction → add_instruction, FPType → fp_type) is that
 * table; any other type gets a view of its own, named in snake case with one column
 * `id`: a union type (Operand, Value) the union of its members, any other (Opcode) every
 * value of the type found in some column. `irlog_entity_type` lists every type with its
 * table or view; `irlog_meta` holds the irlog version, the schema version (a hash of the
 * relation table) and the input files.
 *
 * Invariants: the output depends only on the relation table and the dialect (so it is
 * deterministic and the same for the writer and for `irlog schema --sql`).
 */
#include <ctype.h>
#include <string.h>

#include "facts_int.h"

const char *facts_irlog_version = "unknown";
const char *facts_sqlite_views = NULL;


/* ---- names -------------------------------------------------------------------------- */

/* CamelCase → snake_case ("GlobalValue" → "global_value", "FPType" → "fp_type"). */
static void snake(StrBuf *out, const char *camel) {
    for (size_t i = 0; camel[i]; i++) {
        unsigned char c = (unsigned char)camel[i];
        if (isupper(c) && i > 0) {
            unsigned char p = (unsigned char)camel[i - 1], n = (unsigned char)camel[i + 1];
            if (islower(p) || isdigit(p) || (isupper(p) && islower(n)))
                sb_addc(out, '_');
        }
        sb_addc(out, (char)tolower(c));
    }
}

/* The relation name without underscores equals the type name in lower case. */
static bool names_match(const char *rel, const char *type) {
    for (;;) {
        while (*rel == '_')
            rel++;
        if (!*rel || !*type)
            return !*rel && !*type;
        if (*rel != tolower((unsigned char)*type))
            return false;
        rel++;
        type++;
    }
}

IrRel facts_entity_rel(const char *type) {
    for (int r = 0; r < REL__COUNT; r++) {
        const RelInfo *ri = &facts_rels[r];
        if (ri->arity == 1 && strcmp(ri->cols[0].type, type) == 0 && names_match(ri->name, type))
            return (IrRel)r;
    }
    return REL__COUNT;
}

static const TypeInfo *type_by_name(const char *name) {
    size_t nt;
    const TypeInfo *t = facts_types(&nt);
    for (size_t i = 0; i < nt; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

/* Is `type` the type `of` or one of its subtypes? */
static bool is_subtype(const char *type, const char *of) {
    for (int depth = 0; type && depth < 32; depth++) {
        if (strcmp(type, of) == 0)
            return true;
        const TypeInfo *t = type_by_name(type);
        type = t ? t->parent : NULL;
    }
    return false;
}

/* The SQL table or view of an entity type and its column: OUT name (appended), col. */
static void entity_source(StrBuf *name, const char **col, const char *type) {
    IrRel r = facts_entity_rel(type);
    if (r != REL__COUNT) {
        sb_adds(name, facts_rels[r].name);
        *col = facts_rels[r].cols[0].name;
    } else {
        snake(name, type);
        *col = "id";
    }
}

static void ident(StrBuf *out, const char *name) {
    sb_addf(out, "\"%s\"", name);
}

static const char *col_type(const ColInfo *c, SqlDialect d) {
    switch (c->kind) {
    case COL_SYMBOL: return d == SQL_POSTGRES ? "text COLLATE \"C\"" : "TEXT";
    case COL_NUMBER: return d == SQL_POSTGRES ? "bigint" : "INTEGER";
    case COL_UNSIGNED: return d == SQL_POSTGRES ? "numeric(20,0)" : "INTEGER";
    /* SQLite: no declared type, so no affinity: a REAL column would store an integral
     * value as an integer and lose the sign of -0.0 (the values are REALs all the same) */
    case COL_FLOAT: return d == SQL_POSTGRES ? "double precision" : "/* REAL */";
    }
    return "TEXT";
}

static void sql_str(StrBuf *out, const char *s) {
    sb_addc(out, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            sb_addc(out, '\'');
        sb_addc(out, *s);
    }
    sb_addc(out, '\'');
}

/* ---- schema version ------------------------------------------------------------------ */

const char *facts_schema_version(void) {
    static char buf[17];
    if (buf[0])
        return buf;
    uint64_t h = 1469598103934665603ull; /* FNV-1a over every relation's declaration */
    for (int r = 0; r < REL__COUNT; r++) {
        const RelInfo *ri = &facts_rels[r];
        const char *parts[1 + 2 * FACTS_MAX_ARITY];
        int np = 0;
        parts[np++] = ri->name;
        for (int i = 0; i < ri->arity; i++) {
            parts[np++] = ri->cols[i].name;
            parts[np++] = ri->cols[i].type;
        }
        for (int k = 0; k < np; k++) {
            for (const char *p = parts[k]; *p; p++) {
                h ^= (unsigned char)*p;
                h *= 1099511628211ull;
            }
            h ^= (unsigned char)(k == np - 1 ? '\n' : ',');
            h *= 1099511628211ull;
        }
    }
    static const char hex[] = "0123456789abcdef";
    char tmp[17];
    for (int i = 0; i < 16; i++)
        tmp[i] = hex[(h >> (60 - 4 * i)) & 15];
    tmp[16] = '\0';
    memcpy(buf, tmp, sizeof tmp);
    return buf;
}

/* ---- DDL ------------------------------------------------------------------------------- */

static bool has_index_col(const RelInfo *ri, int *at) {
    for (int i = 1; i < ri->arity; i++)
        if (strcmp(ri->cols[i].name, "index") == 0 && ri->cols[i].kind == COL_NUMBER) {
            *at = i;
            return true;
        }
    return false;
}

/* The key order of a relation: its first column, its `index` column if it has one, then
 * the others in order. OUT order[0..arity). */
void facts_sql_key_order(const RelInfo *ri, int *order) {
    int n = 0, at = -1;
    if (ri->arity < 1)
        return;
    order[n++] = 0;
    if (has_index_col(ri, &at))
        order[n++] = at;
    for (int i = 1; i < ri->arity; i++)
        if (i != at)
            order[n++] = i;
}

static void tables(StrBuf *out, SqlDialect d) {
    size_t na;
    const AreaInfo *a = facts_areas(&na);
    size_t ai = 0;
    for (int r = 0; r < REL__COUNT; r++) {
        while (ai < na && a[ai].first == (IrRel)r) {
            sb_addf(out, "\n-- ---- %s\n", a[ai].doc);
            ai++;
        }
        const RelInfo *ri = &facts_rels[r];
        sb_adds(out, "CREATE TABLE ");
        ident(out, ri->name);
        sb_adds(out, " (");
        for (int i = 0; i < ri->arity; i++) {
            if (i)
                sb_adds(out, ", ");
            ident(out, ri->cols[i].name);
            sb_addf(out, " %s NOT NULL", col_type(&ri->cols[i], d));
        }
        if (d == SQL_SQLITE) { /* clustered: the table is its index */
            int order[FACTS_MAX_ARITY];
            facts_sql_key_order(ri, order);
            sb_adds(out, ", PRIMARY KEY (");
            for (int i = 0; i < ri->arity; i++) {
                if (i)
                    sb_adds(out, ", ");
                ident(out, ri->cols[order[i]].name);
            }
            sb_adds(out, ")) WITHOUT ROWID;\n");
        } else {
            sb_adds(out, ");\n");
        }
    }
}

static void entity_views(StrBuf *out, SqlDialect d) {
    size_t nt;
    const TypeInfo *t = facts_types(&nt);
    sb_adds(out, "\n-- ---- entity types without a relation of their own: views\n");
    StrBuf name = SB_INIT, m = SB_INIT;
    for (size_t i = 0; i < nt; i++) {
        if (facts_entity_rel(t[i].name) != REL__COUNT)
            continue;
        sb_reset(&name);
        snake(&name, t[i].name);
        sb_adds(out, "CREATE VIEW ");
        ident(out, name.buf);
        sb_adds(out, " (\"id\") AS\n");
        bool first = true;
        if (t[i].members) { /* "A | B | C" */
            const char *p = t[i].members;
            while (*p) {
                while (*p == ' ' || *p == '|')
                    p++;
                size_t n = strcspn(p, " |");
                if (!n)
                    break;
                sb_reset(&m);
                sb_add(&m, p, n);
                p += n;
                StrBuf src = SB_INIT;
                const char *col;
                entity_source(&src, &col, m.buf);
                sb_addf(out, "%s  SELECT ", first ? "" : "  UNION\n");
                ident(out, col);
                sb_adds(out, " FROM ");
                ident(out, src.buf);
                sb_adds(out, "\n");
                sb_release(&src);
                first = false;
            }
        } else { /* every value of the type in some column */
            for (int r = 0; r < REL__COUNT; r++) {
                const RelInfo *ri = &facts_rels[r];
                for (int c = 0; c < ri->arity; c++) {
                    if (!is_subtype(ri->cols[c].type, t[i].name))
                        continue;
                    sb_addf(out, "%s  SELECT ", first ? "" : "  UNION\n");
                    ident(out, ri->cols[c].name);
                    sb_adds(out, " FROM ");
                    ident(out, ri->name);
                    sb_adds(out, "\n");
                    first = false;
                }
            }
        }
        if (first) /* a type no column uses: an empty view */
            sb_addf(out, "  SELECT CAST(NULL AS %s) WHERE 1 = 0\n",
                    d == SQL_POSTGRES ? "text" : "TEXT");
        sb_truncate(out, out->len - 1);
        sb_adds(out, ";\n");
    }
    sb_release(&name);
    sb_release(&m);
}

static void entity_table(StrBuf *out, SqlDialect d) {
    const char *text = d == SQL_POSTGRES ? "text" : "TEXT";
    sb_addf(out,
            "\n-- ---- the entity types (Datalog's .type hierarchy) and the table or view of each\n"
            "CREATE TABLE \"irlog_entity_type\" (\"type\" %s NOT NULL, \"parent\" %s, "
            "\"members\" %s, \"sql_name\" %s NOT NULL, \"sql_column\" %s NOT NULL, "
            "\"is_view\" INTEGER NOT NULL);\n",
            text, text, text, text, text);
    size_t nt;
    const TypeInfo *t = facts_types(&nt);
    if (!nt)
        return;
    sb_adds(out, "INSERT INTO \"irlog_entity_type\" VALUES\n");
    StrBuf src = SB_INIT;
    for (size_t i = 0; i < nt; i++) {
        sb_reset(&src);
        const char *col;
        entity_source(&src, &col, t[i].name);
        sb_adds(out, "  (");
        sql_str(out, t[i].name);
        sb_adds(out, ", ");
        if (t[i].parent)
            sql_str(out, t[i].parent);
        else
            sb_adds(out, "NULL");
        sb_adds(out, ", ");
        if (t[i].members)
            sql_str(out, t[i].members);
        else
            sb_adds(out, "NULL");
        sb_adds(out, ", ");
        sql_str(out, src.buf);
        sb_adds(out, ", ");
        sql_str(out, col);
        sb_addf(out, ", %d)%s\n", facts_entity_rel(t[i].name) == REL__COUNT,
                i + 1 < nt ? "," : ";");
    }
    sb_release(&src);
}

static void meta_table(StrBuf *out, SqlDialect d) {
    const char *text = d == SQL_POSTGRES ? "text" : "TEXT";
    sb_addf(out,
            "\n-- ---- what wrote the database: irlog_version, schema_version (a hash of the "
            "relation table),\n-- and one `input` row per input file, in command-line order\n"
            "CREATE TABLE \"irlog_meta\" (\"key\" %s NOT NULL, \"value\" %s NOT NULL);\n"
            "INSERT INTO \"irlog_meta\" VALUES ('irlog_version', ",
            text, text);
    sql_str(out, facts_irlog_version);
    sb_adds(out, "), ('schema_version', ");
    sql_str(out, facts_schema_version());
    sb_adds(out, ");\n");
}

static void indexes(StrBuf *out, SqlDialect d) {
    if (d == SQL_SQLITE)
        sb_adds(out, "\n-- ---- indexes: each table is its own index on its first column (and on "
                     "(first column,\n-- index)): its primary key; and operand → instruction\n");
    else
        sb_adds(out, "\n-- ---- indexes: every relation's first column, (first column, index) "
                     "for the operand\n-- and argument relations, and operand → instruction\n");
    for (int r = 0; r < REL__COUNT; r++) {
        const RelInfo *ri = &facts_rels[r];
        if (ri->arity < 1 || d == SQL_SQLITE)
            continue;
        sb_addf(out, "CREATE INDEX \"%s__%s\" ON ", ri->name, ri->cols[0].name);
        ident(out, ri->name);
        sb_adds(out, " (");
        ident(out, ri->cols[0].name);
        int at;
        if (has_index_col(ri, &at)) {
            sb_adds(out, ", ");
            ident(out, ri->cols[at].name);
        }
        sb_adds(out, ");\n");
    }
    /* the def-use direction: which instructions use a value */
    const RelInfo *op = &facts_rels[REL_instruction_operand];
    sb_addf(out, "CREATE INDEX \"%s__%s\" ON ", op->name, op->cols[2].name);
    ident(out, op->name);
    sb_adds(out, " (");
    ident(out, op->cols[2].name);
    sb_adds(out, ");\n");
}

static void meta_inputs(StrBuf *out) {
    sb_adds(out, "\n-- ---- the input files, from module_input (run once the rows are loaded)\n"
                 "INSERT INTO \"irlog_meta\" SELECT 'input', \"file\" FROM \"module_input\" "
                 "ORDER BY \"index\";\n");
}

void facts_sql_schema(StrBuf *out, SqlDialect d, int parts) {
    if (parts & SQL_PART_TABLES) {
        sb_addf(out,
                "-- irlog relational schema, %s dialect: generated from src/facts/relations.def "
                "by\n-- `irlog schema --sql --dialect %s`. Do not edit.\n",
                d == SQL_POSTGRES ? "PostgreSQL" : "SQLite",
                d == SQL_POSTGRES ? "postgres" : "sqlite");
        tables(out, d);
        entity_views(out, d);
        entity_table(out, d);
        meta_table(out, d);
    }
    if (parts & SQL_PART_INDEXES) {
        indexes(out, d);
        meta_inputs(out);
    }
}
