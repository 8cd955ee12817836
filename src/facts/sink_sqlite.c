/*
 * sink_sqlite.c — SqlWriter: the rows of a FACTS_SQLITE sink into one SQLite database.
 *
 * The database is built under a temporary name beside the target
 * (`<path>.tmp-irlog.<pid>`), in one transaction: the DDL of `irlog schema --sql`
 * (sql.c; tables WITHOUT ROWID, each its own index on its first column), then the rows,
 * through prepared INSERTs of 64 rows or of one, on the sink's writer thread while the
 * walk goes on; at commit the remaining index (instruction_operand by operand) is built
 * in one sort, irlog_meta gets the inputs, the views of facts_sqlite_views (datalog/ir.dl
 * and constraints.dl translated by the CLI) are created, the transaction commits, the connection
 * closes and the file is renamed over the target. On any failure the temporary file is
 * removed: a database at `path` is always complete.
 *
 * Determinism: the same rows in the same order give the same file byte for byte. The
 * page size is fixed, nothing records a time or a path (the inputs are named by base
 * name, from module_input), there is no rollback journal (the file is new: a failure
 * deletes it), and the rows go in as the sink hands them over — relation by relation,
 * in emission order, interleaved at the same flush points whatever the machine.
 *
 * Values: symbols are TEXT holding the symbol's own bytes (the .facts files escape
 * tab, newline, carriage return, backslash, NUL and non-UTF-8 bytes; the database does
 * not), numbers INTEGER, floats REAL (in a column without affinity, so that -0.0 stays
 * -0.0). Relations are sets: INSERT OR IGNORE stores a repeated row once. An unsigned
 * value above 2^63-1, which SQLite's INTEGER cannot hold, is stored as a BLOB of its
 * decimal digits (it prints as the number and sorts after every INTEGER).
 */
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts_int.h"

/* 'IRLG': PRAGMA application_id of irlog databases (`file` shows it). */
#define IRLOG_APPLICATION_ID 0x49524c47

struct SqlWriter {
    sqlite3 *db;
    char *path;                    /* the target */
    char *tmp;                     /* the temporary database */
    sqlite3_stmt *ins[REL__COUNT];   /* prepared INSERT of one row per relation (lazily) */
    sqlite3_stmt *batch[REL__COUNT]; /* and of BATCH rows */
    Status st;                     /* sticky */
    char msg[512];                 /* the first error's text */
};

static Status map_rc(int rc) {
    switch (rc & 0xff) {
    case SQLITE_NOMEM: return E_NOMEM;
    case SQLITE_ERROR:
    case SQLITE_MISUSE:
    case SQLITE_RANGE:
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH: return E_INTERNAL;
    default: return E_IO;
    }
}

/* Records the connection's error (first one wins); returns its status. */
static Status fail_db(SqlWriter *w, int rc, const char *what) {
    int last = errno; /* the failed write's, when SQLite did not keep it */
    if (w->st != OK)
        return w->st;
    w->st = map_rc(rc);
    int en = w->db ? sqlite3_system_errno(w->db) : 0;
    if (!en && ((rc & 0xff) == SQLITE_IOERR || (rc & 0xff) == SQLITE_FULL))
        en = last;
    const char *m = w->db ? sqlite3_errmsg(w->db) : sqlite3_errstr(rc);
    if (en && (rc & 0xff) != SQLITE_CONSTRAINT)
        snprintf(w->msg, sizeof w->msg, "%s: %s (%s)", what, m, strerror(en));
    else
        snprintf(w->msg, sizeof w->msg, "%s: %s", what, m);
    return w->st;
}

static Status exec(SqlWriter *w, const char *sql, const char *what) {
    if (w->st != OK)
        return w->st;
    int rc = sqlite3_exec(w->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? OK : fail_db(w, rc, what);
}

/* An existing target must be an irlog database: checks it without changing it. */
static Status check_target(const char *path, StrBuf *err) {
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT)
            return OK;
        sb_addf(err, "%s: %s", path, strerror(errno));
        return E_IO;
    }
    if (S_ISDIR(st.st_mode)) {
        sb_addf(err, "%s: is a directory; --format sqlite writes one database file", path);
        return E_IO;
    }
    if (!S_ISREG(st.st_mode)) {
        sb_addf(err, "%s: exists and is not a regular file; refusing to replace it", path);
        return E_IO;
    }
    char head[16] = {0};
    FILE *f = fopen(path, "rb");
    if (!f) {
        sb_addf(err, "%s: cannot read the existing file: %s", path, strerror(errno));
        return E_IO;
    }
    size_t got = fread(head, 1, sizeof head, f);
    fclose(f);
    if (got != sizeof head || memcmp(head, "SQLite format 3", 16) != 0) {
        sb_addf(err, "%s: exists and is not an SQLite database; refusing to replace it", path);
        return E_IO;
    }
    sqlite3 *db = NULL;
    bool ours = false;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
        sqlite3_stmt *q = NULL;
        if (sqlite3_prepare_v2(db,
                               "SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                               "name = 'irlog_meta'",
                               -1, &q, NULL) == SQLITE_OK)
            ours = sqlite3_step(q) == SQLITE_ROW;
        sqlite3_finalize(q);
    }
    sqlite3_close(db);
    if (!ours) {
        sb_addf(err,
                "%s: exists and is an SQLite database that irlog did not write (no "
                "irlog_meta table); refusing to replace it",
                path);
        return E_IO;
    }
    return OK;
}

static void remove_tmp(const char *tmp) {
    static const char *const suffix[] = {"", "-journal", "-wal", "-shm"};
    StrBuf p = SB_INIT;
    for (size_t i = 0; i < ARRAY_LEN(suffix); i++) {
        sb_reset(&p);
        sb_addf(&p, "%s%s", tmp, suffix[i]);
        if (!p.oom)
            unlink(p.buf);
    }
    sb_release(&p);
}

void sqlw_abort(SqlWriter *w) {
    if (!w)
        return;
    for (int r = 0; r < REL__COUNT; r++) {
        sqlite3_finalize(w->ins[r]);
        sqlite3_finalize(w->batch[r]);
    }
    sqlite3_close_v2(w->db);
    if (w->tmp)
        remove_tmp(w->tmp);
    mem_free(w->path);
    mem_free(w->tmp);
    mem_free(w);
}

Status sqlw_open(SqlWriter **out, const char *path, StrBuf *err) {
    Status st = OK;
    *out = NULL;
    TRY(check_target(path, err));
    SqlWriter *w = mem_calloc(1, sizeof *w);
    if (!w)
        return E_NOMEM;
    StrBuf t = SB_INIT;
    sb_addf(&t, "%s.tmp-irlog.%ld", path, (long)getpid());
    w->tmp = sb_detach(&t, NULL);
    w->path = mem_strdup(path);
    if (!w->tmp || !w->path) {
        sqlw_abort(w);
        return E_NOMEM;
    }
    remove_tmp(w->tmp); /* a leftover from a killed run with the same pid */
    /* no allocation statistics: they take a global mutex on every allocation (this
     * fails harmlessly when SQLite was initialised already) */
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    /* create the file ourselves, for a plain errno when the directory is not writable */
    int fd = open(w->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        sb_addf(err, "%s: cannot create the database %s: %s", path, w->tmp, strerror(errno));
        mem_free(w->tmp);
        w->tmp = NULL;
        sqlw_abort(w);
        return E_IO;
    }
    close(fd);
    int rc = sqlite3_open_v2(w->tmp, &w->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        fail_db(w, rc, "cannot open the database");
        goto fail_w;
    }
    char pragmas[512];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA page_size = 8192; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; "
             "PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -262144; "
             "PRAGMA application_id = %d; PRAGMA encoding = 'UTF-8'; PRAGMA threads = 2;",
             IRLOG_APPLICATION_ID);
    if (exec(w, pragmas, "cannot set up the database") != OK)
        goto fail_w;
    StrBuf ddl = SB_INIT;
    sb_adds(&ddl, "BEGIN;\n");
    facts_sql_schema(&ddl, SQL_SQLITE, SQL_PART_TABLES);
    if (ddl.oom) {
        sb_release(&ddl);
        sqlw_abort(w);
        return E_NOMEM;
    }
    exec(w, ddl.buf, "cannot create the tables");
    sb_release(&ddl);
    if (w->st != OK)
        goto fail_w;
    *out = w;
    return OK;
fail_w:
    st = w->st;
    sb_addf(err, "%s: %s", path, w->msg);
    sqlw_abort(w);
fail:
    return st;
}

/* Prepares relation r's INSERT of `rows` rows (one statement for a batch: fewer steps). */
static Status prepare(SqlWriter *w, IrRel r, int rows, sqlite3_stmt **out) {
    const RelInfo *ri = &facts_rels[r];
    StrBuf q = SB_INIT;
    sb_addf(&q, "INSERT OR IGNORE INTO \"%s\" VALUES ", ri->name);
    for (int k = 0; k < rows; k++) {
        sb_adds(&q, k ? ", (" : "(");
        for (int i = 0; i < ri->arity; i++)
            sb_adds(&q, i ? ", ?" : "?");
        sb_adds(&q, ")");
    }
    if (q.oom) {
        sb_release(&q);
        w->st = E_NOMEM;
        snprintf(w->msg, sizeof w->msg, "out of memory");
        return E_NOMEM;
    }
    int rc = sqlite3_prepare_v3(w->db, q.buf, (int)q.len, SQLITE_PREPARE_PERSISTENT, out, NULL);
    sb_release(&q);
    return rc == SQLITE_OK ? OK : fail_db(w, rc, "cannot prepare an insert");
}

static Status corrupt(SqlWriter *w, IrRel r) {
    w->st = E_INTERNAL;
    snprintf(w->msg, sizeof w->msg, "malformed row buffer for relation %s", facts_rels[r].name);
    return w->st;
}

/* Binds the row at *pp to parameters first+1.. of s; advances *pp. */
static Status bind_row(SqlWriter *w, IrRel r, sqlite3_stmt *s, int first, const char **pp,
                       const char *end) {
    const char *p = *pp;
    int arity = facts_rels[r].arity;
    char digits[24];
    for (int i = first + 1; i <= first + arity; i++) {
        if (p >= end)
            return corrupt(w, r);
        char tag = *p++;
        int rc;
        if (tag == SQLW_SYM) {
            uint32_t len;
            if ((size_t)(end - p) < sizeof len)
                return corrupt(w, r);
            memcpy(&len, p, sizeof len);
            p += sizeof len;
            if ((size_t)(end - p) < len)
                return corrupt(w, r);
            rc = sqlite3_bind_text(s, i, p, (int)len, SQLITE_STATIC);
            p += len;
        } else if (tag == SQLW_NUM || tag == SQLW_UNUM || tag == SQLW_FLOAT) {
            if ((size_t)(end - p) < 8)
                return corrupt(w, r);
            if (tag == SQLW_FLOAT) {
                double v;
                memcpy(&v, p, 8);
                rc = sqlite3_bind_double(s, i, v);
            } else {
                uint64_t u;
                memcpy(&u, p, 8);
                if (tag == SQLW_UNUM && u > (uint64_t)INT64_MAX) {
                    int k = snprintf(digits, sizeof digits, "%llu", (unsigned long long)u);
                    rc = sqlite3_bind_blob(s, i, digits, k, SQLITE_TRANSIENT);
                } else {
                    rc = sqlite3_bind_int64(s, i, (sqlite3_int64)u);
                }
            }
            p += 8;
        } else {
            return corrupt(w, r);
        }
        if (rc != SQLITE_OK)
            return fail_db(w, rc, "cannot insert a row");
    }
    *pp = p;
    return OK;
}

static Status step(SqlWriter *w, IrRel r, sqlite3_stmt *s) {
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc == SQLITE_DONE)
        return OK;
    StrBuf what = SB_INIT;
    sb_addf(&what, "cannot insert into %s", facts_rels[r].name);
    fail_db(w, rc, what.oom ? "cannot insert" : what.buf);
    sb_release(&what);
    return w->st;
}

/* Rows per batched INSERT (at most SQLite's 32766 parameters: 10 columns × 64). */
#define BATCH 64

Status sqlw_rows(SqlWriter *w, IrRel r, const char *data, size_t n) {
    if (w->st != OK)
        return w->st;
    int arity = facts_rels[r].arity;
    if (n == 0 || arity == 0)
        return OK;
    const char *p = data, *end = data + n;
    /* whole batches first, while the buffer holds BATCH more rows (found by a scan) */
    for (;;) {
        const char *q = p;
        int rows = 0;
        while (rows < BATCH && q < end) {
            for (int i = 0; i < arity && q < end; i++) {
                if (*q++ == SQLW_SYM) {
                    uint32_t len;
                    if ((size_t)(end - q) < sizeof len)
                        return corrupt(w, r);
                    memcpy(&len, q, sizeof len);
                    q += sizeof len + len;
                } else {
                    q += 8;
                }
            }
            rows++;
        }
        if (rows < BATCH)
            break;
        if (!w->batch[r] && prepare(w, r, BATCH, &w->batch[r]) != OK)
            return w->st;
        for (int k = 0; k < BATCH; k++)
            if (bind_row(w, r, w->batch[r], k * arity, &p, end) != OK)
                return w->st;
        if (step(w, r, w->batch[r]) != OK)
            return w->st;
    }
    while (p < end) {
        if (!w->ins[r] && prepare(w, r, 1, &w->ins[r]) != OK)
            return w->st;
        if (bind_row(w, r, w->ins[r], 0, &p, end) != OK || step(w, r, w->ins[r]) != OK)
            return w->st;
    }
    return OK;
}

const char *sqlw_error(const SqlWriter *w) {
    return w->msg;
}

Status sqlw_commit(SqlWriter *w, StrBuf *err) {
    Status st = w->st;
    for (int r = 0; r < REL__COUNT; r++) {
        sqlite3_finalize(w->ins[r]);
        sqlite3_finalize(w->batch[r]);
        w->ins[r] = w->batch[r] = NULL;
    }
    if (st == OK) {
        StrBuf ddl = SB_INIT;
        facts_sql_schema(&ddl, SQL_SQLITE, SQL_PART_INDEXES);
        if (facts_sqlite_views)
            sb_adds(&ddl, facts_sqlite_views);
        sb_adds(&ddl, "COMMIT;\n");
        if (ddl.oom) {
            w->st = E_NOMEM;
            snprintf(w->msg, sizeof w->msg, "out of memory");
        } else {
            exec(w, ddl.buf, "cannot create the indexes");
        }
        sb_release(&ddl);
        st = w->st;
    }
    if (st == OK) {
        int rc = sqlite3_close(w->db);
        if (rc != SQLITE_OK)
            st = fail_db(w, rc, "cannot close the database");
        else
            w->db = NULL;
    }
    if (st == OK && rename(w->tmp, w->path) != 0) {
        st = w->st = E_IO;
        snprintf(w->msg, sizeof w->msg, "cannot rename %s into place: %s", w->tmp,
                 strerror(errno));
    }
    if (st != OK) {
        sb_addf(err, "%s: %s", w->path, w->msg);
        sqlw_abort(w);
        return st;
    }
    mem_free(w->tmp);
    w->tmp = NULL;
    sqlw_abort(w);
    return OK;
}
