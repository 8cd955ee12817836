/*
 * emit_facts.c — the fact store of irlog emit: every relation's .facts file read into
 * rows of cells, with indexes on one column built on first use.
 *
 * Every relation's file must exist (checked when the directory is opened); a file is
 * parsed on the first lookup in it, so the relations the emitter never reads (sizes,
 * the named debug-info relations, instruction_next, ...) cost a stat only.
 *
 * Reading undoes exactly the escaping of src/facts/sink.c (TSV): \t \n \r \\ \0 and
 * \xNN; any other backslash sequence is an error. Symbols are interned, so equal
 * strings are equal Syms and lookups compare integers.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit_int.h"

typedef struct KeyRow {
    uint64_t key;
    uint32_t row;
} KeyRow;

static int keyrow_cmp(const void *a, const void *b) {
    const KeyRow *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Unescapes s[0..n) into *out. false on a bad escape. */
static bool unescape(const char *s, size_t n, StrBuf *out) {
    sb_reset(out);
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\\') {
            sb_addc(out, s[i]);
            continue;
        }
        if (++i >= n)
            return false;
        switch (s[i]) {
        case 't': sb_addc(out, '\t'); break;
        case 'n': sb_addc(out, '\n'); break;
        case 'r': sb_addc(out, '\r'); break;
        case '\\': sb_addc(out, '\\'); break;
        case '0': sb_addc(out, '\0'); break;
        case 'x': {
            if (i + 2 >= n)
                return false;
            int h = hexval(s[i + 1]), l = hexval(s[i + 2]);
            if (h < 0 || l < 0)
                return false;
            sb_addc(out, (char)(h * 16 + l));
            i += 2;
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

static Status load_rel(EmFacts *f, IrRel r, const char *dir, StrBuf *path, StrBuf *tmp,
                       Diags *d, size_t *nmissing) {
    const RelInfo *ri = &facts_rels[r];
    EmRel *er = &f->rel[r];
    er->arity = ri->arity;
    sb_reset(path);
    sb_addf(path, "%s/%s.facts", dir, ri->name);
    char *text = NULL;
    size_t len = 0;
    Status st = sb_read_file(path->buf, &text, &len);
    if (st == E_IO) {
        if (++*nmissing <= 5)
            diags_add(d, DIAG_ERROR, (SrcLoc){0}, "%s: cannot read the relation %s: %s",
                      path->buf, ri->name, strerror(errno));
        return E_IO;
    }
    if (st != OK)
        return st;
    size_t nrows = 0;
    for (size_t i = 0; i < len; i++)
        nrows += text[i] == '\n';
    if (len && text[len - 1] != '\n')
        nrows++;
    if (ri->arity == 0) {
        er->nrows = nrows ? 1 : 0;
        mem_free(text);
        return OK;
    }
    er->cells = mem_calloc(nrows ? nrows * (size_t)ri->arity : 1, sizeof *er->cells);
    if (!er->cells) {
        mem_free(text);
        return E_NOMEM;
    }
    size_t row = 0, line = 0;
    char *p = text, *end = text + len;
    struct {
        const char *s;
        size_t n;
    } last[FACTS_MAX_ARITY] = {{0}}; /* each column's text in the row above */
    while (p < end) {
        char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        line++;
        char *c = p;
        for (int col = 0; col < ri->arity; col++) {
            char *tab = col + 1 < ri->arity ? memchr(c, '\t', (size_t)(eol - c)) : NULL;
            char *fe = tab ? tab : eol;
            if (col + 1 < ri->arity && !tab) {
                diags_add(d, DIAG_ERROR, (SrcLoc){path->buf, (uint32_t)line, 0},
                          "relation %s has %d columns; this row has %d", ri->name, ri->arity,
                          col + 1);
                mem_free(text);
                return E_SYNTAX;
            }
            uint64_t v = 0;
            size_t cl = (size_t)(fe - c);
            if (ri->cols[col].kind == COL_SYMBOL && row > 0 && last[col].s && last[col].n == cl &&
                memcmp(last[col].s, c, cl) == 0) {
                /* the same text as the row above (rows of one entity come together) */
                v = er->cells[(row - 1) * (size_t)ri->arity + (size_t)col];
            } else if (ri->cols[col].kind == COL_SYMBOL && !memchr(c, '\\', cl)) {
                Sym s;
                st = intern_get(&f->in, c, cl, &s);
                if (st != OK) {
                    mem_free(text);
                    return st;
                }
                v = s;
            } else if (ri->cols[col].kind == COL_SYMBOL) {
                if (!unescape(c, (size_t)(fe - c), tmp)) {
                    diags_add(d, DIAG_ERROR, (SrcLoc){path->buf, (uint32_t)line, 0},
                              "relation %s, column %s: bad escape sequence", ri->name,
                              ri->cols[col].name);
                    mem_free(text);
                    return E_SYNTAX;
                }
                Sym s;
                st = intern_get(&f->in, tmp->buf, tmp->len, &s);
                if (st != OK) {
                    mem_free(text);
                    return st;
                }
                v = s;
            } else {
                char num[64];
                size_t nl = (size_t)(fe - c);
                char *ne = NULL;
                bool bad = nl == 0 || nl >= sizeof num;
                if (!bad) {
                    memcpy(num, c, nl);
                    num[nl] = '\0';
                    errno = 0;
                    if (ri->cols[col].kind == COL_NUMBER) {
                        v = (uint64_t)strtoll(num, &ne, 10);
                    } else if (ri->cols[col].kind == COL_UNSIGNED) {
                        v = strtoull(num, &ne, 10);
                        bad = num[0] == '-';
                    } else {
                        double dv = strtod(num, &ne);
                        memcpy(&v, &dv, sizeof v);
                    }
                    /* ERANGE: a float column's denormal reads back fine */
                    bad = bad || *ne != '\0' ||
                          (errno != 0 && !(errno == ERANGE && ri->cols[col].kind == COL_FLOAT));
                }
                if (bad) {
                    diags_add(d, DIAG_ERROR, (SrcLoc){path->buf, (uint32_t)line, 0},
                              "relation %s, column %s: not a number: '%.*s'", ri->name,
                              ri->cols[col].name, (int)(nl > 40 ? 40 : nl), c);
                    mem_free(text);
                    return E_SYNTAX;
                }
            }
            er->cells[row * (size_t)ri->arity + (size_t)col] = v;
            last[col].s = c;
            last[col].n = cl;
            c = fe + 1;
        }
        row++;
        p = eol + 1;
    }
    er->nrows = row;
    mem_free(text);
    return OK;
}

Status em_facts_load(EmFacts *f, const char *dir, Diags *d) {
    memset(f, 0, sizeof *f);
    intern_init(&f->in);
    f->dir = dir;
    f->d = d;
    StrBuf path = SB_INIT;
    size_t nmissing = 0;
    Status st = OK;
    for (int r = 0; r < REL__COUNT; r++) {
        sb_reset(&path);
        sb_addf(&path, "%s/%s.facts", dir, facts_rels[r].name);
        if (path.oom) {
            st = E_NOMEM;
            break;
        }
        if (access(path.buf, R_OK) != 0) {
            if (++nmissing <= 5)
                diags_add(d, DIAG_ERROR, (SrcLoc){0}, "%s: cannot read the relation %s: %s",
                          path.buf, facts_rels[r].name, strerror(errno));
            st = E_IO;
        }
    }
    if (nmissing > 5)
        diags_add(d, DIAG_ERROR, (SrcLoc){0},
                  "%s: %zu more relation files are missing (every relation of `irlog schema "
                  "--list` must have its file, even empty)",
                  dir, nmissing - 5);
    sb_release(&path);
    return st;
}

EmRel *em_rel(EmFacts *f, IrRel r) {
    EmRel *er = &f->rel[r];
    if (er->loaded)
        return er;
    er->loaded = true;
    StrBuf path = SB_INIT, tmp = SB_INIT;
    size_t nmissing = 0;
    Status st = load_rel(f, r, f->dir, &path, &tmp, f->d, &nmissing);
    if (st == OK && (path.oom || tmp.oom))
        st = E_NOMEM;
    sb_release(&path);
    sb_release(&tmp);
    if (st != OK) {
        /* the relation reads as empty; the error is sticky */
        mem_free(er->cells);
        er->cells = NULL;
        er->nrows = 0;
        er->arity = facts_rels[r].arity;
        if (f->st == OK)
            f->st = st;
    }
    return er;
}

void em_facts_release(EmFacts *f) {
    for (int r = 0; r < REL__COUNT; r++) {
        mem_free(f->rel[r].cells);
        for (int c = 0; c < FACTS_MAX_ARITY; c++) {
            mem_free(f->rel[r].idx[c].rows);
            mem_free(f->rel[r].idx[c].dense);
            map_release(&f->rel[r].idx[c].map);
        }
    }
    intern_release(&f->in);
    memset(f, 0, sizeof *f);
}

Sym em_sym(EmFacts *f, const char *s) {
    Sym sym;
    if (!intern_lookup(&f->in, s, strlen(s), &sym))
        return EM_NONE;
    return sym;
}

/* An index whose keys span at most this many times the number of rows (plus a little)
 * is an array by key (counting sort) instead of a hash map: the relations keyed by every
 * instruction or variable are. */
#define DENSE_SPAN(n) (4 * (n) + 1024)

static Status build_dense(EmFacts *f, IrRel r, int col, uint64_t lo, uint64_t hi) {
    EmRel *er = &f->rel[r];
    EmIndex *ix = &er->idx[col];
    size_t span = (size_t)(hi - lo + 1);
    ix->dense = mem_calloc(span + 1, sizeof *ix->dense);
    ix->rows = mem_calloc(er->nrows ? er->nrows : 1, sizeof *ix->rows);
    uint32_t *next = mem_calloc(span ? span : 1, sizeof *next);
    if (!ix->dense || !ix->rows || !next) {
        mem_free(ix->dense);
        mem_free(ix->rows);
        mem_free(next);
        ix->dense = NULL;
        ix->rows = NULL;
        return E_NOMEM;
    }
    for (size_t i = 0; i < er->nrows; i++)
        ix->dense[em_cell(f, r, i, col) - lo + 1]++;
    for (size_t k = 0; k < span; k++)
        ix->dense[k + 1] += ix->dense[k];
    /* stable: rows of one key in file order; dense[k] ends at the start of k + 1 */
    memcpy(next, ix->dense, span * sizeof *next);
    for (size_t i = 0; i < er->nrows; i++)
        ix->rows[next[em_cell(f, r, i, col) - lo]++] = (uint32_t)i;
    mem_free(next);
    ix->base = lo;
    ix->ndense = span;
    ix->built = true;
    return OK;
}

static Status build_index(EmFacts *f, IrRel r, int col) {
    EmRel *er = &f->rel[r];
    EmIndex *ix = &er->idx[col];
    if (er->nrows > 0 && er->nrows < UINT32_MAX) {
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t i = 0; i < er->nrows; i++) {
            uint64_t k = em_cell(f, r, i, col);
            lo = k < lo ? k : lo;
            hi = k > hi ? k : hi;
        }
        if (hi - lo < (uint64_t)DENSE_SPAN(er->nrows))
            return build_dense(f, r, col, lo, hi);
    }
    KeyRow *kr = mem_calloc(er->nrows ? er->nrows : 1, sizeof *kr);
    ix->rows = mem_calloc(er->nrows ? er->nrows : 1, sizeof *ix->rows);
    if (!kr || !ix->rows) {
        mem_free(kr);
        return E_NOMEM;
    }
    for (size_t i = 0; i < er->nrows; i++)
        kr[i] = (KeyRow){em_cell(f, r, i, col), (uint32_t)i};
    qsort(kr, er->nrows, sizeof *kr, keyrow_cmp);
    Status st = OK;
    for (size_t i = 0; i < er->nrows && st == OK;) {
        size_t j = i;
        while (j < er->nrows && kr[j].key == kr[i].key) {
            ix->rows[j] = kr[j].row;
            j++;
        }
        /* keys are hashed with +1 so that key 0 is a valid key */
        st = map_put(&ix->map, kr[i].key + 1, ((uint64_t)i << 32) | (uint64_t)(j - i));
        i = j;
    }
    mem_free(kr);
    ix->built = st == OK;
    return st;
}

size_t em_find(EmFacts *f, IrRel r, int col, uint64_t key, const uint32_t **rows) {
    em_rel(f, r);
    EmIndex *ix = &f->rel[r].idx[col];
    *rows = NULL;
    if (!ix->built && build_index(f, r, col) != OK)
        return 0;
    if (ix->dense) {
        if (key < ix->base || key - ix->base >= ix->ndense)
            return 0;
        uint32_t a = ix->dense[key - ix->base], b = ix->dense[key - ix->base + 1];
        *rows = ix->rows + a;
        return b - a;
    }
    uint64_t v;
    if (!map_get(&ix->map, key + 1, &v))
        return 0;
    *rows = ix->rows + (v >> 32);
    return (size_t)(v & 0xFFFFFFFFu);
}

bool em_has(EmFacts *f, IrRel r, Sym key) {
    const uint32_t *rows;
    return key != EM_NONE && em_find(f, r, 0, key, &rows) > 0;
}

bool em_get(EmFacts *f, IrRel r, Sym key, int col, uint64_t *out) {
    const uint32_t *rows;
    if (key == EM_NONE || em_find(f, r, 0, key, &rows) == 0)
        return false;
    *out = em_cell(f, r, rows[0], col);
    return true;
}
