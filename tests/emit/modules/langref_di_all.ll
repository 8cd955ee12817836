; LangRef sweep (issue 27): each specialised debug-info node with every field LLVM 19
; prints: DICompileUnit, DIFile (checksum, source), DIBasicType, DIStringType,
; DIDerivedType (ptrauth, annotations, dwarfAddressSpace), DICompositeType (dataLocation,
; associated, allocated, rank, discriminator), DISubrange and DIGenericSubrange with
; expressions, DIEnumerator, template parameters, DISubprogram (every spFlag),
; DILexicalBlock(File), DILocation (inlinedAt, isImplicitCode), DILabel, DINamespace,
; DIGlobalVariable(Expression), DICommonBlock, DIModule, DIObjCProperty,
; DIImportedEntity, DIMacro(File), DIAssignID, GenericDINode.
source_filename = "x.c"
@g = global i32 0, !dbg !40
@g2 = global i32 0, !dbg !42
define void @f(i32 %a) !dbg !20 {
entry:
  %x = alloca i32, align 4, !DIAssignID !60
    #dbg_declare(ptr %x, !30, !DIExpression(), !31)
    #dbg_assign(i32 %a, !30, !DIExpression(), !60, ptr %x, !DIExpression(), !31)
    #dbg_value(i32 %a, !30, !DIExpression(DW_OP_LLVM_fragment, 0, 16), !31)
    #dbg_value(!DIArgList(i32 %a, i32 1), !30, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !31)
    #dbg_label(!32, !31)
  store i32 %a, ptr %x, !dbg !33
  ret void, !dbg !34
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!100, !101}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, flags: "-O2", runtimeVersion: 2, splitDebugFilename: "x.dwo", emissionKind: FullDebug, enums: !2, retainedTypes: !2, globals: !43, imports: !50, macros: !70, dwoId: 12345, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/sr", sdk: "MacOSX.sdk")
!1 = !DIFile(filename: "x.c", directory: "/d", checksumkind: CSK_SHA256, checksum: "000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f", source: "int main(){}\0A")
!2 = !{!3}
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", scope: !1, file: !1, line: 3, baseType: !5, size: 32, align: 32, flags: DIFlagEnumClass, elements: !4, identifier: "_ZTS1E")
!4 = !{!6, !7, !8}
!5 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned, flags: DIFlagBigEndian)
!6 = !DIEnumerator(name: "A", value: 0, isUnsigned: true)
!7 = !DIEnumerator(name: "B", value: 18446744073709551615, isUnsigned: true)
!8 = !DIEnumerator(name: "C", value: -5)
!9 = !DIBasicType(name: "int", size: 32, align: 32, encoding: DW_ATE_signed)
!10 = !DIStringType(name: "character(*)", stringLength: !30, stringLengthExpression: !DIExpression(), stringLocationExpression: !DIExpression(DW_OP_push_object_address, DW_OP_deref), size: 32, align: 8, encoding: DW_ATE_UTF)
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "p", scope: !1, file: !1, line: 1, baseType: !9, size: 64, align: 64, offset: 8, flags: DIFlagArtificial | DIFlagObjectPointer, extraData: !9, dwarfAddressSpace: 1, annotations: !12, ptrAuthKey: 2, ptrAuthIsAddressDiscriminated: true, ptrAuthExtraDiscriminator: 1234, ptrAuthIsaPointer: true, ptrAuthAuthenticatesNullValues: true)
!12 = !{!13}
!13 = !{!"btf_decl_tag", !"tag1"}
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !9, size: 64, elements: !15, dataLocation: !DIExpression(DW_OP_push_object_address), associated: !30, allocated: !DIExpression(DW_OP_constu, 1), rank: !DIExpression(DW_OP_constu, 2), annotations: !12)
!15 = !{!16, !17, !18, !23}
!16 = !DISubrange(count: 2, lowerBound: 1)
!17 = !DISubrange(lowerBound: !DIExpression(DW_OP_constu, 0), upperBound: !30, stride: !DIExpression(DW_OP_constu, 4))
!18 = !DIGenericSubrange(count: !DIExpression(DW_OP_constu, 5), lowerBound: !DIExpression(DW_OP_constu, 0), stride: !DIExpression(DW_OP_constu, 4))
!23 = !DISubrange(count: !30)
!19 = !DICompositeType(tag: DW_TAG_class_type, name: "K", scope: !1, file: !1, line: 9, size: 64, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !2, vtableHolder: !19, templateParams: !24, identifier: "_ZTS1K", runtimeLang: DW_LANG_C_plus_plus)
!20 = distinct !DISubprogram(name: "f", linkageName: "_Z1fi", scope: !1, file: !1, line: 4, type: !21, scopeLine: 5, containingType: !19, virtuality: DW_VIRTUALITY_pure_virtual, virtualIndex: 3, thisAdjustment: 8, flags: DIFlagPrototyped | DIFlagNoReturn, spFlags: DISPFlagDefinition | DISPFlagOptimized | DISPFlagPureVirtual | DISPFlagLocalToUnit | DISPFlagElemental | DISPFlagRecursive | DISPFlagPure, unit: !0, templateParams: !24, declaration: !28, retainedNodes: !29, thrownTypes: !2, annotations: !12, targetFuncName: "tf")
!21 = !DISubroutineType(cc: DW_CC_BORLAND_msfastcall, flags: DIFlagLValueReference, types: !22)
!22 = !{null, !9, !10, !11, !14}
!24 = !{!25, !26, !27}
!25 = !DITemplateTypeParameter(name: "T", type: !9, defaulted: true)
!26 = !DITemplateValueParameter(name: "N", type: !9, defaulted: true, value: i32 7)
!27 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "P", value: !2)
!28 = !DISubprogram(name: "f", scope: !19, file: !1, line: 4, type: !21, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!29 = !{!30}
!30 = !DILocalVariable(name: "a", arg: 1, scope: !20, file: !1, line: 4, type: !9, flags: DIFlagArtificial, align: 32, annotations: !12)
!31 = !DILocation(line: 4, column: 7, scope: !20, inlinedAt: !35, isImplicitCode: true)
!32 = !DILabel(scope: !20, name: "L", file: !1, line: 6)
!33 = !DILocation(line: 5, column: 3, scope: !36)
!34 = !DILocation(line: 7, scope: !37)
!35 = distinct !DILocation(line: 1, column: 1, scope: !20)
!36 = distinct !DILexicalBlock(scope: !20, file: !1, line: 5, column: 2)
!37 = !DILexicalBlockFile(scope: !36, file: !38, discriminator: 3)
!38 = !DIFile(filename: "y.h", directory: "/d", checksumkind: CSK_MD5, checksum: "000102030405060708090a0b0c0d0e0f")
!39 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression(DW_OP_constu, 4, DW_OP_stack_value))
!41 = distinct !DIGlobalVariable(name: "g", linkageName: "_g", scope: !39, file: !1, line: 2, type: !9, isLocal: true, isDefinition: true, declaration: !44, templateParams: !24, align: 64, annotations: !12)
!42 = !DIGlobalVariableExpression(var: !45, expr: !DIExpression())
!43 = !{!40, !42}
!44 = !DIDerivedType(tag: DW_TAG_member, name: "g", scope: !19, file: !1, baseType: !9, flags: DIFlagStaticMember, extraData: i32 5)
!45 = distinct !DIGlobalVariable(name: "g2", scope: !46, file: !1, line: 3, type: !9, isLocal: false, isDefinition: true)
!46 = !DICommonBlock(scope: !20, declaration: !41, name: "blk", file: !1, line: 8)
!47 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "M.apinotes", file: !1, line: 3, isDecl: true)
!48 = !DIObjCProperty(name: "prop", file: !1, line: 4, setter: "setProp:", getter: "prop", attributes: 7, type: !9)
!49 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !47, file: !1, line: 5, name: "nm", elements: !2)
!50 = !{!49, !51}
!51 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !20, entity: !48, line: 6)
!60 = distinct !DIAssignID()
!70 = !{!71, !72}
!71 = !DIMacroFile(line: 1, file: !38, nodes: !73)
!72 = !DIMacro(type: DW_MACINFO_define, line: 2, name: "X", value: "1")
!73 = !{!74}
!74 = !DIMacro(type: DW_MACINFO_undef, line: 3, name: "Y")
!80 = !GenericDINode(tag: DW_TAG_entry_point, header: "hdr", operands: {!9, null, !"s"})
!81 = !{!82, !80, !47, !48, !39, !19, !46}
!named = !{!81}
!100 = !{i32 7, !"Dwarf Version", i32 5}
!101 = !{i32 2, !"Debug Info Version", i32 3}
!82 = !DICompositeType(tag: DW_TAG_variant_part, scope: !19, file: !1, size: 64, discriminator: !83, elements: !2)
!83 = !DIDerivedType(tag: DW_TAG_member, scope: !19, file: !1, baseType: !9, size: 32, flags: DIFlagArtificial)
