/*
 * ir.h — LLVM IR → relations. The public face of src/ir (no LLVM types here).
 *
 * ir_facts() reads every input (.ll or .bc, detected by content), links them into one
 * module with LLVM's linker, verifies it, and writes its complete relational
 * representation through a FactSink into `outdir` (temporary directory, renamed on
 * success). Errors are reported into `diags` (with file:line:col where LLVM gives one)
 * and returned as a Status; nothing is written on failure.
 *
 * NOTE: LLVM itself calls abort() on some invalid inputs (report_fatal_error). Callers
 * that must survive any input run ir_facts in a child process (the CLI does).
 */
#ifndef IRLOG_IR_H
#define IRLOG_IR_H

#include "diag.h"
#include "facts.h"

/* How the module's text (for what LLVM's C API cannot reach) is printed: by a forked
 * printer process that streams it while the walk goes on (IR_PRINT_STREAM), or whole,
 * in this process, before the walk (IR_PRINT_INLINE). IR_PRINT_AUTO streams modules
 * of IR_PRINT_STREAM_MIN instructions or more, where a second core pays for the
 * process. The output is the same. The printer is forked from the calling thread: a
 * host that runs LLVM on other threads at the same time should use IR_PRINT_INLINE
 * (a lock held by another thread at the fork would stay held in the printer). */
typedef enum IrPrint { IR_PRINT_AUTO, IR_PRINT_INLINE, IR_PRINT_STREAM } IrPrint;
#define IR_PRINT_STREAM_MIN 20000

typedef struct IrOptions {
    bool verify;       /* run LLVM's verifier before walking (default true) */
    FactFormat format; /* TSV .facts or CSV */
    bool fast_exit;    /* the caller exits right after: skip freeing LLVM's module */
    IrPrint print;     /* how the module text is printed (IR_PRINT_AUTO by default) */
    bool stream;       /* send the rows down stream_fd (fact_sink_open_stream) instead of
                          writing outdir (which may then be NULL) */
    int stream_fd;
    const bool *wanted; /* stream: the relations sent (REL__COUNT flags; NULL: all) */
} IrOptions;

/* The phases of ir_facts, timed in IrStats. */
typedef enum IrPhase {
    IR_PHASE_READ,    /* parse (and link) the inputs */
    IR_PHASE_VERIFY,  /* LLVM's verifier */
    IR_PHASE_TEXT,    /* start printing the module (or print it, inline), and
                         number its metadata nodes */
    IR_PHASE_PREPARE, /* open the output, ids of globals */
    IR_PHASE_WALK,    /* walk the module and emit every row */
    IR_PHASE_WRITE,   /* finish writing the files and rename the directory */
    IR_PHASE__COUNT
} IrPhase;

/* Per-relation row counts of the last successful run (for the CLI's summary). */
typedef struct IrStats {
    double seconds[IR_PHASE__COUNT]; /* wall time per phase */
    uint64_t rows[REL__COUNT];
    uint64_t instructions;
    uint64_t functions;
    bool output_failed; /* the failure was in writing the output, not in the input */
} IrStats;

Status ir_facts(const char *const *inputs, size_t ninputs, const char *outdir,
                const IrOptions *opt, Diags *diags, IrStats *stats);

/* Parses the LLVM assembly text[0..len) with LLVM's parser in a context of its own
 * (`what` names it in LLVM's `what:line:col` messages), runs LLVM's verifier, and, when
 * bc_path is not NULL, writes the module as bitcode to bc_path (the caller writes to a
 * temporary name and renames). A parser warning (invalid debug info, which the parser
 * would drop) counts as an error. E_LLVM with LLVM's message in d when the text does not
 * parse or the verifier rejects the module; E_IO when bc_path cannot be written (it may
 * then hold part of a file: the caller removes it). Like ir_facts, LLVM may abort:
 * callers that must survive any text run this in a child process. */
Status ir_text_to_bitcode(const char *text, size_t len, const char *what, const char *bc_path,
                          Diags *d);

/* The LLVM version irlog was built against, e.g. "19.1.7". */
const char *ir_llvm_version(void);

#endif
