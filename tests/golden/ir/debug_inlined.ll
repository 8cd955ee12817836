; ModuleID = 'debug_inlined.c'
source_filename = "debug_inlined.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local range(i32 -2147483647, -2147483648) i32 @use(i32 noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !10 {
    #dbg_value(i32 %0, !15, !DIExpression(), !17)
    #dbg_value(i32 %1, !16, !DIExpression(), !17)
    #dbg_value(i32 %0, !18, !DIExpression(), !22)
    #dbg_value(i32 %1, !21, !DIExpression(), !22)
    #dbg_value(i32 %0, !24, !DIExpression(), !29)
  %3 = mul nsw i32 %0, %0, !dbg !31
    #dbg_value(i32 %1, !24, !DIExpression(), !32)
  %4 = mul nsw i32 %1, %1, !dbg !34
  %5 = add nuw nsw i32 %3, 1, !dbg !35
  %6 = add nuw nsw i32 %5, %4, !dbg !36
  ret i32 %6, !dbg !37
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i64 @split(i64 %0, i64 %1) local_unnamed_addr #0 !dbg !38 {
    #dbg_value(i64 %0, !47, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !50)
    #dbg_value(i64 %1, !47, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !50)
    #dbg_value(i64 %0, !48, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !50)
    #dbg_value(i64 %1, !48, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !50)
  %3 = add nsw i64 %1, %0, !dbg !51
    #dbg_value(i64 %3, !49, !DIExpression(), !50)
  %4 = sub nsw i64 %0, %1, !dbg !52
  %5 = mul nsw i64 %3, %4, !dbg !53
  ret i64 %5, !dbg !54
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i32 @salvage(i32 noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !55 {
    #dbg_value(i32 %0, !57, !DIExpression(), !61)
    #dbg_value(i32 %1, !58, !DIExpression(), !61)
    #dbg_value(!DIArgList(i32 %0, i32 %1), !59, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !61)
    #dbg_value(!DIArgList(i32 %0, i32 undef, i32 %1), !60, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !61)
  %3 = add nsw i32 %1, %0, !dbg !62
  ret i32 %3, !dbg !63
}

; Function Attrs: nounwind uwtable
define dso_local i32 @keep(i32 noundef %0) local_unnamed_addr #2 !dbg !64 {
  %2 = alloca [4 x i32], align 16, !DIAssignID !71
    #dbg_assign(i1 undef, !67, !DIExpression(), !71, ptr %2, !DIExpression(), !72)
    #dbg_value(i32 %0, !66, !DIExpression(), !72)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %2) #4, !dbg !73
  store i32 %0, ptr %2, align 16, !dbg !74, !tbaa !75, !DIAssignID !79
    #dbg_assign(i32 %0, !67, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !79, ptr %2, !DIExpression(), !72)
  call void @sink(ptr noundef nonnull %2) #4, !dbg !80
  %3 = getelementptr inbounds i8, ptr %2, i64 4, !dbg !81
  %4 = load i32, ptr %3, align 4, !dbg !81, !tbaa !75
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %2) #4, !dbg !82
  ret i32 %4, !dbg !83
}

declare !dbg !84 void @sink(ptr noundef) local_unnamed_addr #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "debug_inlined.c", directory: "./src", checksumkind: CSK_MD5, checksum: "bab3f8e3a5988f753c9231d890ae2a8a")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "use", scope: !1, file: !1, line: 4, type: !11, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !{!15, !16}
!15 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 4, type: !13)
!16 = !DILocalVariable(name: "b", arg: 2, scope: !10, file: !1, line: 4, type: !13)
!17 = !DILocation(line: 0, scope: !10)
!18 = !DILocalVariable(name: "a", arg: 1, scope: !19, file: !1, line: 2, type: !13)
!19 = distinct !DISubprogram(name: "add_sq", scope: !1, file: !1, line: 2, type: !11, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !20)
!20 = !{!18, !21}
!21 = !DILocalVariable(name: "b", arg: 2, scope: !19, file: !1, line: 2, type: !13)
!22 = !DILocation(line: 0, scope: !19, inlinedAt: !23)
!23 = distinct !DILocation(line: 4, column: 32, scope: !10)
!24 = !DILocalVariable(name: "x", arg: 1, scope: !25, file: !1, line: 1, type: !13)
!25 = distinct !DISubprogram(name: "sq", scope: !1, file: !1, line: 1, type: !26, scopeLine: 1, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !28)
!26 = !DISubroutineType(types: !27)
!27 = !{!13, !13}
!28 = !{!24}
!29 = !DILocation(line: 0, scope: !25, inlinedAt: !30)
!30 = distinct !DILocation(line: 2, column: 49, scope: !19, inlinedAt: !23)
!31 = !DILocation(line: 1, column: 40, scope: !25, inlinedAt: !30)
!32 = !DILocation(line: 0, scope: !25, inlinedAt: !33)
!33 = distinct !DILocation(line: 2, column: 57, scope: !19, inlinedAt: !23)
!34 = !DILocation(line: 1, column: 40, scope: !25, inlinedAt: !33)
!35 = !DILocation(line: 2, column: 55, scope: !19, inlinedAt: !23)
!36 = !DILocation(line: 4, column: 45, scope: !10)
!37 = !DILocation(line: 4, column: 25, scope: !10)
!38 = distinct !DISubprogram(name: "split", scope: !1, file: !1, line: 5, type: !39, scopeLine: 5, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !46)
!39 = !DISubroutineType(types: !40)
!40 = !{!41, !42}
!41 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!42 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair", file: !1, line: 3, size: 128, elements: !43)
!43 = !{!44, !45}
!44 = !DIDerivedType(tag: DW_TAG_member, name: "lo", scope: !42, file: !1, line: 3, baseType: !41, size: 64)
!45 = !DIDerivedType(tag: DW_TAG_member, name: "hi", scope: !42, file: !1, line: 3, baseType: !41, size: 64, offset: 64)
!46 = !{!47, !48, !49}
!47 = !DILocalVariable(name: "p", arg: 1, scope: !38, file: !1, line: 5, type: !42)
!48 = !DILocalVariable(name: "q", scope: !38, file: !1, line: 6, type: !42)
!49 = !DILocalVariable(name: "t", scope: !38, file: !1, line: 7, type: !41)
!50 = !DILocation(line: 0, scope: !38)
!51 = !DILocation(line: 7, column: 17, scope: !38)
!52 = !DILocation(line: 8, column: 20, scope: !38)
!53 = !DILocation(line: 8, column: 12, scope: !38)
!54 = !DILocation(line: 8, column: 3, scope: !38)
!55 = distinct !DISubprogram(name: "salvage", scope: !1, file: !1, line: 10, type: !11, scopeLine: 10, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !56)
!56 = !{!57, !58, !59, !60}
!57 = !DILocalVariable(name: "a", arg: 1, scope: !55, file: !1, line: 10, type: !13)
!58 = !DILocalVariable(name: "b", arg: 2, scope: !55, file: !1, line: 10, type: !13)
!59 = !DILocalVariable(name: "t", scope: !55, file: !1, line: 11, type: !13)
!60 = !DILocalVariable(name: "u", scope: !55, file: !1, line: 12, type: !13)
!61 = !DILocation(line: 0, scope: !55)
!62 = !DILocation(line: 13, column: 12, scope: !55)
!63 = !DILocation(line: 13, column: 3, scope: !55)
!64 = distinct !DISubprogram(name: "keep", scope: !1, file: !1, line: 16, type: !26, scopeLine: 16, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !65)
!65 = !{!66, !67}
!66 = !DILocalVariable(name: "a", arg: 1, scope: !64, file: !1, line: 16, type: !13)
!67 = !DILocalVariable(name: "buf", scope: !64, file: !1, line: 17, type: !68)
!68 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 128, elements: !69)
!69 = !{!70}
!70 = !DISubrange(count: 4)
!71 = distinct !DIAssignID()
!72 = !DILocation(line: 0, scope: !64)
!73 = !DILocation(line: 17, column: 3, scope: !64)
!74 = !DILocation(line: 18, column: 10, scope: !64)
!75 = !{!76, !76, i64 0}
!76 = !{!"int", !77, i64 0}
!77 = !{!"omnipotent char", !78, i64 0}
!78 = !{!"Simple C/C++ TBAA"}
!79 = distinct !DIAssignID()
!80 = !DILocation(line: 19, column: 3, scope: !64)
!81 = !DILocation(line: 20, column: 10, scope: !64)
!82 = !DILocation(line: 21, column: 1, scope: !64)
!83 = !DILocation(line: 20, column: 3, scope: !64)
!84 = !DISubprogram(name: "sink", scope: !1, file: !1, line: 15, type: !85, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!85 = !DISubroutineType(types: !86)
!86 = !{null, !87}
!87 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
