/*
 * dl_io.c — fact files in, result files out.
 *
 * Owns: reading `.input` relations (Souffle's format: one tuple per line, fields split by
 * the delimiter, default tab; symbols are the raw bytes between delimiters, never
 * unescaped; a trailing \r is dropped; numbers in decimal, 0x hex or 0b binary), with an
 * error naming file:line:col for a malformed field, a wrong column count, a non-UTF-8
 * byte or an integer overflow; writing `.output` relations (`<rel>.csv` in the output
 * directory, tab-separated, optional header line, `()` for a true 0-ary relation) to
 * temporary names that are renamed only once every output was written; `-D -` and
 * IO=stdout print Souffle's framed tables; `.printsize` prints `name<TAB>size`.
 * Output order is deterministic: rows sorted column by column (numbers numerically,
 * symbols bytewise), independent of interning order and thread schedule.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dl_int.h"

#define MAX_ERRORS_PER_FILE 20

/* ---- values ---------------------------------------------------------------------- */

static const char *parse_int(const char *s, size_t n, bool is_signed, DlValue *v) {
    size_t i = 0;
    bool neg = false;
    if (n == 0)
        return "expected a number, found an empty field";
    if (is_signed && (s[0] == '-' || s[0] == '+'))
        neg = s[i++] == '-';
    int base = 10;
    if (n - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
        base = 16, i += 2;
    else if (n - i > 2 && s[i] == '0' && (s[i + 1] == 'b' || s[i + 1] == 'B'))
        base = 2, i += 2;
    if (i == n)
        return is_signed ? "expected a number" : "expected an unsigned number";
    uint64_t x = 0;
    for (; i < n; i++) {
        int c = (unsigned char)s[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            d = 99;
        if (d >= base)
            return is_signed ? "expected a number" : "expected an unsigned number";
        if (x > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return "integer overflow";
        x = x * (uint64_t)base + (uint64_t)d;
    }
    if (is_signed) {
        if (neg ? x > (uint64_t)INT64_MAX + 1 : x > (uint64_t)INT64_MAX)
            return "integer overflow (numbers are signed 64-bit)";
        *v = neg ? 0 - x : x;
    } else
        *v = x;
    return NULL;
}

const char *dl_io_parse_value(DlProgram *p, DlKind kind, const char *s, size_t n, DlValue *v,
                              Status *st) {
    *st = OK;
    switch (kind) {
    case DL_KIND_NUMBER: return parse_int(s, n, true, v);
    case DL_KIND_UNSIGNED: return parse_int(s, n, false, v);
    case DL_KIND_FLOAT: {
        char buf[128];
        if (n == 0 || n >= sizeof buf)
            return "expected a float";
        DL_MEMCPY(buf, s, n);
        buf[n] = '\0';
        char *end;
        double f = strtod(buf, &end);
        if (end != buf + n || buf[0] == ' ' || buf[0] == '\t')
            return "expected a float";
        DL_MEMCPY(v, &f, sizeof f);
        return NULL;
    }
    case DL_KIND_SYMBOL: *st = dl_intern(p, s, n, v); return NULL;
    }
    return "bad kind";
}

/* Length of the valid UTF-8 prefix of s[0..n). */
static size_t utf8_valid(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t len;
        unsigned min;
        if ((c & 0xe0) == 0xc0)
            len = 2, min = 0x80;
        else if ((c & 0xf0) == 0xe0)
            len = 3, min = 0x800;
        else if ((c & 0xf8) == 0xf0)
            len = 4, min = 0x10000;
        else
            return i;
        if (i + len > n)
            return i;
        unsigned cp = c & (0xff >> (len + 1));
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return i;
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += len;
    }
    return n;
}

/* ---- input ----------------------------------------------------------------------- */

static char *join_path(const char *dir, const char *name) {
    if (name[0] == '/' || !dir || !dir[0] || strcmp(dir, ".") == 0)
        return mem_strdup(name);
    StrBuf sb = SB_INIT;
    sb_adds(&sb, dir);
    if (sb.len && sb.buf[sb.len - 1] != '/')
        sb_addc(&sb, '/');
    sb_adds(&sb, name);
    return sb_detach(&sb, NULL);
}

/* ---- IO=sqlite (Souffle 2.5's ReadStreamSQLite / WriteStreamSQLite) --------------------
 * The database of a directive: `filename`, else `dbname`, else `<relation>.sqlite`,
 * relative to the fact-dir / output-dir option or -F / -D unless absolute (a `file:` URI
 * or `:memory:` as it is). Input: every row of the table or view named as the relation
 * (SELECT *), its values turned into the text of a fact-file line, which the reader of
 * fact files then parses: a symbol is spelled as `irlog facts` spells it in a .facts
 * file (tab, newline, carriage return, backslash, NUL as \t \n \r \\ \0, a byte that is
 * not UTF-8 as \xNN), so a symbol read from a database is the very value read from the
 * .facts file; integers in decimal, a REAL of a float column with 17 digits (exact), NULL
 * as the empty field, anything else as its text. Output: Souffle's layout: a table
 * `_<relation>` of INTEGER columns '0', '1', ... (a symbol as its id in `__SymbolTable(id,
 * symbol)`, numbers as they are), and a view `<relation>` with the attribute names that
 * joins the symbols back; symbols go in as their bytes (the .facts spellings above
 * undone). Two departures, so that what is written reads back: a float is stored as its
 * value (Souffle stores its bit pattern, which its own reader takes for a number), an
 * unsigned above 2^63-1 as a BLOB of its decimal digits (as `irlog facts` stores it). */

/* Appends bytes as a .facts file spells them. */
static void facts_escape(StrBuf *sb, const unsigned char *u, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = u[i];
        char e = c == '\t' ? 't' : c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\\' ? '\\'
                 : c == '\0'                                      ? '0'
                                                                  : 0;
        if (e) {
            sb_addc(sb, '\\');
            sb_addc(sb, e);
        } else if (c < 0x80) {
            sb_addc(sb, (char)c);
        } else {
            size_t len = utf8_seq_len(u + i, n - i);
            if (len) {
                sb_add(sb, u + i, len);
                i += len - 1;
            } else {
                sb_addc(sb, '\\');
                sb_addc(sb, 'x');
                sb_addc(sb, hex[c >> 4]);
                sb_addc(sb, hex[c & 15]);
            }
        }
    }
}

static int hexval(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* The bytes a .facts spelling stands for (the inverse of facts_escape). */
static void facts_unescape(StrBuf *sb, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            char c = s[i + 1];
            if (c == 't' || c == 'n' || c == 'r' || c == '\\' || c == '0') {
                sb_addc(sb, c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == '0' ? '\0' : '\\');
                i++;
                continue;
            }
            if (c == 'x' && i + 3 < n && hexval(s[i + 2]) >= 0 && hexval(s[i + 3]) >= 0) {
                sb_addc(sb, (char)(hexval(s[i + 2]) * 16 + hexval(s[i + 3])));
                i += 3;
                continue;
            }
        }
        sb_addc(sb, s[i]);
    }
}

static bool sqlite_uri(const char *name) {
    return strncmp(name, "file:", 5) == 0 || strncmp(name, ":memory:", 8) == 0;
}

static char *sqlite_path(const DlDirective *dir, const DlDecl *dc, const char *dflt_dir,
                         const char *dir_key) {
    const char *name = dl_io_opt(dir, "filename");
    if (!name)
        name = dl_io_opt(dir, "dbname");
    StrBuf nb = SB_INIT;
    if (name)
        sb_adds(&nb, name);
    else
        sb_addf(&nb, "%s.sqlite", dc->name);
    if (nb.oom)
        return NULL;
    if (sqlite_uri(nb.buf))
        return sb_detach(&nb, NULL);
    const char *dd = dl_io_opt(dir, dir_key);
    char *path = join_path(dd ? dd : dflt_dir, nb.buf);
    sb_release(&nb);
    return path;
}

/* Reads an IO=sqlite input into `text` as fact-file lines; *name: the name diagnostics
 * give the table ("x.db[rel]"). */
static Status sqlite_read_text(DlProgram *p, const DlDirective *dir, const char *fact_dir,
                               StrBuf *text, char **name, Diags *d) {
    const DlDecl *dc = &p->decls.v[dir->rel];
    Status st = OK;
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    char *path = sqlite_path(dir, dc, fact_dir, "fact-dir");
    *name = NULL;
    if (!path)
        return E_NOMEM;
    int flags = SQLITE_OPEN_READONLY | (sqlite_uri(path) ? SQLITE_OPEN_URI : 0);
    int rc = sqlite3_open_v2(path, &db, flags, NULL);
    if (rc != SQLITE_OK) {
        diags_add(d, DIAG_ERROR, dir->loc,
                  "cannot open database '%s' of relation '%s' (IO=sqlite): %s", path,
                  dc->name, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        st = E_IO;
        goto out;
    }
    rc = sqlite3_prepare_v2(db,
                            "SELECT count(*) FROM sqlite_master WHERE type IN ('table', "
                            "'view') AND name = ?1",
                            -1, &q, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(q, 1, dc->name, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW && sqlite3_column_int(q, 0) == 0) {
        diags_add(d, DIAG_ERROR, dir->loc,
                  "database '%s' has no table or view '%s' (relation '%s', IO=sqlite)", path,
                  dc->name, dc->name);
        st = E_IO;
        goto out;
    }
    if (rc != SQLITE_ROW) {
        diags_add(d, DIAG_ERROR, dir->loc, "cannot read database '%s' of relation '%s': %s",
                  path, dc->name, sqlite3_errmsg(db));
        st = E_IO;
        goto out;
    }
    sqlite3_finalize(q);
    q = NULL;
    StrBuf sql = SB_INIT;
    sb_adds(&sql, "SELECT * FROM \"");
    for (const char *c = dc->name; *c; c++) {
        if (*c == '"')
            sb_addc(&sql, '"');
        sb_addc(&sql, *c);
    }
    sb_addc(&sql, '"');
    rc = sql.oom ? SQLITE_NOMEM : sqlite3_prepare_v2(db, sql.buf, -1, &q, NULL);
    sb_release(&sql);
    if (rc != SQLITE_OK) {
        diags_add(d, DIAG_ERROR, dir->loc, "cannot read table '%s' of database '%s': %s",
                  dc->name, path, sqlite3_errmsg(db));
        st = rc == SQLITE_NOMEM ? E_NOMEM : E_IO;
        goto out;
    }
    if ((uint32_t)sqlite3_column_count(q) != dc->arity) {
        diags_add(d, DIAG_ERROR, dir->loc,
                  "relation '%s' has %u column%s, but table '%s' of database '%s' has %d",
                  dc->name, dc->arity, dc->arity == 1 ? "" : "s", dc->name, path,
                  sqlite3_column_count(q));
        st = E_IO;
        goto out;
    }
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        for (uint32_t c = 0; c < dc->arity; c++) {
            if (c)
                sb_addc(text, '\t');
            int ty = sqlite3_column_type(q, (int)c);
            if (ty == SQLITE_NULL)
                continue;
            if (ty == SQLITE_INTEGER) {
                sb_add_i64(text, (int64_t)sqlite3_column_int64(q, (int)c));
            } else if (ty == SQLITE_FLOAT && dl_decl_kind(dc, c) == DL_KIND_FLOAT) {
                sb_addf(text, "%.17g", sqlite3_column_double(q, (int)c));
            } else {
                const unsigned char *v = ty == SQLITE_BLOB ? sqlite3_column_blob(q, (int)c)
                                                           : sqlite3_column_text(q, (int)c);
                int n = sqlite3_column_bytes(q, (int)c);
                if (v)
                    facts_escape(text, v, (size_t)n);
            }
        }
        sb_addc(text, '\n');
        if (text->oom) {
            st = E_NOMEM;
            goto out;
        }
    }
    if (rc != SQLITE_DONE) {
        diags_add(d, DIAG_ERROR, dir->loc, "cannot read table '%s' of database '%s': %s",
                  dc->name, path, sqlite3_errmsg(db));
        st = E_IO;
        goto out;
    }
    StrBuf nm = SB_INIT;
    sb_addf(&nm, "%s[%s]", path, dc->name);
    *name = sb_detach(&nm, NULL);
    if (!*name)
        st = E_NOMEM;
out:
    sqlite3_finalize(q);
    sqlite3_close(db);
    mem_free(path);
    return st;
}

#define IO_BATCH 64

/* Prefetches the interner slots of the symbol fields of nb lines (batch + offs[i]). */
static void prefetch_symbols(const DlProgram *p, const DlDecl *dc, const char *batch,
                             const size_t *offs, size_t nb, const char *delim, size_t dlen) {
    uint64_t hs[IO_BATCH * 4];
    size_t nh = 0;
    bool any = false;
    for (uint32_t c = 0; c < dc->arity; c++)
        any |= dl_decl_kind(dc, c) == DL_KIND_SYMBOL;
    if (!any)
        return;
    for (size_t li = 0; li < nb; li++) {
        const char *line = batch + offs[li];
        size_t n = offs[li + 1] - offs[li], start = 0;
        if (n && line[n - 1] == '\n')
            n--;
        if (n && line[n - 1] == '\r')
            n--;
        for (uint32_t col = 0; col < dc->arity; col++) {
            const char *hit = dlen == 1 ? memchr(line + start, delim[0], n - start) : NULL;
            for (size_t k = start; dlen != 1 && k + dlen <= n; k++)
                if (memcmp(line + k, delim, dlen) == 0) {
                    hit = line + k;
                    break;
                }
            size_t end = hit ? (size_t)(hit - line) : n;
            if (dl_decl_kind(dc, col) == DL_KIND_SYMBOL && nh < IO_BATCH * 4) {
                hs[nh] = intern_hash(line + start, end - start);
                intern_prefetch(&p->syms, hs[nh++], 0);
            }
            if (!hit)
                break;
            start = end + dlen;
        }
    }
    for (size_t i = 0; i < nh; i++)
        intern_prefetch(&p->syms, hs[i], 1);
}

static Status read_file(DlProgram *p, const DlDirective *dir, const char *fact_dir, Diags *d) {
    Status st = OK;
    const DlDecl *dc = &p->decls.v[dir->rel];
    DlRel *r = p->rels[dir->rel];
    const char *fname = dl_io_opt(dir, "filename");
    const char *delim = dl_io_opt(dir, "delimiter");
    const char *hdr = dl_io_opt(dir, "headers");
    const char *fdir = dl_io_opt(dir, "fact-dir");
    const char *io = dl_io_opt(dir, "IO");
    bool mem = p->has_text && p->has_text[dir->rel];
    bool sql = !mem && io && strcmp(io, "sqlite") == 0;
    StrBuf sqltext = SB_INIT;
    if (!delim || sql)
        delim = "\t";
    if (sql)
        hdr = NULL;
    size_t dlen = strlen(delim);
    char *dflt = NULL;
    if (!fname) {
        dflt = mem_alloc(strlen(dc->name) + 7);
        if (!dflt)
            return E_NOMEM;
        strcpy(dflt, dc->name);
        strcat(dflt, ".facts");
        fname = dflt;
    }
    char *path;
    if (sql) {
        mem_free(dflt);
        st = sqlite_read_text(p, dir, fact_dir, &sqltext, &path, d);
        if (st != OK) {
            sb_release(&sqltext);
            return st;
        }
        dflt = NULL;
    } else if (mem) {
        StrBuf nb = SB_INIT;
        sb_addf(&nb, "%s.facts (in memory)", dc->name);
        path = sb_detach(&nb, NULL);
    } else {
        path = join_path(fdir ? fdir : fact_dir, fname);
    }
    mem_free(dflt);
    if (!path)
        return E_NOMEM;
    FILE *f;
    if (mem || sql) {
        /* fmemopen refuses a size of 0: an empty relation reads an empty stream */
        static char empty[1];
        StrBuf *tb = sql ? &sqltext : &p->text[dir->rel];
        f = tb->len ? fmemopen(tb->buf, tb->len, "rb") : fmemopen(empty, 1, "rb");
        if (f && !tb->len)
            (void)fgetc(f);
    } else {
        f = fopen(path, "rb");
    }
    if (!f) {
        diags_add(d, DIAG_ERROR, dir->loc, "cannot open input file '%s' of relation '%s': %s",
                  path, dc->name, strerror(errno));
        mem_free(path);
        sb_release(&sqltext);
        return E_IO;
    }
    char *rbuf = NULL;
    size_t rcap = 0;
    ssize_t got;
    StrBuf batch = SB_INIT;
    size_t offs[IO_BATCH + 1];
    bool eof = false, stop = false;
    uint32_t lineno = 0;
    unsigned nerr = 0;
    DlValue t[64], key[64];
    bool skip_header = hdr && strcmp(hdr, "true") == 0;
    /* plain relations take the tuples through a buffer: sorted and built in bulk */
    DlBuf buf;
    bool buffered = dc->arity > 0 && !r->eqrel && r->nidx > 0;
    dl_buf_init(&buf, dc->arity, r->mem);
    Status bad_input = OK;
    while (!eof && !stop) {
    /* a batch of lines: their symbols' table slots are fetched first, so that the cache
     * misses of interning overlap instead of coming one after the other */
    size_t nb = 0;
    sb_truncate(&batch, 0);
    while (nb < IO_BATCH) {
        if ((got = getline(&rbuf, &rcap, f)) < 0) {
            eof = true;
            break;
        }
        offs[nb++] = batch.len;
        sb_add(&batch, rbuf, (size_t)got);
    }
    offs[nb] = batch.len;
    if (batch.oom) {
        st = E_NOMEM;
        goto fail;
    }
    prefetch_symbols(p, dc, batch.buf, offs, nb, delim, dlen);
    for (size_t li = 0; li < nb && !stop; li++) {
        char *line = batch.buf + offs[li];
        got = (ssize_t)(offs[li + 1] - offs[li]);
        lineno++;
        size_t n = (size_t)got;
        if (n && line[n - 1] == '\n')
            n--;
        if (n && line[n - 1] == '\r')
            n--;
        if (skip_header) {
            skip_header = false;
            continue;
        }
        SrcLoc loc = {path, lineno, 0};
        size_t ok = utf8_valid((const unsigned char *)line, n);
        if (ok != n) {
            loc.col = (uint32_t)ok + 1;
            diags_add(d, DIAG_ERROR, loc, "relation '%s': invalid UTF-8 byte 0x%02x", dc->name,
                      (unsigned char)line[ok]);
            bad_input = E_SYNTAX;
            if (++nerr >= MAX_ERRORS_PER_FILE)
                stop = true;
            continue;
        }
        if (dc->arity == 0) {
            TRY(dl_rel_insert(r, t, NULL));
            continue;
        }
        /* count and parse fields */
        size_t start = 0;
        uint32_t col = 0;
        bool bad = false;
        for (;;) {
            const char *hit = NULL;
            for (size_t k = start; k + dlen <= n; k++)
                if (memcmp(line + k, delim, dlen) == 0) {
                    hit = line + k;
                    break;
                }
            size_t end = hit ? (size_t)(hit - line) : n;
            if (col < dc->arity) {
                Status vst;
                const char *msg = dl_io_parse_value(p, dl_decl_kind(dc, col), line + start,
                                                    end - start, &t[col], &vst);
                TRY(vst);
                if (msg) {
                    loc.col = (uint32_t)start + 1;
                    diags_add(d, DIAG_ERROR, loc,
                              "relation '%s', column %u ('%s: %s'): %s, found '%.*s'", dc->name,
                              col + 1, dc->attr_names[col], dc->attr_types[col], msg,
                              (int)((end - start) > 60 ? 60 : (end - start)), line + start);
                    bad = true;
                    break;
                }
            }
            col++;
            if (!hit)
                break;
            start = end + dlen;
        }
        if (!bad && col != dc->arity) {
            loc.col = 1;
            diags_add(d, DIAG_ERROR, loc, "relation '%s' has %u column%s, but this line has %u",
                      dc->name, dc->arity, dc->arity == 1 ? "" : "s", col);
            bad = true;
        }
        if (bad) {
            bad_input = E_SYNTAX;
            if (++nerr >= MAX_ERRORS_PER_FILE) {
                diags_add(d, DIAG_NOTE, loc, "too many errors in this file; stopping");
                stop = true;
            }
            continue;
        }
        if (buffered) {
            const uint32_t *ord = r->idx[0].order;
            for (uint32_t k = 0; k < dc->arity; k++)
                key[k] = t[ord[k]];
            TRY(dl_buf_push(&buf, key, r));
        } else
            TRY(dl_rel_insert(r, t, NULL));
    }
    }
    if (buffered)
        TRY(dl_rel_add_buf(r, &buf, &p->relplans[dir->rel]));
    if (ferror(f)) {
        SrcLoc loc = {path, 0, 0};
        diags_add(d, DIAG_ERROR, loc, "read error: %s", strerror(errno));
        st = E_IO;
    }
    if (st == OK)
        st = bad_input;
fail:
    dl_buf_release(&buf);
    sb_release(&batch);
    free(rbuf);
    fclose(f);
    sb_release(&sqltext);
    mem_free(path);
    return st;
}

typedef struct Reach {
    bool *reach;
    bool changed;
} Reach;

static void mark_read(void *arg, uint32_t rel, bool neg, bool in_agg) {
    Reach *rc = arg;
    (void)neg;
    (void)in_agg;
    if (!rc->reach[rel])
        rc->reach[rel] = rc->changed = true;
}

Status dl_io_read_inputs(DlProgram *p, const DlRunOptions *o, Diags *d) {
    Status result = OK;
    /* When only the written outputs are observed (write_outputs), the relations that
     * reach no .output or .printsize are not computed from files at all, as Souffle
     * drops them: their inputs are not read, nor are their files required. */
    bool *reach = NULL;
    if (o->write_outputs) {
        reach = mem_calloc(p->decls.len + 1, 1);
        if (!reach)
            return E_NOMEM;
        for (size_t r = 0; r < p->decls.len; r++)
            reach[r] = p->decls.v[r].is_output || p->decls.v[r].is_printsize;
        for (Reach rc = {reach, true}; rc.changed;) {
            rc.changed = false;
            for (size_t i = 0; i < p->clauses.len; i++) {
                const DlClause *cl = &p->clauses.v[i];
                if (!reach[cl->head.rel])
                    continue;
                dl_clause_reads(cl, mark_read, &rc);
            }
        }
    }
    for (size_t i = 0; i < p->dirs.len; i++) {
        const DlDirective *dir = &p->dirs.v[i];
        if (dir->kind != DL_DIR_INPUT)
            continue;
        /* an input that no rule reads and that is not an output is never read (nor is its
         * file required): schemas declare hundreds of inputs, a program uses a few */
        const DlDecl *dc = &p->decls.v[dir->rel];
        if (!dc->used && !dc->is_output && !dc->is_printsize)
            continue;
        if (reach && !reach[dir->rel])
            continue;
        Status st = read_file(p, dir, o->fact_dir ? o->fact_dir : ".", d);
        if (st == E_NOMEM || st == E_LIMIT) {
            mem_free(reach);
            return st;
        }
        if (st != OK && result == OK)
            result = st;
    }
    mem_free(reach);
    return result;
}

/* ---- sorting --------------------------------------------------------------------- */

typedef struct SortCtx {
    const DlProgram *p;
    const DlDecl *dc;
    const DlRel *r;
    const uint32_t *rank; /* symbol → rank in bytewise order */
    const uint32_t *pos;  /* declared column → position in the rows' index */
} SortCtx;

static int row_cmp(const SortCtx *c, const DlValue *a, const DlValue *b) {
    const uint32_t *pos = c->pos;
    for (uint32_t k = 0; k < c->r->arity; k++) {
        DlValue x = a[pos[k]], y = b[pos[k]];
        if (x == y)
            continue;
        switch (dl_decl_kind(c->dc, k)) {
        case DL_KIND_NUMBER: return (int64_t)x < (int64_t)y ? -1 : 1;
        case DL_KIND_UNSIGNED: return x < y ? -1 : 1;
        case DL_KIND_FLOAT: {
            double fa, fb;
            DL_MEMCPY(&fa, &x, sizeof fa);
            DL_MEMCPY(&fb, &y, sizeof fb);
            if (fa < fb)
                return -1;
            if (fa > fb)
                return 1;
            return x < y ? -1 : 1; /* NaN, -0.0: order by bits */
        }
        case DL_KIND_SYMBOL: return c->rank[x] < c->rank[y] ? -1 : 1;
        }
    }
    return 0;
}

typedef const DlValue *Row;

static void merge_sort(const SortCtx *c, Row *v, Row *tmp, size_t n) {
    if (n < 16) {
        for (size_t i = 1; i < n; i++) {
            Row x = v[i];
            size_t j = i;
            while (j > 0 && row_cmp(c, v[j - 1], x) > 0) {
                v[j] = v[j - 1];
                j--;
            }
            v[j] = x;
        }
        return;
    }
    size_t h = n / 2;
    merge_sort(c, v, tmp, h);
    merge_sort(c, v + h, tmp, n - h);
    if (row_cmp(c, v[h - 1], v[h]) <= 0)
        return;
    DL_MEMCPY(tmp, v, h * sizeof *v);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        v[k++] = row_cmp(c, tmp[i], v[j]) <= 0 ? tmp[i++] : v[j++];
    while (i < h)
        v[k++] = tmp[i++];
}

static const Interner *g_syms; /* only for sym_sort; single-threaded use */

static int sym_qcmp(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    size_t la = intern_len(g_syms, a), lb = intern_len(g_syms, b);
    int c = memcmp(intern_str(g_syms, a), intern_str(g_syms, b), la < lb ? la : lb);
    if (c)
        return c;
    return la < lb ? -1 : la > lb;
}

/* *out: each symbol's rank in bytewise order; *byrank (when not NULL): the symbols in that
 * order. The arrays are the program's (DlSymOrder), sorted again only when symbols were
 * added since. */
static Status symbol_ranks(const DlProgram *p, const uint32_t **out, const uint32_t **byrank) {
    DlSymOrder *o = p->symorder;
    size_t n = intern_count(&p->syms);
    if (!o->valid || o->n != n) {
        uint32_t *ids = mem_alloc(sizeof(uint32_t) * (n + 1));
        uint32_t *rank = mem_alloc(sizeof(uint32_t) * (n + 1));
        if (!ids || !rank) {
            mem_free(ids);
            mem_free(rank);
            return E_NOMEM;
        }
        for (size_t i = 0; i < n; i++)
            ids[i] = (uint32_t)i;
        g_syms = &p->syms;
        qsort(ids, n, sizeof *ids, sym_qcmp);
        for (size_t i = 0; i < n; i++)
            rank[ids[i]] = (uint32_t)i;
        mem_free(o->rank);
        mem_free(o->byrank);
        o->rank = rank;
        o->byrank = ids;
        o->n = n;
        o->valid = true;
    }
    if (byrank)
        *byrank = o->byrank;
    *out = o->rank;
    return OK;
}

/* A column's value as a word that sorts in output order: a symbol's rank, a number with
 * its sign bit flipped, an unsigned as itself. */
static inline uint64_t order_word(DlKind k, DlValue x, const uint32_t *rank) {
    if (k == DL_KIND_SYMBOL)
        return rank[x];
    if (k == DL_KIND_NUMBER)
        return x ^ ((uint64_t)1 << 63);
    return x;
}

typedef struct KeyRow {
    uint64_t key;
    Row row;
} KeyRow;

/* A radix pass's digit counts become the start of each digit's run (an exclusive sum). */
static void counts_to_starts(size_t *cnt, size_t nb) {
    size_t sum = 0;
    for (size_t d = 0; d < nb; d++) {
        size_t c = cnt[d];
        cnt[d] = sum;
        sum += c;
    }
}

/* Sorts the rows *vp[0..n) of rel into output order by one packed key, each column's word
 * less its least value in just the bits its range needs, with a radix sort: when there is
 * no float column and the columns' bits add up to 64 at most. Returns false (*vp untouched)
 * when that does not hold or memory is short: the caller compares rows instead. The order
 * is the one row_cmp gives (the packing keeps it and rows are distinct). On success *vp is
 * another array: the rows array is freed once the keyed rows hold its pointers, and the
 * sorted rows are compacted into the keyed array, so that the peak is the two keyed
 * arrays (16 bytes a row each), not those and the rows array (the output of a large
 * relation is the peak of many runs). */
static bool radix_rows(const DlProgram *p, uint32_t rel, const uint32_t *rank, Row **vp,
                       size_t n) {
    Row *v = *vp;
    const DlDecl *dc = &p->decls.v[rel];
    const DlRel *r = p->rels[rel];
    uint32_t ar = r->arity;
    if (ar == 0 || ar > 8)
        return false;
    uint64_t lo[8], hi[8];
    DlKind kind[8];
    for (uint32_t k = 0; k < ar; k++) {
        kind[k] = dl_decl_kind(dc, k);
        if (kind[k] == DL_KIND_FLOAT)
            return false;
        lo[k] = UINT64_MAX;
        hi[k] = 0;
    }
    const uint32_t *pos = r->pos0;
    for (size_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < ar; k++) {
            uint64_t w = order_word(kind[k], v[i][pos[k]], rank);
            if (w < lo[k])
                lo[k] = w;
            if (w > hi[k])
                hi[k] = w;
        }
    uint32_t bits[8], total = 0;
    for (uint32_t k = 0; k < ar; k++) {
        uint64_t span = hi[k] - lo[k];
        bits[k] = 0;
        while (bits[k] < 64 && (span >> bits[k]))
            bits[k]++;
        total += bits[k];
    }
    if (total > 64)
        return false;
    KeyRow *a = mem_alloc(sizeof *a * n), *b = NULL;
    size_t *cnt = mem_alloc(sizeof *cnt * ((size_t)1 << 11));
    if (!a || !cnt) {
        mem_free(a);
        mem_free(cnt);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t key = 0;
        for (uint32_t k = 0; k < ar; k++) {
            uint64_t w = order_word(kind[k], v[i][pos[k]], rank) - lo[k];
            key = bits[k] ? (bits[k] == 64 ? w : (key << bits[k]) | w) : key;
        }
        a[i].key = key;
        a[i].row = v[i];
    }
    mem_free(v); /* a holds the rows now */
    b = mem_alloc(sizeof *b * n);
    if (!b) { /* give the rows back, unsorted, for the comparison sort */
        v = mem_alloc(sizeof *v * n);
        if (v)
            for (size_t i = 0; i < n; i++)
                v[i] = a[i].row;
        *vp = v;
        mem_free(a);
        mem_free(cnt);
        return false;
    }
    /* least significant digit first, 11 bits a pass, only as many passes as the bits */
    enum { DIG = 11, NB = 1 << DIG };
    for (uint32_t shift = 0; shift < total; shift += DIG) {
        memset(cnt, 0, sizeof *cnt * NB);
        for (size_t i = 0; i < n; i++)
            cnt[(a[i].key >> shift) & (NB - 1)]++;
        counts_to_starts(cnt, NB);
        for (size_t i = 0; i < n; i++)
            b[cnt[(a[i].key >> shift) & (NB - 1)]++] = a[i];
        KeyRow *t = a;
        a = b;
        b = t;
    }
    mem_free(b);
    mem_free(cnt);
    /* compact in place: row i goes to bytes [8i, 8i + 8), which hold a[j] for j <= i/2
     * only, all read already */
    Row *out = (Row *)(void *)a;
    for (size_t i = 0; i < n; i++)
        out[i] = a[i].row;
    Row *shrunk = mem_realloc(a, sizeof *out * n);
    *vp = shrunk ? shrunk : out;
    return true;
}

/* The tuples of rel (pointers into index 0, in its column order) in output order. */
static Status sorted_with(const DlProgram *p, uint32_t rel, const uint32_t *rank,
                          const DlValue ***order) {
    const DlRel *r = p->rels[rel];
    size_t n = r && r->arity ? r->n : 0;
    Row *v = mem_alloc(sizeof(Row) * (n + 1));
    if (!v)
        return E_NOMEM;
    size_t i = 0;
    DlCursor c;
    if (n && dl_rel_first(r, 0, &c))
        do
            v[i++] = dl_cursor_tuple(r, &c);
        while (i < n && dl_cursor_next(r, &c));
    bool sorted = true; /* index 0 already in output order? (numbers only, identity order) */
    for (uint32_t k = 0; k < (r ? r->arity : 0); k++)
        if (r->pos0[k] != k || dl_decl_kind(&p->decls.v[rel], k) != DL_KIND_UNSIGNED)
            sorted = false;
    if (n > 1 && !sorted && !radix_rows(p, rel, rank, &v, n)) {
        Row *tmp = v ? mem_alloc(sizeof(Row) * (n / 2 + 1)) : NULL;
        if (!tmp) {
            mem_free(v);
            return E_NOMEM;
        }
        SortCtx sc = {p, &p->decls.v[rel], r, rank, r->pos0};
        merge_sort(&sc, v, tmp, n);
        mem_free(tmp);
    }
    *order = v;
    return OK;
}

Status dl_io_sorted(const DlProgram *p, uint32_t rel, const DlValue ***order) {
    const uint32_t *rank = NULL;
    const DlDecl *dc = &p->decls.v[rel];
    bool sym = false;
    for (uint32_t k = 0; k < dc->arity; k++)
        if (dl_decl_kind(dc, k) == DL_KIND_SYMBOL)
            sym = true;
    if (sym) {
        Status st = symbol_ranks(p, &rank, NULL);
        if (st != OK)
            return st;
    }
    return sorted_with(p, rel, rank, order);
}

/* Sorts a[0..n) ascending (LSD radix, 11 bits a pass, as many passes as max - min needs).
 * false when memory is short (a untouched). */
static bool sort_words(uint64_t *a, size_t n) {
    uint64_t lo = UINT64_MAX, hi = 0;
    bool sorted = true;
    for (size_t i = 0; i < n; i++) {
        if (a[i] < lo)
            lo = a[i];
        if (a[i] > hi)
            hi = a[i];
        if (i && a[i - 1] > a[i])
            sorted = false;
    }
    if (sorted)
        return true;
    uint32_t bits = 0;
    while (bits < 64 && ((hi - lo) >> bits))
        bits++;
    enum { DIG = 11, NB = 1 << DIG };
    uint64_t *b = mem_alloc(sizeof *b * n);
    size_t *cnt = mem_alloc(sizeof *cnt * NB);
    if (!b || !cnt) {
        mem_free(b);
        mem_free(cnt);
        return false;
    }
    uint64_t *src = a, *dst = b;
    for (uint32_t shift = 0; shift < bits; shift += DIG) {
        memset(cnt, 0, sizeof *cnt * NB);
        for (size_t i = 0; i < n; i++)
            cnt[((src[i] - lo) >> shift) & (NB - 1)]++;
        counts_to_starts(cnt, NB);
        for (size_t i = 0; i < n; i++)
            dst[cnt[((src[i] - lo) >> shift) & (NB - 1)]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        DL_MEMCPY(a, src, sizeof *a * n);
    mem_free(b);
    mem_free(cnt);
    return true;
}

/* The rows of an output relation in output order, a batch at a time (rs_next). When an
 * index of the relation stores the first declared column first (and it is not a float),
 * the rows are read from that index, group by group of equal first values: the distinct
 * first values are collected in one walk and put in output order, then each group is
 * found (a descent, or nothing when it follows the previous one in the index), gathered
 * and, unless already in order, sorted. What this holds is the distinct first values and
 * a batch of groups, not an array of every row: the output of a large relation no longer
 * raises the run's peak (it was the peak of many runs). Otherwise every row is sorted at
 * once (sorted_with). */
typedef struct RowStream {
    const DlRel *r;
    SortCtx sc;         /* sc.pos: the positions of the index read */
    uint32_t ix;        /* group mode: the index walked */
    uint32_t *pos;      /* group mode: sc.pos (owned) */
    Row *all;           /* every row, sorted (when not in group mode) */
    size_t nall;
    bool all_given;
    DlValue *first;     /* group mode: the distinct first values, in output order */
    size_t nfirst, fi;
    DlCursor c, hint;
    bool cvalid;
    Row *buf, *tmp;     /* the batch, and merge scratch */
    size_t bcap, tcap;
} RowStream;

static void rs_close(RowStream *s) {
    mem_free(s->pos);
    mem_free(s->all);
    mem_free(s->first);
    mem_free(s->buf);
    mem_free(s->tmp);
    memset(s, 0, sizeof *s);
}

/* rank/byrank: symbol_ranks' arrays (NULL when no column is a symbol). */
static Status rs_open(RowStream *s, const DlProgram *p, uint32_t rel, const uint32_t *rank,
                      const uint32_t *byrank) {
    memset(s, 0, sizeof *s);
    const DlRel *r = p->rels[rel];
    const DlDecl *dc = &p->decls.v[rel];
    s->r = r;
    s->sc = (SortCtx){p, dc, r, rank, r->pos0};
    int best = -1;
    uint32_t best_len = 0;
    for (uint32_t i = 0; r->arity && i < r->nidx; i++) {
        const uint32_t *ord = r->idx[i].order;
        uint32_t len = 0;
        while (len < r->arity && ord[len] == len)
            len++;
        if (len > best_len)
            best = (int)i, best_len = len;
    }
    DlKind k0 = r->arity ? dl_decl_kind(dc, 0) : DL_KIND_FLOAT;
    if (best < 0 || k0 == DL_KIND_FLOAT || r->n < 2) {
        s->nall = r->arity ? r->n : (r->n ? 1 : 0);
        return sorted_with(p, rel, rank, (const DlValue ***)&s->all);
    }
    s->ix = (uint32_t)best;
    s->pos = mem_alloc(sizeof *s->pos * r->arity);
    if (!s->pos)
        return E_NOMEM;
    for (uint32_t k = 0; k < r->arity; k++)
        s->pos[r->idx[s->ix].order[k]] = k;
    s->sc.pos = s->pos;
    /* the distinct first values (the index holds them in ascending words) */
    size_t cap = 0;
    DlCursor c;
    if (dl_rel_first(r, s->ix, &c))
        do {
            DlValue v = dl_cursor_tuple(r, &c)[0];
            if (s->nfirst && s->first[s->nfirst - 1] == v)
                continue;
            if (s->nfirst == cap) {
                cap = cap ? cap * 2 : 1024;
                DlValue *nv = mem_realloc(s->first, sizeof *nv * cap);
                if (!nv)
                    return E_NOMEM;
                s->first = nv;
            }
            s->first[s->nfirst++] = v;
        } while (dl_cursor_next(r, &c));
    /* into output order: sort their order words, then map the words back */
    for (size_t i = 0; i < s->nfirst; i++)
        s->first[i] = order_word(k0, s->first[i], rank);
    if (!sort_words(s->first, s->nfirst))
        return E_NOMEM;
    for (size_t i = 0; i < s->nfirst; i++) {
        uint64_t w = s->first[i];
        s->first[i] = k0 == DL_KIND_SYMBOL ? byrank[w]
                      : k0 == DL_KIND_NUMBER ? w ^ ((uint64_t)1 << 63)
                                             : w;
    }
    s->cvalid = dl_rel_first(r, s->ix, &s->c);
    return OK;
}

/* The next rows in output order: *rows[0..*n), valid until the next call; *n 0 at the end. */
static Status rs_next(RowStream *s, Row **rows, size_t *n) {
    const DlRel *r = s->r;
    if (!s->first) {
        *rows = s->all;
        *n = s->all_given ? 0 : s->nall;
        s->all_given = true;
        return OK;
    }
    size_t bn = 0;
    while (s->fi < s->nfirst && bn < 4096) {
        DlValue v = s->first[s->fi++];
        if (!s->cvalid || dl_cursor_tuple(r, &s->c)[0] != v)
            s->cvalid = dl_rel_seek(r, s->ix, &v, 1, &s->c, &s->hint);
        size_t from = bn;
        while (s->cvalid) {
            const DlValue *t = dl_cursor_tuple(r, &s->c);
            if (t[0] != v)
                break;
            if (bn == s->bcap) {
                size_t nc = s->bcap ? s->bcap * 2 : 8192;
                Row *nb = mem_realloc(s->buf, sizeof *nb * nc);
                if (!nb)
                    return E_NOMEM;
                s->buf = nb;
                s->bcap = nc;
            }
            s->buf[bn++] = t;
            s->cvalid = dl_cursor_next(r, &s->c);
        }
        size_t g = bn - from;
        bool sorted = true;
        for (size_t i = from + 1; i < bn && sorted; i++)
            sorted = row_cmp(&s->sc, s->buf[i - 1], s->buf[i]) < 0;
        if (sorted)
            continue;
        if (s->tcap < g / 2 + 1) {
            mem_free(s->tmp);
            s->tcap = g / 2 + 1;
            s->tmp = mem_alloc(sizeof *s->tmp * s->tcap);
            if (!s->tmp) {
                s->tcap = 0;
                return E_NOMEM;
            }
        }
        merge_sort(&s->sc, s->buf + from, s->tmp, g);
    }
    *rows = s->buf;
    *n = bn;
    return OK;
}

/* The rows of an output relation in output order (rs), or, for one the run left to the
 * writer (DlProgram.sliced), those of each slice of its first column's output order in
 * turn: the slice's rules evaluated (dl_eval_slice: a symbol rank range), its rows read
 * through rs, the next slice sized from the rows this one held (about SLICE_ROWS). */
typedef struct OutRows {
    RowStream rs;
    DlProgram *p;
    const DlRunOptions *o;
    uint32_t rel;
    const uint32_t *rank, *byrank;
    bool sliced;
    uint64_t *keys;       /* the ranks the first column can take, ascending (NULL: all) */
    size_t nkeys, ki, kn; /* the slice being read: from keys[ki], kn of them */
    uint64_t nsym;
} OutRows;

enum { SLICE_ROWS = 1 << 22 };

static uint64_t or_key(const OutRows *s, size_t i) {
    return i >= s->nkeys ? s->nsym : s->keys ? s->keys[i] : i;
}

static Status or_slice(OutRows *s) {
    uint64_t lo = or_key(s, s->ki), hi = or_key(s, s->ki + s->kn);
    Status st = dl_eval_slice(s->p, s->o, s->rel, s->rank, lo, hi);
    return st == OK ? rs_open(&s->rs, s->p, s->rel, s->rank, s->byrank) : st;
}

static Status or_open(OutRows *s, DlProgram *p, const DlRunOptions *o, uint32_t rel,
                      const uint32_t *rank, const uint32_t *byrank) {
    memset(s, 0, sizeof *s);
    if (!p->sliced || !p->sliced[rel])
        return rs_open(&s->rs, p, rel, rank, byrank);
    *s = (OutRows){.p = p, .o = o, .rel = rel, .rank = rank, .byrank = byrank, .sliced = true};
    s->nsym = intern_count(&p->syms);
    Status st = dl_eval_slice_keys(p, rel, rank, &s->keys, &s->nkeys);
    if (st != OK)
        return st;
    if (s->keys) { /* ascending, distinct */
        if (!sort_words(s->keys, s->nkeys))
            return E_NOMEM;
        size_t k = 0;
        for (size_t i = 0; i < s->nkeys; i++)
            if (!k || s->keys[k - 1] != s->keys[i])
                s->keys[k++] = s->keys[i];
        s->nkeys = k;
    } else {
        s->nkeys = s->nsym;
    }
    s->kn = s->nkeys / 64 + 1;
    p->sliced_rows[rel] = 0;
    return or_slice(s);
}

static Status or_next(OutRows *s, Row **rows, size_t *n) {
    for (;;) {
        Status st = rs_next(&s->rs, rows, n);
        if (st != OK || *n || !s->sliced || s->ki >= s->nkeys)
            return st;
        /* the slice is written: the next one, of as many keys as should give SLICE_ROWS */
        size_t got = s->p->rels[s->rel]->n;
        s->p->sliced_rows[s->rel] += got;
        s->ki += s->kn;
        rs_close(&s->rs);
        if (s->ki >= s->nkeys)
            return dl_eval_empty(s->p, s->rel);
        size_t k = got ? (size_t)((double)s->kn * SLICE_ROWS / (double)got) : s->kn * 4;
        if (k > s->kn * 4)
            k = s->kn * 4;
        if (k < s->kn / 4)
            k = s->kn / 4;
        s->kn = k ? k : 1;
        if ((st = or_slice(s)) != OK)
            return st;
    }
}

static void or_close(OutRows *s) {
    rs_close(&s->rs);
    mem_free(s->keys);
    s->keys = NULL;
    if (s->sliced && s->p->rels[s->rel]->n)
        (void)dl_eval_empty(s->p, s->rel); /* (a failed write: what it holds is not read) */
    s->sliced = false;
}

/* ---- output ---------------------------------------------------------------------- */

void dl_value_format(const DlProgram *p, DlKind kind, DlValue v, StrBuf *sb) {
    switch (kind) {
    case DL_KIND_NUMBER: sb_add_i64(sb, (int64_t)v); break;
    case DL_KIND_UNSIGNED: sb_add_u64(sb, v); break;
    case DL_KIND_FLOAT: {
        double f;
        DL_MEMCPY(&f, &v, sizeof f);
        sb_addf(sb, "%.17g", f);
        break;
    }
    case DL_KIND_SYMBOL: sb_add(sb, intern_str(&p->syms, (Sym)v), intern_len(&p->syms, (Sym)v)); break;
    }
}

/* Formats the rows order[from..to) of rel (tuples of the index whose positions pos gives). */
static void format_rows(const DlProgram *p, uint32_t rel, const DlValue **order, size_t from,
                        size_t to, const uint32_t *pos, const char *delim, StrBuf *sb) {
    const DlDecl *dc = &p->decls.v[rel];
    const DlRel *r = p->rels[rel];
    if (dc->arity == 0) {
        if (r->n && from == 0 && to > 0)
            sb_adds(sb, "()\n");
        return;
    }
    for (size_t i = from; i < to; i++) {
        const DlValue *t = order[i];
        for (uint32_t k = 0; k < dc->arity; k++) {
            if (k)
                sb_adds(sb, delim);
            dl_value_format(p, dl_decl_kind(dc, k), t[pos[k]], sb);
        }
        sb_addc(sb, '\n');
    }
}

static void header_line(const DlDecl *dc, const char *delim, StrBuf *sb) {
    for (uint32_t k = 0; k < dc->arity; k++) {
        if (k)
            sb_adds(sb, delim);
        sb_adds(sb, dc->attr_names[k]);
    }
}

static int mkdirs(const char *dir) {
    char *s = mem_strdup(dir);
    if (!s)
        return -1;
    for (char *q = s + 1; *q; q++)
        if (*q == '/') {
            *q = '\0';
            mkdir(s, 0777);
            *q = '/';
        }
    int rc = mkdir(s, 0777);
    if (rc != 0 && errno == EEXIST)
        rc = 0;
    mem_free(s);
    return rc;
}

/* An IO=sqlite output database, open in a transaction until every output was written. */
typedef struct SqlOut {
    char *path;   /* the database */
    char *tmp;    /* a new database is built here and renamed; NULL: an existing one */
    sqlite3 *db;
    sqlite3_stmt *sym_ins, *sym_sel;
    int64_t *symid; /* per interned symbol: its id in __SymbolTable, 0 unknown */
} SqlOut;

typedef Vec(SqlOut) SqlOuts;

static void sqlout_close(SqlOut *o, bool commit_failed_or_abort) {
    sqlite3_finalize(o->sym_ins);
    sqlite3_finalize(o->sym_sel);
    o->sym_ins = o->sym_sel = NULL;
    if (o->db) {
        if (commit_failed_or_abort)
            sqlite3_exec(o->db, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close(o->db);
        o->db = NULL;
    }
    if (commit_failed_or_abort && o->tmp) {
        unlink(o->tmp);
        StrBuf j = SB_INIT;
        sb_addf(&j, "%s-journal", o->tmp);
        if (!j.oom)
            unlink(j.buf);
        sb_release(&j);
    }
    mem_free(o->symid);
    mem_free(o->tmp);
    mem_free(o->path);
    o->symid = NULL;
    o->tmp = o->path = NULL;
}

static Status sql_fail(SqlOut *o, const DlDirective *dir, const char *what, Diags *d) {
    diags_add(d, DIAG_ERROR, dir->loc, "cannot write relation '%s' to database '%s' (%s): %s",
              dir->rel_name, o->path, what, o->db ? sqlite3_errmsg(o->db) : "cannot open");
    return E_IO;
}

static Status sql_exec(SqlOut *o, const DlDirective *dir, const char *sql, Diags *d) {
    if (sqlite3_exec(o->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(o, dir, sql, d);
    return OK;
}

/* The database of an output directive, opened (and its transaction begun) at first use. */
static Status sqlout_get(SqlOuts *outs, const DlProgram *p, const DlDirective *dir,
                         const char *odir, SqlOut **res, Diags *d) {
    const DlDecl *dc = &p->decls.v[dir->rel];
    char *path = sqlite_path(dir, dc, odir, "output-dir");
    if (!path)
        return E_NOMEM;
    for (size_t i = 0; i < outs->len; i++)
        if (strcmp(outs->v[i].path, path) == 0) {
            mem_free(path);
            *res = &outs->v[i];
            return OK;
        }
    SqlOut o = {0};
    o.path = path;
    o.symid = mem_calloc(intern_count(&p->syms) + 1, sizeof(int64_t));
    if (!o.symid || vec_push(outs, o) != OK) {
        mem_free(o.symid);
        mem_free(path);
        return E_NOMEM;
    }
    SqlOut *so = &outs->v[outs->len - 1];
    *res = so;
    const char *target = so->path;
    struct stat stt;
    bool uri = sqlite_uri(so->path);
    if (!uri && stat(so->path, &stt) != 0) {
        /* a new database: built under a temporary name, renamed when all is written */
        if (!dl_io_opt(dir, "output-dir") && strchr(so->path, '/') && mkdirs(odir) != 0) {
            diags_add(d, DIAG_ERROR, dir->loc, "cannot create output directory '%s': %s", odir,
                      strerror(errno));
            return E_IO;
        }
        StrBuf t = SB_INIT;
        sb_addf(&t, "%s.tmp.%ld", so->path, (long)getpid());
        so->tmp = sb_detach(&t, NULL);
        if (!so->tmp)
            return E_NOMEM;
        unlink(so->tmp);
        target = so->tmp;
    }
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | (uri ? SQLITE_OPEN_URI : 0);
    if (sqlite3_open_v2(target, &so->db, flags, NULL) != SQLITE_OK) {
        diags_add(d, DIAG_ERROR, dir->loc, "cannot open database '%s' for relation '%s': %s",
                  so->path, dc->name, so->db ? sqlite3_errmsg(so->db) : "out of memory");
        return E_IO;
    }
    sqlite3_extended_result_codes(so->db, 1);
    Status st = OK;
    TRY(sql_exec(so, dir, "PRAGMA synchronous = OFF", d));
    TRY(sql_exec(so, dir, "BEGIN", d));
fail:
    return st;
}

/* Souffle's identifiers: single-quoted ('0', '_rel'). */
static void sq(StrBuf *sb, const char *s) {
    sb_addc(sb, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            sb_addc(sb, '\'');
        sb_addc(sb, *s);
    }
    sb_addc(sb, '\'');
}

static Status sym_id(SqlOut *o, const DlProgram *p, const DlDirective *dir, DlValue v,
                     int64_t *id, Diags *d) {
    if (o->symid[v]) {
        *id = o->symid[v];
        return OK;
    }
    StrBuf b = SB_INIT;
    facts_unescape(&b, intern_str(&p->syms, (Sym)v), intern_len(&p->syms, (Sym)v));
    if (b.oom)
        return E_NOMEM;
    Status st = OK;
    sqlite3_bind_text(o->sym_sel, 1, b.buf, (int)b.len, SQLITE_STATIC);
    int rc = sqlite3_step(o->sym_sel);
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(o->sym_sel, 0);
    } else if (rc == SQLITE_DONE) {
        sqlite3_bind_text(o->sym_ins, 1, b.buf, (int)b.len, SQLITE_STATIC);
        if (sqlite3_step(o->sym_ins) != SQLITE_DONE)
            st = sql_fail(o, dir, "insert a symbol", d);
        *id = sqlite3_last_insert_rowid(o->db);
        sqlite3_reset(o->sym_ins);
    } else {
        st = sql_fail(o, dir, "look a symbol up", d);
    }
    sqlite3_reset(o->sym_sel);
    sb_release(&b);
    if (st == OK)
        o->symid[v] = *id;
    return st;
}

/* Writes one relation as Souffle's WriteStreamSQLite does. */
static Status sqlite_write_rel(SqlOuts *outs, const DlProgram *p, const DlDirective *dir,
                               OutRows *rs, const char *odir, Diags *d) {
    const DlDecl *dc = &p->decls.v[dir->rel];
    SqlOut *o;
    Status st = sqlout_get(outs, p, dir, odir, &o, d);
    if (st != OK)
        return st;
    StrBuf q = SB_INIT, tab = SB_INIT;
    sqlite3_stmt *ins = NULL;
    sb_addf(&tab, "_%s", dc->name);
    /* the table, emptied */
    sb_adds(&q, "CREATE TABLE IF NOT EXISTS ");
    sq(&q, tab.buf);
    sb_adds(&q, " (");
    for (uint32_t k = 0; k < dc->arity; k++)
        sb_addf(&q, "%s'%u' INTEGER", k ? "," : "", k);
    sb_adds(&q, ");");
    TRY(sb_status(&q));
    TRY(sql_exec(o, dir, q.buf, d));
    sb_reset(&q);
    sb_adds(&q, "DELETE FROM ");
    sq(&q, tab.buf);
    sb_adds(&q, ";");
    TRY(sb_status(&q));
    TRY(sql_exec(o, dir, q.buf, d));
    /* the view with the symbols resolved */
    sb_reset(&q);
    StrBuf proj = SB_INIT, from = SB_INIT, where = SB_INIT;
    sq(&from, tab.buf);
    for (uint32_t k = 0; k < dc->arity; k++) {
        if (k)
            sb_addc(&proj, ',');
        char col[24];
        snprintf(col, sizeof col, "%u", k);
        if (dl_decl_kind(dc, k) == DL_KIND_SYMBOL) {
            sb_addf(&proj, "'_symtab_%u'.symbol AS ", k);
            sq(&proj, dc->attr_names[k]);
            sb_addf(&from, ",'__SymbolTable' AS '_symtab_%u'", k);
            if (where.len)
                sb_adds(&where, " AND ");
            sq(&where, tab.buf);
            sb_addf(&where, ".'%u' = '_symtab_%u'.id", k, k);
        } else {
            sq(&proj, tab.buf);
            sb_addf(&proj, ".'%u' AS ", k);
            sq(&proj, dc->attr_names[k]);
        }
    }
    sb_adds(&q, "CREATE VIEW IF NOT EXISTS ");
    sq(&q, dc->name);
    sb_addf(&q, " AS SELECT %s FROM %s", proj.buf, from.buf);
    if (where.len)
        sb_addf(&q, " WHERE %s", where.buf);
    sb_adds(&q, ";");
    sb_release(&proj);
    sb_release(&from);
    sb_release(&where);
    TRY(sb_status(&q));
    TRY(sql_exec(o, dir, q.buf, d));
    TRY(sql_exec(o, dir,
                 "CREATE TABLE IF NOT EXISTS '__SymbolTable' (id INTEGER PRIMARY KEY, symbol "
                 "TEXT UNIQUE);",
                 d));
    if (!o->sym_ins &&
        (sqlite3_prepare_v2(o->db, "INSERT INTO __SymbolTable VALUES(null,@V0);", -1,
                            &o->sym_ins, NULL) != SQLITE_OK ||
         sqlite3_prepare_v2(o->db, "SELECT id FROM __SymbolTable WHERE symbol = @V0;", -1,
                            &o->sym_sel, NULL) != SQLITE_OK)) {
        st = sql_fail(o, dir, "prepare the symbol table's statements", d);
        goto fail;
    }
    /* the rows, in output order (so the symbol ids are deterministic) */
    sb_reset(&q);
    sb_adds(&q, "INSERT INTO ");
    sq(&q, tab.buf);
    sb_adds(&q, " VALUES (@V0");
    for (uint32_t k = 1; k < dc->arity; k++)
        sb_addf(&q, ",@V%u", k);
    sb_adds(&q, ");");
    TRY(sb_status(&q));
    if (sqlite3_prepare_v2(o->db, q.buf, -1, &ins, NULL) != SQLITE_OK) {
        st = sql_fail(o, dir, "prepare the insert", d);
        goto fail;
    }
    Row *batch = NULL;
    size_t bn = 0;
    while ((st = or_next(rs, &batch, &bn)) == OK && bn) {
        for (size_t i = 0; i < bn; i++) {
            const DlValue *t = batch[i];
            for (uint32_t k = 0; k < dc->arity; k++) {
                DlValue v = t[rs->rs.sc.pos[k]];
                int64_t x = (int64_t)v;
                DlKind kind = dl_decl_kind(dc, k);
                if (kind == DL_KIND_SYMBOL)
                    TRY(sym_id(o, p, dir, v, &x, d));
                if (kind == DL_KIND_FLOAT) {
                    /* the value (Souffle binds the bit pattern, which its reader then takes
                     * for a number: a float written by Souffle does not read back) */
                    double f;
                    DL_MEMCPY(&f, &v, sizeof f);
                    sqlite3_bind_double(ins, (int)k + 1, f);
                } else if (kind == DL_KIND_UNSIGNED && v > (uint64_t)INT64_MAX) {
                    /* as irlog facts writes it: the decimal digits, as a BLOB */
                    char digits[24];
                    int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
                    sqlite3_bind_blob(ins, (int)k + 1, digits, nd, SQLITE_TRANSIENT);
                } else {
                    sqlite3_bind_int64(ins, (int)k + 1, x);
                }
            }
            if (sqlite3_step(ins) != SQLITE_DONE) {
                st = sql_fail(o, dir, "insert a row", d);
                goto fail;
            }
            sqlite3_reset(ins);
        }
    }
fail:
    sqlite3_finalize(ins);
    sb_release(&q);
    sb_release(&tab);
    return st;
}

typedef struct Pending {
    char *tmp, *final;
    const char *rel; /* the relation written (its name) */
    SrcLoc loc;      /* its output directive */
} Pending;

/* The output files are written by a thread of their own while the next rows are sorted and
 * formatted: the text goes to it in chunks of about CHUNK bytes, at most AHEAD chunks
 * waiting (the copy into the page cache costs about what the formatting does). The text
 * held is at most AHEAD + 1 chunks, on top of the relations: 1 MiB chunks are as fast as
 * 4 MiB ones, whose 20 MiB raised the peak of runs whose output phase is their peak. */
#define OUT_CHUNK ((size_t)1 << 20)
#define OUT_AHEAD 4

typedef struct OutJob {
    FILE *f;
    char *buf;     /* mem_free'd by the writer */
    size_t len;
    bool last;     /* close f after this chunk */
    size_t file;   /* index of the file (its directive and pending name) */
} OutJob;

typedef struct OutWriter {
    pthread_t th;
    bool started;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    OutJob q[OUT_AHEAD];
    size_t head, len;
    bool stop;
    bool failed;   /* the first failure: */
    size_t fail_file;
    int fail_errno;
} OutWriter;

static bool out_job(OutWriter *w, OutJob *j) {
    bool ok = j->f != NULL;
    pthread_mutex_lock(&w->mu);
    bool skip = w->failed && w->fail_file == j->file;
    pthread_mutex_unlock(&w->mu);
    int err = 0;
    if (ok && !skip && j->len && fwrite(j->buf, 1, j->len, j->f) != j->len) {
        ok = false;
        err = errno;
    }
    if (j->last && j->f && fclose(j->f) != 0 && ok) {
        ok = false;
        err = errno;
    }
    mem_free(j->buf);
    if (!ok && !skip) {
        pthread_mutex_lock(&w->mu);
        if (!w->failed) {
            w->failed = true;
            w->fail_file = j->file;
            w->fail_errno = err;
        }
        pthread_mutex_unlock(&w->mu);
    }
    return ok;
}

static void *out_main(void *arg) {
    OutWriter *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        while (!w->len && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (!w->len) {
            pthread_mutex_unlock(&w->mu);
            return NULL;
        }
        OutJob j = w->q[w->head];
        pthread_mutex_unlock(&w->mu);
        out_job(w, &j);
        pthread_mutex_lock(&w->mu);
        w->head = (w->head + 1) % OUT_AHEAD;
        w->len--;
        pthread_cond_broadcast(&w->cv);
        pthread_mutex_unlock(&w->mu);
    }
}

/* Hands a chunk (buf is taken over) to the writer, or writes it here when there is no
 * writer thread. */
static void out_put(OutWriter *w, OutJob j) {
    if (!w->started) {
        out_job(w, &j);
        return;
    }
    pthread_mutex_lock(&w->mu);
    while (w->len == OUT_AHEAD)
        pthread_cond_wait(&w->cv, &w->mu);
    w->q[(w->head + w->len) % OUT_AHEAD] = j;
    w->len++;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

/* Waits for every chunk to be written and stops the thread. */
static void out_finish(OutWriter *w) {
    if (!w->started)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = true;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->th, NULL);
    w->started = false;
}

Status dl_io_write_outputs(DlProgram *p, const DlRunOptions *o, Diags *d) {
    Status st = OK;
    FILE *out = o->out ? o->out : stdout;
    const char *odir = o->output_dir ? o->output_dir : ".";
    bool to_stdout = strcmp(odir, "-") == 0;
    Vec(Pending) pend = {0};
    Vec(uint32_t) dirs = {0};
    const uint32_t *rank = NULL, *byrank = NULL;
    StrBuf sb = SB_INIT;
    SqlOuts sqlouts = {0};
    OutRows rs = {0};
    bool made_dir = false;
    OutWriter wr = {0};
    bool wr_init = false;
    /* directives in stratum order, then source order */
    for (uint32_t s = 0; s <= p->nstrata; s++)
        for (size_t i = 0; i < p->dirs.len; i++) {
            const DlDirective *dir = &p->dirs.v[i];
            if (dir->kind != DL_DIR_INPUT && p->decls.v[dir->rel].stratum == s)
                TRY(vec_push(&dirs, (uint32_t)i));
        }
    for (size_t di = 0; di < dirs.len; di++) {
        const DlDirective *dir = &p->dirs.v[dirs.v[di]];
        const DlDecl *dc = &p->decls.v[dir->rel];
        const DlRel *r = p->rels[dir->rel];
        if (dir->kind == DL_DIR_PRINTSIZE) {
            fprintf(out, "%s\t%zu\n", dc->name, r->n);
            continue;
        }
        const char *io = dl_io_opt(dir, "IO");
        const char *delim = dl_io_opt(dir, "delimiter");
        const char *hdr = dl_io_opt(dir, "headers");
        bool headers = hdr && strcmp(hdr, "true") == 0;
        if (!delim)
            delim = "\t";
        if (!rank)
            for (uint32_t k = 0; k < dc->arity; k++)
                if (dl_decl_kind(dc, k) == DL_KIND_SYMBOL) {
                    /* only when a symbol column is written */
                    TRY(symbol_ranks(p, &rank, &byrank));
                    break;
                }
        if (!to_stdout && io && strcmp(io, "sqlite") == 0) {
            TRY(or_open(&rs, p, o, dir->rel, rank, byrank));
            st = sqlite_write_rel(&sqlouts, p, dir, &rs, odir, d);
            or_close(&rs);
            if (st != OK)
                goto fail;
            continue;
        }
        sb_reset(&sb);
        if (to_stdout || (io && strcmp(io, "stdout") == 0)) {
            sb_adds(&sb, "---------------\n");
            sb_adds(&sb, dc->name);
            if (headers) {
                sb_addc(&sb, '\n');
                header_line(dc, delim, &sb);
            }
            sb_adds(&sb, "\n===============\n");
            /* the rows as for a file (rs), written out every OUT_CHUNK bytes */
            TRY(or_open(&rs, p, o, dir->rel, rank, byrank));
            Row *batch = NULL;
            size_t bn = 0;
            for (;;) {
                if (sb.oom || (st = or_next(&rs, &batch, &bn)) != OK || !bn)
                    break;
                for (size_t at = 0; at < bn && !sb.oom; at += 4096) {
                    format_rows(p, dir->rel, batch, at, bn - at < 4096 ? bn : at + 4096,
                                rs.rs.sc.pos, delim, &sb);
                    if (sb.len >= OUT_CHUNK) {
                        fwrite(sb.buf, 1, sb.len, out);
                        sb_reset(&sb);
                    }
                }
            }
            or_close(&rs);
            if (st != OK)
                goto fail;
            sb_adds(&sb, "===============\n");
            TRY(sb_status(&sb));
            fwrite(sb.buf, 1, sb.len, out);
            continue;
        }
        const char *fname = dl_io_opt(dir, "filename");
        const char *dirname = dl_io_opt(dir, "output-dir");
        StrBuf name = SB_INIT;
        if (fname)
            sb_adds(&name, fname);
        else {
            sb_adds(&name, dc->name);
            sb_adds(&name, ".csv");
        }
        if (sb_status(&name) != OK) {
            sb_release(&name);
            st = E_NOMEM;
            goto fail;
        }
        Pending pd = {NULL, join_path(dirname ? dirname : odir, name.buf), dc->name, dir->loc};
        sb_release(&name);
        if (!pd.final) {
            st = E_NOMEM;
            goto fail;
        }
        if (!made_dir && !fname && !dirname) {
            if (mkdirs(odir) != 0) {
                SrcLoc nl = {0};
                diags_add(d, DIAG_ERROR, nl, "cannot create output directory '%s': %s", odir,
                          strerror(errno));
                mem_free(pd.final);
                st = E_IO;
                goto fail;
            }
            made_dir = true;
        }
        /* a temporary name beside the file, renamed when every output is written; a
         * device (filename=/dev/null) is written in place: pd.tmp NULL */
        bool in_place = path_is_special(pd.final);
        if (!in_place) {
            StrBuf tmp = SB_INIT;
            sb_addf(&tmp, "%s.tmp.%ld", pd.final, (long)getpid());
            pd.tmp = sb_detach(&tmp, NULL);
        }
        if ((!in_place && !pd.tmp) || vec_push(&pend, pd) != OK) {
            mem_free(pd.tmp);
            mem_free(pd.final);
            st = E_NOMEM;
            goto fail;
        }
        FILE *f = fopen(in_place ? pd.final : pd.tmp, "wb");
        if (!f) {
            diags_add(d, DIAG_ERROR, dir->loc, "cannot write output file '%s' of relation '%s': %s",
                      pd.final, dc->name, strerror(errno));
            st = E_IO;
            goto fail;
        }
        if (!wr.started && pthread_mutex_init(&wr.mu, NULL) == 0) {
            pthread_cond_init(&wr.cv, NULL);
            wr_init = true;
            wr.started = pthread_create(&wr.th, NULL, out_main, &wr) == 0;
        }
        /* the text in chunks, each handed to the writer thread once formatted; the rows
         * come in output order from rs, a batch at a time */
        st = or_open(&rs, p, o, dir->rel, rank, byrank);
        if (headers) {
            header_line(dc, delim, &sb);
            sb_addc(&sb, '\n');
        }
        Row *batch = NULL;
        size_t bn = 0, at = 0;
        bool done = false;
        while (st == OK) {
            (void)sb_reserve(&sb, OUT_CHUNK + 65536);
            while (!done && sb.len < OUT_CHUNK && !sb.oom) {
                if (at == bn) {
                    at = 0;
                    st = or_next(&rs, &batch, &bn);
                    if (st != OK || !bn) {
                        done = true;
                        break;
                    }
                }
                size_t step = bn - at < 4096 ? bn - at : 4096;
                format_rows(p, dir->rel, batch, at, at + step, rs.rs.sc.pos, delim, &sb);
                at += step;
            }
            if (st == OK && sb.oom)
                st = E_NOMEM;
            if (st != OK)
                break;
            size_t len = sb.len;
            char *buf = len ? sb_detach(&sb, NULL) : NULL;
            out_put(&wr, (OutJob){f, buf, len, done, pend.len - 1});
            if (done)
                break;
        }
        or_close(&rs);
        if (st != OK) {
            out_put(&wr, (OutJob){f, NULL, 0, true, pend.len - 1});
            goto fail;
        }
    }
    out_finish(&wr);
    if (wr.failed) {
        const Pending *fp = &pend.v[wr.fail_file];
        diags_add(d, DIAG_ERROR, fp->loc, "cannot write output file '%s' of relation '%s': %s",
                  fp->final, fp->rel, strerror(wr.fail_errno));
        st = E_IO;
        goto fail;
    }
    /* the databases first (each in one transaction; a new one renamed into place) */
    for (size_t i = 0; i < sqlouts.len; i++) {
        SqlOut *so = &sqlouts.v[i];
        if (sqlite3_exec(so->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
            SrcLoc nl = {0};
            diags_add(d, DIAG_ERROR, nl, "cannot commit database '%s': %s", so->path,
                      sqlite3_errmsg(so->db));
            st = E_IO;
            goto fail;
        }
        sqlite3_finalize(so->sym_ins);
        sqlite3_finalize(so->sym_sel);
        so->sym_ins = so->sym_sel = NULL;
        int rc = sqlite3_close(so->db);
        so->db = NULL;
        if (rc != SQLITE_OK || (so->tmp && rename(so->tmp, so->path) != 0)) {
            SrcLoc nl = {0};
            diags_add(d, DIAG_ERROR, nl, "cannot write database '%s': %s", so->path,
                      rc != SQLITE_OK ? sqlite3_errstr(rc) : strerror(errno));
            st = E_IO;
            goto fail;
        }
        mem_free(so->tmp);
        so->tmp = NULL;
    }
    for (size_t i = 0; i < pend.len; i++)
        if (pend.v[i].tmp && rename(pend.v[i].tmp, pend.v[i].final) != 0) {
            SrcLoc nl = {0};
            diags_add(d, DIAG_ERROR, nl, "cannot rename '%s' to '%s': %s", pend.v[i].tmp,
                      pend.v[i].final, strerror(errno));
            st = E_IO;
            goto fail;
        }
    fflush(out);
fail:
    out_finish(&wr);
    if (wr_init) {
        pthread_cond_destroy(&wr.cv);
        pthread_mutex_destroy(&wr.mu);
    }
    for (size_t i = 0; i < pend.len; i++) {
        if (st != OK && pend.v[i].tmp)
            unlink(pend.v[i].tmp);
        mem_free(pend.v[i].tmp);
        mem_free(pend.v[i].final);
    }
    vec_release(&pend);
    for (size_t i = 0; i < sqlouts.len; i++)
        sqlout_close(&sqlouts.v[i], st != OK);
    vec_release(&sqlouts);
    vec_release(&dirs);
    or_close(&rs);
    sb_release(&sb);
    return st;
}
