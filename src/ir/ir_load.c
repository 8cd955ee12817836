/*
 * ir_load.c — reading, linking and verifying the input modules.
 *
 * Every LLVM diagnostic goes to the Diags sink (LLVM's default handler would print on
 * stderr). Parse errors keep LLVM's own `file:line:col: error: message` text, except for
 * two inputs that are almost certainly mistakes: an empty file (LLVM would read it as an
 * empty module) and a C, C++ or Objective-C source file (known by its extension, or by
 * text that cannot be IR: see source_kind), which get a message saying what to do.
 */
#include <stdio.h>
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

/* What a source file is and what compiles it. */
typedef struct SourceLang {
    const char *what;     /* "C source", "a C++ header", ... */
    const char *compiler; /* "clang-19" or "clang++-19" */
    const char *x;        /* clang's -x language, for a file whose extension is not its own */
    bool header;          /* compile the files that include it instead */
} SourceLang;

static const SourceLang LANG_C = {"C source", "clang-19", "c", false};
static const SourceLang LANG_CXX = {"C++ source", "clang++-19", "c++", false};
static const SourceLang LANG_OBJC = {"Objective-C source", "clang-19", "objective-c", false};
static const SourceLang LANG_OBJCXX = {"Objective-C++ source", "clang++-19", "objective-c++",
                                       false};
static const SourceLang LANG_H = {"a C or C++ header", "clang-19", "c", true};
static const SourceLang LANG_HXX = {"a C++ header", "clang++-19", "c++", true};

/* The extensions clang and gcc take as source (case matters: .C is C++, .c is C). */
static const struct {
    const char *ext;
    const SourceLang *lang;
} source_exts[] = {
    {"c", &LANG_C},       {"i", &LANG_C},        {"cc", &LANG_CXX},    {"cp", &LANG_CXX},
    {"cpp", &LANG_CXX},   {"CPP", &LANG_CXX},    {"cxx", &LANG_CXX},   {"c++", &LANG_CXX},
    {"C", &LANG_CXX},     {"ii", &LANG_CXX},     {"cppm", &LANG_CXX},  {"ixx", &LANG_CXX},
    {"m", &LANG_OBJC},    {"mi", &LANG_OBJC},    {"mm", &LANG_OBJCXX}, {"M", &LANG_OBJCXX},
    {"mii", &LANG_OBJCXX}, {"h", &LANG_H},       {"hh", &LANG_HXX},    {"hpp", &LANG_HXX},
    {"hxx", &LANG_HXX},   {"h++", &LANG_HXX},    {"H", &LANG_HXX},     {"tcc", &LANG_HXX},
    {"inl", &LANG_HXX},   {"ipp", &LANG_HXX},
};

/* The extension of path's last component (after its last dot), or NULL. */
static const char *extension(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot + 1 : NULL;
}

static const SourceLang *lang_by_extension(const char *path) {
    const char *ext = extension(path);
    if (!ext)
        return NULL;
    for (size_t i = 0; i < sizeof source_exts / sizeof *source_exts; i++)
        if (strcmp(ext, source_exts[i].ext) == 0)
            return source_exts[i].lang;
    return NULL;
}

/* Whether the n bytes at p start with word, followed by a byte that cannot continue an
 * identifier. */
static bool starts_word(const char *p, size_t n, const char *word) {
    size_t w = strlen(word);
    if (n < w || memcmp(p, word, w) != 0)
        return false;
    if (n == w)
        return true;
    char c = p[w];
    return !(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
             (c >= 'A' && c <= 'Z'));
}

static bool contains(const char *p, size_t n, const char *needle) {
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(p + i, needle, k) == 0)
            return true;
    return false;
}

/* The language of text that is clearly not LLVM IR, or NULL. Decided by the first line
 * that is not blank or a C comment (a line of IR starts with none of these): a
 * preprocessor directive (`#include`, `#define`, ...), or a C or C++ keyword that begins
 * a declaration (`int main(`, `typedef`, `namespace`, ...). C++ when the first 64 KiB
 * hold `std::`, a line that starts with `namespace`, `template`, `class` or `using`, or
 * an `#include <name>` without `.h`; else C. Only used once LLVM's parser has failed. */
static const SourceLang *lang_by_text(const char *text, size_t size) {
    static const char *const directives[] = {"include", "define", "if",     "ifdef", "ifndef",
                                             "pragma",  "import", "undef",  "error", NULL};
    static const char *const keywords[] = {
        "typedef", "struct",   "union",    "enum",   "static", "extern", "const",
        "int",     "void",     "char",     "long",   "short",  "unsigned", "signed",
        "float",   "double",   "bool",     "_Bool",  "inline", "size_t", "namespace",
        "template", "class",   "using",    NULL};
    static const char *const cxx_lines[] = {"namespace", "template", "class", "using", NULL};
    if (size > 65536)
        size = 65536;
    if (memchr(text, '\0', size))
        return NULL; /* binary */
    bool in_comment = false, first = true, c_like = false, cxx = false;
    size_t i = 0;
    while (i < size) {
        size_t end = i;
        while (end < size && text[end] != '\n')
            end++;
        const char *p = text + i;
        size_t n = end - i;
        i = end + 1;
        while (n && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')) {
            p++;
            n--;
        }
        if (in_comment) {
            const char *close = NULL;
            for (size_t k = 0; k + 1 < n; k++)
                if (p[k] == '*' && p[k + 1] == '/') {
                    close = p + k + 2;
                    break;
                }
            if (!close)
                continue;
            in_comment = false;
            n -= (size_t)(close - p);
            p = close;
            while (n && (*p == ' ' || *p == '\t' || *p == '\r')) {
                p++;
                n--;
            }
        }
        if (n == 0 || (n >= 2 && p[0] == '/' && p[1] == '/'))
            continue;
        if (n >= 2 && p[0] == '/' && p[1] == '*') {
            bool closed = false;
            for (size_t k = 2; k + 1 < n; k++)
                if (p[k] == '*' && p[k + 1] == '/')
                    closed = true;
            in_comment = !closed;
            if (first && closed) /* a one-line comment: judge the next line */
                continue;
            if (in_comment)
                continue;
        }
        if (first) {
            first = false;
            if (p[0] == '#') {
                const char *q = p + 1;
                size_t m = n - 1;
                while (m && (*q == ' ' || *q == '\t')) {
                    q++;
                    m--;
                }
                for (size_t k = 0; directives[k] && !c_like; k++)
                    c_like = starts_word(q, m, directives[k]);
            } else {
                for (size_t k = 0; keywords[k] && !c_like; k++)
                    c_like = starts_word(p, n, keywords[k]);
            }
            if (!c_like)
                return NULL;
        }
        for (size_t k = 0; cxx_lines[k] && !cxx; k++)
            cxx = starts_word(p, n, cxx_lines[k]);
        if (!cxx && n > 1 && p[0] == '#') {
            const char *q = p + 1;
            size_t m = n - 1;
            while (m && (*q == ' ' || *q == '\t')) {
                q++;
                m--;
            }
            if (starts_word(q, m, "include")) {
                const char *lt = memchr(q, '<', m);
                const char *gt = lt ? memchr(lt, '>', m - (size_t)(lt - q)) : NULL;
                cxx = gt && !contains(lt, (size_t)(gt - lt), ".h");
            }
        }
        if (!cxx)
            cxx = contains(p, n, "std::");
    }
    if (!c_like)
        return NULL;
    return cxx ? &LANG_CXX : &LANG_C;
}

/* `path is C source, not LLVM IR: compile it first, e.g. clang-19 ...`. by_extension:
 * the extension said so (clang knows the language from it too); else the text did, and
 * clang needs -x. */
static void report_source(Diags *d, const char *path, const SourceLang *lang,
                          bool by_extension) {
    const char *ext = extension(path);
    int stem = (int)(ext ? (size_t)(ext - 1 - path) : strlen(path));
    if (lang->header) {
        diags_add(d, DIAG_ERROR, (SrcLoc){0},
                  "%s is %s, not LLVM IR: compile the source files that include it, e.g. "
                  "%s -O0 -g -c -emit-llvm FILE.%s -o FILE.bc",
                  path, lang->what, lang->compiler, lang == &LANG_HXX ? "cpp" : "c");
        return;
    }
    /* the suggested output must not be the input itself (prog.bc holding C text) */
    bool clash = ext && strcmp(ext, "bc") == 0;
    if (by_extension)
        diags_add(d, DIAG_ERROR, (SrcLoc){0},
                  "%s is %s, not LLVM IR: compile it first, e.g. %s -O0 -g -c -emit-llvm %s "
                  "-o %.*s.bc",
                  path, lang->what, lang->compiler, path, stem, path);
    else
        diags_add(d, DIAG_ERROR, (SrcLoc){0},
                  "%s looks like %s, not LLVM IR: compile it first, e.g. %s -O0 -g -c "
                  "-emit-llvm -x %s %s -o %.*s%s.bc",
                  path, lang->what, lang->compiler, lang->x, path, stem, path,
                  clash ? ".compiled" : "");
}

/* ---- the module summary index ----
 * A ThinLTO object (clang -flto=thin), and a regular LTO one (-flto), holds a summary
 * index beside its module (llvm-dis prints it as `^N = module: ...`, `^N = gv: ...`).
 * LLVM 19's C API neither reads nor writes it: ir_summary.c reads it, from the bitcode,
 * or from the text's `^N` lines, which are blanked before LLVM's parser sees the text
 * (the C API's parser rejects `typeidCompatibleVTable` entries). */

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Does the text have a line that starts with `^`? */
static bool text_has_summary(const char *start, size_t size) {
    for (size_t i = 0; i < size; i++)
        if (start[i] == '^' && (i == 0 || start[i - 1] == '\n'))
            return true;
    return false;
}

Status ir_load_file(LLVMContextRef ctx, const char *path, LLVMModuleRef *out,
                    IrInputInfo *info, IrSummary *sum, Diags *d) {
    *out = NULL;
    if (info)
        *info = (IrInputInfo){0};
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
    if (size == 0) {
        /* LLVM's parser reads no text as an empty module; llvm-dis refuses it */
        LLVMDisposeMemoryBuffer(buf);
        diags_add(d, DIAG_ERROR, (SrcLoc){path, 0, 0}, "empty file (not LLVM IR or bitcode)");
        return E_LLVM;
    }
    bool bitcode = size >= 4 && ((memcmp(start, "BC\xC0\xDE", 4) == 0) ||
                                 (memcmp(start, "\xDE\xC0\x17\x0B", 4) == 0));
    /* judged now, used only if the parse fails: the parser owns (and frees) buf */
    const SourceLang *lang = NULL;
    bool by_extension = false;
    if (!bitcode) {
        lang = lang_by_extension(path);
        by_extension = lang != NULL;
        if (!lang)
            lang = lang_by_text(start, size);
    }
    bool has_summary = false;
    if (bitcode) {
        IrSummary tmp;
        ir_summary_init(&tmp);
        IrSummary *into = sum ? sum : &tmp;
        Status sst = ir_summary_from_bitcode(into, start, size, base_name(path));
        has_summary = into->present;
        ir_summary_release(&tmp);
        if (sst != OK) {
            LLVMDisposeMemoryBuffer(buf);
            return sst;
        }
    } else if (text_has_summary(start, size)) {
        /* a copy with the `^N` lines blanked, under the same name (LLVM's messages) */
        char *copy = mem_alloc(size);
        if (!copy) {
            LLVMDisposeMemoryBuffer(buf);
            return E_NOMEM;
        }
        memcpy(copy, start, size);
        IrSummary tmp;
        ir_summary_init(&tmp);
        IrSummary *into = sum ? sum : &tmp;
        Status sst = ir_summary_from_text(into, copy, size);
        has_summary = into->present;
        ir_summary_release(&tmp);
        LLVMMemoryBufferRef nb =
            sst == OK ? LLVMCreateMemoryBufferWithMemoryRangeCopy(copy, size, path) : NULL;
        mem_free(copy);
        LLVMDisposeMemoryBuffer(buf);
        if (!nb)
            return sst != OK ? sst : E_NOMEM;
        buf = nb;
        start = LLVMGetBufferStart(buf);
    }
    size_t errs_before = d->nerrors;
    LLVMModuleRef m = NULL;
    /* LLVMParseIRInContext takes ownership of buf, on success and on failure. */
    if (LLVMParseIRInContext(ctx, buf, &m, &msg) || !m) {
        if (lang)
            report_source(d, path, lang, by_extension);
        else
            report_llvm(d, path, bitcode ? "invalid or unsupported bitcode" : "not valid LLVM IR",
                        msg);
        LLVMDisposeMessage(msg);
        return E_LLVM;
    }
    if (d->nerrors != errs_before) {
        LLVMDisposeModule(m);
        return E_LLVM;
    }
    *out = m;
    if (info)
        *info = (IrInputInfo){!bitcode, has_summary};
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
