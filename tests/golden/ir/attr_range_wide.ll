; range(...) attributes with bounds wider than 64 bits (issue 11's round trip): the
; C API cannot read a ConstantRange attribute, so the bounds come from the printed
; header; attribute_range holds them as exact decimal symbols (like
; constant_int_value), at any width, on returns, parameters and call sites.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare range(i128 0, 18446744073709551616) i128 @wide(i128 range(i128 -170141183460469231731687303715884105728, 170141183460469231731687303715884105727) %x)
declare range(i65 -18446744073709551616, 18446744073709551615) i65 @i65()
declare <2 x i256> @vec(<2 x i256> range(i256 -57896044618658097711785492504343953926634992332820282019728792003956564819968, 0) %v)

define range(i8 -128, 127) i8 @narrow(i8 range(i8 0, 2) %b) {
  %w = call range(i128 1, 170141183460469231731687303715884105727) i128 @wide(i128 range(i128 -1, 1) 7)
  ret i8 %b
}
