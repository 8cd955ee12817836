; LangRef sweep (issue 27): prefix and prologue data of aggregate and
; constant-expression types, personality through an alias and an expression, gc names.
@tbl = global [2 x i32] [i32 1, i32 2]
@pa = alias ptr (...), ptr @pers
define i32 @pers(...) {
  ret i32 0
}
define void @f1() prefix { i32, ptr } { i32 1, ptr @tbl } prologue <{ i8, i8 }> <{ i8 235, i8 6 }> personality ptr @pa {
  ret void
}
define void @f2() prefix ptr getelementptr (i8, ptr @tbl, i64 4) personality ptr getelementptr (i8, ptr @pers, i64 0) {
  ret void
}
define void @f3() gc "erlang" prologue [2 x i16] [i16 1, i16 2] {
  ret void
}
define void @f4() prefix i32 poison prologue i8 undef {
  ret void
}
define available_externally void @f5() prefix ptr @f4 {
  ret void
}
