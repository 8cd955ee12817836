/*
 * sink.c — FactSink: per-relation row buffers written as TSV .facts or CSV files.
 *
 * Rows are appended to one StrBuf per relation; a buffer that grows past FLUSH_AT is
 * appended to its file in the temporary directory, so memory stays bounded however
 * large the module. Commit writes the rest, creates the files of empty relations,
 * and renames the temporary directory into place.
 */
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts.h"

#define FLUSH_AT (256u * 1024u)

typedef struct RelBuf {
    StrBuf buf;
    uint64_t rows;
    bool on_disk; /* part of it already written */
} RelBuf;

struct FactSink {
    FactFormat fmt;
    char *dir;      /* target directory */
    char *tmp;      /* temporary directory being written */
    RelBuf rel[REL__COUNT];
    IrRel cur;      /* relation of the row being written */
    int col;        /* columns written in the current row */
    Status st;      /* sticky error */
    int err_no;     /* errno of the first I/O error */
    StrBuf path;    /* scratch */
};

static const char *ext(const FactSink *s) {
    return s->fmt == FACTS_CSV ? ".csv" : ".facts";
}

static void rel_path(FactSink *s, const char *dir, IrRel r) {
    sb_reset(&s->path);
    sb_adds(&s->path, dir);
    sb_addc(&s->path, '/');
    sb_adds(&s->path, facts_rels[r].name);
    sb_adds(&s->path, ext(s));
}

static void fail_io(FactSink *s) {
    if (s->st == OK) {
        s->st = E_IO;
        s->err_no = errno;
    }
}

static void write_header(FactSink *s, FILE *f, IrRel r) {
    const RelInfo *ri = &facts_rels[r];
    for (int i = 0; i < ri->arity; i++) {
        if (i)
            fputc(',', f);
        fputs(ri->cols[i].name, f);
    }
    fputc('\n', f);
}

static void flush_rel(FactSink *s, IrRel r, bool final) {
    RelBuf *rb = &s->rel[r];
    if (s->st != OK)
        return;
    if (rb->on_disk && rb->buf.len == 0)
        return;
    if (!final && rb->buf.len == 0)
        return;
    rel_path(s, s->tmp, r);
    if (s->path.oom) {
        s->st = E_NOMEM;
        return;
    }
    FILE *f = fopen(s->path.buf, rb->on_disk ? "ab" : "wb");
    if (!f) {
        fail_io(s);
        return;
    }
    if (!rb->on_disk && s->fmt == FACTS_CSV)
        write_header(s, f, r);
    if (rb->buf.len && fwrite(rb->buf.buf, 1, rb->buf.len, f) != rb->buf.len)
        fail_io(s);
    if (fclose(f) != 0)
        fail_io(s);
    rb->on_disk = true;
    sb_reset(&rb->buf);
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

Status fact_sink_open(FactSink **out, const char *dir, FactFormat fmt, StrBuf *err) {
    *out = NULL;
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
        sb_addf(err, "%s: cannot create directory: %s", s->tmp, strerror(errno));
        fact_sink_abort(s);
        return E_IO;
    }
    *out = s;
    return OK;
}

void fact_sink_abort(FactSink *s) {
    if (!s)
        return;
    if (s->tmp)
        remove_tree_files(s->tmp);
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
    Status st = s->st;
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

Status fact_sink_status(const FactSink *s) {
    return s->st;
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

void fs_symn(FactSink *s, const char *v, size_t n) {
    StrBuf *b = cell(s);
    if (s->fmt == FACTS_CSV) {
        bool quote = n == 0 || strpbrk(v, ",\"\n\r") != NULL || memchr(v, '\0', n) != NULL;
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
        return;
    }
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        char e;
        switch (v[i]) {
        case '\t': e = 't'; break;
        case '\n': e = 'n'; break;
        case '\r': e = 'r'; break;
        case '\\': e = '\\'; break;
        default: continue;
        }
        sb_add(b, v + start, i - start);
        sb_addc(b, '\\');
        sb_addc(b, e);
        start = i + 1;
    }
    sb_add(b, v + start, n - start);
}

void fs_sym(FactSink *s, const char *v) {
    fs_symn(s, v ? v : "", v ? strlen(v) : 0);
}

void fs_num(FactSink *s, int64_t v) {
    sb_add_i64(cell(s), v);
}

void fs_unum(FactSink *s, uint64_t v) {
    sb_add_u64(cell(s), v);
}

void fs_float(FactSink *s, double v) {
    sb_addf(cell(s), "%.17g", v);
}

void fs_end(FactSink *s) {
    RelBuf *rb = &s->rel[s->cur];
    sb_addc(&rb->buf, '\n');
    rb->rows++;
    if (rb->buf.len >= FLUSH_AT)
        flush_rel(s, s->cur, false);
}
