/* srv_files.c - the table of the documents built into nimberd (srv_files.S holds them). */
#include "srv_files.h"

#include <string.h>

#define FILE_ROW(path, type, name) {path, type, name, name##_end}
#define DECLARE(name) extern const char name[], name##_end[]
DECLARE(srv_file_openapi);
DECLARE(srv_file_index);
DECLARE(srv_file_js);
DECLARE(srv_file_css);
DECLARE(srv_file_icon);

static const srv_file files[] = {
    FILE_ROW("/openapi.yaml", "application/yaml", srv_file_openapi),
    FILE_ROW("/", "text/html; charset=utf-8", srv_file_index),
    FILE_ROW("/nimber.js", "text/javascript; charset=utf-8", srv_file_js),
    FILE_ROW("/nimber.css", "text/css; charset=utf-8", srv_file_css),
    FILE_ROW("/nimber.svg", "image/svg+xml", srv_file_icon),
};

const srv_file *srv_file_find(const char *path)
{
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        if (!strcmp(files[i].path, path))
            return &files[i];
    return NULL;
}
