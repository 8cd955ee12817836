; LangRef sweep (issue 27): every function attribute of LLVM 19 (Attributes.td: enum,
; int, type and string kinds, memory(...) forms, allockind, allocsize, vscale_range,
; uwtable kinds), on declarations and call sites (hybrid_patchable is left out: LLVM 19's
; bitcode reader cannot read what llvm-as-19 writes for it).
declare ptr @a1(i32, i32) alignstack(16) "alloc-family"="malloc" allockind("alloc,uninitialized,aligned") allocsize(0) alwaysinline cold convergent disable_sanitizer_instrumentation "dontcall-error"="x" "dontcall-warn"="y" fn_ret_thunk_extern hot
declare ptr @a2(i32, i32) unnamed_addr inlinehint jumptable naked "no-inline-line-tables" "no-jump-tables"="true" nobuiltin nocallback noduplicate nofree noimplicitfloat noinline nomerge nonlazybind noprofile skipprofile noredzone "indirect-tls-seg-refs" noreturn norecurse willreturn nosync nounwind nosanitize_bounds nosanitize_coverage null_pointer_is_valid optforfuzzing optnone
declare ptr @a3(i32, i32) optsize "patchable-function"="prologue-short-redirect" "probe-stack"="__probestack" readnone "stack-probe-size"="4096" "no-stack-arg-probe" memory(argmem: readwrite, inaccessiblemem: write) returns_twice safestack sanitize_address sanitize_memory sanitize_thread sanitize_hwaddress sanitize_memtag sanitize_numerical_stability speculative_load_hardening speculatable ssp sspstrong sspreq strictfp "denormal-fp-math"="ieee,ieee" "denormal-fp-math-f32"="preserve-sign,preserve-sign" "thunk" uwtable nocf_check shadowcallstack mustprogress "warn-stack-size"="100" vscale_range(1,16) "min-legal-vector-width"="128" presplitcoroutine coro_only_destroy_when_complete allocsize(0,1)
declare ptr @a4(i32, i32) uwtable(sync) memory(none) vscale_range(2) allockind("free") allocsize(1)
declare ptr @a5(i32, i32) memory(read) allockind("realloc,zeroed")
declare ptr @a6(i32, i32) memory(write, argmem: none)
declare ptr @a7(i32, i32) memory(inaccessiblemem: readwrite) readonly
declare ptr @a8(i32, i32) memory(argmem: read, inaccessiblemem: read) vscale_range(4,4)
declare ptr @a9(i32, i32) writeonly "key"="" "k2"
declare ptr @a10(i32, i32) "a\02b"="c\09d" "\01weird"
define void @b() "frame-pointer"="all" "target-cpu"="x86-64" "target-features"="+sse2" {
  call ptr @a1(i32 1, i32 2) #0
  call ptr @a4(i32 1, i32 2) nounwind memory(read) cold
  call ptr @a5(i32 1, i32 2) builtin
  call ptr @a6(i32 1, i32 2) nobuiltin
  call ptr @a9(i32 1, i32 2) "callsite-str"="v" noinline
  call ptr @a7(i32 1, i32 2) strictfp
  ret void
}
attributes #0 = { nomerge "x"="1" }
