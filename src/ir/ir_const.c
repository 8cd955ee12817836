/* ir_const.c — constants: ids and relations. */
#include "ir_int.h"

const char *ir_const_id(IrCtx *c, LLVMValueRef v) {
    uint64_t k;
    if (map_get(&c->value_ids, (uint64_t)(uintptr_t)v, &k))
        return intern_str(&c->ids, (Sym)k);
    StrBuf sb = SB_INIT;
    sb_adds(&sb, ir_type_id(c, LLVMTypeOf(v)));
    sb_addc(&sb, ' ');
    if (LLVMIsAConstantInt(v))
        sb_add_i64(&sb, LLVMConstIntGetSExtValue(v));
    else if (LLVMIsPoison(v))
        sb_adds(&sb, "poison");
    else if (LLVMIsUndef(v))
        sb_adds(&sb, "undef");
    else if (LLVMIsAConstantPointerNull(v))
        sb_adds(&sb, "null");
    else
        sb_addf(&sb, "constant%d", (int)LLVMGetValueKind(v));
    const char *id = ir_intern(c, sb.buf, sb.len);
    sb_release(&sb);
    return id;
}
