/*
 * ir_summary.h — module summary indexes (ThinLTO and regular LTO), which LLVM 19's C API
 * neither reads nor writes (private to src/ir; docs/emit.md, "Module summary indexes").
 *
 * IrSummary is one module's per-module index as llvm-dis prints it: the module entry
 * (path, hash), one `gv` entry per global value of the module (name, GUID) with its
 * summary (function, variable or alias), `gv` entries of values known by their GUID only
 * (the targets of indirect calls from profile data), the typeidCompatibleVTable entries,
 * the index flags and the block count; a function summary's call edges (hotness or
 * relative block frequency), type tests and virtual calls (typeIdInfo), memory profile
 * callsites and allocations (callsites, allocs) and parameter accesses (params). It is
 * read from bitcode (the GLOBALVAL_SUMMARY_BLOCK, id 20, or
 * FULL_LTO_GLOBALVAL_SUMMARY_BLOCK, 24, inside the MODULE_BLOCK, and the module's
 * MODULE_CODE_HASH) or from the `^N = ...` lines of LLVM assembly, and written into
 * bitcode that LLVM's C API wrote without it. The `typeid` entries of text are read (and
 * not written into a per-module index's bitcode: LLVM's per-module writer has no record
 * for them). A combined index (the thin link's: a file without a module, several module
 * entries, values known by their GUID only with a summary per module) is read from
 * bitcode and text and written as a file of its own, with its memory profile clones and
 * versions and its CFI function lists (which llvm-dis does not print: irlog's text says
 * them in comment lines). What is not represented (the total sizes of memory profile
 * contexts, unnamed global values, other summary versions) sets `unsupported` to a phrase
 * naming the construct; such an index is never half read.
 */
#ifndef IRLOG_IR_SUMMARY_H
#define IRLOG_IR_SUMMARY_H

#include <llvm-c/Core.h>

#include "arena.h"
#include "strbuf.h"
#include "vec.h"

typedef enum SumKind { SUM_FUNCTION, SUM_VARIABLE, SUM_ALIAS } SumKind;

typedef struct SumRef {
    uint32_t gv;    /* index into IrSummary.gvs */
    uint8_t access; /* 0, 1 readonly, 2 writeonly */
} SumRef;
typedef struct SumCall {
    uint32_t gv;     /* the callee */
    uint8_t hotness; /* 0 unknown, 1 cold, 2 none, 3 hot, 4 critical */
    uint32_t relbf;  /* relative block frequency (28 bits), 0 = none */
    bool tail;
} SumCall;
/* A parameter access of a function summary (`params:`, clang's stack safety analysis):
 * the bytes [first, last] of parameter param it accesses itself ([0, -1]: none, LLVM's
 * empty range), and the calls it is passed to, with the callee's parameter and offsets. */
typedef struct SumParamCall {
    uint32_t gv;         /* the callee */
    uint64_t param;
    int64_t first, last;
} SumParamCall;
typedef struct SumParam {
    uint64_t param;
    int64_t first, last;
    size_t first_call, ncalls; /* into SumSummary.pcalls */
} SumParam;

/* Memory profile records of a function summary (heap profiling's !memprof and !callsite
 * metadata): its callsites (a callee and a stack of stack ids) and its allocations (a
 * list of MIBs: an allocation type and a stack each), with a combined index's function
 * clones of each callsite and allocation types of each allocation in those clones (its
 * versions). A per-module index has no other clone than 0 and no other version than
 * none. */
typedef struct SumCallsite {
    uint32_t gv;                 /* the callee */
    size_t first_id, nids;       /* into SumSummary.stack_ids */
    size_t first_clone, nclones; /* into SumSummary.clones */
} SumCallsite;
typedef struct SumMib {
    uint32_t alloc;          /* the allocation's index */
    uint8_t type;            /* 0 none, 1 notcold, 2 cold, 4 hot */
    size_t first_id, nids;   /* into SumSummary.stack_ids */
    size_t first_ver, nvers; /* the allocation's versions, into SumSummary.versions */
} SumMib;

typedef struct SumVFunc {
    uint32_t gv; /* the virtual function */
    uint64_t offset;
} SumVFunc;

/* A virtual call of a function summary's typeIdInfo: a type id's GUID and an offset
 * in the vtable, with the constant arguments of the const kinds. */
typedef enum SumVCallKind {
    SUM_TT_ASSUME_VCALLS,        /* typeTestAssumeVCalls */
    SUM_TC_LOAD_VCALLS,          /* typeCheckedLoadVCalls */
    SUM_TT_ASSUME_CONST_VCALLS,  /* typeTestAssumeConstVCalls */
    SUM_TC_LOAD_CONST_VCALLS     /* typeCheckedLoadConstVCalls */
} SumVCallKind;
typedef struct SumVCall {
    SumVCallKind kind;
    uint64_t guid, offset;
    size_t first_arg, nargs; /* into SumSummary.vargs */
} SumVCall;

/* A module entry: `^N = module: (path: "...", hash: (...))`. */
typedef struct SumModule {
    const char *path; /* arena */
    uint32_t hash[5];
    uint64_t id;      /* bitcode: its module id (MST_CODE_ENTRY) */
    uint32_t slot;    /* ^N, set by ir_summary_finish */
} SumModule;

typedef struct SumSummary {
    SumKind kind;
    uint32_t gv;                /* the entry it summarises */
    uint32_t module;            /* index into IrSummary.mods */
    unsigned linkage;           /* GlobalValue::LinkageTypes (0 external ... 10 common) */
    unsigned visibility;        /* 0 default, 1 hidden, 2 protected */
    bool not_eligible, live, dso_local, auto_hide;
    unsigned import_type;       /* 0 definition, 1 declaration */
    uint64_t insts;             /* function: instruction count */
    uint32_t fflags;            /* function: the ten funcFlags, bit i as LLVM packs them */
    uint32_t varflags;          /* variable: readonly 1, writeonly 2, constant 4 */
    uint32_t vcall_visibility;  /* variable */
    uint32_t aliasee;           /* alias: the aliasee's entry */
    Vec(SumCall) calls;
    Vec(SumRef) refs;           /* plain refs first, then readonly, then writeonly */
    Vec(SumVFunc) vfuncs;       /* variable: vTableFuncs */
    Vec(uint64_t) type_tests;   /* function: typeIdInfo's typeTests (type id GUIDs) */
    Vec(SumVCall) vcalls;       /* function: typeIdInfo's virtual calls, by kind */
    Vec(uint64_t) vargs;        /* their constant arguments */
    Vec(SumParam) params;       /* function: parameter accesses */
    Vec(SumParamCall) pcalls;   /* their calls */
    Vec(SumCallsite) callsites; /* function: memory profile callsites */
    Vec(SumMib) mibs;           /* function: its allocations' MIBs, by allocation */
    Vec(uint64_t) stack_ids;    /* their stacks */
    Vec(uint64_t) clones;       /* the callsites' clones (a per-module index: 0) */
    Vec(uint8_t) versions;      /* the allocations' versions (a per-module index: none) */
} SumSummary;

typedef struct SumGv {
    const char *name; /* arena; NULL: a value known by its GUID only (`gv: (guid: N)`) */
    size_t name_len;
    uint64_t guid;     /* set by ir_summary_finish (given for a GUID-only value) */
    int32_t summary;   /* index into sums of its first summary, or -1 */
    uint32_t nsums;    /* its summaries: sums[summary .. summary + nsums - 1] (after
                        * ir_summary_finish; a combined index may have several) */
    uint32_t slot;     /* ^N, set by ir_summary_finish */
} SumGv;

typedef struct SumVt {
    uint64_t offset;
    uint32_t gv; /* the vtable */
} SumVt;
typedef struct SumTypeId {
    const char *name; /* arena */
    size_t name_len;
    uint64_t guid;
    uint32_t slot;
    Vec(SumVt) vts;
} SumTypeId;

/* A `typeid` entry (type test and whole-program devirtualisation resolutions, which the
 * thin link computes): its typeTestRes (TypeTestResolution) and its wpdResolutions, each
 * an offset with a WholeProgramDevirtResolution and that one's resByArg (constant
 * arguments and a ByArg resolution each), in the text's order. LLVM writes them into
 * combined indexes only; a per-module index has them when it is read from text. */
typedef struct SumByArg {
    size_t first_arg, nargs; /* into SumTid.args */
    uint8_t kind;            /* 0 indir, 1 uniformRetVal, 2 uniqueRetVal, 3 virtualConstProp */
    uint64_t info;
    uint32_t byte, bit;
} SumByArg;
typedef struct SumWpd {
    uint64_t offset;
    uint8_t kind;            /* 0 indir, 1 singleImpl, 2 branchFunnel */
    const char *impl;        /* arena: singleImplName (kind singleImpl), else NULL */
    size_t impl_len;
    size_t first_byarg, nbyargs; /* into SumTid.byargs */
} SumWpd;
typedef struct SumTid {
    const char *name; /* arena */
    size_t name_len;
    uint64_t guid;
    uint32_t slot;
    uint8_t kind; /* 0 unsat, 1 byteArray, 2 inline, 3 single, 4 allOnes, 5 unknown */
    uint64_t size_m1_bit_width, align_log2, size_m1, bit_mask, inline_bits;
    Vec(SumWpd) wpds;
    Vec(SumByArg) byargs;
    Vec(uint64_t) args;
} SumTid;

/* A function of the index's CFI function lists (FS_CFI_FUNCTION_DEFS, _DECLS: functions
 * with CFI jump tables, -fsanitize=cfi), which llvm-dis does not print. */
typedef struct SumCfi {
    const char *name; /* arena */
    size_t len;
    bool decl;
} SumCfi;

typedef struct IrSummary {
    bool present;       /* the input had an index */
    bool full_lto;      /* FULL_LTO_GLOBALVAL_SUMMARY_BLOCK (regular LTO), else ThinLTO */
    bool combined;      /* a combined index (the thin link's: no module of its own) */
    bool text;          /* read from text (ir_summary_finish tells a combined one) */
    Vec(SumModule) mods; /* the module entries (one in a per-module index), by path after
                          * ir_summary_finish */
    Vec(SumGv) gvs;     /* in GUID order after ir_summary_finish */
    Vec(SumSummary) sums;
    Vec(SumTid) typeids; /* typeid entries, in GUID order after ir_summary_finish */
    Vec(SumTypeId) tids; /* typeidCompatibleVTable entries, in name order */
    Vec(SumCfi) cfis;    /* the CFI function lists, definitions then declarations */
    uint64_t flags, blockcount;
    uint32_t flags_slot, blockcount_slot; /* flags_slot 0: no flags entry */
    char unsupported[160]; /* "" or the construct not represented */
    Arena arena;
} IrSummary;

void ir_summary_init(IrSummary *s);
void ir_summary_release(IrSummary *s);

/* Reads the index of bitcode (the whole file's bytes); s->present stays false when there
 * is none. path: the module entry's path (llvm-dis prints the file it read). An index
 * this reader does not represent sets s->unsupported; E_NOMEM only. */
Status ir_summary_from_bitcode(IrSummary *s, const void *bc, size_t size, const char *path);

/* Reads the `^N = ...` lines of LLVM assembly text and blanks them (each byte but
 * newlines becomes a space, so that LLVM's parser, which rejects some entries, sees the
 * rest at the same lines and columns). Sets s->present when there is one; a syntax this
 * reader does not know sets s->unsupported. E_NOMEM only. */
Status ir_summary_from_text(IrSummary *s, char *text, size_t len);

/* Computes the GUIDs as LLVM's bitcode reader does (MD5 of the name, prefixed with
 * "<source_filename>;" for local linkage, from module m), puts the gv entries in GUID
 * order, the typeid entries in GUID order and the typeidCompatibleVTable entries in name
 * order, and numbers the entries as llvm-dis does.
 * A gv entry whose name m has no global of sets s->unsupported. */
Status ir_summary_finish(IrSummary *s, LLVMModuleRef m);

/* For an index read from text: says whether it is a combined one: irlog's comment line
 * says so, or, as llvm-as-19 decides, module m has no function and no global variable and
 * the index has gv entries or flags (ir_summary_finish calls it). */
void ir_summary_text_kind(IrSummary *s, LLVMModuleRef m);

/* Writes the index into bitcode bc (as LLVM's C API wrote it: no wrapper, module block
 * without a summary): the summary block before the module's value symbol table, the
 * MODULE_CODE_HASH record, typeid names appended to the string table; a combined index
 * (s->combined) alone, bc unused. OUT *out (the new bitcode). E_SEMANTIC with a message
 * in why when it cannot (a name the module does not have). */
Status ir_summary_splice(const IrSummary *s, const void *bc, size_t size, StrBuf *out,
                         char *why, size_t nwhy);

/* The global value of m named name (a variable, function, alias or ifunc), or NULL. */
LLVMValueRef ir_summary_find_global(LLVMModuleRef m, const char *name, size_t len);

/* The lower 64 bits of MD5 (LLVM's MD5Hash / GlobalValue::getGUID). */
uint64_t ir_summary_guid(const char *s, size_t n);

#endif
