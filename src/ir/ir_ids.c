/*
 * ir_ids.c — ids of values (the grammar is in docs/ids.md).
 *
 *   global value   @name | @"quoted name" | @N (unnamed, numbered as llvm-dis does)
 *   variable       <function>:%name | <function>:%N   (arguments, instruction results)
 *   block          <function>:%name | <function>:%N
 *   instruction    <block>:<index>                    (index in the block, from 0)
 *
 * Unnamed locals take llvm-dis's slot numbers: per function, the unnamed arguments,
 * then per block the unnamed block itself and each unnamed non-void instruction.
 * Debug-record intrinsic calls are void and take no number (nor an instruction index).
 */
#include <ctype.h>
#include <string.h>

#include "ir_int.h"

void ir_append_escaped(StrBuf *sb, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '\\') { /* llvm-dis 19 doubles a backslash */
            sb_adds(sb, "\\\\");
        } else if (ch >= 0x20 && ch < 0x7f && ch != '"') {
            sb_addc(sb, (char)ch);
        } else {
            sb_addc(sb, '\\');
            sb_addc(sb, hex[ch >> 4]);
            sb_addc(sb, hex[ch & 15]);
        }
    }
}

void ir_append_unescaped(StrBuf *sb, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\\') {
            sb_addc(sb, '\\');
            i++;
        } else if (s[i] == '\\' && i + 2 < n && ir_hexval(s[i + 1]) >= 0 &&
                   ir_hexval(s[i + 2]) >= 0) {
            sb_addc(sb, (char)(ir_hexval(s[i + 1]) * 16 + ir_hexval(s[i + 2])));
            i += 2;
        } else {
            sb_addc(sb, s[i]);
        }
    }
}

int ir_hexval(char ch) {
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

void ir_append_name(StrBuf *sb, char prefix, const char *name, size_t len) {
    sb_addc(sb, prefix);
    bool quote = len == 0 || isdigit((unsigned char)name[0]);
    for (size_t i = 0; !quote && i < len; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (!isalnum(ch) && ch != '-' && ch != '.' && ch != '_')
            quote = true;
    }
    if (!quote) {
        sb_add(sb, name, len);
        return;
    }
    sb_addc(sb, '"');
    ir_append_escaped(sb, name, len);
    sb_addc(sb, '"');
}

void ir_emit_id_str(IrCtx *c, IrRel r, const char *id, const char *s, size_t n) {
    if (facts_rels[r].arity != 2 || facts_rels[r].cols[1].kind != COL_SYMBOL) {
        ir_fail(c, E_INTERNAL); /* a caller passed a relation of another shape */
        return;
    }
    fs_begin(c->out, r);
    fs_sym(c->out, id);
    fs_symn(c->out, s, n);
    fs_end(c->out);
}

const char *ir_intern(IrCtx *c, const char *s, size_t n) {
    Sym sym;
    Status st = intern_get(&c->ids, s, n, &sym);
    if (st != OK) {
        ir_fail(c, st);
        return "";
    }
    return intern_str(&c->ids, sym);
}

static Status put_global(IrCtx *c, LLVMValueRef g, uint64_t *counter) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    sb_reset(&c->scratch);
    if (len)
        ir_append_name(&c->scratch, '@', name, len);
    else
        sb_addf(&c->scratch, "@%llu", (unsigned long long)(*counter)++);
    if (c->scratch.oom)
        return E_NOMEM;
    Sym sym;
    Status st = intern_get(&c->ids, c->scratch.buf, c->scratch.len, &sym);
    if (st != OK)
        return st;
    return map_put(&c->value_ids, (uint64_t)(uintptr_t)g, sym);
}

Status ir_ids_module(IrCtx *c) {
    Status st = OK;
    uint64_t n = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
        TRY(put_global(c, g, &n));
    for (LLVMValueRef g = LLVMGetFirstGlobalAlias(c->mod); g; g = LLVMGetNextGlobalAlias(g))
        TRY(put_global(c, g, &n));
    for (LLVMValueRef g = LLVMGetFirstGlobalIFunc(c->mod); g; g = LLVMGetNextGlobalIFunc(g))
        TRY(put_global(c, g, &n));
    for (LLVMValueRef g = LLVMGetFirstFunction(c->mod); g; g = LLVMGetNextFunction(g))
        TRY(put_global(c, g, &n));
fail:
    return st;
}

/* Builds "<fn>:%name" or "<fn>:%N" into the local arena, with the name beside it. */
static IrLocal *local_name(IrCtx *c, const char *name, size_t len, uint64_t *slot) {
    sb_reset(&c->scratch);
    sb_adds(&c->scratch, c->fn_id);
    sb_addc(&c->scratch, ':');
    if (len) {
        ir_append_name(&c->scratch, '%', name, len);
    } else {
        sb_addc(&c->scratch, '%');
        sb_add_u64(&c->scratch, (*slot)++);
    }
    if (c->scratch.oom) {
        ir_fail(c, E_NOMEM);
        return NULL;
    }
    IrLocal *l = arena_alloc(&c->local, sizeof *l);
    const char *s = arena_strndup(&c->local, c->scratch.buf, c->scratch.len);
    if (!s || !l) {
        ir_fail(c, E_NOMEM);
        return NULL;
    }
    l->id = s;
    l->name = name;
    l->name_len = len;
    return l;
}

static Status put_local(IrCtx *c, Map *m, LLVMValueRef v, const void *p) {
    if (!p)
        return c->st ? c->st : E_NOMEM;
    return map_put(m, (uint64_t)(uintptr_t)v, (uint64_t)(uintptr_t)p);
}

bool ir_is_dbg_intrinsic(LLVMValueRef i) {
    if (LLVMGetInstructionOpcode(i) != LLVMCall)
        return false;
    LLVMValueRef callee = LLVMGetCalledValue(i);
    return callee && LLVMIsAFunction(callee) && ir_is_dbg_function(callee);
}

bool ir_is_dbg_function(LLVMValueRef f) {
    if (LLVMGetIntrinsicID(f) == 0) /* cheap: a field of the function; names cost a lookup */
        return false;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (len < 9 || memcmp(name, "llvm.dbg.", 9) != 0)
        return false;
    return (len == 16 && !memcmp(name + 9, "declare", 7)) ||
           (len == 14 && !memcmp(name + 9, "value", 5)) ||
           (len == 15 && !memcmp(name + 9, "assign", 6)) ||
           (len == 14 && !memcmp(name + 9, "label", 5));
}

Status ir_ids_function(IrCtx *c, LLVMValueRef f) {
    Status st = OK;
    arena_release(&c->local);
    map_reset(&c->local_ids);
    map_reset(&c->insn_ids);
    c->fn = f;
    uint64_t k;
    if (!map_get(&c->value_ids, (uint64_t)(uintptr_t)f, &k))
        return E_INTERNAL;
    c->fn_id = intern_str(&c->ids, (Sym)k);
    uint64_t slot = 0;
    size_t len;
    unsigned np = LLVMCountParams(f);
    for (unsigned i = 0; i < np; i++) {
        LLVMValueRef a = LLVMGetParam(f, i);
        const char *name = LLVMGetValueName2(a, &len);
        TRY(put_local(c, &c->local_ids, a, local_name(c, name, len, &slot)));
    }
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef bv = LLVMBasicBlockAsValue(b);
        const char *name = LLVMGetValueName2(bv, &len);
        IrLocal *bl = local_name(c, name, len, &slot);
        TRY(put_local(c, &c->local_ids, bv, bl));
        const char *bid = bl->id;
        size_t blen = strlen(bid);
        int64_t index = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            if (ir_is_dbg_intrinsic(i))
                continue;
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind) {
                const char *iname = LLVMGetValueName2(i, &len);
                TRY(put_local(c, &c->local_ids, i, local_name(c, iname, len, &slot)));
            }
            char *iid = arena_alloc(&c->local, blen + 24);
            if (!iid)
                TRY(E_NOMEM);
            memcpy(iid, bid, blen);
            /* ":<index>", formatted by hand: this runs once per instruction */
            char digits[24];
            int nd = 0;
            uint64_t x = (uint64_t)index++;
            do {
                digits[nd++] = (char)('0' + x % 10);
                x /= 10;
            } while (x);
            char *q = iid + blen;
            *q++ = ':';
            while (nd)
                *q++ = digits[--nd];
            *q = '\0';
            TRY(put_local(c, &c->insn_ids, i, iid));
        }
    }
fail:
    return st;
}

const IrLocal *ir_local(IrCtx *c, LLVMValueRef v) {
    uint64_t p;
    if (map_get(&c->local_ids, (uint64_t)(uintptr_t)v, &p))
        return (const IrLocal *)(uintptr_t)p;
    return NULL;
}

const char *ir_insn_id(IrCtx *c, LLVMValueRef i) {
    uint64_t p;
    if (map_get(&c->insn_ids, (uint64_t)(uintptr_t)i, &p))
        return (const char *)(uintptr_t)p;
    return "unknown";
}

const char *ir_block_id(IrCtx *c, LLVMBasicBlockRef b) {
    const IrLocal *l = ir_local(c, LLVMBasicBlockAsValue(b));
    return l ? l->id : "unknown";
}

/* ir_value_id of v by the value's class, one question to LLVM after another. */
static const char *value_id_slow(IrCtx *c, LLVMValueRef v) {
    uint64_t p;
    if (LLVMIsAGlobalValue(v)) {
        if (map_get(&c->value_ids, (uint64_t)(uintptr_t)v, &p))
            return intern_str(&c->ids, (Sym)p);
        return "unknown";
    }
    if (LLVMIsAArgument(v) || LLVMIsAInstruction(v) || LLVMValueIsBasicBlock(v)) {
        const IrLocal *l = ir_local(c, v);
        return l ? l->id : "unknown";
    }
    if (LLVMGetValueKind(v) == LLVMMetadataAsValueValueKind)
        return ir_meta_value_id(c, v);
    if (LLVMIsAInlineAsm(v))
        return ir_asm_id(c, v);
    if (LLVMIsAConstant(v))
        return ir_const_id(c, v);
    diags_add(c->diags, DIAG_WARNING, (SrcLoc){0}, "value of unknown kind %d written as 'unknown'",
              (int)LLVMGetValueKind(v));
    return "unknown";
}

const char *ir_value_id(IrCtx *c, LLVMValueRef v) {
    if (!v)
        return "none";
    /* The usual operands, a local or a global value, with one question to LLVM (this
     * runs for every operand). LLVMGetValueKind says "instruction" also for the
     * constants the C API has no kind for (dso_local_equivalent, no_cfi): those, and
     * all the rest, go the slow way. */
    switch (LLVMGetValueKind(v)) {
    case LLVMArgumentValueKind:
    case LLVMInstructionValueKind:
    case LLVMBasicBlockValueKind: {
        const IrLocal *l = ir_local(c, v);
        if (l)
            return l->id;
        break;
    }
    case LLVMFunctionValueKind:
    case LLVMGlobalAliasValueKind:
    case LLVMGlobalIFuncValueKind:
    case LLVMGlobalVariableValueKind: {
        uint64_t p;
        if (map_get(&c->value_ids, (uint64_t)(uintptr_t)v, &p))
            return intern_str(&c->ids, (Sym)p);
        break;
    }
    default: break;
    }
    return value_id_slow(c, v);
}
