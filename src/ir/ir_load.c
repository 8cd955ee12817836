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
#include "strbuf.h"

#ifdef IRLOG_ABI
/* built as the module irlog-llvm.so: what cli/ir_plugin.c compares with its own */
__attribute__((visibility("default"))) const char irlog_ir_abi[] = IRLOG_ABI;
#endif

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

/* LLVM's messages start with "<path>:line:col: error: " or "<path>: error: "; the
 * text after the first line (the source line and a caret) is kept. Bytes that are not
 * printable ASCII (random input echoed back) are written as \xNN. */
static void report_llvm(Diags *d, const char *path, const char *what, const char *msg) {
    StrBuf text = SB_INIT;
    const char *m = msg ? msg : "(no message)";
    for (const unsigned char *p = (const unsigned char *)m; *p; p++) {
        if (*p == '\n' || *p == '\t' || (*p >= 0x20 && *p < 0x7f))
            sb_addc(&text, (char)*p);
        else
            sb_addf(&text, "\\x%02X", *p);
    }
    while (text.len && (text.buf[text.len - 1] == '\n' || text.buf[text.len - 1] == ' '))
        sb_truncate(&text, text.len - 1);
    SrcLoc loc = {path, 0, 0};
    const char *body = text.buf;
    size_t pl = strlen(path);
    if (strncmp(body, path, pl) == 0 && body[pl] == ':') {
        const char *q = body + pl + 1;
        unsigned line = 0, col = 0;
        int used = 0;
        if (sscanf(q, "%u:%u:%n", &line, &col, &used) == 2 && used > 0) {
            loc.line = line;
            loc.col = col;
            q += used;
        }
        while (*q == ' ')
            q++;
        if (strncmp(q, "error:", 6) == 0)
            q += 6;
        while (*q == ' ')
            q++;
        body = q;
    }
    if (loc.line)
        diags_add(d, DIAG_ERROR, loc, "%s", body);
    else
        diags_add(d, DIAG_ERROR, loc, "%s: %s", what, body);
    sb_release(&text);
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
        report_llvm(d, path, bitcode ? "invalid or unsupported bitcode" : "not valid LLVM IR", msg);
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
