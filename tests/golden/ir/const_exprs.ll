; Every constant-expression form LLVM 19 accepts, with its flags, in global
; initializers and as instruction operands: trunc, ptrtoint, inttoptr, bitcast,
; addrspacecast, getelementptr (inbounds, nusw, nuw, inrange, vector GEPs), add, sub,
; mul (nuw, nsw), xor, extractelement, insertelement and shufflevector (which survive
; folding only for scalable vectors), plus dso_local_equivalent, no_cfi and ptrauth.
; (zext, sext, fp casts, icmp, fcmp, select, shl, lshr, ashr, and, or, udiv, sdiv,
; urem, srem, fneg, extractvalue and insertvalue constant expressions are rejected by
; LLVM 19's parser: see docs/constants.md.)
%struct.T = type { i32, [4 x i8] }

@g = global i32 0
@arr = global [4 x i8] c"abc\00"
@t = global %struct.T zeroinitializer
@vt = constant { [4 x ptr] } zeroinitializer
@h = addrspace(1) global i32 0

@e_ptrtoint = global i64 ptrtoint (ptr @g to i64)
@e_trunc = global i32 trunc (i64 add (i64 ptrtoint (ptr @g to i64), i64 1) to i32)
@e_inttoptr = global ptr inttoptr (i64 1234 to ptr)
@e_bitcast = global i64 bitcast (<2 x i32> <i32 ptrtoint (ptr @g to i32), i32 1> to i64)
@e_asc = global ptr addrspace(1) addrspacecast (ptr @g to ptr addrspace(1))
@e_add = global i64 add (i64 ptrtoint (ptr @g to i64), i64 8)
@e_add_nuw = global i64 add nuw (i64 ptrtoint (ptr @g to i64), i64 8)
@e_add_nsw = global i64 add nsw (i64 ptrtoint (ptr @g to i64), i64 8)
@e_add_both = global i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 8)
@e_sub = global i64 sub (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @g to i64))
@e_sub_nsw = global i64 sub nsw (i64 ptrtoint (ptr @arr to i64), i64 ptrtoint (ptr @g to i64))
@e_mul = global i64 mul nuw (i64 ptrtoint (ptr @g to i64), i64 3)
@e_xor = global i64 xor (i64 ptrtoint (ptr @g to i64), i64 -1)
@e_gep = global ptr getelementptr ([4 x i8], ptr @arr, i64 0, i64 1)
@e_gep_ib = global ptr getelementptr inbounds ([4 x i8], ptr @arr, i64 0, i64 1)
@e_gep_nusw = global ptr getelementptr nusw ([4 x i8], ptr @arr, i64 0, i64 2)
@e_gep_nuw = global ptr getelementptr nuw ([4 x i8], ptr @arr, i64 0, i64 2)
@e_gep_ibnuw = global ptr getelementptr inbounds nuw ([4 x i8], ptr @arr, i64 0, i64 3)
@e_gep_struct = global ptr getelementptr inbounds (%struct.T, ptr @t, i32 0, i32 1, i64 2)
@e_gep_i8 = global ptr getelementptr (i8, ptr @g, i64 ptrtoint (ptr @g to i64))
@e_gep_inrange = global ptr getelementptr inbounds inrange(-16, 16) ({ [4 x ptr] }, ptr @vt, i32 0, i32 0, i32 2)
@e_gep_vec = global <2 x ptr> getelementptr (i8, <2 x ptr> <ptr @g, ptr @arr>, <2 x i64> <i64 1, i64 2>)
@e_extract = global i32 extractelement (<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), i32 1)
@e_nested = global i32 trunc (i64 sub nuw (i64 add nsw (i64 ptrtoint (ptr getelementptr inbounds ([4 x i8], ptr @arr, i64 0, i64 1) to i64), i64 4), i64 mul (i64 ptrtoint (ptr @g to i64), i64 2)) to i32)
@e_dso = global ptr dso_local_equivalent @ext
@e_nocfi = global ptr no_cfi @ext
@e_pa2 = global ptr ptrauth (ptr @g, i32 0)
@e_pa4 = global ptr ptrauth (ptr @ext, i32 2, i64 1234, ptr @e_pa4)
@e_undef = global i64 bitcast (<2 x i32> <i32 ptrtoint (ptr @g to i32), i32 undef> to i64)
@e_poison = global <2 x ptr> getelementptr (i8, <2 x ptr> <ptr @g, ptr @arr>, <2 x i64> <i64 1, i64 poison>)

declare void @ext()

define i64 @use(ptr %p) {
entry:
  store i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 8), ptr %p
  store ptr getelementptr inbounds ([4 x i8], ptr @arr, i64 0, i64 1), ptr %p
  store ptr getelementptr inbounds inrange(-16, 16) ({ [4 x ptr] }, ptr @vt, i32 0, i32 0, i32 2), ptr %p
  store ptr getelementptr inbounds inrange(-8, 24) ({ [4 x ptr] }, ptr @vt, i32 0, i32 0, i32 2), ptr %p
  store ptr addrspace(1) addrspacecast (ptr @g to ptr addrspace(1)), ptr %p
  store ptr dso_local_equivalent @ext, ptr %p
  store ptr no_cfi @ext, ptr %p
  %x = load i64, ptr getelementptr (i8, ptr @g, i64 16)
  %y = add i64 %x, mul nsw (i64 ptrtoint (ptr @arr to i64), i64 -3)
  ret i64 %y
}

define <vscale x 4 x i32> @splat() {
  ret <vscale x 4 x i32> shufflevector (<vscale x 4 x i32> insertelement (<vscale x 4 x i32> poison, i32 7, i64 0), <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer)
}

define <vscale x 2 x ptr> @splatp() {
  ret <vscale x 2 x ptr> shufflevector (<vscale x 2 x ptr> insertelement (<vscale x 2 x ptr> undef, ptr @g, i32 0), <vscale x 2 x ptr> undef, <vscale x 2 x i32> zeroinitializer)
}
