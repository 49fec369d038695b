/*
 * main.c - run a network description on a deterministic input with deterministic
 * parameters, print a summary line per layer and the classes found, and optionally dump
 * every layer's output.
 *
 *   cnn [-s SIDE] [-b BATCH] [-r REPEAT] [-seed N] [-o FILE] [-t] CFG
 *
 *   -s SIDE    input width and height (overrides [net] width, height)
 *   -b BATCH   images per forward pass (overrides [net] batch)
 *   -r REPEAT  run the forward pass REPEAT times (for timing; the result is the same)
 *   -seed N    seed of the parameters and the input (default 1)
 *   -o FILE    write each layer's output, in layer order, as raw native float32
 *              (batch x outputs floats per layer; the last one is the network's output)
 *   -t         print the time of the forward passes on stderr
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cnn.h"

static void usage(void)
{
  fprintf(stderr, "usage: cnn [-s SIDE] [-b BATCH] [-r REPEAT] [-seed N] [-o FILE] [-t] CFG\n");
  exit(2);
}

static int int_arg(int argc, char **argv, int *i, int min)
{
  if (*i + 1 >= argc)
    usage();
  char *end;
  long v = strtol(argv[++*i], &end, 10);
  if (*end != '\0' || v < min || v > 1000000)
    usage();
  return (int)v;
}

static void print_layer(int i, layer l)
{
  size_t n = (size_t)l.batch * l.outputs;
  double sum = 0, sumsq = 0;
  for (size_t k = 0; k < n; k++) {
    sum += l.output[k];
    sumsq += (double)l.output[k] * l.output[k];
  }
  char shape[48];
  snprintf(shape, sizeof shape, "%dx%dx%d", l.out_w, l.out_h, l.out_c);
  printf("layer %2d %-9s %-12s mean=%.4f rms=%.4f\n", i, layer_type_name(l.type), shape,
         sum / n, sqrt(sumsq / n));
}

/* The three most likely classes of each image. */
static void print_classes(layer l)
{
  for (int b = 0; b < l.batch; b++) {
    float *p = l.output + (size_t)b * l.outputs;
    int best[3] = {-1, -1, -1};
    for (int k = 0; k < 3 && k < l.outputs; k++)
      for (int j = 0; j < l.outputs; j++) {
        int taken = 0;
        for (int q = 0; q < k; q++)
          taken |= best[q] == j;
        if (!taken && (best[k] < 0 || p[j] > p[best[k]]))
          best[k] = j;
      }
    printf("image %d:", b);
    for (int k = 0; k < 3 && best[k] >= 0; k++)
      printf(" class %d p=%.4f", best[k], p[best[k]]);
    printf("\n");
  }
}

int main(int argc, char **argv)
{
  int side = 0, batch = 0, repeat = 1, timing = 0;
  unsigned seed = 1;
  const char *cfg = NULL, *dump = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-s") == 0)
      side = int_arg(argc, argv, &i, 1);
    else if (strcmp(argv[i], "-b") == 0)
      batch = int_arg(argc, argv, &i, 1);
    else if (strcmp(argv[i], "-r") == 0)
      repeat = int_arg(argc, argv, &i, 1);
    else if (strcmp(argv[i], "-seed") == 0)
      seed = (unsigned)int_arg(argc, argv, &i, 0);
    else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
      dump = argv[++i];
    else if (strcmp(argv[i], "-t") == 0)
      timing = 1;
    else if (argv[i][0] == '-' || cfg)
      usage();
    else
      cfg = argv[i];
  }
  if (!cfg)
    usage();

  network net;
  if (!parse_network_cfg(cfg, side, batch, &net))
    return 1;
  init_network_weights(&net, seed);
  float *input = xcalloc((size_t)net.batch * net.inputs, sizeof(float));
  make_input(input, net.batch * net.inputs, seed);

  printf("network %s: input %dx%dx%d, batch %d, %d layers\n", cfg, net.w, net.h, net.c,
         net.batch, net.n);
  clock_t start = clock();
  for (int r = 0; r < repeat; r++)
    forward_network(&net, input);
  double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;

  for (int i = 0; i < net.n; i++)
    print_layer(i, net.layers[i]);
  if (net.n > 0)
    print_classes(net.layers[net.n - 1]);
  if (timing)
    fprintf(stderr, "forward: %d pass(es) in %.3f s (%.3f s each)\n", repeat, seconds,
            seconds / repeat);

  int status = 0;
  if (dump) {
    FILE *f = fopen(dump, "wb");
    if (!f) {
      fprintf(stderr, "cnn: cannot write %s\n", dump);
      status = 1;
    } else {
      for (int i = 0; i < net.n && status == 0; i++) {
        size_t n = (size_t)net.layers[i].batch * net.layers[i].outputs;
        if (fwrite(net.layers[i].output, sizeof(float), n, f) != n)
          status = 1;
      }
      if (fclose(f) != 0 || status) {
        fprintf(stderr, "cnn: error writing %s\n", dump);
        status = 1;
      }
    }
  }
  free(input);
  free_network(&net);
  return status;
}
