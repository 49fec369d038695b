/*
 * parser.c - read a network description: INI-style sections, `[net]` first, then one
 * section per layer in order, each holding `key=value` lines. `#` and `;` start a
 * comment. Sizes flow from layer to layer: each layer's input is the previous output.
 *
 *   [net]            width, height, channels, batch
 *   [convolutional]  filters, size, stride (1), pad (size/2), batch_normalize (0),
 *                    activation (linear)
 *   [maxpool]        size (2), stride (size)
 *   [avgpool]        (global average of each channel)
 *   [connected]      output, activation (linear)
 *   [softmax]
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cnn.h"

#define MAX_SECTIONS 64
#define MAX_OPTIONS 16
#define NAME_LEN 32
#define VALUE_LEN 64

typedef struct option {
  char key[NAME_LEN];
  char value[VALUE_LEN];
} option;

typedef struct section {
  char name[NAME_LEN];
  int line;
  int noptions;
  option options[MAX_OPTIONS];
} section;

static char *trim(char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1]))
    s[--n] = '\0';
  return s;
}

static void copy_name(char *dst, const char *src, size_t cap)
{
  strncpy(dst, src, cap - 1);
  dst[cap - 1] = '\0';
}

/* Reads the sections of the file; returns their number, -1 on error. */
static int read_sections(const char *filename, section *sections)
{
  FILE *f = fopen(filename, "r");
  if (!f) {
    fprintf(stderr, "cnn: cannot open %s\n", filename);
    return -1;
  }
  char buf[256];
  int nsections = 0;
  int lineno = 0;
  while (fgets(buf, sizeof buf, f)) {
    lineno++;
    char *hash = strpbrk(buf, "#;");
    if (hash)
      *hash = '\0';
    char *line = trim(buf);
    if (*line == '\0')
      continue;
    if (*line == '[') {
      char *end = strchr(line, ']');
      if (!end || nsections == MAX_SECTIONS) {
        fprintf(stderr, "%s:%d: bad or too many sections\n", filename, lineno);
        fclose(f);
        return -1;
      }
      *end = '\0';
      section *s = &sections[nsections++];
      copy_name(s->name, trim(line + 1), NAME_LEN);
      s->line = lineno;
      s->noptions = 0;
      continue;
    }
    char *eq = strchr(line, '=');
    if (!eq || nsections == 0 || sections[nsections - 1].noptions == MAX_OPTIONS) {
      fprintf(stderr, "%s:%d: expected key=value in a section\n", filename, lineno);
      fclose(f);
      return -1;
    }
    *eq = '\0';
    section *s = &sections[nsections - 1];
    option *o = &s->options[s->noptions++];
    copy_name(o->key, trim(line), NAME_LEN);
    copy_name(o->value, trim(eq + 1), VALUE_LEN);
  }
  fclose(f);
  return nsections;
}

static const char *find_option(const section *s, const char *key)
{
  for (int i = 0; i < s->noptions; i++)
    if (strcmp(s->options[i].key, key) == 0)
      return s->options[i].value;
  return NULL;
}

static int option_int(const section *s, const char *key, int def)
{
  const char *v = find_option(s, key);
  return v ? atoi(v) : def;
}

/* Every option of s must be one of the keys (a space-separated list). */
static int check_options(const char *filename, const section *s, const char *keys)
{
  for (int i = 0; i < s->noptions; i++) {
    const char *k = s->options[i].key;
    size_t n = strlen(k);
    const char *p = keys;
    int found = 0;
    while (!found && (p = strstr(p, k)) != NULL) {
      found = (p == keys || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0');
      p += n;
    }
    if (!found) {
      fprintf(stderr, "%s:%d: [%s] has no option '%s'\n", filename, s->line, s->name, k);
      return 0;
    }
  }
  return 1;
}

static int section_activation(const char *filename, const section *s, ACTIVATION *a)
{
  const char *v = find_option(s, "activation");
  *a = LINEAR;
  if (v && !parse_activation(v, a)) {
    fprintf(stderr, "%s:%d: unknown activation '%s'\n", filename, s->line, v);
    return 0;
  }
  return 1;
}

int parse_network_cfg(const char *filename, int side, int batch, network *net)
{
  static section sections[MAX_SECTIONS];
  int nsections = read_sections(filename, sections);
  if (nsections < 0)
    return 0;
  if (nsections == 0 || strcmp(sections[0].name, "net") != 0) {
    fprintf(stderr, "%s: the first section must be [net]\n", filename);
    return 0;
  }
  const section *s = &sections[0];
  if (!check_options(filename, s, "width height channels batch"))
    return 0;
  memset(net, 0, sizeof *net);
  net->w = side > 0 ? side : option_int(s, "width", 32);
  net->h = side > 0 ? side : option_int(s, "height", 32);
  net->c = option_int(s, "channels", 3);
  net->batch = batch > 0 ? batch : option_int(s, "batch", 1);
  net->inputs = net->w * net->h * net->c;
  if (net->w <= 0 || net->h <= 0 || net->c <= 0 || net->batch <= 0) {
    fprintf(stderr, "%s: bad [net] sizes\n", filename);
    return 0;
  }

  int h = net->h, w = net->w, c = net->c;
  for (int i = 1; i < nsections; i++) {
    s = &sections[i];
    layer l;
    ACTIVATION a;
    if (strcmp(s->name, "convolutional") == 0) {
      if (!check_options(filename, s, "filters size stride pad batch_normalize activation") ||
          !section_activation(filename, s, &a))
        return 0;
      int size = option_int(s, "size", 1);
      int stride = option_int(s, "stride", 1);
      int pad = option_int(s, "pad", size / 2);
      int filters = option_int(s, "filters", 1);
      if (size <= 0 || stride <= 0 || pad < 0 || filters <= 0 || h + 2 * pad < size ||
          w + 2 * pad < size) {
        fprintf(stderr, "%s:%d: bad convolution for a %dx%dx%d input\n", filename, s->line,
                w, h, c);
        return 0;
      }
      l = make_convolutional_layer(net->batch, h, w, c, filters, size, stride, pad, a,
                                   option_int(s, "batch_normalize", 0));
    } else if (strcmp(s->name, "maxpool") == 0) {
      if (!check_options(filename, s, "size stride"))
        return 0;
      int size = option_int(s, "size", 2);
      int stride = option_int(s, "stride", size);
      if (size <= 0 || stride <= 0 || h < size || w < size) {
        fprintf(stderr, "%s:%d: bad maxpool for a %dx%dx%d input\n", filename, s->line, w,
                h, c);
        return 0;
      }
      l = make_maxpool_layer(net->batch, h, w, c, size, stride);
    } else if (strcmp(s->name, "avgpool") == 0) {
      if (!check_options(filename, s, ""))
        return 0;
      l = make_avgpool_layer(net->batch, h, w, c);
    } else if (strcmp(s->name, "connected") == 0) {
      if (!check_options(filename, s, "output activation") ||
          !section_activation(filename, s, &a))
        return 0;
      int outputs = option_int(s, "output", 1);
      if (outputs <= 0) {
        fprintf(stderr, "%s:%d: bad output count\n", filename, s->line);
        return 0;
      }
      l = make_connected_layer(net->batch, h * w * c, outputs, a);
    } else if (strcmp(s->name, "softmax") == 0) {
      if (!check_options(filename, s, ""))
        return 0;
      l = make_softmax_layer(net->batch, h * w * c);
    } else {
      fprintf(stderr, "%s:%d: unknown section [%s]\n", filename, s->line, s->name);
      return 0;
    }
    network_add_layer(net, l);
    h = l.out_h;
    w = l.out_w;
    c = l.out_c;
  }
  network_finish(net);
  return 1;
}
