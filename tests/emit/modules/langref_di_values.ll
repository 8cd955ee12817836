; LangRef sweep (issue 27): values in debug-info fields and tuples that name globals:
; template value parameters of globals, functions and expressions over an unnamed global,
; constants of an unnamed struct type, extraData constants.
@g = global i32 0
@0 = global i32 1
%0 = type { i8 }
@s = global %0 zeroinitializer
define void @f() {
  ret void
}
!named = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !DITemplateValueParameter(name: "p", type: null, value: ptr @g)
!1 = !DITemplateValueParameter(name: "q", type: null, value: ptr getelementptr (i8, ptr @0, i64 2))
!2 = !DITemplateValueParameter(name: "r", type: null, value: ptr @f)
!3 = !DIDerivedType(tag: DW_TAG_member, name: "m", baseType: null, flags: DIFlagStaticMember, extraData: float 1.5)
!4 = !DITemplateValueParameter(name: "s", type: null, value: ptr @s)
!5 = !{ptr @0, %0 { i8 3 }, ptr getelementptr (%0, ptr @s, i64 1)}
!6 = !DITemplateValueParameter(name: "t", type: null, value: %0 { i8 3 })
!7 = !DIDerivedType(tag: DW_TAG_member, name: "n", baseType: null, flags: DIFlagStaticMember, extraData: i128 -1)
