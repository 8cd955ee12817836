; LangRef sweep (issue 27): debug-info numbers at their limits: 64-bit sizes and
; offsets, negative subrange counts, enumerators beyond 64 bits (signed and unsigned),
; the largest line and column of a DILocation.
!named = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !DIBasicType(name: "huge", size: 18446744073709551615, align: 4294967295, encoding: DW_ATE_signed)
!1 = !DISubrange(count: -1, lowerBound: -9223372036854775808)
!2 = !DIEnumerator(name: "big", value: 170141183460469231731687303715884105727)
!3 = !DIEnumerator(name: "neg", value: -170141183460469231731687303715884105728)
!4 = !DIEnumerator(name: "u", value: 340282366920938463463374607431768211455, isUnsigned: true)
!5 = distinct !DILocation(line: 4294967295, column: 65535, scope: !6)
!6 = distinct !DISubprogram(name: "f", spFlags: DISPFlagDefinition, unit: !8)
!7 = !DICompositeType(tag: DW_TAG_structure_type, size: 18446744073709551615, offset: 18446744073709551615)
!8 = distinct !DICompileUnit(language: DW_LANG_C, file: !9, emissionKind: FullDebug)
!9 = !DIFile(filename: "f", directory: "")
!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!10}
!10 = !{i32 2, !"Debug Info Version", i32 3}
