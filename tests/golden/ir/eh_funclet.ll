; Funclet-style (Windows) exception handling: catchswitch (top level and nested,
; unwinding to a block and to the caller), catchpad, catchret, cleanuppad,
; cleanupret (to a block and to the caller), funclet operand bundles.
target triple = "x86_64-pc-windows-msvc"

%rtti.TypeDescriptor2 = type { ptr, ptr, [3 x i8] }
@"??_R0H@8" = global %rtti.TypeDescriptor2 { ptr null, ptr null, [3 x i8] c".H\00" }

declare void @may_throw()
declare void @cleanup_work()
declare i32 @__CxxFrameHandler3(...)

define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw()
          to label %done unwind label %cs
cs:
  %sw = catchswitch within none [label %h1, label %h2] unwind label %cleanup
h1:
  %cp1 = catchpad within %sw [ptr @"??_R0H@8", i32 0, ptr null]
  call void @may_throw() [ "funclet"(token %cp1) ]
  catchret from %cp1 to label %done
h2:
  %cp2 = catchpad within %sw [ptr null, i32 64, ptr null]
  invoke void @may_throw() [ "funclet"(token %cp2) ]
          to label %h2.ok unwind label %inner
h2.ok:
  catchret from %cp2 to label %done
inner:
  %sw2 = catchswitch within %cp2 [label %h3] unwind to caller
h3:
  %cp3 = catchpad within %sw2 []
  catchret from %cp3 to label %done
cleanup:
  %cl = cleanuppad within none []
  call void @cleanup_work() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
done:
  ret void
}

define void @g() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw()
          to label %done unwind label %outer
outer:
  %o = cleanuppad within none [i32 1, ptr null]
  call void @cleanup_work() [ "funclet"(token %o) ]
  cleanupret from %o unwind label %last
last:
  %l = cleanuppad within none []
  cleanupret from %l unwind to caller
done:
  ret void
}
