/*
 * emit_summary.c — the module summary index (rel/summary.def) as llvm-dis writes it:
 * `^N = module: ...`, `^N = gv: ...`, `^N = typeid: ...`, `^N = typeidCompatibleVTable:
 * ...`, `^N = flags: N`, `^N = blockcount: N`, one line each, in slot order, after the
 * metadata
 * (docs/emit.md, "Module summary indexes").
 *
 * Strings (the module's path, names) are written quoted with `\XX` escapes, which
 * LLVM's parser reads back (llvm-dis prints names unescaped). A regular LTO index
 * (summary_full_lto) and a combined index (summary_combined) are said by a comment line
 * of their own, which LLVM's text has no syntax for and ir_summary.c reads back when it
 * writes bitcode.
 */
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"

#define FULL_LTO_LINE "; irlog: a regular LTO summary (FULL_LTO_GLOBALVAL_SUMMARY_BLOCK)"
#define COMBINED_LINE "; irlog: a combined summary index (a file without a module)"
#define CFI_LINE "; irlog: CFI function "

/* `^N` of an entry, or an error. */
static void add_slot(Em *em, Sym entry) {
    uint64_t slot;
    if (!em_get(em->f, REL_summary_entry_slot, entry, 1, &slot)) {
        em_error(em, "summary entry %s is referenced but has no row in relation "
                     "summary_entry_slot",
                 em_str(em->f, entry));
        slot = 0;
    }
    sb_addf(em->out, "^%llu", (unsigned long long)slot);
}

/* Is name among the symbols of column 1 of rel's rows for key? Names not in `known`
 * are errors. */
static bool flag_set(Em *em, IrRel rel, Sym key, const char *name, const char *const *known) {
    const uint32_t *rows;
    size_t n = em_find(em->f, rel, 0, key, &rows);
    bool set = false;
    for (size_t i = 0; i < n; i++) {
        const char *f = em_str(em->f, (Sym)em_cell(em->f, rel, rows[i], 1));
        if (!strcmp(f, name))
            set = true;
        bool ok = false;
        for (size_t k = 0; known[k] && !ok; k++)
            ok = !strcmp(known[k], f);
        if (!ok)
            em_error(em, "%s: relation %s has the unknown flag `%s`", em_str(em->f, key),
                     facts_rels[rel].name, f);
    }
    return set;
}

static const char *const GV_FLAGS[] = {"notEligibleToImport", "live", "dsoLocal", "canAutoHide",
                                       NULL};
static const char *const FUNC_FLAGS[] = {"readNone",   "readOnly",       "noRecurse",
                                         "returnDoesNotAlias", "noInline", "alwaysInline",
                                         "noUnwind",   "mayThrow",       "hasUnknownCall",
                                         "mustBeUnreachable",  NULL};
static const char *const VAR_FLAGS[] = {"readonly", "writeonly", "constant", NULL};

/* The symbol of a mandatory role (reported when missing: "" then). */
static const char *need_str(Em *em, IrRel rel, Sym key) {
    Sym v = em_need_sym(em, rel, key, 1);
    return v == EM_NONE ? "" : em_str(em->f, v);
}

/* The same, quoted as LLVM's writer quotes a name. */
static void add_need_quoted(Em *em, IrRel rel, Sym key) {
    Sym v = em_need_sym(em, rel, key, 1);
    em_add_quoted(em->out, v == EM_NONE ? "" : em_str(em->f, v),
                  v == EM_NONE ? 0 : em_len(em->f, v));
}

static const char *const VCALL_KINDS[] = {"typeTestAssumeVCalls", "typeCheckedLoadVCalls",
                                          "typeTestAssumeConstVCalls",
                                          "typeCheckedLoadConstVCalls"};

/* The typeid entry whose GUID is guid, or EM_NONE (llvm-dis names a type id by its
 * typeid entry, `^N`, when the index has one). */
static Sym typeid_entry(Em *em, uint64_t guid) {
    EmFacts *f = em->f;
    const uint32_t *rows;
    size_t n = em_find(f, REL_summary_entry_guid, 1, guid, &rows);
    for (size_t i = 0; i < n; i++) {
        Sym e = (Sym)em_cell(f, REL_summary_entry_guid, rows[i], 0);
        Sym k = em_opt_sym(em, REL_summary_entry_kind, e, 1);
        if (k != EM_NONE && !strcmp(em_str(f, k), "typeid"))
            return e;
    }
    return EM_NONE;
}

/* `, typeIdInfo: (typeTests: (...), <kind>: (...), ...)` of a function summary: its type
 * tests, then its virtual calls, kind by kind, in the order of their indexes. */
static void write_type_id_info(Em *em, Sym s) {
    EmFacts *f = em->f;
    StrBuf *out = em->out;
    uint32_t *tt, *vc;
    size_t ntt = em_rows_sorted(em, REL_gv_summary_type_test, 0, s, 1, &tt);
    size_t nvc = em_rows_sorted(em, REL_gv_summary_vcall, 0, s, 1, &vc);
    if (!ntt && !nvc)
        return;
    sb_adds(out, ", typeIdInfo: (");
    bool first = true;
    if (ntt) {
        sb_adds(out, "typeTests: (");
        for (size_t i = 0; i < ntt; i++) {
            uint64_t guid = em_cell(f, REL_gv_summary_type_test, tt[i], 2);
            Sym tid = typeid_entry(em, guid);
            if (i)
                sb_adds(out, ", ");
            if (tid != EM_NONE)
                add_slot(em, tid);
            else
                sb_addf(out, "%llu", (unsigned long long)guid);
        }
        sb_addc(out, ')');
        first = false;
    }
    const uint32_t *ar;
    size_t nar = em_find(f, REL_gv_summary_vcall_arg, 0, s, &ar);
    int last = -1;
    for (size_t i = 0; i < nvc; i++) {
        const char *k = em_str(f, (Sym)em_cell(f, REL_gv_summary_vcall, vc[i], 2));
        int kind = -1;
        for (int j = 0; j < 4; j++)
            if (!strcmp(k, VCALL_KINDS[j]))
                kind = j;
        if (kind < last) {
            em_error(em, "summary %s: relation gv_summary_vcall has the virtual call kind `%s` "
                         "at index %zu, not in the order typeTestAssumeVCalls, "
                         "typeCheckedLoadVCalls, typeTestAssumeConstVCalls, "
                         "typeCheckedLoadConstVCalls",
                     em_str(f, s), k, i);
            return;
        }
        if (kind != last) {
            if (last >= 0)
                sb_addc(out, ')');
            sb_addf(out, "%s%s: (", first ? "" : ", ", k);
            first = false;
            last = kind;
        } else {
            sb_adds(out, ", ");
        }
        bool cnst = kind >= 2;
        uint64_t guid = em_cell(f, REL_gv_summary_vcall, vc[i], 3);
        Sym tid = typeid_entry(em, guid);
        sb_addf(out, "%svFuncId: (", cnst ? "(" : "");
        if (tid != EM_NONE)
            add_slot(em, tid);
        else
            sb_addf(out, "guid: %llu", (unsigned long long)guid);
        sb_addf(out, ", offset: %llu)",
                (unsigned long long)em_cell(f, REL_gv_summary_vcall, vc[i], 4));
        if (!cnst)
            continue;
        /* the constant arguments of call i, by their index */
        size_t na = 0;
        for (size_t a = 0; a < nar; a++)
            na += em_cell(f, REL_gv_summary_vcall_arg, ar[a], 1) == (uint64_t)i;
        for (size_t want = 0; want < na; want++) {
            bool found = false;
            for (size_t a = 0; a < nar && !found; a++)
                if (em_cell(f, REL_gv_summary_vcall_arg, ar[a], 1) == (uint64_t)i &&
                    em_cell(f, REL_gv_summary_vcall_arg, ar[a], 2) == (uint64_t)want) {
                    sb_addf(out, "%s%llu", want ? ", " : ", args: (",
                            (unsigned long long)em_cell(f, REL_gv_summary_vcall_arg, ar[a], 3));
                    found = true;
                }
            if (!found) {
                em_error(em, "summary %s: relation gv_summary_vcall_arg has no row for argument "
                             "%zu of call %zu",
                         em_str(f, s), want, i);
                return;
            }
        }
        sb_adds(out, na ? "))" : ")");
    }
    if (last >= 0)
        sb_addc(out, ')');
    sb_addc(out, ')');
}

/* Rows of a list relation keyed by a summary (column 0) and numbers (columns 1..nk),
 * in the order of those numbers. */
typedef struct KeyRow {
    uint64_t k[3];
    uint32_t row;
} KeyRow;

static int keyrow_cmp(const void *a, const void *b) {
    const KeyRow *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x->k[i] != y->k[i])
            return x->k[i] < y->k[i] ? -1 : 1;
    return 0;
}

/* OUT *out (mem_calloc'd, freed by the caller; NULL when there is none). */
static size_t keyed_rows(Em *em, IrRel rel, Sym s, int nk, KeyRow **out) {
    const uint32_t *rows;
    size_t n = em_find(em->f, rel, 0, s, &rows);
    *out = NULL;
    if (!n)
        return 0;
    KeyRow *kr = mem_calloc(n, sizeof *kr);
    if (!kr) {
        em->oom = true;
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        kr[i].row = rows[i];
        for (int c = 0; c < nk; c++)
            kr[i].k[c] = em_cell(em->f, rel, rows[i], 1 + c);
    }
    qsort(kr, n, sizeof *kr, keyrow_cmp);
    *out = kr;
    return n;
}

/* `stackIds: (N, ...)`: the rows of kr from *at whose first nk - 1 keys are key[] and
 * whose last key runs 0, 1, ... (the stack id in column nk + 1). */
static void write_stack_ids(Em *em, Sym s, IrRel rel, const KeyRow *kr, size_t n, size_t *at,
                            const uint64_t *key, int nk) {
    sb_adds(em->out, "stackIds: (");
    for (uint64_t want = 0;; want++) {
        size_t i = *at;
        bool same = i < n;
        for (int c = 0; c < nk - 1 && same; c++)
            same = kr[i].k[c] == key[c];
        if (!same)
            break;
        if (kr[i].k[nk - 1] != want) {
            em_error(em, "summary %s: relation %s has no row for stack id %llu of its list",
                     em_str(em->f, s), facts_rels[rel].name, (unsigned long long)want);
            return;
        }
        sb_addf(em->out, "%s%llu", want ? ", " : "",
                (unsigned long long)em_cell(em->f, rel, kr[i].row, 1 + nk));
        ++*at;
    }
    sb_addc(em->out, ')');
}

/* `(A, ...)`: column 3 of the rows of kr from *at whose first key is key (the list of
 * one callsite or allocation; kr sorted by it and the index), or dflt when it has none. */
static void write_key_list(Em *em, IrRel rel, const KeyRow *kr, size_t n, size_t *at,
                           uint64_t key, const char *dflt) {
    while (*at < n && kr[*at].k[0] < key) /* (of no callsite or allocation: ignored) */
        ++*at;
    sb_addc(em->out, '(');
    if (*at == n || kr[*at].k[0] != key)
        sb_adds(em->out, dflt);
    for (bool first = true; *at < n && kr[*at].k[0] == key; ++*at, first = false) {
        uint64_t v = em_cell(em->f, rel, kr[*at].row, 3);
        if (facts_rels[rel].cols[3].kind == COL_SYMBOL)
            sb_addf(em->out, "%s%s", first ? "" : ", ", em_str(em->f, (Sym)v));
        else
            sb_addf(em->out, "%s%llu", first ? "" : ", ", (unsigned long long)v);
    }
    sb_addc(em->out, ')');
}

/* `, allocs: ((versions: (none), memProf: ((type: T, stackIds: (...)), ...)), ...),
 * callsites: ((callee: ^N, clones: (0), stackIds: (...)), ...)` of a function summary
 * (versions and clones from their relations; none and 0 when there are no rows). */
static void write_memprof(Em *em, Sym s) {
    EmFacts *f = em->f;
    StrBuf *out = em->out;
    KeyRow *mib = NULL, *ms = NULL, *cs = NULL, *vr = NULL, *cr = NULL;
    size_t nmib = keyed_rows(em, REL_gv_summary_alloc_mib, s, 2, &mib);
    size_t nms = keyed_rows(em, REL_gv_summary_alloc_stack_id, s, 3, &ms);
    size_t ncs = keyed_rows(em, REL_gv_summary_callsite_stack_id, s, 2, &cs);
    size_t nvr = keyed_rows(em, REL_gv_summary_alloc_version, s, 2, &vr);
    size_t ncr = keyed_rows(em, REL_gv_summary_callsite_clone, s, 2, &cr);
    size_t at = 0, vat = 0, cat = 0;
    for (size_t i = 0; i < nmib && !em->oom; i++) {
        uint64_t alloc = mib[i].k[0], index = mib[i].k[1];
        if (alloc != (i ? mib[i - 1].k[0] + (index == 0) : 0) ||
            index != (i && index ? mib[i - 1].k[1] + 1 : 0)) {
            em_error(em, "summary %s: relation gv_summary_alloc_mib does not number the "
                         "allocations and their MIBs 0, 1, ... (allocation %llu, MIB %llu)",
                     em_str(f, s), (unsigned long long)alloc, (unsigned long long)index);
            break;
        }
        if (index == 0) {
            sb_adds(out, i ? ", (versions: " : ", allocs: ((versions: ");
            write_key_list(em, REL_gv_summary_alloc_version, vr, nvr, &vat, alloc, "none");
            sb_adds(out, ", memProf: (");
        } else {
            sb_adds(out, ", ");
        }
        sb_addf(out, "(type: %s, ", em_str(f, (Sym)em_cell(f, REL_gv_summary_alloc_mib,
                                                           mib[i].row, 3)));
        write_stack_ids(em, s, REL_gv_summary_alloc_stack_id, ms, nms, &at, mib[i].k, 3);
        sb_addc(out, ')');
        if (i + 1 == nmib || mib[i + 1].k[0] != alloc)
            sb_adds(out, "))");
    }
    if (nmib)
        sb_addc(out, ')');
    if (at != nms && !em->oom)
        em_error(em, "summary %s: relation gv_summary_alloc_stack_id has a row for a MIB that "
                     "gv_summary_alloc_mib does not have",
                 em_str(f, s));
    uint32_t *rows;
    size_t n = em_rows_sorted(em, REL_gv_summary_callsite, 0, s, 1, &rows);
    at = 0;
    for (size_t i = 0; i < n; i++) {
        sb_adds(out, i ? ", (callee: " : ", callsites: ((callee: ");
        add_slot(em, (Sym)em_cell(f, REL_gv_summary_callsite, rows[i], 2));
        sb_adds(out, ", clones: ");
        write_key_list(em, REL_gv_summary_callsite_clone, cr, ncr, &cat, i, "0");
        sb_adds(out, ", ");
        uint64_t key[1] = {i};
        write_stack_ids(em, s, REL_gv_summary_callsite_stack_id, cs, ncs, &at, key, 2);
        sb_addc(out, ')');
    }
    if (n)
        sb_addc(out, ')');
    if (at != ncs && !em->oom)
        em_error(em, "summary %s: relation gv_summary_callsite_stack_id has a row for a callsite "
                     "that gv_summary_callsite does not have",
                 em_str(f, s));
    mem_free(mib);
    mem_free(ms);
    mem_free(cs);
    mem_free(vr);
    mem_free(cr);
}

/* `, params: ((param: N, offset: [A, B], calls: ((callee: ^N, param: N, offset: [A,
 * B]), ...)), ...)` of a function summary, by the indexes of its accesses and calls
 * (the calls sorted by access and call index, walked once). */
static void write_params(Em *em, Sym s) {
    EmFacts *f = em->f;
    StrBuf *out = em->out;
    uint32_t *pr;
    size_t np = em_rows_sorted(em, REL_gv_summary_param, 0, s, 1, &pr);
    if (!np)
        return;
    KeyRow *cr;
    size_t nc = keyed_rows(em, REL_gv_summary_param_call, s, 2, &cr);
    size_t at = 0;
    sb_adds(out, ", params: (");
    for (size_t i = 0; i < np && !em->oom; i++) {
        int64_t pidx = (int64_t)em_cell(f, REL_gv_summary_param, pr[i], 1);
        if (pidx != (int64_t)i) {
            em_error(em, "summary %s: relation gv_summary_param has no row for index %zu",
                     em_str(f, s), i);
            break;
        }
        sb_addf(out, "%s(param: %llu, offset: [%lld, %lld]", i ? ", " : "",
                (unsigned long long)em_cell(f, REL_gv_summary_param, pr[i], 2),
                (long long)em_cell(f, REL_gv_summary_param, pr[i], 3),
                (long long)em_cell(f, REL_gv_summary_param, pr[i], 4));
        while (at < nc && (int64_t)cr[at].k[0] < pidx) /* (calls of no access: ignored) */
            at++;
        size_t want = 0;
        for (; at < nc && (int64_t)cr[at].k[0] == pidx; at++, want++) {
            if (cr[at].k[1] != (uint64_t)want) {
                em_error(em, "summary %s: relation gv_summary_param_call has no row for call "
                             "%zu of parameter access %lld",
                         em_str(f, s), want, (long long)pidx);
                mem_free(cr);
                return;
            }
            uint32_t r = cr[at].row;
            sb_adds(out, want ? ", (callee: " : ", calls: ((callee: ");
            add_slot(em, (Sym)em_cell(f, REL_gv_summary_param_call, r, 3));
            sb_addf(out, ", param: %llu, offset: [%lld, %lld])",
                    (unsigned long long)em_cell(f, REL_gv_summary_param_call, r, 4),
                    (long long)em_cell(f, REL_gv_summary_param_call, r, 5),
                    (long long)em_cell(f, REL_gv_summary_param_call, r, 6));
        }
        sb_adds(out, want ? "))" : ")");
    }
    sb_addc(out, ')');
    mem_free(cr);
}

static void write_summary(Em *em, Sym s) {
    EmFacts *f = em->f;
    StrBuf *out = em->out;
    const char *k = need_str(em, REL_gv_summary_kind, s);
    bool fn = !strcmp(k, "function"), var = !strcmp(k, "variable"), alias = !strcmp(k, "alias");
    if (!fn && !var && !alias) {
        em_error(em, "summary %s: unknown kind `%s` (relation gv_summary_kind)", em_str(f, s),
                 k);
        return;
    }
    sb_addf(out, "%s: (module: ", k);
    Sym mod = em_need_sym(em, REL_gv_summary_module, s, 1);
    if (mod != EM_NONE)
        add_slot(em, mod);
    sb_addf(out, ", flags: (linkage: %s, visibility: %s", need_str(em, REL_gv_summary_linkage, s),
            need_str(em, REL_gv_summary_visibility, s));
    for (int i = 0; GV_FLAGS[i]; i++)
        sb_addf(out, ", %s: %d", GV_FLAGS[i], flag_set(em, REL_gv_summary_flag, s, GV_FLAGS[i],
                                                     GV_FLAGS));
    sb_addf(out, ", importType: %s)", need_str(em, REL_gv_summary_import_type, s));
    uint32_t *rows;
    size_t n;
    if (fn) {
        sb_addf(out, ", insts: %lld", (long long)em_need_num(em, REL_gv_summary_insts, s, 1));
        if (em_has(f, REL_gv_summary_func_flag, s)) {
            sb_adds(out, ", funcFlags: (");
            for (int i = 0; FUNC_FLAGS[i]; i++)
                sb_addf(out, "%s%s: %d", i ? ", " : "", FUNC_FLAGS[i],
                        flag_set(em, REL_gv_summary_func_flag, s, FUNC_FLAGS[i], FUNC_FLAGS));
            sb_addc(out, ')');
        }
        n = em_rows_sorted(em, REL_gv_summary_call, 0, s, 1, &rows);
        if (n) {
            const uint32_t *hr, *tr, *br;
            size_t nh = em_find(f, REL_gv_summary_call_hotness, 0, s, &hr);
            size_t nt = em_find(f, REL_gv_summary_call_tail, 0, s, &tr);
            size_t nb = em_find(f, REL_gv_summary_call_relbf, 0, s, &br);
            sb_adds(out, ", calls: (");
            for (size_t i = 0; i < n; i++) {
                int64_t idx = (int64_t)em_cell(f, REL_gv_summary_call, rows[i], 1);
                sb_adds(out, i ? ", (callee: " : "(callee: ");
                add_slot(em, (Sym)em_cell(f, REL_gv_summary_call, rows[i], 2));
                bool hot = false;
                for (size_t h = 0; h < nh; h++)
                    if ((int64_t)em_cell(f, REL_gv_summary_call_hotness, hr[h], 1) == idx) {
                        sb_addf(out, ", hotness: %s",
                                em_str(f, (Sym)em_cell(f, REL_gv_summary_call_hotness, hr[h], 2)));
                        hot = true;
                    }
                /* as llvm-dis: the relative block frequency of an edge without hotness */
                for (size_t b = 0; b < nb && !hot; b++)
                    if ((int64_t)em_cell(f, REL_gv_summary_call_relbf, br[b], 1) == idx) {
                        uint64_t bf = em_cell(f, REL_gv_summary_call_relbf, br[b], 2);
                        if (bf)
                            sb_addf(out, ", relbf: %llu", (unsigned long long)bf);
                    }
                for (size_t t = 0; t < nt; t++)
                    if ((int64_t)em_cell(f, REL_gv_summary_call_tail, tr[t], 1) == idx)
                        sb_adds(out, ", tail: 1");
                sb_addc(out, ')');
            }
            sb_addc(out, ')');
        }
        write_type_id_info(em, s);
        write_memprof(em, s);
        write_params(em, s);
    } else if (var) {
        n = em_rows_sorted(em, REL_gv_summary_vtable_func, 0, s, 1, &rows);
        sb_adds(out, ", varFlags: (");
        for (int i = 0; VAR_FLAGS[i]; i++)
            sb_addf(out, "%s%s: %d", i ? ", " : "", VAR_FLAGS[i],
                    flag_set(em, REL_gv_summary_var_flag, s, VAR_FLAGS[i], VAR_FLAGS));
        uint64_t vis = 0;
        em_get(f, REL_gv_summary_vcall_visibility, s, 1, &vis);
        if (n)
            sb_addf(out, ", vcall_visibility: %llu", (unsigned long long)vis);
        sb_addc(out, ')');
        if (n) {
            sb_adds(out, ", vTableFuncs: (");
            for (size_t i = 0; i < n; i++) {
                sb_adds(out, i ? ", (virtFunc: " : "(virtFunc: ");
                add_slot(em, (Sym)em_cell(f, REL_gv_summary_vtable_func, rows[i], 2));
                sb_addf(out, ", offset: %llu)",
                        (unsigned long long)em_cell(f, REL_gv_summary_vtable_func, rows[i], 3));
            }
            sb_addc(out, ')');
        }
    } else {
        sb_adds(out, ", aliasee: ");
        Sym a = em_need_sym(em, REL_gv_summary_aliasee, s, 1);
        if (a != EM_NONE)
            add_slot(em, a);
    }
    n = em_rows_sorted(em, REL_gv_summary_ref, 0, s, 1, &rows);
    if (n) {
        sb_adds(out, ", refs: (");
        for (size_t i = 0; i < n; i++) {
            const char *acc = em_str(f, (Sym)em_cell(f, REL_gv_summary_ref, rows[i], 3));
            if (i)
                sb_adds(out, ", ");
            if (!strcmp(acc, "readonly") || !strcmp(acc, "writeonly"))
                sb_addf(out, "%s ", acc);
            else if (strcmp(acc, "ref") != 0)
                em_error(em, "summary %s: unknown access `%s` (relation gv_summary_ref)",
                         em_str(f, s), acc);
            add_slot(em, (Sym)em_cell(f, REL_gv_summary_ref, rows[i], 2));
        }
        sb_addc(out, ')');
    }
    sb_addc(out, ')');
}

static const char *const TTRES_KINDS[] = {"unsat", "byteArray", "inline", "single", "allOnes",
                                          "unknown", NULL};
static const char *const WPD_KINDS[] = {"indir", "singleImpl", "branchFunnel", NULL};
static const char *const BYARG_KINDS[] = {"indir", "uniformRetVal", "uniqueRetVal",
                                          "virtualConstProp", NULL};

/* The symbol in column col of row r of rel, which must be one of names (else an error). */
static const char *known_name(Em *em, IrRel rel, uint32_t r, int col, const char *const *names) {
    const char *k = em_str(em->f, (Sym)em_cell(em->f, rel, r, col));
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], k))
            return k;
    em_error(em, "relation %s has the unknown kind `%s`", facts_rels[rel].name, k);
    return names[0];
}

/* `summary: (typeTestRes: (...), wpdResolutions: ((offset: N, wpdRes: (kind: K,
 * singleImplName: "S", resByArg: (args: (...), byArg: (...), ...))), ...))` of a typeid
 * entry, with the fields llvm-dis prints (docs/relations.md). */
static void write_typeid(Em *em, Sym e) {
    EmFacts *f = em->f;
    StrBuf *out = em->out;
    const uint32_t *tr;
    if (em_find(f, REL_summary_typeid_test_res, 0, e, &tr) != 1) {
        em_error(em, "summary entry %s: relation summary_typeid_test_res has not one row for "
                     "the typeid entry",
                 em_str(f, e));
        return;
    }
    sb_addf(out, "summary: (typeTestRes: (kind: %s, sizeM1BitWidth: %llu",
            known_name(em, REL_summary_typeid_test_res, tr[0], 1, TTRES_KINDS),
            (unsigned long long)em_cell(f, REL_summary_typeid_test_res, tr[0], 2));
    static const char *const opt[] = {"alignLog2", "sizeM1", "bitMask", "inlineBits"};
    for (int i = 0; i < 4; i++) {
        uint64_t v = em_cell(f, REL_summary_typeid_test_res, tr[0], 3 + i);
        if (v)
            sb_addf(out, ", %s: %llu", opt[i], (unsigned long long)v);
    }
    sb_addc(out, ')');
    uint32_t *wr;
    size_t nw = em_rows_sorted(em, REL_summary_typeid_wpd, 0, e, 1, &wr);
    KeyRow *br = NULL, *ar = NULL;
    size_t nb = keyed_rows(em, REL_summary_typeid_wpd_by_arg, e, 2, &br);
    size_t na = keyed_rows(em, REL_summary_typeid_wpd_arg, e, 3, &ar);
    size_t bat = 0, aat = 0;
    for (size_t i = 0; i < nw && !em->oom; i++) {
        const char *k = known_name(em, REL_summary_typeid_wpd, wr[i], 3, WPD_KINDS);
        sb_addf(out, "%s(offset: %llu, wpdRes: (kind: %s", i ? ", " : ", wpdResolutions: (",
                (unsigned long long)em_cell(f, REL_summary_typeid_wpd, wr[i], 2), k);
        if (!strcmp(k, "singleImpl")) {
            const uint32_t *sr;
            size_t ns = em_find(f, REL_summary_typeid_wpd_single_impl, 0, e, &sr);
            const char *name = "";
            size_t len = 0;
            for (size_t j = 0; j < ns; j++)
                if (em_cell(f, REL_summary_typeid_wpd_single_impl, sr[j], 1) == (uint64_t)i) {
                    Sym n = (Sym)em_cell(f, REL_summary_typeid_wpd_single_impl, sr[j], 2);
                    name = em_str(f, n);
                    len = em_len(f, n);
                }
            sb_adds(out, ", singleImplName: ");
            em_add_quoted(out, name, len);
        }
        while (bat < nb && br[bat].k[0] < (uint64_t)i) /* (of no resolution: ignored) */
            bat++;
        for (uint64_t want = 0; bat < nb && br[bat].k[0] == (uint64_t)i; bat++, want++) {
            uint32_t r = br[bat].row;
            if (br[bat].k[1] != want) {
                em_error(em, "summary entry %s: relation summary_typeid_wpd_by_arg has no row "
                             "for index %llu of resolution %zu",
                         em_str(f, e), (unsigned long long)want, i);
                break;
            }
            sb_adds(out, want ? ", args: (" : ", resByArg: (args: (");
            while (aat < na && (ar[aat].k[0] < (uint64_t)i ||
                                (ar[aat].k[0] == (uint64_t)i && ar[aat].k[1] < want)))
                aat++;
            uint64_t nargs = 0;
            for (; aat < na && ar[aat].k[0] == (uint64_t)i && ar[aat].k[1] == want;
                 aat++, nargs++) {
                if (ar[aat].k[2] != nargs) {
                    em_error(em, "summary entry %s: relation summary_typeid_wpd_arg has no row "
                                 "for argument %llu of resByArg %llu of resolution %zu",
                             em_str(f, e), (unsigned long long)nargs, (unsigned long long)want,
                             i);
                    break;
                }
                sb_addf(out, "%s%llu", nargs ? ", " : "",
                        (unsigned long long)em_cell(f, REL_summary_typeid_wpd_arg, ar[aat].row,
                                                    4));
            }
            const char *bk = known_name(em, REL_summary_typeid_wpd_by_arg, r, 3, BYARG_KINDS);
            sb_addf(out, "), byArg: (kind: %s", bk);
            if (!strcmp(bk, "uniformRetVal") || !strcmp(bk, "uniqueRetVal"))
                sb_addf(out, ", info: %llu",
                        (unsigned long long)em_cell(f, REL_summary_typeid_wpd_by_arg, r, 4));
            uint64_t byte = em_cell(f, REL_summary_typeid_wpd_by_arg, r, 5);
            uint64_t bit = em_cell(f, REL_summary_typeid_wpd_by_arg, r, 6);
            if (byte || bit)
                sb_addf(out, ", byte: %llu, bit: %llu", (unsigned long long)byte,
                        (unsigned long long)bit);
            sb_addc(out, ')');
            if (bat + 1 == nb || br[bat + 1].k[0] != (uint64_t)i)
                sb_addc(out, ')');
        }
        sb_adds(out, "))");
    }
    if (nw)
        sb_addc(out, ')');
    sb_addc(out, ')');
    mem_free(br);
    mem_free(ar);
}

static void add_guid_comment(Em *em, Sym e) {
    uint64_t guid;
    if (em_get(em->f, REL_summary_entry_guid, e, 1, &guid))
        sb_addf(em->out, " ; guid = %llu", (unsigned long long)guid);
}

static void write_entry(Em *em, Sym e, const char *kind, uint64_t slot) {
    EmFacts *f = em->f;
    StrBuf *out = em->out;
    sb_addf(out, "^%llu = ", (unsigned long long)slot);
    uint32_t *rows;
    size_t n;
    if (!strcmp(kind, "module")) {
        sb_adds(out, "module: (path: ");
        add_need_quoted(em, REL_summary_module_path, e);
        sb_adds(out, ", hash: (");
        n = em_rows_sorted(em, REL_summary_module_hash, 0, e, 1, &rows);
        if (n != 5)
            em_error(em, "summary entry %s: relation summary_module_hash has %zu rows, not 5",
                     em_str(f, e), n);
        for (size_t i = 0; i < n; i++)
            sb_addf(out, "%s%llu", i ? ", " : "",
                    (unsigned long long)em_cell(f, REL_summary_module_hash, rows[i], 2));
        sb_adds(out, "))\n");
    } else if (!strcmp(kind, "gv")) {
        Sym name = em_opt_sym(em, REL_summary_entry_name, e, 1);
        sb_adds(out, "gv: (");
        if (name != EM_NONE) {
            sb_adds(out, "name: ");
            em_add_quoted(out, em_str(f, name), em_len(f, name));
        } else {
            sb_addf(out, "guid: %llu", (unsigned long long)em_need_num(em, REL_summary_entry_guid,
                                                                       e, 1));
        }
        const uint32_t *sr;
        size_t ns = em_find(f, REL_gv_summary_entry, 1, e, &sr);
        if (ns) {
            /* in the order of K of their names `^N:K` (a combined index's summary list) */
            KeyRow *kr = mem_calloc(ns, sizeof *kr);
            if (!kr) {
                em->oom = true;
                return;
            }
            for (size_t i = 0; i < ns; i++) {
                const char *sn = em_str(f, (Sym)em_cell(f, REL_gv_summary_entry, sr[i], 0));
                const char *colon = strrchr(sn, ':');
                kr[i].k[0] = colon ? strtoull(colon + 1, NULL, 10) : UINT64_MAX;
                kr[i].k[1] = i;
                kr[i].row = sr[i];
            }
            qsort(kr, ns, sizeof *kr, keyrow_cmp);
            sb_adds(out, ", summaries: (");
            for (size_t i = 0; i < ns; i++) {
                if (i)
                    sb_adds(out, ", ");
                write_summary(em, (Sym)em_cell(f, REL_gv_summary_entry, kr[i].row, 0));
            }
            sb_addc(out, ')');
            mem_free(kr);
        }
        sb_addc(out, ')');
        if (name != EM_NONE)
            add_guid_comment(em, e);
        sb_addc(out, '\n');
    } else if (!strcmp(kind, "typeid")) {
        sb_adds(out, "typeid: (name: ");
        add_need_quoted(em, REL_summary_entry_name, e);
        sb_adds(out, ", ");
        write_typeid(em, e);
        sb_addc(out, ')');
        add_guid_comment(em, e);
        sb_addc(out, '\n');
    } else if (!strcmp(kind, "typeidCompatibleVTable")) {
        sb_adds(out, "typeidCompatibleVTable: (name: ");
        add_need_quoted(em, REL_summary_entry_name, e);
        sb_adds(out, ", summary: (");
        n = em_rows_sorted(em, REL_summary_typeid_vtable, 0, e, 1, &rows);
        for (size_t i = 0; i < n; i++) {
            sb_addf(out, "%s(offset: %llu, ", i ? ", " : "",
                    (unsigned long long)em_cell(f, REL_summary_typeid_vtable, rows[i], 2));
            add_slot(em, (Sym)em_cell(f, REL_summary_typeid_vtable, rows[i], 3));
            sb_addc(out, ')');
        }
        sb_adds(out, "))");
        add_guid_comment(em, e);
        sb_addc(out, '\n');
    } else if (!strcmp(kind, "flags")) {
        sb_addf(out, "flags: %llu\n",
                (unsigned long long)em_need_num(em, REL_summary_index_flags, e, 1));
    } else if (!strcmp(kind, "blockcount")) {
        sb_addf(out, "blockcount: %llu\n",
                (unsigned long long)em_need_num(em, REL_summary_block_count, e, 1));
    } else {
        em_error(em, "summary entry %s: unknown kind `%s` (relation summary_entry_kind)",
                 em_str(f, e), kind);
    }
}

/* `; irlog: CFI function definition "name"` (or declaration), a line each, definitions
 * first, by index (llvm-dis does not print the CFI function lists; ir_summary.c reads
 * the lines back when it writes bitcode). */
static void write_cfi_lines(Em *em, Sym m) {
    EmFacts *f = em->f;
    const uint32_t *rows;
    size_t n = em_find(f, REL_summary_cfi_function, 0, m, &rows);
    if (!n)
        return;
    KeyRow *kr = mem_calloc(n, sizeof *kr);
    if (!kr) {
        em->oom = true;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *k = em_str(f, (Sym)em_cell(f, REL_summary_cfi_function, rows[i], 1));
        bool decl = !strcmp(k, "decl");
        if (!decl && strcmp(k, "def") != 0)
            em_error(em, "relation summary_cfi_function has the unknown kind `%s`", k);
        kr[i].k[0] = decl;
        kr[i].k[1] = em_cell(f, REL_summary_cfi_function, rows[i], 2);
        kr[i].row = rows[i];
    }
    qsort(kr, n, sizeof *kr, keyrow_cmp);
    for (size_t i = 0; i < n; i++) {
        Sym name = (Sym)em_cell(f, REL_summary_cfi_function, kr[i].row, 3);
        sb_adds(em->out, kr[i].k[0] ? CFI_LINE "declaration " : CFI_LINE "definition ");
        em_add_quoted(em->out, em_str(f, name), em_len(f, name));
        sb_addc(em->out, '\n');
    }
    mem_free(kr);
}

typedef struct SlotRow {
    uint64_t slot;
    uint32_t row;
} SlotRow;

static int slotrow_cmp(const void *a, const void *b) {
    uint64_t x = ((const SlotRow *)a)->slot, y = ((const SlotRow *)b)->slot;
    return x < y ? -1 : x > y;
}

void em_write_summary(Em *em, Sym m) {
    EmFacts *f = em->f;
    const uint32_t *rows;
    size_t nu = em_find(f, REL_summary_unsupported, 0, m, &rows);
    if (nu) {
        em_error(em, "module %s: its module summary index (ThinLTO or LTO: llvm-dis's `^N = "
                     "...` entries) holds %s, which the facts do not represent (relation "
                     "summary_unsupported): it cannot be rebuilt",
                 em_str(f, m), em_str(f, (Sym)em_cell(f, REL_summary_unsupported, rows[0], 1)));
        return;
    }
    EmRel *er = em_rel(f, REL_summary_entry);
    if (!er->nrows) {
        if (em_has(f, REL_module_summary_index, m))
            em_error(em, "module %s: it held a module summary index (relation "
                         "module_summary_index), but relation summary_entry has no rows: it "
                         "cannot be rebuilt",
                     em_str(f, m));
        return;
    }
    SlotRow *sr = mem_calloc(er->nrows, sizeof *sr);
    if (!sr) {
        em->oom = true;
        return;
    }
    for (size_t i = 0; i < er->nrows; i++) {
        Sym e = (Sym)em_cell(f, REL_summary_entry, i, 0);
        sr[i] = (SlotRow){(uint64_t)em_need_num(em, REL_summary_entry_slot, e, 1), (uint32_t)i};
    }
    qsort(sr, er->nrows, sizeof *sr, slotrow_cmp);
    sb_addc(em->out, '\n');
    if (em_has(f, REL_summary_full_lto, m))
        sb_adds(em->out, FULL_LTO_LINE "\n");
    if (em_has(f, REL_summary_combined, m))
        sb_adds(em->out, COMBINED_LINE "\n");
    write_cfi_lines(em, m);
    for (size_t i = 0; i < er->nrows; i++) {
        Sym e = (Sym)em_cell(f, REL_summary_entry, sr[i].row, 0);
        if (i && sr[i].slot == sr[i - 1].slot)
            em_error(em, "relation summary_entry_slot gives two entries slot %llu",
                     (unsigned long long)sr[i].slot);
        Sym kind = em_need_sym(em, REL_summary_entry_kind, e, 1);
        write_entry(em, e, kind == EM_NONE ? "" : em_str(f, kind), sr[i].slot);
    }
    mem_free(sr);
}
