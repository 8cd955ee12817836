; LangRef sweep (issue 27): uselistorder and uselistorder_bb directives (llvm-as-19
; keeps them in the bitcode; llvm-dis-19 does not print them, so they do not show in the
; round trip: docs/emit.md).
@g = global i32 0
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = add i32 %a, 2
  %z = add i32 %x, %y
  br i1 true, label %b1, label %b2
b1:
  br label %b3
b2:
  br label %b3
b3:
  %p = phi i32 [ %x, %b1 ], [ %y, %b2 ]
  %l = load i32, ptr @g
  store i32 %l, ptr @g
  ret i32 %p
  uselistorder i32 %a, { 1, 0 }
  uselistorder label %b3, { 1, 0 }
}
define void @h() {
  %l = load i32, ptr @g
  ret void
}
uselistorder ptr @g, { 2, 0, 1 }
uselistorder_bb @f, %b3, { 1, 0 }
