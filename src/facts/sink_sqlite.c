/*
 * sink_sqlite.c — SqlWriter: the rows of a FACTS_SQLITE sink into one SQLite database.
 *
 * The database is built under a temporary name beside the target
 * (`<path>.tmp-irlog.<pid>`), in one transaction: the DDL of `irlog schema --sql`
 * (sql.c; tables WITHOUT ROWID, each its own index on its first column) and the views of
 * facts_sqlite_views (datalog/ir.dl and constraints.dl translated by the CLI), run by the
 * sink's writer thread while the walk starts (sqlw_schema), then the rows.
 * An insert into the middle of a b-tree costs a search from the root; an insert past its
 * last key is an append, about half the cost, and fills its pages. So the rows are not
 * inserted as the walk produces them: the writer thread sorts each buffer it is handed in
 * the table's key order (a run) and keeps it. When the walk has emitted the function
 * bodies (sqlw_mark), the writer thread inserts what it holds of the relations before the
 * metadata area, while the walk emits the module's metadata; at commit the caller's thread
 * inserts the rest. Each time a second thread merges each relation's runs (a repeated row
 * once: relations are sets) while the inserting thread inserts the merged rows, relation by
 * relation, each relation in one INSERT ... SELECT from the irlog_rows virtual table (no
 * binding; the statement's cursor stays at the end of the table). A row that comes after
 * its relation went in is inserted into the middle (slower, the same rows). The rows held
 * are about the size of the .facts files; past SQLW_HOLD_MAX bytes the relation holding
 * the most goes in early. Then the remaining index (instruction_operand by operand) is
 * built in one sort, irlog_meta gets the inputs, the transaction commits, the connection
 * closes and the file is renamed over the target. On any failure the temporary file is
 * removed: a database at `path` is always complete.
 *
 * Determinism: the same rows give the same file byte for byte. The page size is fixed,
 * nothing records a time or a path (the inputs are named by base name, from
 * module_input), there is no rollback journal (the file is new: a failure deletes it),
 * and the rows go in sorted (values that SQLite takes as equal, 0.0 and -0.0, ordered by
 * their bytes), relation by relation; sqlw_mark and an early insert past SQLW_HOLD_MAX
 * happen at the same point of the same rows on every machine.
 *
 * Values: symbols are TEXT holding the symbol's own bytes (the .facts files escape
 * tab, newline, carriage return, backslash, NUL and non-UTF-8 bytes; the database does
 * not), numbers INTEGER, floats REAL (in a column without affinity, so that -0.0 stays
 * -0.0). Relations are sets: the merge drops a repeated row and INSERT OR IGNORE what
 * SQLite takes as one (0.0 and -0.0). An unsigned
 * value above 2^63-1, which SQLite's INTEGER cannot hold, is stored as a BLOB of its
 * decimal digits (it prints as the number and sorts after every INTEGER).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts_int.h"

static int register_feed(SqlWriter *w);

/* 'IRLG': PRAGMA application_id of irlog databases (`file` shows it). */
#define IRLOG_APPLICATION_ID 0x49524c47

/* Bytes of rows kept in memory before the largest relation's go into the database early
 * (its later rows then go in as inserts into the middle of the b-tree: slower, the same
 * rows). The environment variable IRLOG_SQLITE_HOLD sets another limit (the tests). */
#ifndef SQLW_HOLD_MAX
#define SQLW_HOLD_MAX ((size_t)1 << 30)
#endif

/* One buffer of rows handed over by the sink, its rows sorted in key order. */
typedef struct Run {
    char *data;    /* the cells (owned) */
    uint32_t *row; /* offsets of the rows' first cells, in key order */
    size_t n;      /* rows */
} Run;

/* The runs of one relation that are not in the database yet. */
typedef struct Held {
    Run *run;
    size_t nrun, cap;
    size_t bytes;
} Held;

struct SqlWriter {
    sqlite3 *db;
    char *path;                    /* the target */
    char *tmp;                     /* the temporary database */
    int key[REL__COUNT][FACTS_MAX_ARITY]; /* each table's primary key: column order */
    Held held[REL__COUNT];
    size_t held_bytes;             /* the sum of held[].bytes */
    size_t hold_max;               /* SQLW_HOLD_MAX, or IRLOG_SQLITE_HOLD (the tests) */
    const char **feed;             /* the rows that irlog_rows returns, */
    size_t feed_n;                 /* how many, */
    int feed_arity;                /* and their arity */
    bool schema_done;              /* sqlw_schema has run */
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

static void free_held(SqlWriter *w, IrRel r) {
    Held *h = &w->held[r];
    for (size_t i = 0; i < h->nrun; i++) {
        mem_free(h->run[i].data);
        mem_free(h->run[i].row);
    }
    mem_free(h->run);
    w->held_bytes -= h->bytes;
    *h = (Held){0};
}

void sqlw_abort(SqlWriter *w) {
    if (!w)
        return;
    for (int r = 0; r < REL__COUNT; r++)
        free_held(w, (IrRel)r);
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
    for (int r = 0; r < REL__COUNT; r++)
        facts_sql_key_order(&facts_rels[r], w->key[r]);
    w->hold_max = SQLW_HOLD_MAX;
    const char *hold = getenv("IRLOG_SQLITE_HOLD"); /* the tests' small limit */
    if (hold && *hold)
        w->hold_max = (size_t)strtoull(hold, NULL, 10);
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
    rc = register_feed(w);
    if (rc != SQLITE_OK) {
        fail_db(w, rc, "cannot register the row source");
        goto fail_w;
    }
    /* a small page cache (8 MiB): the rows go in as appends, so a page is rarely needed
     * again once the next one is started, and pages spilled to the file mid-transaction
     * cost no journal; a larger cache only grows the memory the process touches (lua -O0:
     * 13,000 fewer page faults than with 64 MiB, 3-4% less CPU, the same file) */
    char pragmas[512];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA page_size = 8192; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; "
             "PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -8192; "
             "PRAGMA application_id = %d; PRAGMA encoding = 'UTF-8'; PRAGMA threads = 2;",
             IRLOG_APPLICATION_ID);
    if (exec(w, pragmas, "cannot set up the database") != OK)
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

Status sqlw_schema(SqlWriter *w) {
    if (w->schema_done || w->st != OK)
        return w->st;
    w->schema_done = true;
    StrBuf ddl = SB_INIT;
    sb_adds(&ddl, "BEGIN;\n");
    facts_sql_schema(&ddl, SQL_SQLITE, SQL_PART_TABLES);
    if (facts_sqlite_views)
        sb_adds(&ddl, facts_sqlite_views);
    if (ddl.oom) {
        sb_release(&ddl);
        w->st = E_NOMEM;
        snprintf(w->msg, sizeof w->msg, "out of memory");
        return w->st;
    }
    exec(w, ddl.buf, "cannot create the tables and views");
    sb_release(&ddl);
    return w->st;
}

static Status corrupt(SqlWriter *w, IrRel r) {
    w->st = E_INTERNAL;
    snprintf(w->msg, sizeof w->msg, "malformed row buffer for relation %s", facts_rels[r].name);
    return w->st;
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


/* The end of the row of `arity` cells at p (a row already checked by split_rows). */
static const char *row_end(const char *p, int arity) {
    for (int i = 0; i < arity; i++) {
        if (*p++ == SQLW_SYM) {
            uint32_t len;
            memcpy(&len, p, sizeof len);
            p += sizeof len + len;
        } else {
            p += 8;
        }
    }
    return p;
}

/* Cell p's position among SQLite's storage classes: numbers, TEXT, then BLOB (an
 * unsigned above INT64_MAX). */
static int cell_class(const char *p) {
    if (*p == SQLW_SYM)
        return 2;
    if (*p == SQLW_UNUM) {
        uint64_t u;
        memcpy(&u, p + 1, 8);
        return u > (uint64_t)INT64_MAX ? 3 : 1;
    }
    return 1;
}

/* The value of a numeric cell (integer or float) as a double. */
static double cell_double(const char *c) {
    if (*c == SQLW_FLOAT) {
        double x;
        memcpy(&x, c + 1, 8);
        return x;
    }
    int64_t v;
    memcpy(&v, c + 1, 8);
    return (double)v;
}

/* Compares two cells as SQLite's BINARY collation orders their values. */
static int cmp_cell(const char *a, const char *b) {
    int ca = cell_class(a), cb = cell_class(b);
    if (ca != cb)
        return ca < cb ? -1 : 1;
    if (ca == 1) {
        if (*a == SQLW_FLOAT || *b == SQLW_FLOAT) {
            double x = cell_double(a), y = cell_double(b);
            return x < y ? -1 : x > y;
        }
        int64_t x, y;
        memcpy(&x, a + 1, 8);
        memcpy(&y, b + 1, 8);
        return x < y ? -1 : x > y;
    }
    const char *pa, *pb;
    uint32_t la, lb;
    if (ca == 2) {
        memcpy(&la, a + 1, 4);
        memcpy(&lb, b + 1, 4);
        pa = a + 5;
        pb = b + 5;
    } else { /* the decimal digits, as bound: both have 19 or 20, so numeric order */
        uint64_t x, y;
        memcpy(&x, a + 1, 8);
        memcpy(&y, b + 1, 8);
        return x < y ? -1 : x > y;
    }
    int c = memcmp(pa, pb, la < lb ? la : lb);
    if (c)
        return c;
    return la < lb ? -1 : la > lb;
}

/* The comparison of rows: the table's primary key order, then (for values SQLite takes
 * as equal, such as 0.0 and -0.0) the bytes, so that the order is total and the file
 * the same on every run. */
typedef struct RowCmp {
    int arity;
    const int *key;
    bool natural; /* key order is column order */
} RowCmp;

/* Compares cells a and b (as cmp_cell) and moves them past the cells. */
static inline int cmp_step(const char **a, const char **b) {
    const char *pa = *a, *pb = *b;
    if (*pa == SQLW_SYM && *pb == SQLW_SYM) { /* the common case, inline */
        uint32_t la, lb;
        memcpy(&la, pa + 1, 4);
        memcpy(&lb, pb + 1, 4);
        *a = pa + 5 + la;
        *b = pb + 5 + lb;
        int d = memcmp(pa + 5, pb + 5, la < lb ? la : lb);
        return d ? d : la < lb ? -1 : la > lb;
    }
    if (*pa == SQLW_NUM && *pb == SQLW_NUM) {
        int64_t x, y;
        memcpy(&x, pa + 1, 8);
        memcpy(&y, pb + 1, 8);
        *a = pa + 9;
        *b = pb + 9;
        return x < y ? -1 : x > y;
    }
    *a = row_end(pa, 1);
    *b = row_end(pb, 1);
    return cmp_cell(pa, pb);
}

static int cmp_rows(const RowCmp *c, const char *a, const char *b) {
    const char *ca[FACTS_MAX_ARITY], *cb[FACTS_MAX_ARITY];
    const char *pa = a, *pb = b;
    if (c->natural) {
        for (int i = 0; i < c->arity; i++) {
            int d = cmp_step(&pa, &pb);
            if (d)
                return d;
        }
    } else {
        const char *qa = pa, *qb = pb;
        int d = cmp_step(&qa, &qb); /* the first column decides most comparisons */
        if (d)
            return d;
        for (int i = 0; i < c->arity; i++) {
            ca[i] = pa;
            cb[i] = pb;
            pa = row_end(pa, 1);
            pb = row_end(pb, 1);
        }
        for (int i = 1; i < c->arity; i++) {
            d = cmp_cell(ca[c->key[i]], cb[c->key[i]]);
            if (d)
                return d;
        }
    }
    size_t la = (size_t)(pa - a), lb = (size_t)(pb - b);
    int d = memcmp(a, b, la < lb ? la : lb);
    return d ? d : la < lb ? -1 : la > lb;
}

/* Sorts the row offsets a[0..n) of the rows at base in key order; tmp has room for n/2 + 1
 * offsets. A merge sort for rows that come nearly sorted (about 96% of neighbouring rows
 * of the big relations are in order): two halves already in order are not merged, and a
 * merge leaves in place the rows of either half that are outside the other's range
 * (lua -O0: 13.7 million comparisons instead of qsort's 18.6). The order is total
 * (cmp_rows), so any correct sort gives the same result. */
static void sort_rows(const RowCmp *c, const char *base, uint32_t *a, uint32_t *tmp, size_t n) {
    if (n <= 16) { /* insertion sort: few moves on nearly sorted rows */
        for (size_t i = 1; i < n; i++) {
            uint32_t x = a[i];
            size_t j = i;
            while (j > 0 && cmp_rows(c, base + a[j - 1], base + x) > 0) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    size_t h = n / 2;
    sort_rows(c, base, a, tmp, h);
    sort_rows(c, base, a + h, tmp, n - h);
    if (cmp_rows(c, base + a[h - 1], base + a[h]) <= 0)
        return; /* already in order */
    /* the rows of the left half up to the right half's first, and those of the right half
     * from the left half's last on, are in place: merge what is between (binary searches;
     * halves from different functions hardly overlap) */
    size_t lo = 0, hi = h - 1; /* the first left row above a[h]: in [0, h-1] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_rows(c, base + a[mid], base + a[h]) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t from = lo;
    lo = h + 1, hi = n; /* the first right row not below a[h-1]: in [h+1, n] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_rows(c, base + a[mid], base + a[h - 1]) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t to = lo;
    size_t nl = h - from;
    memcpy(tmp, a + from, nl * sizeof *a);
    size_t i = 0, j = h, k = from;
    while (i < nl && j < to) {
        if (cmp_rows(c, base + a[j], base + tmp[i]) < 0)
            a[k++] = a[j++];
        else
            a[k++] = tmp[i++];
    }
    while (i < nl)
        a[k++] = tmp[i++];
}

static void row_cmp(const SqlWriter *w, IrRel r, RowCmp *c) {
    c->arity = facts_rels[r].arity;
    c->key = w->key[r];
    c->natural = true;
    for (int i = 0; i < c->arity; i++)
        if (c->key[i] != i)
            c->natural = false;
}

/* Checks the rows of data[0..n) and lists their offsets: OUT *rows, *nrows. */
static Status split_rows(SqlWriter *w, IrRel r, const char *data, size_t n, uint32_t **rows,
                         size_t *nrows) {
    int arity = facts_rels[r].arity;
    size_t cap = 0, k = 0;
    uint32_t *off = NULL;
    const char *p = data, *end = data + n;
    while (p < end) {
        if (k == cap) {
            size_t ncap = cap ? 2 * cap : 1024;
            uint32_t *o = mem_realloc(off, ncap * sizeof *o);
            if (!o) {
                mem_free(off);
                w->st = E_NOMEM;
                snprintf(w->msg, sizeof w->msg, "out of memory");
                return w->st;
            }
            off = o;
            cap = ncap;
        }
        off[k++] = (uint32_t)(p - data);
        for (int i = 0; i < arity; i++) {
            if (p >= end) {
                mem_free(off);
                return corrupt(w, r);
            }
            char tag = *p++;
            if (tag == SQLW_SYM) {
                uint32_t len;
                if ((size_t)(end - p) < sizeof len) {
                    mem_free(off);
                    return corrupt(w, r);
                }
                memcpy(&len, p, sizeof len);
                p += sizeof len;
                if ((size_t)(end - p) < len) {
                    mem_free(off);
                    return corrupt(w, r);
                }
                p += len;
            } else if (tag == SQLW_NUM || tag == SQLW_UNUM || tag == SQLW_FLOAT) {
                if ((size_t)(end - p) < 8) {
                    mem_free(off);
                    return corrupt(w, r);
                }
                p += 8;
            } else {
                mem_free(off);
                return corrupt(w, r);
            }
        }
    }
    *rows = off;
    *nrows = k;
    return OK;
}

/* The heap of a k-way merge: run indexes ordered by their next row. */
typedef struct Merge {
    const RowCmp *cmp;
    Run *run;
    size_t *pos; /* next row of each run */
    size_t *heap;
    size_t n;
} Merge;

static const char *merge_row(const Merge *m, size_t i) {
    const Run *r = &m->run[i];
    return r->data + r->row[m->pos[i]];
}

static bool merge_less(const Merge *m, size_t a, size_t b) {
    int d = cmp_rows(m->cmp, merge_row(m, a), merge_row(m, b));
    return d < 0 || (d == 0 && a < b);
}

static void merge_down(Merge *m, size_t i) {
    for (;;) {
        size_t l = 2 * i + 1, best = i;
        if (l < m->n && merge_less(m, m->heap[l], m->heap[best]))
            best = l;
        if (l + 1 < m->n && merge_less(m, m->heap[l + 1], m->heap[best]))
            best = l + 1;
        if (best == i)
            return;
        size_t t = m->heap[i];
        m->heap[i] = m->heap[best];
        m->heap[best] = t;
        i = best;
    }
}

/* ---- the rows as a virtual table ------------------------------------------------------
 * `INSERT OR IGNORE INTO "rel" SELECT c0, c1, ... FROM irlog_rows` inserts the rows of
 * w->feed (one relation's, in key order) in one statement: no binding, one cursor on the
 * table for all of them (each insert an append to the b-tree). The module is eponymous
 * and lives on the connection only: nothing of it is in the file. */

typedef struct FeedTab {
    sqlite3_vtab base;
    SqlWriter *w;
} FeedTab;

typedef struct FeedCur {
    sqlite3_vtab_cursor base;
    SqlWriter *w;
    size_t i;
    const char *cell[FACTS_MAX_ARITY];
} FeedCur;

static int feed_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                        sqlite3_vtab **out, char **err) {
    (void)argc, (void)argv, (void)err;
    int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9)");
    if (rc != SQLITE_OK)
        return rc;
    FeedTab *t = sqlite3_malloc(sizeof *t);
    if (!t)
        return SQLITE_NOMEM;
    memset(t, 0, sizeof *t);
    t->w = aux;
    *out = &t->base;
    return SQLITE_OK;
}

static int feed_disconnect(sqlite3_vtab *v) {
    sqlite3_free(v);
    return SQLITE_OK;
}

static int feed_best_index(sqlite3_vtab *v, sqlite3_index_info *ii) {
    (void)v;
    ii->estimatedCost = 1e6;
    return SQLITE_OK;
}

static int feed_open(sqlite3_vtab *v, sqlite3_vtab_cursor **out) {
    FeedCur *c = sqlite3_malloc(sizeof *c);
    if (!c)
        return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    c->w = ((FeedTab *)v)->w;
    *out = &c->base;
    return SQLITE_OK;
}

static int feed_close(sqlite3_vtab_cursor *c) {
    sqlite3_free(c);
    return SQLITE_OK;
}

static void feed_cells(FeedCur *c) {
    const SqlWriter *w = c->w;
    if (c->i >= w->feed_n)
        return;
    const char *p = w->feed[c->i];
    for (int k = 0; k < w->feed_arity; k++) {
        c->cell[k] = p;
        p = row_end(p, 1);
    }
}

static int feed_filter(sqlite3_vtab_cursor *vc, int idx, const char *idxs, int argc,
                       sqlite3_value **argv) {
    (void)idx, (void)idxs, (void)argc, (void)argv;
    FeedCur *c = (FeedCur *)vc;
    c->i = 0;
    feed_cells(c);
    return SQLITE_OK;
}

static int feed_next(sqlite3_vtab_cursor *vc) {
    FeedCur *c = (FeedCur *)vc;
    c->i++;
    feed_cells(c);
    return SQLITE_OK;
}

static int feed_eof(sqlite3_vtab_cursor *vc) {
    FeedCur *c = (FeedCur *)vc;
    return c->i >= c->w->feed_n;
}

static int feed_column(sqlite3_vtab_cursor *vc, sqlite3_context *ctx, int col) {
    FeedCur *c = (FeedCur *)vc;
    if (col < 0 || col >= c->w->feed_arity) {
        sqlite3_result_null(ctx);
        return SQLITE_OK;
    }
    const char *p = c->cell[col];
    if (*p == SQLW_SYM) {
        uint32_t len;
        memcpy(&len, p + 1, sizeof len);
        sqlite3_result_text(ctx, p + 5, (int)len, SQLITE_STATIC);
    } else if (*p == SQLW_FLOAT) {
        double v;
        memcpy(&v, p + 1, 8);
        sqlite3_result_double(ctx, v);
    } else {
        uint64_t u;
        memcpy(&u, p + 1, 8);
        if (*p == SQLW_UNUM && u > (uint64_t)INT64_MAX) {
            char digits[24];
            int k = snprintf(digits, sizeof digits, "%llu", (unsigned long long)u);
            sqlite3_result_blob(ctx, digits, k, SQLITE_TRANSIENT);
        } else {
            sqlite3_result_int64(ctx, (sqlite3_int64)u);
        }
    }
    return SQLITE_OK;
}

static int feed_rowid(sqlite3_vtab_cursor *vc, sqlite3_int64 *out) {
    *out = (sqlite3_int64)((FeedCur *)vc)->i;
    return SQLITE_OK;
}

static const sqlite3_module feed_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous only */
    .xConnect = feed_connect,
    .xBestIndex = feed_best_index,
    .xDisconnect = feed_disconnect,
    .xDestroy = feed_disconnect,
    .xOpen = feed_open,
    .xClose = feed_close,
    .xFilter = feed_filter,
    .xNext = feed_next,
    .xEof = feed_eof,
    .xColumn = feed_column,
    .xRowid = feed_rowid,
};

static int register_feed(SqlWriter *w) {
    return sqlite3_create_module_v2(w->db, "irlog_rows", &feed_module, w, NULL);
}

/* Inserts the rows of w->feed into relation r's table. */
static Status insert_feed(SqlWriter *w, IrRel r) {
    const RelInfo *ri = &facts_rels[r];
    StrBuf q = SB_INIT;
    sb_addf(&q, "INSERT OR IGNORE INTO \"%s\" SELECT ", ri->name);
    for (int i = 0; i < ri->arity; i++)
        sb_addf(&q, "%sc%d", i ? ", " : "", i);
    sb_adds(&q, " FROM irlog_rows");
    if (q.oom) {
        sb_release(&q);
        w->st = E_NOMEM;
        snprintf(w->msg, sizeof w->msg, "out of memory");
        return E_NOMEM;
    }
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(w->db, q.buf, (int)q.len, &s, NULL);
    sb_release(&q);
    if (rc != SQLITE_OK)
        return fail_db(w, rc, "cannot prepare an insert");
    step(w, r, s);
    sqlite3_finalize(s);
    return w->st;
}

/* Merges the held runs of relation r into one list of rows in key order, a repeated row
 * once. OUT *rows (mem_free; NULL when there are none), *n. Reads w only. */
static Status merge_rel(const SqlWriter *w, IrRel r, const char ***rows, size_t *n) {
    const Held *h = &w->held[r];
    int arity = facts_rels[r].arity;
    *rows = NULL;
    *n = 0;
    if (h->nrun == 0 || arity == 0)
        return OK;
    RowCmp cmp;
    row_cmp(w, r, &cmp);
    size_t total = 0;
    for (size_t i = 0; i < h->nrun; i++)
        total += h->run[i].n;
    Merge m = {.cmp = &cmp, .run = h->run, .n = 0};
    m.pos = mem_calloc(h->nrun, sizeof *m.pos);
    m.heap = mem_calloc(h->nrun, sizeof *m.heap);
    const char **out = mem_calloc(total ? total : 1, sizeof *out);
    if (!m.pos || !m.heap || !out) {
        mem_free(m.pos);
        mem_free(m.heap);
        mem_free(out);
        return E_NOMEM;
    }
    for (size_t i = 0; i < h->nrun; i++)
        if (h->run[i].n)
            m.heap[m.n++] = i;
    for (size_t i = m.n / 2; i-- > 0;)
        merge_down(&m, i);
    size_t nout = 0;
    const char *last = NULL;
    size_t last_len = 0;
    while (m.n) {
        size_t top = m.heap[0];
        const char *row = merge_row(&m, top);
        if (++m.pos[top] == h->run[top].n)
            m.heap[0] = m.heap[--m.n];
        merge_down(&m, 0);
        size_t len = (size_t)(row_end(row, arity) - row);
        if (last && len == last_len && memcmp(row, last, len) == 0)
            continue; /* the same row again: a relation is a set */
        last = row;
        last_len = len;
        out[nout++] = row;
    }
    mem_free(m.pos);
    mem_free(m.heap);
    *rows = out;
    *n = nout;
    return OK;
}

static Status out_of_memory(SqlWriter *w) {
    if (w->st == OK) {
        w->st = E_NOMEM;
        snprintf(w->msg, sizeof w->msg, "out of memory");
    }
    return w->st;
}

/* Inserts the merged rows[0..n) of relation r; frees rows and the held runs of r. */
static Status insert_rows(SqlWriter *w, IrRel r, const char **rows, size_t n) {
    if (w->st == OK && n) {
        w->feed = rows;
        w->feed_n = n;
        w->feed_arity = facts_rels[r].arity;
        insert_feed(w, r);
        w->feed = NULL;
        w->feed_n = 0;
    }
    mem_free(rows);
    free_held(w, r);
    return w->st;
}

/* Inserts the held rows of relation r in key order and frees them. */
static Status insert_held(SqlWriter *w, IrRel r) {
    const char **rows = NULL;
    size_t n = 0;
    if (w->st == OK && merge_rel(w, r, &rows, &n) != OK)
        out_of_memory(w);
    return insert_rows(w, r, rows, n);
}

/* At commit, a second thread merges the relations ahead of the inserts (at most AHEAD
 * relations' lists waiting). */
#define AHEAD 8

typedef struct Pipe {
    SqlWriter *w;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    const char **rows[REL__COUNT];
    size_t n[REL__COUNT];
    Status st[REL__COUNT];
    int upto;     /* the relations 0..upto-1 go in */
    int merged;   /* relations 0..merged-1 are ready */
    int inserted; /* relations 0..inserted-1 are in the database */
    bool stop;
} Pipe;

static void *merge_main(void *arg) {
    Pipe *p = arg;
    for (int r = 0; r < p->upto; r++) {
        pthread_mutex_lock(&p->mu);
        while (!p->stop && r - p->inserted >= AHEAD)
            pthread_cond_wait(&p->cv, &p->mu);
        bool stop = p->stop;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            break;
        const char **rows = NULL;
        size_t n = 0;
        Status st = merge_rel(p->w, (IrRel)r, &rows, &n);
        pthread_mutex_lock(&p->mu);
        p->rows[r] = rows;
        p->n[r] = n;
        p->st[r] = st;
        p->merged = r + 1;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
    return NULL;
}

/* Inserts every held row of the relations before upto, relation by relation, the merges
 * on a second thread. */
static void insert_all(SqlWriter *w, IrRel upto) {
    Pipe *p = mem_calloc(1, sizeof *p);
    pthread_t t;
    if (!p || w->st != OK || pthread_mutex_init(&p->mu, NULL) != 0) {
        mem_free(p);
        for (int r = 0; r < (int)upto; r++)
            insert_held(w, (IrRel)r);
        return;
    }
    pthread_cond_init(&p->cv, NULL);
    p->w = w;
    p->upto = (int)upto;
    bool threaded = pthread_create(&t, NULL, merge_main, p) == 0;
    for (int r = 0; r < (int)upto; r++) {
        if (!threaded) {
            insert_held(w, (IrRel)r);
            continue;
        }
        pthread_mutex_lock(&p->mu);
        while (p->merged <= r)
            pthread_cond_wait(&p->cv, &p->mu);
        pthread_mutex_unlock(&p->mu);
        if (p->st[r] != OK)
            out_of_memory(w);
        insert_rows(w, (IrRel)r, p->rows[r], p->n[r]);
        p->rows[r] = NULL;
        pthread_mutex_lock(&p->mu);
        p->inserted = r + 1;
        if (w->st != OK)
            p->stop = true;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        if (w->st != OK)
            break;
    }
    if (threaded) {
        pthread_join(t, NULL);
        for (int r = 0; r < REL__COUNT; r++)
            mem_free(p->rows[r]); /* lists merged but not inserted (after an error) */
    }
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    mem_free(p);
}

Status sqlw_rows(SqlWriter *w, IrRel r, StrBuf *buf) {
    if (w->st != OK)
        return w->st;
    if (buf->oom) {
        w->st = E_NOMEM;
        snprintf(w->msg, sizeof w->msg, "out of memory");
        return w->st;
    }
    if (buf->len == 0 || facts_rels[r].arity == 0)
        return OK;
    if (buf->len > UINT32_MAX) {
        w->st = E_LIMIT;
        snprintf(w->msg, sizeof w->msg, "a buffer of rows of %s is over 4 GiB",
                 facts_rels[r].name);
        return w->st;
    }
    Run run = {0};
    if (split_rows(w, r, buf->buf, buf->len, &run.row, &run.n) != OK)
        return w->st;
    size_t len = 0;
    run.data = sb_detach(buf, &len);
    char *fit = mem_realloc(run.data, len + 1); /* give back the buffer's slack */
    if (fit)
        run.data = fit;
    RowCmp cmp;
    row_cmp(w, r, &cmp);
    uint32_t *tmp = mem_alloc((run.n / 2 + 1) * sizeof *tmp);
    if (!tmp) {
        mem_free(run.data);
        mem_free(run.row);
        return out_of_memory(w);
    }
    sort_rows(&cmp, run.data, run.row, tmp, run.n);
    mem_free(tmp);
    Held *h = &w->held[r];
    if (h->nrun == h->cap) {
        size_t ncap = h->cap ? 2 * h->cap : 8;
        Run *nr = mem_realloc(h->run, ncap * sizeof *nr);
        if (!nr) {
            mem_free(run.data);
            mem_free(run.row);
            w->st = E_NOMEM;
            snprintf(w->msg, sizeof w->msg, "out of memory");
            return w->st;
        }
        h->run = nr;
        h->cap = ncap;
    }
    h->run[h->nrun++] = run;
    h->bytes += len + run.n * sizeof *run.row;
    w->held_bytes += len + run.n * sizeof *run.row;
    while (w->held_bytes > w->hold_max && w->st == OK) {
        int big = 0; /* the relation holding the most (the first of equals) */
        for (int i = 1; i < REL__COUNT; i++)
            if (w->held[i].bytes > w->held[big].bytes)
                big = i;
        insert_held(w, (IrRel)big);
    }
    return w->st;
}

Status sqlw_mark(SqlWriter *w, IrRel upto) {
    insert_all(w, upto);
    return w->st;
}

const char *sqlw_error(const SqlWriter *w) {
    return w->msg;
}

Status sqlw_commit(SqlWriter *w, StrBuf *err) {
    sqlw_schema(w); /* when the writer thread did not run it */
    insert_all(w, REL__COUNT);
    Status st = w->st;
    if (st == OK) {
        StrBuf ddl = SB_INIT;
        facts_sql_schema(&ddl, SQL_SQLITE, SQL_PART_INDEXES);
        if (ddl.oom)
            out_of_memory(w);
        else {
            exec(w, ddl.buf, "cannot create the indexes");
        }
        sb_release(&ddl);
        /* the pages still in the cache go to the file here: a full disk shows here */
        exec(w, "COMMIT;", "cannot write the database");
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
