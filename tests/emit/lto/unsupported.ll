; A module summary index with what irlog does not represent (tests/emit/roundtrip.sh:
; irlog facts names it in summary_unsupported and irlog emit refuses the module): an
; unnamed global value (`@0`), whose gv entry llvm-dis prints by its GUID alone, the MD5
; of the empty name, which every other unnamed global value of the module would share.
source_filename = "unsupported.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = global i32 1

define ptr @f() {
  ret ptr @0
}

^0 = module: (path: "unsupported.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (guid: 338333539836370388)
^2 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1))) ; guid = 14740650423002898831
^3 = blockcount: 0
