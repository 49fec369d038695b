/*
 * main.c - write a model file of deterministic pseudo-random weights, or read one and
 * generate tokens greedily from a start token.
 *
 *   tlm -w FILE [-large] [-dim D] [-hidden H] [-layers L] [-heads NH] [-vocab V]
 *               [-seq S] [-seed N]
 *       write a model (default sizes: dim 64, hidden 192, 2 layers, 4 heads, vocab 256,
 *       seq_len 64; -large: dim 288, hidden 768, 6 layers, 6 heads, vocab 512,
 *       seq_len 256; the size flags after -large override it)
 *   tlm FILE [-n STEPS] [-t TOKEN] [-o LOGITS] [-time]
 *       run STEPS positions (default 32, at most seq_len) from TOKEN (default 1): print
 *       the start token and the STEPS tokens chosen, then the statistics of the last
 *       step's logits; -o writes every step's logits (STEPS x vocab_size float32, the
 *       machine's byte order); -time prints the generation time on stderr
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tlm.h"

static void usage(void)
{
  fprintf(stderr,
          "usage: tlm -w FILE [-large] [-dim D] [-hidden H] [-layers L] [-heads NH] [-vocab V]"
          " [-seq S] [-seed N]\n"
          "       tlm FILE [-n STEPS] [-t TOKEN] [-o LOGITS] [-time]\n");
  exit(2);
}

static int int_arg(int argc, char **argv, int *i, int min)
{
  if (*i + 1 >= argc)
    usage();
  char *end;
  long v = strtol(argv[++*i], &end, 10);
  if (*end != '\0' || v < min || v > 100000000)
    usage();
  return (int)v;
}

static int generate(const char *model, int steps, int token, const char *dump, int timing)
{
  Transformer t;
  if (read_checkpoint(model, &t))
    return 1;
  const Config *c = &t.config;
  if (steps > c->seq_len || token >= c->vocab_size) {
    fprintf(stderr, "tlm: steps must be at most %d and the token below %d\n", c->seq_len,
            c->vocab_size);
    free_transformer(&t);
    return 1;
  }
  FILE *out = NULL;
  if (dump && !(out = fopen(dump, "wb"))) {
    fprintf(stderr, "tlm: cannot write %s\n", dump);
    free_transformer(&t);
    return 1;
  }

  printf("model %s: dim %d, hidden %d, layers %d, heads %d, vocab %d, seq_len %d\n", model,
         c->dim, c->hidden_dim, c->n_layers, c->n_heads, c->vocab_size, c->seq_len);
  printf("tokens: %d", token);
  int status = 0;
  float *logits = t.state.logits;
  clock_t start = clock();
  for (int pos = 0; pos < steps; pos++) {
    logits = forward(&t, token, pos);
    token = argmax(logits, c->vocab_size);
    printf(" %d", token);
    if (out && fwrite(logits, sizeof(float), (size_t)c->vocab_size, out) != (size_t)c->vocab_size)
      status = 1;
  }
  double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
  printf("\n");

  double sum = 0, sumsq = 0;
  float max = logits[0];
  for (int i = 0; i < c->vocab_size; i++) {
    sum += logits[i];
    sumsq += (double)logits[i] * logits[i];
    if (logits[i] > max)
      max = logits[i];
  }
  printf("logits: mean=%.4f rms=%.4f max=%.4f\n", sum / c->vocab_size,
         sqrt(sumsq / c->vocab_size), max);
  if (timing)
    fprintf(stderr, "generate: %d steps in %.3f s (%.2f ms per token)\n", steps, seconds,
            steps ? 1000 * seconds / steps : 0.0);
  if (out && (fclose(out) != 0 || status)) {
    fprintf(stderr, "tlm: error writing %s\n", dump);
    status = 1;
  }
  free_transformer(&t);
  return status;
}

int main(int argc, char **argv)
{
  Config c = {64, 192, 2, 4, 256, 64};
  const Config large = {288, 768, 6, 6, 512, 256};
  const char *write_path = NULL, *model = NULL, *dump = NULL;
  int steps = 32, token = 1, timing = 0;
  unsigned seed = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-w") == 0 && i + 1 < argc)
      write_path = argv[++i];
    else if (strcmp(a, "-large") == 0)
      c = large;
    else if (strcmp(a, "-dim") == 0)
      c.dim = int_arg(argc, argv, &i, 2);
    else if (strcmp(a, "-hidden") == 0)
      c.hidden_dim = int_arg(argc, argv, &i, 1);
    else if (strcmp(a, "-layers") == 0)
      c.n_layers = int_arg(argc, argv, &i, 1);
    else if (strcmp(a, "-heads") == 0)
      c.n_heads = int_arg(argc, argv, &i, 1);
    else if (strcmp(a, "-vocab") == 0)
      c.vocab_size = int_arg(argc, argv, &i, 2);
    else if (strcmp(a, "-seq") == 0)
      c.seq_len = int_arg(argc, argv, &i, 1);
    else if (strcmp(a, "-seed") == 0)
      seed = (unsigned)int_arg(argc, argv, &i, 0);
    else if (strcmp(a, "-n") == 0)
      steps = int_arg(argc, argv, &i, 1);
    else if (strcmp(a, "-t") == 0)
      token = int_arg(argc, argv, &i, 0);
    else if (strcmp(a, "-o") == 0 && i + 1 < argc)
      dump = argv[++i];
    else if (strcmp(a, "-time") == 0)
      timing = 1;
    else if (a[0] == '-' || model)
      usage();
    else
      model = a;
  }
  if (write_path && !model)
    return write_checkpoint(write_path, &c, seed);
  if (!model || write_path)
    usage();
  return generate(model, steps, token, dump, timing);
}
