; Metadata as data: named metadata (with an escaped name), module flags of every
; behavior, distinct and uniqued nodes, self-referential loop ids, nested tuples,
; value operands (globals, functions, constants of several types), null operands,
; strings with escapes, the tuples LLVM canonicalises when wrapped as values
; (!{null}, !{i32 5}), and metadata arguments of intrinsic calls.
source_filename = "meta_nodes.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 7
@arr = global [2 x i32] [i32 1, i32 2]

declare i64 @llvm.read_register.i64(metadata)
declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)
declare i1 @llvm.type.test(ptr, metadata)
declare void @llvm.experimental.noalias.scope.decl(metadata)

define double @f(ptr %p, double %a, double %b, i32 %n) #0 {
entry:
  %sp = call i64 @llvm.read_register.i64(metadata !20)
  %s = call double @llvm.experimental.constrained.fadd.f64(double %a, double %b, metadata !"round.dynamic", metadata !"fpexcept.strict") #0
  %t = call i1 @llvm.type.test(ptr %p, metadata !"_ZTS1A") #0
  call void @llvm.experimental.noalias.scope.decl(metadata !21) #0
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !30

exit:
  ret double %s
}

attributes #0 = { strictfp }

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5, !6, !7, !8}
!my\09named.md = !{!10, !11, !12, !13}
!empty.named = !{}
!vals = !{!14, !15, !16}

!0 = !{i32 1, !"error flag", i32 1}
!1 = !{i32 2, !"warning flag", !"text"}
!2 = !{i32 3, !"require flag", !9}
!3 = !{i32 4, !"override flag", i32 3}
!4 = !{i32 5, !"append flag", !{!"a", !"b"}}
!5 = !{i32 6, !"append unique flag", !{!"u"}}
!6 = !{i32 7, !"max flag", i32 10}
!7 = !{i32 8, !"min flag", i32 2}
!8 = !{i32 1, !"error flag 2", i64 -1}
!9 = !{!"error flag", i32 1}
!10 = !{null}
!11 = !{i32 5}
!12 = !{}
!13 = distinct !{!13, null, !"self"}
!14 = !{ptr @g, ptr @f, ptr @arr, i8 -1, i64 9223372036854775807, half 0xH3C00, double 1.5, ptr null, i1 true}
!15 = !{!"quote \22 backslash \5C tab \09 newline \0A end"}
!16 = distinct !{!17, !17, !{!"nested", !{!"deeper"}}}
!17 = !{!"shared"}
!20 = !{!"rsp"}
!21 = !{!22}
!22 = distinct !{!22, !23, !"f: %p"}
!23 = distinct !{!23, !"f"}
!30 = distinct !{!30, !31, !32}
!31 = !{!"llvm.loop.mustprogress"}
!32 = !{!"llvm.loop.unroll.count", i32 4}
