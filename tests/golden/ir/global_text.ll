; What only the module text has (the C API cannot read it): explicit dso_local,
; partitions, comdat names (the object's own or another: comdat($x)), every comdat
; selection kind, code_model, sanitizer flags, and the thread_local mode of an alias.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$any = comdat any
$exact = comdat exactmatch
$largest = comdat largest
$nodedup = comdat nodeduplicate
$samesize = comdat samesize
$"quoted comdat" = comdat any
$fcd = comdat any

@g_dso_local = dso_local global i32 0
@g_part = global i32 0, partition "part1"
@g_cm = global i32 0, code_model "large"
@g_san = global i32 0, no_sanitize_address, no_sanitize_hwaddress, sanitize_memtag, sanitize_address_dyninit
@g_all = dso_local global [2 x i8] c",\22", section "s,\22 comdat", partition "p, q", code_model "small", no_sanitize_address, comdat($any), align 4
@tls_ie = thread_local(initialexec) global i32 0
@tls = thread_local global i32 0

@c_any = global i32 0, comdat($any)
@any = global i32 0, comdat
@exact = global i32 0, comdat
@largest = global i32 0, comdat
@nodedup = global i32 0, comdat
@samesize = global i32 0, comdat
@c_quoted = global i32 0, comdat($"quoted comdat")

@a_tls = thread_local(initialexec) alias i32, ptr @tls_ie
@a_tls_gd = dso_local thread_local alias i32, ptr @tls
@a_part = weak alias i32, ptr @g_part, partition "part2"
@i_part = ifunc void (), ptr @resolver, partition "part4"

define internal ptr @resolver() {
  ret ptr @f_dso
}

define dso_local void @f_dso() section "my.text" partition "part3" align 32 {
  ret void
}

define linkonce_odr dso_local void @fcd() comdat {
  ret void
}

define linkonce_odr void @f_in_fcd() comdat($fcd) {
  ret void
}

declare dso_local void @f_decl_dso()
