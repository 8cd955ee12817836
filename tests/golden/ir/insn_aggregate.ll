; Aggregate operations: extractvalue and insertvalue with one and several indices,
; on structs and arrays.
%pair = type { i32, [3 x { i8, i64 }] }

define %pair @agg(%pair %p, i64 %v, { i32, i1 } %r, [2 x [2 x i16]] %arr) {
  %a = extractvalue %pair %p, 0
  %b = extractvalue %pair %p, 1, 2, 1
  %c = extractvalue { i32, i1 } %r, 1
  %d = extractvalue [2 x [2 x i16]] %arr, 1, 0
  %q0 = insertvalue %pair %p, i32 %a, 0
  %q1 = insertvalue %pair %q0, i64 %v, 1, 0, 1
  %u = insertvalue { i32, i1 } undef, i1 %c, 1
  %w = insertvalue [2 x [2 x i16]] poison, i16 %d, 0, 1
  ret %pair %q1
}
