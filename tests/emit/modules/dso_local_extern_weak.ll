; dso_local on extern_weak globals with hidden or protected visibility: there it is not
; implied (GlobalValue::isImplicitDSOLocal), so llvm-dis prints it, and emit must write it
; (it wrote dso_local only with default visibility, and the parser then left it off).
@v_hidden = extern_weak dso_local hidden global i32
@v_protected = extern_weak dso_local protected global i32
@v_tls = extern_weak dso_local hidden thread_local(initialexec) unnamed_addr global i32
@v_plain = extern_weak hidden global i32
declare extern_weak dso_local hidden void @f_hidden()
declare extern_weak dso_local protected void @f_protected()
declare extern_weak hidden void @f_plain()
; implied: no dso_local printed
@w_hidden = weak hidden global i32 0
@l_internal = internal global i32 0
