/* srv_files.S - the documents built into nimberd: the OpenAPI document and the web page. */
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
    .section .note.GNU-stack,"",@progbits
