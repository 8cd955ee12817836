; LangRef sweep (issue 27): every instruction flag of LLVM 19: nuw/nsw (add, sub, mul,
; shl, trunc), exact, disjoint, nneg (zext, uitofp), GEP inbounds/nusw/nuw, each
; fast-math flag on each instruction that takes them, every icmp and fcmp predicate.
define void @f(i32 %a, i32 %b, float %x, float %y, ptr %p, <2 x float> %v, i64 %w) {
  %1 = add nuw nsw i32 %a, %b
  %2 = sub nuw i32 %a, %b
  %3 = mul nsw i32 %a, %b
  %4 = shl nuw nsw i32 %a, %b
  %5 = udiv exact i32 %a, %b
  %6 = sdiv exact i32 %a, %b
  %7 = lshr exact i32 %a, %b
  %8 = ashr exact i32 %a, %b
  %9 = or disjoint i32 %a, %b
  %10 = zext nneg i32 %a to i64
  %11 = uitofp nneg i32 %a to float
  %12 = trunc nuw i64 %w to i32
  %13 = trunc nsw i64 %w to i32
  %14 = trunc nuw nsw i64 %w to i32
  %15 = getelementptr inbounds i8, ptr %p, i64 1
  %16 = getelementptr nusw i8, ptr %p, i64 1
  %17 = getelementptr nuw i8, ptr %p, i64 1
  %18 = getelementptr nusw nuw i8, ptr %p, i64 1
  %19 = getelementptr inbounds nuw i8, ptr %p, i64 1
  %20 = fadd nnan ninf float %x, %y
  ret void
}
define void @fmf(float %x, float %y, <2 x float> %v, i1 %c) {
  %1 = fadd nnan float %x, %y
  %2 = fsub ninf float %x, %y
  %3 = fmul nsz float %x, %y
  %4 = fdiv arcp float %x, %y
  %5 = frem contract float %x, %y
  %6 = fneg afn float %x
  %7 = fadd reassoc float %x, %y
  %8 = fadd fast float %x, %y
  %9 = fcmp nnan ninf oeq float %x, %y
  %10 = select nsz i1 %c, float %x, float %y
  %11 = call reassoc nnan float @llvm.fabs.f32(float %x)
  %12 = fadd reassoc nnan ninf nsz arcp contract float %x, %y
  %13 = fadd fast <2 x float> %v, %v
  br label %b
b:
  %14 = phi fast float [ %x, %0 ]
  %15 = fcmp fast uno float %x, %y
  %16 = fadd reassoc nnan ninf nsz arcp afn float %x, %y
  ret void
}
declare float @llvm.fabs.f32(float)
define void @cmp(i32 %a, i32 %b, ptr %p) {
  %1 = icmp eq i32 %a, %b
  %2 = icmp ne i32 %a, %b
  %3 = icmp ugt i32 %a, %b
  %4 = icmp uge i32 %a, %b
  %5 = icmp ult i32 %a, %b
  %6 = icmp ule i32 %a, %b
  %7 = icmp sgt i32 %a, %b
  %8 = icmp sge i32 %a, %b
  %9 = icmp slt i32 %a, %b
  %10 = icmp sle i32 %a, %b
  %11 = fcmp false float 1.0, 2.0
  %12 = fcmp true float 1.0, 2.0
  %13 = fcmp ord float 1.0, 2.0
  %14 = fcmp ueq float 1.0, 2.0
  %15 = fcmp one float 1.0, 2.0
  %16 = fcmp ult float 1.0, 2.0
  ret void
}
