; ModuleID = 'debug_c.c'
source_filename = "debug_c.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.point = type { i32, i32 }

@.str = private unnamed_addr constant [4 x i8] c"red\00", align 1, !dbg !0
@.str.1 = private unnamed_addr constant [6 x i8] c"green\00", align 1, !dbg !7
@.str.2 = private unnamed_addr constant [5 x i8] c"blue\00", align 1, !dbg !12
@names = dso_local global [3 x ptr] [ptr @.str, ptr @.str.1, ptr @.str.2], align 16, !dbg !17
@counter = internal global i32 1, align 4, !dbg !28

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @dist2(ptr noundef %0, i32 noundef %1) #0 !dbg !44 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store ptr %0, ptr %3, align 8
    #dbg_declare(ptr %3, !55, !DIExpression(), !56)
  store i32 %1, ptr %4, align 4
    #dbg_declare(ptr %4, !57, !DIExpression(), !58)
    #dbg_declare(ptr %5, !59, !DIExpression(), !60)
  %7 = load ptr, ptr %3, align 8, !dbg !61
  %8 = getelementptr inbounds %struct.point, ptr %7, i32 0, i32 0, !dbg !62
  %9 = load i32, ptr %8, align 4, !dbg !62
  %10 = load ptr, ptr %3, align 8, !dbg !63
  %11 = getelementptr inbounds %struct.point, ptr %10, i32 0, i32 0, !dbg !64
  %12 = load i32, ptr %11, align 4, !dbg !64
  %13 = mul nsw i32 %9, %12, !dbg !65
  %14 = load ptr, ptr %3, align 8, !dbg !66
  %15 = getelementptr inbounds %struct.point, ptr %14, i32 0, i32 1, !dbg !67
  %16 = load i32, ptr %15, align 4, !dbg !67
  %17 = load ptr, ptr %3, align 8, !dbg !68
  %18 = getelementptr inbounds %struct.point, ptr %17, i32 0, i32 1, !dbg !69
  %19 = load i32, ptr %18, align 4, !dbg !69
  %20 = mul nsw i32 %16, %19, !dbg !70
  %21 = add nsw i32 %13, %20, !dbg !71
  store i32 %21, ptr %5, align 4, !dbg !60
  %22 = load i32, ptr %4, align 4, !dbg !72
  %23 = icmp eq i32 %22, 5, !dbg !74
  br i1 %23, label %24, label %28, !dbg !75

24:                                               ; preds = %2
    #dbg_declare(ptr %6, !76, !DIExpression(), !78)
  store i32 2, ptr %6, align 4, !dbg !78
  %25 = load i32, ptr %6, align 4, !dbg !79
  %26 = load i32, ptr %5, align 4, !dbg !80
  %27 = mul nsw i32 %26, %25, !dbg !80
  store i32 %27, ptr %5, align 4, !dbg !80
  br label %28, !dbg !81

28:                                               ; preds = %24, %2
  %29 = load i32, ptr @counter, align 4, !dbg !82
  %30 = add nsw i32 %29, 1, !dbg !82
  store i32 %30, ptr @counter, align 4, !dbg !82
  %31 = load i32, ptr %5, align 4, !dbg !83
  ret i32 %31, !dbg !84
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @sum(i32 noundef %0) #0 !dbg !85 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !88, !DIExpression(), !89)
    #dbg_declare(ptr %3, !90, !DIExpression(), !91)
  store i32 0, ptr %3, align 4, !dbg !91
    #dbg_declare(ptr %4, !92, !DIExpression(), !94)
  store i32 0, ptr %4, align 4, !dbg !94
  br label %5, !dbg !95

5:                                                ; preds = %13, %1
  %6 = load i32, ptr %4, align 4, !dbg !96
  %7 = load i32, ptr %2, align 4, !dbg !98
  %8 = icmp slt i32 %6, %7, !dbg !99
  br i1 %8, label %9, label %16, !dbg !100

9:                                                ; preds = %5
  %10 = load i32, ptr %4, align 4, !dbg !101
  %11 = load i32, ptr %3, align 4, !dbg !102
  %12 = add nsw i32 %11, %10, !dbg !102
  store i32 %12, ptr %3, align 4, !dbg !102
  br label %13, !dbg !103

13:                                               ; preds = %9
  %14 = load i32, ptr %4, align 4, !dbg !104
  %15 = add nsw i32 %14, 1, !dbg !104
  store i32 %15, ptr %4, align 4, !dbg !104
  br label %5, !dbg !105, !llvm.loop !106

16:                                               ; preds = %5
  br label %17, !dbg !109

17:                                               ; preds = %16
    #dbg_label(!110, !111)
  %18 = load i32, ptr %3, align 4, !dbg !112
  ret i32 %18, !dbg !113
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!19}
!llvm.module.flags = !{!36, !37, !38, !39, !40, !41, !42}
!llvm.ident = !{!43}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 6, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "debug_c.c", directory: "./src", checksumkind: CSK_MD5, checksum: "b8e915e60171b5a6bb4504a4a76a0a2b")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 32, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 4)
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !2, line: 6, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 48, elements: !10)
!10 = !{!11}
!11 = !DISubrange(count: 6)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(scope: null, file: !2, line: 6, type: !14, isLocal: true, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 40, elements: !15)
!15 = !{!16}
!16 = !DISubrange(count: 5)
!17 = !DIGlobalVariableExpression(var: !18, expr: !DIExpression())
!18 = distinct !DIGlobalVariable(name: "names", scope: !19, file: !2, line: 6, type: !31, isLocal: false, isDefinition: true)
!19 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !20, globals: !27, splitDebugInlining: false, nameTableKind: None)
!20 = !{!21}
!21 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "color", file: !2, line: 2, baseType: !22, size: 32, elements: !23)
!22 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!23 = !{!24, !25, !26}
!24 = !DIEnumerator(name: "RED", value: 0)
!25 = !DIEnumerator(name: "GREEN", value: 5)
!26 = !DIEnumerator(name: "BLUE", value: 6)
!27 = !{!0, !7, !12, !17, !28}
!28 = !DIGlobalVariableExpression(var: !29, expr: !DIExpression())
!29 = distinct !DIGlobalVariable(name: "counter", scope: !19, file: !2, line: 5, type: !30, isLocal: true, isDefinition: true)
!30 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !32, size: 192, elements: !34)
!32 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !33, size: 64)
!33 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!34 = !{!35}
!35 = !DISubrange(count: 3)
!36 = !{i32 7, !"Dwarf Version", i32 5}
!37 = !{i32 2, !"Debug Info Version", i32 3}
!38 = !{i32 1, !"wchar_size", i32 4}
!39 = !{i32 8, !"PIC Level", i32 2}
!40 = !{i32 7, !"PIE Level", i32 2}
!41 = !{i32 7, !"uwtable", i32 2}
!42 = !{i32 7, !"frame-pointer", i32 2}
!43 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!44 = distinct !DISubprogram(name: "dist2", scope: !2, file: !2, line: 8, type: !45, scopeLine: 8, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !19, retainedNodes: !54)
!45 = !DISubroutineType(types: !46)
!46 = !{!30, !47, !21}
!47 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !48, size: 64)
!48 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !49)
!49 = !DIDerivedType(tag: DW_TAG_typedef, name: "point_t", file: !2, line: 4, baseType: !50)
!50 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "point", file: !2, line: 3, size: 64, elements: !51)
!51 = !{!52, !53}
!52 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !50, file: !2, line: 3, baseType: !30, size: 32)
!53 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !50, file: !2, line: 3, baseType: !30, size: 32, offset: 32)
!54 = !{}
!55 = !DILocalVariable(name: "p", arg: 1, scope: !44, file: !2, line: 8, type: !47)
!56 = !DILocation(line: 8, column: 26, scope: !44)
!57 = !DILocalVariable(name: "c", arg: 2, scope: !44, file: !2, line: 8, type: !21)
!58 = !DILocation(line: 8, column: 40, scope: !44)
!59 = !DILocalVariable(name: "d", scope: !44, file: !2, line: 9, type: !30)
!60 = !DILocation(line: 9, column: 7, scope: !44)
!61 = !DILocation(line: 9, column: 11, scope: !44)
!62 = !DILocation(line: 9, column: 14, scope: !44)
!63 = !DILocation(line: 9, column: 18, scope: !44)
!64 = !DILocation(line: 9, column: 21, scope: !44)
!65 = !DILocation(line: 9, column: 16, scope: !44)
!66 = !DILocation(line: 9, column: 25, scope: !44)
!67 = !DILocation(line: 9, column: 28, scope: !44)
!68 = !DILocation(line: 9, column: 32, scope: !44)
!69 = !DILocation(line: 9, column: 35, scope: !44)
!70 = !DILocation(line: 9, column: 30, scope: !44)
!71 = !DILocation(line: 9, column: 23, scope: !44)
!72 = !DILocation(line: 10, column: 7, scope: !73)
!73 = distinct !DILexicalBlock(scope: !44, file: !2, line: 10, column: 7)
!74 = !DILocation(line: 10, column: 9, scope: !73)
!75 = !DILocation(line: 10, column: 7, scope: !44)
!76 = !DILocalVariable(name: "k", scope: !77, file: !2, line: 11, type: !30)
!77 = distinct !DILexicalBlock(scope: !73, file: !2, line: 10, column: 19)
!78 = !DILocation(line: 11, column: 9, scope: !77)
!79 = !DILocation(line: 12, column: 10, scope: !77)
!80 = !DILocation(line: 12, column: 7, scope: !77)
!81 = !DILocation(line: 13, column: 3, scope: !77)
!82 = !DILocation(line: 14, column: 10, scope: !44)
!83 = !DILocation(line: 15, column: 10, scope: !44)
!84 = !DILocation(line: 15, column: 3, scope: !44)
!85 = distinct !DISubprogram(name: "sum", scope: !2, file: !2, line: 18, type: !86, scopeLine: 18, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !19, retainedNodes: !54)
!86 = !DISubroutineType(types: !87)
!87 = !{!30, !30}
!88 = !DILocalVariable(name: "n", arg: 1, scope: !85, file: !2, line: 18, type: !30)
!89 = !DILocation(line: 18, column: 13, scope: !85)
!90 = !DILocalVariable(name: "s", scope: !85, file: !2, line: 19, type: !30)
!91 = !DILocation(line: 19, column: 7, scope: !85)
!92 = !DILocalVariable(name: "i", scope: !93, file: !2, line: 20, type: !30)
!93 = distinct !DILexicalBlock(scope: !85, file: !2, line: 20, column: 3)
!94 = !DILocation(line: 20, column: 12, scope: !93)
!95 = !DILocation(line: 20, column: 8, scope: !93)
!96 = !DILocation(line: 20, column: 19, scope: !97)
!97 = distinct !DILexicalBlock(scope: !93, file: !2, line: 20, column: 3)
!98 = !DILocation(line: 20, column: 23, scope: !97)
!99 = !DILocation(line: 20, column: 21, scope: !97)
!100 = !DILocation(line: 20, column: 3, scope: !93)
!101 = !DILocation(line: 21, column: 10, scope: !97)
!102 = !DILocation(line: 21, column: 7, scope: !97)
!103 = !DILocation(line: 21, column: 5, scope: !97)
!104 = !DILocation(line: 20, column: 27, scope: !97)
!105 = !DILocation(line: 20, column: 3, scope: !97)
!106 = distinct !{!106, !100, !107, !108}
!107 = !DILocation(line: 21, column: 10, scope: !93)
!108 = !{!"llvm.loop.mustprogress"}
!109 = !DILocation(line: 22, column: 3, scope: !85)
!110 = !DILabel(scope: !85, name: "out", file: !2, line: 23)
!111 = !DILocation(line: 23, column: 1, scope: !85)
!112 = !DILocation(line: 24, column: 10, scope: !85)
!113 = !DILocation(line: 24, column: 3, scope: !85)
