// The process-wide cuBLAS handle of the cublas shims.

#include "polylift_cublas.h"

namespace polylift_cuda {

cublasHandle_t cublas_handle(Call &call) {
  // Created under the runtime lock (every Call holds it), so once per process.
  static cublasHandle_t handle = nullptr;
  if (handle == nullptr) {
    check(cublasCreate(&handle), "cublasCreate");
    // Default math: IEEE arithmetic in the requested precision, never TF32 (that needs
    // CUBLAS_TF32_TENSOR_OP_MATH). No atomics: bit-for-bit the same result every run.
    check(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
    check(cublasSetAtomicsMode(handle, CUBLAS_ATOMICS_NOT_ALLOWED), "cublasSetAtomicsMode");
  }
  check(cublasSetStream(handle, call.stream()), "cublasSetStream");
  check(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST), "cublasSetPointerMode");
  return handle;
}

}  // namespace polylift_cuda
