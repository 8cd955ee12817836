; LangRef sweep (issue 27): every property a global value can have at once: linkage,
; dso_local, visibility, thread_local, unnamed_addr, address space,
; externally_initialized, section, partition, comdat (each selection kind, named and
; implicit), align, code_model, sanitizer flags, attachments and attribute groups on a
; variable; the same on a function (with gc, prefix, prologue, personality), an alias and
; an ifunc.
$c1 = comdat largest
$c2 = comdat samesize
$"f x" = comdat nodeduplicate
@v = internal thread_local(localexec) unnamed_addr addrspace(3) externally_initialized constant i32 7, section "sv", partition "pv", comdat($c1), align 8, code_model "kernel", no_sanitize_address, no_sanitize_hwaddress, sanitize_memtag, sanitize_address_dyninit, !dbg_like !0 #0
@w = weak_odr dso_local protected local_unnamed_addr global [2 x i8] zeroinitializer, section "sw", comdat($c2), align 1
@"f x" = linkonce_odr hidden global i8 0, comdat
define weak_odr dso_local protected void @f() unnamed_addr addrspace(4) section "sf" partition "pf" comdat($c1) align 16 gc "g" prefix i8 1 prologue i8 2 personality ptr @p !custom !0 {
  ret void
}
declare i32 @p(...)
@a = weak_odr dso_local protected thread_local(initialexec) local_unnamed_addr alias i32, ptr addrspace(3) @v, partition "pa"
@i = weak_odr dso_local protected local_unnamed_addr ifunc void (), ptr @r, partition "pi"
define internal ptr @r() {
  ret ptr null
}
attributes #0 = { "bss-section"="b" "data-section"="d" "rodata-section"="r" "relro-section"="rr" }
!0 = !{!"x"}
