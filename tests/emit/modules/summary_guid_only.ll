; A module summary index with values known by their GUID only (issue 27, case 2;
; docs/emit.md): `^N = gv: (guid: N)`, the targets of an indirect call that profile data
; (the call's !prof VP record) names without the module defining them, as opt-19
; -module-summary writes them (FS_VALUE_GUID records), ordered by GUID among the named
; entries, and called with hotness. A function summary without funcFlags.
source_filename = "summary_guid_only.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @caller(ptr %fp, i32 %x) !prof !0 {
  %r = call i32 %fp(i32 %x), !prof !1
  %s = call i32 @known(i32 %r)
  ret i32 %s
}

define i32 @known(i32 %x) !prof !0 {
  ret i32 %x
}

!0 = !{!"function_entry_count", i64 100}
!1 = !{!"VP", i32 0, i64 100, i64 12345, i64 70, i64 -5, i64 20, i64 9000000000000000000, i64 10}

^0 = module: (path: "summary_guid_only.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (guid: 12345)
^2 = gv: (guid: 9000000000000000000)
^3 = gv: (name: "caller", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 3, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 0, mayThrow: 0, hasUnknownCall: 1, mustBeUnreachable: 0), calls: ((callee: ^1, hotness: none), (callee: ^5, hotness: none), (callee: ^2, hotness: none), (callee: ^4, hotness: none))))) ; guid = 16677772384402303968
^4 = gv: (name: "known", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1))) ; guid = 18280572349669837513
^5 = gv: (guid: 18446744073709551611)
^6 = blockcount: 0
