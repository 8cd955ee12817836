/*
 * ir_meta_int.h — private state of the metadata area (ir_meta.c, ir_text.c,
 * ir_md_parse.c): the printed module text and its line index, and the helpers that
 * read metadata text.
 *
 * The module is printed once (LLVMPrintModuleToString: linear) in ir_meta_begin. Its
 * lines are NUL-terminated in place and indexed:
 *   - global variable / alias / ifunc lines and function header lines, matched to the
 *     C API's lists in module order (checked: each line must name the value's id);
 *   - per function, the instruction lines, matched lazily to the API's blocks and
 *     instructions (checked: labels and instruction counts must agree per block);
 *   - the metadata section: `!name = !{...}` and `!N = ...` lines.
 * When the text and the API ever disagree, one warning is written and the lookups
 * answer NULL: never a wrong line.
 */
#ifndef IRLOG_IR_META_INT_H
#define IRLOG_IR_META_INT_H

#include "ir_int.h"
#include "vec.h"

typedef struct IrText {
    char *buf;              /* the printed module (LLVMDisposeMessage); lines NUL-terminated */
    Vec(char *) lines;      /* start of each line, in order */
    size_t md_first;        /* index of the first line of the metadata section */
    Vec(size_t) md_lines;   /* !N → line index (md_lines.v[N]) */
    Vec(size_t) named_lines; /* `!name = !{...}` lines, in order */
    bool globals_ok;        /* the global lines matched the API */
    Map globals;            /* LLVMValueRef (variable, alias, ifunc, function) → line + 1 */
    LLVMValueRef cur_fn;    /* function whose instruction lines are in insn_lines */
    bool cur_ok;            /* its lines matched the API */
    Map insn_lines;         /* LLVMValueRef (instruction of cur_fn) → line index */
    bool warned_insns;      /* one warning for instruction mismatches */
    /* Read only by ir_global_emit_late (ir_text_late_index, once): */
    bool late_done;         /* the two below are filled */
    Vec(size_t) comdat_lines; /* `$name = comdat <kind>` lines, in order */
    Map attr_groups;        /* N → index + 1 of the line `attributes #N = { ... }` */
} IrText;

/* Prints and indexes the module. Errors: E_NOMEM; a text the API does not match is
 * only a warning. */
Status ir_text_init(IrCtx *c, IrText *t);
void ir_text_release(IrText *t);
/* Line index of instruction i, or SIZE_MAX. */
size_t ir_text_insn_index(IrCtx *c, IrText *t, LLVMValueRef i);
/* Indexes the lines that come before the global variables (comdats) and after the
 * functions (attribute groups), once. E_NOMEM. */
Status ir_text_late_index(IrText *t);
/* `{ ... }` of the line `attributes #n = { ... }`, or NULL (ir_text_late_index first). */
const char *ir_text_group(const IrText *t, unsigned n);
/* The k-th (from 0) `$name = comdat <kind>` line, or NULL past the last one. */
const char *ir_text_comdat(const IrText *t, size_t k);

/* ---- ir_md_parse.c: reading the metadata syntax of the printed text ---- */

/* A span of text. */
typedef struct MdSpan {
    const char *s;
    size_t n;
} MdSpan;
typedef Vec(MdSpan) MdSpanVec;

/* Splits s[0..n) at top-level commas (outside quotes and () [] {} <>), trimming
 * spaces. Appends the parts to *out. */
Status md_split(const char *s, size_t n, MdSpanVec *out);
/* A field "name: value" → name and value; false when there is no top-level ": ". */
bool md_field(MdSpan f, MdSpan *name, MdSpan *value);
/* Parses a decimal integer (optionally negative). False when the span is not one.
 * Values beyond int64 (unsigned 64-bit) wrap to their two's complement. */
bool md_int(MdSpan v, int64_t *out);
/* Length of the `!name` / `"..."`-free prefix: finds the matching close bracket for
 * the open bracket at s[0]; returns the index of the close, or n when unbalanced. */
size_t md_match(const char *s, size_t n);

#endif
