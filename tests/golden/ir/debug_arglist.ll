; DIArgList operands (issue 11's round trip): the C API cannot reach the values of a
; DIArgList, so the walker reads them from the printed record; locals become Variable
; ids, and constants are rebuilt by LLVM's parser in the same context and described
; like any other constant (constant_kind, constant_type, the value relations), with
; metadata_value_type for every operand. The constants here appear nowhere else.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0

define i32 @f(i32 %a, ptr %p) !dbg !5 {
entry:
    #dbg_value(!DIArgList(i32 %a, i32 undef, i64 poison), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(i16 -7, i128 18446744073709551621, i1 true), !10, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(double 2.500000e+00, float 0x3FB99999A0000000, half 0xH3C00), !11, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value), !12)
    #dbg_value(!DIArgList(ptr %p, ptr null, ptr @g, <2 x i8> <i8 1, i8 2>), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_stack_value), !12)
  %r = add i32 %a, 1, !dbg !12
  ret i32 %r, !dbg !12
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "arglist.c", directory: ".")
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
