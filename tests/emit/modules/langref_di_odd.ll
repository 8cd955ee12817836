; LangRef sweep (issue 27): debug-info odds: DIFlags combinations, numeric and vendor
; tags, DW_TAG_set_type, ptr_to_member, template_alias, compile units of every emission
; kind and name table kind, an unknown language code.
!named = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13}
!0 = !DIBasicType(name: "x", size: 8, encoding: DW_ATE_UCS, flags: DIFlagBigEndian | DIFlagLittleEndian)
!1 = !DIDerivedType(tag: DW_TAG_member, name: "bf", baseType: !0, size: 3, offset: 5, flags: DIFlagBitField | DIFlagPublic, extraData: i64 0)
!2 = !DIDerivedType(tag: DW_TAG_atomic_type, baseType: !0)
!3 = !DIDerivedType(tag: DW_TAG_set_type, baseType: !18)
!18 = !DIBasicType(name: "u", size: 8, encoding: DW_ATE_unsigned)
!4 = !GenericDINode(tag: 16896, header: "", operands: {})
!5 = !GenericDINode(tag: DW_TAG_variable)
!6 = !DIDerivedType(tag: DW_TAG_typedef, name: "t", baseType: null, flags: DIFlagFwdDecl | DIFlagAppleBlock | DIFlagReservedBit4 | DIFlagVirtual | DIFlagExplicit | DIFlagIntroducedVirtual | DIFlagRValueReference | DIFlagExportSymbols | DIFlagThunk | DIFlagNonTrivial | DIFlagAllCallsDescribed | DIFlagTypePassByValue)
!7 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
!8 = !DIFile(filename: "f", directory: "d", checksumkind: CSK_SHA1, checksum: "0001020304050607080900010203040506070809")
!9 = !DILocation(line: 0, column: 0, scope: !10)
!10 = distinct !DISubprogram(name: "s", spFlags: DISPFlagDefinition | DISPFlagMainSubprogram | DISPFlagDeleted | DISPFlagObjCDirect, unit: !14, flags: DIFlagPrivate | DIFlagProtected | DIFlagMultipleInheritance | DIFlagVirtualInheritance)
!11 = !DIDerivedType(tag: DW_TAG_ptr_to_member_type, baseType: !0, extraData: !7, flags: DIFlagSingleInheritance)
!12 = !DICompositeType(tag: DW_TAG_structure_type, name: "fwd", flags: DIFlagFwdDecl, runtimeLang: DW_LANG_Swift, identifier: "id")
!13 = !DIDerivedType(tag: DW_TAG_template_alias, name: "ta", baseType: !0, extraData: !{})
!14 = distinct !DICompileUnit(language: DW_LANG_Rust, file: !8, emissionKind: DebugDirectivesOnly, nameTableKind: None)
!15 = distinct !DICompileUnit(language: DW_LANG_Mojo, file: !8, emissionKind: NoDebug, nameTableKind: Apple)
!16 = distinct !DICompileUnit(language: 32769, file: !8, emissionKind: LineTablesOnly)
!llvm.dbg.cu = !{!14, !15, !16}
!llvm.module.flags = !{!17}
!17 = !{i32 2, !"Debug Info Version", i32 3}
