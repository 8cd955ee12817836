; A combined module summary index (issue 27; docs/emit.md), as the thin link writes them
; (`llvm-lto --thinlto`, -thinlto-distributed-indexes): an index without a module (so
; llvm-as-19 writes it alone), two module entries (given out of their path order), values
; known by their GUID only with summaries of each kind, a value with two summaries (of
; two modules), call edges with hotness and tail calls, refs, an alias, index flags,
; typeid entries that type tests and virtual calls name (one that none names, which
; LLVM's combined writer leaves out), memory profile records with the clones of
; callsites and the versions of allocations (the thin link's memprof context
; disambiguation).
^0 = module: (path: "b.o", hash: (1, 2, 3, 4, 5))
^1 = module: (path: "a.o", hash: (6, 7, 8, 9, 10))
^2 = gv: (guid: 100, summaries: (function: (module: ^1, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), insts: 4, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0, noInline: 0, alwaysInline: 0, noUnwind: 1, mayThrow: 0, hasUnknownCall: 0, mustBeUnreachable: 0), calls: ((callee: ^3, hotness: hot, tail: 1), (callee: ^5, hotness: cold)), typeIdInfo: (typeTests: (^8, 42), typeTestAssumeVCalls: (vFuncId: (^9, offset: 16)), typeCheckedLoadConstVCalls: ((vFuncId: (^8, offset: 8), args: (1, 2)))), allocs: ((versions: (none, cold, notcold), memProf: ((type: notcold, stackIds: (11, 12)), (type: cold, stackIds: (13)))), (versions: (hot, none, cold), memProf: ((type: hot, stackIds: (14))))), callsites: ((callee: ^5, clones: (0, 1, 0), stackIds: (12, 13)), (callee: ^3, clones: (2, 0, 1), stackIds: (11))), refs: (^4, readonly ^6))))
^3 = gv: (guid: 200, summaries: (function: (module: ^0, flags: (linkage: linkonce_odr, visibility: hidden, notEligibleToImport: 1, live: 0, dsoLocal: 0, canAutoHide: 1, importType: declaration), insts: 2), function: (module: ^1, flags: (linkage: linkonce_odr, visibility: hidden, notEligibleToImport: 0, live: 0, dsoLocal: 0, canAutoHide: 1, importType: definition), insts: 3)))
^4 = gv: (guid: 300, summaries: (variable: (module: ^0, flags: (linkage: internal, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 1, writeonly: 0, constant: 1), refs: (^5))))
^5 = gv: (guid: 400, summaries: (function: (module: ^0, flags: (linkage: weak, visibility: protected, notEligibleToImport: 0, live: 1, dsoLocal: 0, canAutoHide: 0, importType: definition), insts: 1)))
^6 = gv: (guid: 500, summaries: (alias: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), aliasee: ^5)))
^7 = gv: (guid: 50, summaries: (variable: (module: ^1, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 1, dsoLocal: 1, canAutoHide: 0, importType: definition), varFlags: (readonly: 0, writeonly: 1, constant: 0))))
^8 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: single, sizeM1BitWidth: 0), wpdResolutions: ((offset: 8, wpdRes: (kind: branchFunnel, resByArg: (args: (1, 2), byArg: (kind: uniformRetVal, info: 7)))))))
^9 = typeid: (name: "_ZTS1B", summary: (typeTestRes: (kind: byteArray, sizeM1BitWidth: 7, alignLog2: 3, sizeM1: 15, bitMask: 8), wpdResolutions: ((offset: 16, wpdRes: (kind: singleImpl, singleImplName: "_ZN1B1fEv")))))
^10 = typeid: (name: "_ZTS1Unused", summary: (typeTestRes: (kind: unsat, sizeM1BitWidth: 0)))
^11 = flags: 8
^12 = blockcount: 17
