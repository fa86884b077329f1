/* Where _pngscan.c opens each file: the path's bytes as os.fsencode gives them, and the
 * name to open relative to the folder of the previous file, kept open. Included by
 * _pngscan.c (after <fcntl.h>, <string.h>, <unistd.h>); every function is static. */
#ifndef DDAY2_PATHOPEN_H
#define DDAY2_PATHOPEN_H

#include <Python.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A path's bytes as os.fsencode gives them, NUL-terminated, valid while `path` lives (the
   caller's tuple holds it). An ASCII str without NUL is its own bytes in any file-system
   encoding Python runs with: its text is used as it is, no bytes object is made (hundreds
   of paths a check). Anything else goes through PyUnicode_FSConverter into *encoded,
   which it may refuse (a NUL: ValueError) as os.fsencode does. 0 on an error. */
static int path_bytes(PyObject *path, PyObject **encoded, const char **text, Py_ssize_t *length) {
    if (PyUnicode_CheckExact(path) && PyUnicode_IS_READY(path) && PyUnicode_IS_COMPACT_ASCII(path)) {
        const char *data = (const char *)PyUnicode_DATA(path);
        Py_ssize_t size = PyUnicode_GET_LENGTH(path);
        if (memchr(data, '\0', (size_t)size) == NULL) {
            *text = data, *length = size;
            return 1;
        }
    }
    if (!PyUnicode_FSConverter(path, encoded))
        return 0;
    *text = PyBytes_AS_STRING(*encoded), *length = PyBytes_GET_SIZE(*encoded);
    return 1;
}

/* The folder of the last file, kept open: a map's files come folder by folder, and
   openat on a name skips resolving the folder's path again for each file. O_PATH needs
   only the search permission open() on the full path needs too. */
#ifndef O_PATH
#define O_PATH 0
#endif
typedef struct { int fd; const char *path; size_t length; } Folder;

/* the name to open relative to `*at`: `path`'s last part in its (cached) folder, or the
   whole path at AT_FDCWD when it has no folder part or its folder cannot be opened */
static const char *in_folder(Folder *folder, const char *path, size_t length, int *at) {
    const char *slash = memrchr(path, '/', length);
    if (slash == NULL || slash == path || slash[1] == '\0')
        return path;                   /* no folder, the root, or a trailing slash: as is */
    size_t folder_length = (size_t)(slash - path);
    if (folder->fd < 0 || folder->length != folder_length || memcmp(folder->path, path, folder_length) != 0) {
        if (folder->fd >= 0)
            close(folder->fd);
        char *copy = malloc(folder_length + 1);
        folder->fd = -1;
        if (copy != NULL) {
            memcpy(copy, path, folder_length);
            copy[folder_length] = '\0';
            folder->fd = open(copy, O_PATH | O_DIRECTORY | O_CLOEXEC);
            free(copy);
        }
        folder->path = path;           /* `path` outlives the loop: the str or the encoded bytes */
        folder->length = folder_length;
        if (folder->fd < 0)
            return path;
    }
    *at = folder->fd;
    return slash + 1;
}

#endif
