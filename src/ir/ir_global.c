/* ir_global.c — globals, aliases, ifuncs, comdats, function properties, attributes. */
#include "ir_int.h"

void ir_global_emit(IrCtx *c) {
    (void)c;
}
