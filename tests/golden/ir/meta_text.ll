; The module-text reader: quoted and unnamed globals, an alias and an ifunc before the
; functions, attachments printed after continuation lines (switch `]`, invoke's
; `to label`, landingpad clauses), and a function declaration with an attachment
; (printed as `declare !kind !N ...`).
source_filename = "meta_text.c"

@"a b" = global i32 1, !custom.g !0
@0 = global i32 2, !custom.g !1
@al = alias i32, ptr @"a b"
@if = ifunc void (), ptr @res

declare !custom.f !0 void @ext()
declare i32 @__gxx_personality_v0(...)

define ptr @res() {
  ret ptr null
}

define i32 @"quoted fn"(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  switch i32 %x, label %d [
    i32 0, label %a
    i32 1, label %b
  ], !prof !2, !custom.i !0
a:
  invoke void @ext()
          to label %d unwind label %lp, !custom.i !1
b:
  br label %d, !custom.i !0
lp:
  %l = landingpad { ptr, i32 }
          cleanup
          catch ptr null, !custom.i !1
  resume { ptr, i32 } %l, !custom.i !0
d:
  ret i32 0, !custom.i !1
}

define void @1() !custom.f !1 {
  ret void
}

!0 = !{!"zero"}
!1 = !{!"one"}
!2 = !{!"branch_weights", i32 1, i32 2, i32 3}
