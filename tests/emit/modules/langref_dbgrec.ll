; LangRef sweep (issue 27): debug records: #dbg_value of poison, undef, constants,
; globals and a DIArgList; #dbg_declare; #dbg_assign with an undef address; #dbg_label.
define void @f(i32 %a, ptr %p) !dbg !5 {
entry:
    #dbg_value(i32 poison, !9, !DIExpression(), !10)
    #dbg_value(i32 undef, !9, !DIExpression(), !10)
    #dbg_value(!DIArgList(i32 %a, i32 poison, ptr %p), !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !10)
    #dbg_value(i32 42, !9, !DIExpression(), !10)
    #dbg_value(float 1.5, !9, !DIExpression(), !10)
    #dbg_value(ptr @f, !9, !DIExpression(), !10)
    #dbg_value(ptr null, !9, !DIExpression(), !10)
    #dbg_declare(ptr %p, !9, !DIExpression(DW_OP_deref), !11)
    #dbg_assign(i32 %a, !9, !DIExpression(), !12, ptr undef, !DIExpression(), !10)
    #dbg_assign(i32 poison, !9, !DIExpression(DW_OP_LLVM_fragment, 0, 8), !12, ptr %p, !DIExpression(DW_OP_plus_uconst, 1), !10)
  %x = add i32 %a, 1, !dbg !10
    #dbg_label(!13, !10)
  br label %next, !dbg !10
next:
    #dbg_value(i32 %x, !9, !DIExpression(), !10)
  ret void, !dbg !10
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "x.c", directory: "")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocalVariable(name: "a", scope: !5, file: !1, type: !8)
!10 = !DILocation(line: 2, scope: !5)
!11 = !DILocation(line: 3, column: 65535, scope: !5)
!12 = distinct !DIAssignID()
!13 = !DILabel(scope: !5, name: "L", file: !1, line: 4)
