#!/usr/bin/env python3
"""mutations.py IRLOG SRCDIR — each integrity constraint fires, alone, on exactly the
entity it should.

The facts of tests/check/base.ll (a valid module: `irlog check` finds nothing) are
written once; each case copies them, breaks exactly one rule by editing or adding rows,
runs `irlog check DIR --format json`, and requires that the only violations are of the
case's constraint, on exactly the case's entity. A last check requires a case for
every constraint named in datalog/constraints.dl, so a new constraint without a test
fails. Prints `N passed, M failed`."""
import json, os, re, shutil, subprocess, sys, tempfile

irlog, src = sys.argv[1], sys.argv[2]

# Edits: ("sub", rel, old_row, new_row)  replace an exact row (it must exist)
#        ("add", rel, row)               append a row
#        ("del", rel, row)               delete an exact row (it must exist)
#        ("delkey", rel, key)            delete every row whose first column is key
T = "\t"
def row(*cols):
    return T.join(cols)

def new_fn_type(name, ret, params):
    """Rows declaring a function type that the module does not have."""
    e = [("add", "type", name), ("add", "type_kind", row(name, "function")),
         ("add", "derived_type", name), ("add", "function_type", name),
         ("add", "function_type_return", row(name, ret)),
         ("add", "function_type_nparams", row(name, str(len(params))))]
    for k, p in enumerate(params):
        e.append(("add", "function_type_param", row(name, str(k), p)))
    return e

A = "@arith:%entry:"
M = "@memory:%entry:"
CASES = [
    # ---- types
    ("vector_type_has_component", "<2 x i32>", [("del", "vector_type_component", row("<2 x i32>", "i32"))]),
    ("vector_type_has_size", "<2 x i32>", [("del", "vector_type_size", row("<2 x i32>", "2"))]),
    ("vector_type_size_positive", "<2 x i32>", [("sub", "vector_type_size", row("<2 x i32>", "2"), row("<2 x i32>", "0"))]),
    ("vector_type_component_kind", "<2 x i32>", [("sub", "vector_type_component", row("<2 x i32>", "i32"), row("<2 x i32>", "{ i32, i1 }"))]),
    ("function_type_return_kind", "i32 (...)", [("sub", "function_type_return", row("i32 (...)", "i32"), row("i32 (...)", "label")),
                                                 ("add", "label_type", "label")]),
    ("function_type_param_kind", "i32 (void)", new_fn_type("i32 (void)", "i32", ["void"])),
    ("function_type_params_complete", "i32 (i32, i32)", new_fn_type("i32 (i32, i32)", "i32", ["i32"])[:-1] +
        [("add", "function_type_param", row("i32 (i32, i32)", "0", "i32"))] +
        [("sub", "function_type_nparams", row("i32 (i32, i32)", "1"), row("i32 (i32, i32)", "2"))]),
    ("array_type_component_kind", "[4 x i8]", [("sub", "array_type_component", row("[4 x i8]", "i8"), row("[4 x i8]", "void"))]),
    ("struct_type_field_kind", "%struct.S", [("sub", "struct_type_field", row("%struct.S", "0", "i32"), row("%struct.S", "0", "void"))]),
    ("type_has_one_kind", "i32", [("add", "type_kind", row("i32", "float"))]),
    # ---- functions
    ("function_nparams_match_type", "@nothing", [("sub", "function_nparams", row("@nothing", "0"), row("@nothing", "1"))]),
    ("function_param_type", "@varargs:%n", [("sub", "variable_type", row("@varargs:%n", "i32"), row("@varargs:%n", "i64"))]),
    ("function_wellformed", "@arith", [("sub", "ret_instruction_value", row(A + "39", "@arith:%fr"), row(A + "39", "@arith:%x"))]),
    ("function_definition_has_entry", "@nothing", [("delkey", "function_entry_block", "@nothing")]),
    ("entry_block_no_predecessors", "@control:%entry", [("add", "block_successor", row("@control:%then", "@control:%entry")),
                                                         ("add", "block_predecessor", row("@control:%entry", "@control:%then"))]),
    ("function_has_signature", "@nothing", [("delkey", "function_signature", "@nothing")]),
    # ---- blocks and the integrity of the facts
    ("block_ends_with_terminator", "@nothing:%entry", [("del", "terminator_instruction", "@nothing:%entry:0")]),
    ("block_one_terminator", "@control:%then:1", [("add", "instruction_next", row("@control:%then:1", "@control:%then:0"))]),
    ("phi_first_in_block", A + "1", [("add", "phi_instruction", A + "1")]),
    ("pad_first_non_phi", A + "1", [("add", "catchswitch_instruction", A + "1")]),
    ("instruction_function_is_block_function", A + "0", [("sub", "instruction_function", row(A + "0", "@arith"), row(A + "0", "@memory"))]),
    ("block_successor_same_function", "@nothing:%entry", [("add", "block_successor", row("@nothing:%entry", "@control:%then")),
                                                          ("add", "block_predecessor", row("@control:%then", "@nothing:%entry"))]),
    ("block_predecessor_mirrors_successor", "@control:%one", [("add", "block_predecessor", row("@control:%one", "@control:%then"))]),
    ("instruction_has_one_opcode", A + "0", [("add", "instruction_opcode", row(A + "0", "sub"))]),
    ("instruction_has_block", "@nothing:%entry:0", [("delkey", "instruction_block", "@nothing:%entry:0")]),
    ("instruction_next_same_block", "@control:%then:0", [("add", "instruction_next", row("@control:%then:0", "@control:%else:0"))]),
    ("operand_has_type", A + "10", [("delkey", "constant_type", "i32 255")]),
    ("variable_has_one_type", "@varargs:%n", [("add", "variable_type", row("@varargs:%n", "i64"))]),
    # ---- mandatory roles
    ("binary_has_first_operand", A + "0", [("delkey", "add_instruction_first_operand", A + "0")]),
    ("binary_has_second_operand", A + "1", [("delkey", "sub_instruction_second_operand", A + "1")]),
    ("trunc_has_from", A + "19", [("delkey", "trunc_instruction_from", A + "19")]),
    ("trunc_has_to_type", A + "19", [("delkey", "trunc_instruction_to_type", A + "19")]),
    ("load_has_address", M + "3", [("delkey", "load_instruction_address", M + "3")]),
    ("load_has_type", M + "3", [("delkey", "load_instruction_type", M + "3")]),
    ("store_has_value", M + "2", [("delkey", "store_instruction_value", M + "2")]),
    ("store_has_address", M + "2", [("delkey", "store_instruction_address", M + "2")]),
    ("alloca_has_type", M + "0", [("delkey", "alloca_instruction_type", M + "0")]),
    ("getelementptr_has_base", M + "4", [("delkey", "getelementptr_instruction_base", M + "4")]),
    ("getelementptr_has_source_type", M + "4", [("delkey", "getelementptr_instruction_source_type", M + "4")]),
    ("call_has_function", "@control:%then:0", [("delkey", "call_instruction_function", "@control:%then:0")]),
    ("call_has_function_type", "@control:%then:0", [("delkey", "call_instruction_function_type", "@control:%then:0")]),
    ("invoke_has_function", "@control:%else:0", [("delkey", "invoke_instruction_function", "@control:%else:0")]),
    ("invoke_has_normal_label", "@control:%else:0", [("delkey", "invoke_instruction_normal_label", "@control:%else:0")]),
    ("invoke_has_exception_label", "@control:%else:0", [("delkey", "invoke_instruction_exception_label", "@control:%else:0")]),
    ("icmp_has_predicate", A + "32", [("delkey", "icmp_instruction_predicate", A + "32")]),
    ("fcmp_has_predicate", A + "33", [("delkey", "fcmp_instruction_predicate", A + "33")]),
    ("select_has_condition", A + "35", [("delkey", "select_instruction_condition", A + "35")]),
    ("switch_has_condition", "@control:%join:1", [("delkey", "switch_instruction_condition", "@control:%join:1")]),
    ("switch_has_default", "@control:%join:1", [("delkey", "switch_instruction_default_label", "@control:%join:1")]),
    ("extractvalue_has_base", M + "8", [("delkey", "extractvalue_instruction_base", M + "8")]),
    ("insertvalue_has_base", M + "18", [("delkey", "insertvalue_instruction_base", M + "18")]),
    ("freeze_has_operand", A + "36", [("delkey", "freeze_instruction_operand", A + "36")]),
    ("fneg_has_operand", A + "18", [("delkey", "fneg_instruction_operand", A + "18")]),
    ("va_arg_has_list", "@varargs:%entry:2", [("delkey", "va_arg_instruction_va_list", "@varargs:%entry:2")]),
    ("cmpxchg_has_address", M + "7", [("delkey", "cmpxchg_instruction_address", M + "7")]),
    ("atomicrmw_has_address", M + "9", [("delkey", "atomicrmw_instruction_address", M + "9")]),
    ("atomicrmw_has_operation", M + "9", [("delkey", "atomicrmw_instruction_operation", M + "9")]),
    ("resume_has_value", "@control:%lpad:1", [("delkey", "resume_instruction_value", "@control:%lpad:1")]),
    ("catchret_has_target", "@funclets:%handler:1", [("delkey", "catchret_instruction_to", "@funclets:%handler:1")]),
    ("br_has_destination", "@control:%then:1", [("delkey", "br_instruction_dest", "@control:%then:1")]),
    ("br_conditional_has_labels", "@control:%entry:1", [("delkey", "br_instruction_true_label", "@control:%entry:1")]),
    ("ret_value_or_void", A + "39", [("delkey", "ret_instruction_value", A + "39")]),
    # ---- binary operations
    ("binary_result_class", A + "34", [("add", "fadd_instruction_first_operand", row(A + "34", "@arith:%c1")),
                                       ("add", "fadd_instruction_second_operand", row(A + "34", "@arith:%c2"))]),
    ("binary_operand_type", A + "0", [("sub", "add_instruction_second_operand", row(A + "0", "@arith:%b"), row(A + "0", "@arith:%x"))]),
    ("fneg_operand_type", A + "18", [("sub", "fneg_instruction_operand", row(A + "18", "@arith:%frem"), row(A + "18", "@arith:%y"))]),
    # ---- comparisons
    ("icmp_operand_types", A + "32", [("sub", "icmp_instruction_second_operand", row(A + "32", "@arith:%a"), row(A + "32", "@arith:%se"))]),
    ("icmp_operand_class", A + "32", [("sub", "icmp_instruction_first_operand", row(A + "32", "@arith:%ze"), row(A + "32", "@arith:%x")),
                                      ("sub", "icmp_instruction_second_operand", row(A + "32", "@arith:%a"), row(A + "32", "@arith:%x"))]),
    ("fcmp_operand_types", A + "33", [("sub", "fcmp_instruction_second_operand", row(A + "33", "@arith:%bc"), row(A + "33", "@arith:%x"))]),
    ("fcmp_operand_class", A + "33", [("sub", "fcmp_instruction_first_operand", row(A + "33", "@arith:%sif"), row(A + "33", "@arith:%a")),
                                      ("sub", "fcmp_instruction_second_operand", row(A + "33", "@arith:%bc"), row(A + "33", "@arith:%a"))]),
    ("comparison_yields_i1", A + "37", [("sub", "variable_type", row("@arith:%unused", "i1"), row("@arith:%unused", "i8"))]),
    # ---- conversions
    ("conversion_result_type", A + "20", [("sub", "zext_instruction_to_type", row(A + "20", "i32"), row(A + "20", "i64"))]),
    ("conversion_vector_lengths", A + "19", [("sub", "trunc_instruction_from", row(A + "19", "@arith:%xor"), row(A + "19", "@memory:%vec"))]),
    ("conversion_classes", A + "24", [("sub", "fptoui_instruction_from", row(A + "24", "@arith:%fpt"), row(A + "24", "@arith:%a"))]),
    ("conversion_narrows", A + "22", [("sub", "fptrunc_instruction_from", row(A + "22", "@arith:%y"), row(A + "22", "@arith:%x"))]),
    ("conversion_widens", A + "20", [("sub", "zext_instruction_from", row(A + "20", "@arith:%tr"), row(A + "20", "@arith:%a"))]),
    ("bitcast_same_size", A + "30", [("sub", "bitcast_instruction_from", row(A + "30", "@arith:%pi"), row(A + "30", "@arith:%a"))]),
    ("bitcast_same_address_space", A + "38", [("sub", "bitcast_instruction_to_type", row(A + "38", "ptr"), row(A + "38", "ptr addrspace(1)")),
                                              ("sub", "variable_type", row("@arith:%pb", "ptr"), row("@arith:%pb", "ptr addrspace(1)"))]),
    ("addrspacecast_changes_space", A + "31", [("sub", "addrspacecast_instruction_to_type", row(A + "31", "ptr addrspace(1)"), row(A + "31", "ptr")),
                                               ("sub", "variable_type", row("@arith:%asc", "ptr addrspace(1)"), row("@arith:%asc", "ptr"))]),
    # ---- memory
    ("load_result_type", M + "3", [("sub", "load_instruction_type", row(M + "3", "i32"), row(M + "3", "i64"))]),
    ("load_address_is_pointer", M + "3", [("sub", "load_instruction_address", row(M + "3", "@memory:%slot"), row(M + "3", "@memory:%i"))]),
    ("load_type_first_class", M + "17", [("sub", "load_instruction_type", row(M + "17", "i32"), row(M + "17", "label")),
                                         ("sub", "variable_type", row("@memory:%u", "i32"), row("@memory:%u", "label"))]),
    ("store_address_is_pointer", M + "2", [("sub", "store_instruction_address", row(M + "2", "@memory:%slot"), row(M + "2", "@memory:%i"))]),
    ("store_value_type", M + "2", [("sub", "store_instruction_value_type", row(M + "2", "i32"), row(M + "2", "i64"))]),
    ("alloca_result_pointer", M + "1", [("sub", "variable_type", row("@memory:%n", "ptr"), row("@memory:%n", "i32"))]),
    ("alloca_size_integer", M + "1", [("sub", "alloca_instruction_size", row(M + "1", "i32 4"), row(M + "1", "@memory:%p"))]),
    ("getelementptr_index_integer", M + "4", [("sub", "getelementptr_instruction_index", row(M + "4", "1", "@memory:%i"), row(M + "4", "1", "@memory:%p"))]),
    ("getelementptr_base_pointer", M + "6", [("sub", "getelementptr_instruction_base", row(M + "6", "@s"), row(M + "6", "@memory:%i"))]),
    ("getelementptr_result_pointer", M + "6", [("sub", "variable_type", row("@memory:%f", "ptr"), row("@memory:%f", "i64"))]),
    ("atomic_address_is_pointer", M + "9", [("sub", "atomicrmw_instruction_address", row(M + "9", "@memory:%p"), row(M + "9", "@memory:%i"))]),
    ("cmpxchg_operand_types", M + "7", [("sub", "cmpxchg_instruction_new", row(M + "7", "@memory:%w"), row(M + "7", "@memory:%i"))]),
    ("atomicrmw_result_type", M + "9", [("sub", "atomicrmw_instruction_value", row(M + "9", "i32 1"), row(M + "9", "@memory:%i"))]),
    # ---- other operations
    ("phi_value_type", "@control:%join:0", [("sub", "phi_instruction_pair", row("@control:%join:0", "0", "@control:%r1", "@control:%then"),
                                                                              row("@control:%join:0", "0", "@control:%addr", "@control:%then"))]),
    ("phi_entry_per_predecessor", "@control:%join:0", [("del", "phi_instruction_pair", row("@control:%join:0", "0", "@control:%r1", "@control:%then"))]),
    ("select_condition_i1", A + "35", [("sub", "select_instruction_condition", row(A + "35", "@arith:%c"), row(A + "35", "@arith:%a"))]),
    ("select_value_types", A + "35", [("sub", "select_instruction_true_value", row(A + "35", "@arith:%ze"), row(A + "35", "@arith:%se"))]),
    ("call_result_type", "@varargs:%entry:1", new_fn_type("i32 (ptr)", "i32", ["ptr"]) +
        [("sub", "call_instruction_function_type", row("@varargs:%entry:1", "void (ptr)"), row("@varargs:%entry:1", "i32 (ptr)"))]),
    ("call_argument_count", "@control:%then:0", [("sub", "call_instruction_nargs", row("@control:%then:0", "2"), row("@control:%then:0", "1"))]),
    ("call_argument_type", "@control:%then:0", [("sub", "call_instruction_arg", row("@control:%then:0", "0", "i32 1"), row("@control:%then:0", "0", "ptr null"))]),
    ("call_callee_pointer", "@control:%then:0", [("sub", "call_instruction_function", row("@control:%then:0", "@ext"), row("@control:%then:0", "i32 1"))]),
    ("br_condition_i1", "@control:%entry:1", [("sub", "br_instruction_condition", row("@control:%entry:1", "@control:%c"), row("@control:%entry:1", "@control:%x"))]),
    ("switch_condition_integer", "@control:%join:1", [("sub", "switch_instruction_condition", row("@control:%join:1", "@control:%r"), row("@control:%join:1", "@control:%addr"))]),
    ("switch_case_type", "@control:%join:1", [("sub", "switch_instruction_case", row("@control:%join:1", "0", "i32 1", "@control:%one"),
                                                                                  row("@control:%join:1", "0", "i64 0", "@control:%one"))]),
    ("switch_case_distinct", "@control:%join:1", [("sub", "switch_instruction_case", row("@control:%join:1", "1", "i32 2", "@control:%two"),
                                                                                      row("@control:%join:1", "1", "i32 1", "@control:%two"))]),
    ("indirectbr_address_pointer", "@control:%two:0", [("sub", "indirectbr_instruction_address", row("@control:%two:0", "@control:%addr"), row("@control:%two:0", "@control:%x"))]),
    ("extractvalue_base_aggregate", M + "8", [("sub", "extractvalue_instruction_base", row(M + "8", "@memory:%old"), row(M + "8", "@memory:%v"))]),
    ("extractvalue_value_type", M + "8", [("sub", "extractvalue_instruction_index", row(M + "8", "0", "0"), row(M + "8", "0", "1"))]),
    ("aggregate_index_in_range", M + "8", [("sub", "extractvalue_instruction_index", row(M + "8", "0", "0"), row(M + "8", "0", "5"))]),
    ("insertvalue_value_type", M + "11", [("sub", "insertvalue_instruction_value", row(M + "11", "@memory:%rmw"), row(M + "11", "@memory:%i"))]),
    ("insertvalue_result_type", M + "18", [("sub", "variable_type", row("@memory:%agg2", "{ i32, i1 }"), row("@memory:%agg2", "i32"))]),
    ("vector_operation_on_vector", M + "14", [("sub", "extractelement_instruction_base", row(M + "14", "@memory:%vec"), row(M + "14", "@memory:%v"))]),
    ("insertelement_result_type", M + "19", [("sub", "variable_type", row("@memory:%vec2", "<2 x i32>"), row("@memory:%vec2", "i32"))]),
    ("landingpad_has_clause", "@control:%lpad:0", [("del", "landingpad_instruction_cleanup", "@control:%lpad:0")]),
    ("freeze_type", A + "36", [("sub", "freeze_instruction_operand", row(A + "36", "@arith:%sel"), row(A + "36", "@arith:%se"))]),
    # ---- globals
    ("global_variable_attribute_subject", "@nothing", [("add", "global_variable_attribute", row("@nothing", "nounwind"))]),
    # ---- metadata
    ("metadata_value_has_value", "i32 7", [("add", "metadata", "i32 7"), ("add", "metadata_class", row("i32 7", "value"))]),
    # ---- module summary index (base.ll has none: the rows of one are added)
    ("summary_of_gv_entry", "^1:0", [("add", "gv_summary_entry", row("^1:0", "^0")), ("add", "summary_entry_kind", row("^0", "module"))]),
    ("summary_module_entry", "^1:0", [("add", "gv_summary_module", row("^1:0", "^1")), ("add", "summary_entry_kind", row("^1", "gv"))]),
    ("summary_reference_to_gv", "^1:0", [("add", "gv_summary_call", row("^1:0", "0", "^0")), ("add", "summary_entry_kind", row("^0", "module"))]),
    # the callee of a parameter access and of a memory profile callsite that is no gv entry
    ("summary_reference_to_gv", "^1:0", [("add", "gv_summary_param_call", row("^1:0", "0", "0", "^0", "0", "0", "3")), ("add", "summary_entry_kind", row("^0", "module"))]),
    ("summary_reference_to_gv", "^1:0", [("add", "gv_summary_callsite", row("^1:0", "0", "^0")), ("add", "summary_entry_kind", row("^0", "module"))]),
    ("summary_gv_guid_order", "^2", [("add", "summary_entry_kind", row("^1", "gv")), ("add", "summary_entry_kind", row("^2", "gv")),
                                     ("add", "summary_entry_slot", row("^1", "1")), ("add", "summary_entry_slot", row("^2", "2")),
                                     ("add", "summary_entry_guid", row("^1", "18446744073709551615")), ("add", "summary_entry_guid", row("^2", "3"))]),
    # a typeid entry without its typeTestRes; a type test resolution and a devirtualisation
    # resolution of an entry that is no typeid entry
    ("summary_typeid_entry", "^3", [("add", "summary_entry_kind", row("^3", "typeid"))]),
    ("summary_typeid_entry", "^1", [("add", "summary_typeid_test_res", row("^1", "single", "0", "0", "0", "0", "0")), ("add", "summary_entry_kind", row("^1", "gv"))]),
    ("summary_typeid_entry", "^1", [("add", "summary_typeid_wpd", row("^1", "0", "16", "indir")), ("add", "summary_entry_kind", row("^1", "gv"))]),
]

def esc(s):  # rows are written as the fact files hold them (TSV escaping)
    return s

def apply(d, edits):
    for e in edits:
        op, rel = e[0], e[1]
        path = os.path.join(d, rel + ".facts")
        if not os.path.exists(path):
            raise RuntimeError(f"no relation file {rel}.facts")
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            rows = f.read().split("\n")[:-1]
        if op == "sub":
            if e[2] not in rows:
                raise RuntimeError(f"{rel}: no row {e[2]!r}")
            rows = [e[3] if r == e[2] else r for r in rows]
        elif op == "del":
            if e[2] not in rows:
                raise RuntimeError(f"{rel}: no row {e[2]!r}")
            rows = [r for r in rows if r != e[2]]
        elif op == "delkey":
            n = len(rows)
            rows = [r for r in rows if r.split(T)[0] != e[2]]
            if len(rows) == n:
                raise RuntimeError(f"{rel}: no row with key {e[2]!r}")
        elif op == "add":
            rows.append(e[2])
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("".join(r + "\n" for r in rows))

def check(d):
    p = subprocess.run([irlog, "check", d, "--format", "json"], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"irlog check failed ({p.returncode}): {p.stderr.strip()[:500]}")
    return json.loads(p.stdout)

tmp = tempfile.mkdtemp()
passed = failed = 0
try:
    base = os.path.join(tmp, "base")
    subprocess.run([irlog, "facts", os.path.join(src, "tests/check/base.ll"), "-o", base], check=True)
    r = check(base)
    if r["violations"]:
        print(f"FAIL base.ll is not clean: {r}")
        failed += 1
    for name, entity, edits in CASES:
        d = os.path.join(tmp, "case")
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(base, d)
        try:
            apply(d, edits)
            r = check(d)
        except Exception as ex:
            print(f"FAIL {name}: {ex}")
            failed += 1
            continue
        got = sorted({(c["constraint"], e["entity"]) for c in r["constraints"] for e in c["entities"]})
        if got == [(name, entity)]:
            passed += 1
            print(f"ok   {name} on {entity}")
        else:
            failed += 1
            print(f"FAIL {name}: expected exactly ({name}, {entity}), got {got}")
    # every constraint has a case
    text = open(os.path.join(src, "datalog/constraints.dl")).read()
    names = set(re.findall(r'constraint_violation\("([a-z0-9_]+)"', text)) | set(re.findall(r'MANDATORY\("([a-z0-9_]+)"', text))
    names.discard("NAME")
    missing = sorted(names - {c[0] for c in CASES})
    if missing:
        failed += 1
        print(f"FAIL constraints without a mutation case: {', '.join(missing)}")
    else:
        passed += 1
        print(f"ok   every one of the {len(names)} constraints has a case")
finally:
    shutil.rmtree(tmp, ignore_errors=True)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
