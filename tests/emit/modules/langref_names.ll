; LangRef sweep (issue 27): global, argument and block names that need quoting or
; escaping, long names, numbered names.
@"a very long name that goes on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on" = global i32 0
@"\7F\80\FF" = global i32 0
@"1starts_with_digit" = global i32 0
@"-dash" = global i32 0
@"$dollar" = global i32 0
@".dot" = global i32 0
@_ = global i32 0
@"" = global i32 0
@1 = global i32 1
@2 = global i32 2
define void @"\\back"(i32 %"\5C", i32 %"x\0Ay") {
"0":
  br label %"-1"
"-1":
  %".x" = add i32 %"\5C", 1
  %"%" = add i32 %".x", 1
  ret void
}
