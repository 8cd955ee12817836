; LangRef sweep (issue 27): unnamed global variables, aliases, ifuncs and functions
; together (numbered in that order).
@0 = global i32 0
@1 = private constant i8 1
@2 = alias i32, ptr @0
@3 = internal alias i8, ptr @1
@4 = ifunc void (), ptr @6
@5 = ifunc void (), ptr @6
define internal ptr @6() {
  ret ptr @7
}
define void @7() {
  call void @4()
  %x = load i32, ptr @2
  ret void
}
declare void @8()
