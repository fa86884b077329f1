/* An element's attribute read as lxml reads it (`element.get(name)`), for _columns.c:
 * the heads of libxml2's public node, document and DTD structs it walks, the libxml2
 * functions it borrows (filled by _columns.c's bind_symbols), and a cache that makes each
 * distinct value of a column one Python string. Included once, by _columns.c; every
 * function is static. */
#ifndef DDAY2_XMLATTRIBUTE_H
#define DDAY2_XMLATTRIBUTE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* the head of libxml2's public xmlNode (tree.h, unchanged since libxml2 2.0): the type,
 * the name and the links the walks follow */
typedef struct XmlNode {
    void *private_data;
    int type;
    const char *name;
    struct XmlNode *children, *last, *parent, *next, *prev;
    void *doc;
    void *ns;
} XmlNode;
typedef XmlNode XmlNodeHead;

enum { XML_ELEMENT_NODE = 1, XML_TEXT_NODE = 3, XML_CDATA_SECTION_NODE = 4 };

/* libxml2's public xmlNode past its head (tree.h): a text node's content, an element's
 * attributes (xmlAttr, whose head is the same as a node's: its value is in its children) */
typedef struct {
    XmlNode head;
    const unsigned char *content;
    XmlNode *properties;
} XmlNodeBody;

/* the heads of libxml2's public xmlDtd and xmlDoc (tree.h): whether a document's DTD declares
 * attribute defaults, which xmlGetNsProp gives for an attribute an element lacks */
typedef struct {
    void *private_data;
    int type;
    const char *name;
    void *children, *last, *parent, *next, *prev, *doc;
    void *notations, *elements, *attributes;
} XmlDtdHead;

typedef struct {
    void *private_data;
    int type;
    const char *name;
    void *children, *last, *parent, *next, *prev, *doc;
    int compression, standalone;
    XmlDtdHead *int_subset, *ext_subset;
} XmlDocHead;

/* whether xmlGetNsProp may find a default for an absent attribute of a node of this document:
 * it looks only where the document has an internal subset, in it and then in the external one */
static int may_have_defaults(const void *doc) {
    if (doc == NULL)
        return 0;
    const XmlDocHead *head = doc;
    if (head->int_subset == NULL)
        return 0;
    return head->int_subset->attributes != NULL || (head->ext_subset != NULL && head->ext_subset->attributes != NULL);
}

typedef void (*XmlFreeFunc)(void *);

static struct {
    unsigned char *(*get_ns_prop)(const void *, const unsigned char *, const unsigned char *);
    long (*get_line_no)(const void *);
    XmlFreeFunc *free_slot; /* libxml2's `xmlFree` is a variable holding the function */
} xml;

/* The values of one column, each distinct one made a Python string once: a column repeats
 * few values many times (option names, `true`), so the strings are shared, which also spares
 * freeing them and lets Python reuse each one's cached hash. Keyed by the value's bytes in the
 * document, which do not move while the column is read. */
typedef struct {
    uint64_t hash;
    const unsigned char *text; /* NULL: a free slot */
    size_t size;
    PyObject *value; /* a borrowed reference: the column's list holds one */
} TextSlot;

enum { TEXT_CACHE_FIRST = 64, TEXT_CACHE_MOST = 1 << 16 };

typedef struct {
    TextSlot *slots;
    size_t mask, used;
    TextSlot first[TEXT_CACHE_FIRST];
} TextCache;

static void text_cache_init(TextCache *cache) {
    memset(cache->first, 0, sizeof cache->first);
    cache->slots = cache->first;
    cache->mask = TEXT_CACHE_FIRST - 1;
    cache->used = 0;
}

static void text_cache_free(TextCache *cache) {
    if (cache->slots != cache->first)
        PyMem_Free(cache->slots);
}

/* the slot of these bytes: theirs, or the free one where they go */
static TextSlot *text_cache_slot(TextCache *cache, uint64_t hash, const unsigned char *text, size_t size) {
    for (size_t i = (size_t)hash & cache->mask;; i = (i + 1) & cache->mask) {
        TextSlot *slot = &cache->slots[i];
        if (slot->text == NULL || (slot->hash == hash && slot->size == size && memcmp(slot->text, text, size) == 0))
            return slot;
    }
}

/* keep a new value; a full cache (or no memory to grow it) just stops keeping */
static void text_cache_add(TextCache *cache, TextSlot *slot, uint64_t hash, const unsigned char *text, size_t size,
                           PyObject *value) {
    if ((cache->used + 1) * 2 > cache->mask + 1) {
        size_t capacity = (cache->mask + 1) * 2;
        if (capacity > TEXT_CACHE_MOST)
            return;
        TextSlot *grown = PyMem_Calloc(capacity, sizeof(TextSlot));
        if (grown == NULL)
            return;
        TextSlot *old = cache->slots;
        size_t old_capacity = cache->mask + 1;
        cache->slots = grown;
        cache->mask = capacity - 1;
        for (size_t i = 0; i < old_capacity; i++)
            if (old[i].text != NULL)
                *text_cache_slot(cache, old[i].hash, old[i].text, old[i].size) = old[i];
        if (old != cache->first)
            PyMem_Free(old);
        slot = text_cache_slot(cache, hash, text, size);
    }
    slot->hash = hash;
    slot->text = text;
    slot->size = size;
    slot->value = value;
    cache->used++;
}

/* what attribute_text found */
enum { ATTRIBUTE_TEXT, ATTRIBUTE_ABSENT, ATTRIBUTE_JOINED };

/* the attribute's value where it is one text in the document (what xmlGetNsProp copies): sets
 * *text and answers ATTRIBUTE_TEXT; else ATTRIBUTE_ABSENT, or ATTRIBUTE_JOINED where its value
 * is made of several nodes (an entity reference), which libxml2 joins */
static int attribute_text(const void *node, const unsigned char *name, const unsigned char **text) {
    for (const XmlNode *attribute = ((const XmlNodeBody *)node)->properties; attribute != NULL;
         attribute = attribute->next) {
        if (attribute->ns != NULL || attribute->name == NULL || strcmp(attribute->name, (const char *)name) != 0)
            continue;
        const XmlNode *child = attribute->children;
        if (child == NULL) {
            *text = (const unsigned char *)"";
            return ATTRIBUTE_TEXT;
        }
        if (child->next == NULL && (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)) {
            *text = ((const XmlNodeBody *)child)->content;
            return ATTRIBUTE_TEXT;
        }
        return ATTRIBUTE_JOINED;
    }
    return ATTRIBUTE_ABSENT;
}

/* as lxml's _getNodeAttributeValue for a key without a namespace (`fallback` where it gives
 * None); a new reference, NULL with an exception set */
static PyObject *attribute_value(const void *node, const unsigned char *name, PyObject *fallback, TextCache *cache) {
    const unsigned char *text = NULL;
    int found = attribute_text(node, name, &text);
    if (found == ATTRIBUTE_ABSENT && !may_have_defaults(((const XmlNode *)node)->doc))
        return Py_NewRef(fallback); /* what xmlGetNsProp answers, without walking the attributes again */
    if (found == ATTRIBUTE_TEXT) {
        uint64_t hash = 14695981039346656037ULL; /* FNV-1a */
        size_t size = 0;
        for (; text[size] != 0; size++)
            hash = (hash ^ text[size]) * 1099511628211ULL;
        TextSlot *slot = text_cache_slot(cache, hash, text, size);
        if (slot->text != NULL)
            return Py_NewRef(slot->value);
        PyObject *decoded = PyUnicode_DecodeUTF8((const char *)text, (Py_ssize_t)size, NULL);
        if (decoded != NULL)
            text_cache_add(cache, slot, hash, text, size, decoded);
        return decoded;
    }
    unsigned char *value = xml.get_ns_prop(node, name, NULL);
    if (value == NULL)
        return Py_NewRef(fallback);
    PyObject *decoded = PyUnicode_DecodeUTF8((const char *)value, (Py_ssize_t)strlen((const char *)value), NULL);
    (*xml.free_slot)(value);
    return decoded;
}

#endif
