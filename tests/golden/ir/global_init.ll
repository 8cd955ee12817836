; Initializers, aliasees and ifunc resolvers whose constant ids are plain (integers,
; null, global values), plus the global-value constants themselves.
@i = global i32 42
@neg = internal constant i64 -7
@p = global ptr @i
@q = global ptr null
@fp = global ptr @f
@ext = external global i8
@ap = global ptr @a
@tl = thread_local global ptr @ext, align 8

@a = alias i32, ptr @i
@a2 = alias i32, ptr @a
@r = ifunc void (), ptr @res

define void @f() {
  ret void
}

define ptr @res() {
  ret ptr @f
}
