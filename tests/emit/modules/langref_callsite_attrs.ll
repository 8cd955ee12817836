; LangRef sweep (issue 27): attributes on invoke and callbr: return, argument and
; function attributes, attribute groups.
declare i32 @__gxx_personality_v0(...)
declare i32 @g(i32)
define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke noundef range(i32 0, 10) i32 @g(i32 noundef signext %x) cold nounwind "inv-attr"="1" to label %ok unwind label %lp
ok:
  %c = callbr noundef i32 asm "", "=r,r,!i"(i32 inreg %x) #0 to label %ft [label %ind]
ft:
  ret i32 %c
ind:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
attributes #0 = { nounwind memory(none) "callbr-attr" }
