/*
 * emit_value.c — the texts irlog emit writes for the things instructions and globals
 * refer to: names, types, constants, attributes and metadata references, each rebuilt
 * from its structure in the facts (never from an id's spelling, except that numbered
 * metadata keep their `!N` labels) and memoised.
 *
 * Local values are named per function as llvm-dis numbers them: the unnamed arguments
 * first, then per block the unnamed block and each unnamed instruction with a result.
 * Unnamed globals are numbered variables, aliases, ifuncs, then functions, the order
 * they are written in.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"

#define MAX_ERRORS 30

static const char ERR[] = "<error>";
static const char BUSY[] = "<cycle>"; /* memo value while a text is being built */

void em_error(Em *em, const char *fmt, ...) {
    em->nerrors++;
    if (em->nerrors > MAX_ERRORS)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (em->nerrors == MAX_ERRORS)
        diags_add(em->d, DIAG_ERROR, (SrcLoc){0}, "too many errors; stopping the report here");
    else
        diags_addv(em->d, DIAG_ERROR, (SrcLoc){0}, fmt, ap);
    va_end(ap);
}

void em_missing(Em *em, IrRel rel, Sym entity) {
    em_error(em, "relation %s has no row for %s", facts_rels[rel].name,
             entity == EM_NONE ? "(unknown entity)" : em_str(em->f, entity));
}

void em_check_count(Em *em, Sym e, IrRel nrel, IrRel listrel, size_t n, bool nonempty) {
    uint64_t want;
    if (nrel != REL__COUNT && em_get(em->f, nrel, e, 1, &want)) {
        if (want != n)
            em_error(em, "%s: relation %s says %llu, relation %s has %zu", em_str(em->f, e),
                     facts_rels[nrel].name, (unsigned long long)want, facts_rels[listrel].name, n);
    } else if (nonempty && n == 0) {
        em_missing(em, listrel, e);
    }
}

Sym em_need_sym(Em *em, IrRel rel, Sym key, int col) {
    uint64_t v;
    if (!em_get(em->f, rel, key, col, &v)) {
        em_missing(em, rel, key);
        return EM_NONE;
    }
    return (Sym)v;
}

int64_t em_need_num(Em *em, IrRel rel, Sym key, int col) {
    uint64_t v;
    if (!em_get(em->f, rel, key, col, &v)) {
        em_missing(em, rel, key);
        return 0;
    }
    return (int64_t)v;
}

Sym em_opt_sym(Em *em, IrRel rel, Sym key, int col) {
    uint64_t v;
    if (!em_get(em->f, rel, key, col, &v))
        return EM_NONE;
    return (Sym)v;
}

/* ---- names and strings ---- */

/* A decimal integer as LLVM prints one: `-`? digits. */
static bool is_decimal(const char *s) {
    if (*s == '-')
        s++;
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

static bool name_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '$' || c == '.' || c == '_';
}

void em_add_quoted(StrBuf *sb, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    sb_addc(sb, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\\' && c != '"') {
            sb_addc(sb, (char)c);
        } else {
            sb_addc(sb, '\\');
            sb_addc(sb, hex[c >> 4]);
            sb_addc(sb, hex[c & 15]);
        }
    }
    sb_addc(sb, '"');
}

void em_add_name(StrBuf *sb, char prefix, const char *name, size_t len) {
    sb_addc(sb, prefix);
    bool plain = len > 0 && !(name[0] >= '0' && name[0] <= '9');
    for (size_t i = 0; i < len && plain; i++)
        plain = name_char((unsigned char)name[i]);
    if (plain)
        sb_add(sb, name, len);
    else
        em_add_quoted(sb, name, len);
}

void em_add_md_name(StrBuf *sb, const char *name, size_t len) {
    static const char hex[] = "0123456789ABCDEF";
    sb_addc(sb, '!');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        /* as LLVM's printMetadataIdentifier: a first digit is escaped too (`!\3111`),
         * else `!111` would be a numbered node and `!42abc` no name at all */
        if (name_char(c) && !(i == 0 && c >= '0' && c <= '9')) {
            sb_addc(sb, (char)c);
        } else {
            sb_addc(sb, '\\');
            sb_addc(sb, hex[c >> 4]);
            sb_addc(sb, hex[c & 15]);
        }
    }
}

static const char *keep(Em *em, StrBuf *sb) {
    if (sb->oom)
        em->oom = true;
    char *s = arena_strndup(&em->arena, sb->buf, sb->len);
    if (!s) {
        em->oom = true;
        return ERR;
    }
    return s;
}

static const char *memo_get(Map *m, Sym key) {
    uint64_t v;
    if (key != EM_NONE && map_get(m, key, &v))
        return (const char *)(uintptr_t)v;
    return NULL;
}

static const char *memo_put(Em *em, Map *m, Sym key, const char *s) {
    if (key != EM_NONE && map_put(m, key, (uint64_t)(uintptr_t)s) != OK)
        em->oom = true;
    return s;
}

/* Rows of rel whose column keycol is key, sorted by the number column idxcol (row order
 * among equals). OUT *rows (arena). Returns the count. */
typedef struct RowIdx {
    int64_t idx;
    uint32_t row;
} RowIdx;

static int rowidx_cmp(const void *a, const void *b) {
    const RowIdx *x = a, *y = b;
    if (x->idx != y->idx)
        return x->idx < y->idx ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}


/* The relation that holds the length of each list relation (checked by em_rows_sorted
 * when the entity has a row there). Lists whose count is checked where they are read
 * (arguments of calls, phi pairs, ...) are not here. */
static IrRel list_count_rel(IrRel rel) {
    static const IrRel pairs[][2] = {
        {REL_getelementptr_instruction_index, REL_getelementptr_instruction_nindices},
        {REL_switch_instruction_case, REL_switch_instruction_ncases},
        {REL_indirectbr_instruction_label, REL_indirectbr_instruction_nlabels},
        {REL_callbr_instruction_indirect_label, REL_callbr_instruction_nindirect_labels},
        {REL_catchpad_instruction_arg, REL_catchpad_instruction_nargs},
        {REL_cleanuppad_instruction_arg, REL_cleanuppad_instruction_nargs},
        {REL_named_metadata_operand, REL_named_metadata_noperands},
        {REL_constant_expr_operand, REL_constant_expr_noperands},
    };
    for (size_t i = 0; i < ARRAY_LEN(pairs); i++)
        if (pairs[i][0] == rel)
            return pairs[i][1];
    return REL__COUNT;
}

size_t em_rows_sorted(Em *em, IrRel rel, int keycol, Sym key, int idxcol, uint32_t **rows) {
    const uint32_t *r;
    *rows = NULL;
    size_t n = key == EM_NONE ? 0 : em_find(em->f, rel, keycol, key, &r);
    IrRel nrel = key == EM_NONE ? REL__COUNT : list_count_rel(rel);
    uint64_t want;
    if (nrel != REL__COUNT && em_get(em->f, nrel, key, 1, &want) && want != n)
        em_error(em, "%s: relation %s says %llu, relation %s has %zu", em_str(em->f, key),
                 facts_rels[nrel].name, (unsigned long long)want, facts_rels[rel].name, n);
    if (n == 0)
        return 0;
    RowIdx *ri = mem_calloc(n, sizeof *ri);
    uint32_t *out = arena_alloc(&em->arena, n * sizeof *out);
    if (!ri || !out) {
        mem_free(ri);
        em->oom = true;
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        ri[i] = (RowIdx){(int64_t)em_cell(em->f, rel, r[i], idxcol), r[i]};
    qsort(ri, n, sizeof *ri, rowidx_cmp);
    /* a list by index: 0, 1, ..., n-1, each once (metadata_operand leaves out its null
     * operands: em_md_operands checks it) */
    if (facts_rels[rel].cols[idxcol].kind == COL_NUMBER && rel != REL_metadata_operand) {
        for (size_t i = 0; i < n; i++) {
            if (ri[i].idx == (int64_t)i)
                continue;
            if (i > 0 && ri[i].idx == ri[i - 1].idx)
                em_error(em, "%s: relation %s has two rows for index %lld", em_str(em->f, key),
                         facts_rels[rel].name, (long long)ri[i].idx);
            else
                em_error(em, "%s: relation %s has no row for index %zu (its %zu rows go up to "
                             "index %lld)",
                         em_str(em->f, key), facts_rels[rel].name, i, n,
                         (long long)ri[n - 1].idx);
            break;
        }
    }
    for (size_t i = 0; i < n; i++)
        out[i] = ri[i].row;
    mem_free(ri);
    *rows = out;
    return n;
}

/* The operands of tuple or DIArgList m, ", "-separated, into sb: each index below
 * metadata_noperands is in metadata_operand or (a tuple's null) in
 * metadata_null_operand, never both and never neither. */
void em_md_operands(Em *em, StrBuf *sb, Sym m, bool tuple) {
    int64_t n = em_need_num(em, REL_metadata_noperands, m, 1);
    uint32_t *rows;
    size_t k = em_rows_sorted(em, REL_metadata_operand, 0, m, 1, &rows);
    const uint32_t *nr;
    size_t nn = em_find(em->f, REL_metadata_null_operand, 0, m, &nr);
    size_t j = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i)
            sb_adds(sb, ", ");
        while (j < k && (int64_t)em_cell(em->f, REL_metadata_operand, rows[j], 1) < i)
            j++;
        bool null = false;
        for (size_t q = 0; q < nn && !null; q++)
            null = (int64_t)em_cell(em->f, REL_metadata_null_operand, nr[q], 1) == i;
        bool has = j < k && (int64_t)em_cell(em->f, REL_metadata_operand, rows[j], 1) == i;
        if (has && j + 1 < k && (int64_t)em_cell(em->f, REL_metadata_operand, rows[j + 1], 1) == i)
            em_error(em, "metadata %s: relation metadata_operand has two rows for operand %lld",
                     em_str(em->f, m), (long long)i);
        if (has && null)
            em_error(em, "metadata %s: operand %lld is in relation metadata_operand and in "
                         "relation metadata_null_operand",
                     em_str(em->f, m), (long long)i);
        else if (!has && (!null || !tuple))
            em_error(em, "metadata %s: operand %lld of %lld (relation metadata_noperands) is in "
                         "neither relation metadata_operand nor metadata_null_operand%s",
                     em_str(em->f, m), (long long)i, (long long)n,
                     tuple ? "" : " (a DIArgList has no null operands)");
        if (has)
            sb_adds(sb, em_md(em, (Sym)em_cell(em->f, REL_metadata_operand, rows[j], 2)));
        else
            sb_adds(sb, "null");
    }
    if (k && (int64_t)em_cell(em->f, REL_metadata_operand, rows[k - 1], 1) >= n)
        em_error(em, "metadata %s: relation metadata_operand has operand %lld, beyond its %lld "
                     "operands (relation metadata_noperands)",
                 em_str(em->f, m), (long long)em_cell(em->f, REL_metadata_operand, rows[k - 1], 1),
                 (long long)n);
}

/* ---- globals ---- */

Status em_number_globals(Em *em) {
    static const struct {
        IrRel ent, name;
    } kinds[] = {{REL_global_variable, REL_global_variable_name},
                 {REL_alias, REL_alias_name},
                 {REL_ifunc, REL_ifunc_name},
                 {REL_function, REL_function_name}};
    uint64_t next = 0;
    StrBuf sb = SB_INIT;
    for (size_t k = 0; k < ARRAY_LEN(kinds); k++) {
        /* module order: by global_value_index, then (no index) by row */
        EmRel *er = em_rel(em->f, kinds[k].ent);
        size_t n = er->nrows;
        RowIdx *ri = mem_calloc(n ? n : 1, sizeof *ri);
        Sym *order = arena_alloc(&em->arena, (n ? n : 1) * sizeof *order);
        if (!ri || !order) {
            mem_free(ri);
            em->oom = true;
            break;
        }
        for (size_t i = 0; i < n; i++) {
            uint64_t idx;
            Sym g = (Sym)em_cell(em->f, kinds[k].ent, i, 0);
            ri[i] = (RowIdx){em_get(em->f, REL_global_value_index, g, 1, &idx) ? (int64_t)idx
                                                                               : INT64_MAX,
                             (uint32_t)i};
        }
        qsort(ri, n, sizeof *ri, rowidx_cmp);
        for (size_t i = 0; i < n; i++)
            order[i] = (Sym)em_cell(em->f, kinds[k].ent, ri[i].row, 0);
        mem_free(ri);
        em->gorder[k] = order;
        em->ngorder[k] = n;
        for (size_t i = 0; i < n; i++) {
            Sym g = order[i];
            if (memo_get(&em->global_name, g)) {
                em_error(em, "%s is in relation %s and in another of global_variable, alias, "
                             "ifunc, function (or twice in one)",
                         em_str(em->f, g), facts_rels[kinds[k].ent].name);
                continue;
            }
            Sym name = em_opt_sym(em, kinds[k].name, g, 1);
            sb_reset(&sb);
            if (name == EM_NONE || em_len(em->f, name) == 0)
                sb_addf(&sb, "@%llu", (unsigned long long)next++);
            else
                em_add_name(&sb, '@', em_str(em->f, name), em_len(em->f, name));
            memo_put(em, &em->global_name, g, keep(em, &sb));
        }
    }
    sb_release(&sb);
    /* every global value is of one of the four kinds */
    EmRel *gv = em_rel(em->f, REL_global_value);
    for (size_t i = 0; i < gv->nrows && !em->oom; i++) {
        Sym g = (Sym)em_cell(em->f, REL_global_value, i, 0);
        if (!memo_get(&em->global_name, g))
            em_error(em, "global value %s (relation global_value) is in none of the relations "
                         "global_variable, alias, ifunc, function",
                     em_str(em->f, g));
    }
    return em->oom ? E_NOMEM : OK;
}

const char *em_global_name(Em *em, Sym g) {
    const char *s = memo_get(&em->global_name, g);
    if (s)
        return s;
    em_error(em, "%s is used as a global value, but no relation global_variable, function, "
                 "alias or ifunc has it",
             g == EM_NONE ? "(unknown)" : em_str(em->f, g));
    return memo_put(em, &em->global_name, g, ERR);
}

/* ---- functions' layouts and local names ---- */

static void name_local(Em *em, Sym v, Sym name, uint64_t *next, StrBuf *sb) {
    sb_reset(sb);
    if (name == EM_NONE || em_len(em->f, name) == 0)
        sb_addf(sb, "%%%llu", (unsigned long long)(*next)++);
    else
        em_add_name(sb, '%', em_str(em->f, name), em_len(em->f, name));
    memo_put(em, &em->local_name, v, keep(em, sb));
}

EmFn *em_fn(Em *em, Sym fn) {
    uint64_t v;
    if (map_get(&em->fn_layout, fn, &v))
        return (EmFn *)(uintptr_t)v;
    EmFn *L = arena_calloc(&em->arena, sizeof *L);
    if (!L) {
        em->oom = true;
        return NULL;
    }
    L->fn = fn;
    StrBuf sb = SB_INIT;
    uint64_t next = 0;
    uint32_t *rows;
    size_t np = em_rows_sorted(em, REL_function_param, 0, fn, 1, &rows);
    for (size_t i = 0; i < np; i++) {
        Sym p = (Sym)em_cell(em->f, REL_function_param, rows[i], 2);
        name_local(em, p, em_opt_sym(em, REL_variable_name, p, 1), &next, &sb);
    }
    L->nblocks = em_rows_sorted(em, REL_block_function, 1, fn, 0, &rows);
    /* rows of block_function sorted by row; order them by block_index */
    RowIdx *bi = mem_calloc(L->nblocks ? L->nblocks : 1, sizeof *bi);
    L->blocks = arena_calloc(&em->arena, (L->nblocks ? L->nblocks : 1) * sizeof *L->blocks);
    L->ninsns = arena_calloc(&em->arena, (L->nblocks ? L->nblocks : 1) * sizeof *L->ninsns);
    L->insns = arena_calloc(&em->arena, (L->nblocks ? L->nblocks : 1) * sizeof *L->insns);
    if (!bi || !L->blocks || !L->ninsns || !L->insns) {
        mem_free(bi);
        sb_release(&sb);
        em->oom = true;
        return NULL;
    }
    for (size_t i = 0; i < L->nblocks; i++) {
        Sym b = (Sym)em_cell(em->f, REL_block_function, rows[i], 0);
        bi[i] = (RowIdx){em_need_num(em, REL_block_index, b, 1), b};
    }
    qsort(bi, L->nblocks, sizeof *bi, rowidx_cmp);
    for (size_t i = 0; i < L->nblocks; i++) {
        Sym b = bi[i].row;
        L->blocks[i] = b;
        name_local(em, b, em_opt_sym(em, REL_block_name, b, 1), &next, &sb);
        uint32_t *ir;
        size_t ni = em_rows_sorted(em, REL_instruction_block, 1, b, 0, &ir);
        RowIdx *ii = mem_calloc(ni ? ni : 1, sizeof *ii);
        Sym *insns = arena_calloc(&em->arena, (ni ? ni : 1) * sizeof *insns);
        if (!ii || !insns) {
            mem_free(ii);
            em->oom = true;
            break;
        }
        for (size_t k = 0; k < ni; k++) {
            Sym in = (Sym)em_cell(em->f, REL_instruction_block, ir[k], 0);
            ii[k] = (RowIdx){em_need_num(em, REL_instruction_index, in, 1), in};
        }
        qsort(ii, ni, sizeof *ii, rowidx_cmp);
        for (size_t k = 0; k < ni; k++) {
            insns[k] = ii[k].row;
            Sym to = em_opt_sym(em, REL_instruction_to, insns[k], 1);
            if (to != EM_NONE)
                name_local(em, to, em_opt_sym(em, REL_variable_name, to, 1), &next, &sb);
        }
        mem_free(ii);
        if (ni == 0)
            em_error(em, "block %s has no instructions (relation instruction_block): a block "
                     "ends with a terminator", em_str(em->f, b));
        L->ninsns[i] = ni;
        L->insns[i] = insns;
    }
    mem_free(bi);
    sb_release(&sb);
    if (map_put(&em->fn_layout, fn, (uint64_t)(uintptr_t)L) != OK)
        em->oom = true;
    return L;
}

const char *em_local_name(Em *em, Sym v) {
    const char *s = memo_get(&em->local_name, v);
    if (s)
        return s;
    /* a value of a function not laid out yet (a blockaddress, a stray use) */
    Sym fn = em_opt_sym(em, REL_variable_function, v, 1);
    if (fn == EM_NONE)
        fn = em_opt_sym(em, REL_block_function, v, 1);
    if (fn != EM_NONE && !map_get(&em->fn_layout, fn, &(uint64_t){0})) {
        em_fn(em, fn);
        s = memo_get(&em->local_name, v);
        if (s)
            return s;
    }
    em_error(em, "%s is used as a local value, but it is neither a parameter nor the result "
                 "of an instruction or a block of a function (variable_function, "
                 "instruction_to, block_function)",
             v == EM_NONE ? "(unknown)" : em_str(em->f, v));
    return memo_put(em, &em->local_name, v, ERR);
}

/* ---- types ---- */

/* A memoised text being built that is needed again: the facts make it contain itself. */
static const char *cycle(Em *em, Map *m, Sym key, const char *what) {
    em_error(em, "%s %s contains itself (through its elements, operands or fields)", what,
             em_str(em->f, key));
    return memo_put(em, m, key, ERR);
}

const char *em_type(Em *em, Sym t) {
    if (t == EM_NONE) /* a missing role, already reported */
        return ERR;
    const char *s = memo_get(&em->type_text, t);
    if (s == BUSY)
        return cycle(em, &em->type_text, t, "type");
    if (s)
        return s;
    memo_put(em, &em->type_text, t, BUSY);
    Sym kind = em_need_sym(em, REL_type_kind, t, 1);
    if (kind == EM_NONE)
        return memo_put(em, &em->type_text, t, ERR);
    const char *k = em_str(em->f, kind);
    StrBuf sb = SB_INIT;
    uint32_t *rows;
    if (!strcmp(k, "integer")) {
        sb_addf(&sb, "i%lld", (long long)em_need_num(em, REL_integer_type_width, t, 1));
    } else if (!strcmp(k, "pointer")) {
        int64_t as = em_need_num(em, REL_pointer_type_addrspace, t, 1);
        sb_adds(&sb, "ptr");
        if (as)
            sb_addf(&sb, " addrspace(%lld)", (long long)as);
    } else if (!strcmp(k, "function")) {
        sb_adds(&sb, em_type(em, em_need_sym(em, REL_function_type_return, t, 1)));
        sb_adds(&sb, " (");
        size_t n = em_rows_sorted(em, REL_function_type_param, 0, t, 1, &rows);
        for (size_t i = 0; i < n; i++) {
            if (i)
                sb_adds(&sb, ", ");
            sb_adds(&sb, em_type(em, (Sym)em_cell(em->f, REL_function_type_param, rows[i], 2)));
        }
        if (em_has(em->f, REL_function_type_varargs, t))
            sb_adds(&sb, n ? ", ..." : "...");
        sb_addc(&sb, ')');
    } else if (!strcmp(k, "array")) {
        sb_addf(&sb, "[%lld x %s]", (long long)em_need_num(em, REL_array_type_size, t, 1),
                em_type(em, em_need_sym(em, REL_array_type_component, t, 1)));
    } else if (!strcmp(k, "vector")) {
        sb_addf(&sb, "<%s%lld x %s>",
                em_has(em->f, REL_vector_type_scalable, t) ? "vscale x " : "",
                (long long)em_need_num(em, REL_vector_type_size, t, 1),
                em_type(em, em_need_sym(em, REL_vector_type_component, t, 1)));
    } else if (!strcmp(k, "struct")) {
        Sym name = em_opt_sym(em, REL_struct_type_name, t, 1);
        if (!em_has(em->f, REL_struct_type, t))
            em_missing(em, REL_struct_type, t);
        if (!em_has(em->f, REL_struct_type_literal, t)) {
            if (name != EM_NONE) {
                em_add_name(&sb, '%', em_str(em->f, name), em_len(em->f, name));
            } else {
                /* an unnamed identified struct: numbered in struct_type order */
                if (!em->unnamed_done) {
                    em->unnamed_done = true;
                    uint64_t next = 0;
                    EmRel *er = em_rel(em->f, REL_struct_type);
                    for (size_t i = 0; i < er->nrows; i++) {
                        Sym o = (Sym)em_cell(em->f, REL_struct_type, i, 0);
                        if (!em_has(em->f, REL_struct_type_literal, o) &&
                            !em_has(em->f, REL_struct_type_name, o) &&
                            !map_get(&em->unnamed_struct, o, NULL) &&
                            map_put(&em->unnamed_struct, o, next++) != OK)
                            em->oom = true;
                    }
                }
                uint64_t n = 0;
                map_get(&em->unnamed_struct, t, &n); /* absent: reported above */
                sb_addf(&sb, "%%%llu", (unsigned long long)n);
            }
        } else {
            bool packed = em_has(em->f, REL_struct_type_packed, t);
            size_t n = em_rows_sorted(em, REL_struct_type_field, 0, t, 1, &rows);
            em_check_count(em, t, REL_struct_type_nfields, REL_struct_type_field, n, false);
            sb_adds(&sb, packed ? "<{" : "{");
            for (size_t i = 0; i < n; i++) {
                sb_adds(&sb, i ? ", " : " ");
                sb_adds(&sb, em_type(em, (Sym)em_cell(em->f, REL_struct_type_field, rows[i], 2)));
            }
            sb_adds(&sb, n ? " " : "");
            sb_adds(&sb, packed ? "}>" : "}");
        }
    } else if (!strcmp(k, "target_ext")) {
        Sym name = em_need_sym(em, REL_target_ext_type_name, t, 1);
        sb_adds(&sb, "target(");
        if (name != EM_NONE)
            em_add_quoted(&sb, em_str(em->f, name), em_len(em->f, name));
        size_t n = em_rows_sorted(em, REL_target_ext_type_type_param, 0, t, 1, &rows);
        for (size_t i = 0; i < n; i++)
            sb_addf(&sb, ", %s",
                    em_type(em, (Sym)em_cell(em->f, REL_target_ext_type_type_param, rows[i], 2)));
        n = em_rows_sorted(em, REL_target_ext_type_int_param, 0, t, 1, &rows);
        for (size_t i = 0; i < n; i++)
            sb_addf(&sb, ", %llu",
                    (unsigned long long)em_cell(em->f, REL_target_ext_type_int_param, rows[i], 2));
        sb_addc(&sb, ')');
    } else {
        /* half bfloat float double fp128 x86_fp80 ppc_fp128 void label metadata token
         * x86_amx: the kind is the type's keyword */
        sb_adds(&sb, k);
    }
    const char *r = keep(em, &sb);
    sb_release(&sb);
    return memo_put(em, &em->type_text, t, r);
}

/* ---- constants ---- */

static bool is_variable(Em *em, Sym op) {
    return em_has(em->f, REL_variable, op);
}

/* An operand that is neither a variable nor a constant (a global value is one): a value
 * used but defined nowhere, e.g. an edit that names an instruction's result that is
 * not there. Reported once per value. */
static bool undefined_value(Em *em, Sym op) {
    if (is_variable(em, op) || em_has(em->f, REL_constant_kind, op))
        return false;
    if (!memo_get(&em->const_text, op)) {
        em_error(em, "value %s is used as an operand but defined nowhere: it has no row in "
                     "relation variable (an argument or instruction result) nor in relation "
                     "constant_kind (a constant or global value)",
                 op == EM_NONE ? "(unknown)" : em_str(em->f, op));
        memo_put(em, &em->const_text, op, ERR);
    }
    return true;
}

Sym em_operand_type(Em *em, Sym op) {
    if (is_variable(em, op))
        return em_need_sym(em, REL_variable_type, op, 1);
    if (undefined_value(em, op))
        return EM_NONE;
    return em_need_sym(em, REL_constant_type, op, 1);
}

const char *em_operand_value(Em *em, Sym op) {
    if (is_variable(em, op))
        return em_local_name(em, op);
    if (undefined_value(em, op))
        return ERR;
    return em_const(em, op);
}

const char *em_operand(Em *em, Sym op) {
    StrBuf sb = SB_INIT;
    if (em_has(em->f, REL_block, op)) {
        sb_addf(&sb, "label %s", em_local_name(em, op));
    } else if (!is_variable(em, op) && !em_has(em->f, REL_constant, op) &&
               !em_has(em->f, REL_constant_kind, op) && em_has(em->f, REL_metadata, op)) {
        sb_addf(&sb, "metadata %s", em_md(em, op));
    } else {
        sb_addf(&sb, "%s %s", em_type(em, em_operand_type(em, op)), em_operand_value(em, op));
    }
    const char *r = keep(em, &sb);
    sb_release(&sb);
    return r;
}

static void add_elements(Em *em, StrBuf *sb, Sym c, const char *open, const char *close,
                         bool spaces) {
    uint32_t *rows;
    size_t n = em_rows_sorted(em, REL_constant_aggregate_element, 0, c, 1, &rows);
    int64_t want = em_need_num(em, REL_constant_aggregate_nelements, c, 1);
    if ((int64_t)n != want)
        em_error(em, "constant %s: constant_aggregate_nelements says %lld elements, "
                     "constant_aggregate_element has %zu",
                 em_str(em->f, c), (long long)want, n);
    sb_adds(sb, open);
    for (size_t i = 0; i < n; i++) {
        sb_adds(sb, i ? ", " : (spaces ? " " : ""));
        sb_adds(sb, em_operand(em, (Sym)em_cell(em->f, REL_constant_aggregate_element, rows[i], 2)));
    }
    if (spaces && n)
        sb_addc(sb, ' ');
    sb_adds(sb, close);
}

static void add_float(Em *em, StrBuf *sb, Sym c) {
    Sym bits = em_need_sym(em, REL_constant_float_bits, c, 1);
    Sym kind = em_need_sym(em, REL_type_kind, em_need_sym(em, REL_constant_type, c, 1), 1);
    if (bits == EM_NONE || kind == EM_NONE) {
        sb_adds(sb, ERR);
        return;
    }
    const char *b = em_str(em->f, bits), *k = em_str(em->f, kind);
    if (b[0] == '0' && (b[1] == 'x' || b[1] == 'X'))
        b += 2;
    size_t n = strlen(b);
    if (!strcmp(k, "double")) {
        sb_addf(sb, "0x%s", b);
    } else if (!strcmp(k, "float")) {
        /* float hex is written as the double of the same value (exact) */
        unsigned long fb = strtoul(b, NULL, 16);
        float fv;
        uint32_t u = (uint32_t)fb;
        memcpy(&fv, &u, sizeof fv);
        double dv = fv;
        uint64_t db;
        memcpy(&db, &dv, sizeof db);
        if (fv != fv) { /* NaN: keep the payload: sign, all-ones exponent, mantissa << 29 */
            db = ((uint64_t)(u >> 31) << 63) | (0x7FFull << 52) | ((uint64_t)(u & 0x7FFFFF) << 29);
        }
        sb_addf(sb, "0x%016llX", (unsigned long long)db);
    } else if (!strcmp(k, "half")) {
        sb_addf(sb, "0xH%s", b);
    } else if (!strcmp(k, "bfloat")) {
        sb_addf(sb, "0xR%s", b);
    } else if (!strcmp(k, "x86_fp80")) {
        sb_addf(sb, "0xK%s", b);
    } else if (!strcmp(k, "fp128") && n == 32) {
        sb_addf(sb, "0xL%.16s%.16s", b + 16, b);
    } else if (!strcmp(k, "ppc_fp128") && n == 32) {
        sb_addf(sb, "0xM%.16s%.16s", b + 16, b);
    } else {
        em_error(em, "constant %s: cannot write float bits %s of type kind %s", em_str(em->f, c),
                 b, k);
        sb_adds(sb, ERR);
    }
}

static void add_expr(Em *em, StrBuf *sb, Sym c) {
    Sym opc = em_need_sym(em, REL_constant_expr_opcode, c, 1);
    if (opc == EM_NONE) {
        sb_adds(sb, ERR);
        return;
    }
    const char *o = em_str(em->f, opc);
    uint32_t *rows;
    size_t n = em_rows_sorted(em, REL_constant_expr_operand, 0, c, 1, &rows);
    sb_adds(sb, o);
    if (!strcmp(o, "getelementptr")) {
        if (em_has(em->f, REL_constant_expr_gep_inbounds, c))
            sb_adds(sb, " inbounds");
        else if (em_has(em->f, REL_constant_expr_gep_nusw, c))
            sb_adds(sb, " nusw");
        if (em_has(em->f, REL_constant_expr_gep_nuw, c))
            sb_adds(sb, " nuw");
        const uint32_t *ir;
        if (em_find(em->f, REL_constant_expr_gep_inrange, 0, c, &ir))
            sb_addf(sb, " inrange(%lld, %lld)",
                    (long long)em_cell(em->f, REL_constant_expr_gep_inrange, ir[0], 1),
                    (long long)em_cell(em->f, REL_constant_expr_gep_inrange, ir[0], 2));
        sb_addf(sb, " (%s", em_type(em, em_need_sym(em, REL_constant_expr_gep_source_type, c, 1)));
        for (size_t i = 0; i < n; i++)
            sb_addf(sb, ", %s", em_operand(em, (Sym)em_cell(em->f, REL_constant_expr_operand, rows[i], 2)));
        sb_addc(sb, ')');
        return;
    }
    if (em_has(em->f, REL_constant_expr_nuw, c))
        sb_adds(sb, " nuw");
    if (em_has(em->f, REL_constant_expr_nsw, c))
        sb_adds(sb, " nsw");
    sb_adds(sb, " (");
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_adds(sb, ", ");
        sb_adds(sb, em_operand(em, (Sym)em_cell(em->f, REL_constant_expr_operand, rows[i], 2)));
    }
    if (!strcmp(o, "trunc") || !strcmp(o, "ptrtoint") || !strcmp(o, "inttoptr") ||
        !strcmp(o, "bitcast") || !strcmp(o, "addrspacecast") || !strcmp(o, "zext") ||
        !strcmp(o, "sext"))
        sb_addf(sb, " to %s", em_type(em, em_need_sym(em, REL_constant_type, c, 1)));
    if (!strcmp(o, "shufflevector")) {
        size_t m = em_rows_sorted(em, REL_constant_expr_shuffle_mask, 0, c, 1, &rows);
        Sym t = em_need_sym(em, REL_constant_type, c, 1);
        bool scalable = em_has(em->f, REL_vector_type_scalable, t);
        sb_addf(sb, ", <%s%zu x i32> ", scalable ? "vscale x " : "", m);
        bool zero = true;
        for (size_t i = 0; i < m; i++)
            zero = zero && em_cell(em->f, REL_constant_expr_shuffle_mask, rows[i], 2) == 0;
        if (zero) {
            sb_adds(sb, "zeroinitializer");
        } else {
            sb_addc(sb, '<');
            for (size_t i = 0; i < m; i++) {
                int64_t e = (int64_t)em_cell(em->f, REL_constant_expr_shuffle_mask, rows[i], 2);
                if (i)
                    sb_adds(sb, ", ");
                if (e < 0)
                    sb_adds(sb, "i32 poison");
                else
                    sb_addf(sb, "i32 %lld", (long long)e);
            }
            sb_addc(sb, '>');
        }
    }
    sb_addc(sb, ')');
}

const char *em_const(Em *em, Sym c) {
    const char *s = memo_get(&em->const_text, c);
    if (s == BUSY)
        return cycle(em, &em->const_text, c, "constant");
    if (s)
        return s;
    memo_put(em, &em->const_text, c, BUSY);
    Sym kind = em_need_sym(em, REL_constant_kind, c, 1);
    if (kind == EM_NONE)
        return memo_put(em, &em->const_text, c, ERR);
    const char *k = em_str(em->f, kind);
    StrBuf sb = SB_INIT;
    if (!strcmp(k, "int")) {
        Sym v = em_need_sym(em, REL_constant_int_value, c, 1);
        Sym t = em_need_sym(em, REL_constant_type, c, 1);
        int64_t w = 0;
        uint64_t wv;
        if (em_get(em->f, REL_integer_type_width, t, 1, &wv))
            w = (int64_t)wv;
        const char *vs = v == EM_NONE ? ERR : em_str(em->f, v);
        if (v != EM_NONE && !is_decimal(vs))
            em_error(em, "constant %s: relation constant_int_value has '%s', not a decimal "
                     "integer", em_str(em->f, c), vs);
        if (w == 1)
            sb_adds(&sb, strcmp(vs, "0") ? "true" : "false");
        else
            sb_adds(&sb, vs);
    } else if (!strcmp(k, "float")) {
        add_float(em, &sb, c);
    } else if (!strcmp(k, "null") || !strcmp(k, "none") || !strcmp(k, "undef") ||
               !strcmp(k, "poison") || !strcmp(k, "zeroinitializer")) {
        sb_adds(&sb, k);
    } else if (!strcmp(k, "target_none")) {
        sb_adds(&sb, "zeroinitializer");
    } else if (!strcmp(k, "struct")) {
        Sym t = em_need_sym(em, REL_constant_type, c, 1);
        bool packed = em_has(em->f, REL_struct_type_packed, t);
        add_elements(em, &sb, c, packed ? "<{" : "{", packed ? "}>" : "}", true);
    } else if (!strcmp(k, "array") || !strcmp(k, "data_array")) {
        add_elements(em, &sb, c, "[", "]", false);
    } else if (!strcmp(k, "vector") || !strcmp(k, "data_vector")) {
        add_elements(em, &sb, c, "<", ">", false);
    } else if (!strcmp(k, "string")) {
        Sym text = em_need_sym(em, REL_constant_string_text, c, 1);
        sb_addf(&sb, "c\"%s\"", text == EM_NONE ? "" : em_str(em->f, text));
    } else if (!strcmp(k, "splat")) {
        sb_addf(&sb, "splat (%s)", em_operand(em, em_need_sym(em, REL_constant_splat_value, c, 1)));
    } else if (!strcmp(k, "blockaddress")) {
        Sym fn = em_need_sym(em, REL_constant_blockaddress_function, c, 1);
        Sym b = em_need_sym(em, REL_constant_blockaddress_block, c, 1);
        sb_addf(&sb, "blockaddress(%s, %s)", em_global_name(em, fn), em_local_name(em, b));
    } else if (!strcmp(k, "dso_local_equivalent")) {
        sb_addf(&sb, "dso_local_equivalent %s",
                em_global_name(em, em_need_sym(em, REL_constant_dso_local_equivalent_global, c, 1)));
    } else if (!strcmp(k, "no_cfi")) {
        sb_addf(&sb, "no_cfi %s", em_global_name(em, em_need_sym(em, REL_constant_no_cfi_global, c, 1)));
    } else if (!strcmp(k, "ptrauth")) {
        sb_addf(&sb, "ptrauth (%s, %s, %s, %s)",
                em_operand(em, em_need_sym(em, REL_constant_ptrauth_pointer, c, 1)),
                em_operand(em, em_need_sym(em, REL_constant_ptrauth_key, c, 1)),
                em_operand(em, em_need_sym(em, REL_constant_ptrauth_discriminator, c, 1)),
                em_operand(em, em_need_sym(em, REL_constant_ptrauth_address_discriminator, c, 1)));
    } else if (!strcmp(k, "expr")) {
        add_expr(em, &sb, c);
    } else if (!strcmp(k, "global_variable") || !strcmp(k, "function") || !strcmp(k, "alias") ||
               !strcmp(k, "ifunc")) {
        sb_adds(&sb, em_global_name(em, c));
    } else {
        em_error(em, "constant %s: unknown constant_kind %s", em_str(em->f, c), k);
        sb_adds(&sb, ERR);
    }
    const char *r = keep(em, &sb);
    sb_release(&sb);
    return memo_put(em, &em->const_text, c, r);
}

/* ---- attributes ---- */

static void add_rows_joined(Em *em, StrBuf *sb, IrRel rel, Sym key, int col, const char *sep) {
    const uint32_t *rows;
    size_t n = em_find(em->f, rel, 0, key, &rows);
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_adds(sb, sep);
        sb_adds(sb, em_str(em->f, (Sym)em_cell(em->f, rel, rows[i], col)));
    }
}

const char *em_attr(Em *em, Sym a) {
    const char *s = memo_get(&em->attr_text, a);
    if (s)
        return s;
    Sym kind = em_need_sym(em, REL_attribute_kind, a, 1);
    if (kind == EM_NONE)
        return memo_put(em, &em->attr_text, a, ERR);
    const char *k = em_str(em->f, kind);
    StrBuf sb = SB_INIT;
    uint64_t v = 0;
    if (em_has(em->f, REL_string_attribute, a)) {
        em_add_quoted(&sb, k, em_len(em->f, kind));
        Sym val = em_opt_sym(em, REL_attribute_string_value, a, 1);
        if (val != EM_NONE) {
            sb_addc(&sb, '=');
            em_add_quoted(&sb, em_str(em->f, val), em_len(em->f, val));
        }
    } else if (em_has(em->f, REL_type_attribute, a)) {
        sb_addf(&sb, "%s(%s)", k, em_type(em, em_need_sym(em, REL_attribute_type_value, a, 1)));
    } else if (em_has(em->f, REL_constant_range_attribute, a)) {
        const uint32_t *rows;
        if (!strcmp(k, "range")) {
            if (em_find(em->f, REL_attribute_range, 0, a, &rows)) {
                const char *lo = em_str(em->f, (Sym)em_cell(em->f, REL_attribute_range, rows[0], 2));
                const char *hi = em_str(em->f, (Sym)em_cell(em->f, REL_attribute_range, rows[0], 3));
                if (!is_decimal(lo) || !is_decimal(hi))
                    em_error(em, "attribute %s: relation attribute_range has bounds '%s' and "
                             "'%s'; both must be decimal integers",
                             em_str(em->f, a), lo, hi);
                sb_addf(&sb, "range(i%lld %s, %s)",
                        (long long)em_cell(em->f, REL_attribute_range, rows[0], 1), lo, hi);
            } else {
                em_missing(em, REL_attribute_range, a);
            }
        } else if (!strcmp(k, "initializes")) {
            uint32_t *r2;
            size_t n = em_rows_sorted(em, REL_attribute_initializes, 0, a, 1, &r2);
            if (!n)
                em_missing(em, REL_attribute_initializes, a);
            sb_adds(&sb, "initializes(");
            for (size_t i = 0; i < n; i++)
                sb_addf(&sb, "%s(%lld, %lld)", i ? ", " : "",
                        (long long)em_cell(em->f, REL_attribute_initializes, r2[i], 2),
                        (long long)em_cell(em->f, REL_attribute_initializes, r2[i], 3));
            sb_addc(&sb, ')');
        } else {
            em_error(em, "attribute %s: unknown constant-range attribute kind %s",
                     em_str(em->f, a), k);
        }
    } else if (em_has(em->f, REL_int_attribute, a)) {
        bool own = !strcmp(k, "allocsize") || !strcmp(k, "vscale_range") ||
                   !strcmp(k, "allockind") || !strcmp(k, "nofpclass") || !strcmp(k, "memory");
        if (!em_get(em->f, REL_attribute_int_value, a, 1, &v) && !own)
            em_missing(em, REL_attribute_int_value, a);
        if (!strcmp(k, "align")) {
            sb_addf(&sb, "align %llu", (unsigned long long)v);
        } else if (!strcmp(k, "uwtable")) {
            sb_adds(&sb, v == 1 ? "uwtable(sync)" : "uwtable");
        } else if (!strcmp(k, "allocsize")) {
            uint64_t e = 0, n = 0;
            em_get(em->f, REL_attribute_allocsize_elem_size, a, 1, &e);
            if (em_get(em->f, REL_attribute_allocsize_num_elems, a, 1, &n))
                sb_addf(&sb, "allocsize(%llu,%llu)", (unsigned long long)e, (unsigned long long)n);
            else
                sb_addf(&sb, "allocsize(%llu)", (unsigned long long)e);
        } else if (!strcmp(k, "vscale_range")) {
            const uint32_t *rows;
            if (em_find(em->f, REL_attribute_vscale_range, 0, a, &rows))
                sb_addf(&sb, "vscale_range(%lld,%lld)",
                        (long long)em_cell(em->f, REL_attribute_vscale_range, rows[0], 1),
                        (long long)em_cell(em->f, REL_attribute_vscale_range, rows[0], 2));
            else
                em_missing(em, REL_attribute_vscale_range, a);
        } else if (!strcmp(k, "allockind")) {
            sb_adds(&sb, "allockind(\"");
            add_rows_joined(em, &sb, REL_attribute_alloc_kind, a, 1, ",");
            sb_adds(&sb, "\")");
        } else if (!strcmp(k, "nofpclass")) {
            sb_adds(&sb, "nofpclass(");
            add_rows_joined(em, &sb, REL_attribute_nofpclass, a, 1, " ");
            sb_adds(&sb, ")");
        } else if (!strcmp(k, "memory")) {
            const char *acc[3] = {"none", "none", "none"}; /* argmem inaccessiblemem other */
            const uint32_t *rows;
            size_t n = em_find(em->f, REL_attribute_memory_effect, 0, a, &rows);
            for (size_t i = 0; i < n; i++) {
                const char *loc = em_str(em->f, (Sym)em_cell(em->f, REL_attribute_memory_effect, rows[i], 1));
                const char *ac = em_str(em->f, (Sym)em_cell(em->f, REL_attribute_memory_effect, rows[i], 2));
                acc[!strcmp(loc, "argmem") ? 0 : !strcmp(loc, "inaccessiblemem") ? 1 : 2] = ac;
            }
            sb_addf(&sb, "memory(%s, argmem: %s, inaccessiblemem: %s)", acc[2], acc[0], acc[1]);
        } else {
            sb_addf(&sb, "%s(%llu)", k, (unsigned long long)v);
        }
    } else {
        if (!em_has(em->f, REL_enum_attribute, a))
            em_error(em, "attribute %s is in none of the relations enum_attribute, int_attribute, "
                         "type_attribute, string_attribute, constant_range_attribute",
                     em_str(em->f, a));
        sb_adds(&sb, k);
    }
    const char *r = keep(em, &sb);
    sb_release(&sb);
    return memo_put(em, &em->attr_text, a, r);
}

/* ---- metadata ---- */

const char *em_md(Em *em, Sym m) {
    if (m == EM_NONE)
        return ERR;
    const char *s = memo_get(&em->md_text, m);
    if (s == BUSY)
        return cycle(em, &em->md_text, m, "inline metadata");
    if (s)
        return s;
    memo_put(em, &em->md_text, m, BUSY);
    StrBuf sb = SB_INIT;
    Sym cls = em_need_sym(em, REL_metadata_class, m, 1);
    const char *c = cls == EM_NONE ? "" : em_str(em->f, cls);
    uint32_t *rows;
    if (em_has(em->f, REL_metadata_node, m)) {
        const char *id = em_str(em->f, m);
        if (id[0] != '!' || !id[1] || strspn(id + 1, "0123456789") != strlen(id + 1))
            em_error(em, "metadata_node %s: a numbered node's id must be !N", id);
        sb_adds(&sb, id);
    } else if (!strcmp(c, "string")) {
        Sym t = em_need_sym(em, REL_metadata_string, m, 1);
        sb_addc(&sb, '!');
        if (t != EM_NONE)
            em_add_quoted(&sb, em_str(em->f, t), em_len(em->f, t));
    } else if (!strcmp(c, "value")) {
        Sym v = em_need_sym(em, REL_metadata_value, m, 1);
        Sym t = em_need_sym(em, REL_metadata_value_type, m, 1);
        sb_addf(&sb, "%s %s", em_type(em, t), v == EM_NONE ? ERR : em_operand_value(em, v));
    } else if (!strcmp(c, "DIExpression")) {
        size_t n = em_rows_sorted(em, REL_di_expression_element, 0, m, 1, &rows);
        sb_adds(&sb, "!DIExpression(");
        for (size_t i = 0; i < n; i++)
            sb_addf(&sb, "%s%s", i ? ", " : "",
                    em_str(em->f, (Sym)em_cell(em->f, REL_di_expression_element, rows[i], 2)));
        sb_addc(&sb, ')');
    } else if (!strcmp(c, "DIArgList") || !strcmp(c, "tuple")) {
        bool tuple = !strcmp(c, "tuple");
        sb_adds(&sb, tuple ? "!{" : "!DIArgList(");
        em_md_operands(em, &sb, m, tuple);
        sb_adds(&sb, tuple ? "}" : ")");
    } else {
        em_error(em, "metadata %s of class %s is neither numbered nor inline", em_str(em->f, m), c);
        sb_adds(&sb, ERR);
    }
    const char *r = keep(em, &sb);
    sb_release(&sb);
    return memo_put(em, &em->md_text, m, r);
}
