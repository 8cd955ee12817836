; Globals, aliases, ifuncs and function properties that the C API reaches: every
; linkage, visibility, DLL storage, thread-local mode, unnamed_addr kind, section,
; alignment, address space, calling convention, gc, prefix/prologue data, personality,
; intrinsics; dso_local implied by linkage/visibility. (What only the module text
; has — explicit dso_local, partition, comdats, code_model, sanitizer flags, an
; alias's thread_local — is in global_text.ll.)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"


%struct.S = type { i32, ptr }

; linkages
@g_external = global i32 1
@g_private = private global i32 2
@g_internal = internal global i32 3
@g_avail = available_externally global i32 4
@g_linkonce = linkonce global i32 5
@g_weak = weak global i32 6
@g_common = common global i32 0
@g_appending = appending global [1 x ptr] [ptr @g_external]
@g_extern_weak = extern_weak global i32
@g_linkonce_odr = linkonce_odr global i32 7
@g_weak_odr = weak_odr global i32 8
@g_decl = external global %struct.S

; visibility, DLL storage, dso_local, unnamed_addr
@g_hidden = hidden global i32 0
@g_protected = protected global i32 0
@g_dllimport = external dllimport global i32
@g_dllexport = dllexport global i32 0
@g_unnamed = private unnamed_addr constant [4 x i8] c"abc\00"
@g_local_unnamed = local_unnamed_addr global i32 0

; thread-local modes
@tls_gd = thread_local global i32 0
@tls_ld = thread_local(localdynamic) global i32 0
@tls_ie = thread_local(initialexec) global i32 0
@tls_le = thread_local(localexec) global i32 0

; constant, externally_initialized, address space, section, align
@g_const = constant %struct.S { i32 1, ptr @g_external }
@g_extinit = externally_initialized global i32 0
@g_as1 = addrspace(1) global i32 0
@g_section = global i32 0, section "my.data", align 16
@"g quoted" = global i32 0, section "s\22q"


; an unnamed global
@0 = private constant i8 42

; aliases
@a_plain = alias i32, ptr @g_external
@a_internal = internal alias i32, ptr @g_internal
@a_hidden = dso_local hidden unnamed_addr alias i32, ptr @g_hidden
@a_expr = alias i32, getelementptr (i8, ptr @g_const, i64 8)

; ifuncs
@i_plain = ifunc void (), ptr @resolver
@i_local = internal ifunc i32 (i32), ptr @resolver

define internal ptr @resolver() {
  ret ptr @f_fast
}

; functions: calling conventions, section, align, gc,
; prefix, prologue, personality, unnamed_addr, address space, intrinsics
define fastcc void @f_fast() {
  ret void
}

declare coldcc void @f_cold()
declare ghccc void @f_ghc()
declare cc11 void @f_cc11()
declare x86_stdcallcc void @f_stdcall()
declare tailcc void @f_tail()
declare swiftcc void @f_swift()

define void @f_sec() section "my.text" align 32 {
  ret void
}

define void @f_gc() gc "shadow-stack" {
  ret void
}

define void @f_prefix() prefix i32 123 prologue i8 7 {
  ret void
}

declare i32 @__gxx_personality_v0(...)

define void @f_personality() personality ptr @__gxx_personality_v0 {
  ret void
}

define hidden void @f_unnamed() unnamed_addr {
  ret void
}

define protected void @f_local_unnamed() local_unnamed_addr {
  ret void
}

define void @f_as1() addrspace(1) {
  ret void
}

define dllexport void @f_dllexport() {
  ret void
}

declare dllimport void @f_dllimport()
declare extern_weak void @f_extern_weak()

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare i32 @llvm.ctpop.i32(i32)

define void @f_uses_intrinsics(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 4, i1 false)
  %x = call i32 @llvm.ctpop.i32(i32 7)
  ret void
}
