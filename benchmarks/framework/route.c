/*
 * route: concatenate two earlier layers' outputs along the channels, per image: the
 * first (net.input, l.inputs values per image) then the second (net.workspace,
 * l.outputs - l.inputs per image), each copied with the framework's copy_cpu.
 */
#include "polylift_bench.h"
#include "framework.h"
#include "helpers.h"

#if defined(MINI_DATASET)
#define BATCH 2
#define FIRST 12
#define SECOND 8
#elif defined(SMALL_DATASET)
#define BATCH 2
#define FIRST 4096
#define SECOND 2048
#elif defined(LARGE_DATASET)
#define BATCH 8
#define FIRST 262144
#define SECOND 131072
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define FIRST 524288
#define SECOND 262144
#else
#define BATCH 4
#define FIRST 65536
#define SECOND 32768
#endif

static void forward_route_layer(const layer l, network net)
{
  int j;
  int first = l.inputs;
  int second = l.outputs - l.inputs;
  for (j = 0; j < l.batch; ++j) {
    copy_cpu(first, net.input + j * first, 1, l.output + j * l.outputs, 1);
    copy_cpu(second, net.workspace + j * second, 1, l.output + j * l.outputs + first, 1);
  }
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs)
 * POLYLIFT_EXTENT(net.workspace, l.batch * (l.outputs - l.inputs)) */
static void kernel_route(layer l, network net)
{
  forward_route_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, FIRST, 1, 1, FIRST + SECOND, 1, 1, 0);
  network net;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  net.input = make_floats((size_t)l.batch * FIRST, 15, 1.0f);
  net.workspace = make_floats((size_t)l.batch * SECOND, 16, 1.0f);
  kernel_route(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  free(l.output);
  free(net.input);
  free(net.workspace);
  return 0;
}
