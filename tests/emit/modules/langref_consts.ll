; LangRef sweep (issue 27): constants: ptrauth (each form), dso_local_equivalent,
; no_cfi, blockaddress, GEP expressions with inbounds/nusw/nuw/inrange, the constant
; expressions LLVM 19 keeps (add, sub, xor, trunc, casts, extractelement, insertelement,
; shufflevector), vectors of pointers, splats.
@g = global [4 x i32] zeroinitializer
@as = addrspace(3) global i32 0
@p1 = global ptr ptrauth (ptr @f, i32 0)
@p2 = global ptr ptrauth (ptr @f, i32 2, i64 1234)
@p3 = global ptr ptrauth (ptr @f, i32 2, i64 1234, ptr @p3)
@p4 = global ptr ptrauth (ptr @f, i32 1, i64 0, ptr null)
@d = global ptr dso_local_equivalent @f
@n = global ptr no_cfi @f
@b = global ptr blockaddress(@f, %bb)
@e1 = global ptr getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 1)
@e2 = global ptr getelementptr inrange(-4, 8) ([4 x i32], ptr @g, i64 0, i64 1)
@e3 = global ptr getelementptr nusw nuw (i8, ptr @g, i64 2)
@e4 = global ptr getelementptr inbounds nuw inrange(0, 4) (i8, ptr @g, i64 2)
@e5 = global i64 add nuw nsw (i64 ptrtoint (ptr @g to i64), i64 1)
@e6 = global i64 sub nsw (i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr addrspace(3) @as to i64))
@e7 = global i32 xor (i32 ptrtoint (ptr @g to i32), i32 -1)
@e8 = global i16 trunc (i64 ptrtoint (ptr @g to i64) to i16)
@e9 = global ptr addrspace(3) addrspacecast (ptr @g to ptr addrspace(3))
@e10 = global ptr inttoptr (i64 1234 to ptr)
@e11 = global <2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>)
@e12 = global i32 extractelement (<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), i32 1)
@e13 = global <2 x i32> insertelement (<2 x i32> poison, i32 ptrtoint (ptr @g to i32), i32 0)
@e14 = global <4 x i32> shufflevector (<2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), <2 x i32> zeroinitializer, <4 x i32> <i32 0, i32 3, i32 poison, i32 1>)
@e15 = global <2 x ptr> <ptr @g, ptr getelementptr (i8, ptr @g, i64 4)>
@e16 = global <2 x ptr> getelementptr (i8, <2 x ptr> <ptr @g, ptr @g>, <2 x i64> <i64 1, i64 2>)
@e17 = global <4 x i32> <i32 1, i32 1, i32 1, i32 1>
@e18 = global <4 x float> splat (float 1.0)
@e19 = global [2 x <2 x i1>] [<2 x i1> <i1 true, i1 false>, <2 x i1> zeroinitializer]
@e20 = global ptr getelementptr (i8, ptr null, i64 ptrtoint (ptr getelementptr (i32, ptr null, i64 1) to i64))
define void @f() {
  br label %bb
bb:
  %v = add <vscale x 4 x i32> splat (i32 1), zeroinitializer
  %w = add <4 x i32> splat (i32 7), <i32 1, i32 2, i32 3, i32 4>
  ret void
}
