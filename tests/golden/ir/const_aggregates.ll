; Aggregate constants: structs (literal, packed, named, empty), arrays (ConstantArray
; and ConstantDataArray), nested aggregates, vectors (ConstantVector and
; ConstantDataVector), strings (with escapes), undef/poison inside aggregates, and
; references to globals and functions inside them.
%struct.S = type { i32, ptr, [2 x i16] }
%struct.P = type <{ i8, i32 }>
%struct.E = type {}

@g = global i32 7
@s1 = global { i32, ptr } { i32 1, ptr null }
@s2 = global %struct.S { i32 -1, ptr @g, [2 x i16] [i16 3, i16 4] }
@s3 = global %struct.P <{ i8 1, i32 2 }>
@s4 = global <{ i8, double }> <{ i8 1, double 2.5 }>
@s5 = global %struct.E zeroinitializer
@a1 = global [3 x i32] [i32 1, i32 2, i32 3]
@a2 = global [2 x ptr] [ptr @g, ptr @f]
@a3 = global [2 x [2 x i8]] [[2 x i8] c"ab", [2 x i8] c"cd"]
@a4 = global [3 x i64] [i64 -1, i64 0, i64 9223372036854775807]
@a5 = global [2 x double] [double 1.0, double 0x7FF8000000000000]
@a6 = global [2 x %struct.S] [%struct.S { i32 1, ptr null, [2 x i16] zeroinitializer }, %struct.S zeroinitializer]
@a7 = global [0 x i32] zeroinitializer
@str1 = constant [6 x i8] c"hello\00"
@str2 = constant [8 x i8] c"q\22b\\s\0A\FF\00"
@str3 = constant [3 x i8] c"\00\00\01"
@v1 = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@v2 = global <4 x i32> <i32 1, i32 1, i32 1, i32 1>
@v3 = global <2 x ptr> <ptr @g, ptr null>
@v4 = global <2 x float> <float 1.0, float 0.5>
@v5 = global <3 x i1> <i1 true, i1 false, i1 true>
@ub1 = global [3 x i32] [i32 1, i32 undef, i32 poison]
@ub2 = global { i32, ptr } { i32 poison, ptr null }
@ub3 = global <4 x i8> <i8 0, i8 undef, i8 2, i8 3>
@ub4 = global [2 x [2 x i32]] [[2 x i32] [i32 undef, i32 1], [2 x i32] [i32 2, i32 3]]
@ub5 = global <2 x i32> <i32 poison, i32 1>
@nest = global { [2 x { i8, <2 x i16> }], ptr } { [2 x { i8, <2 x i16> }] [{ i8, <2 x i16> } { i8 1, <2 x i16> <i16 2, i16 3> }, { i8, <2 x i16> } { i8 4, <2 x i16> zeroinitializer }], ptr @f }

; Long constants (value text over 256 bytes) get the short id `<type> <kind>#N`; so does
; every constant that contains one. Their structure is still complete (elements, text).
@long_str = constant [300 x i8] c"012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
@two_120 = global [2 x [120 x i8]] [[120 x i8] c"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", [120 x i8] c"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"]
@has_long = global { i32, ptr, [300 x i8] } { i32 1, ptr @g, [300 x i8] c"012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789" }

declare void @f()

define <4 x i32> @vec(<4 x i32> %x) {
  %a = add <4 x i32> %x, <i32 1, i32 2, i32 3, i32 4>
  %b = add <4 x i32> %a, <i32 undef, i32 poison, i32 7, i32 8>
  %c = insertvalue { i32, ptr } { i32 1, ptr null }, i32 5, 0
  %d = shufflevector <4 x i32> %b, <4 x i32> poison, <4 x i32> <i32 0, i32 poison, i32 1, i32 1>
  ret <4 x i32> %d
}
