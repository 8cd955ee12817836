/*
 * emit_ll.c — writes the module of a fact store as LLVM 19 assembly, in llvm-dis's order:
 * header, module asm, struct types, comdats, global variables, aliases, ifuncs,
 * functions (blocks, debug records, instructions, attachments, the blocks' use-list
 * order), named metadata, then
 * the numbered metadata nodes.
 *
 * The text is for llvm-as-19, not for people: attributes are written inline (llvm-as
 * groups them again), every call spells its full function type, every alloca its count.
 * What llvm-dis prints is the same either way (docs/emit.md).
 */
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"

/* ---- relations by name: <opcode>_instruction_<role> ---- */


static IrRel rel_of(Em *em, const char *opcode, const char *role) {
    char name[128];
    snprintf(name, sizeof name, "%s_instruction_%s", opcode, role);
    Sym s;
    uint64_t v;
    if (!intern_lookup(&em->f->in, name, strlen(name), &s) || !map_get(&em->rel_names, s, &v))
        return REL__COUNT;
    return (IrRel)v;
}

static Status init_rel_names(Em *em) {
    for (int r = 0; r < REL__COUNT; r++) {
        Sym s;
        Status st = intern_get(&em->f->in, facts_rels[r].name, strlen(facts_rels[r].name), &s);
        if (st != OK)
            return st;
        st = map_put(&em->rel_names, s, (uint64_t)r);
        if (st != OK)
            return st;
    }
    return OK;
}

/* The operand in the role of an instruction (<opcode>_instruction_<role>(I, Op)); reports
 * it missing. */
static Sym role(Em *em, Sym I, const char *opc, const char *r) {
    IrRel rel = rel_of(em, opc, r);
    if (rel == REL__COUNT) {
        em_error(em, "no relation %s_instruction_%s (instruction %s)", opc, r, em_str(em->f, I));
        return EM_NONE;
    }
    return em_need_sym(em, rel, I, 1);
}

static bool flag(Em *em, Sym I, const char *opc, const char *r) {
    IrRel rel = rel_of(em, opc, r);
    return rel != REL__COUNT && em_has(em->f, rel, I);
}

static Sym opt_role(Em *em, Sym I, const char *opc, const char *r) {
    IrRel rel = rel_of(em, opc, r);
    return rel == REL__COUNT ? EM_NONE : em_opt_sym(em, rel, I, 1);
}

/* ---- pieces ---- */

static const char *S(Em *em, Sym s) {
    return s == EM_NONE ? "<error>" : em_str(em->f, s);
}

static void add_op(Em *em, Sym op) {
    sb_adds(em->out, op == EM_NONE ? "<error>" : em_operand(em, op));
}

static void add_val(Em *em, Sym op) {
    sb_adds(em->out, op == EM_NONE ? "<error>" : em_operand_value(em, op));
}

static void add_attrs(Em *em, IrRel rel, Sym key, const char *sep_before) {
    const uint32_t *rows;
    size_t n = em_find(em->f, rel, 0, key, &rows);
    for (size_t i = 0; i < n; i++) {
        sb_adds(em->out, sep_before);
        sb_adds(em->out, em_attr(em, (Sym)em_cell(em->f, rel, rows[i], 1)));
    }
}

/* Attributes of slot idx of rel(Key, Index, Attr). */
static void add_slot_attrs(Em *em, IrRel rel, Sym key, int64_t idx) {
    const uint32_t *rows;
    size_t n = em_find(em->f, rel, 0, key, &rows);
    for (size_t i = 0; i < n; i++)
        if ((int64_t)em_cell(em->f, rel, rows[i], 1) == idx) {
            sb_addc(em->out, ' ');
            sb_adds(em->out, em_attr(em, (Sym)em_cell(em->f, rel, rows[i], 2)));
        }
}

static void add_fmf(Em *em, Sym I) {
    const uint32_t *rows;
    size_t n = em_find(em->f, REL_instruction_fast_math_flag, 0, I, &rows);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(S(em, (Sym)em_cell(em->f, REL_instruction_fast_math_flag, rows[i], 1)), "fast")) {
            sb_adds(em->out, " fast");
            return;
        }
    for (size_t i = 0; i < n; i++)
        sb_addf(em->out, " %s", S(em, (Sym)em_cell(em->f, REL_instruction_fast_math_flag, rows[i], 1)));
}

static void add_md_attachments(Em *em, IrRel rel, Sym key, const char *sep) {
    const uint32_t *rows;
    size_t n = em_find(em->f, rel, 0, key, &rows);
    for (size_t i = 0; i < n; i++) {
        Sym kind = (Sym)em_cell(em->f, rel, rows[i], 1);
        sb_adds(em->out, sep);
        em_add_md_name(em->out, em_str(em->f, kind), em_len(em->f, kind));
        sb_addf(em->out, " %s", em_md(em, (Sym)em_cell(em->f, rel, rows[i], 2)));
    }
}

/* ` <r>` when the instruction has the flag r (<opcode>_instruction_<r>(I)): the keyword of
 * a flag is its name. */
static void add_flag(Em *em, Sym I, const char *opc, const char *r) {
    if (flag(em, I, opc, r))
        sb_addf(em->out, " %s", r);
}

static void add_syncscope(Em *em, Sym I, const char *opc) {
    Sym s = opt_role(em, I, opc, "syncscope");
    if (s != EM_NONE) {
        sb_adds(em->out, " syncscope(");
        em_add_quoted(em->out, em_str(em->f, s), em_len(em->f, s));
        sb_addc(em->out, ')');
    }
}

static void add_align(Em *em, Sym I, const char *opc) {
    IrRel rel = rel_of(em, opc, "alignment");
    uint64_t a;
    if (rel != REL__COUNT && em_get(em->f, rel, I, 1, &a))
        sb_addf(em->out, ", align %llu", (unsigned long long)a);
}

/* load / store up to its operands: the opcode, ` atomic` when the instruction has an
 * ordering, ` volatile`. Returns the ordering (EM_NONE: not atomic). */
static Sym add_access_head(Em *em, Sym I, const char *opc) {
    Sym ord = opt_role(em, I, opc, "ordering");
    sb_adds(em->out, opc);
    if (ord != EM_NONE)
        sb_adds(em->out, " atomic");
    add_flag(em, I, opc, "volatile");
    return ord;
}

/* load / store after its operands: an atomic one's syncscope and ordering (ord; an
 * atomic access without an alignment is an error), then the alignment. */
static void add_access_tail(Em *em, Sym I, const char *opc, Sym ord) {
    if (ord != EM_NONE) {
        add_syncscope(em, I, opc);
        sb_addf(em->out, " %s", em_str(em->f, ord));
        IrRel al = rel_of(em, opc, "alignment");
        if (al != REL__COUNT && !em_has(em->f, al, I))
            em_error(em, "instruction %s: an atomic %s needs an alignment (relation "
                         "%s_instruction_alignment)", em_str(em->f, I), opc, opc);
    }
    add_align(em, I, opc);
}

static void add_cc(Em *em, Sym cc) {
    if (cc == EM_NONE)
        return;
    const char *c = em_str(em->f, cc);
    if (!strcmp(c, "ccc"))
        return;
    if (c[0] == 'c' && c[1] == 'c' && c[2] >= '0' && c[2] <= '9')
        sb_addf(em->out, " cc %s", c + 2);
    else
        sb_addf(em->out, " %s", c);
}

static void add_inline_asm(Em *em, Sym a) {
    sb_adds(em->out, "asm");
    if (em_has(em->f, REL_inline_asm_side_effects, a))
        sb_adds(em->out, " sideeffect");
    if (em_has(em->f, REL_inline_asm_align_stack, a))
        sb_adds(em->out, " alignstack");
    if (em_has(em->f, REL_inline_asm_dialect_intel, a))
        sb_adds(em->out, " inteldialect");
    if (em_has(em->f, REL_inline_asm_can_unwind, a))
        sb_adds(em->out, " unwind");
    Sym s = em_need_sym(em, REL_inline_asm_string, a, 1);
    Sym c = em_need_sym(em, REL_inline_asm_constraints, a, 1);
    sb_addc(em->out, ' ');
    if (s != EM_NONE)
        em_add_quoted(em->out, em_str(em->f, s), em_len(em->f, s));
    sb_adds(em->out, ", ");
    if (c != EM_NONE)
        em_add_quoted(em->out, em_str(em->f, c), em_len(em->f, c));
}

/* Is parameter k of function type fty of type metadata? */
static bool param_is_metadata(Em *em, Sym fty, size_t k) {
    const uint32_t *rows;
    size_t n = em_find(em->f, REL_function_type_param, 0, fty, &rows);
    for (size_t j = 0; j < n; j++)
        if ((uint64_t)em_cell(em->f, REL_function_type_param, rows[j], 1) == k)
            return em_has(em->f, REL_metadata_type,
                          (Sym)em_cell(em->f, REL_function_type_param, rows[j], 2));
    return false;
}

/* call / invoke / callbr: everything from the calling convention to the bundles. */
static void add_call_body(Em *em, Sym I, const char *opc) {
    add_cc(em, opt_role(em, I, opc, "calling_convention"));
    add_attrs(em, rel_of(em, opc, "return_attribute"), I, " ");
    Sym callee = role(em, I, opc, "function");
    /* the callee's address space of a call or invoke, as llvm-dis writes it: when it is
     * not 0, or when the program address space is not 0 (the parser's default for a
     * callee); callbr has no such syntax */
    if (callee != EM_NONE && strcmp(opc, "callbr") != 0) {
        /* looked up without an error: a callee without a type is reported below; inline
         * asm is a `ptr` */
        Sym ct = EM_NONE;
        if (!em_has(em->f, REL_inline_asm, callee)) {
            ct = em_opt_sym(em, REL_variable_type, callee, 1);
            if (ct == EM_NONE)
                ct = em_opt_sym(em, REL_constant_type, callee, 1);
        }
        uint64_t as = 0;
        if (ct != EM_NONE && !em_get(em->f, REL_pointer_type_addrspace, ct, 1, &as))
            as = 0;
        if (as || em->prog_as)
            sb_addf(em->out, " addrspace(%llu)", (unsigned long long)as);
    }
    Sym fty = role(em, I, opc, "function_type");
    sb_addf(em->out, " %s ", fty == EM_NONE ? "<error>" : em_type(em, fty));
    if (callee != EM_NONE && em_has(em->f, REL_inline_asm, callee))
        add_inline_asm(em, callee);
    else
        add_val(em, callee);
    sb_addc(em->out, '(');
    uint32_t *rows;
    IrRel argrel = rel_of(em, opc, "arg");
    size_t n = em_rows_sorted(em, argrel, 0, I, 1, &rows);
    IrRel nrel = rel_of(em, opc, "nargs");
    uint64_t want;
    if (nrel != REL__COUNT && em_get(em->f, nrel, I, 1, &want) && want != n)
        em_error(em, "instruction %s: relation %s says %llu arguments, relation %s has %zu",
                 em_str(em->f, I),
                 facts_rels[nrel].name, (unsigned long long)want, facts_rels[argrel].name, n);
    if (fty != EM_NONE && !em_has(em->f, REL_function_type_varargs, fty)) {
        uint64_t np;
        if (em_get(em->f, REL_function_type_nparams, fty, 1, &np) && np != n)
            em_error(em, "instruction %s: %zu arguments (relation %s), its function type %s "
                     "has %llu parameters and is not varargs (relation function_type_varargs)",
                     em_str(em->f, I), n, facts_rels[argrel].name, em_str(em->f, fty),
                     (unsigned long long)np);
    }
    IrRel arel = rel_of(em, opc, "arg_attribute");
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_adds(em->out, ", ");
        Sym a = (Sym)em_cell(em->f, argrel, rows[i], 2);
        /* A metadata argument that wraps a constant has the constant's id (`i32 1`):
         * the parameter's type says which of the two it is. */
        if (fty != EM_NONE && em_has(em->f, REL_metadata, a) && param_is_metadata(em, fty, i)) {
            sb_adds(em->out, "metadata ");
            sb_adds(em->out, em_md(em, a));
            continue;
        }
        const char *t = em_operand(em, a);
        /* "<type> <value>": attributes go between the two */
        if (em_has(em->f, REL_block, a) || (!em_has(em->f, REL_variable, a) &&
                                             !em_has(em->f, REL_constant, a) &&
                                             !em_has(em->f, REL_constant_kind, a))) {
            sb_adds(em->out, t);
            continue;
        }
        sb_adds(em->out, em_type(em, em_operand_type(em, a)));
        add_slot_attrs(em, arel, I, (int64_t)i);
        sb_addc(em->out, ' ');
        add_val(em, a);
    }
    /* A musttail call in a variadic function forwards the function's varargs, and LLVM
     * writes (and its parser requires) a closing `...` for it, as llvm-dis does. */
    if (!strcmp(opc, "call") && em->cur_fn != EM_NONE) {
        Sym tk = em_opt_sym(em, REL_call_instruction_tail_kind, I, 1);
        Sym sig = em_opt_sym(em, REL_function_signature, em->cur_fn, 1);
        if (tk != EM_NONE && !strcmp(em_str(em->f, tk), "musttail") && sig != EM_NONE &&
            em_has(em->f, REL_function_type_varargs, sig))
            sb_adds(em->out, n ? ", ..." : "...");
    }
    sb_addc(em->out, ')');
    add_attrs(em, rel_of(em, opc, "fn_attribute"), I, " ");
    size_t nb = em_rows_sorted(em, rel_of(em, opc, "bundle"), 0, I, 1, &rows);
    if (nb) {
        IrRel brel = rel_of(em, opc, "bundle"), birel = rel_of(em, opc, "bundle_input");
        sb_adds(em->out, " [ ");
        const uint32_t *ir;
        size_t ni = em_find(em->f, birel, 0, I, &ir);
        for (size_t b = 0; b < nb; b++) {
            int64_t bi = (int64_t)em_cell(em->f, brel, rows[b], 1);
            Sym tag = (Sym)em_cell(em->f, brel, rows[b], 2);
            if (b)
                sb_adds(em->out, ", ");
            em_add_quoted(em->out, em_str(em->f, tag), em_len(em->f, tag));
            sb_addc(em->out, '(');
            /* inputs of bundle bi in index order */
            int64_t next = 0;
            for (bool more = true; more;) {
                more = false;
                for (size_t k = 0; k < ni; k++)
                    if ((int64_t)em_cell(em->f, birel, ir[k], 1) == bi &&
                        (int64_t)em_cell(em->f, birel, ir[k], 2) == next) {
                        if (next)
                            sb_adds(em->out, ", ");
                        add_op(em, (Sym)em_cell(em->f, birel, ir[k], 3));
                        next++;
                        more = true;
                        break;
                    }
            }
            sb_addc(em->out, ')');
        }
        sb_adds(em->out, " ]");
    }
}

static void add_label_list(Em *em, IrRel rel, Sym I) {
    uint32_t *rows;
    size_t n = em_rows_sorted(em, rel, 0, I, 1, &rows);
    for (size_t i = 0; i < n; i++)
        sb_addf(em->out, "%slabel %s", i ? ", " : "",
                em_local_name(em, (Sym)em_cell(em->f, rel, rows[i], 2)));
}

static void add_arg_list(Em *em, IrRel rel, Sym I) {
    uint32_t *rows;
    size_t n = em_rows_sorted(em, rel, 0, I, 1, &rows);
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_adds(em->out, ", ");
        add_op(em, (Sym)em_cell(em->f, rel, rows[i], 2));
    }
}

static bool one_of(const char *s, const char *const *list) {
    for (; *list; list++)
        if (!strcmp(s, *list))
            return true;
    return false;
}

static void write_instruction(Em *em, Sym I) {
    Sym opcs = em_need_sym(em, REL_instruction_opcode, I, 1);
    if (opcs == EM_NONE)
        return;
    const char *o = em_str(em->f, opcs);
    StrBuf *out = em->out;
    Sym to = em_opt_sym(em, REL_instruction_to, I, 1);
    sb_adds(out, "  ");
    if (to != EM_NONE)
        sb_addf(out, "%s = ", em_local_name(em, to));
    static const char *const binops[] = {"add", "sub", "mul", "shl", "udiv", "sdiv", "lshr",
                                         "ashr", "urem", "srem", "and", "or", "xor", "fadd",
                                         "fsub", "fmul", "fdiv", "frem", NULL};
    static const char *const casts[] = {"trunc", "zext", "sext", "fptrunc", "fpext", "fptoui",
                                        "fptosi", "uitofp", "sitofp", "ptrtoint", "inttoptr",
                                        "bitcast", "addrspacecast", NULL};
    if (one_of(o, binops)) {
        sb_adds(out, o);
        add_flag(em, I, o, "nuw");
        add_flag(em, I, o, "nsw");
        add_flag(em, I, o, "exact");
        add_flag(em, I, o, "disjoint");
        if (o[0] == 'f')
            add_fmf(em, I);
        sb_addc(out, ' ');
        add_op(em, role(em, I, o, "first_operand"));
        sb_adds(out, ", ");
        add_val(em, role(em, I, o, "second_operand"));
    } else if (one_of(o, casts)) {
        sb_adds(out, o);
        add_flag(em, I, o, "nuw");
        add_flag(em, I, o, "nsw");
        add_flag(em, I, o, "nneg");
        add_fmf(em, I);
        sb_addc(out, ' ');
        add_op(em, role(em, I, o, "from"));
        Sym t = role(em, I, o, "to_type");
        sb_addf(out, " to %s", t == EM_NONE ? "<error>" : em_type(em, t));
    } else if (!strcmp(o, "fneg")) {
        sb_adds(out, "fneg");
        add_fmf(em, I);
        sb_addc(out, ' ');
        add_op(em, role(em, I, o, "operand"));
    } else if (!strcmp(o, "ret")) {
        sb_adds(out, "ret ");
        if (em_has(em->f, REL_ret_instruction_void, I))
            sb_adds(out, "void");
        else
            add_op(em, role(em, I, o, "value"));
    } else if (!strcmp(o, "br")) {
        sb_adds(out, "br ");
        if (em_has(em->f, REL_br_instruction_conditional, I)) {
            add_op(em, role(em, I, o, "condition"));
            sb_addf(out, ", label %s, label %s", em_local_name(em, role(em, I, o, "true_label")),
                    em_local_name(em, role(em, I, o, "false_label")));
        } else {
            sb_addf(out, "label %s", em_local_name(em, role(em, I, o, "dest")));
        }
    } else if (!strcmp(o, "switch")) {
        sb_adds(out, "switch ");
        add_op(em, role(em, I, o, "condition"));
        sb_addf(out, ", label %s [", em_local_name(em, role(em, I, o, "default_label")));
        uint32_t *rows;
        size_t n = em_rows_sorted(em, REL_switch_instruction_case, 0, I, 1, &rows);
        for (size_t i = 0; i < n; i++) {
            sb_adds(out, "\n    ");
            add_op(em, (Sym)em_cell(em->f, REL_switch_instruction_case, rows[i], 2));
            sb_addf(out, ", label %s",
                    em_local_name(em, (Sym)em_cell(em->f, REL_switch_instruction_case, rows[i], 3)));
        }
        sb_adds(out, "\n  ]");
    } else if (!strcmp(o, "indirectbr")) {
        sb_adds(out, "indirectbr ");
        add_op(em, role(em, I, o, "address"));
        sb_adds(out, ", [");
        add_label_list(em, REL_indirectbr_instruction_label, I);
        sb_addc(out, ']');
    } else if (!strcmp(o, "invoke")) {
        sb_adds(out, "invoke");
        add_call_body(em, I, o);
        sb_addf(out, "\n          to label %s unwind label %s",
                em_local_name(em, role(em, I, o, "normal_label")),
                em_local_name(em, role(em, I, o, "exception_label")));
    } else if (!strcmp(o, "callbr")) {
        sb_adds(out, "callbr");
        add_call_body(em, I, o);
        sb_addf(out, "\n          to label %s [", em_local_name(em, role(em, I, o, "default_label")));
        add_label_list(em, REL_callbr_instruction_indirect_label, I);
        sb_addc(out, ']');
    } else if (!strcmp(o, "call")) {
        Sym tk = em_opt_sym(em, REL_call_instruction_tail_kind, I, 1);
        if (tk != EM_NONE)
            sb_addf(out, "%s ", em_str(em->f, tk));
        sb_adds(out, "call");
        add_fmf(em, I);
        add_call_body(em, I, o);
    } else if (!strcmp(o, "resume")) {
        sb_adds(out, "resume ");
        add_op(em, role(em, I, o, "value"));
    } else if (!strcmp(o, "unreachable")) {
        sb_adds(out, "unreachable");
    } else if (!strcmp(o, "catchswitch")) {
        sb_adds(out, "catchswitch within ");
        add_val(em, role(em, I, o, "parent"));
        sb_adds(out, " [");
        add_label_list(em, REL_catchswitch_instruction_handler, I);
        const uint32_t *hr;
        em_check_count(em, I, REL_catchswitch_instruction_nhandlers,
                       REL_catchswitch_instruction_handler,
                       em_find(em->f, REL_catchswitch_instruction_handler, 0, I, &hr), true);
        sb_adds(out, "] unwind ");
        if (em_has(em->f, REL_catchswitch_instruction_unwind_to_caller, I))
            sb_adds(out, "to caller");
        else
            sb_addf(out, "label %s", em_local_name(em, role(em, I, o, "unwind_label")));
    } else if (!strcmp(o, "catchret")) {
        sb_adds(out, "catchret from ");
        add_val(em, role(em, I, o, "from"));
        sb_addf(out, " to label %s", em_local_name(em, role(em, I, o, "to")));
    } else if (!strcmp(o, "cleanupret")) {
        sb_adds(out, "cleanupret from ");
        add_val(em, role(em, I, o, "from"));
        sb_adds(out, " unwind ");
        if (em_has(em->f, REL_cleanupret_instruction_unwind_to_caller, I))
            sb_adds(out, "to caller");
        else
            sb_addf(out, "label %s", em_local_name(em, role(em, I, o, "unwind_label")));
    } else if (!strcmp(o, "catchpad") || !strcmp(o, "cleanuppad")) {
        sb_addf(out, "%s within ", o);
        add_val(em, role(em, I, o, "parent"));
        sb_adds(out, " [");
        add_arg_list(em, rel_of(em, o, "arg"), I);
        sb_addc(out, ']');
    } else if (!strcmp(o, "landingpad")) {
        Sym t = to != EM_NONE ? em_need_sym(em, REL_variable_type, to, 1) : EM_NONE;
        sb_addf(out, "landingpad %s", t == EM_NONE ? "<error>" : em_type(em, t));
        if (em_has(em->f, REL_landingpad_instruction_cleanup, I))
            sb_adds(out, "\n          cleanup");
        int64_t n = em_need_num(em, REL_landingpad_instruction_nclauses, I, 1);
        const uint32_t *cr, *fr;
        size_t nc = em_find(em->f, REL_landingpad_instruction_catch_clause, 0, I, &cr);
        size_t nf = em_find(em->f, REL_landingpad_instruction_filter_clause, 0, I, &fr);
        if ((int64_t)(nc + nf) != n)
            em_error(em, "landingpad %s: relation landingpad_instruction_nclauses says %lld, "
                         "relations landingpad_instruction_catch_clause and "
                         "landingpad_instruction_filter_clause have %zu",
                     em_str(em->f, I), (long long)n, nc + nf);
        for (int64_t i = 0; i < n; i++) {
            bool found = false;
            for (size_t k = 0; k < nc && !found; k++)
                if ((int64_t)em_cell(em->f, REL_landingpad_instruction_catch_clause, cr[k], 1) == i) {
                    sb_adds(out, "\n          catch ");
                    add_op(em, (Sym)em_cell(em->f, REL_landingpad_instruction_catch_clause, cr[k], 2));
                    found = true;
                }
            for (size_t k = 0; k < nf && !found; k++)
                if ((int64_t)em_cell(em->f, REL_landingpad_instruction_filter_clause, fr[k], 1) == i) {
                    sb_adds(out, "\n          filter ");
                    add_op(em, (Sym)em_cell(em->f, REL_landingpad_instruction_filter_clause, fr[k], 2));
                    found = true;
                }
            if (!found)
                em_error(em, "landingpad %s: clause %lld is in neither relation "
                             "landingpad_instruction_catch_clause nor "
                             "landingpad_instruction_filter_clause",
                         em_str(em->f, I), (long long)i);
        }
    } else if (!strcmp(o, "alloca")) {
        sb_adds(out, "alloca");
        if (em_has(em->f, REL_alloca_instruction_inalloca, I))
            sb_adds(out, " inalloca");
        if (em_has(em->f, REL_alloca_instruction_swifterror, I))
            sb_adds(out, " swifterror");
        Sym t = role(em, I, o, "type");
        sb_addf(out, " %s, ", t == EM_NONE ? "<error>" : em_type(em, t));
        add_op(em, role(em, I, o, "size"));
        add_align(em, I, o);
        Sym rt = to != EM_NONE ? em_opt_sym(em, REL_variable_type, to, 1) : EM_NONE;
        uint64_t as;
        if (rt != EM_NONE && em_get(em->f, REL_pointer_type_addrspace, rt, 1, &as) && as)
            sb_addf(out, ", addrspace(%llu)", (unsigned long long)as);
    } else if (!strcmp(o, "load")) {
        Sym ord = add_access_head(em, I, o);
        Sym t = role(em, I, o, "type");
        sb_addf(out, " %s, ", t == EM_NONE ? "<error>" : em_type(em, t));
        add_op(em, role(em, I, o, "address"));
        add_access_tail(em, I, o, ord);
    } else if (!strcmp(o, "store")) {
        Sym ord = add_access_head(em, I, o);
        sb_addc(out, ' ');
        add_op(em, role(em, I, o, "value"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "address"));
        add_access_tail(em, I, o, ord);
    } else if (!strcmp(o, "getelementptr")) {
        sb_adds(out, "getelementptr");
        if (flag(em, I, o, "inbounds"))
            sb_adds(out, " inbounds");
        else if (flag(em, I, o, "nusw"))
            sb_adds(out, " nusw");
        add_flag(em, I, o, "nuw");
        Sym t = role(em, I, o, "source_type");
        sb_addf(out, " %s, ", t == EM_NONE ? "<error>" : em_type(em, t));
        add_op(em, role(em, I, o, "base"));
        uint32_t *rows;
        size_t n = em_rows_sorted(em, REL_getelementptr_instruction_index, 0, I, 1, &rows);
        for (size_t i = 0; i < n; i++) {
            sb_adds(out, ", ");
            add_op(em, (Sym)em_cell(em->f, REL_getelementptr_instruction_index, rows[i], 2));
        }
    } else if (!strcmp(o, "fence")) {
        sb_adds(out, "fence");
        add_syncscope(em, I, o);
        sb_addf(out, " %s", S(em, role(em, I, o, "ordering")));
    } else if (!strcmp(o, "cmpxchg")) {
        sb_adds(out, "cmpxchg");
        add_flag(em, I, o, "weak");
        add_flag(em, I, o, "volatile");
        sb_addc(out, ' ');
        add_op(em, role(em, I, o, "address"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "cmp"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "new"));
        add_syncscope(em, I, o);
        sb_addf(out, " %s %s", S(em, role(em, I, o, "success_ordering")),
                S(em, role(em, I, o, "failure_ordering")));
        add_align(em, I, o);
    } else if (!strcmp(o, "atomicrmw")) {
        sb_adds(out, "atomicrmw");
        add_flag(em, I, o, "volatile");
        sb_addf(out, " %s ", S(em, role(em, I, o, "operation")));
        add_op(em, role(em, I, o, "address"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "value"));
        add_syncscope(em, I, o);
        sb_addf(out, " %s", S(em, role(em, I, o, "ordering")));
        add_align(em, I, o);
    } else if (!strcmp(o, "icmp") || !strcmp(o, "fcmp")) {
        sb_adds(out, o);
        if (o[0] == 'f')
            add_fmf(em, I);
        sb_addf(out, " %s ", S(em, role(em, I, o, "predicate")));
        add_op(em, role(em, I, o, "first_operand"));
        sb_adds(out, ", ");
        add_val(em, role(em, I, o, "second_operand"));
    } else if (!strcmp(o, "phi")) {
        Sym t = to != EM_NONE ? em_need_sym(em, REL_variable_type, to, 1) : EM_NONE;
        sb_adds(out, "phi");
        add_fmf(em, I);
        sb_addf(out, " %s ", t == EM_NONE ? "<error>" : em_type(em, t));
        uint32_t *rows;
        size_t n = em_rows_sorted(em, REL_phi_instruction_pair, 0, I, 1, &rows);
        em_check_count(em, I, REL_phi_instruction_npairs, REL_phi_instruction_pair, n, true);
        for (size_t i = 0; i < n; i++) {
            sb_adds(out, i ? ", [ " : "[ ");
            add_val(em, (Sym)em_cell(em->f, REL_phi_instruction_pair, rows[i], 2));
            sb_addf(out, ", %s ]",
                    em_local_name(em, (Sym)em_cell(em->f, REL_phi_instruction_pair, rows[i], 3)));
        }
    } else if (!strcmp(o, "select")) {
        sb_adds(out, "select");
        add_fmf(em, I);
        sb_addc(out, ' ');
        add_op(em, role(em, I, o, "condition"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "true_value"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "false_value"));
    } else if (!strcmp(o, "va_arg")) {
        sb_adds(out, "va_arg ");
        add_op(em, role(em, I, o, "va_list"));
        Sym t = role(em, I, o, "type");
        sb_addf(out, ", %s", t == EM_NONE ? "<error>" : em_type(em, t));
    } else if (!strcmp(o, "freeze")) {
        sb_adds(out, "freeze ");
        add_op(em, role(em, I, o, "operand"));
    } else if (!strcmp(o, "extractelement")) {
        sb_adds(out, "extractelement ");
        add_op(em, role(em, I, o, "base"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "index"));
    } else if (!strcmp(o, "insertelement")) {
        sb_adds(out, "insertelement ");
        add_op(em, role(em, I, o, "base"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "value"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "index"));
    } else if (!strcmp(o, "shufflevector")) {
        sb_adds(out, "shufflevector ");
        add_op(em, role(em, I, o, "first_vector"));
        sb_adds(out, ", ");
        add_op(em, role(em, I, o, "second_vector"));
        uint32_t *rows;
        size_t n = em_rows_sorted(em, REL_shufflevector_instruction_mask, 0, I, 1, &rows);
        em_check_count(em, I, REL_shufflevector_instruction_mask_size,
                       REL_shufflevector_instruction_mask, n, true);
        Sym rt = to != EM_NONE ? em_opt_sym(em, REL_variable_type, to, 1) : EM_NONE;
        bool scalable = rt != EM_NONE && em_has(em->f, REL_vector_type_scalable, rt);
        bool zero = true, allpoison = true;
        for (size_t i = 0; i < n; i++) {
            int64_t e = (int64_t)em_cell(em->f, REL_shufflevector_instruction_mask, rows[i], 2);
            zero = zero && e == 0;
            allpoison = allpoison && e < 0;
        }
        sb_addf(out, ", <%s%zu x i32> ", scalable ? "vscale x " : "", n);
        if (scalable || n == 0) {
            sb_adds(out, allpoison && n ? "poison" : "zeroinitializer");
        } else {
            sb_addc(out, '<');
            for (size_t i = 0; i < n; i++) {
                int64_t e = (int64_t)em_cell(em->f, REL_shufflevector_instruction_mask, rows[i], 2);
                if (i)
                    sb_adds(out, ", ");
                if (e < 0)
                    sb_adds(out, "i32 poison");
                else
                    sb_addf(out, "i32 %lld", (long long)e);
            }
            sb_addc(out, '>');
        }
    } else if (!strcmp(o, "extractvalue") || !strcmp(o, "insertvalue")) {
        sb_addf(out, "%s ", o);
        add_op(em, role(em, I, o, "base"));
        if (o[0] == 'i') {
            sb_adds(out, ", ");
            add_op(em, role(em, I, o, "value"));
        }
        uint32_t *rows;
        IrRel ir = rel_of(em, o, "index");
        size_t n = em_rows_sorted(em, ir, 0, I, 1, &rows);
        em_check_count(em, I, rel_of(em, o, "nindices"), ir, n, true);
        for (size_t i = 0; i < n; i++)
            sb_addf(out, ", %lld", (long long)em_cell(em->f, ir, rows[i], 2));
    } else {
        em_error(em, "instruction %s: unknown opcode %s", em_str(em->f, I), o);
    }
    add_md_attachments(em, REL_instruction_metadata, I, ", ");
    sb_addc(out, '\n');
}

static void write_debug_record(Em *em, Sym r) {
    StrBuf *out = em->out;
    const char *k = S(em, em_need_sym(em, REL_debug_record_kind, r, 1));
    Sym dl = em_need_sym(em, REL_debug_record_debug_location, r, 1);
    if (!strcmp(k, "label")) {
        sb_addf(out, "    #dbg_label(%s, %s)\n",
                em_md(em, em_need_sym(em, REL_debug_record_label, r, 1)), em_md(em, dl));
        return;
    }
    sb_addf(out, "    #dbg_%s(%s, %s, %s", k,
            em_md(em, em_need_sym(em, REL_debug_record_location, r, 1)),
            em_md(em, em_need_sym(em, REL_debug_record_variable, r, 1)),
            em_md(em, em_need_sym(em, REL_debug_record_expression, r, 1)));
    if (!strcmp(k, "assign")) {
        sb_addf(out, ", %s, ", em_md(em, em_need_sym(em, REL_debug_record_assign_id, r, 1)));
        add_op(em, em_need_sym(em, REL_debug_record_address, r, 1));
        sb_addf(out, ", %s", em_md(em, em_need_sym(em, REL_debug_record_address_expression, r, 1)));
    }
    sb_addf(out, ", %s)\n", em_md(em, dl));
}

static void write_debug_records(Em *em, Sym I) {
    uint32_t *rows;
    size_t n = em_rows_sorted(em, REL_debug_record_instruction, 1, I, 0, &rows);
    if (!n)
        return;
    /* order by debug_record_index */
    for (int64_t want = 0, done = 0; done < (int64_t)n; want++) {
        bool found = false;
        for (size_t i = 0; i < n; i++) {
            Sym r = (Sym)em_cell(em->f, REL_debug_record_instruction, rows[i], 0);
            if (em_need_num(em, REL_debug_record_index, r, 1) == want) {
                write_debug_record(em, r);
                found = true;
                done++;
            }
        }
        if (!found) {
            em_error(em, "instruction %s: no debug record with debug_record_index %lld",
                     em_str(em->f, I), (long long)want);
            break;
        }
    }
}

/* Every debug record is written before the instruction it is attached to. A record
 * without one (`<Block>:end:dbgK`: after its block's terminator) cannot be written:
 * LLVM 19's parser attaches each `#dbg_` record to the instruction that follows it (after
 * a terminator, that is the next block's first instruction), its bitcode reader to the
 * instruction it follows, and no module LLVM 19 reads has such a record
 * (docs/emit.md). Nor can a record whose instruction is in no block. */
static void check_debug_records(Em *em) {
    EmRel *er = em_rel(em->f, REL_debug_record);
    for (size_t i = 0; i < er->nrows; i++) {
        Sym r = (Sym)em_cell(em->f, REL_debug_record, i, 0);
        if (!em_has(em->f, REL_debug_record_instruction, r))
            em_error(em, "debug record %s has no row in relation debug_record_instruction: a "
                         "debug record after its block's terminator cannot be written (LLVM 19 "
                         "attaches every record to the instruction that follows it)",
                     em_str(em->f, r));
    }
    er = em_rel(em->f, REL_debug_record_instruction);
    for (size_t i = 0; i < er->nrows; i++) {
        Sym I = (Sym)em_cell(em->f, REL_debug_record_instruction, i, 1);
        if (!em_has(em->f, REL_instruction_block, I))
            em_error(em, "debug record %s: its instruction %s (relation "
                         "debug_record_instruction) has no row in relation instruction_block",
                     em_str(em->f, (Sym)em_cell(em->f, REL_debug_record_instruction, i, 0)),
                     em_str(em->f, I));
    }
}

/* ---- globals ---- */

/* linkage, dso_local, visibility, DLL storage; a global variable declaration says
 * `external` (llvm-as requires it there). */
static void add_linkage_etc(Em *em, Sym g, bool is_var_decl) {
    StrBuf *out = em->out;
    const char *link = S(em, em_need_sym(em, REL_global_value_linkage, g, 1));
    const char *vis = S(em, em_need_sym(em, REL_global_value_visibility, g, 1));
    if (strcmp(link, "external") != 0)
        sb_addf(out, " %s", link);
    else if (is_var_decl)
        sb_adds(out, " external");
    bool local = !strcmp(link, "private") || !strcmp(link, "internal");
    /* dso_local is implied (and not written) by local linkage, and by hidden or
     * protected visibility except on extern_weak (GlobalValue::isImplicitDSOLocal) */
    bool implicit = local || (strcmp(vis, "default") != 0 && strcmp(link, "extern_weak") != 0);
    if (em_has(em->f, REL_global_value_dso_local, g) && !implicit)
        sb_adds(out, " dso_local");
    if (strcmp(vis, "default") != 0 && !local)
        sb_addf(out, " %s", vis);
    Sym dll = em_opt_sym(em, REL_global_value_dll_storage, g, 1);
    if (dll != EM_NONE)
        sb_addf(out, " %s", em_str(em->f, dll));
}

static void add_tls_unnamed(Em *em, Sym g) {
    Sym tls = em_opt_sym(em, REL_global_value_thread_local, g, 1);
    if (tls != EM_NONE) {
        const char *m = em_str(em->f, tls);
        if (!strcmp(m, "generaldynamic"))
            sb_adds(em->out, " thread_local");
        else
            sb_addf(em->out, " thread_local(%s)", m);
    }
    Sym ua = em_opt_sym(em, REL_global_value_unnamed_addr, g, 1);
    if (ua != EM_NONE)
        sb_addf(em->out, " %s", em_str(em->f, ua));
}

/* `comdat` (the object's own name) or `comdat($other)`. */
static void add_comdat(Em *em, Sym g, Sym own_name, const char *sep) {
    Sym c = em_opt_sym(em, REL_global_value_comdat, g, 1);
    if (c == EM_NONE)
        return;
    Sym cn = em_need_sym(em, REL_comdat_name, c, 1);
    sb_adds(em->out, sep);
    sb_adds(em->out, "comdat");
    if (cn != own_name && cn != EM_NONE) {
        sb_addc(em->out, '(');
        em_add_name(em->out, '$', em_str(em->f, cn), em_len(em->f, cn));
        sb_addc(em->out, ')');
    }
}

static void add_section_partition(Em *em, Sym g, const char *sep) {
    Sym s = em_opt_sym(em, REL_global_value_section, g, 1);
    if (s != EM_NONE) {
        sb_addf(em->out, "%ssection ", sep);
        em_add_quoted(em->out, em_str(em->f, s), em_len(em->f, s));
    }
    s = em_opt_sym(em, REL_global_value_partition, g, 1);
    if (s != EM_NONE) {
        sb_addf(em->out, "%spartition ", sep);
        em_add_quoted(em->out, em_str(em->f, s), em_len(em->f, s));
    }
}

static void write_global_variable(Em *em, Sym g) {
    StrBuf *out = em->out;
    sb_addf(out, "%s =", em_global_name(em, g));
    bool decl = !em_has(em->f, REL_global_variable_initializer, g);
    if (decl && em_has(em->f, REL_global_variable_definition, g))
        em_missing(em, REL_global_variable_initializer, g);
    add_linkage_etc(em, g, decl);
    add_tls_unnamed(em, g);
    uint64_t as = 0;
    if (em_get(em->f, REL_global_value_address_space, g, 1, &as) && as)
        sb_addf(out, " addrspace(%llu)", (unsigned long long)as);
    if (em_has(em->f, REL_global_variable_externally_initialized, g))
        sb_adds(out, " externally_initialized");
    sb_adds(out, em_has(em->f, REL_global_variable_constant, g) ? " constant " : " global ");
    sb_adds(out, em_type(em, em_need_sym(em, REL_global_variable_type, g, 1)));
    if (!decl)
        sb_addf(out, " %s", em_const(em, em_need_sym(em, REL_global_variable_initializer, g, 1)));
    add_section_partition(em, g, ", ");
    add_comdat(em, g, em_opt_sym(em, REL_global_variable_name, g, 1), ", ");
    uint64_t al;
    if (em_get(em->f, REL_global_value_alignment, g, 1, &al))
        sb_addf(out, ", align %llu", (unsigned long long)al);
    Sym cm = em_opt_sym(em, REL_global_variable_code_model, g, 1);
    if (cm != EM_NONE) {
        sb_adds(out, ", code_model ");
        em_add_quoted(out, em_str(em->f, cm), em_len(em->f, cm));
    }
    const uint32_t *rows;
    size_t n = em_find(em->f, REL_global_variable_sanitizer, 0, g, &rows);
    for (size_t i = 0; i < n; i++)
        sb_addf(out, ", %s", S(em, (Sym)em_cell(em->f, REL_global_variable_sanitizer, rows[i], 1)));
    add_md_attachments(em, REL_global_metadata, g, ", ");
    add_attrs(em, REL_global_variable_attribute, g, " ");
    sb_addc(out, '\n');
}

static void write_alias_ifunc(Em *em, Sym g, bool ifunc) {
    StrBuf *out = em->out;
    sb_addf(out, "%s =", em_global_name(em, g));
    add_linkage_etc(em, g, false);
    add_tls_unnamed(em, g);
    Sym t = em_need_sym(em, ifunc ? REL_ifunc_type : REL_alias_type, g, 1);
    sb_addf(out, " %s %s, ", ifunc ? "ifunc" : "alias", em_type(em, t));
    add_op(em, em_need_sym(em, ifunc ? REL_ifunc_resolver : REL_alias_aliasee, g, 1));
    add_section_partition(em, g, ", ");
    sb_addc(out, '\n');
}

/* The use list of a block B after llvm-as reads our text: every use is put at the head
 * of the list when it is made, and the uses are made in text order (terminators in block
 * order; a forward-referenced block is created at its first use, never replaced), so the
 * list is the reverse of the text order. When block_predecessor_list gives another order,
 * a `uselistorder` directive sorts the list: the use at position p goes to position
 * indexes[p] (a `uselistorder label %B` line at the end of the function body: the
 * module-level `uselistorder_bb` does not take numbered blocks).
 * A block's blockaddress constant is a user too (block_address_use says where in the
 * list). Where the parser puts its use depends on where the constant is first written:
 * before the function's body (a global's initializer, an alias, an earlier function),
 * it is a forward reference that the parser resolves as the body starts, before any
 * terminator, so the use ends the list; only in later functions, it is created after
 * the body and heads the list. A blockaddress used inside its own function (or in a
 * function's prefix, prologue, personality or metadata), and blocks without the
 * facts, are left alone. */

enum { BA_UNKNOWN, BA_BEFORE, BA_AFTER };

/* Where constant c (a blockaddress of function fn) is first written, relative to fn's
 * body: BA_BEFORE, BA_AFTER, or BA_UNKNOWN (inside fn, or a place not modelled). */
static int const_first_use(Em *em, Sym c, Sym fn) {
    static const struct {
        IrRel rel;
        int col;
    } up[] = {{REL_constant_aggregate_element, 2}, {REL_constant_expr_operand, 2},
              {REL_constant_splat_value, 1}};
    static const IrRel before[] = {REL_global_variable_initializer, REL_alias_aliasee,
                                   REL_ifunc_resolver};
    static const IrRel unknown[] = {REL_function_prefix_data, REL_function_prologue_data,
                                    REL_function_personality, REL_metadata_value};
    uint64_t fpos;
    if (!em_get(em->f, REL_global_value_index, fn, 1, &fpos))
        return BA_UNKNOWN;
    Vec(Sym) todo = {0};
    Map seen = MAP_INIT;
    bool any_before = false, any_after = false, unk = false;
    if (vec_push(&todo, c) != OK || map_put(&seen, c, 1) != OK)
        em->oom = true;
    for (size_t k = 0; k < todo.len && !unk && !em->oom; k++) {
        const uint32_t *r;
        Sym x = todo.v[k];
        size_t n = em_find(em->f, REL_instruction_operand, 2, x, &r);
        for (size_t i = 0; i < n && !unk; i++) {
            Sym g = em_opt_sym(em, REL_instruction_function,
                               (Sym)em_cell(em->f, REL_instruction_operand, r[i], 0), 1);
            uint64_t gpos;
            if (g == fn || g == EM_NONE || !em_get(em->f, REL_global_value_index, g, 1, &gpos))
                unk = true;
            else if (gpos < fpos)
                any_before = true;
            else
                any_after = true;
        }
        for (size_t u = 0; u < ARRAY_LEN(before); u++)
            if (em_find(em->f, before[u], 1, x, &r))
                any_before = true;
        for (size_t u = 0; u < ARRAY_LEN(unknown); u++)
            if (em_find(em->f, unknown[u], 1, x, &r))
                unk = true;
        for (size_t u = 0; u < ARRAY_LEN(up); u++) {
            n = em_find(em->f, up[u].rel, up[u].col, x, &r);
            for (size_t i = 0; i < n; i++) {
                Sym p = (Sym)em_cell(em->f, up[u].rel, r[i], 0);
                if (map_get(&seen, p, NULL))
                    continue;
                if (map_put(&seen, p, 1) != OK || vec_push(&todo, p) != OK) {
                    em->oom = true;
                    break;
                }
            }
        }
    }
    vec_release(&todo);
    map_release(&seen);
    if (unk || em->oom)
        return BA_UNKNOWN;
    return any_before ? BA_BEFORE : any_after ? BA_AFTER : BA_UNKNOWN;
}

static void block_uselist(Em *em, Sym B) {
    uint32_t *want;
    size_t nw = em_rows_sorted(em, REL_block_predecessor_list, 0, B, 1, &want);
    const uint32_t *r;
    Sym ba = EM_NONE; /* the block's blockaddress constant */
    uint64_t ba_pos = 0;
    int ba_where = BA_UNKNOWN;
    size_t nba = em_find(em->f, REL_constant_blockaddress_block, 1, B, &r);
    if (nba) {
        ba = (Sym)em_cell(em->f, REL_constant_blockaddress_block, r[0], 0);
        if (nba != 1 || !em_get(em->f, REL_block_address_use, B, 1, &ba_pos) || ba_pos > nw ||
            (ba_where = const_first_use(em, ba, em->cur_fn)) == BA_UNKNOWN)
            return;
    }
    size_t nu = em_find(em->f, REL_instruction_operand, 2, B, &r);
    if (nu != nw || nw + (ba != EM_NONE) < 2)
        return;
    /* the users' blocks in text order: sort the uses by their block's index; the
     * blockaddress (if any) goes last or first (const_first_use) */
    size_t nall = nu + (ba != EM_NONE);
    Sym *cur = mem_calloc(nall, sizeof *cur);
    Sym *wanted = mem_calloc(nall, sizeof *wanted);
    int64_t *key = mem_calloc(nall, sizeof *key);
    size_t *idx = mem_calloc(nall, sizeof *idx);
    bool *used = mem_calloc(nall, sizeof *used);
    if (!cur || !wanted || !key || !idx || !used) {
        em->oom = true;
        goto out;
    }
    for (size_t q = 0, k = 0; q < nall; q++)
        wanted[q] = ba != EM_NONE && q == ba_pos
                        ? ba
                        : (Sym)em_cell(em->f, REL_block_predecessor_list, want[k++], 2);
    for (size_t i = 0; i < nu; i++) {
        Sym user = (Sym)em_cell(em->f, REL_instruction_operand, r[i], 0);
        if (!em_has(em->f, REL_terminator_instruction, user))
            goto out;
        cur[i] = em_opt_sym(em, REL_instruction_block, user, 1);
        uint64_t bi;
        if (cur[i] == EM_NONE || !em_get(em->f, REL_block_index, cur[i], 1, &bi))
            goto out;
        key[i] = (int64_t)bi;
    }
    /* insertion sort by key (stable), then reverse: the parser's order */
    for (size_t i = 1; i < nu; i++)
        for (size_t j = i; j > 0 && key[j - 1] > key[j]; j--) {
            int64_t tk = key[j];
            key[j] = key[j - 1];
            key[j - 1] = tk;
            Sym ts = cur[j];
            cur[j] = cur[j - 1];
            cur[j - 1] = ts;
        }
    for (size_t i = 0; i < nu / 2; i++) {
        Sym t = cur[i];
        cur[i] = cur[nu - 1 - i];
        cur[nu - 1 - i] = t;
    }
    if (ba != EM_NONE && ba_where == BA_AFTER) {
        memmove(cur + 1, cur, nu * sizeof *cur);
        cur[0] = ba;
    } else if (ba != EM_NONE) {
        cur[nu] = ba;
    }
    bool identity = true;
    for (size_t p = 0; p < nall; p++) {
        size_t q = 0;
        while (q < nall && (used[q] || wanted[q] != cur[p]))
            q++;
        if (q == nall)
            goto out; /* the facts disagree with the operands: leave the order */
        used[q] = true;
        idx[p] = q;
        identity = identity && q == p;
    }
    if (identity)
        goto out;
    sb_addf(&em->uselist, "  uselistorder label %s, { ", em_local_name(em, B));
    for (size_t p = 0; p < nall; p++)
        sb_addf(&em->uselist, "%s%zu", p ? ", " : "", idx[p]);
    sb_adds(&em->uselist, " }\n");
out:
    mem_free(wanted);
    mem_free(cur);
    mem_free(key);
    mem_free(idx);
    mem_free(used);
}

static void write_function(Em *em, Sym fn) {
    StrBuf *out = em->out;
    bool def = em_has(em->f, REL_function_definition, fn);
    Sym sig = em_need_sym(em, REL_function_signature, fn, 1);
    const uint32_t *br;
    if (!def && em_find(em->f, REL_block_function, 1, fn, &br))
        em_error(em, "function %s has blocks (relation block_function) but no row in relation "
                 "function_definition", em_str(em->f, fn));
    em->cur_fn = fn;
    EmFn *L = def ? em_fn(em, fn) : NULL;
    sb_adds(out, def ? "\ndefine" : "\ndeclare");
    if (!def)
        add_md_attachments(em, REL_function_metadata, fn, " ");
    add_linkage_etc(em, fn, false);
    add_cc(em, em_opt_sym(em, REL_function_calling_convention, fn, 1));
    add_attrs(em, REL_function_return_attribute, fn, " ");
    Sym ret = sig == EM_NONE ? EM_NONE : em_need_sym(em, REL_function_type_return, sig, 1);
    sb_addf(out, " %s %s(", ret == EM_NONE ? "<error>" : em_type(em, ret), em_global_name(em, fn));
    uint32_t *rows;
    size_t np = sig == EM_NONE ? 0 : em_rows_sorted(em, REL_function_type_param, 0, sig, 1, &rows);
    uint32_t *prow = NULL;
    size_t npv = em_rows_sorted(em, REL_function_param, 0, fn, 1, &prow);
    if (def && npv != np)
        em_error(em, "function %s: its type has %zu parameters (relation function_type_param), "
                     "relation function_param has %zu",
                 em_str(em->f, fn), np, npv);
    for (size_t i = 0; i < np; i++) {
        if (i)
            sb_adds(out, ", ");
        sb_adds(out, em_type(em, (Sym)em_cell(em->f, REL_function_type_param, rows[i], 2)));
        add_slot_attrs(em, REL_function_param_attribute, fn, (int64_t)i);
        if (def && i < npv)
            sb_addf(out, " %s", em_local_name(em, (Sym)em_cell(em->f, REL_function_param, prow[i], 2)));
    }
    if (sig != EM_NONE && em_has(em->f, REL_function_type_varargs, sig))
        sb_adds(out, np ? ", ..." : "...");
    sb_addc(out, ')');
    Sym ua = em_opt_sym(em, REL_global_value_unnamed_addr, fn, 1);
    if (ua != EM_NONE)
        sb_addf(out, " %s", em_str(em->f, ua));
    uint64_t as = 0;
    /* as llvm-dis: also addrspace(0) when the program address space is another, where
     * the parser would otherwise put the function */
    if (!em_get(em->f, REL_global_value_address_space, fn, 1, &as))
        as = 0;
    if (as || em->prog_as)
        sb_addf(out, " addrspace(%llu)", (unsigned long long)as);
    add_attrs(em, REL_function_fn_attribute, fn, " ");
    add_section_partition(em, fn, " ");
    add_comdat(em, fn, em_opt_sym(em, REL_function_name, fn, 1), " ");
    uint64_t al;
    if (em_get(em->f, REL_global_value_alignment, fn, 1, &al))
        sb_addf(out, " align %llu", (unsigned long long)al);
    Sym gc = em_opt_sym(em, REL_function_gc, fn, 1);
    if (gc != EM_NONE) {
        sb_adds(out, " gc ");
        em_add_quoted(out, em_str(em->f, gc), em_len(em->f, gc));
    }
    Sym c = em_opt_sym(em, REL_function_prefix_data, fn, 1);
    if (c != EM_NONE)
        sb_addf(out, " prefix %s", em_operand(em, c));
    c = em_opt_sym(em, REL_function_prologue_data, fn, 1);
    if (c != EM_NONE)
        sb_addf(out, " prologue %s", em_operand(em, c));
    c = em_opt_sym(em, REL_function_personality, fn, 1);
    if (c != EM_NONE)
        sb_addf(out, " personality %s", em_operand(em, c));
    if (!def) {
        sb_addc(out, '\n');
        em->cur_fn = EM_NONE;
        return;
    }
    add_md_attachments(em, REL_function_metadata, fn, " ");
    sb_adds(out, " {\n");
    if (L && L->nblocks == 0)
        em_error(em, "function %s is a function_definition but has no block (block_function)",
                 em_str(em->f, fn));
    if (L) {
        for (size_t b = 0; b < L->nblocks; b++) {
            const char *bn = em_local_name(em, L->blocks[b]);
            if (b)
                sb_addc(out, '\n');
            /* the entry block's label is written too: llvm-as checks its number */
            sb_addf(out, "%s:\n", bn + 1);
            for (size_t i = 0; i < L->ninsns[b]; i++) {
                write_debug_records(em, L->insns[b][i]);
                write_instruction(em, L->insns[b][i]);
            }
        }
    }
    if (L) {
        sb_reset(&em->uselist);
        for (size_t b = 0; b < L->nblocks; b++)
            block_uselist(em, L->blocks[b]);
        if (em->uselist.len) {
            sb_addc(out, '\n');
            sb_add(out, em->uselist.buf, em->uselist.len);
        }
    }
    sb_adds(out, "}\n");
    em->cur_fn = EM_NONE;
}

/* ---- the module ---- */

/* A line of the header: key, then the string s quoted; nothing when s is EM_NONE (the
 * module has no such row). */
static void add_header_line(Em *em, const char *key, Sym s) {
    if (s == EM_NONE)
        return;
    sb_adds(em->out, key);
    em_add_quoted(em->out, em_str(em->f, s), em_len(em->f, s));
    sb_addc(em->out, '\n');
}

/* The program address space of datalayout string s: the N of its `P<N>` component
 * (components are separated by '-'), 0 when it has none. */
static uint64_t program_address_space(const char *s) {
    for (const char *p = s; *p;) {
        const char *e = strchr(p, '-');
        if (!e)
            e = p + strlen(p);
        if (*p == 'P' && e > p + 1) {
            uint64_t v = 0;
            const char *q = p + 1;
            for (; q < e && *q >= '0' && *q <= '9' && v < UINT32_MAX; q++)
                v = v * 10 + (uint64_t)(*q - '0');
            if (q == e)
                return v;
        }
        p = *e ? e + 1 : e;
    }
    return 0;
}

static void write_header(Em *em) {
    StrBuf *out = em->out;
    EmRel *mods = em_rel(em->f, REL_module);
    if (mods->nrows != 1) {
        em_error(em, "relation module has %zu rows; a fact set describes exactly one module",
                 mods->nrows);
        return;
    }
    Sym m = (Sym)em_cell(em->f, REL_module, 0, 0);
    add_header_line(em, "source_filename = ", em_opt_sym(em, REL_module_source_filename, m, 1));
    Sym dl = em_opt_sym(em, REL_module_data_layout, m, 1);
    add_header_line(em, "target datalayout = ", dl);
    em->prog_as = dl == EM_NONE ? 0 : program_address_space(em_str(em->f, dl));
    add_header_line(em, "target triple = ", em_opt_sym(em, REL_module_target_triple, m, 1));
    uint32_t *rows;
    size_t n = em_rows_sorted(em, REL_module_inline_asm, 0, m, 1, &rows);
    if (n)
        sb_addc(out, '\n');
    for (size_t i = 0; i < n; i++) {
        Sym l = (Sym)em_cell(em->f, REL_module_inline_asm, rows[i], 2);
        sb_adds(out, "module asm ");
        em_add_quoted(out, em_str(em->f, l), em_len(em->f, l));
        sb_addc(out, '\n');
    }
}

static void write_struct_types(Em *em) {
    EmRel *er = em_rel(em->f, REL_struct_type);
    bool any = false;
    for (size_t i = 0; i < er->nrows; i++) {
        Sym t = (Sym)em_cell(em->f, REL_struct_type, i, 0);
        if (em_has(em->f, REL_struct_type_literal, t))
            continue;
        if (!any)
            sb_addc(em->out, '\n');
        any = true;
        sb_addf(em->out, "%s = type ", em_type(em, t));
        if (em_has(em->f, REL_struct_type_opaque, t)) {
            sb_adds(em->out, "opaque\n");
            continue;
        }
        bool packed = em_has(em->f, REL_struct_type_packed, t);
        uint32_t *rows;
        size_t n = em_rows_sorted(em, REL_struct_type_field, 0, t, 1, &rows);
        em_check_count(em, t, REL_struct_type_nfields, REL_struct_type_field, n, false);
        sb_adds(em->out, packed ? "<{" : "{");
        for (size_t k = 0; k < n; k++) {
            sb_adds(em->out, k ? ", " : " ");
            sb_adds(em->out, em_type(em, (Sym)em_cell(em->f, REL_struct_type_field, rows[k], 2)));
        }
        sb_adds(em->out, n ? " " : "");
        sb_adds(em->out, packed ? "}>\n" : "}\n");
    }
}

static void write_comdats(Em *em) {
    EmRel *er = em_rel(em->f, REL_comdat);
    if (er->nrows)
        sb_addc(em->out, '\n');
    for (size_t i = 0; i < er->nrows; i++) {
        Sym c = (Sym)em_cell(em->f, REL_comdat, i, 0);
        Sym n = em_need_sym(em, REL_comdat_name, c, 1);
        if (n == EM_NONE)
            continue;
        em_add_name(em->out, '$', em_str(em->f, n), em_len(em->f, n));
        sb_addf(em->out, " = comdat %s\n", S(em, em_need_sym(em, REL_comdat_selection_kind, c, 1)));
    }
}

static void write_named_metadata(Em *em) {
    EmRel *er = em_rel(em->f, REL_named_metadata_noperands);
    for (size_t i = 0; i < er->nrows; i++) {
        Sym nm = (Sym)em_cell(em->f, REL_named_metadata_noperands, i, 0);
        if (!em_has(em->f, REL_named_metadata, nm))
            em_error(em, "named metadata %s has a row in relation named_metadata_noperands but "
                         "none in relation named_metadata",
                     em_str(em->f, nm));
    }
    er = em_rel(em->f, REL_named_metadata);
    if (er->nrows)
        sb_addc(em->out, '\n');
    for (size_t i = 0; i < er->nrows; i++) {
        Sym nm = (Sym)em_cell(em->f, REL_named_metadata, i, 0);
        em_add_md_name(em->out, em_str(em->f, nm), em_len(em->f, nm));
        sb_adds(em->out, " = !{");
        uint32_t *rows;
        size_t n = em_rows_sorted(em, REL_named_metadata_operand, 0, nm, 1, &rows);
        for (size_t k = 0; k < n; k++)
            sb_addf(em->out, "%s%s", k ? ", " : "",
                    em_md(em, (Sym)em_cell(em->f, REL_named_metadata_operand, rows[k], 2)));
        sb_adds(em->out, "}\n");
    }
}

static void write_md_nodes(Em *em) {
    EmRel *er = em_rel(em->f, REL_metadata_node);
    if (er->nrows)
        sb_addc(em->out, '\n');
    StrBuf *out = em->out;
    for (size_t i = 0; i < er->nrows; i++) {
        Sym m = (Sym)em_cell(em->f, REL_metadata_node, i, 0);
        sb_addf(out, "%s = ", em_md(em, m));
        if (em_has(em->f, REL_metadata_distinct, m))
            sb_adds(out, "distinct ");
        const char *c = S(em, em_need_sym(em, REL_metadata_class, m, 1));
        if (!strcmp(c, "tuple")) {
            sb_adds(out, "!{");
            em_md_operands(em, out, m, true);
            sb_adds(out, "}\n");
            continue;
        }
        /* a specialised node: its fields as llvm-dis prints them */
        sb_addf(out, "!%s(", c);
        const uint32_t *rows;
        size_t n = em_find(em->f, REL_di_node_field, 0, m, &rows);
        for (size_t k = 0; k < n; k++)
            sb_addf(out, "%s%s: %s", k ? ", " : "",
                    S(em, (Sym)em_cell(em->f, REL_di_node_field, rows[k], 1)),
                    S(em, (Sym)em_cell(em->f, REL_di_node_field, rows[k], 2)));
        sb_adds(out, ")\n");
    }
}

Status em_write_module(Em *em) {
    Status st = init_rel_names(em);
    if (st != OK)
        return st;
    st = em_number_globals(em);
    if (st != OK)
        return st;
    write_header(em);
    write_struct_types(em);
    write_comdats(em);
    /* globals in module order (em_number_globals: by global_value_index) */
    if (em->ngorder[0])
        sb_addc(em->out, '\n');
    for (size_t i = 0; i < em->ngorder[0]; i++)
        write_global_variable(em, em->gorder[0][i]);
    if (em->ngorder[1])
        sb_addc(em->out, '\n');
    for (size_t i = 0; i < em->ngorder[1]; i++)
        write_alias_ifunc(em, em->gorder[1][i], false);
    if (em->ngorder[2])
        sb_addc(em->out, '\n');
    for (size_t i = 0; i < em->ngorder[2]; i++)
        write_alias_ifunc(em, em->gorder[2][i], true);
    for (size_t i = 0; i < em->ngorder[3]; i++)
        write_function(em, em->gorder[3][i]);
    if (em->uselist.oom)
        em->oom = true;
    check_debug_records(em);
    write_named_metadata(em);
    write_md_nodes(em);
    if (em_rel(em->f, REL_module)->nrows == 1)
        em_write_summary(em, (Sym)em_cell(em->f, REL_module, 0, 0));
    if (em->oom || em->out->oom || em->f->st == E_NOMEM)
        return E_NOMEM;
    if (em->f->st != OK)
        return em->f->st;
    return em->nerrors ? E_SEMANTIC : OK;
}

Status emit_ll_from_facts(const char *factdir, StrBuf *out, Diags *d) {
    EmFacts *f = mem_calloc(1, sizeof *f);
    if (!f)
        return E_NOMEM;
    Status st = em_facts_load(f, factdir, d);
    if (st == OK) {
        Em em;
        memset(&em, 0, sizeof em);
        em.f = f;
        em.d = d;
        em.out = out;
        em.cur_fn = EM_NONE;
        sb_init(&em.uselist);
        st = em_write_module(&em);
        map_release(&em.type_text);
        map_release(&em.const_text);
        map_release(&em.attr_text);
        map_release(&em.global_name);
        map_release(&em.local_name);
        map_release(&em.fn_layout);
        map_release(&em.md_text);
        map_release(&em.rel_names);
        map_release(&em.unnamed_struct);
        sb_release(&em.uselist);
        arena_release(&em.arena);
    }
    em_facts_release(f);
    mem_free(f);
    return st;
}
