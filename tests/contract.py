"""contract.py - openapi.yaml as the checks use it: its Schema Objects resolved, and the
schema each documented response has, so that any answer the tests receive can be held to
the document (Debian's python3-yaml and python3-jsonschema)."""
import jsonschema
import yaml


class Contract:
    def __init__(self, spec_path):
        with open(spec_path) as f:
            self.spec = yaml.safe_load(f)
        self.resolver = jsonschema.RefResolver("", self.spec)

    def resolve(self, node):
        """The node a $ref points at (followed until it is no $ref)."""
        while isinstance(node, dict) and "$ref" in node:
            target = self.spec
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = target
        return node

    def schema_errors(self, value, schema, int64=None):
        """How value breaks schema (a Schema Object of the document, $refs into it allowed).
        int64 "string" or "number": every value where a `format: int64` schema applies must
        be a string of digits (an answer to ?int64=string) or a JSON number (any other)."""
        checker = None
        if int64:
            checker = jsonschema.FormatChecker([])
            want = str if int64 == "string" else int
            checker.checks("int64")(lambda v: isinstance(v, want) and not isinstance(v, bool))
        validator = jsonschema.Draft202012Validator(schema, resolver=self.resolver,
                                                    format_checker=checker)
        return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in validator.iter_errors(value)]

    def answer_errors(self, method, path, status, answer, int64=None):
        """How a JSON answer breaks the schema documented for that route and status (the
        query string is not part of the path); [] when it fits. int64: as schema_errors."""
        op = self.spec["paths"].get(path.split("?")[0], {}).get(method.lower())
        if op is None:
            return [f"{method} {path} is not documented"]
        resp = op["responses"].get(str(status))
        if resp is None:
            return [f"{method} {path} does not document status {status}"]
        schemas = [m["schema"] for m in self.resolve(resp).get("content", {}).values()
                   if "schema" in m]
        if not schemas:
            return [f"{method} {path} {status} documents no schema"]
        return self.schema_errors(answer, schemas[0], int64)
