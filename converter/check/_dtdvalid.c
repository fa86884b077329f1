/* DTD validation of a game XML without the GIL, so it can run beside the Python checks.
 *
 * lxml's `etree.DTD(...).validate(tree)` reports each error through a Python callback,
 * holding the GIL for most of its time. This module borrows lxml's OWN libxml2 (the
 * etree extension exports its symbols; dlopen + dlsym at import, so no libxml2 headers
 * or link flags are needed at build time) and, with the GIL released, parses the XML
 * bytes into a private document (the options of converter/xmlsafe.py's hardened parser),
 * parses the DTD bytes as `etree.DTD(io.BytesIO(data))` does, runs xmlValidateDtd and
 * collects the errors in C through this thread's structured error handler.
 *
 * Thread safety: libxml2 keeps its error handlers per thread and is safe for threads
 * working on different documents; nothing here touches lxml's documents, dictionaries
 * or process-wide settings, and the previous handler of the calling thread is restored.
 * The one thing shared, the DTD kept between validations, is lent to one thread at a time.
 *
 * validate(xml, dtd, keep) -> (valid, error_count, ((line, message_bytes|None), ...)) with
 * at most `keep` entries, in dtdvalid.py's canonical order (below), or None whenever the
 * answer might differ from lxml's (the XML is not well-formed, the DTD does not parse, a
 * UTF-16/32 document, out of memory, ...): the caller then validates with lxml.
 *
 * parse_and_validate(xml, dtd, keep) -> (validate's answer, document) also hands over the
 * parsed document, as a "libxml2:xmlDoc" capsule for lxml's adopt_external_document, when
 * the parse met no error at all (lxml's parser would then have accepted the bytes and built
 * the same tree; otherwise None, and the caller parses with lxml for its error message).
 * The tree is the one validated, as after lxml's DTD.validate(tree): ID attributes marked.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>

#include "lxml_libxml2.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- the few libxml2 declarations we use (ABI stable since libxml2 2.9) */
typedef struct {
    int domain;
    int code;
    char *message;
    int level; /* xmlErrorLevel: 0 none, 1 warning, 2 error, 3 fatal */
    char *file;
    int line;
    char *str1, *str2, *str3;
    int int1, int2;
    void *ctxt;
    void *node;
} XmlError;

/* libxml2's xmlDoc up to `encoding` (tree.h, unchanged since libxml2 2.0; checked at import
 * by probe_document_layout). lxml names a parsed document without an encoding "UTF-8"; with
 * none, libxml2 escapes non-ASCII characters of attribute values in its messages (the IDREF
 * errors said "X&#xE9;" where lxml's say "Xé": found by fuzzing), so this kernel does too. */
typedef struct {
    void *private_data;
    int type;
    char *name;
    void *children, *last, *parent, *next, *prev, *doc;
    int compression, standalone;
    void *int_subset, *ext_subset, *old_ns;
    const unsigned char *version;
    const unsigned char *encoding;
} XmlDocHead;

typedef void (*StructuredErrorFunc)(void *user, const XmlError *error);
typedef int (*ResourceLoader)(void *ctxt, const char *url, const char *public_id, int type, int flags,
                              void **out);

/* the head every libxml2 node shares (xmlNode, xmlDtd, xmlElement: tree.h, unchanged since 2.0) */
typedef struct XmlNodeHead {
    void *private_data;
    int type;
    char *name;
    struct XmlNodeHead *children, *last;
    void *parent;
    struct XmlNodeHead *next, *prev;
    void *doc;
} XmlNodeHead;

enum { XML_ERR_ERROR = 2, XML_ERR_FATAL = 3, XML_IO_EACCES = 1501, XML_CHAR_ENCODING_NONE = 0,
       XML_DTD_UNKNOWN_ID = 536, XML_DOCUMENT_NODE = 9, XML_ELEMENT_DECL = 15 };
/* lxml's XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
 * remove_blank_text=True), as the check parses (xmlsafe.parse_xml(keep_blanks=False)): its
 * defaults NOCDATA | NONET | COMPACT | BIG_LINES, without NOENT, and NOBLANKS */
enum { HARDENED_OPTIONS = (1 << 14) | (1 << 11) | (1 << 16) | (1 << 22) | (1 << 8) };

static struct {
    void (*init_parser)(void);
    void *(*new_parser_ctxt)(void);
    void (*free_parser_ctxt)(void *);
    void (*set_resource_loader)(void *, ResourceLoader, void *); /* libxml2 >= 2.14; optional */
    void *(*ctxt_read_memory)(void *, const char *, int, const char *, const char *, int);
    void (*free_doc)(void *);
    unsigned char *(*strdup)(const unsigned char *);
    void *(*input_buffer_mem)(const char *, int, int);
    void *(*io_parse_dtd)(void *, void *, int);
    void (*free_dtd)(void *);
    void *(*new_valid_ctxt)(void);
    void (*free_valid_ctxt)(void *);
    int (*validate_dtd)(void *, void *, void *);
    int (*build_content_model)(void *, void *);
    void (*set_structured_error)(void *, StructuredErrorFunc);
    StructuredErrorFunc *(*current_structured_error)(void);
    void **(*current_structured_context)(void);
} xml;

/* ---- collecting errors: what lxml's error log keeps of each entry
 *
 * Canonical order (dtdvalid.canonical_order does the same with lxml's log): the errors of
 * the tree walk as they come, then the unknown-ID errors sorted by (line, message). The
 * latter all come from libxml2's final pass over its table of IDREFs, a hash table with a
 * random seed per table: in its own order they differ from one run to the next. So this
 * keeps the first `keep` walk errors and the `keep` least unknown-ID errors. */
typedef struct {
    int line;
    char *message; /* NULL when libxml2 gave none */
} Entry;

typedef struct {
    int recording; /* 0 while parsing: only errors matter then */
    int parse_failed; /* a fatal error: the validation would differ from lxml's */
    int parse_error;  /* any error: lxml's parser would refuse the bytes */
    int out_of_memory;
    size_t count;
    size_t keep;
    Entry *entries; /* keep slots: the walk's errors */
    size_t walk_kept;
    Entry *unknown_ids; /* keep slots: the least unknown-ID errors so far, unordered */
    size_t ids_kept;
} Collector;

/* a message as lxml shows it: without libxml2's final newline */
static size_t shown_length(const char *message) {
    size_t length = strlen(message);
    return length > 0 && message[length - 1] == '\n' ? length - 1 : length;
}

/* (line, message) order; as Python compares the decoded messages (UTF-8 byte order is code
 * point order), a message that is a prefix of another first; no message before any */
static int compare_entries(int line_a, const char *a, int line_b, const char *b) {
    if (line_a != line_b)
        return line_a < line_b ? -1 : 1;
    if (a == NULL || b == NULL)
        return (a != NULL) - (b != NULL);
    size_t length_a = shown_length(a), length_b = shown_length(b);
    int order = memcmp(a, b, length_a < length_b ? length_a : length_b);
    if (order != 0)
        return order < 0 ? -1 : 1;
    return (length_a > length_b) - (length_a < length_b);
}

static int compare_for_sort(const void *a, const void *b) {
    const Entry *first = (const Entry *)a, *second = (const Entry *)b;
    return compare_entries(first->line, first->message, second->line, second->message);
}

/* 0, or -1 out of memory */
static int copy_into(Entry *entry, const XmlError *error) {
    entry->line = error->line;
    entry->message = NULL;
    if (error->message == NULL)
        return 0;
    size_t size = strlen(error->message) + 1;
    entry->message = malloc(size);
    if (entry->message == NULL)
        return -1;
    memcpy(entry->message, error->message, size);
    return 0;
}

/* keep `error` if it is among the `keep` least unknown-ID errors seen */
static void keep_if_least(Collector *collector, const XmlError *error) {
    Entry *slot = NULL;
    if (collector->ids_kept < collector->keep) {
        slot = &collector->unknown_ids[collector->ids_kept++];
    } else if (collector->keep > 0) {
        Entry *greatest = &collector->unknown_ids[0];
        for (size_t i = 1; i < collector->ids_kept; i++)
            if (compare_for_sort(&collector->unknown_ids[i], greatest) > 0)
                greatest = &collector->unknown_ids[i];
        if (compare_entries(error->line, error->message, greatest->line, greatest->message) >= 0)
            return;
        free(greatest->message);
        slot = greatest;
    }
    if (slot != NULL && copy_into(slot, error) < 0)
        collector->out_of_memory = 1;
}

static void on_error(void *user, const XmlError *error) {
    Collector *collector = (Collector *)user;
    if (!collector->recording) {
        if (error->level >= XML_ERR_FATAL)
            collector->parse_failed = 1;
        if (error->level >= XML_ERR_ERROR)
            collector->parse_error = 1;
        return;
    }
    if (error->code == XML_DTD_UNKNOWN_ID)
        keep_if_least(collector, error);
    else if (collector->walk_kept < collector->keep
             && copy_into(&collector->entries[collector->walk_kept++], error) < 0)
        collector->out_of_memory = 1;
    collector->count++;
}

/* the hardened parser loads nothing; refuse anyway in case an option slips */
static int refuse_resource(void *ctxt, const char *url, const char *public_id, int type, int flags, void **out) {
    (void)ctxt; (void)url; (void)public_id; (void)type; (void)flags;
    *out = NULL;
    return XML_IO_EACCES;
}

/* lxml re-decodes UTF-32 itself and UTF-16 shifts offsets: leave anything with an
 * early NUL byte to lxml */
static int plain_bytes(const char *data, Py_ssize_t size) {
    Py_ssize_t head = size < 4 ? size : 4;
    return memchr(data, 0, (size_t)head) == NULL;
}

static void *parse_document(const char *data, int size, Collector *collector) {
    void *ctxt = xml.new_parser_ctxt();
    if (ctxt == NULL)
        return NULL;
    if (xml.set_resource_loader != NULL)
        xml.set_resource_loader(ctxt, refuse_resource, NULL);
    void *doc = xml.ctxt_read_memory(ctxt, data, size, NULL, NULL, HARDENED_OPTIONS);
    xml.free_parser_ctxt(ctxt);
    if (doc != NULL && !collector->parse_failed && ((XmlDocHead *)doc)->encoding == NULL) {
        ((XmlDocHead *)doc)->encoding = xml.strdup((const unsigned char *)"UTF-8"); /* as lxml */
        if (((XmlDocHead *)doc)->encoding == NULL)
            collector->out_of_memory = 1;
    }
    if (doc != NULL && (collector->parse_failed || collector->out_of_memory)) {
        xml.free_doc(doc);
        doc = NULL;
    }
    return doc;
}

/* as lxml's _parseDtdFromFilelike: xmlIOParseDTD over an in-memory input buffer */
static void *parse_dtd(const char *data, int size) {
    void *buffer = xml.input_buffer_mem(data, size, XML_CHAR_ENCODING_NONE);
    if (buffer == NULL)
        return NULL;
    return xml.io_parse_dtd(NULL, buffer, XML_CHAR_ENCODING_NONE); /* frees the buffer */
}

/* ---- the last DTD, kept for the next validation with the same bytes
 *
 * Parsing game.dtd and compiling its content models cost ~170 us a check (a tenth of a
 * small XML's). xmlValidateDtd compiles each element's content model on first use and
 * stores it in the DTD, so a DTD is not read-only: one thread at a time borrows the kept
 * one (a thread finding it busy parses its own, as before), and a DTD is kept only once
 * every content model compiled without an error. A model that fails to compile reports
 * its error once per DTD; that DTD is never kept, so every validation reports it, as
 * with a fresh DTD each time. */
static struct {
    PyThread_type_lock lock; /* held by the validation borrowing `dtd` */
    void *dtd;
    char *bytes;
    int size;
} kept_dtd;

static void count_error(void *user, const XmlError *error) {
    (void)error;
    ++*(int *)user;
}

/* `data` parsed and every content model compiled, with no error or warning at all; else NULL */
static void *ready_dtd(const char *data, int size) {
    int errors = 0;
    xml.set_structured_error(&errors, count_error);
    void *dtd = parse_dtd(data, size);
    void *valid = dtd != NULL ? xml.new_valid_ctxt() : NULL;
    if (valid == NULL)
        errors++;
    for (XmlNodeHead *node = dtd != NULL ? ((XmlNodeHead *)dtd)->children : NULL; node != NULL && !errors;
         node = node->next)
        if (node->type == XML_ELEMENT_DECL && !xml.build_content_model(valid, node))
            errors++;
    if (valid != NULL)
        xml.free_valid_ctxt(valid);
    if (errors && dtd != NULL) {
        xml.free_dtd(dtd);
        dtd = NULL;
    }
    return dtd;
}

/* the DTD of `data` for one validation: the kept one (*borrowed = 1; give it back with
 * PyThread_release_lock), else a private one the caller frees. The caller's error handler
 * is set again before a private parse, whose errors it sees as before. */
static void *borrow_dtd(const char *data, int size, Collector *collector, int *borrowed) {
    *borrowed = 0;
    if (kept_dtd.lock != NULL && PyThread_acquire_lock(kept_dtd.lock, NOWAIT_LOCK)) {
        int same = kept_dtd.dtd != NULL && kept_dtd.size == size && memcmp(kept_dtd.bytes, data, (size_t)size) == 0;
        if (!same) { /* keep this one instead, if it is fit to keep */
            void *fresh = ready_dtd(data, size);
            char *copy = fresh != NULL ? malloc((size_t)size) : NULL;
            xml.set_structured_error(collector, on_error);
            if (copy != NULL) {
                memcpy(copy, data, (size_t)size);
                if (kept_dtd.dtd != NULL)
                    xml.free_dtd(kept_dtd.dtd);
                free(kept_dtd.bytes);
                kept_dtd.dtd = fresh, kept_dtd.bytes = copy, kept_dtd.size = size;
                same = 1;
            } else if (fresh != NULL) {
                xml.free_dtd(fresh);
            }
        }
        if (same) {
            *borrowed = 1;
            return kept_dtd.dtd;
        }
        PyThread_release_lock(kept_dtd.lock);
    }
    return parse_dtd(data, size);
}

/* 1 valid, 0 invalid, -1 cannot tell (the caller falls back to lxml); with `kept` not NULL,
 * a document parsed without any error is left there instead of freed */
static int run_validation(const char *xml_data, int xml_size, const char *dtd_data, int dtd_size,
                          Collector *collector, void **kept) {
    StructuredErrorFunc old_handler = *xml.current_structured_error();
    void *old_context = *xml.current_structured_context();
    int result = -1, borrowed = 0;
    void *doc = NULL, *dtd = NULL, *valid = NULL;

    xml.set_structured_error(collector, on_error);
    doc = parse_document(xml_data, xml_size, collector);
    if (doc != NULL)
        dtd = borrow_dtd(dtd_data, dtd_size, collector, &borrowed);
    if (dtd != NULL && !collector->parse_failed)
        valid = xml.new_valid_ctxt(); /* zeroed: no legacy callbacks, errors go to our handler */
    if (valid != NULL) {
        collector->recording = 1;
        result = xml.validate_dtd(valid, doc, dtd);
        collector->recording = 0;
        if (result != 0 && result != 1)
            result = -1;
        xml.free_valid_ctxt(valid);
    }
    if (borrowed)
        PyThread_release_lock(kept_dtd.lock);
    else if (dtd != NULL)
        xml.free_dtd(dtd);
    if (doc != NULL && kept != NULL && !collector->parse_error && !collector->out_of_memory)
        *kept = doc;
    else if (doc != NULL)
        xml.free_doc(doc);
    xml.set_structured_error(old_context, old_handler);
    return collector->out_of_memory ? -1 : result;
}

/* the walk's errors, then the least unknown-ID errors in order: `keep` at most */
static PyObject *entries_tuple(Collector *collector) {
    qsort(collector->unknown_ids, collector->ids_kept, sizeof(Entry), compare_for_sort);
    size_t from_ids = collector->keep - collector->walk_kept;
    if (from_ids > collector->ids_kept)
        from_ids = collector->ids_kept;
    PyObject *entries = PyTuple_New((Py_ssize_t)(collector->walk_kept + from_ids));
    if (entries == NULL)
        return NULL;
    for (size_t i = 0; i < collector->walk_kept + from_ids; i++) {
        const Entry *entry = i < collector->walk_kept ? &collector->entries[i]
                                                      : &collector->unknown_ids[i - collector->walk_kept];
        PyObject *pair = entry->message != NULL ? Py_BuildValue("(iy)", entry->line, entry->message)
                                                : Py_BuildValue("(iO)", entry->line, Py_None);
        if (pair == NULL) {
            Py_DECREF(entries);
            return NULL;
        }
        PyTuple_SET_ITEM(entries, (Py_ssize_t)i, pair);
    }
    return entries;
}

static void free_entries(Collector *collector) {
    for (size_t i = 0; i < collector->walk_kept; i++)
        free(collector->entries[i].message);
    for (size_t i = 0; i < collector->ids_kept; i++)
        free(collector->unknown_ids[i].message);
    free(collector->entries);
    free(collector->unknown_ids);
}

static const char CAPSULE_NAME[] = "libxml2:xmlDoc";
static char TAKE_OWNERSHIP[] = "destructor:xmlFreeDoc"; /* lxml then frees the document itself */

static void free_capsule_doc(PyObject *capsule) {
    void *doc = PyCapsule_GetPointer(capsule, CAPSULE_NAME);
    if (doc != NULL)
        xml.free_doc(doc);
    else
        PyErr_Clear();
}

static PyObject *document_capsule(void *doc) {
    PyObject *capsule = PyCapsule_New(doc, CAPSULE_NAME, free_capsule_doc);
    if (capsule == NULL) {
        xml.free_doc(doc);
        return NULL;
    }
    if (PyCapsule_SetContext(capsule, TAKE_OWNERSHIP) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    return capsule;
}

static PyObject *run(PyObject *args, int keep_document) {
    Py_buffer xml_view, dtd_view;
    Py_ssize_t keep;
    if (!PyArg_ParseTuple(args, "y*y*n", &xml_view, &dtd_view, &keep))
        return NULL;
    PyObject *answer = NULL, *document = NULL;
    void *doc = NULL;
    Collector collector = {0};
    if (keep < 0 || keep > 1000000 || xml_view.len > INT_MAX || dtd_view.len > INT_MAX
        || xml_view.len == 0 || dtd_view.len == 0 || !plain_bytes(xml_view.buf, xml_view.len)) {
        answer = keep_document ? Py_BuildValue("(OO)", Py_None, Py_None) : Py_NewRef(Py_None);
        goto done;
    }
    collector.keep = (size_t)keep;
    collector.entries = calloc(collector.keep ? collector.keep : 1, sizeof(Entry));
    collector.unknown_ids = calloc(collector.keep ? collector.keep : 1, sizeof(Entry));
    if (collector.entries == NULL || collector.unknown_ids == NULL) {
        free_entries(&collector);
        answer = PyErr_NoMemory();
        goto done;
    }
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = run_validation(xml_view.buf, (int)xml_view.len, dtd_view.buf, (int)dtd_view.len, &collector,
                            keep_document ? &doc : NULL);
    Py_END_ALLOW_THREADS
    if (doc != NULL && (document = document_capsule(doc)) == NULL)
        goto entries_done; /* document_capsule freed the document */
    if (result < 0) {
        answer = Py_NewRef(Py_None);
    } else {
        PyObject *entries = entries_tuple(&collector);
        if (entries != NULL)
            answer = Py_BuildValue("(OnN)", result ? Py_True : Py_False, (Py_ssize_t)collector.count, entries);
    }
    if (answer != NULL && keep_document) /* the capsule's destructor frees an unclaimed document */
        Py_SETREF(answer, Py_BuildValue("(OO)", answer, document != NULL ? document : Py_None));
entries_done:
    Py_XDECREF(document);
    free_entries(&collector);
done:
    PyBuffer_Release(&xml_view);
    PyBuffer_Release(&dtd_view);
    return answer;
}

static PyObject *validate(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, 0);
}

static PyObject *parse_and_validate(PyObject *self, PyObject *args) {
    (void)self;
    return run(args, 1);
}

/* ---- binding lxml's libxml2 */

/* 0 when XmlDocHead matches this libxml2 (a parsed declaration's version and encoding sit
 * where it says), else -1 with ImportError set: then no kernel, lxml validates */
static int probe_document_layout(void) {
    static const char probe[] = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>";
    void *ctxt = xml.new_parser_ctxt();
    void *doc = ctxt != NULL ? xml.ctxt_read_memory(ctxt, probe, (int)sizeof probe - 1, NULL, NULL, HARDENED_OPTIONS)
                             : NULL;
    if (ctxt != NULL)
        xml.free_parser_ctxt(ctxt);
    const XmlDocHead *head = (const XmlDocHead *)doc;
    int known = head != NULL && head->type == XML_DOCUMENT_NODE && head->version != NULL
                && strcmp((const char *)head->version, "1.0") == 0 && head->encoding != NULL
                && strcmp((const char *)head->encoding, "ISO-8859-1") == 0;
    if (doc != NULL)
        xml.free_doc(doc);
    if (!known)
        PyErr_SetString(PyExc_ImportError, "libxml2's xmlDoc is not laid out as _dtdvalid.c expects");
    return known ? 0 : -1;
}
static int bind_symbols(void) {
    void *library = lxml_libxml2();
    if (library == NULL)
        return -1;
    struct { void **slot; const char *name; int required; } table[] = {
        {(void **)&xml.init_parser, "xmlInitParser", 1},
        {(void **)&xml.new_parser_ctxt, "xmlNewParserCtxt", 1},
        {(void **)&xml.free_parser_ctxt, "xmlFreeParserCtxt", 1},
        {(void **)&xml.set_resource_loader, "xmlCtxtSetResourceLoader", 0},
        {(void **)&xml.ctxt_read_memory, "xmlCtxtReadMemory", 1},
        {(void **)&xml.free_doc, "xmlFreeDoc", 1},
        {(void **)&xml.strdup, "xmlStrdup", 1},
        {(void **)&xml.input_buffer_mem, "xmlParserInputBufferCreateMem", 1},
        {(void **)&xml.io_parse_dtd, "xmlIOParseDTD", 1},
        {(void **)&xml.free_dtd, "xmlFreeDtd", 1},
        {(void **)&xml.new_valid_ctxt, "xmlNewValidCtxt", 1},
        {(void **)&xml.free_valid_ctxt, "xmlFreeValidCtxt", 1},
        {(void **)&xml.validate_dtd, "xmlValidateDtd", 1},
        {(void **)&xml.build_content_model, "xmlValidBuildContentModel", 1},
        {(void **)&xml.set_structured_error, "xmlSetStructuredErrorFunc", 1},
        {(void **)&xml.current_structured_error, "__xmlStructuredError", 1},
        {(void **)&xml.current_structured_context, "__xmlStructuredErrorContext", 1},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        *table[i].slot = dlsym(library, table[i].name);
        if (*table[i].slot == NULL && table[i].required) {
            PyErr_Format(PyExc_ImportError, "lxml's libxml2 lacks %s", table[i].name);
            return -1;
        }
    }
    xml.init_parser();
    return probe_document_layout();
}

static PyMethodDef methods[] = {
    {"validate", validate, METH_VARARGS,
     "validate(xml, dtd, keep) -> (valid, error_count, ((line, message), ...)) or None: "
     "DTD validation with lxml's libxml2, without the GIL"},
    {"parse_and_validate", parse_and_validate, METH_VARARGS,
     "parse_and_validate(xml, dtd, keep) -> (validate's answer, capsule of the parsed document or None)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_dtdvalid", .m_size = -1, .m_methods = methods,
};

PyMODINIT_FUNC PyInit__dtdvalid(void) {
    if (bind_symbols() < 0)
        return NULL;
    if (kept_dtd.lock == NULL && (kept_dtd.lock = PyThread_allocate_lock()) == NULL)
        return PyErr_NoMemory();
    return PyModule_Create(&module);
}
