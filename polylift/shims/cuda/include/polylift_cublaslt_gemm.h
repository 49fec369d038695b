/*
 * polylift_cublaslt_gemm.h: row-major gemm through cublasLtMatmul, with optional bias and
 * ReLU epilogues (the cublaslt shims).
 *
 * Row-major matrices are their transposes in column-major order, so the matmul computes
 * C^T = alpha op(B)^T op(A)^T + beta C^T (operands swapped, nothing copied). A bias
 * indexed by the row-major column j is then indexed by the column-major row, which is
 * what cuBLASLt's BIAS epilogues add. Compute type: IEEE fp32 / fp64 (never TF32); the
 * algorithm comes from the heuristic restricted to no split-K reduction, so the same
 * call gives the same bits every run.
 */
#ifndef POLYLIFT_CUBLASLT_GEMM_H
#define POLYLIFT_CUBLASLT_GEMM_H

#include "polylift_cublas.h"

namespace polylift_cuda {

/* The cuBLASLt workspace (allocated once) and its size. */
void *cublaslt_workspace(Call &call, size_t *bytes);

struct LtGemm {
  bool trans_a = false, trans_b = false;  // A stored k x m; B stored n x k
  int64_t m = 0, n = 0, k = 0;
  const void *bias = nullptr;  // device, n elements, or null
  bool relu = false;
};

/* Descriptors that free themselves (a failure aborts, so no leak matters there). */
struct LtDescs {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  ~LtDescs() {
    if (pref) cublasLtMatmulPreferenceDestroy(pref);
    if (c) cublasLtMatrixLayoutDestroy(c);
    if (b) cublasLtMatrixLayoutDestroy(b);
    if (a) cublasLtMatrixLayoutDestroy(a);
    if (op) cublasLtMatmulDescDestroy(op);
  }
};

template <class T>
void lt_set(cublasLtMatmulDesc_t op, cublasLtMatmulDescAttributes_t attr, const T &value) {
  check(cublasLtMatmulDescSetAttribute(op, attr, &value, sizeof value),
        "cublasLtMatmulDescSetAttribute");
}

/* D = epilogue(alpha op(A) op(B) + beta C) on mapped device operands (row-major). */
template <class T>
void lt_matmul(Call &call, const LtGemm &g, T alpha, const Device &A, const Device &B, T beta,
               const Device &C) {
  const cudaDataType_t type = Blas<T>::data;
  LtDescs d;
  check(cublasLtMatmulDescCreate(&d.op, Blas<T>::compute, type), "cublasLtMatmulDescCreate");
  // The first Lt operand is B (n x k after op), the second A (k x m after op).
  lt_set(d.op, CUBLASLT_MATMUL_DESC_TRANSA, g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N);
  lt_set(d.op, CUBLASLT_MATMUL_DESC_TRANSB, g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N);
  if (g.bias) {
    lt_set(d.op, CUBLASLT_MATMUL_DESC_EPILOGUE,
           g.relu ? CUBLASLT_EPILOGUE_RELU_BIAS : CUBLASLT_EPILOGUE_BIAS);
    lt_set(d.op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, g.bias);
    lt_set(d.op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, type);
  } else if (g.relu) {
    lt_set(d.op, CUBLASLT_MATMUL_DESC_EPILOGUE, CUBLASLT_EPILOGUE_RELU);
  }
  const char *layout = "cublasLtMatrixLayoutCreate";
  check(cublasLtMatrixLayoutCreate(&d.a, type, g.trans_b ? g.k : g.n, g.trans_b ? g.n : g.k,
                                   B.ld()), layout);
  check(cublasLtMatrixLayoutCreate(&d.b, type, g.trans_a ? g.m : g.k, g.trans_a ? g.k : g.m,
                                   A.ld()), layout);
  check(cublasLtMatrixLayoutCreate(&d.c, type, g.n, g.m, C.ld()), layout);
  size_t ws_bytes = 0;
  void *ws = cublaslt_workspace(call, &ws_bytes);
  check(cublasLtMatmulPreferenceCreate(&d.pref), "cublasLtMatmulPreferenceCreate");
  check(cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                             &ws_bytes, sizeof ws_bytes),
        "cublasLtMatmulPreferenceSetAttribute");
  const uint32_t no_split_k = CUBLASLT_REDUCTION_SCHEME_NONE;
  check(cublasLtMatmulPreferenceSetAttribute(d.pref, CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK,
                                             &no_split_k, sizeof no_split_k),
        "cublasLtMatmulPreferenceSetAttribute");
  cublasLtHandle_t h = cublaslt_handle(call);
  cublasLtMatmulHeuristicResult_t found{};
  int count = 0;
  check(cublasLtMatmulAlgoGetHeuristic(h, d.op, d.a, d.b, d.c, d.c, d.pref, 1, &found, &count),
        "cublasLtMatmulAlgoGetHeuristic");
  if (count == 0) fail("cublasLtMatmulAlgoGetHeuristic", "no algorithm for this matmul");
  check(cublasLtMatmul(h, d.op, &alpha, B.ptr, d.a, A.ptr, d.b, &beta, C.ptr, d.c, C.ptr, d.c,
                       &found.algo, ws, ws_bytes, call.stream()),
        "cublasLtMatmul");
}

/* Map the operands of a row-major gemm and run it (beta == 0: C is not read). */
template <class T>
void lt_gemm(Call &call, LtGemm g, T alpha, const T *A, int64_t ldA, const T *B, int64_t ldB,
             T beta, T *C, int64_t ldC) {
  Device dA = call.in(A, g.trans_a ? mat<T>(g.k, g.m, ldA) : mat<T>(g.m, g.k, ldA), Layout::Blas);
  Device dB = call.in(B, g.trans_b ? mat<T>(g.n, g.k, ldB) : mat<T>(g.k, g.n, ldB), Layout::Blas);
  Device dC = beta == T(0) ? call.out(C, mat<T>(g.m, g.n, ldC), Layout::Blas)
                           : call.inout(C, mat<T>(g.m, g.n, ldC), Layout::Blas);
  lt_matmul<T>(call, g, alpha, dA, dB, beta, dC);
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUBLASLT_GEMM_H */
