/*
 * ir_bitcode.c — LLVM assembly text → checked module → bitcode, for `irlog emit -o
 * out.bc` and `irlog emit --verify` (docs/emit.md).
 *
 * The text is parsed by LLVM's own parser (LLVMParseIRInContext) in a context of its
 * own, checked by LLVM's verifier, and written with LLVMWriteBitcodeToFile. LLVM's
 * messages keep their `name:line:col` (name = `what`, the lines are the text's).
 *
 * A warning while parsing is an error here: the parser's one warning on valid syntax,
 * "ignoring invalid debug info", means it dropped the module's debug info (as llvm-as
 * does), and the module written would not be the one the text describes.
 *
 * As for ir_facts (ir.h): LLVM may abort on some inputs; the CLI runs this in a child.
 */
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>

#include "ir_int.h"
#include "ir_load.h"

Status ir_text_to_bitcode(const char *text, size_t len, const char *what, const char *bc_path,
                          Diags *d) {
    LLVMContextRef ctx = LLVMContextCreate();
    if (!ctx)
        return E_NOMEM;
    ir_load_init_context(ctx, d);
    Status st = OK;
    size_t errs_before = d->nerrors, warns_before = d->nwarnings;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len, what);
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    if (!buf) {
        st = E_NOMEM;
        goto done;
    }
    /* takes ownership of buf, on success and on failure */
    if (LLVMParseIRInContext(ctx, buf, &m, &msg) || !m) {
        diags_add(d, DIAG_ERROR, (SrcLoc){0}, "LLVM's parser rejects the module's text:\n%s",
                  msg ? msg : "(no message)");
        st = E_LLVM;
        goto done;
    }
    if (d->nerrors != errs_before || d->nwarnings != warns_before) {
        diags_add(d, DIAG_ERROR, (SrcLoc){what, 0, 0},
                  "LLVM's parser reported the problems above; nothing was written");
        st = E_LLVM;
        goto done;
    }
    st = ir_load_verify(m, what, d);
    if (st != OK)
        goto done;
    if (bc_path && LLVMWriteBitcodeToFile(m, bc_path) != 0) {
        diags_add(d, DIAG_ERROR, (SrcLoc){bc_path, 0, 0}, "cannot write the bitcode");
        st = E_IO;
    }
done:
    if (msg)
        LLVMDisposeMessage(msg);
    if (m)
        LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return st;
}
