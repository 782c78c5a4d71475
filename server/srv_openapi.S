/* srv_openapi.S - the OpenAPI document, built into nimberd for GET /openapi.yaml. */
    .section .rodata
    .global srv_openapi_yaml
    .global srv_openapi_yaml_end
srv_openapi_yaml:
    .incbin "openapi.yaml"
srv_openapi_yaml_end:
    .byte 0
    .section .note.GNU-stack,"",@progbits
