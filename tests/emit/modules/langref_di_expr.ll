; LangRef sweep (issue 27): DIExpression operators that LLVM 19's verifier accepts, in
; debug records: LLVM extensions (fragment, convert, tag_offset, entry_value on a
; swiftasync argument, implicit_pointer, arg, extract_bits_*), arithmetic, bregs, 64-bit
; operands.
define swifttailcc void @f(i32 %a, ptr swiftasync %s) !dbg !5 {
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_LLVM_extract_bits_zext, 0, 8), !10)
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_LLVM_extract_bits_sext, 1, 7, DW_OP_stack_value), !10)
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_stack_value), !10)
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_LLVM_tag_offset, 3), !10)
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_plus_uconst, 4, DW_OP_deref, DW_OP_deref_size, 4, DW_OP_xderef, DW_OP_over, DW_OP_dup, DW_OP_minus, DW_OP_mul, DW_OP_div, DW_OP_mod, DW_OP_and, DW_OP_or, DW_OP_xor, DW_OP_not, DW_OP_shl, DW_OP_shr, DW_OP_shra, DW_OP_eq, DW_OP_ne, DW_OP_gt, DW_OP_ge, DW_OP_lt, DW_OP_le, DW_OP_lit0, DW_OP_breg0, 4, DW_OP_regx, 3, DW_OP_bregx, 3, 8, DW_OP_consts, 18446744073709551615, DW_OP_push_object_address, DW_OP_plus, DW_OP_stack_value), !10)
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_constu, 42, DW_OP_stack_value, DW_OP_LLVM_fragment, 8, 8), !10)
    #dbg_value(i32 %a, !9, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 0, DW_OP_plus), !10)
    #dbg_value(ptr undef, !9, !DIExpression(DW_OP_LLVM_implicit_pointer), !10)
    #dbg_value(ptr %s, !9, !DIExpression(DW_OP_LLVM_entry_value, 1), !10)
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "x.c", directory: "")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 0, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocalVariable(name: "a", scope: !5, file: !1, type: !8)
!10 = !DILocation(line: 0, scope: !5)
