/*
 * ir_types.c — type ids and the type relations.
 *
 * Ids are built here, not with LLVMPrintTypeToString (which prints a named struct's
 * whole body and gives unnamed identified structs a pointer-derived name). The
 * spelling is llvm-dis's: i32, ptr, ptr addrspace(3), [4 x i8], <4 x float>,
 * <vscale x 2 x i64>, { i32, ptr }, <{ i8, i32 }>, %struct.S, %"quoted name", %N for
 * unnamed identified structs (numbered in order of discovery), i32 (ptr, ...),
 * target("name", i8, 1).
 * Each type's relations are emitted once, the first time its id is asked for; its
 * components are emitted before it.
 */
#include <string.h>

#include "ir_int.h"

static void build_id(IrCtx *c, LLVMTypeRef t, StrBuf *sb);

/* Appends the id of a component type (creating it and its facts first). */
static void add_sub(IrCtx *c, LLVMTypeRef t, StrBuf *sb) {
    sb_adds(sb, ir_type_id(c, t));
}

static const char *fp_name(LLVMTypeKind k) {
    switch (k) {
    case LLVMHalfTypeKind: return "half";
    case LLVMBFloatTypeKind: return "bfloat";
    case LLVMFloatTypeKind: return "float";
    case LLVMDoubleTypeKind: return "double";
    case LLVMFP128TypeKind: return "fp128";
    case LLVMX86_FP80TypeKind: return "x86_fp80";
    case LLVMPPC_FP128TypeKind: return "ppc_fp128";
    default: return NULL;
    }
}

static const char *kind_name(LLVMTypeKind k) {
    switch (k) {
    case LLVMVoidTypeKind: return "void";
    case LLVMHalfTypeKind: return "half";
    case LLVMBFloatTypeKind: return "bfloat";
    case LLVMFloatTypeKind: return "float";
    case LLVMDoubleTypeKind: return "double";
    case LLVMX86_FP80TypeKind: return "x86_fp80";
    case LLVMFP128TypeKind: return "fp128";
    case LLVMPPC_FP128TypeKind: return "ppc_fp128";
    case LLVMLabelTypeKind: return "label";
    case LLVMIntegerTypeKind: return "integer";
    case LLVMFunctionTypeKind: return "function";
    case LLVMStructTypeKind: return "struct";
    case LLVMArrayTypeKind: return "array";
    case LLVMPointerTypeKind: return "pointer";
    case LLVMVectorTypeKind: return "vector";
    case LLVMMetadataTypeKind: return "metadata";
    case LLVMTokenTypeKind: return "token";
    case LLVMScalableVectorTypeKind: return "vector";
    case LLVMX86_AMXTypeKind: return "x86_amx";
    case LLVMTargetExtTypeKind: return "target_ext";
#if IRLOG_LLVM_MAJOR < 20
    case LLVMX86_MMXTypeKind: return "x86_mmx";
#endif
    }
    return "unknown";
}

static void build_id(IrCtx *c, LLVMTypeRef t, StrBuf *sb) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    const char *fp = fp_name(k);
    if (fp) {
        sb_adds(sb, fp);
        return;
    }
    switch (k) {
    case LLVMIntegerTypeKind:
        sb_addf(sb, "i%u", LLVMGetIntTypeWidth(t));
        return;
    case LLVMPointerTypeKind: {
        unsigned as = LLVMGetPointerAddressSpace(t);
        sb_adds(sb, "ptr");
        if (as)
            sb_addf(sb, " addrspace(%u)", as);
        return;
    }
    case LLVMArrayTypeKind:
        sb_addf(sb, "[%llu x ", (unsigned long long)LLVMGetArrayLength2(t));
        add_sub(c, LLVMGetElementType(t), sb);
        sb_addc(sb, ']');
        return;
    case LLVMVectorTypeKind:
    case LLVMScalableVectorTypeKind:
        sb_addf(sb, "<%s%u x ", k == LLVMScalableVectorTypeKind ? "vscale x " : "",
                LLVMGetVectorSize(t));
        add_sub(c, LLVMGetElementType(t), sb);
        sb_addc(sb, '>');
        return;
    case LLVMFunctionTypeKind: {
        add_sub(c, LLVMGetReturnType(t), sb);
        sb_adds(sb, " (");
        unsigned n = LLVMCountParamTypes(t);
        LLVMTypeRef params[n ? n : 1];
        LLVMGetParamTypes(t, params);
        for (unsigned i = 0; i < n; i++) {
            if (i)
                sb_adds(sb, ", ");
            add_sub(c, params[i], sb);
        }
        if (LLVMIsFunctionVarArg(t))
            sb_adds(sb, n ? ", ..." : "...");
        sb_addc(sb, ')');
        return;
    }
    case LLVMStructTypeKind: {
        if (!LLVMIsLiteralStruct(t)) {
            const char *name = LLVMGetStructName(t);
            if (name && *name)
                ir_append_name(sb, '%', name, strlen(name));
            else
                sb_addf(sb, "%%%u", c->unnamed_structs++);
            return;
        }
        unsigned n = LLVMCountStructElementTypes(t);
        bool packed = LLVMIsPackedStruct(t);
        if (packed)
            sb_addc(sb, '<');
        if (n == 0) {
            sb_adds(sb, "{}");
        } else {
            sb_adds(sb, "{ ");
            for (unsigned i = 0; i < n; i++) {
                if (i)
                    sb_adds(sb, ", ");
                add_sub(c, LLVMStructGetTypeAtIndex(t, i), sb);
            }
            sb_adds(sb, " }");
        }
        if (packed)
            sb_addc(sb, '>');
        return;
    }
    case LLVMTargetExtTypeKind: {
        sb_adds(sb, "target(\"");
        sb_adds(sb, LLVMGetTargetExtTypeName(t));
        sb_addc(sb, '"');
        unsigned nt = LLVMGetTargetExtTypeNumTypeParams(t);
        for (unsigned i = 0; i < nt; i++) {
            sb_adds(sb, ", ");
            add_sub(c, LLVMGetTargetExtTypeTypeParam(t, i), sb);
        }
        unsigned ni = LLVMGetTargetExtTypeNumIntParams(t);
        for (unsigned i = 0; i < ni; i++)
            sb_addf(sb, ", %u", LLVMGetTargetExtTypeIntParam(t, i));
        sb_addc(sb, ')');
        return;
    }
    default:
        sb_adds(sb, kind_name(k));
        return;
    }
}

/* True when a (sized) type's size is not a compile-time constant. */
static bool has_scalable(LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMScalableVectorTypeKind: return true;
    case LLVMArrayTypeKind: return has_scalable(LLVMGetElementType(t));
    case LLVMStructTypeKind: {
        unsigned n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++)
            if (has_scalable(LLVMStructGetTypeAtIndex(t, i)))
                return true;
        return false;
    }
    case LLVMTargetExtTypeKind: return true; /* layout type is target-defined */
    default: return false;
    }
}

static void emit_facts(IrCtx *c, LLVMTypeRef t, const char *id) {
    FactSink *o = c->out;
    LLVMTypeKind k = LLVMGetTypeKind(t);
    emit_type(o, id);
    emit_type_kind(o, id, kind_name(k));
    switch (k) {
    case LLVMIntegerTypeKind:
        emit_primitive_type(o, id);
        emit_integer_type(o, id);
        emit_integer_type_width(o, id, LLVMGetIntTypeWidth(t));
        break;
    case LLVMHalfTypeKind:
    case LLVMBFloatTypeKind:
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
    case LLVMFP128TypeKind:
    case LLVMX86_FP80TypeKind:
    case LLVMPPC_FP128TypeKind:
        emit_primitive_type(o, id);
        emit_fp_type(o, id);
        break;
    case LLVMVoidTypeKind:
        emit_primitive_type(o, id);
        emit_void_type(o, id);
        break;
    case LLVMLabelTypeKind:
        emit_primitive_type(o, id);
        emit_label_type(o, id);
        break;
    case LLVMMetadataTypeKind:
        emit_primitive_type(o, id);
        emit_metadata_type(o, id);
        break;
    case LLVMTokenTypeKind:
        emit_primitive_type(o, id);
        emit_token_type(o, id);
        break;
    case LLVMX86_AMXTypeKind:
        emit_primitive_type(o, id);
        emit_x86_amx_type(o, id);
        break;
    case LLVMPointerTypeKind:
        emit_derived_type(o, id);
        emit_pointer_type(o, id);
        emit_pointer_type_addrspace(o, id, LLVMGetPointerAddressSpace(t));
        break;
    case LLVMFunctionTypeKind: {
        emit_derived_type(o, id);
        emit_function_type(o, id);
        emit_function_type_return(o, id, ir_type_id(c, LLVMGetReturnType(t)));
        unsigned n = LLVMCountParamTypes(t);
        LLVMTypeRef params[n ? n : 1];
        LLVMGetParamTypes(t, params);
        for (unsigned i = 0; i < n; i++)
            emit_function_type_param(o, id, i, ir_type_id(c, params[i]));
        emit_function_type_nparams(o, id, n);
        if (LLVMIsFunctionVarArg(t))
            emit_function_type_varargs(o, id);
        break;
    }
    case LLVMArrayTypeKind:
        emit_derived_type(o, id);
        emit_aggregate_type(o, id);
        emit_array_type(o, id);
        emit_array_type_size(o, id, (int64_t)LLVMGetArrayLength2(t));
        emit_array_type_component(o, id, ir_type_id(c, LLVMGetElementType(t)));
        break;
    case LLVMVectorTypeKind:
    case LLVMScalableVectorTypeKind:
        emit_derived_type(o, id);
        emit_vector_type(o, id);
        emit_vector_type_size(o, id, LLVMGetVectorSize(t));
        emit_vector_type_component(o, id, ir_type_id(c, LLVMGetElementType(t)));
        if (k == LLVMScalableVectorTypeKind)
            emit_vector_type_scalable(o, id);
        break;
    case LLVMStructTypeKind: {
        emit_derived_type(o, id);
        emit_aggregate_type(o, id);
        emit_struct_type(o, id);
        const char *name = LLVMGetStructName(t);
        if (!LLVMIsLiteralStruct(t) && name && *name)
            emit_struct_type_name(o, id, name);
        if (LLVMIsLiteralStruct(t))
            emit_struct_type_literal(o, id);
        if (LLVMIsOpaqueStruct(t)) {
            emit_struct_type_opaque(o, id);
            break;
        }
        if (LLVMIsPackedStruct(t))
            emit_struct_type_packed(o, id);
        unsigned n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++)
            emit_struct_type_field(o, id, i, ir_type_id(c, LLVMStructGetTypeAtIndex(t, i)));
        emit_struct_type_nfields(o, id, n);
        break;
    }
    case LLVMTargetExtTypeKind: {
        emit_derived_type(o, id);
        emit_target_ext_type(o, id);
        emit_target_ext_type_name(o, id, LLVMGetTargetExtTypeName(t));
        unsigned nt = LLVMGetTargetExtTypeNumTypeParams(t);
        for (unsigned i = 0; i < nt; i++)
            emit_target_ext_type_type_param(o, id, i,
                                            ir_type_id(c, LLVMGetTargetExtTypeTypeParam(t, i)));
        unsigned ni = LLVMGetTargetExtTypeNumIntParams(t);
        for (unsigned i = 0; i < ni; i++)
            emit_target_ext_type_int_param(o, id, i, LLVMGetTargetExtTypeIntParam(t, i));
        break;
    }
    default:
        emit_primitive_type(o, id);
        break;
    }
    if (c->td && LLVMTypeIsSized(t) && !has_scalable(t)) {
        emit_type_size_in_bits(o, id, LLVMSizeOfTypeInBits(c->td, t));
        emit_type_store_size(o, id, LLVMStoreSizeOfType(c->td, t));
        emit_type_alloc_size(o, id, LLVMABISizeOfType(c->td, t));
        emit_type_abi_alignment(o, id, LLVMABIAlignmentOfType(c->td, t));
        if (k == LLVMStructTypeKind) {
            unsigned n = LLVMCountStructElementTypes(t);
            for (unsigned i = 0; i < n; i++)
                emit_struct_type_field_offset(o, id, i, LLVMOffsetOfElement(c->td, t, i));
        }
    }
}

const char *ir_type_id(IrCtx *c, LLVMTypeRef t) {
    uint64_t v;
    if (map_get(&c->type_ids, (uint64_t)(uintptr_t)t, &v))
        return intern_str(&c->ids, (Sym)v);
    StrBuf sb = SB_INIT;
    build_id(c, t, &sb);
    Sym sym;
    Status st = sb.oom ? E_NOMEM : intern_get(&c->ids, sb.buf, sb.len, &sym);
    sb_release(&sb);
    if (st == OK)
        st = map_put(&c->type_ids, (uint64_t)(uintptr_t)t, sym);
    if (st != OK) {
        ir_fail(c, st);
        return "unknown";
    }
    const char *id = intern_str(&c->ids, sym);
    emit_facts(c, t, id);
    return id;
}
