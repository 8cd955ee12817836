; Vector operations: extractelement, insertelement, shufflevector (masks with
; poison and undef elements, scalable vectors), and vector forms of other ops.
define <4 x i32> @vec(<4 x i32> %a, <4 x i32> %b, i32 %x, i64 %i) {
  %e0 = extractelement <4 x i32> %a, i32 0
  %e1 = extractelement <4 x i32> %a, i64 %i
  %v0 = insertelement <4 x i32> %a, i32 %x, i32 3
  %v1 = insertelement <4 x i32> poison, i32 %e0, i64 %i
  %s0 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %s1 = shufflevector <4 x i32> %a, <4 x i32> poison, <2 x i32> <i32 3, i32 poison>
  %s2 = shufflevector <4 x i32> %v0, <4 x i32> %v1, <8 x i32> <i32 7, i32 undef, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %s3 = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer
  %c = icmp slt <4 x i32> %s0, %s3
  %sel = select <4 x i1> %c, <4 x i32> %s0, <4 x i32> %b
  ret <4 x i32> %sel
}

define <vscale x 4 x i32> @splat(i32 %x) {
  %i = insertelement <vscale x 4 x i32> poison, i32 %x, i64 0
  %s = shufflevector <vscale x 4 x i32> %i, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %e = extractelement <vscale x 4 x i32> %s, i32 1
  ret <vscale x 4 x i32> %s
}
