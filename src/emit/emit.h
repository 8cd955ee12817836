/*
 * emit.h — irlog emit: LLVM 19 assembly rebuilt from a fact directory alone.
 *
 * Owns: reading a directory of TSV .facts files (the exact escaping of src/facts/sink.c)
 * and writing the module they describe as LLVM assembly text (docs/emit.md). Reads only
 * the facts: never the original module, never stored printed text of instructions or
 * constants (types, constants, attributes and names are rebuilt from their structure).
 *
 * The prefix is emit_ll_: facts.h already owns emit_<relation>.
 *
 * Errors: a missing relation file, a malformed row, or an entity that lacks a mandatory
 * role (a load without an address, a constant without a kind, ...) is reported in the
 * Diags (naming the relation and the entity) and makes emit_ll_from_facts return E_SEMANTIC;
 * nothing is written then. Nothing here exits or aborts.
 */
#ifndef IRLOG_EMIT_H
#define IRLOG_EMIT_H

#include "base.h"
#include "diag.h"
#include "strbuf.h"

/* Reads the facts in factdir and appends the module's LLVM assembly to *out.
 * E_IO (a file cannot be read), E_SYNTAX (a malformed row), E_SEMANTIC (facts missing or
 * inconsistent), E_NOMEM; the diagnostics are in *d. On failure *out may hold part of the
 * module: the caller discards it. */
Status emit_ll_from_facts(const char *factdir, StrBuf *out, Diags *d);

#endif
