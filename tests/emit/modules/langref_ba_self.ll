; LangRef sweep (issue 27): blockaddress used inside its own function, in phis, returns
; and indirectbr, and from a global.
define ptr @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %t
b:
  br label %t
t:
  %p = phi ptr [ blockaddress(@f, %t), %a ], [ blockaddress(@f, %b), %b ]
  ret ptr blockaddress(@f, %t)
}
@tbl = global [2 x ptr] [ptr blockaddress(@g, %x), ptr blockaddress(@g, %y)]
define void @g(ptr %p) {
entry:
  indirectbr ptr %p, [label %x, label %y]
x:
  br label %y
y:
  indirectbr ptr blockaddress(@g, %x), [label %x, label %y]
}
