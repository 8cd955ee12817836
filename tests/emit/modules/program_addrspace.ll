; A module with a program address space (`P1`): functions and call sites in address
; space 0 say so (`addrspace(0)`), else the parser puts them in address space 1: an
; ifunc whose resolver is in address space 0, calls and an invoke of such functions,
; inline asm, an indirect call through another address space, and a callbr (issue 27).
target datalayout = "P1"

@i = ifunc void (), ptr @resolver
@j = ifunc void (), ptr addrspace(1) @resolver1
@fp = global ptr @zero

define ptr @resolver() addrspace(0) {
  ret ptr null
}

define ptr addrspace(1) @resolver1() {
  ret ptr addrspace(1) null
}

define void @zero() addrspace(0) {
  call addrspace(0) void @zero()
  call addrspace(0) void @i()
  call addrspace(1) void @j()
  ret void
}

define void @one(ptr %p, ptr addrspace(2) %q) personality ptr addrspace(1) @pers {
  call addrspace(0) void asm sideeffect "nop", ""()
  call addrspace(0) void %p()
  call addrspace(2) void %q()
  invoke addrspace(0) void @zero()
          to label %ok unwind label %bad

ok:
  ret void

bad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

; callbr has no addrspace(N) in its syntax
define void @two() {
  callbr void asm "", ""()
          to label %a []

a:
  ret void
}

declare void @zdecl() addrspace(0)
declare void @odecl()
declare i32 @pers(...)
