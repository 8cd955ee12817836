; LangRef sweep (issue 27): names made only of digits (quoted, beside numbered values):
; types, globals, arguments, blocks and instructions.
%"0" = type { i32 }
%1 = type { i8 }
@"0" = global i32 0
@1 = global i32 1
define void @f(i32 %"0", i32) {
"1":
  %"2" = add i32 %"0", 1
  %1 = add i32 %0, 1
  br label %"3"
"3":
  %2 = add i32 %1, 1
  %"4" = add i32 %2, 1
  ret void
}
define void @"2"() {
  ret void
}
define void @3() {
  %s = alloca %"0"
  %t = alloca %1
  ret void
}
