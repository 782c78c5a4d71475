/* srv_files.S - the documents built into nimberd: the OpenAPI document, the web page, and
 * the API reference (/docs: Swagger UI, vendored in web/docs/). */
    .section .rodata
    .macro file name, path
    .global \name
    .global \name\()_end
\name:
    .incbin "\path"
\name\()_end:
    .byte 0
    .endm
    file srv_file_openapi, "openapi.yaml"
    file srv_file_index, "web/index.html"
    file srv_file_js, "web/nimber.js"
    file srv_file_css, "web/nimber.css"
    file srv_file_icon, "web/nimber.svg"
    file srv_file_docs, "web/docs/index.html"
    file srv_file_docs_js, "web/docs/nimber-docs.js"
    file srv_file_docs_bundle, "web/docs/swagger-ui-bundle.js"
    file srv_file_docs_css, "web/docs/swagger-ui.css"
    file srv_file_docs_license, "web/docs/LICENSE"
    file srv_file_docs_notice, "web/docs/NOTICE"
    .section .note.GNU-stack,"",@progbits
