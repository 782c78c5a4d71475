/* srv_files.h - the documents built into nimberd (the OpenAPI document, the web page),
 * each with the path it is served at and its media type. */
#ifndef SRV_FILES_H
#define SRV_FILES_H

typedef struct srv_file {
    const char *path;
    const char *media_type;
    const char *text, *end; /* static: the bytes [text, end) live as long as the program */
} srv_file;

/* The file served at `path`, or NULL. */
const srv_file *srv_file_find(const char *path);

#endif
