; ModuleID = 'debug_cpp.cpp'
source_filename = "debug_cpp.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%"class.geo::Rect" = type { %"class.geo::Shape.base", double, double }
%"class.geo::Shape.base" = type <{ ptr, i32 }>

$_ZN3geo5twiceIdEET_S1_ = comdat any

$_ZN3geo4RectC2Edd = comdat any

$_ZN3geo4RectD2Ev = comdat any

$_ZN3geo5ShapeC2Ev = comdat any

$_ZN3geo4RectD0Ev = comdat any

$_ZNK3geo4Rect4areaEv = comdat any

$_ZN3geo5ShapeD2Ev = comdat any

$_ZN3geo5ShapeD0Ev = comdat any

$_ZTVN3geo4RectE = comdat any

$_ZTSN3geo4RectE = comdat any

$_ZTSN3geo5ShapeE = comdat any

$_ZTIN3geo5ShapeE = comdat any

$_ZTIN3geo4RectE = comdat any

$_ZTVN3geo5ShapeE = comdat any

@_ZN3geo4Rect5countE = dso_local global i32 0, align 4, !dbg !0
@_ZTVN3geo4RectE = linkonce_odr dso_local unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @_ZTIN3geo4RectE, ptr @_ZN3geo4RectD2Ev, ptr @_ZN3geo4RectD0Ev, ptr @_ZNK3geo4Rect4areaEv] }, comdat, align 8
@_ZTVN10__cxxabiv120__si_class_type_infoE = external global [0 x ptr]
@_ZTSN3geo4RectE = linkonce_odr dso_local constant [12 x i8] c"N3geo4RectE\00", comdat, align 1
@_ZTVN10__cxxabiv117__class_type_infoE = external global [0 x ptr]
@_ZTSN3geo5ShapeE = linkonce_odr dso_local constant [13 x i8] c"N3geo5ShapeE\00", comdat, align 1
@_ZTIN3geo5ShapeE = linkonce_odr dso_local constant { ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv117__class_type_infoE, i64 2), ptr @_ZTSN3geo5ShapeE }, comdat, align 8
@_ZTIN3geo4RectE = linkonce_odr dso_local constant { ptr, ptr, ptr } { ptr getelementptr inbounds (ptr, ptr @_ZTVN10__cxxabiv120__si_class_type_infoE, i64 2), ptr @_ZTSN3geo4RectE, ptr @_ZTIN3geo5ShapeE }, comdat, align 8
@_ZTVN3geo5ShapeE = linkonce_odr dso_local unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr @_ZTIN3geo5ShapeE, ptr @_ZN3geo5ShapeD2Ev, ptr @_ZN3geo5ShapeD0Ev, ptr @__cxa_pure_virtual] }, comdat, align 8

; Function Attrs: mustprogress noinline optnone uwtable
define dso_local noundef double @_Z5totalPN3geo5ShapeE(ptr noundef %0) #0 !dbg !50 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !55, !DIExpression(), !56)
  %3 = load ptr, ptr %2, align 8, !dbg !57
  %4 = load ptr, ptr %3, align 8, !dbg !58
  %5 = getelementptr inbounds ptr, ptr %4, i64 2, !dbg !58
  %6 = load ptr, ptr %5, align 8, !dbg !58
  %7 = call noundef double %6(ptr noundef nonnull align 8 dereferenceable(12) %3), !dbg !58
  %8 = call noundef double @_ZN3geo5twiceIdEET_S1_(double noundef %7), !dbg !59
  ret double %8, !dbg !60
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local noundef double @_ZN3geo5twiceIdEET_S1_(double noundef %0) #1 comdat !dbg !61 {
  %2 = alloca double, align 8
  store double %0, ptr %2, align 8
    #dbg_declare(ptr %2, !66, !DIExpression(), !67)
  %3 = load double, ptr %2, align 8, !dbg !68
  %4 = load double, ptr %2, align 8, !dbg !69
  %5 = fadd double %3, %4, !dbg !70
  ret double %5, !dbg !71
}

; Function Attrs: mustprogress noinline optnone uwtable
define dso_local noundef double @_Z4makev() #0 personality ptr @__gxx_personality_v0 !dbg !72 {
  %1 = alloca %"class.geo::Rect", align 8
  %2 = alloca ptr, align 8
  %3 = alloca i32, align 4
    #dbg_declare(ptr %1, !75, !DIExpression(), !76)
  call void @_ZN3geo4RectC2Edd(ptr noundef nonnull align 8 dereferenceable(32) %1, double noundef 2.000000e+00, double noundef 3.000000e+00), !dbg !76
  %4 = invoke noundef double @_Z5totalPN3geo5ShapeE(ptr noundef %1)
          to label %5 unwind label %6, !dbg !77

5:                                                ; preds = %0
  call void @_ZN3geo4RectD2Ev(ptr noundef nonnull align 8 dereferenceable(32) %1) #4, !dbg !78
  ret double %4, !dbg !78

6:                                                ; preds = %0
  %7 = landingpad { ptr, i32 }
          cleanup, !dbg !78
  %8 = extractvalue { ptr, i32 } %7, 0, !dbg !78
  store ptr %8, ptr %2, align 8, !dbg !78
  %9 = extractvalue { ptr, i32 } %7, 1, !dbg !78
  store i32 %9, ptr %3, align 4, !dbg !78
  call void @_ZN3geo4RectD2Ev(ptr noundef nonnull align 8 dereferenceable(32) %1) #4, !dbg !78
  br label %10, !dbg !78

10:                                               ; preds = %6
  %11 = load ptr, ptr %2, align 8, !dbg !78
  %12 = load i32, ptr %3, align 4, !dbg !78
  %13 = insertvalue { ptr, i32 } poison, ptr %11, 0, !dbg !78
  %14 = insertvalue { ptr, i32 } %13, i32 %12, 1, !dbg !78
  resume { ptr, i32 } %14, !dbg !78
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN3geo4RectC2Edd(ptr noundef nonnull align 8 dereferenceable(32) %0, double noundef %1, double noundef %2) unnamed_addr #1 comdat align 2 !dbg !79 {
  %4 = alloca ptr, align 8
  %5 = alloca double, align 8
  %6 = alloca double, align 8
  store ptr %0, ptr %4, align 8
    #dbg_declare(ptr %4, !80, !DIExpression(), !82)
  store double %1, ptr %5, align 8
    #dbg_declare(ptr %5, !83, !DIExpression(), !84)
  store double %2, ptr %6, align 8
    #dbg_declare(ptr %6, !85, !DIExpression(), !86)
  %7 = load ptr, ptr %4, align 8
  call void @_ZN3geo5ShapeC2Ev(ptr noundef nonnull align 8 dereferenceable(12) %7) #4, !dbg !87
  store ptr getelementptr inbounds inrange(-16, 24) ({ [5 x ptr] }, ptr @_ZTVN3geo4RectE, i32 0, i32 0, i32 2), ptr %7, align 8, !dbg !88
  %8 = getelementptr inbounds %"class.geo::Rect", ptr %7, i32 0, i32 1, !dbg !89
  %9 = load double, ptr %5, align 8, !dbg !90
  store double %9, ptr %8, align 8, !dbg !89
  %10 = getelementptr inbounds %"class.geo::Rect", ptr %7, i32 0, i32 2, !dbg !91
  %11 = load double, ptr %6, align 8, !dbg !92
  store double %11, ptr %10, align 8, !dbg !91
  ret void, !dbg !93
}

declare i32 @__gxx_personality_v0(...)

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN3geo4RectD2Ev(ptr noundef nonnull align 8 dereferenceable(32) %0) unnamed_addr #1 comdat align 2 !dbg !94 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !98, !DIExpression(), !99)
  %3 = load ptr, ptr %2, align 8
  call void @_ZN3geo5ShapeD2Ev(ptr noundef nonnull align 8 dereferenceable(12) %3) #4, !dbg !100
  ret void, !dbg !102
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN3geo5ShapeC2Ev(ptr noundef nonnull align 8 dereferenceable(12) %0) unnamed_addr #1 comdat align 2 !dbg !103 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !105, !DIExpression(), !106)
  %3 = load ptr, ptr %2, align 8
  store ptr getelementptr inbounds inrange(-16, 24) ({ [5 x ptr] }, ptr @_ZTVN3geo5ShapeE, i32 0, i32 0, i32 2), ptr %3, align 8, !dbg !107
  ret void, !dbg !107
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN3geo4RectD0Ev(ptr noundef nonnull align 8 dereferenceable(32) %0) unnamed_addr #1 comdat align 2 !dbg !108 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !109, !DIExpression(), !110)
  %3 = load ptr, ptr %2, align 8
  call void @_ZN3geo4RectD2Ev(ptr noundef nonnull align 8 dereferenceable(32) %3) #4, !dbg !111
  call void @_ZdlPvm(ptr noundef %3, i64 noundef 32) #5, !dbg !111
  ret void, !dbg !111
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local noundef double @_ZNK3geo4Rect4areaEv(ptr noundef nonnull align 8 dereferenceable(32) %0) unnamed_addr #1 comdat align 2 !dbg !112 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !113, !DIExpression(), !115)
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds %"class.geo::Rect", ptr %3, i32 0, i32 1, !dbg !116
  %5 = load double, ptr %4, align 8, !dbg !116
  %6 = getelementptr inbounds %"class.geo::Rect", ptr %3, i32 0, i32 2, !dbg !117
  %7 = load double, ptr %6, align 8, !dbg !117
  %8 = fmul double %5, %7, !dbg !118
  ret double %8, !dbg !119
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN3geo5ShapeD2Ev(ptr noundef nonnull align 8 dereferenceable(12) %0) unnamed_addr #1 comdat align 2 !dbg !120 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !121, !DIExpression(), !122)
  %3 = load ptr, ptr %2, align 8
  ret void, !dbg !123
}

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN3geo5ShapeD0Ev(ptr noundef nonnull align 8 dereferenceable(12) %0) unnamed_addr #1 comdat align 2 !dbg !124 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !125, !DIExpression(), !126)
  %3 = load ptr, ptr %2, align 8
  call void @llvm.trap() #6, !dbg !127
  unreachable, !dbg !127
}

declare void @__cxa_pure_virtual() unnamed_addr

; Function Attrs: cold noreturn nounwind memory(inaccessiblemem: write)
declare void @llvm.trap() #2

; Function Attrs: nobuiltin nounwind
declare void @_ZdlPvm(ptr noundef, i64 noundef) #3

attributes #0 = { mustprogress noinline optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { cold noreturn nounwind memory(inaccessiblemem: write) }
attributes #3 = { nobuiltin nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }
attributes #5 = { builtin nounwind }
attributes #6 = { noreturn nounwind }

!llvm.dbg.cu = !{!38}
!llvm.module.flags = !{!42, !43, !44, !45, !46, !47, !48}
!llvm.ident = !{!49}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "count", linkageName: "_ZN3geo4Rect5countE", scope: !2, file: !3, line: 16, type: !4, isLocal: false, isDefinition: true, declaration: !5)
!2 = !DINamespace(name: "geo", scope: null)
!3 = !DIFile(filename: "debug_cpp.cpp", directory: "./src", checksumkind: CSK_MD5, checksum: "9860f05e4d5cbe7a9c0d48621b79e97b")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DIDerivedType(tag: DW_TAG_variable, name: "count", scope: !6, file: !3, line: 14, baseType: !4, flags: DIFlagStaticMember)
!6 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "Rect", scope: !2, file: !3, line: 8, size: 256, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !7, vtableHolder: !9, identifier: "_ZTSN3geo4RectE")
!7 = !{!8, !27, !28, !5, !29, !33}
!8 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !6, baseType: !9, flags: DIFlagPublic, extraData: i32 0)
!9 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "Shape", scope: !2, file: !3, line: 2, size: 128, flags: DIFlagTypePassByReference | DIFlagNonTrivial, elements: !10, vtableHolder: !9, identifier: "_ZTSN3geo5ShapeE")
!10 = !{!11, !16, !17, !21}
!11 = !DIDerivedType(tag: DW_TAG_member, name: "_vptr$Shape", scope: !3, file: !3, baseType: !12, size: 64, flags: DIFlagArtificial)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "__vtbl_ptr_type", baseType: !14, size: 64)
!14 = !DISubroutineType(types: !15)
!15 = !{!4}
!16 = !DIDerivedType(tag: DW_TAG_member, name: "id", scope: !9, file: !3, line: 6, baseType: !4, size: 32, offset: 64, flags: DIFlagPublic)
!17 = !DISubprogram(name: "~Shape", scope: !9, file: !3, line: 4, type: !18, scopeLine: 4, containingType: !9, virtualIndex: 0, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagVirtual)
!18 = !DISubroutineType(types: !19)
!19 = !{null, !20}
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!21 = !DISubprogram(name: "area", linkageName: "_ZNK3geo5Shape4areaEv", scope: !9, file: !3, line: 5, type: !22, scopeLine: 5, containingType: !9, virtualIndex: 2, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagPureVirtual)
!22 = !DISubroutineType(types: !23)
!23 = !{!24, !25}
!24 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!25 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !26, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!26 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !9)
!27 = !DIDerivedType(tag: DW_TAG_member, name: "w", scope: !6, file: !3, line: 13, baseType: !24, size: 64, offset: 128)
!28 = !DIDerivedType(tag: DW_TAG_member, name: "h", scope: !6, file: !3, line: 13, baseType: !24, size: 64, offset: 192)
!29 = !DISubprogram(name: "Rect", scope: !6, file: !3, line: 10, type: !30, scopeLine: 10, flags: DIFlagPublic | DIFlagPrototyped, spFlags: 0)
!30 = !DISubroutineType(types: !31)
!31 = !{null, !32, !24, !24}
!32 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!33 = !DISubprogram(name: "area", linkageName: "_ZNK3geo4Rect4areaEv", scope: !6, file: !3, line: 11, type: !34, scopeLine: 11, containingType: !6, virtualIndex: 2, flags: DIFlagPublic | DIFlagPrototyped, spFlags: DISPFlagVirtual)
!34 = !DISubroutineType(types: !35)
!35 = !{!24, !36}
!36 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !37, size: 64, flags: DIFlagArtificial | DIFlagObjectPointer)
!37 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !6)
!38 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !39, imports: !40, splitDebugInlining: false, nameTableKind: None)
!39 = !{!0}
!40 = !{!41}
!41 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !38, entity: !2, file: !3, line: 19)
!42 = !{i32 7, !"Dwarf Version", i32 5}
!43 = !{i32 2, !"Debug Info Version", i32 3}
!44 = !{i32 1, !"wchar_size", i32 4}
!45 = !{i32 8, !"PIC Level", i32 2}
!46 = !{i32 7, !"PIE Level", i32 2}
!47 = !{i32 7, !"uwtable", i32 2}
!48 = !{i32 7, !"frame-pointer", i32 2}
!49 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!50 = distinct !DISubprogram(name: "total", linkageName: "_Z5totalPN3geo5ShapeE", scope: !3, file: !3, line: 20, type: !51, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, retainedNodes: !54)
!51 = !DISubroutineType(types: !52)
!52 = !{!24, !53}
!53 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64)
!54 = !{}
!55 = !DILocalVariable(name: "s", arg: 1, scope: !50, file: !3, line: 20, type: !53)
!56 = !DILocation(line: 20, column: 21, scope: !50)
!57 = !DILocation(line: 20, column: 39, scope: !50)
!58 = !DILocation(line: 20, column: 42, scope: !50)
!59 = !DILocation(line: 20, column: 33, scope: !50)
!60 = !DILocation(line: 20, column: 26, scope: !50)
!61 = distinct !DISubprogram(name: "twice<double>", linkageName: "_ZN3geo5twiceIdEET_S1_", scope: !2, file: !3, line: 17, type: !62, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, templateParams: !64, retainedNodes: !54)
!62 = !DISubroutineType(types: !63)
!63 = !{!24, !24}
!64 = !{!65}
!65 = !DITemplateTypeParameter(name: "T", type: !24)
!66 = !DILocalVariable(name: "v", arg: 1, scope: !61, file: !3, line: 17, type: !24)
!67 = !DILocation(line: 17, column: 33, scope: !61)
!68 = !DILocation(line: 17, column: 45, scope: !61)
!69 = !DILocation(line: 17, column: 49, scope: !61)
!70 = !DILocation(line: 17, column: 47, scope: !61)
!71 = !DILocation(line: 17, column: 38, scope: !61)
!72 = distinct !DISubprogram(name: "make", linkageName: "_Z4makev", scope: !3, file: !3, line: 21, type: !73, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, retainedNodes: !54)
!73 = !DISubroutineType(types: !74)
!74 = !{!24}
!75 = !DILocalVariable(name: "r", scope: !72, file: !3, line: 21, type: !6)
!76 = !DILocation(line: 21, column: 22, scope: !72)
!77 = !DILocation(line: 21, column: 38, scope: !72)
!78 = !DILocation(line: 21, column: 49, scope: !72)
!79 = distinct !DISubprogram(name: "Rect", linkageName: "_ZN3geo4RectC2Edd", scope: !6, file: !3, line: 10, type: !30, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !29, retainedNodes: !54)
!80 = !DILocalVariable(name: "this", arg: 1, scope: !79, type: !81, flags: DIFlagArtificial | DIFlagObjectPointer)
!81 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!82 = !DILocation(line: 0, scope: !79)
!83 = !DILocalVariable(name: "w", arg: 2, scope: !79, file: !3, line: 10, type: !24)
!84 = !DILocation(line: 10, column: 15, scope: !79)
!85 = !DILocalVariable(name: "h", arg: 3, scope: !79, file: !3, line: 10, type: !24)
!86 = !DILocation(line: 10, column: 25, scope: !79)
!87 = !DILocation(line: 10, column: 3, scope: !79)
!88 = !DILocation(line: 10, column: 41, scope: !79)
!89 = !DILocation(line: 10, column: 30, scope: !79)
!90 = !DILocation(line: 10, column: 32, scope: !79)
!91 = !DILocation(line: 10, column: 36, scope: !79)
!92 = !DILocation(line: 10, column: 38, scope: !79)
!93 = !DILocation(line: 10, column: 42, scope: !79)
!94 = distinct !DISubprogram(name: "~Rect", linkageName: "_ZN3geo4RectD2Ev", scope: !6, file: !3, line: 8, type: !95, scopeLine: 8, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !97, retainedNodes: !54)
!95 = !DISubroutineType(types: !96)
!96 = !{null, !32}
!97 = !DISubprogram(name: "~Rect", scope: !6, type: !95, containingType: !6, virtualIndex: 0, flags: DIFlagPublic | DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagVirtual)
!98 = !DILocalVariable(name: "this", arg: 1, scope: !94, type: !81, flags: DIFlagArtificial | DIFlagObjectPointer)
!99 = !DILocation(line: 0, scope: !94)
!100 = !DILocation(line: 8, column: 7, scope: !101)
!101 = distinct !DILexicalBlock(scope: !94, file: !3, line: 8, column: 7)
!102 = !DILocation(line: 8, column: 7, scope: !94)
!103 = distinct !DISubprogram(name: "Shape", linkageName: "_ZN3geo5ShapeC2Ev", scope: !9, file: !3, line: 2, type: !18, scopeLine: 2, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !104, retainedNodes: !54)
!104 = !DISubprogram(name: "Shape", scope: !9, type: !18, flags: DIFlagPublic | DIFlagArtificial | DIFlagPrototyped, spFlags: 0)
!105 = !DILocalVariable(name: "this", arg: 1, scope: !103, type: !53, flags: DIFlagArtificial | DIFlagObjectPointer)
!106 = !DILocation(line: 0, scope: !103)
!107 = !DILocation(line: 2, column: 7, scope: !103)
!108 = distinct !DISubprogram(name: "~Rect", linkageName: "_ZN3geo4RectD0Ev", scope: !6, file: !3, line: 8, type: !95, scopeLine: 8, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !97, retainedNodes: !54)
!109 = !DILocalVariable(name: "this", arg: 1, scope: !108, type: !81, flags: DIFlagArtificial | DIFlagObjectPointer)
!110 = !DILocation(line: 0, scope: !108)
!111 = !DILocation(line: 8, column: 7, scope: !108)
!112 = distinct !DISubprogram(name: "area", linkageName: "_ZNK3geo4Rect4areaEv", scope: !6, file: !3, line: 11, type: !34, scopeLine: 11, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !33, retainedNodes: !54)
!113 = !DILocalVariable(name: "this", arg: 1, scope: !112, type: !114, flags: DIFlagArtificial | DIFlagObjectPointer)
!114 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !37, size: 64)
!115 = !DILocation(line: 0, scope: !112)
!116 = !DILocation(line: 11, column: 41, scope: !112)
!117 = !DILocation(line: 11, column: 45, scope: !112)
!118 = !DILocation(line: 11, column: 43, scope: !112)
!119 = !DILocation(line: 11, column: 34, scope: !112)
!120 = distinct !DISubprogram(name: "~Shape", linkageName: "_ZN3geo5ShapeD2Ev", scope: !9, file: !3, line: 4, type: !18, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !17, retainedNodes: !54)
!121 = !DILocalVariable(name: "this", arg: 1, scope: !120, type: !53, flags: DIFlagArtificial | DIFlagObjectPointer)
!122 = !DILocation(line: 0, scope: !120)
!123 = !DILocation(line: 4, column: 21, scope: !120)
!124 = distinct !DISubprogram(name: "~Shape", linkageName: "_ZN3geo5ShapeD0Ev", scope: !9, file: !3, line: 4, type: !18, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !38, declaration: !17, retainedNodes: !54)
!125 = !DILocalVariable(name: "this", arg: 1, scope: !124, type: !53, flags: DIFlagArtificial | DIFlagObjectPointer)
!126 = !DILocation(line: 0, scope: !124)
!127 = !DILocation(line: 4, column: 20, scope: !124)
