/*
 * ir_meta_int.h — private state of the metadata area (ir_meta.c, ir_text.c,
 * ir_md_parse.c): the printed module text and its line index, and the helpers that
 * read metadata text.
 *
 * The module is printed once, in ir_meta_begin: by default by a forked process that
 * writes it into a pipe (LLVMPrintModuleToFile to its standard output), read by a
 * thread into chunks while the walk goes on, so that printing overlaps the walk; the
 * walk asks for lines in module order and waits only for lines not printed yet.
 * (Or inline, LLVMPrintModuleToString, whole, before the walk.) Both are linear. The
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

typedef struct TextStream TextStream; /* the printer process and its reader thread */

typedef struct IrText {
    bool active;            /* there is a text (printed inline or being streamed) */
    char *buf;              /* inline mode: the printed module (LLVMDisposeMessage) */
    TextStream *stream;     /* stream mode: chunks arriving from the printer process */
    size_t ci, off;         /* stream: the next unread byte (chunk index, offset) */
    bool eof;               /* every line of the text is in `lines` */
    Vec(char *) lines;      /* start of each line, in order; NUL-terminated in place */
    /* the scanner's view of the lines read so far */
    bool in_body;           /* inside a function body */
    bool md_started;        /* the metadata section has begun (at md_first) */
    size_t md_first;        /* index of the first line of the metadata section */
    Vec(size_t) glines;     /* global variable / alias / ifunc lines (`@...`) */
    Vec(size_t) flines;     /* function header lines (`define` / `declare`) */
    Vec(size_t) fends;      /* flines.v[k]'s last line (`}`, or the header itself) */
    Vec(size_t) md_lines;   /* !N → line index (md_lines.v[N]) */
    Vec(size_t) named_lines; /* `!name = !{...}` lines, in order */
    Vec(size_t) attr_lines; /* `attributes #N = { ... }` lines, in order */
    Vec(size_t) comdat_lines; /* `$name = comdat kind` lines, in order */
    /* matching the lines to the C API's lists */
    bool globals_done;      /* the global lines were matched (or found not to match) */
    bool globals_ok;        /* they matched the API */
    Map globals;            /* LLVMValueRef (variable, alias, ifunc) → line + 1 */
    bool funcs_ok;          /* every function header matched so far */
    LLVMValueRef fnext;     /* the next function to match (NULL: all matched) */
    size_t fmatched;        /* functions matched so far (= index into flines) */
    Map funcs;              /* LLVMValueRef (function) → its index in flines + 1 */
    LLVMValueRef cur_fn;    /* function whose instruction lines are in insn_lines */
    bool cur_ok;            /* its lines matched the API */
    Map insn_lines;         /* LLVMValueRef (instruction of cur_fn) → line index */
    bool warned_insns;      /* one warning for instruction mismatches */
    /* Read only by ir_global_emit_late (ir_text_late_index, once): */
    bool late_done;         /* the text is whole and attr_groups is filled */
    Map attr_groups;        /* N → index + 1 of the line `attributes #N = { ... }` */
} IrText;

/* Starts the text of the module: printed by a forked process and read in a stream
 * while the walk goes on (`stream`), else printed here, whole, before returning.
 * Errors: E_NOMEM; a failed fork falls back to printing here. */
Status ir_text_init(IrCtx *c, IrText *t, bool stream);
/* Reads the rest of the text (a no-op once it is all there). Errors are recorded in
 * c (ir_fail); a printer process that fails sets c->redo_inline (and redo_why). */
void ir_text_finish(IrCtx *c, IrText *t);
/* Stops the printer process if it still runs and frees everything. */
void ir_text_release(IrText *t);
/* Line index of instruction i, or SIZE_MAX. */
size_t ir_text_insn_index(IrCtx *c, IrText *t, LLVMValueRef i);
/* The printed line of a global variable, alias, ifunc or function (its index, or
 * SIZE_MAX; the line, or NULL). */
size_t ir_text_line_index_of(IrCtx *c, IrText *t, LLVMValueRef g);
const char *ir_text_line_of(IrCtx *c, IrText *t, LLVMValueRef g);
/* Indexes the attribute group lines (after the functions: it reads the whole text),
 * once. E_NOMEM. */
Status ir_text_late_index(IrCtx *c, IrText *t);
/* `{ ... }` of the line `attributes #n = { ... }`, or NULL (ir_text_late_index first). */
const char *ir_text_group(const IrText *t, unsigned n);
/* The k-th (from 0) `$name = comdat <kind>` line, or NULL past the last one
 * (ir_text_late_index first). */
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
