; The examples of LLVM's undefined-behaviour manual: undef, poison, freeze and the
; poison-generating flags (instruction_flag lists every one of them uniformly).
define i32 @speculated(i1 %c, i32 %v) {
  %div = udiv i32 3, %v
  %r = select i1 %c, i32 %div, i32 0
  ret i32 %r
}

define i32 @x86_shift(i32 %a, i32 %b) {
  %mask = and i32 %b, 31
  %shift = shl i32 %a, %mask
  ret i32 %shift
}

define i32 @undef_add() {
  %add = add i32 undef, 0
  %ret = add i32 %add, %add
  ret i32 %ret
}

define i32 @nsw_chain(i32 %a, i32 %b, i32 %c) {
  %add = add nsw i32 %a, %b
  %ret = add nsw i32 %add, %c
  ret i32 %ret
}

define i1 @select_barrier(i32 %x, i32 %y) {
  %cmp1 = icmp ne i32 %x, 0
  %cmp2 = icmp ugt i32 %x, %y
  %and = select i1 %cmp1, i1 %cmp2, i1 false
  %and2 = and i1 %cmp1, %cmp2
  ret i1 %and
}

define i32 @unswitch(i32 %n, i1 %c) {
entry:
  %c2 = freeze i1 %c
  br i1 %c2, label %then, label %else
then:
  %i = phi i32 [ 0, %entry ], [ %i2, %then ]
  %i2 = add nuw i32 %i, 1
  %cond = icmp ule i32 %i2, %n
  br i1 %cond, label %then, label %exit
else:
  br label %exit
exit:
  %r = phi i32 [ %i2, %then ], [ 0, %else ]
  ret i32 %r
}

define i8 @poison_operand(i8 %a, i8 %dummy) {
  %div = udiv i8 %a, %dummy
  %p = add i8 poison, %div
  %f = freeze i8 %p
  %u = freeze i8 undef
  %g = getelementptr inbounds nuw i8, ptr null, i64 1
  %z = zext nneg i8 %f to i32
  %o = or disjoint i8 %f, %u
  %t = trunc nsw i32 %z to i8
  %s = ashr exact i8 %t, 1
  %fm = fmul nnan float poison, 1.0
  ret i8 %s
}
