; LangRef sweep (issue 27): address spaces against the datalayout's defaults (A5, G1,
; P2): explicit addrspace(0) on globals, allocas, functions and calls, an ifunc resolver
; in the program address space.
target datalayout = "A5-G1-P2"
@g0 = addrspace(0) global i32 0
@g1 = global i32 0
@g3 = addrspace(3) global i32 0
@a = alias i32, ptr @g1
@a0 = alias i32, ptr @g0
define void @f() addrspace(0) {
  %x = alloca i32, addrspace(0)
  %y = alloca i32
  call addrspace(0) void @f()
  call void @h()
  ret void
}
define void @h() {
  ret void
}
@i = ifunc void (), ptr addrspace(2) @res
define ptr addrspace(2) @res() {
  ret ptr addrspace(2) @h
}
