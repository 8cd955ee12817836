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
 * A module summary index (the text's `^N = ...` lines) is read by ir_summary.c, hidden
 * from LLVM's parser (which keeps no summary when the C API calls it, and rejects
 * `typeidCompatibleVTable` entries), and written into the bitcode LLVM wrote
 * (ir_summary_splice), so that llvm-dis of the result prints the same entries.
 *
 * As for ir_facts (ir.h): LLVM may abort on some inputs; the CLI runs this in a child.
 */
#include <stdio.h>
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
    LLVMMemoryBufferRef buf = NULL, bcbuf = NULL;
    LLVMModuleRef m = NULL;
    char *msg = NULL, *copy = NULL;
    IrSummary sum;
    StrBuf spliced = SB_INIT;
    ir_summary_init(&sum);
    bool summary_text = false;
    for (size_t i = 0; i < len && !summary_text; i++)
        summary_text = text[i] == '^' && (i == 0 || text[i - 1] == '\n');
    if (summary_text) {
        copy = mem_alloc(len ? len : 1);
        if (!copy) {
            st = E_NOMEM;
            goto done;
        }
        memcpy(copy, text, len);
        st = ir_summary_from_text(&sum, copy, len);
        if (st != OK)
            goto done;
        if (sum.unsupported[0]) {
            diags_add(d, DIAG_ERROR, (SrcLoc){what, 0, 0},
                      "the module summary index holds %s, which irlog cannot write",
                      sum.unsupported);
            st = E_SEMANTIC;
            goto done;
        }
        text = copy;
    }
    buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len, what);
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
    if (bc_path && !sum.present && LLVMWriteBitcodeToFile(m, bc_path) != 0) {
        diags_add(d, DIAG_ERROR, (SrcLoc){bc_path, 0, 0}, "cannot write the bitcode");
        st = E_IO;
    } else if (bc_path && sum.present) {
        bcbuf = LLVMWriteBitcodeToMemoryBuffer(m);
        if (!bcbuf) {
            st = E_NOMEM;
            goto done;
        }
        char why[256] = "";
        st = ir_summary_splice(&sum, LLVMGetBufferStart(bcbuf), LLVMGetBufferSize(bcbuf),
                               &spliced, why, sizeof why);
        if (st == E_SEMANTIC)
            diags_add(d, DIAG_ERROR, (SrcLoc){what, 0, 0},
                      "cannot write the module summary index into the bitcode: %s", why);
        if (st != OK)
            goto done;
        FILE *fp = fopen(bc_path, "wb");
        bool ok = fp && fwrite(spliced.buf, 1, spliced.len, fp) == spliced.len;
        if (fp && fclose(fp) != 0)
            ok = false;
        if (!ok) {
            diags_add(d, DIAG_ERROR, (SrcLoc){bc_path, 0, 0}, "cannot write the bitcode");
            st = E_IO;
        }
    }
done:
    if (bcbuf)
        LLVMDisposeMemoryBuffer(bcbuf);
    sb_release(&spliced);
    ir_summary_release(&sum);
    mem_free(copy);
    if (msg)
        LLVMDisposeMessage(msg);
    if (m)
        LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return st;
}
