/*
 * ir_text.c — the printed module, for what the C API cannot reach (see ir_meta_int.h).
 *
 * Line rules of LLVM 19's printer (AssemblyWriter), after debug records were turned
 * into llvm.dbg.* calls:
 *   - global variables, aliases and ifuncs are lines at column 0 starting with `@`,
 *     in that order (Module::globals, aliases, ifuncs), before the first function;
 *   - each function is a `define ... {` or `declare ...` line at column 0, in module
 *     order; a definition's body ends at a `}` line;
 *   - inside a body: labels start at column 0 (an unnamed entry block has none);
 *     instruction lines start with exactly two spaces; deeper-indented lines continue
 *     the previous instruction (switch cases, invoke targets, landingpad clauses),
 *     as does the `  ]` closing a switch; blank lines separate blocks;
 *   - the comdats of global objects (`$name = comdat any`) come before the globals,
 *     the attribute groups (`attributes #N = { ... }`) after the last function;
 *   - the metadata section: `!name = !{...}` (named metadata), then `!N = ...` in
 *     the order of N.
 * Everything is O(size of the text); instruction lines are matched one function at a
 * time, when first asked for.
 */
#include <string.h>

#include "ir_meta_int.h"

static bool starts(const char *s, const char *p) {
    return strncmp(s, p, strlen(p)) == 0;
}

/* "  x..." with exactly two spaces, and not the `  ]` (maybe followed by attachments)
 * that closes a switch. */
static bool is_insn_line(const char *l) {
    return l[0] == ' ' && l[1] == ' ' && l[2] != ' ' && l[2] != '\0' && l[2] != ']';
}

static bool is_label_line(const char *l) {
    return l[0] != '\0' && l[0] != ' ' && l[0] != '}' && l[0] != ';';
}

/* The name of global value g as the printer writes it (printLLVMNameWithoutPrefix:
 * quoted unless [-a-zA-Z$._0-9]+ not starting with a digit; in quotes `\\` for a
 * backslash and \XX for other unprintable bytes and `"`), or its id when unnamed. */
static const char *printed_name(IrCtx *c, LLVMValueRef g, StrBuf *sb) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (!len)
        return ir_value_id(c, g);
    sb_reset(sb);
    ir_append_name(sb, '@', name, len);
    return sb->buf;
}

/* Does the global line l start with the value's name followed by " = "? */
static bool line_names(const char *l, const char *id) {
    size_t n = strlen(id);
    return strncmp(l, id, n) == 0 && strncmp(l + n, " = ", 3) == 0;
}

/* Does the function header line name id, as `<id>(`? The id is quoted when it needs
 * to be, so its first occurrence followed by `(` is the function's name unless a
 * preceding string attribute or type contains it; those come before the name only as
 * `%struct` names or return attributes, which never contain `@`. */
static bool header_names(const char *l, const char *id) {
    size_t n = strlen(id);
    for (const char *p = strstr(l, id); p; p = strstr(p + 1, id))
        if (p[n] == '(')
            return true;
    return false;
}

static void warn(IrCtx *c, const char *what, const char *fn) {
    diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
              "the printed module does not match the C API's view (%s%s): the facts read "
              "from the module text are left out",
              what, fn);
}

Status ir_text_init(IrCtx *c, IrText *t) {
    Status st = OK;
    StrBuf name = SB_INIT;
    memset(t, 0, sizeof *t);
    t->buf = LLVMPrintModuleToString(c->mod);
    if (!t->buf)
        return E_NOMEM;
    for (char *p = t->buf; *p;) {
        TRY(vec_push(&t->lines, p));
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    /* Globals and function headers, in order; the metadata section. */
    Vec(size_t) glines = {0}, flines = {0};
    bool in_body = false;
    t->md_first = t->lines.len;
    for (size_t k = 0; k < t->lines.len; k++) {
        const char *l = t->lines.v[k];
        if (in_body) {
            if (l[0] == '}')
                in_body = false;
            continue;
        }
        if (l[0] == '@') {
            if (vec_push(&glines, k) != OK)
                goto oom;
        } else if (starts(l, "define ") || starts(l, "declare ")) {
            if (vec_push(&flines, k) != OK)
                goto oom;
            size_t n = strlen(l);
            in_body = l[0] == 'd' && l[1] == 'e' && l[2] == 'f' && n && l[n - 1] == '{';
        } else if (l[0] == '!') {
            t->md_first = k;
            break;
        }
    }
    for (size_t k = t->md_first; k < t->lines.len; k++) {
        const char *l = t->lines.v[k];
        if (l[0] != '!')
            continue;
        if (l[1] >= '0' && l[1] <= '9') {
            if (vec_push(&t->md_lines, k) != OK)
                goto oom;
        } else if (vec_push(&t->named_lines, k) != OK) {
            goto oom;
        }
    }
    /* Match the global lines to the API's lists. */
    t->globals_ok = true;
    size_t gi = 0, fi = 0;
    LLVMValueRef (*firsts[3])(LLVMModuleRef) = {LLVMGetFirstGlobal, LLVMGetFirstGlobalAlias,
                                                LLVMGetFirstGlobalIFunc};
    LLVMValueRef (*nexts[3])(LLVMValueRef) = {LLVMGetNextGlobal, LLVMGetNextGlobalAlias,
                                              LLVMGetNextGlobalIFunc};
    for (int kind = 0; kind < 3 && t->globals_ok; kind++) {
        for (LLVMValueRef g = firsts[kind](c->mod); g && t->globals_ok; g = nexts[kind](g)) {
            if (gi >= glines.len ||
                !line_names(t->lines.v[glines.v[gi]], printed_name(c, g, &name))) {
                t->globals_ok = false;
                break;
            }
            if (map_put(&t->globals, (uint64_t)(uintptr_t)g, glines.v[gi] + 1) != OK)
                goto oom;
            gi++;
        }
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f && t->globals_ok;
         f = LLVMGetNextFunction(f)) {
        if (fi >= flines.len ||
            !header_names(t->lines.v[flines.v[fi]], printed_name(c, f, &name))) {
            t->globals_ok = false;
            break;
        }
        if (map_put(&t->globals, (uint64_t)(uintptr_t)f, flines.v[fi] + 1) != OK)
            goto oom;
        fi++;
    }
    if (t->globals_ok && (gi != glines.len || fi != flines.len))
        t->globals_ok = false;
    if (!t->globals_ok) {
        map_release(&t->globals);
        warn(c, "global and function lines", "");
    }
    vec_release(&glines);
    vec_release(&flines);
    if (name.oom)
        st = E_NOMEM;
    sb_release(&name);
    return st;
oom:
    vec_release(&glines);
    vec_release(&flines);
    sb_release(&name);
    st = E_NOMEM;
fail:
    return st;
}

void ir_text_release(IrText *t) {
    if (t->buf)
        LLVMDisposeMessage(t->buf);
    vec_release(&t->lines);
    vec_release(&t->md_lines);
    vec_release(&t->named_lines);
    map_release(&t->globals);
    map_release(&t->insn_lines);
    vec_release(&t->comdat_lines);
    map_release(&t->attr_groups);
    memset(t, 0, sizeof *t);
}

/* Pairs the instruction lines of function f's body with its instructions. */
static Status match_function(IrCtx *c, IrText *t, LLVMValueRef f) {
    map_release(&t->insn_lines);
    t->cur_fn = f;
    t->cur_ok = false;
    uint64_t h;
    if (!t->globals_ok || !map_get(&t->globals, (uint64_t)(uintptr_t)f, &h))
        return OK;
    size_t k = (size_t)h; /* the line after the header */
    size_t n = t->lines.len;
    bool ok = true;
    int64_t bindex = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b && ok; b = LLVMGetNextBasicBlock(b)) {
        size_t len;
        LLVMGetValueName2(LLVMBasicBlockAsValue(b), &len);
        /* blank lines, and the continuation lines of the previous block's terminator */
        while (k < n && (t->lines.v[k][0] == '\0' ||
                         (t->lines.v[k][0] == ' ' && !is_insn_line(t->lines.v[k]))))
            k++;
        if (bindex++ > 0 || len) {
            if (k >= n || !is_label_line(t->lines.v[k])) {
                ok = false;
                break;
            }
            k++;
        }
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            /* skip continuation lines of the previous instruction */
            while (k < n && t->lines.v[k][0] == ' ' && !is_insn_line(t->lines.v[k]))
                k++;
            if (k >= n || !is_insn_line(t->lines.v[k])) {
                ok = false;
                break;
            }
            if (map_put(&t->insn_lines, (uint64_t)(uintptr_t)i, k) != OK)
                return E_NOMEM;
            k++;
        }
    }
    while (ok && k < n && (t->lines.v[k][0] == '\0' ||
                           (t->lines.v[k][0] == ' ' && !is_insn_line(t->lines.v[k]))))
        k++;
    if (ok && (k >= n || strcmp(t->lines.v[k], "}") != 0))
        ok = false;
    if (!ok) {
        map_release(&t->insn_lines);
        if (!t->warned_insns) {
            t->warned_insns = true;
            warn(c, "instruction lines of ", ir_value_id(c, f));
        }
        return OK;
    }
    t->cur_ok = true;
    return OK;
}

size_t ir_text_insn_index(IrCtx *c, IrText *t, LLVMValueRef i) {
    if (!t->buf || !i)
        return SIZE_MAX;
    LLVMBasicBlockRef b = LLVMGetInstructionParent(i);
    LLVMValueRef f = b ? LLVMGetBasicBlockParent(b) : NULL;
    if (!f)
        return SIZE_MAX;
    if (f != t->cur_fn) {
        Status st = match_function(c, t, f);
        if (st != OK) {
            ir_fail(c, st);
            t->cur_fn = NULL;
            return SIZE_MAX;
        }
    }
    uint64_t k;
    if (!t->cur_ok || !map_get(&t->insn_lines, (uint64_t)(uintptr_t)i, &k))
        return SIZE_MAX;
    return (size_t)k;
}

/* ---- the comdat lines and the attribute groups (ir_global_emit_late) ---- */

/* The printer writes the comdats (`$name = comdat any`) after the header, the type
 * definitions and module asm, before the first global value; the attribute groups
 * (`attributes #N = { ... }`, one line each) after the last function, before the
 * metadata section. */
Status ir_text_late_index(IrText *t) {
    if (t->late_done || !t->buf)
        return OK;
    t->late_done = true;
    for (size_t k = 0; k < t->lines.len; k++) {
        const char *l = t->lines.v[k];
        if (l[0] == '@' || l[0] == '!' || starts(l, "define ") || starts(l, "declare ") ||
            starts(l, "attributes #"))
            break;
        if (l[0] == '$' && vec_push(&t->comdat_lines, k) != OK)
            return E_NOMEM;
    }
    for (size_t k = t->md_first; k-- > 0;) {
        const char *l = t->lines.v[k];
        if (l[0] == '\0')
            continue;
        if (!starts(l, "attributes #"))
            break;
        const char *p = l + strlen("attributes #");
        uint64_t n = 0;
        size_t digits = 0;
        for (; *p >= '0' && *p <= '9' && digits < 10; p++, digits++)
            n = n * 10 + (uint64_t)(*p - '0');
        if (digits && starts(p, " = {") && map_put(&t->attr_groups, n, k + 1) != OK)
            return E_NOMEM;
    }
    return OK;
}

const char *ir_text_group(const IrText *t, unsigned n) {
    uint64_t k;
    if (!t->late_done || !map_get(&t->attr_groups, n, &k))
        return NULL;
    return strchr(t->lines.v[k - 1], '{');
}

const char *ir_text_comdat(const IrText *t, size_t k) {
    return t->late_done && k < t->comdat_lines.len ? t->lines.v[t->comdat_lines.v[k]] : NULL;
}
