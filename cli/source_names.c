/*
 * source_names.c — the rules of irlog analyze --source-names (source_names.h): every
 * call-graph edge at its call's file:line:col with the caller's and the callee's source
 * names, and the points-to sets of the program's named variables (from the debug
 * records: #dbg_declare of a stack slot, #dbg_value of a value, a global's !dbg) with
 * the variable's name, function and declaration line, each target named as the source
 * names it (a variable, a global, a function, a heap object by its allocating call's
 * place). Without debug info the functions keep their IR names and no variable is named.
 */
#include "source_names.h"

const char cli_source_names_rules[] =
    // the file a scope (subprogram, lexical block) is in
    ".decl sn_scope_file(s: Metadata, file: symbol)\n"
    "sn_scope_file(S, N) :- di_node_file(S, F), di_file_filename(F, N).\n"
    // a function's source name: its subprogram's, else its IR name
    ".decl sn_fn_name(f: Function, name: symbol)\n"
    "sn_fn_name(F, N) :- function_subprogram(F, SP), di_subprogram_name(SP, N).\n"
    "sn_fn_name(F, N) :- function_name(F, N), !function_subprogram(F, _).\n"
    // where an instruction is (file, line, column), when the debug info says
    ".decl sn_insn_loc(i: Instruction, file: symbol, line: number, col: number)\n"
    "sn_insn_loc(I, File, L, C) :- instruction_debug_location(I, L, C, S),\n"
    "    sn_scope_file(S, File).\n"
    // call_graph_edge_source(Insn, File, Line, Col, Caller, Callee): the call graph at
    // source lines ("", 0, 0 for a call without a debug location)
    ".decl call_graph_edge_source(insn: Instruction, file: symbol, line: number, col: number,\n"
    "    caller: symbol, callee: symbol)\n"
    "call_graph_edge_source(I, File, L, C, CN, GN) :- call_graph_edge(I, G),\n"
    "    instruction_function(I, F), sn_fn_name(F, CN), sn_fn_name(G, GN),\n"
    "    sn_insn_loc(I, File, L, C).\n"
    "call_graph_edge_source(I, \"\", 0, 0, CN, GN) :- call_graph_edge(I, G),\n"
    "    instruction_function(I, F), sn_fn_name(F, CN), sn_fn_name(G, GN),\n"
    "    !sn_insn_loc(I, _, _, _).\n"
    // the program's named variables: in memory (a stack slot its #dbg_declare names, a
    // global its !dbg names) or as a value (#dbg_value)
    ".decl sn_local_mem(dv: Metadata, obj: symbol)\n"
    "sn_local_mem(DV, O) :- debug_record_kind(R, \"declare\"),\n"
    "    debug_record_location_operand(R, 0, V), instruction_to(O, V),\n"
    "    alloca_instruction_type(O, _), debug_record_variable(R, DV).\n"
    "sn_local_mem(DV, O) :- debug_record_kind(R, \"assign\"), debug_record_address(R, V),\n"
    "    instruction_to(O, V), alloca_instruction_type(O, _), debug_record_variable(R, DV).\n"
    ".decl sn_local_val(dv: Metadata, v: Variable)\n"
    "sn_local_val(DV, V) :- debug_record_kind(R, K), (K = \"value\" ; K = \"assign\"),\n"
    "    debug_record_location_operand(R, 0, V), variable(V), debug_record_variable(R, DV).\n"
    ".decl sn_global(dv: Metadata, g: GlobalVariable)\n"
    "sn_global(DV, G) :- global_metadata(G, \"dbg\", E), di_global_variable_expression(E, DV, _).\n"
    // source names of objects: a named stack slot or global, a function, a heap object by
    // its allocating call (\"heap NAME@FILE:LINE:COL\"); fields as NAME+OFFSET, NAME+*
    ".decl sn_base_name(b: symbol, name: symbol)\n"
    "sn_base_name(O, N) :- sn_local_mem(DV, O), di_local_variable_name(DV, N).\n"
    "sn_base_name(G, N) :- sn_global(DV, G), di_global_variable_name(DV, N).\n"
    "sn_base_name(F, N) :- function(F), sn_fn_name(F, N).\n"
    "sn_base_name(B, N) :- object_base_kind(B, \"heap\"), call_graph_edge(B, G),\n"
    "    sn_fn_name(G, GN), sn_insn_loc(B, File, L, C),\n"
    "    N = cat(\"heap \", GN, \"@\", File, \":\", to_string(L), \":\", to_string(C)).\n"
    ".decl sn_obj_name(x: symbol, name: symbol)\n"
    "sn_obj_name(X, N) :- object_field(X, B, 0), sn_base_name(B, N).\n"
    "sn_obj_name(X, N) :- object_field(X, B, O), O > 0, sn_base_name(B, N0),\n"
    "    N = cat(N0, \"+\", to_string(O)).\n"
    "sn_obj_name(X, N) :- object_field(X, B, -1), sn_base_name(B, N0), N = cat(N0, \"+*\").\n"
    "sn_obj_name(X, X) :- object_field(X, B, _), !sn_base_name(B, _).\n"
    // source_points_to(Var, Fn, Line, Target, TargetName): the variable Var declared at
    // Line of function Fn (\"\" for a global) may point to Target (its IR id), which
    // the source names TargetName
    ".decl source_points_to(var: symbol, fn: symbol, line: number, target: symbol,\n"
    "    target_name: symbol)\n"
    "source_points_to(N, FN, L, X, XN) :- sn_local_mem(DV, O), di_local_variable_name(DV, N),\n"
    "    di_local_variable_line(DV, L), instruction_function(O, F), sn_fn_name(F, FN),\n"
    "    obj_points_to(O, X), sn_obj_name(X, XN).\n"
    "source_points_to(N, FN, L, X, XN) :- sn_local_val(DV, V), di_local_variable_name(DV, N),\n"
    "    di_local_variable_line(DV, L), variable_function(V, F), sn_fn_name(F, FN),\n"
    "    var_points_to(V, X), sn_obj_name(X, XN).\n"
    "source_points_to(N, \"\", L, X, XN) :- sn_global(DV, G), di_global_variable_name(DV, N),\n"
    "    di_global_variable_line(DV, L), obj_points_to(G, X), sn_obj_name(X, XN).\n"
    ".output call_graph_edge_source, source_points_to\n"
    // for the summary
    ".decl source_names_located(i: Instruction)\n"
    "source_names_located(I) :- call_graph_edge_source(I, F, _, _, _, _), F != \"\".\n"
    ".decl source_names_var(var: symbol, fn: symbol, line: number)\n"
    "source_names_var(N, F, L) :- source_points_to(N, F, L, _, _).\n"
    ".decl source_names_debug()\n"
    "source_names_debug() :- di_compile_unit(_).\n";
