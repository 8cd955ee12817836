; Unnamed values with gaps (LLVM 19 accepts them; llvm-dis renumbers densely),
; quoted names, void calls, an unnamed entry block, named and unnamed blocks mixed.
declare void @sink(i32)
declare i32 @src()

define i32 @f(i32 %0, i32 %named, i32 %2) {
  %5 = add i32 %0, %2
  call void @sink(i32 %5)
  %9 = call i32 @src()
  br label %10

10:
  %"a b" = mul i32 %9, %named
  store i32 %"a b", ptr null
  br label %"odd\22label"

"odd\22label":
  %12 = phi i32 [ %"a b", %10 ]
  %13 = sub i32 %12, 1
  ret i32 %13
}

define void @"g:h"(ptr %p) {
entry:
  %0 = load i32, ptr %p
  %x.1 = add nsw i32 %0, 1
  br label %1
1:
  %2 = add i32 %x.1, %0
  ret void
}

; names with a backslash, a quote and a tab (llvm-dis: \\, \22, \09)
@"f\\g" = global i32 0
@"a\22b" = global i32 1
define i32 @"h\\\09"(i32 %"x\\y") {
"bb\\1":
  %"r\22" = add i32 %"x\\y", 1
  ret i32 %"r\22"
}
