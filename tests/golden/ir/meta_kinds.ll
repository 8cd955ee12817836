; Every fixed metadata kind of LLVM 19 (FixedMetadataKinds.def, ids 0..40) attached
; somewhere, on instructions, functions and global variables, plus custom kinds.
source_filename = "meta_kinds.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0, align 4, !dbg !0, !type !30, !absolute_symbol !31, !associated !32, !vcall_visibility !33, !exclude !20, !my.global.kind !20
@h = global ptr @g, !section_prefix !34, !annotation !35
@s = global [4 x i8] c"abc\00", !custom_two !36

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @callee()
declare void @cb(ptr)
declare !callback !40 void @broker(ptr, ptr)

define i32 @f(ptr %p, ptr %q, float %x, i1 %c) !dbg !11 !prof !42 !section_prefix !34 !func_sanitize !43 !kcfi_type !44 !type !30 !my.fn.kind !20 {
entry:
  %a = alloca i32, align 4, !DIAssignID !45
  %v = load i32, ptr %p, align 4, !dbg !16, !tbaa !21, !range !25, !invariant.load !20, !noundef !20
  %pp = load ptr, ptr %q, align 8, !nonnull !20, !dereferenceable !26, !dereferenceable_or_null !26, !align !26, !invariant.group !20, !llvm.preserve.access.index !27
  store i32 %v, ptr %a, align 4, !nontemporal !28, !alias.scope !46, !noalias !46, !mmra !49
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %p, i64 4, i1 false), !tbaa.struct !50, !nosanitize !20, !pcsections !51
  %y = fadd float %x, 1.0, !fpmath !52
  call void @callee(), !callees !53, !memprof !54, !callsite !56, !coro.outside.frame !20, !annotation !35, !my.insn.kind !20
  %z = load i32, ptr %a, align 4, !make.implicit !20, !llvm.access.group !57, !llvm.mem.parallel_loop_access !58
  br i1 %c, label %loop, label %exit, !prof !59, !unpredictable !20

loop:
  %w = load i32, ptr %a, align 4, !llvm.access.group !57
  br i1 %c, label %loop, label %exit, !llvm.loop !60, !irr_loop !62

exit:
  ret i32 %v, !dbg !16
}

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!8, !9}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "g", scope: !2, file: !3, line: 1, type: !7, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4)
!3 = !DIFile(filename: "meta_kinds.c", directory: "src")
!4 = !{!0}
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{i32 7, !"Dwarf Version", i32 5}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!11 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 3, type: !12, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !2)
!12 = !DISubroutineType(types: !13)
!13 = !{!7}
!16 = !DILocation(line: 4, column: 7, scope: !11)
!20 = !{}
!21 = !{!22, !22, i64 0}
!22 = !{!"int", !23, i64 0}
!23 = !{!"omnipotent char", !24, i64 0}
!24 = !{!"Simple C/C++ TBAA"}
!25 = !{i32 0, i32 10}
!26 = !{i64 8}
!27 = !{!"preserve"}
!28 = !{i32 1}
!30 = !{i64 0, !"_ZTS1A"}
!31 = !{i64 0, i64 256}
!32 = !{ptr @h}
!33 = !{i64 2}
!34 = !{!"function_section_prefix", !"hot"}
!35 = !{!"auto-init"}
!36 = !{!"two", i32 2}
!40 = !{!41}
!41 = !{i64 0, i64 1, i1 false}
!42 = !{!"function_entry_count", i64 100}
!43 = !{i32 1, i32 2}
!44 = !{i32 12345}
!45 = distinct !DIAssignID()
!46 = !{!47}
!47 = distinct !{!47, !48, !"scope"}
!48 = distinct !{!48, !"domain"}
!49 = !{!"amdgpu-as", !"local"}
!50 = !{i64 0, i64 4, !21}
!51 = !{!"section", i32 1}
!52 = !{float 2.5}
!53 = !{ptr @callee}
!54 = !{!55}
!55 = !{!56, !"cold"}
!56 = !{i64 123}
!57 = distinct !{}
!58 = !{!61}
!59 = !{!"branch_weights", i32 1, i32 9}
!60 = distinct !{!60, !61}
!61 = !{!"llvm.loop.mustprogress"}
!62 = !{!"loop_header_weight", i64 100}
