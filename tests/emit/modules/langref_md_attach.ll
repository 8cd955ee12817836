; LangRef sweep (issue 27): metadata attachments of every fixed kind LLVM 19 knows, on
; instructions, functions, declarations and global variables, with custom kinds beside
; them.
@g = global i32 0, !type !0, !associated !9, !absolute_symbol !8, !custom !2, !type !3
@g2 = global i32 0, section "s", !exclude !2, !code_model !2
declare !kcfi_type !4 !type !0 !custom !2 void @d()
define void @f(ptr %p, i32 %x) !prof !5 !section_prefix !6 !kcfi_type !4 !func_sanitize !7 !custom !2 {
entry:
  %a = load i32, ptr %p, !tbaa !10, !range !1, !noundef !2, !invariant.load !2, !nontemporal !14
  %b = load ptr, ptr %p, !nonnull !2, !align !15, !dereferenceable !15, !dereferenceable_or_null !15, !invariant.group !2
  store i32 %a, ptr %p, !tbaa.struct !16, !alias.scope !17, !noalias !17, !llvm.access.group !20, !annotation !21
  %c = fdiv float 1.0, 2.0, !fpmath !22
  %s = select i1 true, i32 1, i32 2, !unpredictable !2, !prof !23
  call void @d(), !srcloc !24, !heapallocsite !25, !callees !26, !pcsections !27, !mmra !28
  call void %p(), !callees !26, !callback !29
  call void @d(), !memprof !30, !callsite !32
  br i1 true, label %l, label %e, !prof !23, !make.implicit !2, !irr_loop !33
l:
  br label %e, !llvm.loop !34
e:
  ret void, !my.custom !2, !another !{!"inline"}
}
!0 = !{i64 0, !"typeid"}
!1 = !{i32 0, i32 10}
!2 = !{}
!3 = !{i64 8, !"_ZTS1A", i1 true}
!4 = !{i32 12345}
!5 = !{!"function_entry_count", i64 100}
!6 = !{!"function_section_prefix", !"hot"}
!7 = !{i32 1, i32 2}
!9 = !{ptr @g2}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C/C++ TBAA"}
!14 = !{i32 1}
!15 = !{i64 8}
!16 = !{i64 0, i64 4, !10}
!17 = !{!18}
!18 = distinct !{!18, !19, !"scope"}
!19 = distinct !{!19, !"domain"}
!20 = distinct !{}
!21 = !{!"auto-init"}
!22 = !{float 2.5}
!23 = !{!"branch_weights", i32 1, i32 2}
!24 = !{i64 123, i64 456}
!25 = !{}
!26 = !{ptr @d, ptr @f}
!27 = !{!"sec", !{i32 1}}
!28 = !{!"amdgpu-as", !"local"}
!29 = !{!{i64 0, i1 false}}
!30 = !{!31}
!31 = !{!{i64 1, i64 2}, !"cold"}
!32 = !{i64 1}
!33 = !{!"loop_header_weight", i64 5}
!34 = distinct !{!34, !35, !36}
!35 = !{!"llvm.loop.unroll.count", i32 4}
!36 = !{!"llvm.loop.mustprogress"}
!8 = !{i64 0, i64 256}
