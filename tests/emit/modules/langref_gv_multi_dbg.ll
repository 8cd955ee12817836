; LangRef sweep (issue 27): a global variable with two !dbg and two !type attachments.
@g = global i32 0, align 4, !dbg !0, !dbg !5, !type !8, !type !9
!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!7}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 1, type: !4, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, emissionKind: FullDebug, globals: !10)
!3 = !DIFile(filename: "a.c", directory: "/")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIGlobalVariableExpression(var: !6, expr: !DIExpression(DW_OP_plus_uconst, 4))
!6 = distinct !DIGlobalVariable(name: "h", scope: !2, file: !3, line: 2, type: !4, isLocal: false, isDefinition: true)
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !{i64 0, !"t1"}
!9 = !{i64 4, !"t2"}
!10 = !{!0, !5}
