; Bitwise operations: shl nuw/nsw, lshr/ashr exact, and, or disjoint, xor.
define void @bits(i32 %a, i32 %b, <4 x i8> %v, <4 x i8> %w) {
  %shl = shl i32 %a, 3
  %shl.nuw = shl nuw i32 %a, %b
  %shl.nsw = shl nsw i32 %a, %b
  %shl.both = shl nuw nsw i32 %a, 1
  %lshr = lshr i32 %a, %b
  %lshr.exact = lshr exact i32 %a, 2
  %ashr = ashr i32 %a, %b
  %ashr.exact = ashr exact i32 %a, 1
  %and = and i32 %a, 255
  %or = or i32 %a, %b
  %or.disjoint = or disjoint i32 %a, 1
  %xor = xor i32 %a, -1
  %vand = and <4 x i8> %v, %w
  %vshl = shl nuw <4 x i8> %v, %w
  ret void
}
