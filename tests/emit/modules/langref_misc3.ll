; LangRef sweep (issue 27): constants and instructions at the edges: i1 arrays, half
; and bfloat vectors, fp128 NaN payloads, i128 switch cases, pointer-vector compares and
; selects, va_arg of a vector, a landingpad catching an expression, indirectbr with no
; destinations.
@a1 = global [3 x i1] [i1 true, i1 false, i1 true]
@h2 = global <4 x half> <half 0xH0001, half 0xH7E00, half 0xHFC00, half 0xH8000>
@bf2 = global <2 x bfloat> <bfloat 0xR0001, bfloat 0xRFF81>
@q = global fp128 0xL00000000000000017FFF800000000000
@ret = global { i32, float } { i32 1, float 2.0 }
@ext = external addrspace(2) externally_initialized global i32, align 8
@extsec = external global i32, section "xs", align 2
@big = global [2 x i128] [i128 170141183460469231731687303715884105727, i128 -1]
@d64 = global <2 x double> <double 0x0000000000000001, double 0x8000000000000000>
@vp = global <2 x ptr addrspace(1)> zeroinitializer
@nested = global [2 x [2 x { i8, <2 x i8> }]] [[2 x { i8, <2 x i8> }] zeroinitializer, [2 x { i8, <2 x i8> }] [{ i8, <2 x i8> } { i8 1, <2 x i8> <i8 2, i8 3> }, { i8, <2 x i8> } undef]]
declare i32 @__gxx_personality_v0(...)
declare void @g()
define { i32, float } @r(i128 %x, ptr %p, <2 x ptr> %vp) personality ptr @__gxx_personality_v0 {
entry:
  switch i128 %x, label %d [ i128 170141183460469231731687303715884105727, label %a
                             i128 -170141183460469231731687303715884105728, label %a ]
a:
  %c = icmp eq <2 x ptr> %vp, zeroinitializer
  %s = select <2 x i1> %c, <2 x ptr> %vp, <2 x ptr> zeroinitializer
  %v = va_arg ptr %p, <2 x i32>
  invoke void @g() to label %d unwind label %lp
d:
  %ph = phi i32 [ 1, %entry ], [ 2, %a ]
  ret { i32, float } { i32 1, float 2.0 }
lp:
  %l = landingpad { ptr, i32 } catch ptr getelementptr (i8, ptr @a1, i64 1)
  indirectbr ptr %p, []
}
