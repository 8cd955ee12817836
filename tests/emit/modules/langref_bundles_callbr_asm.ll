; LangRef sweep (issue 27): operand bundles (deopt, gc-transition, cfguardtarget,
; convergencectrl, gc-live, kcfi, ptrauth, clang.arc.attachedcall, preallocated, funclet,
; custom and empty ones) on calls, invokes and callbr; inline asm with sideeffect,
; alignstack, inteldialect and unwind, escaped strings, multiple outputs, elementtype
; operands.
declare void @g()
declare void @h(...)
declare token @llvm.experimental.convergence.entry()
declare token @llvm.call.preallocated.setup(i32)
declare ptr @llvm.call.preallocated.arg(token, i32)
declare void @pre(ptr preallocated(i32))
declare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr)
declare ptr @objc()
declare i32 @__gxx_personality_v0(...)
define void @f(ptr %p, i32 %x) convergent personality ptr @__gxx_personality_v0 {
entry:
  %t = call token @llvm.experimental.convergence.entry()
  call void @g() [ "deopt"(i32 1, ptr %p), "gc-transition"(), "cfguardtarget"(ptr %p) ]
  call void @g() convergent [ "convergencectrl"(token %t) ]
  call void @g() [ "gc-live"(ptr %p, ptr null), "custom bundle"(i32 %x, float 1.0), "empty"() ]
  call void %p() [ "kcfi"(i32 1234) ]
  call void %p() [ "ptrauth"(i32 0, i64 1) ]
  %o = call ptr @objc() [ "clang.arc.attachedcall"(ptr @llvm.objc.retainAutoreleasedReturnValue) ]
  %s = call token @llvm.call.preallocated.setup(i32 1)
  %a = call ptr @llvm.call.preallocated.arg(token %s, i32 0) preallocated(i32)
  call void @pre(ptr preallocated(i32) %a) [ "preallocated"(token %s) ]
  invoke void @g() [ "deopt"(i32 2) ] to label %ok unwind label %lp
ok:
  callbr void asm "jmp ${1:l}", "r,!i"(i32 %x) to label %ft [label %ind]
ft:
  callbr void asm "", "!i"() [ "deopt"(i32 3) ] to label %ind [label %ind]
ind:
  call void asm sideeffect "nop", ""()
  call void asm sideeffect alignstack "nop", "~{memory}"()
  call void asm inteldialect "mov eax, eax", "~{eax},~{dirflag},~{fpsr},~{flags}"()
  call void asm sideeffect alignstack inteldialect "x", ""()
  %r = call i32 asm "mov $1, $0\0A\09 \22q\22", "=r,r,~{cc}"(i32 %x)
  %r2 = call { i32, i32 } asm "", "=r,=r,0,1"(i32 %x, i32 %x)
  call void asm "", "=*m,*m"(ptr elementtype(i32) %p, ptr elementtype(i32) %p)
  invoke void asm sideeffect unwind "call g", "~{dirflag}"() to label %ok2 unwind label %lp
ok2:
  call void (...) @h(i32 1) [ "deopt"() ]
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
