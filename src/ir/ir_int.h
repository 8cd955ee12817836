/*
 * ir_int.h — the walker's private state, shared by the ir_*.c files (the only files
 * that include llvm-c).
 *
 * Areas: ir_load.c (read, link, verify), ir_walk.c (driver: module, functions, blocks,
 * generic instruction relations), ir_ids.c (ids of values), ir_types.c (types),
 * ir_insn.c (per-opcode relations), ir_const.c (constants), ir_global.c (globals,
 * aliases, ifuncs, function properties, attributes, comdats), ir_meta.c (metadata,
 * debug info, the module text for what the C API cannot reach).
 *
 * Id lifetimes: ids of types, constants and globals are interned for the whole walk;
 * ids of locals (arguments, blocks, instructions, instruction results) live in
 * `local` and die when the next function starts.
 *
 * Threads: the walk runs on one thread (the sink's writer and the text reader are the
 * only other threads, behind their queues). It is not ready for more: the first
 * sighting of a constant or a type, and every DIArgList constant, write LLVM state
 * (ir_const.c folds and creates constants and prints one; ir_types.c's DataLayout
 * queries fill the layout cache and LLVMTypeIsSized marks structs; ir_meta.c parses
 * a snippet in the module's context), and the memo maps, the interner, the counters
 * that number `%N` structs and long constants, IrMeta and the text cursor are shared
 * and order-dependent. The audit, what only reads, and why -j does not walk functions
 * in parallel (the figures of issue 9): docs/testing.md, "The function walk and
 * threads".
 */
#ifndef IRLOG_IR_INT_H
#define IRLOG_IR_INT_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include "arena.h"
#include "diag.h"
#include "facts.h"
#include "intern.h"
#include "ir.h"
#include "map.h"
#include "strbuf.h"
#include "ir_summary.h"

typedef struct IrMeta IrMeta; /* ir_meta.c's state */

/* A local value of the current function (argument, block, instruction result). */
typedef struct IrLocal {
    const char *id;   /* @f:%x */
    const char *name; /* LLVM's name (borrowed from LLVM; not NUL-terminated) */
    size_t name_len;  /* 0 for unnamed values */
} IrLocal;

typedef struct IrCtx {
    LLVMContextRef llctx;
    LLVMModuleRef mod;
    LLVMTargetDataRef td; /* from the module's data layout */
    FactSink *out;
    Diags *diags;
    const char *mod_id;   /* the Module entity id */
    Status st;            /* sticky first error */

    Interner ids;         /* module-lifetime id strings */
    Map type_ids;         /* LLVMTypeRef → Sym */
    Map value_ids;        /* LLVMValueRef (globals, constants, inline asm) → Sym */
    uint32_t unnamed_structs; /* next %N for unnamed identified structs */
    int64_t gv_next[4];   /* next global_value_index: variables, aliases, ifuncs, functions */

    /* current function */
    LLVMValueRef fn;
    const char *fn_id;    /* "@name" */
    Arena local;          /* ids of locals of the current function */
    Map local_ids;        /* LLVMValueRef (argument, block, instruction) → IrLocal * */
    Map insn_ids;         /* LLVMValueRef (instruction) → const char * (the Instruction id) */

    StrBuf scratch;       /* for building ids */
    IrMeta *meta;         /* owned by ir_meta.c */
    bool text_stream;     /* print the module in a process of its own, read as a stream */
    bool summary_index;   /* the one input holds a module summary index */
    IrSummary summary;    /* it, read (ir_summary.c) */
    bool text_inputs;     /* every input is LLVM assembly (ir_meta.c: DIObjCProperty) */
    bool redo_inline;     /* set by ir_meta.c / ir_text.c: the streamed walk must be
                             redone with the text printed inline (the text disagreed
                             with the metadata numbers, or the printer failed) */
    char redo_why[128];   /* the printer's failure, for a warning ("" otherwise) */
} IrCtx;

/* ---- ir_ids.c ---- */
/* Appends `prefix` + name in LLVM's spelling: unquoted when it is [-a-zA-Z._0-9]+ not
 * starting with a digit, else quoted with \XX escapes (as llvm-dis prints it). */
void ir_append_name(StrBuf *sb, char prefix, const char *name, size_t len);
/* Appends s[0..n) escaped as llvm-dis escapes names and strings: printable ASCII as is,
 * a backslash doubled, anything else (and ") as \XX. */
void ir_append_escaped(StrBuf *sb, const char *s, size_t n);
/* The reverse: appends the bytes that an escaped text s[0..n) stands for. */
void ir_append_unescaped(StrBuf *sb, const char *s, size_t n);
/* Value of a hex digit, or -1. */
int ir_hexval(char ch);
/* Emits the row r(id, s[0..n)) of a relation whose columns are an entity and a
 * string that may hold NUL bytes (metadata strings, DI names, attribute strings): the
 * typed emit_<relation> take C strings, which end at the first NUL. */
void ir_emit_id_str(IrCtx *c, IrRel r, const char *id, const char *s, size_t n);
/* Interns s[0..n) for the whole walk; NULL (and ctx->st set) on failure. */
const char *ir_intern(IrCtx *c, const char *s, size_t n);
/* Numbers unnamed globals and creates the ids of every global value. */
Status ir_ids_module(IrCtx *c);
/* Numbers the locals of function f (llvm-dis's slot numbers) and creates their ids. */
Status ir_ids_function(IrCtx *c, LLVMValueRef f);
/* Id of any value used as an operand: variable (argument or instruction result),
 * block, global, constant, inline asm or metadata. Never NULL (an `unknown` id with a
 * warning for kinds irlog does not know). Valid until the next function starts. */
const char *ir_value_id(IrCtx *c, LLVMValueRef v);
/* The IrLocal of an argument, block (as value) or non-void instruction of the current
 * function; NULL for anything else. */
const IrLocal *ir_local(IrCtx *c, LLVMValueRef v);
/* The Instruction id of instruction i (@f:%block:index) of the current function. */
const char *ir_insn_id(IrCtx *c, LLVMValueRef i);
/* The Block id of block b of the current function. */
const char *ir_block_id(IrCtx *c, LLVMBasicBlockRef b);

/* ---- ir_walk.c ---- */
/* An opcode as llvm-dis spells it ("add", "getelementptr", ...; "unknown" otherwise). */
const char *ir_opcode_name(LLVMOpcode op);
/* The category of an opcode, from opcodes.def. */
typedef enum IrOpCategory {
    IR_OPC_terminator,
    IR_OPC_unary,
    IR_OPC_binary,
    IR_OPC_bitwise,
    IR_OPC_memory,
    IR_OPC_conversion,
    IR_OPC_other,
    IR_OPC_exception,
    IR_OPC_vector,
    IR_OPC_aggregate,
    IR_OPC_unknown
} IrOpCategory;
IrOpCategory ir_opcode_category(LLVMOpcode op);

/* ---- ir_types.c ---- */
/* Id of type t; emits the type's relations the first time it is seen. */
const char *ir_type_id(IrCtx *c, LLVMTypeRef t);

/* ---- ir_const.c ---- */
/* Id of constant v (not a global value); emits its relations the first time. */
const char *ir_const_id(IrCtx *c, LLVMValueRef v);

/* ---- ir_insn.c ---- */
/* Emits the per-opcode relations of instruction i (id `id`). */
void ir_insn_emit(IrCtx *c, LLVMValueRef i, const char *id);
/* Id of an inline asm callee; emits its relations the first time. */
const char *ir_asm_id(IrCtx *c, LLVMValueRef v);

/* ---- ir_global.c ---- */
/* Globals, aliases, ifuncs, comdats, functions' properties and attributes, in the
 * module's order (so that the printed lines they read arrive in order): the global
 * variables first, then each function's properties (before its body), then aliases
 * and ifuncs. */
void ir_global_emit_variables(IrCtx *c);
void ir_global_emit_function(IrCtx *c, LLVMValueRef f);
void ir_global_emit_aliases(IrCtx *c);
/* Emits what the module text has only after the function bodies: the attributes of
 * global variables (their `attributes #N` groups) and the comdats of the `$name =
 * comdat <kind>` lines not emitted yet (called once, after the functions were walked
 * and before ir_meta_emit_module). */
void ir_global_emit_late(IrCtx *c);

/* Id of an attribute: its text as llvm-dis writes it outside attribute groups
 * (nounwind, align 8, alignstack(16), "k"="v", sret(%struct.S), memory(read)). The
 * first time an attribute is seen, its relations (attribute, attribute_kind, values)
 * are emitted. Never NULL. range(...)/initializes(...) values are not reachable
 * through the C API: ir_attr_id gives just "range"/"initializes" for them; use
 * ir_attr_id_at with the printed line to get the full text. */
const char *ir_attr_id(IrCtx *c, LLVMAttributeRef a);
/* Like ir_attr_id, for the attribute at AttributeList index `index` (LLVM's: 0 the
 * return value, i+1 parameter/argument i, LLVMAttributeFunctionIndex the function)
 * of the function or call site whose printed line is `line` (ir_text_global_line of
 * a function, ir_text_insn_line of a call/invoke/callbr; NULL when unavailable). */
const char *ir_attr_id_at(IrCtx *c, LLVMAttributeRef a, const char *line, unsigned index);
/* Name of calling convention cc as llvm-dis spells it (ccc, fastcc, coldcc, ghccc,
 * x86_stdcallcc, ...; "cc<N>" for a number without a name). Static storage, never NULL. */
const char *ir_callconv_name(unsigned cc);

/* ---- ir_meta.c ---- */
/* The module is printed once (in linear time; streamed by a printer process during
 * the walk, or inline before it: ir_meta_int.h) and its lines are
 * matched to the walk, for what the C API cannot reach (dso_local, partition, named
 * syncscopes, custom metadata kind names, DI node fields). These return the printed
 * line of a global value's definition/declaration, or of an instruction (its first
 * line), or NULL when unavailable. Valid until ir_meta_end. */
const char *ir_text_global_line(IrCtx *c, LLVMValueRef g);
const char *ir_text_insn_line(IrCtx *c, LLVMValueRef i);
/* The body `{ ... }` of attribute group #n (the line `attributes #n = { ... }`, after
 * the functions), or NULL when there is none or no text. */
const char *ir_text_attr_group(IrCtx *c, unsigned n);
/* The k-th (from 0) comdat line `$name = comdat <kind>` at the top of the module, or
 * NULL past the last one. LLVM prints only the comdats that a global object belongs
 * to. */
const char *ir_text_comdat_line(IrCtx *c, size_t k);

/* Before the walk: prints the module (streamed from a printer process when
 * c->text_stream) and numbers the metadata nodes. */
Status ir_meta_begin(IrCtx *c);
void ir_meta_end(IrCtx *c);      /* after the walk; frees the state */
/* Id of a MetadataAsValue operand. */
const char *ir_meta_value_id(IrCtx *c, LLVMValueRef v);
/* Module-level metadata: named metadata, module flags, nodes, debug info. */
void ir_meta_emit_module(IrCtx *c);
/* Metadata attachments and debug location of instruction i. */
void ir_meta_emit_insn(IrCtx *c, LLVMValueRef i, const char *id);
/* Metadata attachments of a function or global variable. */
void ir_meta_emit_global(IrCtx *c, LLVMValueRef g, const char *id);
/* A call to llvm.dbg.{declare,value,assign,label} (debug records, converted to
 * intrinsic calls after loading): emits it as a debug record attached to the
 * instruction `next_id` that follows it (NULL at the end of a block), ordinal `ord`
 * among the records before that instruction. */
void ir_meta_emit_dbg_record(IrCtx *c, LLVMValueRef call, const char *block_id,
                             const char *next_id, int64_t ord);

/* True when call instruction i calls one of llvm.dbg.{declare,value,assign,label}. */
bool ir_is_dbg_intrinsic(LLVMValueRef i);
/* True for the functions llvm.dbg.{declare,value,assign,label}: they stand for debug
 * records, which llvm-dis prints as #dbg_ lines, so irlog reports no function for them. */
bool ir_is_dbg_function(LLVMValueRef f);

/* Records an out-of-memory or other error (first one wins). */
static inline void ir_fail(IrCtx *c, Status st) {
    if (c->st == OK)
        c->st = st;
}

/* Parses src (LLVM assembly) into a module of c's context, releasing src; NULL when it
 * does not parse or src ran out of memory (E_NOMEM recorded). ir_global.c. */
LLVMModuleRef ir_parse_snippet(IrCtx *c, StrBuf *src, const char *name);

#endif
