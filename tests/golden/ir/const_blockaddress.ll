; blockaddress constants: named and unnamed blocks, in the function that uses them and
; in other functions (whose unnamed blocks are numbered by llvm-dis's slot rule:
; unnamed arguments first, then each unnamed block and unnamed non-void instruction),
; in global initializers, in aggregates and in constant expressions.
@targets = global [2 x ptr] [ptr blockaddress(@jump, %a), ptr blockaddress(@jump, %b)]
@other = global ptr blockaddress(@numbered, %4)
@q = global ptr blockaddress(@"quoted fn", %"the block")
@diff = global i64 sub (i64 ptrtoint (ptr blockaddress(@jump, %b) to i64), i64 ptrtoint (ptr blockaddress(@jump, %a) to i64))

define ptr @elsewhere() {
  ret ptr blockaddress(@numbered, %7)
}

define i32 @jump(i32 %i) {
entry:
  %p = getelementptr [2 x ptr], ptr @targets, i32 0, i32 %i
  %t = load ptr, ptr %p
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}

define i32 @numbered(i32, i32 %named) {
  %3 = add i32 %0, %named
  br label %4
4:
  store i32 %3, ptr @g2
  br label %5
5:
  %6 = add i32 %3, 1
  br label %named.bb
named.bb:
  br label %7
7:
  ret i32 %6
}

define ptr @here() {
entry:
  br label %1
1:
  ret ptr blockaddress(@here, %1)
}

define void @"quoted fn"() {
entry:
  br label %"the block"
"the block":
  ret void
}

@g2 = global i32 0
