// RUN: polylift-cc %s --function=by_value | FileCheck %s --check-prefix=VALUE
// RUN: polylift-cc %s --function=by_pointer | FileCheck %s --check-prefix=POINTER
// RUN: polylift-cc %s --function=copy_of | FileCheck %s --check-prefix=COPY
// RUN: not polylift-cc %s --function=assign_field 2>&1 | FileCheck %s --check-prefix=ASSIGN
// RUN: not polylift-cc %s --function=chase 2>&1 | FileCheck %s --check-prefix=CHASE
// RUN: not polylift-cc %s --function=array_member 2>&1 | FileCheck %s --check-prefix=MEMBER

// A struct parameter is no memref: each field the body uses is an argument of its own,
// named by its path, in the struct's field order (`v.stride` is never read: no
// argument). Integer fields are index symbols, pointer fields memrefs that may alias
// each other (guarded at entry) unless restrict.
typedef struct { int n, stride; float scale; float *x, *y; float *restrict z; } vec;
struct pair { int rows; vec inner; struct pair *next; float samples[4]; };

void by_value(vec v)
{
  for (int i = 0; i < v.n; i++)
    v.y[i] = v.scale * v.x[i * 2];
}
// VALUE-LABEL: func.func @by_value(
// VALUE-SAME: %[[N:[a-z0-9]+]]: index
// VALUE-SAME: %[[SCALE:[a-z0-9]+]]: f32
// VALUE-SAME: %[[X:[a-z0-9]+]]: memref<?xf32>
// VALUE-SAME: %[[Y:[a-z0-9]+]]: memref<?xf32>
// VALUE: func.call @by_value.noalias(%[[N]], %[[SCALE]], %[[X]], %[[Y]])
// VALUE-LABEL: func.func private @by_value.noalias(
// VALUE-SAME: polylift.alias_guarded = {{\[}}["v.x", "v.y"]]
// VALUE-SAME: polylift.arg_names = ["v.n", "v.scale", "v.x", "v.y"]
// VALUE: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %arg0 {
// VALUE-NEXT: %[[L:.*]] = affine.load %arg2[%[[I]] * 2] : memref<?xf32>
// VALUE-NEXT: %[[M:.*]] = arith.mulf %arg1, %[[L]] : f32
// VALUE-NEXT: affine.store %[[M]], %arg3[%[[I]]] : memref<?xf32>

// By pointer, through `->` and `(*p).`, with a nested struct: the same arguments.
void by_pointer(struct pair *p, float *out)
{
  for (int i = 0; i < p->rows; i++)
    out[i] = (*p).inner.x[i] + p->inner.z[i];
}
// POINTER-LABEL: func.func @by_pointer(
// POINTER-SAME: %{{[a-z0-9]+}}: index
// POINTER-SAME: %{{[a-z0-9]+}}: memref<?xf32>
// POINTER-SAME: %{{[a-z0-9]+}}: memref<?xf32> {llvm.noalias}
// POINTER-SAME: %{{[a-z0-9]+}}: memref<?xf32>
// POINTER-LABEL: func.func private @by_pointer.noalias(
// POINTER-SAME: polylift.alias_guarded = {{\[}}["out", "p.inner.x"]]
// POINTER-SAME: polylift.arg_names = ["p.rows", "p.inner.x", "p.inner.z", "out"]

// A local copy of a struct parameter reads as the parameter.
void copy_of(vec v)
{
  vec w = v;
  w.y[0] = w.scale;
}
// COPY-LABEL: func.func @copy_of(
// COPY-SAME: %[[S:[a-z0-9]+]]: f32
// COPY-SAME: %[[W:[a-z0-9]+]]: memref<?xf32>
// COPY-NEXT: affine.store %[[S]], %[[W]][0] : memref<?xf32>

void assign_field(vec v)
{
  v.n = 3;
  v.y[0] = v.n;
}
// ASSIGN: structs.c:[[@LINE-3]]:3: error: unsupported assignment to a struct field (fields are read-only here)

void chase(struct pair *p, float *out)
{
  out[0] = p->next->rows;
}
// CHASE: structs.c:[[@LINE-2]]:12: error: unsupported use of field 'next': pointer to a struct (pointer chasing)

void array_member(struct pair p, float *out)
{
  out[0] = p.samples[1];
}
// MEMBER: structs.c:[[@LINE-2]]:12: error: unsupported use of field 'samples': array member of a struct
