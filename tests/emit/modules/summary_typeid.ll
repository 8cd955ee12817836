; A per-module summary index with typeid entries (issue 27; docs/emit.md): the type test
; and devirtualisation resolutions of a thin link, `^N = typeid: (...)`, with every field
; of typeTestRes, wpdResolutions (singleImpl, branchFunnel, indir) and resByArg (every
; byArg kind, info, byte and bit), written out of their order, and type tests and virtual
; calls naming them (`typeTests: (^4)`, `vFuncId: (^3, offset: 16)`). LLVM writes typeid
; entries into combined indexes only: llvm-as-19 keeps the type tests' GUIDs and drops the
; entries, so the case given as text (text/modules/summary_typeid) is the one that
; carries them through irlog.
source_filename = "summary_typeid.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @f() {
  ret void
}

define void @g() {
  ret void
}

^0 = module: (path: "summary_typeid.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1, typeIdInfo: (typeTests: (^4, 42, ^3), typeTestAssumeVCalls: (vFuncId: (^3, offset: 16), vFuncId: (guid: 7, offset: 8)), typeCheckedLoadConstVCalls: ((vFuncId: (^4, offset: 8), args: (1, 2)))))))
^2 = gv: (name: "g", summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1)))
^3 = typeid: (name: "_ZTS1B", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 7, alignLog2: 3, sizeM1: 5, bitMask: 200, inlineBits: 9), wpdResolutions: ((offset: 16, wpdRes: (kind: singleImpl, singleImplName: "_ZN1B1fEv")), (offset: 0, wpdRes: (kind: branchFunnel, resByArg: (args: (3, 4), byArg: (kind: uniqueRetVal, info: 1, byte: 2, bit: 3), args: (1), byArg: (kind: virtualConstProp, byte: 0, bit: 5), args: (1, 0), byArg: (kind: indir), args: (7), byArg: (kind: uniformRetVal, info: 5)))), (offset: 24, wpdRes: (kind: indir)))))
^4 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: unknown, sizeM1BitWidth: 0)))
^5 = typeid: (name: "_ZTS1\22C", summary: (typeTestRes: (kind: byteArray, sizeM1BitWidth: 5, alignLog2: 2)))
^6 = typeid: (name: "_ZTS1D", summary: (typeTestRes: (kind: inline, sizeM1BitWidth: 6, inlineBits: 3)))
^7 = typeid: (name: "_ZTS1E", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0)))
^8 = typeid: (name: "_ZTS1F", summary: (typeTestRes: (kind: unsat, sizeM1BitWidth: 0)))
^9 = blockcount: 0
