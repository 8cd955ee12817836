/* ir_load.h — reading, linking, verifying modules (private to src/ir). */
#ifndef IRLOG_IR_LOAD_H
#define IRLOG_IR_LOAD_H

#include <llvm-c/Core.h>

#include "diag.h"
#include "ir_summary.h"

/* Routes the context's diagnostics into d. */
void ir_load_init_context(LLVMContextRef ctx, Diags *d);
/* What ir_load_file saw of an input beyond its module. */
typedef struct IrInputInfo {
    bool text;    /* LLVM assembly (else bitcode) */
    bool summary; /* it holds a module summary index (ThinLTO or LTO), which the module
                     read does not have */
} IrInputInfo;

/* Reads a .ll or .bc file (detected by content). OUT *out, *info (when not NULL), and
 * the module summary index into *sum (when not NULL; initialised by the caller, who
 * releases it; text's `^N` lines are read there and hidden from LLVM's parser). E_IO /
 * E_LLVM with a diagnostic on failure: an empty file is an error, and a
 * C/C++/Objective-C source file that does not parse gets a message saying how to compile
 * it instead of LLVM's. */
Status ir_load_file(LLVMContextRef ctx, const char *path, LLVMModuleRef *out,
                    IrInputInfo *info, IrSummary *sum, Diags *d);
/* Links src into dest (src is consumed). */
Status ir_load_link(LLVMModuleRef dest, LLVMModuleRef src, const char *src_path, Diags *d);
/* Runs LLVM's verifier; `what` names the module in the message. */
Status ir_load_verify(LLVMModuleRef m, const char *what, Diags *d);

#endif
