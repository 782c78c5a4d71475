/* srv_files.c - the documents built into nimberd: the OpenAPI document (srv_files.S) and
 * every file of the page under web/ (the table scripts/embed-web.sh writes). */
#include "srv_files.h"

#include <stdint.h>
#include <string.h>

extern const char srv_file_openapi[], srv_file_openapi_end[];
extern const srv_file srv_web_files[];
extern const uint64_t srv_web_file_count;

static const srv_file openapi = {"/openapi.yaml", "application/yaml", srv_file_openapi,
                                 srv_file_openapi_end};

const srv_file *srv_file_find(const char *path)
{
    if (!strcmp(path, openapi.path))
        return &openapi;
    if (!strcmp(path, "/")) /* the page, and the API reference, by their folders' names */
        path = "/index.html";
    else if (!strcmp(path, "/docs"))
        path = "/docs/index.html";
    for (uint64_t i = 0; i < srv_web_file_count; i++)
        if (!strcmp(srv_web_files[i].path, path))
            return &srv_web_files[i];
    return NULL;
}
