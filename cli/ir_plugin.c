/* ir_plugin.c — the IR front end (src/ir, which links libLLVM) loaded on demand.
 *
 * Loading libLLVM-19.so costs about 46 MiB of RSS in every process (its relocations and
 * static constructors), before any work; `irlog run`, `irlog check FACTDIR`, `irlog
 * schema`, `irlog sql-views` and `irlog emit FACTDIR -o X.ll` never call LLVM. So by
 * default src/ir is built as a module of its own, irlog-llvm.so, which is the only object
 * that needs libLLVM, and this file loads it with dlopen the first time ir_facts or
 * ir_text_to_bitcode is called (in the child process that does the work, see
 * cmd_facts.c, facts_mem.c, cmd_emit.c; in irlog itself only with `facts --in-process`).
 * The module's own calls into src/facts and src/base resolve to this executable's copies
 * (it exports them), so there is one copy of every global.
 *
 * It is looked for at $IRLOG_LLVM_MODULE, else beside the executable, else in
 * ../lib/irlog/ from it (the installed layout). Built with IRLOG_LLVM_STATIC, src/ir is
 * linked into the executable instead and this file is empty. */
#include "ir.h"

#if IRLOG_IR_MODULE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef Status (*IrFactsFn)(const char *const *, size_t, const char *, const IrOptions *, Diags *,
                            IrStats *);
typedef Status (*IrBitcodeFn)(const char *, size_t, const char *, const char *, Diags *);

static void *module;

/* Loads the module once; false with a message in d when it cannot be. */
static bool load(Diags *d) {
    if (module)
        return true;
    const char *env = getenv("IRLOG_LLVM_MODULE");
    char err[PATH_MAX * 2 + 512] = "";
    if (env && *env) {
        module = dlopen(env, RTLD_NOW | RTLD_LOCAL);
        if (!module)
            snprintf(err, sizeof err, "%s (from IRLOG_LLVM_MODULE)", dlerror());
    } else {
        /* beside the executable, then the installed layout: PREFIX/bin/irlog and
         * PREFIX/lib/irlog/irlog-llvm.so */
        static const char *const rel[] = {"irlog-llvm.so", "../lib/irlog/irlog-llvm.so"};
        char exe[PATH_MAX], tried[2][PATH_MAX + 32] = {"", ""};
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0)
            snprintf(exe, sizeof exe, "./");
        else {
            exe[n] = '\0';
            char *slash = strrchr(exe, '/');
            if (slash)
                slash[1] = '\0';
        }
        for (size_t i = 0; i < sizeof rel / sizeof *rel && !module && !err[0]; i++) {
            snprintf(tried[i], sizeof tried[i], "%s%s", exe, rel[i]);
            if (access(tried[i], F_OK) != 0)
                continue;
            module = dlopen(tried[i], RTLD_NOW | RTLD_LOCAL);
            if (!module)
                snprintf(err, sizeof err, "%s", dlerror());
        }
        if (!module && !err[0])
            snprintf(err, sizeof err,
                     "irlog-llvm.so is neither at %s nor at %s; keep it beside the irlog "
                     "executable, install both with `cmake --install` (PREFIX/bin/irlog, "
                     "PREFIX/lib/irlog/irlog-llvm.so), set IRLOG_LLVM_MODULE to its path, "
                     "or build irlog with -DIRLOG_LLVM_STATIC=ON",
                     tried[0], tried[1]);
    }
    if (!module) {
        diags_add(d, DIAG_ERROR, (SrcLoc){0}, "cannot load the LLVM front end: %s", err);
        return false;
    }
    const char *abi = dlsym(module, "irlog_ir_abi");
    if (!abi || strcmp(abi, IRLOG_ABI) != 0) {
        diags_add(d, DIAG_ERROR, (SrcLoc){0},
                  "the LLVM front end irlog-llvm.so found is from another build of irlog "
                  "(%s, this irlog is %s); install the two together (cmake --install), or "
                  "point IRLOG_LLVM_MODULE at the one built with it",
                  abi ? abi : "no build stamp", IRLOG_ABI);
        dlclose(module);
        module = NULL;
        return false;
    }
    return true;
}

static void *sym(const char *name, Diags *d) {
    void *f = dlsym(module, name);
    if (!f)
        diags_add(d, DIAG_ERROR, (SrcLoc){0}, "the LLVM front end has no %s: %s", name, dlerror());
    return f;
}

Status ir_facts(const char *const *inputs, size_t ninputs, const char *outdir,
                const IrOptions *opt, Diags *diags, IrStats *stats) {
    IrFactsFn f;
    if (!load(diags) || !(*(void **)&f = sym("ir_facts", diags)))
        return E_INTERNAL;
    return f(inputs, ninputs, outdir, opt, diags, stats);
}

Status ir_text_to_bitcode(const char *text, size_t len, const char *what, const char *bc_path,
                          Diags *d) {
    IrBitcodeFn f;
    if (!load(d) || !(*(void **)&f = sym("ir_text_to_bitcode", d)))
        return E_INTERNAL;
    return f(text, len, what, bc_path, d);
}
#else
typedef int ir_plugin_unused; /* ISO C: a translation unit is not empty */
#endif
