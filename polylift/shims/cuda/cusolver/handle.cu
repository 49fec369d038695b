// The process-wide handles of the cusolver shims, and cuSOLVER's status names.

#include "polylift_cusolver.h"

namespace polylift_cuda {

namespace {

const char *status_name(cusolverStatus_t status) {
  switch (status) {
    case CUSOLVER_STATUS_NOT_INITIALIZED: return "CUSOLVER_STATUS_NOT_INITIALIZED";
    case CUSOLVER_STATUS_ALLOC_FAILED: return "CUSOLVER_STATUS_ALLOC_FAILED";
    case CUSOLVER_STATUS_INVALID_VALUE: return "CUSOLVER_STATUS_INVALID_VALUE";
    case CUSOLVER_STATUS_ARCH_MISMATCH: return "CUSOLVER_STATUS_ARCH_MISMATCH";
    case CUSOLVER_STATUS_EXECUTION_FAILED: return "CUSOLVER_STATUS_EXECUTION_FAILED";
    case CUSOLVER_STATUS_INTERNAL_ERROR: return "CUSOLVER_STATUS_INTERNAL_ERROR";
    case CUSOLVER_STATUS_NOT_SUPPORTED: return "CUSOLVER_STATUS_NOT_SUPPORTED";
    default: return "a cuSOLVER error";
  }
}

}  // namespace

void check(cusolverStatus_t status, const char *what) {
  if (status == CUSOLVER_STATUS_SUCCESS) return;
  fail(what, status_name(status));
}

cusolverDnHandle_t cusolver_handle(Call &call) {
  // Created under the runtime lock (every Call holds it), so once per process.
  static cusolverDnHandle_t handle = nullptr;
  if (handle == nullptr) {
    check(cusolverDnCreate(&handle), "cusolverDnCreate");
    // The same bits on every run (some routines may otherwise use atomics).
    check(cusolverDnSetDeterministicMode(handle, CUSOLVER_DETERMINISTIC_RESULTS),
          "cusolverDnSetDeterministicMode");
  }
  check(cusolverDnSetStream(handle, call.stream()), "cusolverDnSetStream");
  return handle;
}

cusolverDnParams_t cusolver_params() {
  static cusolverDnParams_t params = nullptr;
  if (params == nullptr) check(cusolverDnCreateParams(&params), "cusolverDnCreateParams");
  return params;
}

// The cuBLAS handle of the cusolver shims (the ?geam transposes around LU):
// a library carries only common/ and its own backend's sources, so it cannot call the
// cublas backend's cublas_handle. Configured the same way: default math, no atomics.
cublasHandle_t solver_blas_handle(Call &call) {
  static cublasHandle_t handle = nullptr;
  if (handle == nullptr) {
    check(cublasCreate(&handle), "cublasCreate");
    check(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
    check(cublasSetAtomicsMode(handle, CUBLAS_ATOMICS_NOT_ALLOWED), "cublasSetAtomicsMode");
  }
  check(cublasSetStream(handle, call.stream()), "cublasSetStream");
  check(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST), "cublasSetPointerMode");
  return handle;
}

int device_info(Call &call, const int *info) {
  int host = 0;
  check(cudaMemcpyAsync(&host, info, sizeof host, cudaMemcpyDeviceToHost, call.stream()),
        "cudaMemcpyAsync (info)");
  check(cudaStreamSynchronize(call.stream()), "cudaStreamSynchronize");
  return host;
}

}  // namespace polylift_cuda
