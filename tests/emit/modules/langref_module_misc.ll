; LangRef sweep (issue 27): module-level items: source_filename with escapes,
; datalayout with address-space and non-integral specs, module asm lines, opaque, packed,
; quoted, unnamed and target extension types, every float type and special bit patterns,
; wide integers, module flags of every behaviour, llvm.ident, linker options, dependent
; libraries.
source_filename = "we\22ird\0Aname.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128-A5-G1-P0-ni:7"
target triple = "x86_64-unknown-linux-gnu"
module asm "first line"
module asm "second \22quoted\22 \09 tab"
module asm ""

%opaque = type opaque
%packed = type <{ i8, i32 }>
%rec = type { ptr, %packed, [0 x i8], <vscale x 4 x i32>, target("spirv.Image", i8, 1, 2), target("x"), target("y", i32), x86_amx, x86_fp80, fp128, ppc_fp128, bfloat, half }
%"quoted type" = type { i1 }
%0 = type { i2 }

@o = external global %opaque
@q = global %"quoted type" zeroinitializer
@u = global %0 zeroinitializer
@fl = global [9 x double] [double 0.0, double -0.0, double 0x7FF0000000000000, double 0xFFF0000000000000, double 0x7FF8000000000000, double 0x7FF4000000000001, double 1.5, double 0x1, double 1.0e300]
@h = global [3 x half] [half 0xH7C01, half 1.0, half -0.0]
@bf = global bfloat 0xR7FC1
@f80 = global x86_fp80 0xK7FFF8000000000000001
@f128 = global fp128 0xL00000000000000007FFF000000000001
@ppc = global ppc_fp128 0xM3FF00000000000000000000000000001
@big = global i128 -170141183460469231731687303715884105728
@i1 = global i1 true
@i7 = global i7 -1
@str = global [5 x i8] c"a\00\FF\22\5C"
@struct = global { i32, [2 x i8], <2 x i16> } { i32 1, [2 x i8] c"xy", <2 x i16> <i16 1, i16 poison> }
@undefs = global { i32, i32, ptr } { i32 undef, i32 poison, ptr null }
@tok_none = global ptr null

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9}
!0 = !{i32 1, !"err", i32 1}
!1 = !{i32 2, !"warn", !"str"}
!2 = !{i32 3, !"req", !{!"err", i32 1}}
!3 = !{i32 4, !"ovr", i32 2}
!4 = !{i32 5, !"app", !{!"a", !"b"}}
!5 = !{i32 6, !"appu", !{!"c"}}
!6 = !{i32 7, !"max", i32 8}
!7 = !{i32 8, !"min", i32 0}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 7, !"frame-pointer", i32 2}
!llvm.ident = !{!10}
!llvm.linker.options = !{!11}
!llvm.dependent-libraries = !{!12}
!10 = !{!"clang version x"}
!11 = !{!"/DEFAULTLIB:foo"}
!12 = !{!"m"}
define void @usesrec(ptr %p) {
  call void @userec(%rec zeroinitializer)
  %a = alloca target("spirv.Event")
  %b = alloca <vscale x 2 x i32>
  ret void
}
declare void @userec(%rec)
