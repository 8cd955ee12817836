/* ir_global.c — globals, aliases, ifuncs, comdats, function properties, attributes. */
#include "ir_int.h"

void ir_global_emit(IrCtx *c) {
    (void)c;
}

const char *ir_attr_id(IrCtx *c, LLVMAttributeRef a) {
    (void)a;
    return ir_intern(c, "attribute", 9);
}
