; Scalar constants: integers of many widths (exact at any width), every floating-point
; type (exact bits; NaN, infinities, denormals, -0.0), null, none, undef, poison,
; zeroinitializer.
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"

@i1t = global i1 true
@i1f = global i1 false
@i8a = global i8 -1
@i8b = global i8 127
@i8c = global i8 -128
@i16 = global i16 -32768
@i17 = global i17 65536
@i32a = global i32 -5
@i32b = global i32 2147483647
@i64a = global i64 1234
@i64b = global i64 -9223372036854775808
@i64c = global i64 9223372036854775807
@i65a = global i65 -18446744073709551616
@i65b = global i65 18446744073709551615
@i100 = global i100 -1
@i128a = global i128 170141183460469231731687303715884105727
@i128b = global i128 -170141183460469231731687303715884105728
@i128c = global i128 -9223372036854775809
@i128d = global i128 -9223372036854775808
@i128e = global i128 18446744073709551616
@i256a = global i256 -57896044618658097711785492504343953926634992332820282019728792003956564819968
@i256b = global i256 115792089237316195423570985008687907853269984665640564039457584007913129639
@i256c = global i256 -2
@i256d = global i256 0

@f1 = global float 1.0
@f2 = global float 0x3FB99999A0000000
@f3 = global float -0.0
@f4 = global float 0x7FF0000000000000
@f5 = global float 0xFFF0000000000000
@f6 = global float 0x7FF8000000000000
@f7 = global float 0x7FF4000000000000
@f8 = global float 0x36A0000000000000
@f9 = global float 1.5e+09
@f10 = global float 0x3810000000000000
@d1 = global double 1.0
@d2 = global double 0.1
@d3 = global double 0.3
@d4 = global double -0.0
@d5 = global double 0x7FF0000000000000
@d6 = global double 0x7FF8000000000001
@d7 = global double 4.9406564584124654e-324
@d8 = global double 1.7976931348623157e+308
@d9 = global double 123456.0
@d10 = global double 1234567.0
@d11 = global double 0.5
@d12 = global double 1.0e+100
@d13 = global double 0xFFF8000000000000
@d14 = global double 2.2250738585072014e-308
@h1 = global half 0xH3C00
@h2 = global half 0xH7C00
@h3 = global half 0xH0001
@h4 = global half 0xH8000
@b1 = global bfloat 0xR3F80
@b2 = global bfloat 0xR7FC0
@x1 = global x86_fp80 0xK3FFF8000000000000000
@x2 = global x86_fp80 0xK7FFF8000000000000000
@x3 = global x86_fp80 0xK00000000000000000001
@q1 = global fp128 0xL00000000000000003FFF000000000000
@q2 = global fp128 0xL00000000000000017FFF800000000000
@q3 = global fp128 0xL0123456789ABCDEF0123456789ABCDEF
@p1 = global ppc_fp128 0xM3FF00000000000000000000000000000
@p2 = global ppc_fp128 0xM400C0000000000003CB0000000000000
@p3 = global ppc_fp128 0xMBFF0000000000000BC90000000000001

@n1 = global ptr null
@n2 = global ptr addrspace(3) null
@u1 = global i32 undef
@u2 = global ptr poison
@u3 = global double undef
@z1 = global [2 x i32] zeroinitializer
@z2 = global { i32, ptr } zeroinitializer
@z3 = global <4 x float> zeroinitializer
@z4 = global i32 0
@z5 = global double 0.0

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare token @llvm.call.preallocated.setup(i32)

define i128 @f(i256 %x) {
entry:
  %a = add i256 %x, -1
  %b = add i256 %a, 57896044618658097711785492504343953926634992332820282019728792003956564819967
  %c = trunc i256 %b to i128
  %d = xor i128 %c, -170141183460469231731687303715884105728
  %e = icmp eq i128 %d, poison
  %s = select i1 %e, i128 undef, i128 %d
  ret i128 %s
}

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define void @tok() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %cl
ok:
  ret void
cl:
  %p = cleanuppad within none []
  cleanupret from %p unwind to caller
}

define double @fp(double %x, float %y, half %h, x86_fp80 %k, fp128 %q, ppc_fp128 %p) {
  %a = fadd double %x, 0x7FF8000000000001
  %b = fadd float %y, 0x36A0000000000000
  %c = fadd half %h, 0xH7E00
  %d = fadd x86_fp80 %k, 0xK3FFF8000000000000000
  %e = fadd fp128 %q, 0xL00000000000000003FFF000000000000
  %f = fadd ppc_fp128 %p, 0xM400C0000000000003CB0000000000000
  ret double %a
}
