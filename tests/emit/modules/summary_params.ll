; A module summary index with parameter accesses (issue 27, case 2; docs/emit.md):
; `params:` of function summaries, as clang-19 -O2 -flto=thin -mllvm -stack-safety-run
; writes them (FS_PARAM_ACCESS), then edited by hand: several calls of one parameter,
; negative offsets and the ends of the 64-bit range, a parameter not accessed ([0, -1],
; LLVM's empty range) and a call range written [3, 2], which LLVM's parser also reads
; as the empty range (llvm-dis prints [0, -1]). No module hash: llvm-as-19 writes none.
source_filename = "summary_params.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable
define dso_local void @f1(ptr nocapture noundef writeonly %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds i8, ptr %0, i64 4
  store i32 3, ptr %2, align 4, !tbaa !5
  ret void
}

; Function Attrs: nounwind uwtable
define dso_local void @f2(ptr noundef %0, ptr noundef %1) local_unnamed_addr #1 {
  %3 = getelementptr inbounds i8, ptr %0, i64 4
  store i32 3, ptr %3, align 4, !tbaa !5
  tail call void @take(ptr noundef %1, i32 noundef 2) #4
  %4 = getelementptr inbounds i8, ptr %0, i64 8
  tail call void @use(ptr noundef nonnull %4) #4
  %5 = getelementptr inbounds i8, ptr %0, i64 -16
  tail call void @use(ptr noundef nonnull %5) #4
  %6 = getelementptr inbounds i8, ptr %1, i64 1
  tail call void @take(ptr noundef nonnull %6, i32 noundef 0) #4
  ret void
}

declare void @take(ptr noundef, i32 noundef) local_unnamed_addr #2

declare void @use(ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local range(i32 -256, 255) i32 @f3(ptr nocapture noundef readonly %0) local_unnamed_addr #3 {
  %2 = load i8, ptr %0, align 1, !tbaa !9
  %3 = sext i8 %2 to i32
  %4 = getelementptr inbounds i8, ptr %0, i64 -7
  %5 = load i8, ptr %4, align 1, !tbaa !9
  %6 = sext i8 %5 to i32
  %7 = add nsw i32 %6, %3
  ret i32 %7
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}

^0 = module: (path: "summary_params.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f1", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 3, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 1, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), params: ((param: 0, offset: [4, 7]))))) ; guid = 2072045998141807037
^2 = gv: (name: "take") ; guid = 2422972831607950688
^3 = gv: (name: "f3", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 7, funcFlags: (readNone: 0, readOnly: 1, noRecurse: 1, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), params: ((param: 0, offset: [-9223372036854775808, 100]), (param: 1, offset: [-7, 9223372036854775806]))))) ; guid = 4197650231481825559
^4 = gv: (name: "f2", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 10, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), calls: ((callee: ^2, tail: 1), (callee: ^5, tail: 1)), params: ((param: 0, offset: [4, 7], calls: ((callee: ^5, param: 0, offset: [-16, 8]))), (param: 1, offset: [0, -1], calls: ((callee: ^2, param: 0, offset: [0, 1]), (callee: ^5, param: 1, offset: [3, 2]))))))) ; guid = 8471399308421654326
^5 = gv: (name: "use") ; guid = 10390528640146077534
^6 = blockcount: 0
