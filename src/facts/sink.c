/*
 * sink.c — FactSink: per-relation row buffers written as TSV .facts or CSV files.
 *
 * Rows are appended to one StrBuf per relation; a buffer that grows past FLUSH_TEXT is
 * handed to a writer thread, which appends it to the relation's file in the temporary
 * directory while the walk goes on (the copy into the page cache is a large share of
 * the work, and a second core takes it), keeping the files it appends to open. At most
 * MAX_INFLIGHT buffers wait, so memory stays bounded however large the module. Commit
 * hands over the rest, creates the files of empty relations, joins the writer and
 * renames the directory into place.
 *
 * FACTS_SQLITE: the buffers hold tagged binary cells (facts_int.h) instead of TSV text,
 * and the writer thread hands them to sink_sqlite.c, which takes each buffer and sorts its
 * rows (up to SQL_INFLIGHT buffers wait); the rows of the relations the function bodies
 * fill go into the database when the walk says the bodies are done (fact_sink_mark),
 * while it emits the module's metadata; commit inserts the rest, in key order, creates
 * the index and renames the database file into place.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts_int.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define FLUSH_AT (256u * 1024u)
/* TSV, CSV and the stream: smaller buffers (sqlite3 -O0: 355 relations with rows, each
 * holding a buffer while the module is walked), as fast, the writer keeping each file
 * open. Handed over 1 KiB short of 16 KiB, so that a buffer (which doubles as it grows)
 * stays at 16 KiB unless a row is longer than that. */
#define FLUSH_TEXT (15u * 1024u)
#define MAX_INFLIGHT 32
/* FACTS_SQLITE: the writer keeps every buffer anyway, and while it inserts the rows held
 * at fact_sink_mark the walk must not wait on it: room for this many */
#define SQL_INFLIGHT 1024

typedef struct RelBuf {
    StrBuf buf;
    uint64_t rows;
    bool on_disk; /* handed to the writer at least once (its file exists or will) */
} RelBuf;

typedef struct WriteJob {
    IrRel rel;   /* REL__COUNT: create every relation's file (empty, or the CSV header) */
    bool mark;   /* FACTS_SQLITE: the rows held of relations before rel go into the
                  * database (sqlw_mark) */
    bool append; /* append to the file (else create it, with the CSV header) */
    StrBuf buf;  /* owned by the job */
} WriteJob;

struct FactSink {
    FactFormat fmt;
    int fd;         /* stream sink: the descriptor the frames go to; -1 for a directory */
    const bool *wanted; /* stream sink: relations sent (NULL: all); the others are dropped */
    bool sent;      /* stream sink: a frame went out (an abort then sends a reset) */
    char *dir;      /* target directory */
    char *tmp;      /* temporary directory being written */
    SqlWriter *sql; /* FACTS_SQLITE: the database (used by the writer thread) */
    RelBuf rel[REL__COUNT];
    IrRel cur;      /* relation of the row being written */
    int col;        /* columns written in the current row */
    Status st;      /* sticky error (main thread) */
    int err_no;     /* errno of the first I/O error */
    StrBuf path;    /* scratch (main thread) */

    /* the writer thread and its queue (guarded by mu) */
    pthread_t writer;
    bool writer_running;
    pthread_mutex_t mu;
    pthread_cond_t cv_job;  /* a job arrived, or done */
    pthread_cond_t cv_free; /* a slot became free */
    WriteJob queue[SQL_INFLIGHT];
    size_t qhead, qlen;
    size_t qmax;    /* MAX_INFLIGHT, or SQL_INFLIGHT */
    bool done;
    StrBuf spare[MAX_INFLIGHT]; /* buffers returned by the writer, for reuse */
    size_t nspare;
    Status wst;     /* sticky error of the writer */
    int werr_no;
    int wfd[REL__COUNT]; /* the writer's open relation files (appended to), or -1 */
};

static const char *ext(const FactSink *s) {
    return s->fmt == FACTS_CSV ? ".csv" : ".facts";
}

/* Writes all of data[0..n) to fd (retrying short writes and EINTR). */
static Status write_all(int fd, const void *data, size_t n, int *en) {
    const char *p = data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            *en = w < 0 ? errno : EIO;
            return E_IO;
        }
        p += w;
        n -= (size_t)w;
    }
    return OK;
}

/* Sends one frame: the relation (or a FACT_FRAME_* code), the length, the bytes. */
static Status send_frame(int fd, uint32_t rel, const char *data, size_t n, int *en) {
    if (n > UINT32_MAX) { /* never: buffers are flushed at FLUSH_AT */
        *en = EFBIG;
        return E_IO;
    }
    uint32_t head[2] = {rel, (uint32_t)n};
    Status st = write_all(fd, head, sizeof head, en);
    if (st == OK && n)
        st = write_all(fd, data, n, en);
    return st;
}

/* Closes the relation files the writer keeps open; E_IO (errno in *en) when a close
 * fails. */
static Status close_files(FactSink *s, int *en) {
    Status st = OK;
    for (int r = 0; r < REL__COUNT; r++) {
        if (s->wfd[r] < 0)
            continue;
        if (close(s->wfd[r]) != 0 && st == OK) {
            st = E_IO;
            *en = errno;
        }
        s->wfd[r] = -1;
    }
    return st;
}

/* Appends data[0..n) to relation r's file, or creates the file with it (and the CSV
 * header) unless `append`; a stream sink sends it as a frame. A file appended to stays
 * open for the next time. Sets *en to errno on failure. */
static Status write_rel(FactSink *s, IrRel r, bool append, const char *data, size_t n,
                        StrBuf *path, int *en) {
    if (s->fd >= 0)
        return n ? send_frame(s->fd, (uint32_t)r, data, n, en) : OK;
    int fd = append ? s->wfd[r] : -1;
    if (fd < 0) {
        sb_reset(path);
        sb_addf(path, "%s/%s%s", s->tmp, facts_rels[r].name, ext(s));
        if (path->oom)
            return E_NOMEM;
        int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
        fd = open(path->buf, flags, 0666);
        if (fd < 0 && (errno == EMFILE || errno == ENFILE) && close_files(s, en) == OK)
            fd = open(path->buf, flags, 0666); /* too many open: keep none */
        if (fd < 0) {
            *en = errno;
            return E_IO;
        }
        if (!append && s->fmt == FACTS_CSV) {
            StrBuf h = SB_INIT;
            const RelInfo *ri = &facts_rels[r];
            for (int i = 0; i < ri->arity; i++) {
                if (i)
                    sb_addc(&h, ',');
                sb_adds(&h, ri->cols[i].name);
            }
            sb_addc(&h, '\n');
            Status st = h.oom ? E_NOMEM : write_all(fd, h.buf, h.len, en);
            sb_release(&h);
            if (st != OK) {
                close(fd);
                return st;
            }
        }
    }
    Status st = n ? write_all(fd, data, n, en) : OK;
    if (append && st == OK) {
        s->wfd[r] = fd;
    } else if (append) {
        s->wfd[r] = -1;
        close(fd);
    } else if (close(fd) != 0 && st == OK) { /* created: the rows come later, if any */
        st = E_IO;
        *en = errno;
    }
    return st;
}

/* Writer thread: appends each job's bytes to its relation's file. */
static void *writer_main(void *arg) {
    FactSink *s = arg;
    StrBuf path = SB_INIT;
    Status sst = s->sql ? sqlw_schema(s->sql) : OK; /* while the walk starts */
    pthread_mutex_lock(&s->mu);
    if (sst != OK && s->wst == OK)
        s->wst = sst;
    for (;;) {
        while (s->qlen == 0 && !s->done)
            pthread_cond_wait(&s->cv_job, &s->mu);
        if (s->qlen == 0 && s->done)
            break;
        WriteJob job = s->queue[s->qhead];
        s->qhead = (s->qhead + 1) % SQL_INFLIGHT;
        s->qlen--;
        bool failed = s->wst != OK;
        pthread_mutex_unlock(&s->mu);

        Status st = OK;
        int en = 0;
        if (job.mark) {
            if (!failed)
                st = sqlw_mark(s->sql, job.rel);
        } else if (!failed && job.rel == REL__COUNT && s->fd < 0) {
            for (int r = 0; r < REL__COUNT && st == OK; r++)
                st = write_rel(s, (IrRel)r, false, NULL, 0, &path, &en);
        } else if (!failed && job.rel != REL__COUNT && s->sql) {
            st = sqlw_rows(s->sql, job.rel, &job.buf); /* takes the buffer */
        } else if (!failed && job.rel != REL__COUNT) {
            st = write_rel(s, job.rel, job.append, job.buf.buf, job.buf.len, &path, &en);
        }
        sb_reset(&job.buf);

        pthread_mutex_lock(&s->mu);
        if (st != OK && s->wst == OK) {
            s->wst = st;
            s->werr_no = en;
        }
        if (s->nspare < MAX_INFLIGHT && job.buf.cap)
            s->spare[s->nspare++] = job.buf;
        else
            sb_release(&job.buf);
        pthread_cond_signal(&s->cv_free);
    }
    int en = 0;
    Status cst = close_files(s, &en);
    if (cst != OK && s->wst == OK) {
        s->wst = cst;
        s->werr_no = en;
    }
    pthread_mutex_unlock(&s->mu);
    sb_release(&path);
    return NULL;
}

/* The next free slot of the writer's queue, waiting for one; returns with s->mu held, for
 * job_queued to release once the job is filled in. */
static WriteJob *job_slot(FactSink *s) {
    pthread_mutex_lock(&s->mu);
    while (s->qlen == s->qmax)
        pthread_cond_wait(&s->cv_free, &s->mu);
    return &s->queue[(s->qhead + s->qlen) % SQL_INFLIGHT];
}

/* Queues the job job_slot returned, wakes the writer and releases s->mu. */
static void job_queued(FactSink *s) {
    s->qlen++;
    pthread_cond_signal(&s->cv_job);
    pthread_mutex_unlock(&s->mu);
}

/* Hands relation r's buffer to the writer (final: even when empty, so that every
 * relation gets its file). */
static void flush_rel(FactSink *s, IrRel r, bool final) {
    RelBuf *rb = &s->rel[r];
    if (s->st != OK)
        return;
    if (rb->buf.len == 0 && (!final || rb->on_disk))
        return;
    if (rb->buf.oom) {
        s->st = E_NOMEM;
        return;
    }
    if (s->sql && rb->buf.len == 0)
        return; /* every table exists already */
    if (s->fd >= 0 && ((s->wanted && !s->wanted[r]) || rb->buf.len == 0)) {
        sb_reset(&rb->buf); /* a relation nobody reads: its rows go nowhere */
        return;
    }
    if (s->fd >= 0)
        s->sent = true;
    WriteJob *j = job_slot(s);
    *j = (WriteJob){.rel = r, .append = rb->on_disk, .buf = rb->buf};
    if (s->nspare)
        rb->buf = s->spare[--s->nspare];
    else
        sb_init(&rb->buf);
    job_queued(s);
    if (s->sql && !final) /* the SQLite writer keeps the buffers: one allocation each */
        sb_reserve(&rb->buf, FLUSH_AT + FLUSH_AT / 16);
    rb->on_disk = true;
}

void fact_sink_mark(FactSink *s, IrRel upto) {
    if (!s->sql || s->st != OK)
        return;
    for (int r = 0; r < (int)upto; r++)
        flush_rel(s, (IrRel)r, true); /* no new buffer reserved: few rows follow */
    if (s->st != OK)
        return;
    WriteJob *j = job_slot(s);
    *j = (WriteJob){.rel = upto, .mark = true};
    sb_init(&j->buf);
    job_queued(s);
}

/* Stops the writer after it has written every queued job. */
static void join_writer(FactSink *s) {
    if (!s->writer_running)
        return;
    pthread_mutex_lock(&s->mu);
    s->done = true;
    pthread_cond_signal(&s->cv_job);
    pthread_mutex_unlock(&s->mu);
    pthread_join(s->writer, NULL);
    s->writer_running = false;
    for (size_t i = 0; i < s->nspare; i++)
        sb_release(&s->spare[i]);
    s->nspare = 0;
    if (s->st == OK && s->wst != OK) {
        s->st = s->wst;
        s->err_no = s->werr_no;
    }
}

static void remove_tree_files(const char *dir) {
    DIR *d = opendir(dir);
    if (!d)
        return;
    StrBuf p = SB_INIT;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        sb_reset(&p);
        sb_addf(&p, "%s/%s", dir, e->d_name);
        unlink(p.buf);
    }
    closedir(d);
    sb_release(&p);
    rmdir(dir);
}

/* True when dir holds only regular files named *.facts or *.csv (an earlier output). */
static bool replaceable(const char *dir) {
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool ok = true;
    StrBuf p = SB_INIT;
    struct dirent *e;
    while (ok && (e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        size_t n = strlen(e->d_name);
        bool named = (n > 6 && !strcmp(e->d_name + n - 6, ".facts")) ||
                     (n > 4 && !strcmp(e->d_name + n - 4, ".csv"));
        sb_reset(&p);
        sb_addf(&p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (!named || lstat(p.buf, &st) != 0 || !S_ISREG(st.st_mode))
            ok = false;
    }
    closedir(d);
    sb_release(&p);
    return ok;
}

static Status start_writer(FactSink *s, StrBuf *err) {
    s->qmax = s->sql ? SQL_INFLIGHT : MAX_INFLIGHT;
    for (int r = 0; r < REL__COUNT; r++)
        s->wfd[r] = -1;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv_job, NULL);
    pthread_cond_init(&s->cv_free, NULL);
    if (pthread_create(&s->writer, NULL, writer_main, s) != 0) {
        sb_addf(err, "cannot start the writer thread");
        pthread_mutex_destroy(&s->mu);
        pthread_cond_destroy(&s->cv_job);
        pthread_cond_destroy(&s->cv_free);
        return E_INTERNAL;
    }
    s->writer_running = true;
    return OK;
}

/* The FACTS_SQLITE sink: the database file `path`, through sink_sqlite.c. */
static Status open_sqlite(FactSink **out, const char *path, StrBuf *err) {
    FactSink *s = mem_calloc(1, sizeof *s);
    if (!s)
        return E_NOMEM;
    s->fmt = FACTS_SQLITE;
    s->fd = -1;
    sb_init(&s->path);
    for (int i = 0; i < REL__COUNT; i++) {
        sb_init(&s->rel[i].buf);
        s->rel[i].on_disk = true; /* rows are always appended to the table */
    }
    s->dir = mem_strdup(path);
    if (!s->dir) {
        fact_sink_abort(s);
        return E_NOMEM;
    }
    Status st = sqlw_open(&s->sql, path, err);
    if (st == OK)
        st = start_writer(s, err);
    if (st != OK) {
        fact_sink_abort(s);
        return st;
    }
    *out = s;
    return OK;
}

Status fact_sink_open(FactSink **out, const char *dir, FactFormat fmt, StrBuf *err) {
    *out = NULL;
    if (fmt == FACTS_SQLITE)
        return open_sqlite(out, dir, err);
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            sb_addf(err, "%s: exists and is not a directory", dir);
            return E_IO;
        }
        if (!replaceable(dir)) {
            sb_addf(err,
                    "%s: directory exists and holds files that are not relation files; "
                    "refusing to replace it",
                    dir);
            return E_IO;
        }
    }
    FactSink *s = mem_calloc(1, sizeof *s);
    if (!s)
        return E_NOMEM;
    s->fmt = fmt;
    s->fd = -1;
    sb_init(&s->path);
    for (int i = 0; i < REL__COUNT; i++)
        sb_init(&s->rel[i].buf);
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    s->dir = mem_strndup(dir, n);
    StrBuf t = SB_INIT;
    sb_add(&t, dir, n);
    sb_addf(&t, ".tmp-irlog.%ld", (long)getpid());
    s->tmp = sb_detach(&t, NULL);
    if (!s->dir || !s->tmp) {
        fact_sink_abort(s);
        return E_NOMEM;
    }
    remove_tree_files(s->tmp); /* a leftover from a killed run with the same pid */
    if (mkdir(s->tmp, 0777) != 0) {
        sb_addf(err, "%s: cannot create the output directory: %s", s->dir, strerror(errno));
        fact_sink_abort(s);
        return E_IO;
    }
    Status ws = start_writer(s, err);
    if (ws != OK) {
        fact_sink_abort(s);
        return ws;
    }
    /* the writer creates every file first, while the walk begins */
    pthread_mutex_lock(&s->mu);
    s->queue[0] = (WriteJob){.rel = REL__COUNT, .append = false, .buf = SB_INIT};
    s->qlen = 1;
    pthread_cond_signal(&s->cv_job);
    pthread_mutex_unlock(&s->mu);
    for (int i = 0; i < REL__COUNT; i++)
        s->rel[i].on_disk = true;
    *out = s;
    return OK;
}

Status fact_sink_open_stream(FactSink **out, int fd, const bool *wanted, StrBuf *err) {
    *out = NULL;
    FactSink *s = mem_calloc(1, sizeof *s);
    if (!s)
        return E_NOMEM;
    s->fmt = FACTS_TSV;
    s->fd = fd;
    s->wanted = wanted;
    sb_init(&s->path);
    for (int i = 0; i < REL__COUNT; i++)
        sb_init(&s->rel[i].buf);
    Status ws = start_writer(s, err);
    if (ws != OK) {
        mem_free(s);
        return ws;
    }
    *out = s;
    return OK;
}

void fact_sink_abort(FactSink *s) {
    if (!s)
        return;
    if (s->fd >= 0 && s->writer_running) {
        /* frames already sent are void: the reader drops what it received so far */
        join_writer(s);
        pthread_mutex_destroy(&s->mu);
        pthread_cond_destroy(&s->cv_job);
        pthread_cond_destroy(&s->cv_free);
        if (s->sent) {
            int en = 0;
            (void)send_frame(s->fd, FACT_FRAME_RESET, NULL, 0, &en);
        }
    }
    if (s->writer_running) {
        join_writer(s);
        pthread_mutex_destroy(&s->mu);
        pthread_cond_destroy(&s->cv_job);
        pthread_cond_destroy(&s->cv_free);
    }
    for (size_t i = 0; i < s->qlen; i++)
        sb_release(&s->queue[(s->qhead + i) % SQL_INFLIGHT].buf);
    s->qlen = 0;
    if (s->tmp)
        remove_tree_files(s->tmp);
    sqlw_abort(s->sql);
    s->sql = NULL;
    for (int i = 0; i < REL__COUNT; i++)
        sb_release(&s->rel[i].buf);
    sb_release(&s->path);
    mem_free(s->dir);
    mem_free(s->tmp);
    mem_free(s);
}

Status fact_sink_commit(FactSink *s, StrBuf *err) {
    for (int i = 0; i < REL__COUNT; i++) {
        if (s->rel[i].buf.oom && s->st == OK)
            s->st = E_NOMEM;
        flush_rel(s, (IrRel)i, true);
    }
    join_writer(s);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv_job);
    pthread_cond_destroy(&s->cv_free);
    Status st = s->st;
    if (s->fd >= 0) {
        int en = 0;
        if (st == OK)
            st = send_frame(s->fd, FACT_FRAME_END, NULL, 0, &en);
        if (st == E_IO)
            sb_addf(err, "cannot send the relations: %s", strerror(en ? en : s->err_no));
        else if (st != OK)
            sb_addf(err, "%s", status_str(st));
        s->sent = false;
        fact_sink_abort(s);
        return st;
    }
    if (s->sql) {
        if (st != OK) {
            sb_addf(err, "%s: cannot write the database: %s", s->dir,
                    *sqlw_error(s->sql) ? sqlw_error(s->sql) : status_str(st));
        } else {
            st = sqlw_commit(s->sql, err); /* frees the writer whatever happens */
            s->sql = NULL;
        }
        fact_sink_abort(s);
        return st;
    }
    if (st != OK) {
        if (st == E_IO)
            sb_addf(err, "%s: cannot write: %s", s->tmp, strerror(s->err_no));
        else
            sb_addf(err, "%s", status_str(st));
        fact_sink_abort(s);
        return st;
    }
    struct stat sst;
    StrBuf old = SB_INIT;
    if (stat(s->dir, &sst) == 0) {
        sb_addf(&old, "%s.old-irlog.%ld", s->dir, (long)getpid());
        if (rename(s->dir, old.buf) != 0) {
            sb_addf(err, "%s: cannot replace: %s", s->dir, strerror(errno));
            sb_release(&old);
            fact_sink_abort(s);
            return E_IO;
        }
    }
    if (rename(s->tmp, s->dir) != 0) {
        sb_addf(err, "%s: cannot rename %s into place: %s", s->dir, s->tmp, strerror(errno));
        if (old.len)
            rename(old.buf, s->dir);
        sb_release(&old);
        fact_sink_abort(s);
        return E_IO;
    }
    if (old.len)
        remove_tree_files(old.buf);
    sb_release(&old);
    mem_free(s->tmp);
    s->tmp = NULL;
    fact_sink_abort(s);
    return OK;
}

uint64_t fact_sink_count(const FactSink *s, IrRel r) {
    return s->rel[r].rows;
}

const char *fact_sink_error(FactSink *s) {
    Status st = fact_sink_status(s);
    if (s->sql && st != OK) {
        pthread_mutex_lock(&s->mu); /* the writer thread wrote the text before wst */
        bool writer_failed = s->wst != OK;
        pthread_mutex_unlock(&s->mu);
        if (writer_failed && *sqlw_error(s->sql))
            return sqlw_error(s->sql);
    }
    if (st == E_IO)
        return strerror(s->err_no ? s->err_no : s->werr_no);
    return status_str(st);
}

Status fact_sink_status(FactSink *s) {
    if (s->st != OK)
        return s->st;
    pthread_mutex_lock(&s->mu);
    Status st = s->wst;
    pthread_mutex_unlock(&s->mu);
    return st;
}

void fs_begin(FactSink *s, IrRel r) {
    s->cur = r;
    s->col = 0;
}

static inline StrBuf *cell(FactSink *s) {
    StrBuf *b = &s->rel[s->cur].buf;
    if (s->col++)
        sb_addc(b, s->fmt == FACTS_CSV ? ',' : '\t');
    return b;
}

/* Room for n more bytes and the NUL in b: inline while there is (one call per cell). */
static IRLOG_ALWAYS_INLINE bool room(StrBuf *b, size_t n) {
    return (b->len + n < b->cap && n < b->cap) || sb_reserve(b, n);
}

/* TSV and CSV: where the next cell's bytes go, after the separator when it is not the
 * row's first cell, with room for n bytes and the NUL; NULL when memory ran out. */
static IRLOG_ALWAYS_INLINE char *text_cell(FactSink *s, StrBuf *b, size_t n, char sep) {
    if (!room(b, n + 1))
        return NULL;
    char *d = b->buf + b->len;
    if (s->col++)
        *d++ = sep;
    return d;
}

/* Bytes that TSV escapes: \t \n \r \\, and a NUL byte (only fs_symn can pass one) as \0. */
static const unsigned char tsv_special[256] = {['\t'] = 't', ['\n'] = 'n', ['\r'] = 'r',
                                               ['\\'] = '\\', ['\0'] = '0'};

/* Copies v[0..n) to d when it needs no escape in a TSV cell, which is when every byte
 * is ASCII from 0x20 up and not a backslash (checked and copied 16 or 8 bytes at a
 * time); false means "maybe it does" (d may then hold part of a copy): tsv_escape writes
 * the cell, byte by byte, the same way for the bytes that need nothing. */
/* The high bit of each byte of x that tsv_copy does not copy as it is: below 0x20, a
 * backslash, from 0x80 up (the lowest byte below 0x20 or equal to the backslash sets
 * its high bit, and any byte from 0x80 up its own: enough to say "maybe"). */
static IRLOG_ALWAYS_INLINE uint64_t tsv_maybe(uint64_t x) {
    const uint64_t ones = 0x0101010101010101u, bs = x ^ (ones * '\\');
    return (x | ((x - ones * 0x20) & ~x) | ((bs - ones) & ~bs)) & 0x8080808080808080u;
}

static IRLOG_ALWAYS_INLINE bool tsv_copy(char *d, const char *v, size_t n) {
    uint64_t acc = 0, x;
    if (n >= 4 && n < 8) {
        /* the first and the last 4 bytes, overlapping */
        uint32_t lo, hi;
        memcpy(&lo, v, 4);
        memcpy(&hi, v + n - 4, 4);
        memcpy(d, &lo, 4);
        memcpy(d + n - 4, &hi, 4);
        return tsv_maybe((uint64_t)lo | (uint64_t)hi << 32) == 0;
    }
    if (n < 4) {
        bool bad = false;
        for (size_t i = 0; i < n; i++) {
            unsigned char u = (unsigned char)v[i];
            d[i] = (char)u;
            bad |= u < 0x20 || u == '\\' || u >= 0x80;
        }
        return !bad;
    }
#ifdef __SSE2__
    if (n >= 16) {
        /* 16 bytes at a time: as signed bytes, those below 0x20 and those from 0x80 up
         * are less than 0x20 */
        const __m128i space = _mm_set1_epi8(0x20), bslash = _mm_set1_epi8('\\');
        __m128i wacc = _mm_setzero_si128();
        for (size_t i = 0;; i += 16) {
            if (i + 16 > n)
                i = n - 16; /* the last 16 bytes, overlapping the ones already seen */
            __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(v + i));
            _mm_storeu_si128((__m128i *)(void *)(d + i), w);
            wacc = _mm_or_si128(wacc, _mm_or_si128(_mm_cmplt_epi8(w, space),
                                                 _mm_cmpeq_epi8(w, bslash)));
            if (i + 16 == n)
                break;
        }
        return _mm_movemask_epi8(wacc) == 0;
    }
#endif
    for (size_t i = 0;; i += 8) {
        if (i + 8 > n)
            i = n - 8; /* the last 8 bytes, overlapping the ones already seen */
        memcpy(&x, v + i, 8);
        memcpy(d + i, &x, 8);
        acc |= tsv_maybe(x);
        if (i + 8 == n)
            break;
    }
    return acc == 0;
}

/* FACTS_SQLITE: a tagged cell (facts_int.h). */
static void sql_cell(FactSink *s, char tag, const void *v, size_t n, bool with_len) {
    StrBuf *b = &s->rel[s->cur].buf;
    s->col++;
    if (with_len && n > UINT32_MAX) {
        if (s->st == OK)
            s->st = E_LIMIT;
        n = 0;
    }
    if (!sb_reserve(b, 1 + 4 + n))
        return;
    b->buf[b->len++] = tag;
    if (with_len) {
        uint32_t len = (uint32_t)n;
        memcpy(b->buf + b->len, &len, 4);
        b->len += 4;
    }
    if (n)
        memcpy(b->buf + b->len, v, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

static void tsv_escape(StrBuf *b, const char *v, size_t n);

/* TSV: a symbol cell, copied whole when it needs no escape. */
static IRLOG_ALWAYS_INLINE void tsv_sym(FactSink *s, const char *v, size_t n) {
    StrBuf *b = &s->rel[s->cur].buf;
    char *d = text_cell(s, b, n, '\t');
    if (!d)
        return;
    if (!tsv_copy(d, v, n)) {
        b->len = (size_t)(d - b->buf);
        b->buf[b->len] = '\0';
        tsv_escape(b, v, n);
        return;
    }
    d += n;
    *d = '\0';
    b->len = (size_t)(d - b->buf);
}

void fs_symn(FactSink *s, const char *v, size_t n) {
    if (s->fmt == FACTS_SQLITE) {
        sql_cell(s, SQLW_SYM, v, n, true);
        return;
    }
    if (s->fmt == FACTS_TSV) {
        tsv_sym(s, v, n);
        return;
    }
    StrBuf *b = cell(s);
    /* CSV: quoted: the empty string (unquoted, it is NULL to PostgreSQL's COPY), and `\.`
     * (unquoted on a line of its own, COPY's end of data) */
    bool quote = n == 0 || memchr(v, '\0', n) != NULL || (n == 2 && v[0] == '\\' && v[1] == '.');
    for (size_t i = 0; i < n && !quote; i++)
        quote = v[i] == ',' || v[i] == '"' || v[i] == '\n' || v[i] == '\r';
    if (!quote) {
        sb_add(b, v, n);
        return;
    }
    sb_addc(b, '"');
    for (size_t i = 0; i < n; i++) {
        if (v[i] == '"')
            sb_addc(b, '"');
        sb_addc(b, v[i]);
    }
    sb_addc(b, '"');
}

/* Appends v[0..n) to b as a TSV cell: \t \n \r \\ and NUL escaped, bytes that are not
 * UTF-8 as \xNN. */
static void tsv_escape(StrBuf *b, const char *v, size_t n) {
    if (!sb_reserve(b, 4 * n))
        return;
    char *d = b->buf + b->len;
    const unsigned char *u = (const unsigned char *)v;
    for (size_t i = 0; i < n; i++) {
        unsigned char e = tsv_special[u[i]];
        if (e) {
            *d++ = '\\';
            *d++ = (char)e;
        } else if (u[i] < 0x80) {
            *d++ = (char)u[i];
        } else {
            size_t len = utf8_seq_len(u + i, n - i);
            if (len) {
                memcpy(d, u + i, len);
                d += len;
                i += len - 1;
            } else { /* not UTF-8: the byte as \xNN, so that every file is UTF-8 */
                static const char hex[] = "0123456789ABCDEF";
                *d++ = '\\';
                *d++ = 'x';
                *d++ = hex[u[i] >> 4];
                *d++ = hex[u[i] & 15];
            }
        }
    }
    b->len = (size_t)(d - b->buf);
    b->buf[b->len] = '\0';
}

void fs_sym(FactSink *s, const char *v) {
    if (!v)
        v = "";
    if (s->fmt == FACTS_TSV)
        tsv_sym(s, v, strlen(v));
    else
        fs_symn(s, v, strlen(v));
}

/* "00" "01" ... "99": two digits at a time */
static const char digit_pairs[201] = "00010203040506070809101112131415161718192021222324252627282930"
                                     "31323334353637383940414243444546474849505152535455565758596061"
                                     "62636465666768697071727374757677787980818283848586878889909192"
                                     "93949596979899";

/* TSV and CSV: the decimal digits of v (a '-' first when neg), written in place. */
static IRLOG_ALWAYS_INLINE void text_num(FactSink *s, uint64_t v, bool neg) {
    size_t nd = 1;
    for (uint64_t t = v; t >= 10 && nd < 20; t /= 10) /* (at most 20 digits) */
        nd++;
    size_t n = nd + (neg ? 1 : 0);
    StrBuf *b = &s->rel[s->cur].buf;
    char *d = text_cell(s, b, n, s->fmt == FACTS_CSV ? ',' : '\t');
    if (!d)
        return;
    if (neg)
        *d++ = '-';
    char *p = d + nd;
    *p = '\0';
    while (v >= 100) {
        unsigned k = (unsigned)(v % 100) * 2;
        v /= 100;
        *--p = digit_pairs[k + 1];
        *--p = digit_pairs[k];
    }
    if (v >= 10) {
        *--p = digit_pairs[v * 2 + 1];
        *--p = digit_pairs[v * 2];
    } else {
        *--p = (char)('0' + v);
    }
    b->len = (size_t)(d + nd - b->buf);
}

void fs_num(FactSink *s, int64_t v) {
    if (s->fmt == FACTS_SQLITE)
        sql_cell(s, SQLW_NUM, &v, sizeof v, false);
    else
        text_num(s, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
}

void fs_unum(FactSink *s, uint64_t v) {
    if (s->fmt == FACTS_SQLITE)
        sql_cell(s, SQLW_UNUM, &v, sizeof v, false);
    else
        text_num(s, v, false);
}

void fs_float(FactSink *s, double v) {
    if (s->fmt == FACTS_SQLITE)
        sql_cell(s, SQLW_FLOAT, &v, sizeof v, false);
    else
        sb_addf(cell(s), "%.17g", v);
}

void fs_end(FactSink *s) {
    RelBuf *rb = &s->rel[s->cur];
    StrBuf *b = &rb->buf;
    rb->rows++;
    if (s->sql) {
        if (b->len >= FLUSH_AT)
            flush_rel(s, s->cur, false);
        return;
    }
    if (b->len + 2 <= b->cap) {
        b->buf[b->len++] = '\n';
        b->buf[b->len] = '\0';
    } else {
        sb_addc_grow(b, '\n');
    }
    if (b->len >= FLUSH_TEXT)
        flush_rel(s, s->cur, false);
}
