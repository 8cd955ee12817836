; A musttail call in a variadic function forwards the varargs: LLVM writes, and its
; parser requires, a `...` closing the argument list (issue 27).
define ptr @f(ptr %this, ...) {
  %r = musttail call ptr (ptr, ...) @f(ptr %this, ...)
  ret ptr %r
}

define void @g(...) {
  musttail call void (...) @g(...)
  ret void
}

define i32 @h(ptr %this, i32 %x, ...) {
  %r = musttail call i32 (ptr, i32, ...) @h(ptr %this, i32 %x, ...)
  ret i32 %r
}

; not musttail, or not in a variadic function: no `...`
define i32 @k(i32 %x) {
  %a = tail call i32 (ptr, i32, ...) @h(ptr null, i32 %x, i32 3)
  %b = musttail call i32 @k(i32 %a)
  ret i32 %b
}
