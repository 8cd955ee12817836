; Attributes of functions, return values and parameters: enum, integer (each
; encoding decoded as llvm-dis prints it), type and string attributes. (Constant-range
; attributes, whose values only the module text has, are in attr_text.ll.)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i32, i64 }

; enum attributes: function, return and parameters (all of LLVM 19 but builtin, which
; only call sites take, and hybrid_patchable, which LLVM 19.1.7 writes to bitcode as
; kind 95 and then cannot read back)
declare noalias noundef nonnull ptr @enums(ptr nocapture readonly %p, i32 signext %a, i8 zeroext %b, i32 inreg %ir, ptr nest %n, ptr returned %r, ptr writeonly %w, ptr readnone %rn, ptr noundef swiftself %s, ptr swifterror %e, ptr swiftasync %sa, i64 allocalign %al, ptr allocptr %ap, ptr dead_on_unwind writable %dw) nounwind willreturn nofree nosync norecurse cold noinline optnone mustprogress

declare void @more() unnamed_addr alwaysinline convergent hot inlinehint jumptable minsize naked nobuiltin nocallback nocf_check noduplicate noimplicitfloat nomerge nonlazybind noprofile noredzone noreturn nosanitize_bounds nosanitize_coverage null_pointer_is_valid optforfuzzing optsize presplitcoroutine returns_twice safestack sanitize_address sanitize_hwaddress sanitize_memory sanitize_memtag sanitize_numerical_stability sanitize_thread shadowcallstack skipprofile speculatable speculative_load_hardening ssp sspreq sspstrong strictfp disable_sanitizer_instrumentation fn_ret_thunk_extern coro_only_destroy_when_complete

declare void @dbg() optdebug
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)

; memory(...) effects
declare void @m0() memory(none)
declare void @m1() memory(read)
declare void @m2() memory(argmem: read)
declare void @m3() memory(readwrite, argmem: none)
declare void @m4() memory(write, inaccessiblemem: readwrite)
declare void @m5() memory(argmem: readwrite, inaccessiblemem: write)
declare void @m6() memory(inaccessiblemem: read)
declare void @m7() memory(readwrite)

; nofpclass(...)
declare nofpclass(nan) float @fp(float nofpclass(inf zero) %b, float nofpclass(all) %c, float nofpclass(snan pinf nzero psub nnorm) %d, float nofpclass(qnan ninf pzero nsub pnorm) %e, double nofpclass(sub norm) %f)

; allockind, allocsize, uwtable, vscale_range, alignstack
declare ptr @ak() allockind("alloc,uninitialized,aligned")
declare ptr @ak2(ptr) allockind("realloc,zeroed")
declare void @ak3(ptr) allockind("free")
declare ptr @as1(i64, i64) allocsize(0)
declare ptr @as2(i64, i64) allocsize(0,1)
declare void @uw() uwtable
declare void @uw2() uwtable(sync)
declare void @vs() vscale_range(1,16)
declare void @vs2() vscale_range(2,0)
declare void @vs3() vscale_range(4)
declare void @stk() alignstack(16)

; align, dereferenceable, dereferenceable_or_null
declare align 16 dereferenceable(64) ptr @al(ptr align 8 %a, ptr dereferenceable(16) %b, ptr dereferenceable_or_null(32) %c)

; type attributes
declare void @ty(ptr byval(%struct.S) align 8 %a, ptr sret(%struct.S) %b, ptr byref(i32) %c, ptr preallocated(i64) %d, ptr %x, ptr inalloca(i8) %f)

; string attributes
declare void @str() "foo" "k"="v" "esc"="a\22b\5Cc\0A" "frame-pointer"="all" "target-cpu"="x86-64"

; the same attribute on several functions is one entity
define void @def(ptr noundef %p) nounwind "k"="v" {
  ret void
}
