/* _pngscan: pngfast's quick yes for many image files at once, with the GIL released.

   scan(paths, rules, whole) reads each file (its first `header_bytes` unless `whole`, a flag
   for all paths or bytes with one flag per path) and
   answers, per file, what pngfast answers from its bytes: does png_verifies hold on the
   whole file (None when not read whole), and does png_header hold on its first
   `header_bytes` (then with which width and height). A file this module cannot read the
   way Python would (open or read fails, not a regular file, out of memory) answers None:
   the caller then runs the Python path, which raises or reports exactly as before.
   With `heads` (a list) given, each file read whole on which giffast's walk holds (the
   rules' last item, giffast.PREFIX_BYTES, turns it on; gifwalk.h) adds (its index, its first
   16 bytes) to it: pngscan.py asks Pillow's registry about those in Python.
   scan_buffers(buffers, rules[, heads]) answers the same for bytes in memory (tests compare it
   with pngfast on mutated images). `rules` carries Pillow's limits and tables, read by
   pngscan.py from the installed Pillow, so this file hard-codes none of them.

   Everything here mirrors converter/check/pngfast.py step by step; change both together. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <zlib.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <errno.h>

#include "gifwalk.h"
#include "pathopen.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif

#define MAX_MODES 64
#define MAX_NAMES 64
#define SCRATCH_BYTES (32 * 1024)       /* inflate output is counted, never kept */
#define FIRST_READ (64 * 1024)

static const uint8_t SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
#define HEADER_END 33                  /* signature + IHDR (length, type, 13 bytes, CRC) */

typedef struct { uint8_t name[4]; uint64_t minimum; } Minimum;

/* Pillow's limits and tables, as pngscan.py hands them over */
typedef struct {
    int pixel_limited;
    uint64_t pixel_limit;              /* Image.MAX_IMAGE_PIXELS */
    uint64_t profile_limit;            /* PngImagePlugin.MAX_TEXT_CHUNK (> 0) */
    uint64_t text_limit;               /* pngfast._TEXT_LIMIT */
    uint64_t header_bytes;             /* imagefiles.HEADER_BYTES */
    int n_modes;
    uint8_t modes[MAX_MODES][2];       /* PngImagePlugin._MODES keys: (depth, colour) */
    int n_handled;
    uint8_t handled[MAX_NAMES][4];     /* chunk types PngStream has a chunk_<type> for */
    int n_minimums;
    Minimum minimums[MAX_NAMES];       /* pngfast._SIMPLE_MINIMUM */
    uint64_t gif_prefix;               /* giffast.PREFIX_BYTES; 0: no GIF walk (gifwalk.h) */
} Rules;

typedef struct {
    int read;                          /* 0: ask Python */
    int whole;                         /* the whole file was read: `verifies` answers */
    int verifies;
    int header_ok;
    uint32_t width, height;
    int gif;                           /* read whole, and gif_walk holds on its first gif_prefix bytes */
    uint8_t gif_head[16];              /* then its first 16 bytes, for Pillow's registry (in Python) */
} Facts;

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

/* zlib.crc32 over any length (zlib's own takes an unsigned int) */
static uint32_t crc_of(const uint8_t *p, uint64_t n) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (n > 0) {
        uInt step = n > 0x40000000u ? 0x40000000u : (uInt)n;
        crc = crc32(crc, p, step);
        p += step;
        n -= step;
    }
    return (uint32_t)crc;
}

/* PngImagePlugin.is_cid: re.compile(rb"\w\w\w\w").match (pngscan.py checks the pattern) */
static int is_cid(const uint8_t *c) {
    for (int i = 0; i < 4; i++) {
        uint8_t b = c[i];
        if (!((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_'))
            return 0;
    }
    return 1;
}

/* what one scan reuses: inflate's output space, and the verdict on each distinct colour
   profile (a map's images repeat one or two; pngfast keeps them in an lru_cache alike) */
#define PROFILE_MEMORY 8
typedef struct { uint8_t *body; uint64_t length; int fits; } Judged;
typedef struct { uint8_t *scratch; int count; Judged judged[PROFILE_MEMORY]; } Work;

static int open_work(Work *work) {
    memset(work, 0, sizeof *work);
    work->scratch = malloc(SCRATCH_BYTES);
    return work->scratch != NULL;
}

static void close_work(Work *work) {
    for (int i = 0; i < work->count; i++)
        free(work->judged[i].body);
    free(work->scratch);
    memset(work, 0, sizeof *work);
}

typedef struct { const uint8_t *cid; const uint8_t *body; uint64_t body_len; uint64_t end; } Chunk;

/* pngfast._chunk: a whole chunk at `at` with a valid name and CRC */
static int read_chunk(const uint8_t *data, uint64_t len, uint64_t at, Chunk *out) {
    if (at + 8 > len)
        return 0;
    uint64_t length = be32(data + at);
    uint64_t end = at + 12 + length;   /* at most len + 12 + 2^32: no overflow */
    if (!is_cid(data + at + 4) || end > len)
        return 0;
    if (crc_of(data + at + 4, length + 4) != be32(data + end - 4))
        return 0;
    out->cid = data + at + 4;
    out->body = data + at + 8;
    out->body_len = length;
    out->end = end;
    return 1;
}

static int in_names(const uint8_t names[][4], int count, const uint8_t *cid) {
    for (int i = 0; i < count; i++)
        if (memcmp(names[i], cid, 4) == 0)
            return 1;
    return 0;
}

/* pngfast._profile_fits: zlib.decompressobj().decompress(data, limit) leaves no
   unconsumed_tail, or raises (Pillow ignores the error). The loop is CPython's
   Decompress.decompress: inflate while the output is full and below the limit. */
static int profile_fits(const uint8_t *in, uint64_t n, uint64_t limit, uint8_t *scratch) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (n > 0xFFFFFFFFu || inflateInit(&z) != Z_OK)
        return -1;
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)n;
    uint64_t produced = 0;
    int err = Z_OK;
    z.next_out = scratch;
    z.avail_out = (uInt)(limit < SCRATCH_BYTES ? limit : SCRATCH_BYTES);
    do {
        if (z.avail_out == 0) {
            if (produced == limit)
                break;                 /* the limit: the rest of the input is the tail */
            uint64_t room = limit - produced;
            z.next_out = scratch;
            z.avail_out = (uInt)(room < SCRATCH_BYTES ? room : SCRATCH_BYTES);
        }
        uInt before = z.avail_out;
        err = inflate(&z, Z_SYNC_FLUSH);
        produced += before - z.avail_out;
        if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END)
            break;                     /* Python raises zlib.error: Pillow ignores it */
    } while (z.avail_out == 0);
    uInt left = z.avail_in;
    inflateEnd(&z);
    if (err == Z_STREAM_END || (err != Z_OK && err != Z_BUF_ERROR))
        return 1;
    return left == 0;
}

/* the iCCP verdict for this body, judged once per distinct body */
static int profile_verdict(const Rules *rules, const uint8_t *body, uint64_t length, uint64_t at, Work *work) {
    for (int i = 0; i < work->count; i++)
        if (work->judged[i].length == length && memcmp(work->judged[i].body, body, length) == 0)
            return work->judged[i].fits;
    int fits = profile_fits(body + at, length - at, rules->profile_limit, work->scratch);
    uint8_t *copy = fits >= 0 && work->count < PROFILE_MEMORY ? malloc(length ? length : 1) : NULL;
    if (copy != NULL) {                /* no room or no memory: judged again next time */
        memcpy(copy, body, length);
        work->judged[work->count++] = (Judged){copy, length, fits};
    }
    return fits;
}

/* pngfast._benign: Pillow reads this header chunk without fail; -1 when unsure */
static int benign(const Rules *rules, const Chunk *c, Work *work) {
    for (int i = 0; i < rules->n_minimums; i++)
        if (memcmp(rules->minimums[i].name, c->cid, 4) == 0)
            return c->body_len >= rules->minimums[i].minimum;
    if (memcmp(c->cid, "tEXt", 4) == 0)
        return 1;
    if (memcmp(c->cid, "iCCP", 4) == 0) {
        const uint8_t *nul = memchr(c->body, 0, c->body_len);
        if (nul == NULL)
            return 0;
        uint64_t name_end = (uint64_t)(nul - c->body);
        if (name_end + 1 >= c->body_len || c->body[name_end + 1] != 0)
            return 0;
        return profile_verdict(rules, c->body, c->body_len, name_end + 2, work);
    }
    return !in_names((const uint8_t (*)[4])rules->handled, rules->n_handled, c->cid);
}

/* pngfast._image_header on data[8:33]: an IHDR Pillow accepts */
static int image_header(const Rules *rules, const uint8_t *data, uint64_t len, uint32_t *width, uint32_t *height) {
    Chunk c;
    uint64_t slice = (len < HEADER_END ? len : HEADER_END) - 8;
    if (!read_chunk(data + 8, slice, 0, &c) || memcmp(c.cid, "IHDR", 4) != 0 || c.body_len != 13)
        return 0;
    uint32_t w = be32(c.body), h = be32(c.body + 4);
    uint8_t depth = c.body[8], colour = c.body[9], filtering = c.body[11];
    int mode = 0;
    for (int i = 0; i < rules->n_modes; i++)
        if (rules->modes[i][0] == depth && rules->modes[i][1] == colour)
            mode = 1;
    if (!mode || filtering || w == 0 || h == 0 ||
        (rules->pixel_limited && (uint64_t)w * (uint64_t)h > rules->pixel_limit))
        return 0;
    *width = w;
    *height = h;
    return 1;
}

/* pngfast.png_header: offset of the first IDAT when Image.open surely succeeds, else -1
   (-2: out of memory, ask Python) */
static int64_t png_header(const Rules *rules, const uint8_t *data, uint64_t len, uint32_t *w, uint32_t *h,
                          Work *work) {
    if (len < 8 || memcmp(data, SIGNATURE, 8) != 0 || !image_header(rules, data, len, w, h))
        return -1;
    uint64_t at = HEADER_END, text = 0;
    for (;;) {
        if (at + 8 <= len && memcmp(data + at + 4, "IDAT", 4) == 0)
            return (int64_t)at;        /* Pillow stops here, before reading the data */
        Chunk c;
        if (!read_chunk(data, len, at, &c))
            return -1;
        int fine = benign(rules, &c, work);
        if (fine < 0)
            return -2;
        if (!fine)
            return -1;
        text += memcmp(c.cid, "tEXt", 4) == 0 ? c.body_len : 0;
        if (text > rules->text_limit)
            return -1;
        at = c.end;
    }
}

/* pngfast.png_verifies on the whole file, and png_header on its first header_bytes: the
   prefix holds the same chunks up to IDAT, so it succeeds exactly when the whole does and
   IDAT's name lies inside it */
static void facts_of(const Rules *rules, const uint8_t *data, uint64_t len, int whole, Work *work, Facts *facts) {
    uint32_t w = 0, h = 0;
    int64_t idat = png_header(rules, data, len, &w, &h, work);
    memset(facts, 0, sizeof *facts);
    if (idat == -2)
        return;
    facts->read = 1;
    facts->whole = whole;
    if (whole && rules->gif_prefix && len >= 16) {
        uint64_t seen = len < rules->gif_prefix ? len : rules->gif_prefix;
        facts->gif = gif_walk(data, seen, rules->pixel_limited, rules->pixel_limit);
        if (facts->gif)
            memcpy(facts->gif_head, data, 16);
    }
    if (idat < 0)
        return;
    facts->header_ok = (uint64_t)idat + 8 <= rules->header_bytes;
    facts->width = w;
    facts->height = h;
    if (!whole)
        return;                        /* `data` is the first header_bytes: nothing to verify */
    uint64_t at = (uint64_t)idat;
    for (;;) {
        if (at + 8 > len)
            return;
        if (memcmp(data + at + 4, "IEND", 4) == 0) {
            facts->verifies = 1;       /* Pillow's verify stops at IEND's name */
            return;
        }
        Chunk c;
        if (!read_chunk(data, len, at, &c))
            return;
        at = c.end;
    }
}

typedef struct { uint8_t *data; size_t capacity; } Buffer;

static int reserve(Buffer *buffer, size_t wanted) {
    if (wanted <= buffer->capacity)
        return 1;
    size_t capacity = buffer->capacity ? buffer->capacity : FIRST_READ;
    while (capacity < wanted) {
        if (capacity > SIZE_MAX / 2)
            return 0;
        capacity *= 2;
    }
    uint8_t *grown = realloc(buffer->data, capacity);
    if (grown == NULL)
        return 0;
    buffer->data = grown;
    buffer->capacity = capacity;
    return 1;
}

/* the regular file's first `limit` bytes into `buffer` (as imagefiles.read_file), or -1:
   ask Python; `path` is relative to the open `folder` (or AT_FDCWD). O_NONBLOCK: a FIFO
   named like an image must not hang here; Python decides. */
static int64_t read_file(int folder, const char *path, uint64_t limit, Buffer *buffer) {
    int fd = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -1;
    struct stat info;
    size_t have = 0;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size < 0 ||
        (uint64_t)info.st_size >= SIZE_MAX / 4 ||
        !reserve(buffer, (size_t)((uint64_t)info.st_size < limit ? (uint64_t)info.st_size + 1 : limit)))
        goto fail;
    while (have < limit) {
        if (have == buffer->capacity && !reserve(buffer, have + FIRST_READ))
            goto fail;
        size_t room = buffer->capacity - have;
        if (room > limit - have)
            room = (size_t)(limit - have);
        size_t asked = room > 0x40000000u ? 0x40000000u : room;
        ssize_t got = read(fd, buffer->data + have, asked);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        if (got == 0)
            break;
        have += (size_t)got;
        if (have == (size_t)got && (size_t)got < asked && have < FIRST_READ)
            break;                     /* as read_file: a short first read of a small file is its end */
    }
    close(fd);
    return (int64_t)have;
fail:
    close(fd);
    return -1;
}

static int take_rules(PyObject *spec, Rules *rules) {
    PyObject *modes, *handled, *minimums;
    long long pixel_limit;
    unsigned long long profile_limit, text_limit, header_bytes, gif_prefix = 0;
    memset(rules, 0, sizeof *rules);
    if (!PyArg_ParseTuple(spec, "LKKKO!O!O!|K:rules", &pixel_limit, &profile_limit, &text_limit, &header_bytes,
                          &PyTuple_Type, &modes, &PyTuple_Type, &handled, &PyTuple_Type, &minimums, &gif_prefix))
        return 0;
    rules->gif_prefix = gif_prefix;
    if (profile_limit == 0 || PyTuple_GET_SIZE(modes) > MAX_MODES || PyTuple_GET_SIZE(handled) > MAX_NAMES ||
        PyTuple_GET_SIZE(minimums) > MAX_NAMES) {
        PyErr_SetString(PyExc_ValueError, "rules outside what _pngscan can hold");
        return 0;
    }
    rules->pixel_limited = pixel_limit >= 0;   /* -1: no limit */
    rules->pixel_limit = pixel_limit >= 0 ? (uint64_t)pixel_limit : 0;
    rules->profile_limit = profile_limit;
    rules->text_limit = text_limit;
    rules->header_bytes = header_bytes;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(modes); i++) {
        unsigned char depth, colour;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(modes, i), "bb:mode", &depth, &colour))
            return 0;
        rules->modes[i][0] = depth;
        rules->modes[i][1] = colour;
    }
    rules->n_modes = (int)PyTuple_GET_SIZE(modes);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(handled); i++) {
        PyObject *name = PyTuple_GET_ITEM(handled, i);
        if (!PyBytes_Check(name) || PyBytes_GET_SIZE(name) != 4) {
            PyErr_SetString(PyExc_ValueError, "chunk types are 4 bytes");
            return 0;
        }
        memcpy(rules->handled[i], PyBytes_AS_STRING(name), 4);
    }
    rules->n_handled = (int)PyTuple_GET_SIZE(handled);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(minimums); i++) {
        const char *name;
        Py_ssize_t size;
        unsigned long long minimum;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(minimums, i), "y#K:minimum", &name, &size, &minimum))
            return 0;
        if (size != 4) {
            PyErr_SetString(PyExc_ValueError, "chunk types are 4 bytes");
            return 0;
        }
        memcpy(rules->minimums[i].name, name, 4);
        rules->minimums[i].minimum = minimum;
    }
    rules->n_minimums = (int)PyTuple_GET_SIZE(minimums);
    return 1;
}

/* the Python answer per file: None, or (verifies (None: not read whole), (width, height) or None) */
static PyObject *verdict(const Facts *facts) {
    return !facts->whole ? Py_None : facts->verifies ? Py_True : Py_False;
}

static int same_facts(const Facts *a, const Facts *b) {
    return a->read == b->read && a->whole == b->whole && a->verifies == b->verifies &&
           a->header_ok == b->header_ok && (!a->header_ok || (a->width == b->width && a->height == b->height));
}

/* a run of files with equal answers (tiles of one size, verified images) shares one tuple */
static PyObject *answers(const Facts *facts, Py_ssize_t count) {
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item;
        if (!facts[i].read)
            item = Py_NewRef(Py_None);
        else if (i > 0 && same_facts(&facts[i], &facts[i - 1]))
            item = Py_NewRef(PyList_GET_ITEM(list, i - 1));
        else if (facts[i].header_ok)
            item = Py_BuildValue("(O(kk))", verdict(&facts[i]), (unsigned long)facts[i].width,
                                 (unsigned long)facts[i].height);
        else
            item = Py_BuildValue("(OO)", verdict(&facts[i]), Py_None);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

/* (index, first 16 bytes) of each file gif_walk let through, onto `heads` (a list, or NULL) */
static int gif_heads(const Facts *facts, Py_ssize_t count, PyObject *heads) {
    for (Py_ssize_t i = 0; heads != NULL && i < count; i++) {
        if (!facts[i].gif)
            continue;
        PyObject *item = Py_BuildValue("(ny#)", i, (const char *)facts[i].gif_head, (Py_ssize_t)16);
        if (item == NULL || PyList_Append(heads, item) < 0) {
            Py_XDECREF(item);
            return 0;
        }
        Py_DECREF(item);
    }
    return 1;
}

/* `whole` is one flag for every path, or bytes with one flag per path (nonzero: read the
   whole file), so the tiles' headers and the unit images are read in one call */
static int take_modes(PyObject *whole, Py_ssize_t count, uint8_t *modes) {
    if (PyBytes_Check(whole)) {
        if (PyBytes_GET_SIZE(whole) != count) {
            PyErr_SetString(PyExc_ValueError, "one mode per path");
            return 0;
        }
        memcpy(modes, PyBytes_AS_STRING(whole), (size_t)count);
        return 1;
    }
    int flag = PyObject_IsTrue(whole);
    if (flag < 0)
        return 0;
    memset(modes, flag, (size_t)count);
    return 1;
}

static PyObject *scan(PyObject *module, PyObject *args) {
    PyObject *paths, *spec, *whole, *heads = NULL;
    Rules rules;
    if (!PyArg_ParseTuple(args, "OO!O|O!:scan", &paths, &PyTuple_Type, &spec, &whole, &PyList_Type, &heads) ||
        !take_rules(spec, &rules))
        return NULL;
    /* a private tuple: converting a path may run Python code (__fspath__) that changes a list */
    PyObject *sequence = PySequence_Tuple(paths);
    if (sequence == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence);
    uint8_t *modes = PyMem_Malloc(count ? (size_t)count : 1);
    if (modes == NULL || !take_modes(whole, count, modes)) {
        if (modes == NULL)
            PyErr_NoMemory();
        PyMem_Free(modes);
        Py_DECREF(sequence);
        return NULL;
    }
    PyObject **encoded = PyMem_Calloc(count ? (size_t)count : 1, sizeof(PyObject *));
    const char **texts = PyMem_Calloc(count ? (size_t)count : 1, sizeof(const char *));
    Py_ssize_t *lengths = PyMem_Calloc(count ? (size_t)count : 1, sizeof(Py_ssize_t));
    Facts *facts = PyMem_Calloc(count ? (size_t)count : 1, sizeof(Facts));
    Work work;
    int working = open_work(&work);
    PyObject *result = NULL;
    if (encoded == NULL || texts == NULL || lengths == NULL || facts == NULL || !working) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++)  /* os.fsencode each path while the GIL is held */
        if (!path_bytes(PySequence_Fast_GET_ITEM(sequence, i), &encoded[i], &texts[i], &lengths[i]))
            goto done;
    Py_BEGIN_ALLOW_THREADS
    Buffer buffer = {NULL, 0};
    Folder folder = {-1, NULL, 0};
    for (Py_ssize_t i = 0; i < count; i++) {
        int whole_file = modes[i] != 0;
        const char *path = texts[i];
        int at = AT_FDCWD;
        const char *name = in_folder(&folder, path, (size_t)lengths[i], &at);
        int64_t length = read_file(at, name, whole_file ? UINT64_MAX : rules.header_bytes, &buffer);
        if (length >= 0)
            facts_of(&rules, buffer.data, (uint64_t)length, whole_file, &work, &facts[i]);
    }
    if (folder.fd >= 0)
        close(folder.fd);
    free(buffer.data);
    Py_END_ALLOW_THREADS
    result = gif_heads(facts, count, heads) ? answers(facts, count) : NULL;
done:
    for (Py_ssize_t i = 0; encoded != NULL && i < count; i++)
        Py_XDECREF(encoded[i]);
    PyMem_Free(encoded);
    PyMem_Free(texts);
    PyMem_Free(lengths);
    PyMem_Free(facts);
    PyMem_Free(modes);
    close_work(&work);
    Py_DECREF(sequence);
    return result;
}

static PyObject *scan_buffers(PyObject *module, PyObject *args) {
    PyObject *buffers, *spec, *heads = NULL;
    Rules rules;
    if (!PyArg_ParseTuple(args, "OO!|O!:scan_buffers", &buffers, &PyTuple_Type, &spec, &PyList_Type, &heads) ||
        !take_rules(spec, &rules))
        return NULL;
    PyObject *sequence = PySequence_Tuple(buffers); /* an exporter's code cannot change a tuple */
    if (sequence == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence);
    Facts *facts = PyMem_Calloc(count ? (size_t)count : 1, sizeof(Facts));
    Work work;
    int working = open_work(&work);
    PyObject *result = NULL;
    if (facts == NULL || !working) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_buffer view;
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(sequence, i), &view, PyBUF_SIMPLE) != 0)
            goto done;
        facts_of(&rules, view.buf, (uint64_t)view.len, 1, &work, &facts[i]);
        PyBuffer_Release(&view);
    }
    result = gif_heads(facts, count, heads) ? answers(facts, count) : NULL;
done:
    PyMem_Free(facts);
    close_work(&work);
    Py_DECREF(sequence);
    return result;
}

static PyObject *py_profile_fits(PyObject *module, PyObject *args) {
    Py_buffer view;
    unsigned long long limit;
    if (!PyArg_ParseTuple(args, "y*K:profile_fits", &view, &limit))
        return NULL;
    uint8_t *scratch = PyMem_Malloc(SCRATCH_BYTES);
    int fits = -1;
    if (scratch != NULL && limit > 0)
        fits = profile_fits(view.buf, (uint64_t)view.len, limit, scratch);
    PyMem_Free(scratch);
    PyBuffer_Release(&view);
    if (fits < 0) {
        PyErr_SetString(PyExc_ValueError, "cannot judge this profile");
        return NULL;
    }
    return PyBool_FromLong(fits);
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_VARARGS, "scan(paths, rules, whole: bool | bytes per path) -> [None | (verifies, (width, height) | None)]"},
    {"scan_buffers", scan_buffers, METH_VARARGS, "scan_buffers(buffers, rules): as scan, for bytes"},
    {"profile_fits", py_profile_fits, METH_VARARGS, "profile_fits(compressed, limit) as pngfast._profile_fits"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef definition = {PyModuleDef_HEAD_INIT, "_pngscan", NULL, -1, methods};

PyMODINIT_FUNC PyInit__pngscan(void) { return PyModule_Create(&definition); }
