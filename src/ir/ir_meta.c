/* ir_meta.c — metadata, debug info, and the module text. */
#include "ir_int.h"

Status ir_meta_begin(IrCtx *c) {
    (void)c;
    return OK;
}

void ir_meta_end(IrCtx *c) {
    c->meta = NULL;
}

const char *ir_meta_value_id(IrCtx *c, LLVMValueRef v) {
    (void)v;
    return ir_intern(c, "metadata", 8);
}

void ir_meta_emit_module(IrCtx *c) {
    (void)c;
}

void ir_meta_emit_insn(IrCtx *c, LLVMValueRef i, const char *id) {
    (void)c;
    (void)i;
    (void)id;
}

void ir_meta_emit_global(IrCtx *c, LLVMValueRef g, const char *id) {
    (void)c;
    (void)g;
    (void)id;
}

void ir_meta_emit_dbg_record(IrCtx *c, LLVMValueRef call, const char *block_id,
                             const char *next_id, int64_t ord) {
    (void)c;
    (void)call;
    (void)block_id;
    (void)next_id;
    (void)ord;
}

const char *ir_text_global_line(IrCtx *c, LLVMValueRef g) {
    (void)c;
    (void)g;
    return NULL;
}

const char *ir_text_insn_line(IrCtx *c, LLVMValueRef i) {
    (void)c;
    (void)i;
    return NULL;
}
