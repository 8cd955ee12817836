; A module summary index with what irlog does not represent (tests/emit/roundtrip.sh:
; irlog facts names it in summary_unsupported and irlog emit refuses the module):
; memory profile records (`callsites:` and `allocs:` of function summaries, from the
; !memprof and !callsite metadata of heap profiling, as opt-19 -module-summary writes
; them: FS_STACK_IDS, FS_PERMODULE_CALLSITE_INFO, FS_PERMODULE_ALLOC_INFO).
source_filename = "unsupported.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define ptr @alloc_site() {
  %p = call ptr @malloc(i64 8), !memprof !0, !callsite !5
  ret ptr %p
}

define ptr @mid() {
  %p = call ptr @alloc_site(), !callsite !6
  ret ptr %p
}

declare ptr @malloc(i64)

!0 = !{!1, !3}
!1 = !{!2, !"notcold"}
!2 = !{i64 1, i64 2, i64 3}
!3 = !{!4, !"cold"}
!4 = !{i64 1, i64 2, i64 4}
!5 = !{i64 1}
!6 = !{i64 2}

^0 = module: (path: "unsupported.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "malloc") ; guid = 2336192559129972258
^2 = gv: (name: "mid", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 2, calls: ((callee: ^3)), callsites: ((callee: ^3, clones: (0), stackIds: (2)))))) ; guid = 4395024877212874786
^3 = gv: (name: "alloc_site", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 2, calls: ((callee: ^1)), allocs: ((versions: (none), memProf: ((type: notcold, stackIds: (2, 3)), (type: cold, stackIds: (2, 4)))))))) ; guid = 13316618044038401172
^4 = blockcount: 0
