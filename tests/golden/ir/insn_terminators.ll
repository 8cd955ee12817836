; Terminators: ret (value, void), br (conditional, unconditional), switch,
; indirectbr, invoke, callbr, resume, unreachable.
declare i32 @callee(i32)
declare i32 @__gxx_personality_v0(...)

define i32 @rets(i1 %c, i32 %x) {
entry:
  br i1 %c, label %yes, label %no
yes:
  ret i32 %x
no:
  br label %out
out:
  ret i32 7
}

define void @retvoid() {
  ret void
}

define i32 @sw(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 0, label %zero
    i32 5, label %five
    i32 -1, label %zero
  ]
zero:
  ret i32 0
five:
  ret i32 5
def:
  unreachable
}

define void @sw_nocase(i8 %x) {
entry:
  switch i8 %x, label %d []
d:
  ret void
}

define void @ibr(ptr %addr) {
entry:
  indirectbr ptr %addr, [label %a, label %b, label %a]
a:
  ret void
b:
  ret void
}

define ptr @baddr() {
  ret ptr blockaddress(@ibr, %b)
}

define i32 @inv(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke fastcc i32 @callee(i32 %x)
          to label %ok unwind label %lp
ok:
  ret i32 %r
lp:
  %e = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %e
}

define i32 @cbr(i32 %x) {
entry:
  %r = callbr i32 asm "jmp ${1:l}", "=r,!i,~{dirflag},~{fpsr},~{flags}"()
          to label %fall [label %ind1]
fall:
  ret i32 %r
ind1:
  ret i32 %x
}

define void @cbr2(i32 %x) {
entry:
  callbr void asm sideeffect "", "r,!i,!i"(i32 %x) to label %a [label %b, label %c]
a:
  ret void
b:
  ret void
c:
  unreachable
}
