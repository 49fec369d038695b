/*
 * polylift_cusolver.h: cuSOLVER helpers of the cusolver shims: status checks that name the
 * shim, the handles (created once per process: cuSOLVER's, with deterministic results,
 * and a cuBLAS one of this backend's own for the transposes), and the factorizations of a
 * row-major matrix already on the device.
 */
#ifndef POLYLIFT_CUSOLVER_H
#define POLYLIFT_CUSOLVER_H

#include <cusolverDn.h>

#include <vector>

#include "polylift_cublas.h"

namespace polylift_cuda {

void check(cusolverStatus_t status, const char *what);

/* The cuSOLVER handle: deterministic results, the runtime's stream. */
cusolverDnHandle_t cusolver_handle(Call &call);
/* The parameters of the 64-bit API (default algorithms), created once. */
cusolverDnParams_t cusolver_params();
/* A cuBLAS handle of the cusolver backend (the cublas backend keeps its own). */
cublasHandle_t solver_blas_handle(Call &call);
/* The `info` a factorization left on the device, once the stream has run. */
int device_info(Call &call, const int *info);

/* Cholesky in place of a row-major n x n matrix at `a` (row stride ld), lower: row-major
 * lower is column-major upper, so cuSOLVER's upper factorization of the same memory.
 * Returns cuSOLVER's info (0: factored). */
template <class T> int rowmajor_potrf_lower(Call &call, int64_t n, T *a, int64_t ld) {
  cusolverDnHandle_t h = cusolver_handle(call);
  const cudaDataType_t type = Blas<T>::data;
  size_t device_bytes = 0, host_bytes = 0;
  check(cusolverDnXpotrf_bufferSize(h, cusolver_params(), CUBLAS_FILL_MODE_UPPER, n, type, a,
                                    ld, type, &device_bytes, &host_bytes),
        "cusolverDnXpotrf_bufferSize");
  void *work = call.scratch(device_bytes ? device_bytes : 1);
  std::vector<char> host_work(host_bytes ? host_bytes : 1);
  int *info = static_cast<int *>(call.scratch(sizeof(int)));
  check(cusolverDnXpotrf(h, cusolver_params(), CUBLAS_FILL_MODE_UPPER, n, type, a, ld, type,
                         work, device_bytes, host_work.data(), host_bytes, info),
        "cusolverDnXpotrf");
  return device_info(call, info);
}

/* LU without pivoting in place of a row-major n x n matrix: column-major LU of the same
 * memory would factor the transpose, so the matrix is transposed into scratch memory
 * (cuBLAS ?geam), factored by cusolverDnXgetrf with no pivot array, and transposed
 * back. Returns cuSOLVER's info (0: factored; > 0: a zero pivot). */
template <class T> int rowmajor_getrf_nopivot(Call &call, int64_t n, T *a, int64_t ld) {
  cublasHandle_t blas = solver_blas_handle(call);
  T *t = static_cast<T *>(call.scratch(static_cast<size_t>(n * n) * sizeof(T)));
  const T one = 1, zero = 0;
  check(Blas<T>::geam(blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, a, ld, &zero, t, n, t, n),
        Blas<T>::geam_name);
  cusolverDnHandle_t h = cusolver_handle(call);
  const cudaDataType_t type = Blas<T>::data;
  size_t device_bytes = 0, host_bytes = 0;
  check(cusolverDnXgetrf_bufferSize(h, cusolver_params(), n, n, type, t, n, type, &device_bytes,
                                    &host_bytes),
        "cusolverDnXgetrf_bufferSize");
  void *work = call.scratch(device_bytes ? device_bytes : 1);
  std::vector<char> host_work(host_bytes ? host_bytes : 1);
  int *info = static_cast<int *>(call.scratch(sizeof(int)));
  check(cusolverDnXgetrf(h, cusolver_params(), n, n, type, t, n, nullptr, type, work,
                         device_bytes, host_work.data(), host_bytes, info),
        "cusolverDnXgetrf");
  check(Blas<T>::geam(blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, t, n, &zero, a, ld, a, ld),
        Blas<T>::geam_name);
  return device_info(call, info);
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUSOLVER_H */
