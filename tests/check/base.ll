; base.ll — one valid module with (nearly) every kind of instruction, named so that
; the ids are predictable. The mutation tests break one rule at a time in its facts.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, [4 x i8], ptr }

@g = global i32 7
@arr = global [4 x i32] zeroinitializer
@s = global %struct.S zeroinitializer

declare i32 @ext(i32, ptr)
declare i32 @vext(i32, ...)
declare i32 @__gxx_personality_v0(...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @arith(i32 %a, i32 %b, float %x, double %y) {
entry:
  %add = add nsw i32 %a, %b
  %sub = sub i32 %add, 1
  %mul = mul nuw i32 %sub, %b
  %udiv = udiv exact i32 %mul, 3
  %sdiv = sdiv i32 %udiv, 2
  %urem = urem i32 %sdiv, 5
  %srem = srem i32 %urem, 5
  %shl = shl i32 %srem, 1
  %lshr = lshr i32 %shl, 1
  %ashr = ashr i32 %lshr, 1
  %and = and i32 %ashr, 255
  %or = or disjoint i32 %and, 256
  %xor = xor i32 %or, -1
  %fadd = fadd fast float %x, 1.0
  %fsub = fsub float %fadd, %x
  %fmul = fmul float %fsub, 2.0
  %fdiv = fdiv float %fmul, 3.0
  %frem = frem float %fdiv, 5.0
  %fneg = fneg float %frem
  %tr = trunc i32 %xor to i8
  %ze = zext i8 %tr to i32
  %se = sext i8 %tr to i64
  %fpt = fptrunc double %y to float
  %fpe = fpext float %fneg to double
  %fpu = fptoui float %fpt to i32
  %fps = fptosi double %fpe to i32
  %uif = uitofp i32 %fpu to float
  %sif = sitofp i32 %fps to double
  %p = inttoptr i64 %se to ptr
  %pi = ptrtoint ptr %p to i64
  %bc = bitcast i64 %pi to double
  %asc = addrspacecast ptr %p to ptr addrspace(1)
  %c1 = icmp slt i32 %ze, %a
  %c2 = fcmp olt double %sif, %bc
  %c = and i1 %c1, %c2
  %sel = select i1 %c, i32 %ze, i32 %a
  %fr = freeze i32 %sel
  %unused = icmp ne i32 %a, %b
  %pb = bitcast ptr %p to ptr
  ret i32 %fr
}

define i32 @memory(ptr %p, i64 %i) {
entry:
  %slot = alloca i32, align 4
  %n = alloca i32, i32 4, align 4
  store i32 1, ptr %slot, align 4
  %v = load i32, ptr %slot, align 4
  %q = getelementptr inbounds [4 x i32], ptr @arr, i64 0, i64 %i
  %w = load volatile i32, ptr %q, align 4
  %f = getelementptr %struct.S, ptr @s, i64 0, i32 2
  %old = cmpxchg ptr %p, i32 %v, i32 %w seq_cst seq_cst
  %ov = extractvalue { i32, i1 } %old, 0
  %rmw = atomicrmw add ptr %p, i32 1 monotonic
  fence acquire
  %agg = insertvalue { i32, i1 } %old, i32 %rmw, 0
  %e = extractvalue { i32, i1 } %agg, 0
  %vec = insertelement <2 x i32> zeroinitializer, i32 %e, i32 0
  %el = extractelement <2 x i32> %vec, i32 1
  %sh = shufflevector <2 x i32> %vec, <2 x i32> poison, <2 x i32> <i32 1, i32 0>
  %sum = add i32 %ov, %el
  %u = load i32, ptr %slot
  %agg2 = insertvalue { i32, i1 } %old, i32 %rmw, 0
  %vec2 = insertelement <2 x i32> %vec, i32 1, i32 1
  ret i32 %sum
}

define i32 @control(i32 %x, ptr %addr) personality ptr @__gxx_personality_v0 {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %then, label %else
then:
  %r1 = call i32 @ext(i32 1, ptr null)
  br label %join
else:
  %r2 = invoke i32 @ext(i32 2, ptr null) to label %join unwind label %lpad
join:
  %r = phi i32 [ %r1, %then ], [ %r2, %else ]
  switch i32 %r, label %def [ i32 1, label %one
                              i32 2, label %two ]
one:
  %va = call i32 (i32, ...) @vext(i32 1, i32 2)
  br label %def
two:
  indirectbr ptr %addr, [label %def, label %one]
def:
  %m = phi i32 [ %r, %join ], [ %va, %one ], [ 0, %two ]
  ret i32 %m
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

define i32 @varargs(i32 %n, ...) {
entry:
  %ap = alloca ptr
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %v
}

declare void @thrower()
declare i32 @__CxxFrameHandler3(...)

define void @funclets() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @thrower() to label %exit unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %exit
exit:
  ret void
}

define void @nothing() {
entry:
  ret void
}
