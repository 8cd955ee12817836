; LangRef sweep (issue 27): every parameter and return attribute of LLVM 19: type
; attributes (byval, byref, preallocated, inalloca, sret, elementtype), align,
; dereferenceable, nofpclass masks, range on scalars and vectors, initializes lists,
; swift*, immarg, string attributes with escapes, on declarations and call sites.
%T = type { i32, i64 }
declare void @p1(ptr sret(%T), i8 zeroext, i8 signext, i32 inreg, ptr byval(%T), ptr byref(%T), ptr preallocated(%T), ptr align 16, ptr noalias, ptr nocapture, ptr nofree, ptr nest, ptr nonnull, ptr dereferenceable(8), ptr dereferenceable_or_null(16), ptr inalloca(%T))
declare swiftcc void @p2(ptr swiftself, ptr swiftasync, ptr swifterror, i32 noundef, float nofpclass(nan), double nofpclass(inf zero sub norm), float nofpclass(snan qnan ninf pinf nzero pzero nsub psub nnorm pnorm), ptr alignstack(8), i64 allocalign, ptr allocptr, ptr readnone, ptr readonly, ptr writeonly, ptr writable, ptr dead_on_unwind, ptr initializes((0, 4), (8, 12)), i32 range(i32 0, 10), <2 x i32> range(i32 -1, 5))
declare void @llvm.p3(i32 immarg, ptr)
declare noalias nonnull dereferenceable(4) align 8 noundef ptr @r1()
declare zeroext range(i8 1, 3) i8 @r2()
declare nofpclass(nan) float @r3()
declare inreg signext i16 @r4()
declare ptr @ret(ptr returned)
declare void @p3(ptr byval(%T) align 4 %x, ptr sret(%T) align 8 noalias nocapture writable dead_on_unwind %y, ptr "custom-param" "k"="v" %z)
declare void @p4(ptr nocapture readonly align 1 dereferenceable(100) %q, <vscale x 2 x i32> %v, ptr "a\22b"="c\0Ad" %w)
declare ptr @p5(ptr initializes((-4, 0), (2, 8)) %a, ptr noalias noundef nonnull readonly %b)
define void @callsite(ptr %p) {
  %r = call noalias ptr @p5(ptr initializes((0, 1)) %p, ptr nonnull readonly %p)
  call void @p3(ptr byval(%T) align 16 %p, ptr sret(%T) %p, ptr "x" %p)
  %z = call zeroext i8 @r2()
  call void @llvm.p3(i32 immarg 3, ptr elementtype(i64) %p)
  call void (...) @va(i32 signext 1, ptr byval(i32) %p)
  ret void
}
declare void @va(...)
