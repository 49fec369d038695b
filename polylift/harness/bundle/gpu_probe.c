/* Generated into a cuda bundle by polylift: says whether this machine can run CUDA work.
 *
 * It asks the driver (libcuda.so.1: cuInit, cuDeviceGetCount), then the runtime the
 * shims link (libcudart.so.13: cudaGetDeviceCount, which also fails when the driver is
 * older than the runtime). It loads both with dlopen, so it starts on any machine and
 * prints the reason instead of failing to load. Exit 0: a device is usable. */
#include <dlfcn.h>
#include <stdio.h>

typedef int (*init_fn)(unsigned);
typedef int (*count_fn)(int *);
typedef const char *(*name_fn)(int);

static int driver_devices(void) {
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver) {
    printf("no NVIDIA driver library (libcuda.so.1 cannot be loaded)\n");
    return 0;
  }
  init_fn init = (init_fn)dlsym(driver, "cuInit");
  count_fn count = (count_fn)dlsym(driver, "cuDeviceGetCount");
  if (!init || !count) {
    printf("libcuda.so.1 lacks cuInit or cuDeviceGetCount\n");
    return 0;
  }
  int status = init(0), devices = 0;
  if (status != 0) {
    printf("the NVIDIA driver failed to initialise (cuInit returned %d)\n", status);
    return 0;
  }
  status = count(&devices);
  if (status != 0) {
    printf("cuDeviceGetCount returned %d\n", status);
    return 0;
  }
  if (devices == 0) printf("no CUDA device\n");
  return devices;
}

static int runtime_usable(void) {
  void *runtime = dlopen("libcudart.so.13", RTLD_NOW | RTLD_LOCAL);
  if (!runtime) {
    printf("the CUDA runtime libcudart.so.13 cannot be loaded: %s\n", dlerror());
    return 0;
  }
  count_fn count = (count_fn)dlsym(runtime, "cudaGetDeviceCount");
  name_fn name = (name_fn)dlsym(runtime, "cudaGetErrorName");
  int devices = 0, status = count ? count(&devices) : -1;
  if (status != 0) {
    printf("cudaGetDeviceCount failed: %s\n", name ? name(status) : "not found");
    return 0;
  }
  return devices > 0;
}

int main(void) {
  if (!driver_devices() || !runtime_usable()) return 1;
  printf("ok\n");
  return 0;
}
