; LangRef sweep (issue 27): instructions: va_arg, alloca forms (count, addrspace,
; inalloca, swifterror), volatile memory access, vector GEPs, freeze, nested
; extractvalue/insertvalue, scalable shufflevector, tail/notail calls, landingpad
; clauses, every funclet pad and terminator, switch, indirectbr; names that need quoting.
%S = type { i32, { i8, [2 x i16] } }
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @g()
declare void @llvm.va_start.p0(ptr)
@ti = external constant ptr
define i32 @va(i32 %n, ...) {
  %ap = alloca ptr, align 8
  call void @llvm.va_start.p0(ptr %ap)
  %x = va_arg ptr %ap, i32
  %y = va_arg ptr %ap, { i32, double }
  ret i32 %x
}
define void @mem(ptr %p, <2 x ptr> %vp, i64 %n) {
  %a1 = alloca i32, i64 %n, align 16
  %a2 = alloca i32, addrspace(5)
  %a3 = alloca inalloca i32
  %a4 = alloca swifterror ptr
  %a5 = alloca [4 x i8], i32 3, align 1, addrspace(2)
  %l1 = load volatile i32, ptr %p, align 1
  store volatile i32 1, ptr %p, align 2
  %g1 = getelementptr %S, ptr %p, i64 1, i32 1, i32 1, i64 0
  %g2 = getelementptr i32, <2 x ptr> %vp, <2 x i64> <i64 0, i64 1>
  %g3 = getelementptr i32, ptr %p, <2 x i64> <i64 0, i64 1>
  %pi = ptrtoint <2 x ptr> %vp to <2 x i64>
  %ac = addrspacecast ptr %p to ptr addrspace(1)
  %fz = freeze i32 %l1
  %fzp = freeze ptr poison
  %ev = extractvalue %S { i32 1, { i8, [2 x i16] } { i8 2, [2 x i16] [i16 3, i16 4] } }, 1, 1, 0
  %iv = insertvalue %S undef, i16 7, 1, 1, 1
  %sv = shufflevector <vscale x 4 x i32> poison, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %sv2 = shufflevector <2 x i32> <i32 1, i32 2>, <2 x i32> poison, <3 x i32> <i32 1, i32 poison, i32 0>
  %sel = select <2 x i1> <i1 true, i1 false>, <2 x i32> <i32 1, i32 2>, <2 x i32> zeroinitializer
  %ee = extractelement <vscale x 4 x i32> %sv, i64 3
  %ie = insertelement <2 x i32> poison, i32 %ee, i32 1
  tail call void @g()
  notail call void @g()
  call void @g() #0
  ret void
}
define void @eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } catch ptr @ti catch ptr null filter [1 x ptr] [ptr @ti] filter [0 x ptr] zeroinitializer
  %l2 = extractvalue { ptr, i32 } %l, 0
  resume { ptr, i32 } %l
}
define void @win() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @g() to label %ok unwind label %cs
ok:
  invoke void @g() to label %done unwind label %cl
cs:
  %s = catchswitch within none [label %h1, label %h2] unwind to caller
h1:
  %c1 = catchpad within %s [ptr null, i32 64, ptr null]
  catchret from %c1 to label %ok
h2:
  %c2 = catchpad within %s []
  call void @g() [ "funclet"(token %c2) ]
  catchret from %c2 to label %ok
cl:
  %cp = cleanuppad within none [i32 1]
  invoke void @g() [ "funclet"(token %cp) ] to label %cr unwind label %cs2
cr:
  cleanupret from %cp unwind to caller
cs2:
  %s2 = catchswitch within %cp [label %h3] unwind to caller
h3:
  %c3 = catchpad within %s2 [ptr null]
  catchret from %c3 to label %cr
done:
  ret void
}
define i32 @term(i32 %x, ptr %t) {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 -1, label %b
                            i32 2147483647, label %a ]
a:
  indirectbr ptr %t, [label %b, label %d, label %b]
b:
  unreachable
d:
  ret i32 poison
}
define void @"\01weird name"(i32 %"arg with space", i32 %0, i32) {
"block \22q\22":
  %"1x" = add i32 %"arg with space", %0
  %"2" = add i32 %1, 1
  %3 = add i32 %"2", 1
  br label %"42"
"42":
  %4 = add i32 %3, 1
  br label %5
5:
  ret void
}
attributes #0 = { nounwind }
