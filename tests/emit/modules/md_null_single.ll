; Nodes whose only operand is null: a GenericDINode with a tag alone (its header is that
; operand) and a DIEnumerator with an empty name. The C API reaches nodes in named
; metadata and in tuples through MetadataAsValue, which canonicalises such a node to `!{}`
; (like `!{null}`), so the walker's numbering of the nodes lost them and no longer matched
; the printed module's: it warned and left out the values in nodes, and emit stopped
; ("relation metadata_value has no row for i32 2"), the symptom of issue 27's case 7.
; Reached here through named metadata, through tuples (an enum's elements), next to `!{}`
; and `!{null}`, twice, and through an attachment.
@g = global i32 0, !custom !7
!named = !{!0, !1, !2, !0, !3, !4}
!0 = !GenericDINode(tag: DW_TAG_variable)
!1 = !{}
!2 = !{null}
!3 = !{!5, !6, !0, !1, !2, !8}
!4 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", size: 32, elements: !9)
!5 = !DIEnumerator(name: "", value: 1)
!6 = !GenericDINode(tag: DW_TAG_APPLE_property)
!7 = !GenericDINode(tag: DW_TAG_member)
!8 = !{i32 42, !"values need the link"}
!9 = !{!5, !10}
!10 = !DIEnumerator(name: "", value: 2, isUnsigned: true)
!llvm.module.flags = !{!11}
!11 = !{i32 1, !"flag", i32 7}
