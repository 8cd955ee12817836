; A module summary index written by hand (issue 27, case 2; docs/emit.md): call edges
; with each hotness (from profile data in clang's objects) and tail calls, a summary
; with every flag set, protected visibility and importType declaration, type tests and
; virtual calls of every kind with constant arguments, a block count. llvm-as-19 keeps them all in the bitcode it writes but the module hash and an
; index `flags` entry, which are therefore not here.
source_filename = "summary_hotness.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = external local_unnamed_addr global i32, align 4

; Function Attrs: nounwind uwtable
define dso_local i32 @b(i32 noundef %0) local_unnamed_addr #0 {
  store i32 %0, ptr @g, align 4, !tbaa !6
  %2 = call i32 @e1(i32 noundef %0) #3
  %3 = add nsw i32 %0, 1
  %4 = call i32 @e2(i32 noundef %3) #3
  %5 = add nsw i32 %4, %2
  %6 = add nsw i32 %0, 2
  %7 = call i32 @e3(i32 noundef %6) #3
  %8 = add nsw i32 %5, %7
  %9 = add nsw i32 %0, 3
  %10 = call i32 @e4(i32 noundef %9) #3
  %11 = add nsw i32 %8, %10
  ret i32 %11
}

declare i32 @e1(i32 noundef) local_unnamed_addr #1

declare i32 @e2(i32 noundef) local_unnamed_addr #1

declare i32 @e3(i32 noundef) local_unnamed_addr #1

declare i32 @e4(i32 noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable
define dso_local i32 @c(i32 noundef %0) local_unnamed_addr #2 {
  %2 = load i32, ptr @g, align 4, !tbaa !6
  %3 = add nsw i32 %2, %0
  ret i32 %3
}

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: none, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 1, !"EnableSplitLTOUnit", i32 0}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}

^0 = module: (path: "summary_hotness.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "e4") ; guid = 1164490714084531768
^2 = gv: (name: "e3") ; guid = 2080342795152511614
^3 = gv: (name: "e2") ; guid = 2360036548392823144
^4 = gv: (name: "c", summaries: (function: (module: ^0, flags: (linkage: external, visibility: protected, notEligibleToImport: 1, live: 1, dsoLocal: 0, canAutoHide: 1, importType: declaration), insts: 3, funcFlags: (readNone: 1, readOnly: 1, noRecurse: 1, returnDoesNotAlias: 1, noInline: 1, alwaysInline: 1, noUnwind: 1, mayThrow: 1, hasUnknownCall: 1, mustBeUnreachable: 1), typeIdInfo: (typeTests: (123, 18446744073709551615), typeTestAssumeVCalls: (vFuncId: (guid: 1, offset: 16), vFuncId: (guid: 2, offset: 8)), typeCheckedLoadVCalls: (vFuncId: (guid: 3, offset: 0)), typeTestAssumeConstVCalls: ((vFuncId: (guid: 4, offset: 24), args: (1, 2)), (vFuncId: (guid: 5, offset: 0))), typeCheckedLoadConstVCalls: ((vFuncId: (guid: 6, offset: 8), args: (42)))), refs: (readonly ^5)))) ; guid = 4014738744300571210
^5 = gv: (name: "g") ; guid = 13146401226427987378
^6 = gv: (name: "e1") ; guid = 16447704183677140429
^7 = gv: (name: "b", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 12, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), calls: ((callee: ^6, hotness: cold), (callee: ^3, hotness: none, tail: 1), (callee: ^2, hotness: hot), (callee: ^1, hotness: critical, tail: 1)), refs: (writeonly ^5)))) ; guid = 17019013823989803922
^8 = blockcount: 42
