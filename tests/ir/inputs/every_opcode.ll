; every_opcode.ll — one module that uses every instruction opcode of LLVM 19 at least
; once, in the layouts that make llvm-dis's text hard to count: switch cases and
; landingpad clauses on continuation lines, tail/musttail/notail calls, quoted and
; numbered names, blocks without a label. Used by test_completeness.sh and test_link.sh.
source_filename = "every_opcode.ll"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pair = type { i32, ptr }
%opaque = type opaque

@counter = global i32 0, align 4
@"quoted name" = internal constant [6 x i8] c"a\09b\0Ac\00", align 1
@table = private unnamed_addr constant [2 x ptr] [ptr blockaddress(@indirect, %one), ptr blockaddress(@indirect, %two)]
@tls = thread_local global i64 7
@ext = external global %struct.pair
@alias = alias i32, ptr @counter
@_ZTIi = external constant ptr

declare i32 @printf(ptr, ...)
declare void @may_throw(i32)
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @arith(i32 %a, i32 %b, float %x, double %y) {
  %1 = add nsw i32 %a, %b
  %2 = sub nuw i32 %1, 1
  %3 = mul i32 %2, %b
  %4 = udiv exact i32 %3, 3
  %5 = sdiv i32 %4, %a
  %6 = urem i32 %5, 7
  %7 = srem i32 %6, 5
  %8 = shl i32 %7, 2
  %9 = lshr i32 %8, 1
  %10 = ashr i32 %9, 1
  %11 = and i32 %10, 255
  %12 = or disjoint i32 %11, 256
  %13 = xor i32 %12, -1
  %f1 = fneg float %x
  %f2 = fadd fast float %f1, 1.0
  %f3 = fsub float %f2, %x
  %f4 = fmul nnan float %f3, %f3
  %f5 = fdiv float %f4, 2.0
  %f6 = frem float %f5, 3.0
  %d = fpext float %f6 to double
  %d2 = fadd double %d, %y
  %t = fptrunc double %d2 to float
  %u = fptoui float %t to i32
  %s = fptosi float %t to i32
  %uf = uitofp i32 %u to double
  %sf = sitofp i32 %s to double
  %c = fcmp olt double %uf, %sf
  %i = icmp sgt i32 %13, %u
  %both = and i1 %c, %i
  %sel = select i1 %both, i32 %13, i32 %s
  %fr = freeze i32 %sel
  %tr = trunc i32 %fr to i8
  %z = zext i8 %tr to i64
  %sx = sext i8 %tr to i32
  %r = tail call i32 @helper(i32 %sx)
  ret i32 %r
}

define internal i32 @helper(i32 %x) {
entry:
  %r = add i32 %x, 1
  ret i32 %r
}

define i32 @musttail_caller(i32 %x) {
  %r = musttail call i32 @helper(i32 %x)
  ret i32 %r
}

define i64 @memory(ptr %p, i64 %n) {
entry:
  %a = alloca %struct.pair, align 8
  %arr = alloca i32, i64 %n, align 4
  %g = getelementptr inbounds %struct.pair, ptr %a, i32 0, i32 1
  store ptr %p, ptr %g, align 8
  %l = load ptr, ptr %g, align 8
  %v = load atomic i32, ptr %l seq_cst, align 4
  store atomic i32 %v, ptr @counter release, align 4
  fence acquire
  %cx = cmpxchg ptr @counter, i32 0, i32 1 acq_rel monotonic
  %ok = extractvalue { i32, i1 } %cx, 1
  %old = atomicrmw add ptr @counter, i32 1 seq_cst
  %ins = insertvalue { i32, i1 } %cx, i1 false, 1
  %pi = ptrtoint ptr %l to i64
  %ip = inttoptr i64 %pi to ptr
  %bc = bitcast ptr %ip to ptr
  %as = addrspacecast ptr %bc to ptr addrspace(1)
  %x = notail call i32 @helper(i32 %old)
  %vec = insertelement <4 x i32> undef, i32 %x, i32 0
  %ee = extractelement <4 x i32> %vec, i32 0
  %sh = shufflevector <4 x i32> %vec, <4 x i32> poison, <4 x i32> zeroinitializer
  %r = sext i32 %ee to i64
  ret i64 %r
}

define i32 @control(i32 %x) {
entry:
  switch i32 %x, label %other [
    i32 0, label %zero
    i32 1, label %one
    i32 2, label %one
  ]

zero:
  br label %join

one:
  %y = add i32 %x, 1
  br i1 true, label %join, label %other

other:
  unreachable

join:
  %p = phi i32 [ 0, %zero ], [ %y, %one ]
  ret i32 %p
}

define i32 @indirect(i32 %i) {
entry:
  %slot = getelementptr [2 x ptr], ptr @table, i32 0, i32 %i
  %dest = load ptr, ptr %slot
  indirectbr ptr %dest, [label %one, label %two]

one:
  ret i32 1

two:
  ret i32 2
}

define i32 @asmgoto(i32 %x) {
entry:
  callbr void asm "", "r,!i"(i32 %x) to label %fallthrough [label %indirect]

fallthrough:
  ret i32 0

indirect:
  ret i32 1
}

define i32 @vsum(i32 %n, ...) {
entry:
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %v
}

define i32 @itanium_eh(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad

cont:
  ret i32 0

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @_ZTIi
          filter [1 x ptr] [ptr @_ZTIi]
  %sel = extractvalue { ptr, i32 } %lp, 1
  %is = icmp eq i32 %sel, 1
  br i1 %is, label %caught, label %rethrow

caught:
  ret i32 1

rethrow:
  resume { ptr, i32 } %lp
}

define void @windows_eh(i32 %x) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 %x)
          to label %done unwind label %dispatch

dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup

handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %done

cleanup:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller

done:
  ret void
}

define void @"with\09tab"(ptr %"arg\0Anewline") {
"block\\backslash":
  %"x y" = load i32, ptr %"arg\0Anewline"
  %call = call i32 (ptr, ...) @printf(ptr @"quoted name", i32 %"x y")
  ret void
}
