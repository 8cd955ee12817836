/*
 * ir_load.c — reading, linking and verifying the input modules.
 *
 * Every LLVM diagnostic goes to the Diags sink (LLVM's default handler would print on
 * stderr). Parse errors keep LLVM's own `file:line:col: error: message` text.
 */
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include "ir_int.h"
#include "ir_load.h"

static void on_diag(LLVMDiagnosticInfoRef di, void *p) {
    Diags *d = p;
    char *desc = LLVMGetDiagInfoDescription(di);
    DiagSeverity sev = DIAG_NOTE;
    switch (LLVMGetDiagInfoSeverity(di)) {
    case LLVMDSError: sev = DIAG_ERROR; break;
    case LLVMDSWarning: sev = DIAG_WARNING; break;
    default: sev = DIAG_NOTE; break;
    }
    diags_add(d, sev, (SrcLoc){0}, "LLVM: %s", desc ? desc : "(no description)");
    LLVMDisposeMessage(desc);
}

void ir_load_init_context(LLVMContextRef ctx, Diags *d) {
    LLVMContextSetDiagnosticHandler(ctx, on_diag, d);
}

/* Strips one trailing newline and splits LLVM's "file:line:col: error: msg" prefix. */
static void report_llvm(Diags *d, const char *path, const char *what, char *msg) {
    char *text = msg ? msg : (char *)"(no message)";
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == ' '))
        text[--n] = '\0';
    /* LLVM's parser messages start with "<path>:line:col: error: ". Keep them whole:
     * they already carry the location, and the source line with a caret follows. */
    size_t pl = strlen(path);
    if (strncmp(text, path, pl) == 0 && text[pl] == ':')
        diags_add(d, DIAG_ERROR, (SrcLoc){0}, "%s", text);
    else
        diags_add(d, DIAG_ERROR, (SrcLoc){path, 0, 0}, "%s: %s", what, text);
}

Status ir_load_file(LLVMContextRef ctx, const char *path, LLVMModuleRef *out, Diags *d) {
    *out = NULL;
    LLVMMemoryBufferRef buf = NULL;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        diags_add(d, DIAG_ERROR, (SrcLoc){path, 0, 0}, "cannot read file: %s",
                  msg ? msg : "unknown error");
        LLVMDisposeMessage(msg);
        return E_IO;
    }
    size_t size = LLVMGetBufferSize(buf);
    const char *start = LLVMGetBufferStart(buf);
    bool bitcode = size >= 4 && ((memcmp(start, "BC\xC0\xDE", 4) == 0) ||
                                 (memcmp(start, "\xDE\xC0\x17\x0B", 4) == 0));
    size_t errs_before = d->nerrors;
    LLVMModuleRef m = NULL;
    /* LLVMParseIRInContext takes ownership of buf, on success and on failure. */
    if (LLVMParseIRInContext(ctx, buf, &m, &msg) || !m) {
        report_llvm(d, path, bitcode ? "invalid or unsupported bitcode" : "invalid LLVM IR", msg);
        LLVMDisposeMessage(msg);
        return E_LLVM;
    }
    if (d->nerrors != errs_before) {
        LLVMDisposeModule(m);
        return E_LLVM;
    }
    *out = m;
    return OK;
}

Status ir_load_link(LLVMModuleRef dest, LLVMModuleRef src, const char *src_path, Diags *d) {
    size_t errs_before = d->nerrors;
    /* LLVMLinkModules2 destroys src in every case. */
    if (LLVMLinkModules2(dest, src) || d->nerrors != errs_before) {
        diags_add(d, DIAG_ERROR, (SrcLoc){src_path, 0, 0}, "cannot link this module into the "
                                                            "earlier inputs (see the messages above)");
        return E_LLVM;
    }
    return OK;
}

Status ir_load_verify(LLVMModuleRef m, const char *what, Diags *d) {
    char *msg = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
        size_t n = msg ? strlen(msg) : 0;
        while (n && msg[n - 1] == '\n')
            msg[--n] = '\0';
        diags_add(d, DIAG_ERROR, (SrcLoc){what, 0, 0}, "the module is not valid LLVM IR "
                  "(LLVM's verifier):\n%s", msg ? msg : "");
        LLVMDisposeMessage(msg);
        return E_LLVM;
    }
    LLVMDisposeMessage(msg);
    return OK;
}
