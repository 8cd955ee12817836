; DIArgList operands that are constant expressions naming a global (issue 11): the C API
; cannot open a DIArgList, and LLVM's parser cannot rebuild such a constant outside the
; module (a throwaway module has none of its globals), so the walker finds the very
; constant among the constant users of the global it names (the first `@` in its
; printed text), compares LLVM's own printing of each, and describes it like any other
; constant. Unnamed globals (@0), quoted names (an `@` inside a quoted type name is not
; a global), nested expressions, aggregates, blockaddress and dso_local_equivalent are
; here too. None of these constants appears elsewhere.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%"struct.a@b" = type { i32, i32 }

@g = global [4 x i32] zeroinitializer
@s = global %"struct.a@b" zeroinitializer
@"quoted name" = global i64 0
@0 = global i32 0
@h = global i32 1

define i32 @f(i32 %a) !dbg !5 {
entry:
    #dbg_value(!DIArgList(i32 %a, ptr getelementptr inbounds (i8, ptr @g, i64 4)), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(i64 ptrtoint (ptr getelementptr (i8, ptr @"quoted name", i64 8) to i64), i64 sub (i64 ptrtoint (ptr @h to i64), i64 ptrtoint (ptr @0 to i64))), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(i32 %a, ptr @0, i64 ptrtoint (ptr @0 to i64), ptr blockaddress(@f, %next)), !11, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(i32 %a, ptr getelementptr (%"struct.a@b", ptr @s, i64 0, i32 1)), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(i32 %a, ptr dso_local_equivalent @f, <2 x ptr> <ptr @h, ptr getelementptr (i8, ptr @g, i64 12)>), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
  br label %next, !dbg !12

next:
  %r = add i32 %a, 1, !dbg !12
  ret i32 %r, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "arglist_global.c", directory: ".")
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{!2, !2}
!8 = !{!9, !10, !11}
!9 = !DILocalVariable(name: "t", scope: !5, file: !1, line: 2, type: !2)
!10 = !DILocalVariable(name: "u", scope: !5, file: !1, line: 3, type: !2)
!11 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 4, type: !2)
!12 = !DILocation(line: 2, column: 3, scope: !5)
