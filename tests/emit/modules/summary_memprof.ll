; A module summary index with memory profile records (issue 27, case 2; docs/emit.md):
; `allocs:` (allocations, with their MIBs' allocation types and stacks) and `callsites:`
; of function summaries, as opt-19 -module-summary makes them from the !memprof and
; !callsite metadata of heap profiling (FS_STACK_IDS, FS_PERMODULE_ALLOC_INFO,
; FS_PERMODULE_CALLSITE_INFO): two allocations of one function, one with three MIBs, every
; allocation type but none, callsites with stacks of one and two ids, a stack id shared by
; several stacks; a callsite added by hand with a large stack id (not 2^64-1 or 2^64-2:
; LLVM 19 keeps stack ids in a DenseMap whose empty and tombstone keys those are, and
; reads them back as another id).
source_filename = "summary_memprof.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define ptr @alloc_site(i1 %c) {
  %p = call ptr @malloc(i64 8), !memprof !0, !callsite !7
  %q = call ptr @malloc(i64 16), !memprof !8, !callsite !11
  %r = select i1 %c, ptr %p, ptr %q
  ret ptr %r
}

define ptr @mid() {
  %p = call ptr @alloc_site(i1 true), !callsite !12
  %q = call ptr @alloc_site(i1 false), !callsite !13
  ret ptr %q
}

declare ptr @malloc(i64)

!0 = !{!1, !3, !5}
!1 = !{!2, !"notcold"}
!2 = !{i64 1, i64 2, i64 3}
!3 = !{!4, !"cold"}
!4 = !{i64 1, i64 2, i64 4}
!5 = !{!6, !"cold"}
!6 = !{i64 1, i64 -9223372036854775808, i64 8}
!7 = !{i64 1}
!8 = !{!9}
!9 = !{!10, !"hot"}
!10 = !{i64 20, i64 -9223372036854775808, i64 8}
!11 = !{i64 20}
!12 = !{i64 2}
!13 = !{i64 -9223372036854775808, i64 8}

^0 = module: (path: "summary_memprof.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "malloc") ; guid = 2336192559129972258
^2 = gv: (name: "mid", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 3, calls: ((callee: ^3)), callsites: ((callee: ^3, clones: (0), stackIds: (2)), (callee: ^3, clones: (0), stackIds: (9223372036854775808, 8)), (callee: ^1, clones: (0), stackIds: (18446744073709551613, 2)))))) ; guid = 4395024877212874786
^3 = gv: (name: "alloc_site", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 4, calls: ((callee: ^1)), allocs: ((versions: (none), memProf: ((type: notcold, stackIds: (2, 3)), (type: cold, stackIds: (2, 4)), (type: cold, stackIds: (9223372036854775808, 8)))), (versions: (none), memProf: ((type: hot, stackIds: (9223372036854775808, 8)))))))) ; guid = 13316618044038401172
^4 = blockcount: 0
