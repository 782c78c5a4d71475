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
DECLARE(srv_file_docs);
DECLARE(srv_file_docs_js);
DECLARE(srv_file_docs_bundle);
DECLARE(srv_file_docs_css);
DECLARE(srv_file_docs_license);
DECLARE(srv_file_docs_notice);

static const srv_file files[] = {
    FILE_ROW("/openapi.yaml", "application/yaml", srv_file_openapi),
    FILE_ROW("/", "text/html; charset=utf-8", srv_file_index),
    FILE_ROW("/nimber.js", "text/javascript; charset=utf-8", srv_file_js),
    FILE_ROW("/nimber.css", "text/css; charset=utf-8", srv_file_css),
    FILE_ROW("/nimber.svg", "image/svg+xml", srv_file_icon),
    FILE_ROW("/docs", "text/html; charset=utf-8", srv_file_docs),
    FILE_ROW("/docs/nimber-docs.js", "text/javascript; charset=utf-8", srv_file_docs_js),
    FILE_ROW("/docs/swagger-ui-bundle.js", "text/javascript; charset=utf-8", srv_file_docs_bundle),
    FILE_ROW("/docs/swagger-ui.css", "text/css; charset=utf-8", srv_file_docs_css),
    FILE_ROW("/docs/LICENSE", "text/plain; charset=utf-8", srv_file_docs_license),
    FILE_ROW("/docs/NOTICE", "text/plain; charset=utf-8", srv_file_docs_notice),
};

const srv_file *srv_file_find(const char *path)
{
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        if (!strcmp(files[i].path, path))
            return &files[i];
    return NULL;
}
