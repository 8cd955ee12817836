; Itanium-style exception handling: invoke, landingpad with catch, filter and
; cleanup clauses, resume.
@_ZTIi = external constant ptr
@_ZTId = external constant ptr

declare void @may_throw(i32)
declare i32 @__gxx_personality_v0(...)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()

define i32 @eh(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad
cont:
  invoke void @may_throw(i32 1)
          to label %done unwind label %lpad2
done:
  ret i32 0
lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @_ZTIi
          filter [1 x ptr] [ptr @_ZTId]
          catch ptr null
  %exn = extractvalue { ptr, i32 } %lp, 0
  %sel = extractvalue { ptr, i32 } %lp, 1
  %b = call ptr @__cxa_begin_catch(ptr %exn)
  call void @__cxa_end_catch()
  ret i32 1
lpad2:
  %lp2 = landingpad { ptr, i32 }
          cleanup
          filter [0 x ptr] zeroinitializer
  resume { ptr, i32 } %lp2
}
