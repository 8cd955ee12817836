; Other operations: icmp and fcmp with every predicate, phi, select (with
; fast-math), calls (tail kinds, calling conventions, call-site attributes,
; operand bundles, indirect and inline-asm callees, varargs), va_arg, freeze.
declare i32 @f(i32, ptr)
declare float @fl(float)
declare void @vf(...)
declare fastcc void @fast()
declare cc99 void @numbered()
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define void @cmps(i32 %a, i32 %b, double %x, double %y, <2 x float> %v) {
  %i0 = icmp eq i32 %a, %b
  %i1 = icmp ne i32 %a, %b
  %i2 = icmp ugt i32 %a, %b
  %i3 = icmp uge i32 %a, %b
  %i4 = icmp ult i32 %a, %b
  %i5 = icmp ule i32 %a, %b
  %i6 = icmp sgt i32 %a, %b
  %i7 = icmp sge i32 %a, %b
  %i8 = icmp slt i32 %a, 0
  %i9 = icmp sle i32 %a, %b
  %f0 = fcmp false double %x, %y
  %f1 = fcmp oeq double %x, %y
  %f2 = fcmp ogt double %x, %y
  %f3 = fcmp oge double %x, %y
  %f4 = fcmp olt double %x, %y
  %f5 = fcmp ole double %x, %y
  %f6 = fcmp one double %x, %y
  %f7 = fcmp ord double %x, %y
  %f8 = fcmp ueq double %x, %y
  %f9 = fcmp ugt double %x, %y
  %f10 = fcmp uge double %x, %y
  %f11 = fcmp ult double %x, %y
  %f12 = fcmp ule double %x, %y
  %f13 = fcmp une double %x, %y
  %f14 = fcmp uno double %x, %y
  %f15 = fcmp true double %x, %y
  %f16 = fcmp nnan ninf olt double %x, %y
  %f17 = fcmp fast oeq <2 x float> %v, %v
  ret void
}

define double @phis(i1 %c, i32 %n, double %x) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi i32 [ %n, %a ], [ 0, %b ]
  %q = phi nsz double [ %x, %a ], [ %x, %b ]
  %s = select i1 %c, i32 %p, i32 %n
  %sf = select nnan ninf i1 %c, double %q, double %x
  %fr = freeze i32 %s
  %fp = freeze ptr poison
  ret double %sf
}

define i32 @calls(ptr %fp, i32 %x, float %y) {
  %r0 = call i32 @f(i32 %x, ptr null)
  %r1 = tail call i32 @f(i32 %x, ptr %fp)
  %r2 = notail call i32 %fp(i32 1, ptr undef)
  call fastcc void @fast()
  call cc99 void @numbered()
  call void (...) @vf(i32 %x, double 0.0, ptr %fp)
  %r3 = call noundef signext i32 @f(i32 noundef zeroext %x, ptr nocapture readonly %fp) #0
  %r4 = call nnan float @fl(float %y)
  %r5 = call range(i32 0, 10) i32 @f(i32 range(i32 -1, 2) %x, ptr align 8 dereferenceable(16) %fp) nounwind
  call void @vf() [ "deopt"(i32 %x, ptr %fp), "gc-live"(), "foo"(i32 7) ]
  %a1 = call i32 asm "add $0, $1", "=r,r"(i32 %x)
  call void asm sideeffect alignstack inteldialect "nop", "~{memory}"()
  call void asm sideeffect "nop", "~{memory}"()
  %a2 = call i64 asm "add $0, $1", "=r,r"(i32 %x)
  call void asm sideeffect unwind "\09bad \22quoted\22\5C", ""()
  ret i32 %r0
}

define i32 @mtail(i32 %x) {
  %r = musttail call i32 @mtail(i32 %x)
  ret i32 %r
}

define i32 @va(i32 %n, ...) {
  %ap = alloca ptr
  call void @llvm.va_start.p0(ptr %ap)
  %x = va_arg ptr %ap, i32
  %d = va_arg ptr %ap, double
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %x
}

attributes #0 = { nounwind "key"="value" }
