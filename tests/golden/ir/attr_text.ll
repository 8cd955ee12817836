; Constant-range attributes: range(...) and initializes(...) values are not reachable
; through the C API (LLVM 19) and are read from the printed function header, with the
; parameter lists split at their top-level commas (vector and struct types, quoted
; names and string attributes must not confuse the split).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%"odd, name" = type { i32, i8 }

declare range(i32 0, 10) i32 @r(i32 range(i32 -5, 5) %x, i8 range(i8 1, 0) %y, i64 %z, <2 x i16> range(i16 3, 7) %v)
declare void @ini(ptr initializes((0, 4), (8, 12)) %p, ptr initializes((-8, 0)) %q)
declare noundef range(i64 -9223372036854775808, 0) i64 @"quoted, (name)"({ i32, i32 } %s, ptr byval(%"odd, name") %o, i32 noundef range(i32 100, -100) %w, ...)
declare range(i128 0, 18446744073709551616) i128 @wide(i128 range(i128 -1, 1) %x)

define range(i8 0, 2) i8 @defined(i8 range(i8 0, 2) %b) "k"="a, b (c)" {
  ret i8 %b
}
