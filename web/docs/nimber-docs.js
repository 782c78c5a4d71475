// nimber-docs.js - starts Swagger UI on nimberd's own openapi.yaml. validatorUrl null: the
// default asks validator.swagger.io for a badge, a request to another host that
// nimberd's Content-Security-Policy (default-src 'self') refuses.
"use strict";
window.addEventListener("load", () => {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#swagger-ui",
    validatorUrl: null,
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    tryItOutEnabled: false,
    displayRequestDuration: true,
  });
});
