/*
 * ir_insn.c — per-opcode relations: every operand in its role, every flag and option of
 * every opcode of LLVM 19 (rel/insn.def; docs/instructions.md is the guide), and the
 * inline asm entities.
 *
 * ir_walk.c has already emitted the generic relations of the instruction (opcode,
 * operands, result, CFG); ir_insn_emit adds what is specific to the opcode. It reads
 * only through getters, one instruction at a time, so it is linear in the module size.
 * The one thing the C API of LLVM 19 cannot reach, a named syncscope("..."), comes from
 * the instruction's printed line (ir_text_insn_line) when the metadata area provides
 * it; without that line a named scope is indistinguishable from the default one and
 * no row is written.
 *
 * Encodings (spelled as llvm-dis prints them): atomic orderings, atomicrmw operations,
 * icmp/fcmp predicates, calling conventions (ccN when unnamed), tail-call kinds,
 * fast-math flags (each flag a row, plus `fast` when all seven are set). Call-site
 * attributes go to <op>_instruction_{fn,return,arg}_attribute, like a function's.
 * Shufflevector mask elements that are poison/undef are -1.
 */
#include <string.h>

#include "ir_int.h"

/* ---- spellings ---- */

static const char *ordering_name(LLVMAtomicOrdering o) {
    switch (o) {
    case LLVMAtomicOrderingNotAtomic: return NULL;
    case LLVMAtomicOrderingUnordered: return "unordered";
    case LLVMAtomicOrderingMonotonic: return "monotonic";
    case LLVMAtomicOrderingAcquire: return "acquire";
    case LLVMAtomicOrderingRelease: return "release";
    case LLVMAtomicOrderingAcquireRelease: return "acq_rel";
    case LLVMAtomicOrderingSequentiallyConsistent: return "seq_cst";
    }
    return "unknown";
}

static const char *rmw_name(LLVMAtomicRMWBinOp op) {
    switch (op) {
    case LLVMAtomicRMWBinOpXchg: return "xchg";
    case LLVMAtomicRMWBinOpAdd: return "add";
    case LLVMAtomicRMWBinOpSub: return "sub";
    case LLVMAtomicRMWBinOpAnd: return "and";
    case LLVMAtomicRMWBinOpNand: return "nand";
    case LLVMAtomicRMWBinOpOr: return "or";
    case LLVMAtomicRMWBinOpXor: return "xor";
    case LLVMAtomicRMWBinOpMax: return "max";
    case LLVMAtomicRMWBinOpMin: return "min";
    case LLVMAtomicRMWBinOpUMax: return "umax";
    case LLVMAtomicRMWBinOpUMin: return "umin";
    case LLVMAtomicRMWBinOpFAdd: return "fadd";
    case LLVMAtomicRMWBinOpFSub: return "fsub";
    case LLVMAtomicRMWBinOpFMax: return "fmax";
    case LLVMAtomicRMWBinOpFMin: return "fmin";
    case LLVMAtomicRMWBinOpUIncWrap: return "uinc_wrap";
    case LLVMAtomicRMWBinOpUDecWrap: return "udec_wrap";
    }
    return "unknown";
}

static const char *icmp_name(LLVMIntPredicate p) {
    switch (p) {
    case LLVMIntEQ: return "eq";
    case LLVMIntNE: return "ne";
    case LLVMIntUGT: return "ugt";
    case LLVMIntUGE: return "uge";
    case LLVMIntULT: return "ult";
    case LLVMIntULE: return "ule";
    case LLVMIntSGT: return "sgt";
    case LLVMIntSGE: return "sge";
    case LLVMIntSLT: return "slt";
    case LLVMIntSLE: return "sle";
    }
    return "unknown";
}

static const char *fcmp_name(LLVMRealPredicate p) {
    switch (p) {
    case LLVMRealPredicateFalse: return "false";
    case LLVMRealOEQ: return "oeq";
    case LLVMRealOGT: return "ogt";
    case LLVMRealOGE: return "oge";
    case LLVMRealOLT: return "olt";
    case LLVMRealOLE: return "ole";
    case LLVMRealONE: return "one";
    case LLVMRealORD: return "ord";
    case LLVMRealUNO: return "uno";
    case LLVMRealUEQ: return "ueq";
    case LLVMRealUGT: return "ugt";
    case LLVMRealUGE: return "uge";
    case LLVMRealULT: return "ult";
    case LLVMRealULE: return "ule";
    case LLVMRealUNE: return "une";
    case LLVMRealPredicateTrue: return "true";
    }
    return "unknown";
}

/* Appends s[0..n) the way AsmWriter's printEscapedString does: printable characters
 * other than \ and " as they are, everything else as \XX (upper-case hex). */
/* ---- shared pieces ---- */

typedef void (*ScopeEmit)(FactSink *o, const char *insn, const char *scope);

/* The synchronization scope of an atomic instruction, when it is not the default
 * (system) one: "singlethread" from the C API, a named scope from the printed line. */
static void emit_syncscope(IrCtx *c, LLVMValueRef i, const char *id, ScopeEmit emit) {
    if (LLVMIsAtomicSingleThread(i)) {
        emit(c->out, id, "singlethread");
        return;
    }
    const char *line = ir_text_insn_line(c, i);
    const char *p = line ? strstr(line, " syncscope(\"") : NULL;
    if (!p)
        return;
    p += strlen(" syncscope(\"");
    StrBuf sb = SB_INIT;
    for (; *p && *p != '"'; p++) {
        int h, l;
        if (*p == '\\' && (h = ir_hexval(p[1])) >= 0 && (l = ir_hexval(p[2])) >= 0) {
            sb_addc(&sb, (char)(h * 16 + l));
            p += 2;
        } else {
            sb_addc(&sb, *p);
        }
    }
    if (*p == '"' && !sb.oom)
        emit(c->out, id, ir_intern(c, sb.buf, sb.len));
    else if (sb.oom)
        ir_fail(c, E_NOMEM);
    sb_release(&sb);
}

static const char *op_id(IrCtx *c, LLVMValueRef i, unsigned k) {
    return ir_value_id(c, LLVMGetOperand(i, k));
}

/* The fast-math flags, in llvm-dis's order. */
static const struct {
    unsigned bit;
    const char *name;
} fmf_names[] = {
    {LLVMFastMathAllowReassoc, "reassoc"}, {LLVMFastMathNoNaNs, "nnan"},
    {LLVMFastMathNoInfs, "ninf"},          {LLVMFastMathNoSignedZeros, "nsz"},
    {LLVMFastMathAllowReciprocal, "arcp"}, {LLVMFastMathAllowContract, "contract"},
    {LLVMFastMathApproxFunc, "afn"},
};

static void emit_flag(IrCtx *c, const char *id, const char *flag) {
    emit_instruction_flag(c->out, id, flag);
}

static void emit_fast_math(IrCtx *c, LLVMValueRef i, const char *id) {
    if (!LLVMCanValueUseFastMathFlags(i))
        return;
    LLVMFastMathFlags f = LLVMGetFastMathFlags(i);
    for (size_t k = 0; k < ARRAY_LEN(fmf_names); k++) {
        if (f & fmf_names[k].bit) {
            emit_instruction_fast_math_flag(c->out, id, fmf_names[k].name);
            emit_flag(c, id, fmf_names[k].name);
        }
    }
    if ((f & LLVMFastMathAll) == LLVMFastMathAll) {
        emit_instruction_fast_math_flag(c->out, id, "fast");
        emit_flag(c, id, "fast");
    }
}

/* Emitters of one call-like opcode (call, invoke, callbr). */
typedef struct CallRels {
    void (*function)(FactSink *, const char *, const char *);
    void (*function_type)(FactSink *, const char *, const char *);
    void (*arg)(FactSink *, const char *, int64_t, const char *);
    void (*nargs)(FactSink *, const char *, int64_t);
    void (*cc)(FactSink *, const char *, const char *);
    void (*fn_attr)(FactSink *, const char *, const char *);
    void (*ret_attr)(FactSink *, const char *, const char *);
    void (*arg_attr)(FactSink *, const char *, int64_t, const char *);
    void (*bundle)(FactSink *, const char *, int64_t, const char *);
    void (*bundle_input)(FactSink *, const char *, int64_t, int64_t, const char *);
} CallRels;

static const CallRels call_rels = {
    emit_call_instruction_function,     emit_call_instruction_function_type,
    emit_call_instruction_arg,          emit_call_instruction_nargs,
    emit_call_instruction_calling_convention, emit_call_instruction_fn_attribute,
    emit_call_instruction_return_attribute, emit_call_instruction_arg_attribute,
    emit_call_instruction_bundle,       emit_call_instruction_bundle_input,
};
static const CallRels invoke_rels = {
    emit_invoke_instruction_function,     emit_invoke_instruction_function_type,
    emit_invoke_instruction_arg,          emit_invoke_instruction_nargs,
    emit_invoke_instruction_calling_convention, emit_invoke_instruction_fn_attribute,
    emit_invoke_instruction_return_attribute, emit_invoke_instruction_arg_attribute,
    emit_invoke_instruction_bundle,       emit_invoke_instruction_bundle_input,
};
static const CallRels callbr_rels = {
    emit_callbr_instruction_function,     emit_callbr_instruction_function_type,
    emit_callbr_instruction_arg,          emit_callbr_instruction_nargs,
    emit_callbr_instruction_calling_convention, emit_callbr_instruction_fn_attribute,
    emit_callbr_instruction_return_attribute, emit_callbr_instruction_arg_attribute,
    emit_callbr_instruction_bundle,       emit_callbr_instruction_bundle_input,
};

/* Call-site attributes: function, return value, then each actual argument. The
 * printed line of the call gives the values of range(...)/initializes(...). */
static void emit_call_attrs(IrCtx *c, LLVMValueRef i, const char *id, const CallRels *r,
                            unsigned nargs) {
    Vec(LLVMAttributeRef) buf = {0};
    const char *line = NULL;
    bool have_line = false;
    for (int64_t idx = -1; idx <= (int64_t)nargs; idx++) {
        LLVMAttributeIndex ai =
            idx < 0 ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex : (LLVMAttributeIndex)idx;
        unsigned n = LLVMGetCallSiteAttributeCount(i, ai);
        if (!n)
            continue;
        if (vec_reserve(&buf, n) != OK) {
            ir_fail(c, E_NOMEM);
            break;
        }
        if (!have_line) {
            line = ir_text_insn_line(c, i);
            have_line = true;
        }
        LLVMGetCallSiteAttributes(i, ai, buf.v);
        for (unsigned k = 0; k < n; k++) {
            const char *a = ir_attr_id_at(c, buf.v[k], line, ai);
            if (idx < 0)
                r->fn_attr(c->out, id, a);
            else if (idx == 0)
                r->ret_attr(c->out, id, a);
            else
                r->arg_attr(c->out, id, idx - 1, a);
        }
    }
    vec_release(&buf);
}

static void emit_call_like(IrCtx *c, LLVMValueRef i, const char *id, const CallRels *r) {
    FactSink *o = c->out;
    r->function(o, id, ir_value_id(c, LLVMGetCalledValue(i)));
    r->function_type(o, id, ir_type_id(c, LLVMGetCalledFunctionType(i)));
    unsigned nargs = LLVMGetNumArgOperands(i);
    for (unsigned k = 0; k < nargs; k++)
        r->arg(o, id, k, op_id(c, i, k));
    r->nargs(o, id, nargs);
    r->cc(o, id, ir_callconv_name(LLVMGetInstructionCallConv(i)));
    emit_call_attrs(c, i, id, r, nargs);
    unsigned nb = LLVMGetNumOperandBundles(i);
    for (unsigned b = 0; b < nb; b++) {
        LLVMOperandBundleRef ob = LLVMGetOperandBundleAtIndex(i, b);
        if (!ob) {
            ir_fail(c, E_NOMEM);
            return;
        }
        size_t len;
        const char *tag = LLVMGetOperandBundleTag(ob, &len);
        r->bundle(o, id, b, ir_intern(c, tag, len));
        unsigned na = LLVMGetNumOperandBundleArgs(ob);
        for (unsigned k = 0; k < na; k++)
            r->bundle_input(o, id, b, k, ir_value_id(c, LLVMGetOperandBundleArgAtIndex(ob, k)));
        LLVMDisposeOperandBundle(ob);
    }
    emit_fast_math(c, i, id);
}

/* ---- per category ---- */

static void emit_binary(IrCtx *c, LLVMValueRef i, const char *id, LLVMOpcode op) {
    FactSink *o = c->out;
    const char *a = op_id(c, i, 0), *b = op_id(c, i, 1);
    bool wrap = false, exact = false;
    switch (op) {
#define BIN(llvm, name)                                                                            \
    case llvm:                                                                                     \
        emit_##name##_instruction_first_operand(o, id, a);                                         \
        emit_##name##_instruction_second_operand(o, id, b);                                        \
        break;
        BIN(LLVMAdd, add)
        BIN(LLVMFAdd, fadd)
        BIN(LLVMSub, sub)
        BIN(LLVMFSub, fsub)
        BIN(LLVMMul, mul)
        BIN(LLVMFMul, fmul)
        BIN(LLVMUDiv, udiv)
        BIN(LLVMSDiv, sdiv)
        BIN(LLVMFDiv, fdiv)
        BIN(LLVMURem, urem)
        BIN(LLVMSRem, srem)
        BIN(LLVMFRem, frem)
        BIN(LLVMShl, shl)
        BIN(LLVMLShr, lshr)
        BIN(LLVMAShr, ashr)
        BIN(LLVMAnd, and)
        BIN(LLVMOr, or)
        BIN(LLVMXor, xor)
#undef BIN
    default: break;
    }
    switch (op) {
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMShl: wrap = true; break;
    case LLVMUDiv:
    case LLVMSDiv:
    case LLVMLShr:
    case LLVMAShr: exact = true; break;
    default: break;
    }
    if (wrap) {
        bool nuw = LLVMGetNUW(i), nsw = LLVMGetNSW(i);
        if (nuw) {
            emit_flag(c, id, "nuw");
            if (op == LLVMAdd)
                emit_add_instruction_nuw(o, id);
            else if (op == LLVMSub)
                emit_sub_instruction_nuw(o, id);
            else if (op == LLVMMul)
                emit_mul_instruction_nuw(o, id);
            else
                emit_shl_instruction_nuw(o, id);
        }
        if (nsw) {
            emit_flag(c, id, "nsw");
            if (op == LLVMAdd)
                emit_add_instruction_nsw(o, id);
            else if (op == LLVMSub)
                emit_sub_instruction_nsw(o, id);
            else if (op == LLVMMul)
                emit_mul_instruction_nsw(o, id);
            else
                emit_shl_instruction_nsw(o, id);
        }
    }
    if (exact && LLVMGetExact(i)) {
        emit_flag(c, id, "exact");
        if (op == LLVMUDiv)
            emit_udiv_instruction_exact(o, id);
        else if (op == LLVMSDiv)
            emit_sdiv_instruction_exact(o, id);
        else if (op == LLVMLShr)
            emit_lshr_instruction_exact(o, id);
        else
            emit_ashr_instruction_exact(o, id);
    }
    if (op == LLVMOr && LLVMGetIsDisjoint(i)) {
        emit_flag(c, id, "disjoint");
        emit_or_instruction_disjoint(o, id);
    }
    emit_fast_math(c, i, id);
}

static void emit_conversion(IrCtx *c, LLVMValueRef i, const char *id, LLVMOpcode op) {
    FactSink *o = c->out;
    const char *from = op_id(c, i, 0);
    const char *to = ir_type_id(c, LLVMTypeOf(i));
    switch (op) {
#define CONV(llvm, name)                                                                           \
    case llvm:                                                                                     \
        emit_##name##_instruction_from(o, id, from);                                               \
        emit_##name##_instruction_to_type(o, id, to);                                              \
        break;
        CONV(LLVMTrunc, trunc)
        CONV(LLVMZExt, zext)
        CONV(LLVMSExt, sext)
        CONV(LLVMFPTrunc, fptrunc)
        CONV(LLVMFPExt, fpext)
        CONV(LLVMFPToUI, fptoui)
        CONV(LLVMFPToSI, fptosi)
        CONV(LLVMUIToFP, uitofp)
        CONV(LLVMSIToFP, sitofp)
        CONV(LLVMPtrToInt, ptrtoint)
        CONV(LLVMIntToPtr, inttoptr)
        CONV(LLVMBitCast, bitcast)
        CONV(LLVMAddrSpaceCast, addrspacecast)
#undef CONV
    default: break;
    }
    if (op == LLVMTrunc) {
        if (LLVMGetNUW(i)) {
            emit_flag(c, id, "nuw");
            emit_trunc_instruction_nuw(o, id);
        }
        if (LLVMGetNSW(i)) {
            emit_flag(c, id, "nsw");
            emit_trunc_instruction_nsw(o, id);
        }
    } else if ((op == LLVMZExt || op == LLVMUIToFP) && LLVMGetNNeg(i)) {
        emit_flag(c, id, "nneg");
        if (op == LLVMZExt)
            emit_zext_instruction_nneg(o, id);
        else
            emit_uitofp_instruction_nneg(o, id);
    }
    emit_fast_math(c, i, id);
}

static void emit_terminator(IrCtx *c, LLVMValueRef i, const char *id, LLVMOpcode op) {
    FactSink *o = c->out;
    switch (op) {
    case LLVMRet:
        if (LLVMGetNumOperands(i) == 0)
            emit_ret_instruction_void(o, id);
        else
            emit_ret_instruction_value(o, id, op_id(c, i, 0));
        break;
    case LLVMBr:
        if (LLVMIsConditional(i)) {
            emit_br_instruction_conditional(o, id);
            emit_br_instruction_condition(o, id, ir_value_id(c, LLVMGetCondition(i)));
            emit_br_instruction_true_label(o, id, ir_block_id(c, LLVMGetSuccessor(i, 0)));
            emit_br_instruction_false_label(o, id, ir_block_id(c, LLVMGetSuccessor(i, 1)));
        } else {
            emit_br_instruction_unconditional(o, id);
            emit_br_instruction_dest(o, id, ir_block_id(c, LLVMGetSuccessor(i, 0)));
        }
        break;
    case LLVMSwitch: {
        emit_switch_instruction_condition(o, id, op_id(c, i, 0));
        emit_switch_instruction_default_label(o, id, ir_block_id(c, LLVMGetSwitchDefaultDest(i)));
        unsigned n = LLVMGetNumSuccessors(i);
        for (unsigned k = 1; k < n; k++)
            emit_switch_instruction_case(o, id, k - 1, op_id(c, i, 2 * k),
                                         ir_block_id(c, LLVMGetSuccessor(i, k)));
        emit_switch_instruction_ncases(o, id, n ? n - 1 : 0);
        break;
    }
    case LLVMIndirectBr: {
        emit_indirectbr_instruction_address(o, id, op_id(c, i, 0));
        unsigned n = LLVMGetNumSuccessors(i);
        for (unsigned k = 0; k < n; k++)
            emit_indirectbr_instruction_label(o, id, k, ir_block_id(c, LLVMGetSuccessor(i, k)));
        emit_indirectbr_instruction_nlabels(o, id, n);
        break;
    }
    case LLVMInvoke:
        emit_call_like(c, i, id, &invoke_rels);
        emit_invoke_instruction_normal_label(o, id, ir_block_id(c, LLVMGetNormalDest(i)));
        emit_invoke_instruction_exception_label(o, id, ir_block_id(c, LLVMGetUnwindDest(i)));
        break;
    case LLVMCallBr: {
        emit_call_like(c, i, id, &callbr_rels);
        emit_callbr_instruction_default_label(o, id, ir_block_id(c, LLVMGetCallBrDefaultDest(i)));
        unsigned n = LLVMGetCallBrNumIndirectDests(i);
        for (unsigned k = 0; k < n; k++)
            emit_callbr_instruction_indirect_label(o, id, k,
                                                   ir_block_id(c, LLVMGetCallBrIndirectDest(i, k)));
        emit_callbr_instruction_nindirect_labels(o, id, n);
        break;
    }
    case LLVMResume: emit_resume_instruction_value(o, id, op_id(c, i, 0)); break;
    case LLVMCatchSwitch: {
        emit_catchswitch_instruction_parent(o, id, op_id(c, i, 0));
        unsigned n = LLVMGetNumHandlers(i);
        Vec(LLVMBasicBlockRef) hs = {0};
        if (vec_reserve(&hs, n ? n : 1) != OK) {
            ir_fail(c, E_NOMEM);
            break;
        }
        LLVMGetHandlers(i, hs.v);
        for (unsigned k = 0; k < n; k++)
            emit_catchswitch_instruction_handler(o, id, k, ir_block_id(c, hs.v[k]));
        vec_release(&hs);
        emit_catchswitch_instruction_nhandlers(o, id, n);
        LLVMBasicBlockRef u = LLVMGetUnwindDest(i);
        if (u)
            emit_catchswitch_instruction_unwind_label(o, id, ir_block_id(c, u));
        else
            emit_catchswitch_instruction_unwind_to_caller(o, id);
        break;
    }
    case LLVMCatchRet:
        emit_catchret_instruction_from(o, id, op_id(c, i, 0));
        emit_catchret_instruction_to(o, id, ir_block_id(c, LLVMGetSuccessor(i, 0)));
        break;
    case LLVMCleanupRet: {
        emit_cleanupret_instruction_from(o, id, op_id(c, i, 0));
        LLVMBasicBlockRef u = LLVMGetUnwindDest(i);
        if (u)
            emit_cleanupret_instruction_unwind_label(o, id, ir_block_id(c, u));
        else
            emit_cleanupret_instruction_unwind_to_caller(o, id);
        break;
    }
    default: break; /* unreachable: nothing beyond the generic relations */
    }
}

/* `alloca [inalloca] [swifterror] T`: flags the C API of LLVM 19 does not reach, read
 * from the printed line when there is one. */
static void emit_alloca_flags(IrCtx *c, LLVMValueRef i, const char *id) {
    const char *line = ir_text_insn_line(c, i);
    const char *p = line ? strstr(line, "= alloca ") : NULL;
    if (!p)
        return;
    p += strlen("= alloca ");
    for (;;) {
        if (!strncmp(p, "inalloca ", 9)) {
            emit_alloca_instruction_inalloca(c->out, id);
            p += 9;
        } else if (!strncmp(p, "swifterror ", 11)) {
            emit_alloca_instruction_swifterror(c->out, id);
            p += 11;
        } else {
            break;
        }
    }
}

/* The alignment of an alloca, load, store, cmpxchg or atomicrmw. LLVM's C getter
 * returns `unsigned`, so the largest alignment LLVM allows, 2^32 (`align 4294967296`),
 * comes back as 0; an instruction's alignment is never 0 (LLVM's Align is a power of
 * two from 1 to 2^32), so 0 can only be that one and is made whole here. */
static uint64_t insn_alignment(LLVMValueRef i) {
    unsigned a = LLVMGetAlignment(i);
    return a ? a : (uint64_t)1 << 32;
}

static void emit_memory(IrCtx *c, LLVMValueRef i, const char *id, LLVMOpcode op) {
    FactSink *o = c->out;
    switch (op) {
    case LLVMAlloca:
        emit_alloca_instruction_type(o, id, ir_type_id(c, LLVMGetAllocatedType(i)));
        emit_alloca_instruction_size(o, id, op_id(c, i, 0));
        emit_alloca_instruction_alignment(o, id, (int64_t)insn_alignment(i));
        emit_alloca_flags(c, i, id);
        break;
    case LLVMLoad: {
        emit_load_instruction_address(o, id, op_id(c, i, 0));
        emit_load_instruction_type(o, id, ir_type_id(c, LLVMTypeOf(i)));
        emit_load_instruction_alignment(o, id, (int64_t)insn_alignment(i));
        if (LLVMGetVolatile(i))
            emit_load_instruction_volatile(o, id);
        const char *ord = ordering_name(LLVMGetOrdering(i));
        if (ord) {
            emit_load_instruction_ordering(o, id, ord);
            emit_syncscope(c, i, id, emit_load_instruction_syncscope);
        }
        break;
    }
    case LLVMStore: {
        LLVMValueRef v = LLVMGetOperand(i, 0);
        emit_store_instruction_value(o, id, ir_value_id(c, v));
        emit_store_instruction_address(o, id, op_id(c, i, 1));
        emit_store_instruction_value_type(o, id, ir_type_id(c, LLVMTypeOf(v)));
        emit_store_instruction_alignment(o, id, (int64_t)insn_alignment(i));
        if (LLVMGetVolatile(i))
            emit_store_instruction_volatile(o, id);
        const char *ord = ordering_name(LLVMGetOrdering(i));
        if (ord) {
            emit_store_instruction_ordering(o, id, ord);
            emit_syncscope(c, i, id, emit_store_instruction_syncscope);
        }
        break;
    }
    case LLVMGetElementPtr: {
        emit_getelementptr_instruction_base(o, id, op_id(c, i, 0));
        emit_getelementptr_instruction_source_type(o, id,
                                                   ir_type_id(c, LLVMGetGEPSourceElementType(i)));
        int n = LLVMGetNumOperands(i);
        for (int k = 1; k < n; k++)
            emit_getelementptr_instruction_index(o, id, k - 1, op_id(c, i, (unsigned)k));
        emit_getelementptr_instruction_nindices(o, id, n > 0 ? n - 1 : 0);
        LLVMGEPNoWrapFlags f = LLVMGEPGetNoWrapFlags(i);
        if (f & LLVMGEPFlagInBounds) {
            emit_getelementptr_instruction_inbounds(o, id);
            emit_flag(c, id, "inbounds");
        }
        if (f & LLVMGEPFlagNUSW) {
            emit_getelementptr_instruction_nusw(o, id);
            emit_flag(c, id, "nusw");
        }
        if (f & LLVMGEPFlagNUW) {
            emit_getelementptr_instruction_nuw(o, id);
            emit_flag(c, id, "nuw");
        }
        break;
    }
    case LLVMFence: {
        const char *ord = ordering_name(LLVMGetOrdering(i));
        if (ord)
            emit_fence_instruction_ordering(o, id, ord);
        emit_syncscope(c, i, id, emit_fence_instruction_syncscope);
        break;
    }
    case LLVMAtomicCmpXchg: {
        emit_cmpxchg_instruction_address(o, id, op_id(c, i, 0));
        LLVMValueRef cmp = LLVMGetOperand(i, 1);
        emit_cmpxchg_instruction_cmp(o, id, ir_value_id(c, cmp));
        emit_cmpxchg_instruction_new(o, id, op_id(c, i, 2));
        emit_cmpxchg_instruction_type(o, id, ir_type_id(c, LLVMTypeOf(cmp)));
        const char *s = ordering_name(LLVMGetCmpXchgSuccessOrdering(i));
        const char *f = ordering_name(LLVMGetCmpXchgFailureOrdering(i));
        if (s)
            emit_cmpxchg_instruction_success_ordering(o, id, s);
        if (f)
            emit_cmpxchg_instruction_failure_ordering(o, id, f);
        emit_cmpxchg_instruction_alignment(o, id, (int64_t)insn_alignment(i));
        if (LLVMGetWeak(i))
            emit_cmpxchg_instruction_weak(o, id);
        if (LLVMGetVolatile(i))
            emit_cmpxchg_instruction_volatile(o, id);
        emit_syncscope(c, i, id, emit_cmpxchg_instruction_syncscope);
        break;
    }
    case LLVMAtomicRMW: {
        emit_atomicrmw_instruction_address(o, id, op_id(c, i, 0));
        LLVMValueRef v = LLVMGetOperand(i, 1);
        emit_atomicrmw_instruction_value(o, id, ir_value_id(c, v));
        emit_atomicrmw_instruction_type(o, id, ir_type_id(c, LLVMTypeOf(v)));
        emit_atomicrmw_instruction_operation(o, id, rmw_name(LLVMGetAtomicRMWBinOp(i)));
        const char *ord = ordering_name(LLVMGetOrdering(i));
        if (ord)
            emit_atomicrmw_instruction_ordering(o, id, ord);
        emit_atomicrmw_instruction_alignment(o, id, (int64_t)insn_alignment(i));
        if (LLVMGetVolatile(i))
            emit_atomicrmw_instruction_volatile(o, id);
        emit_syncscope(c, i, id, emit_atomicrmw_instruction_syncscope);
        break;
    }
    default: break;
    }
}

static void emit_pad(IrCtx *c, LLVMValueRef i, const char *id, LLVMOpcode op) {
    FactSink *o = c->out;
    if (op == LLVMLandingPad) {
        if (LLVMIsCleanup(i))
            emit_landingpad_instruction_cleanup(o, id);
        unsigned n = LLVMGetNumClauses(i);
        for (unsigned k = 0; k < n; k++) {
            LLVMValueRef cl = LLVMGetClause(i, k);
            /* No getter tells catch from filter: a filter clause has array type. */
            if (LLVMGetTypeKind(LLVMTypeOf(cl)) == LLVMArrayTypeKind)
                emit_landingpad_instruction_filter_clause(o, id, k, ir_value_id(c, cl));
            else
                emit_landingpad_instruction_catch_clause(o, id, k, ir_value_id(c, cl));
        }
        emit_landingpad_instruction_nclauses(o, id, n);
        return;
    }
    unsigned n = LLVMGetNumArgOperands(i);
    if (op == LLVMCatchPad) {
        emit_catchpad_instruction_parent(o, id, ir_value_id(c, LLVMGetParentCatchSwitch(i)));
        for (unsigned k = 0; k < n; k++)
            emit_catchpad_instruction_arg(o, id, k, ir_value_id(c, LLVMGetArgOperand(i, k)));
        emit_catchpad_instruction_nargs(o, id, n);
    } else {
        /* The parent pad is the last operand (`token none` at the top level). */
        int nops = LLVMGetNumOperands(i);
        emit_cleanuppad_instruction_parent(o, id, op_id(c, i, (unsigned)(nops - 1)));
        for (unsigned k = 0; k < n; k++)
            emit_cleanuppad_instruction_arg(o, id, k, ir_value_id(c, LLVMGetArgOperand(i, k)));
        emit_cleanuppad_instruction_nargs(o, id, n);
    }
}

static void emit_other(IrCtx *c, LLVMValueRef i, const char *id, LLVMOpcode op) {
    FactSink *o = c->out;
    switch (op) {
    case LLVMFNeg:
        emit_fneg_instruction_operand(o, id, op_id(c, i, 0));
        emit_fast_math(c, i, id);
        break;
    case LLVMICmp:
        emit_icmp_instruction_predicate(o, id, icmp_name(LLVMGetICmpPredicate(i)));
        emit_icmp_instruction_first_operand(o, id, op_id(c, i, 0));
        emit_icmp_instruction_second_operand(o, id, op_id(c, i, 1));
        break;
    case LLVMFCmp:
        emit_fcmp_instruction_predicate(o, id, fcmp_name(LLVMGetFCmpPredicate(i)));
        emit_fcmp_instruction_first_operand(o, id, op_id(c, i, 0));
        emit_fcmp_instruction_second_operand(o, id, op_id(c, i, 1));
        emit_fast_math(c, i, id);
        break;
    case LLVMPHI: {
        unsigned n = LLVMCountIncoming(i);
        for (unsigned k = 0; k < n; k++)
            emit_phi_instruction_pair(o, id, k, ir_value_id(c, LLVMGetIncomingValue(i, k)),
                                      ir_block_id(c, LLVMGetIncomingBlock(i, k)));
        emit_phi_instruction_npairs(o, id, n);
        emit_fast_math(c, i, id);
        break;
    }
    case LLVMSelect:
        emit_select_instruction_condition(o, id, op_id(c, i, 0));
        emit_select_instruction_true_value(o, id, op_id(c, i, 1));
        emit_select_instruction_false_value(o, id, op_id(c, i, 2));
        emit_fast_math(c, i, id);
        break;
    case LLVMCall: {
        emit_call_like(c, i, id, &call_rels);
        switch (LLVMGetTailCallKind(i)) {
        case LLVMTailCallKindTail: emit_call_instruction_tail_kind(o, id, "tail"); break;
        case LLVMTailCallKindMustTail: emit_call_instruction_tail_kind(o, id, "musttail"); break;
        case LLVMTailCallKindNoTail: emit_call_instruction_tail_kind(o, id, "notail"); break;
        default: break;
        }
        break;
    }
    case LLVMVAArg:
        emit_va_arg_instruction_va_list(o, id, op_id(c, i, 0));
        emit_va_arg_instruction_type(o, id, ir_type_id(c, LLVMTypeOf(i)));
        break;
    case LLVMExtractElement:
        emit_extractelement_instruction_base(o, id, op_id(c, i, 0));
        emit_extractelement_instruction_index(o, id, op_id(c, i, 1));
        break;
    case LLVMInsertElement:
        emit_insertelement_instruction_base(o, id, op_id(c, i, 0));
        emit_insertelement_instruction_value(o, id, op_id(c, i, 1));
        emit_insertelement_instruction_index(o, id, op_id(c, i, 2));
        break;
    case LLVMShuffleVector: {
        emit_shufflevector_instruction_first_vector(o, id, op_id(c, i, 0));
        emit_shufflevector_instruction_second_vector(o, id, op_id(c, i, 1));
        unsigned n = LLVMGetNumMaskElements(i);
        int undef = LLVMGetUndefMaskElem();
        for (unsigned k = 0; k < n; k++) {
            int m = LLVMGetMaskValue(i, k);
            emit_shufflevector_instruction_mask(o, id, k, m == undef ? -1 : m);
        }
        emit_shufflevector_instruction_mask_size(o, id, n);
        break;
    }
    case LLVMExtractValue: {
        emit_extractvalue_instruction_base(o, id, op_id(c, i, 0));
        unsigned n = LLVMGetNumIndices(i);
        const unsigned *ix = LLVMGetIndices(i);
        for (unsigned k = 0; k < n; k++)
            emit_extractvalue_instruction_index(o, id, k, ix[k]);
        emit_extractvalue_instruction_nindices(o, id, n);
        break;
    }
    case LLVMInsertValue: {
        emit_insertvalue_instruction_base(o, id, op_id(c, i, 0));
        emit_insertvalue_instruction_value(o, id, op_id(c, i, 1));
        unsigned n = LLVMGetNumIndices(i);
        const unsigned *ix = LLVMGetIndices(i);
        for (unsigned k = 0; k < n; k++)
            emit_insertvalue_instruction_index(o, id, k, ix[k]);
        emit_insertvalue_instruction_nindices(o, id, n);
        break;
    }
    case LLVMFreeze: emit_freeze_instruction_operand(o, id, op_id(c, i, 0)); break;
    default: break;
    }
}

void ir_insn_emit(IrCtx *c, LLVMValueRef i, const char *id) {
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    switch (ir_opcode_category(op)) {
    case IR_OPC_terminator: emit_terminator(c, i, id, op); break;
    case IR_OPC_binary:
    case IR_OPC_bitwise: emit_binary(c, i, id, op); break;
    case IR_OPC_memory: emit_memory(c, i, id, op); break;
    case IR_OPC_conversion: emit_conversion(c, i, id, op); break;
    case IR_OPC_exception: emit_pad(c, i, id, op); break;
    default: emit_other(c, i, id, op); break;
    }
}

/* ---- inline asm ---- */

const char *ir_asm_id(IrCtx *c, LLVMValueRef v) {
    uint64_t k;
    if (map_get(&c->value_ids, (uint64_t)(uintptr_t)v, &k))
        return intern_str(&c->ids, (Sym)k);
    LLVMTypeRef fty = LLVMGetInlineAsmFunctionType(v);
    const char *fty_id = ir_type_id(c, fty);
    size_t slen, clen;
    const char *s = LLVMGetInlineAsmAsmString(v, &slen);
    const char *cons = LLVMGetInlineAsmConstraintString(v, &clen);
    bool side = LLVMGetInlineAsmHasSideEffects(v);
    bool align = LLVMGetInlineAsmNeedsAlignedStack(v);
    bool intel = LLVMGetInlineAsmDialect(v) == LLVMInlineAsmDialectIntel;
    bool unwind = LLVMGetInlineAsmCanUnwind(v);
    /* llvm-dis's text of the callee, after its function type (two asm values that
     * differ only in their type are different values). */
    StrBuf sb = SB_INIT;
    sb_adds(&sb, fty_id);
    sb_adds(&sb, " asm ");
    if (side)
        sb_adds(&sb, "sideeffect ");
    if (align)
        sb_adds(&sb, "alignstack ");
    if (intel)
        sb_adds(&sb, "inteldialect ");
    if (unwind)
        sb_adds(&sb, "unwind ");
    sb_addc(&sb, '"');
    ir_append_escaped(&sb, s, slen);
    sb_adds(&sb, "\", \"");
    ir_append_escaped(&sb, cons, clen);
    sb_addc(&sb, '"');
    if (sb.oom) {
        sb_release(&sb);
        ir_fail(c, E_NOMEM);
        return "unknown";
    }
    Sym sym;
    Status st = intern_get(&c->ids, sb.buf, sb.len, &sym);
    sb_release(&sb);
    if (st == OK)
        st = map_put(&c->value_ids, (uint64_t)(uintptr_t)v, sym);
    if (st != OK) {
        ir_fail(c, st);
        return "unknown";
    }
    const char *id = intern_str(&c->ids, sym);
    FactSink *o = c->out;
    emit_inline_asm(o, id);
    emit_inline_asm_string(o, id, ir_intern(c, s, slen));
    emit_inline_asm_constraints(o, id, ir_intern(c, cons, clen));
    emit_inline_asm_function_type(o, id, fty_id);
    if (side)
        emit_inline_asm_side_effects(o, id);
    if (align)
        emit_inline_asm_align_stack(o, id);
    if (intel)
        emit_inline_asm_dialect_intel(o, id);
    if (unwind)
        emit_inline_asm_can_unwind(o, id);
    return id;
}
