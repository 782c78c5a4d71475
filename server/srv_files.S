/* srv_files.S - the OpenAPI document built into nimberd (the page's files are built in by
 * the assembly scripts/embed-web.sh writes). */
    .section .rodata
    .global srv_file_openapi
    .global srv_file_openapi_end
srv_file_openapi:
    .incbin "openapi.yaml"
srv_file_openapi_end:
    .byte 0
    .section .note.GNU-stack,"",@progbits
