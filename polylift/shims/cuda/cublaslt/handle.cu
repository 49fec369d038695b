// The process-wide cuBLASLt handle and workspace of the cublaslt shims.

#include "polylift_cublaslt_gemm.h"

namespace polylift_cuda {

namespace {
constexpr size_t kWorkspaceBytes = size_t(32) << 20;
}

cublasLtHandle_t cublaslt_handle(Call &) {
  // Created under the runtime lock (every Call holds it), so once per process.
  static cublasLtHandle_t handle = nullptr;
  if (handle == nullptr) check(cublasLtCreate(&handle), "cublasLtCreate");
  return handle;
}

void *cublaslt_workspace(Call &, size_t *bytes) {
  static void *workspace = nullptr;
  if (workspace == nullptr) check(cudaMalloc(&workspace, kWorkspaceBytes), "cudaMalloc (workspace)");
  *bytes = kWorkspaceBytes;
  return workspace;
}

}  // namespace polylift_cuda
