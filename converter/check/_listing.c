/* The map folder's listings for the map-file thread, read without the GIL (folderlisting.py).

   tree(root, recursive) -> (names, kinds, root_listed) or None
       recursive: every entry below `root` in imagefiles.walk's order (depth first, each
       folder's names sorted, linked folders listed but not entered, folders that refuse
       to be listed (EACCES, EPERM) skipped); else only root's own entries, sorted.
       names: each entry's path from root ('/' between parts), each followed by a NUL.
       kinds: one byte per entry, the bits of folderlisting (ENTERED ... LISTED below).
       root_listed: False when root itself refused to be listed.
   None hands the listing to the Python code: a name that is not strict UTF-8 (bytes order
   would not be Python's str order), an error Python would raise (anything but a refusal
   to list), a tree deeper than MAX_DEPTH, more than MAX_BYTES of names, no memory.

   One folder is read, its entries classified (fstatat on the open folder, only where the
   directory entry's type does not already say), and closed before any subfolder is
   entered: a deep tree holds one descriptor at a time. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
    ENTERED = 1,   /* a folder, not a link to one: walk enters it (is_dir(follow_symlinks=False)) */
    FILE_ = 2,     /* entry.is_file(), False on an error */
    FOLDER = 4,    /* entry.is_dir(), False on an error */
    SPECIAL = 8,   /* entry.stat() is neither a file nor a folder (FIFO, socket, device) */
    IMAGE = 16,    /* an image suffix (any case) and FILE_ or SPECIAL: I404 reads it */
    TILE = 32,     /* ASCII `<digits>_<digits>.png` */
    ODD_TILE = 64, /* not ASCII, ends with `.png`: Python's str.isdecimal decides */
    LISTED = 128,  /* a folder entered and listed in full */
};

#define MAX_DEPTH 256
#define MAX_BYTES ((size_t)1 << 28)
#define FALLBACK (-1)

typedef struct { char *data; size_t length, capacity; } Buffer;

static int buffer_add(Buffer *buffer, const void *bytes, size_t n)
{
    if (n == 0)  /* memcpy into a buffer not yet allocated (NULL) is undefined, even of 0 bytes */
        return 1;
    if (n > MAX_BYTES || buffer->length > MAX_BYTES - n)
        return 0;
    size_t wanted = buffer->length + n;
    if (wanted > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1024;
        while (capacity < wanted)
            capacity *= 2; /* wanted <= 2^28: no overflow */
        char *grown = realloc(buffer->data, capacity);
        if (grown == NULL)
            return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, n);
    buffer->length = wanted;
    return 1;
}

/* Strict UTF-8 as Python decodes it (no overlong forms, no surrogates, at most U+10FFFF):
   then byte order is code point order, and the names sort as Python sorts them. */
static int strict_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t more;
        uint32_t low;
        if (c < 0x80) { i++; continue; }
        if (c >= 0xC2 && c <= 0xDF) { more = 1; low = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { more = 2; low = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { more = 3; low = 0x10000; }
        else return 0;
        if (more > n - i - 1)
            return 0;
        uint32_t code = c & (0x3F >> more);
        for (size_t k = 1; k <= more; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
            code = (code << 6) | (s[i + k] & 0x3F);
        }
        if (code < low || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return 0;
        i += more + 1;
    }
    return 1;
}

static int has_image_suffix(const char *name, size_t n)
{
    const char *dot = memrchr(name, '.', n);
    if (dot == NULL || dot == name || (size_t)(dot - name) >= n - 1)
        return 0; /* imagefiles.suffix: a dot neither first nor last */
    size_t length = n - (size_t)(dot - name);
    char lowered[6];
    if (length > 5)
        return 0;
    for (size_t k = 0; k < length; k++) {
        char c = dot[k];
        lowered[k] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; /* a non-ASCII suffix lowers to no match */
    }
    lowered[length] = '\0';
    return !strcmp(lowered, ".png") || !strcmp(lowered, ".gif") || !strcmp(lowered, ".jpg") ||
           !strcmp(lowered, ".jpeg");
}

static int all_digits(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t k = 0; k < n; k++)
        if (s[k] < '0' || s[k] > '9')
            return 0;
    return 1;
}

/* TILE, ODD_TILE or 0: imagefiles.numbered_tiles' test of a name */
static int tile_bits(const char *name, size_t n)
{
    if (n < 4 || memcmp(name + n - 4, ".png", 4) != 0)
        return 0;
    for (size_t k = 0; k < n; k++)
        if ((unsigned char)name[k] >= 0x80)
            return ODD_TILE;
    const char *underscore = memchr(name, '_', n - 4);
    if (underscore == NULL)
        return 0;
    size_t column = (size_t)(underscore - name);
    return all_digits(name, column) && all_digits(underscore + 1, n - 4 - column - 1) ? TILE : 0;
}

/* The file-type bits of an entry, as os.DirEntry answers them: from the directory entry's
   type when it has one (and is no link), else from fstatat; an error answers no bit. */
static int type_bits(int folder, const char *name, unsigned char type)
{
    struct stat info;
    int link = type == DT_LNK;
    switch (type) {
    case DT_REG: return FILE_;
    case DT_DIR: return ENTERED | FOLDER;
    case DT_FIFO: case DT_SOCK: case DT_CHR: case DT_BLK: return SPECIAL;
    case DT_LNK: break;
    default: /* DT_UNKNOWN: the entry itself first */
        if (fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) != 0)
            return 0;
        link = S_ISLNK(info.st_mode);
    }
    if (link && fstatat(folder, name, &info, 0) != 0)
        return 0;
    if (S_ISREG(info.st_mode))
        return FILE_;
    if (S_ISDIR(info.st_mode))
        return (link ? 0 : ENTERED) | FOLDER;
    return SPECIAL;
}

typedef struct { size_t offset, length; const char *text; int kind; } Name;

static int by_bytes(const void *a, const void *b)
{
    return strcmp(((const Name *)a)->text, ((const Name *)b)->text); /* unsigned bytes: code points */
}

/* One folder's entries, sorted by name, with their kinds; `*listed` 0 when the folder
   refuses to be listed. Returns 0, or FALLBACK. The caller frees `names` and `*found`. */
static int read_folder(const char *path, Buffer *names, Name **found, size_t *count, int *listed)
{
    DIR *folder = opendir(path);
    *found = NULL;
    *count = 0;
    *listed = folder != NULL;
    if (folder == NULL)
        return errno == EACCES || errno == EPERM ? 0 : FALLBACK;
    size_t capacity = 0;
    int fd = dirfd(folder);
    for (;;) {
        errno = 0;
        struct dirent *entry = readdir(folder);
        if (entry == NULL) {
            if (errno != 0)
                goto fail;
            break;
        }
        const char *name = entry->d_name;
        if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
            continue;
        size_t length = strlen(name);
        if (!strict_utf8((const unsigned char *)name, length))
            goto fail;
        if (*count == capacity) {
            if (capacity > (SIZE_MAX / sizeof(Name)) / 2 - 16)
                goto fail;
            capacity = capacity ? capacity * 2 : 64;
            Name *grown = realloc(*found, capacity * sizeof(Name));
            if (grown == NULL)
                goto fail;
            *found = grown;
        }
        int kind = type_bits(fd, name, entry->d_type);
        if (kind & (FILE_ | SPECIAL) && has_image_suffix(name, length))
            kind |= IMAGE;
        kind |= tile_bits(name, length);
        (*found)[*count] = (Name){names->length, length, NULL, kind};
        if (!buffer_add(names, name, length + 1))
            goto fail;
        (*count)++;
    }
    closedir(folder);
    for (size_t k = 0; k < *count; k++) /* the buffer no longer moves */
        (*found)[k].text = names->data + (*found)[k].offset;
    if (*count > 1)  /* an empty folder leaves *found NULL: qsort must not see it */
        qsort(*found, *count, sizeof(Name), by_bytes);
    return 0;
fail:
    closedir(folder);
    return FALLBACK;
}

typedef struct {
    Buffer names;  /* the answer's paths, NUL after each */
    Buffer kinds;  /* the answer's kind bytes */
    Buffer path;   /* the folder being listed: root, then "/" and its path from root */
    size_t root_length;
    int recursive;
} Walk;

/* Lists the folder in w->path (NUL-terminated, `length` bytes) and, when recursive, the
   folders below it. Returns 1 when listed, 0 when it refused, or FALLBACK. */
static int walk_folder(Walk *w, size_t length, int depth)
{
    if (depth > MAX_DEPTH)
        return FALLBACK;
    Buffer names = {NULL, 0, 0};
    Name *found = NULL;
    size_t count = 0;
    int listed = 0;
    int status = read_folder(w->path.data, &names, &found, &count, &listed);
    /* the path from root of this folder's entries: what follows root and its "/" */
    size_t prefix = length > w->root_length ? length - w->root_length : 0;
    for (size_t k = 0; status == 0 && k < count; k++) {
        const Name *entry = &found[k];
        size_t kind_at = w->kinds.length;
        unsigned char kind = (unsigned char)entry->kind;
        if (!buffer_add(&w->names, w->path.data + w->root_length + (prefix ? 1 : 0), prefix ? prefix - 1 : 0) ||
            (prefix && !buffer_add(&w->names, "/", 1)) || !buffer_add(&w->names, entry->text, entry->length + 1) ||
            !buffer_add(&w->kinds, &kind, 1)) {
            status = FALLBACK;
            break;
        }
        if (!(w->recursive && (kind & ENTERED)))
            continue;
        /* w->path becomes this subfolder's path for the call, then is cut back */
        w->path.length = length;
        if (!buffer_add(&w->path, "/", 1) || !buffer_add(&w->path, entry->text, entry->length + 1)) {
            status = FALLBACK;
            break;
        }
        int below = walk_folder(w, length + 1 + entry->length, depth + 1);
        w->path.data[length] = '\0';
        w->path.length = length + 1;
        if (below == FALLBACK)
            status = FALLBACK;
        else if (below == 1)
            w->kinds.data[kind_at] |= LISTED;
    }
    free(found);
    free(names.data);
    return status == FALLBACK ? FALLBACK : listed;
}

static PyObject *tree(PyObject *self, PyObject *args)
{
    PyObject *encoded = NULL;
    int recursive;
    if (!PyArg_ParseTuple(args, "O&p", PyUnicode_FSConverter, &encoded, &recursive))
        return NULL;
    const char *root = PyBytes_AS_STRING(encoded);
    size_t root_length = (size_t)PyBytes_GET_SIZE(encoded);
    PyObject *result = NULL;
    Walk w = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}, root_length, recursive};
    /* "", a NUL or a trailing "/" (os.path.join would not add one): Python decides */
    if (root_length == 0 || strlen(root) != root_length || root[root_length - 1] == '/') {
        Py_DECREF(encoded);
        Py_RETURN_NONE;
    }
    int listed = FALLBACK;
    if (buffer_add(&w.path, root, root_length + 1)) {
        Py_BEGIN_ALLOW_THREADS
        listed = walk_folder(&w, root_length, 0);
        Py_END_ALLOW_THREADS
    }
    if (listed == FALLBACK) {
        result = Py_None;
        Py_INCREF(result);
    } else {
        result = Py_BuildValue("y#y#O", w.names.data ? w.names.data : "", (Py_ssize_t)w.names.length,
                               w.kinds.data ? w.kinds.data : "", (Py_ssize_t)w.kinds.length,
                               listed ? Py_True : Py_False);
    }
    free(w.names.data);
    free(w.kinds.data);
    free(w.path.data);
    Py_DECREF(encoded);
    return result;
}

static PyMethodDef methods[] = {
    {"tree", tree, METH_VARARGS, "tree(root, recursive) -> (names, kinds, root_listed) or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_listing",
                                    "The map folder's listings, read without the GIL.", -1, methods};

PyMODINIT_FUNC PyInit__listing(void) { return PyModule_Create(&module); }
