#!/usr/bin/env node
// k8s_check.js - the Kubernetes manifests are valid objects and a sound deployment: the
// default (docker/k8s/base, a kustomization that runs on any cluster) and the overlay that
// shares one table volume (docker/k8s/shared-tables), both rendered as kustomize renders
// them (and compared with `kubectl kustomize` where kubectl is installed). Each object is
// checked against the Kubernetes schema of its kind
// (kubernetes-models' validators, pinned by tests/k8s/package-lock.json), and a field the
// schema does not know is an error too (the validator is run on a proxy that records the
// fields it reads: a field it never reads is unknown). Then the Deployment is held to what
// an operator expects: a pull policy, probes and scrape annotations on the port nimberd is
// configured to listen on, a locked-down security context, requests and limits, and a
// Service, PodDisruptionBudget and HorizontalPodAutoscaler that select or target it. The
// environment variables must be ones `nimberd --help` lists. A copy with a misspelt field
// must fail, so that the check is seen to bite.
// Usage: k8s_check.js NIMBERD MANIFEST_DIR
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const modules = path.join(__dirname, "k8s", "node_modules");
const YAML = require(path.join(modules, "yaml"));
const jsonpatch = require(path.join(modules, "fast-json-patch"));

const [binary, dir] = process.argv.slice(2);
let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) passed++;
  else { failed++; console.log("FAIL:", what); }
}

// The schema validator of apiVersion/kind, named as kubernetes-models names them
// (apps/v1 Deployment: IoK8sApiAppsV1Deployment; v1 Service: IoK8sApiCoreV1Service), and
// for a custom resource of the Prometheus Operator as its package does
// (monitoring.coreos.com/v1 ServiceMonitor: MonitoringCoreosComV1ServiceMonitor).
function validator(apiVersion, kind) {
  const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["core", apiVersion];
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const file = group.endsWith(".coreos.com")
    ? path.join(modules, "@kubernetes-models", "prometheus-operator", "_schemas",
                `${group.split(".").map(cap).join("")}${cap(version)}${kind}.js`)
    : path.join(modules, "kubernetes-models", "_schemas",
                `IoK8sApi${cap(group.split(".")[0])}${cap(version)}${kind}.js`);
  return fs.existsSync(file) ? require(file).validate : null;
}

// value seen through a proxy that adds to `read` the path of every own field read
function watched(value, at, read) {
  if (value === null || typeof value !== "object") return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof key !== "string") return v;
      if (Object.prototype.hasOwnProperty.call(target, key)) read.add(`${at}/${key}`);
      return watched(v, `${at}/${key}`, read);
    },
  });
}

function unread(value, at, read, out) {
  if (value === null || typeof value !== "object") return out;
  for (const key of Object.keys(value)) {
    const p = `${at}/${key}`;
    if (!read.has(p)) out.push(p);
    else unread(value[key], p, read, out);
  }
  return out;
}

// The schema's errors and the unknown fields of one object: [] when it is valid.
function problems(obj) {
  const validate = obj && obj.apiVersion && obj.kind && validator(obj.apiVersion, obj.kind);
  if (!validate) return [`no schema for ${obj && obj.apiVersion} ${obj && obj.kind}`];
  const read = new Set();
  const errors = validate(watched(obj, "", read))
    ? [] : validate.errors.map((e) => `${e.instancePath} ${e.message}`);
  return errors.concat(unread(obj, "", read, []).map((p) => `${p}: unknown field`));
}

// The objects a kustomization directory renders, as `kubectl apply -k` does for the
// fields the manifests use: resources (files, and directories with a kustomization of
// their own) and patches (JSON Patch operations, RFC 6902, on a target by kind and name,
// applied by fast-json-patch). Any other field is an error, so that this reader cannot
// quietly differ from kustomize. Each object comes with the file it was read from.
const manifestsRead = new Set(); // every manifest file a kustomization named
function render(dir) {
  const file = path.join(dir, "kustomization.yaml");
  const k = YAML.parse(fs.readFileSync(file, "utf8")) || {};
  check(k.apiVersion === "kustomize.config.k8s.io/v1beta1" && k.kind === "Kustomization",
        `${file} is a Kustomization`);
  const other = Object.keys(k).filter((f) => !["apiVersion", "kind", "resources", "patches"].includes(f));
  check(other.length === 0, `${file}: fields the check does not render: ${other.join(", ")}`);
  const out = [];
  for (const r of k.resources || []) {
    const at = path.join(dir, r);
    if (fs.statSync(at).isDirectory()) { out.push(...render(at)); continue; }
    manifestsRead.add(path.resolve(at));
    for (const doc of YAML.parseAllDocuments(fs.readFileSync(at, "utf8"))) {
      check(doc.errors.length === 0, `${at}: ${doc.errors.join("; ")}`);
      const obj = doc.toJS();
      if (obj) out.push({ file: at, obj });
    }
  }
  for (const { target = {}, patch } of k.patches || []) {
    const hits = out.filter((o) => o.obj.kind === target.kind && o.obj.metadata.name === target.name);
    check(hits.length === 1, `${file}: a patch's target ${target.kind} ${target.name} is one object`);
    for (const hit of hits) {
      try {
        hit.obj = jsonpatch.applyPatch(hit.obj, YAML.parse(patch), true, false).newDocument;
      } catch (e) {
        check(false, `${file}: the patch of ${target.kind} ${target.name} fails: ${e.message.split("\n")[0]}`);
      }
    }
  }
  return out;
}

// every object of a rendering valid against its schema, with the recommended labels
const RECOMMENDED = ["name", "instance", "version", "component", "part-of"].map((k) => `app.kubernetes.io/${k}`);
function validated(rendered) {
  for (const { file, obj } of rendered) {
    const found = problems(obj);
    check(found.length === 0, `${file}: ${obj.kind} ${obj.metadata && obj.metadata.name}: ${found.join("; ")}`);
    const have = (obj.metadata && obj.metadata.labels) || {};
    check(RECOMMENDED.every((k) => typeof have[k] === "string" && have[k]),
          `${obj.kind} ${obj.metadata && obj.metadata.name} carries ${RECOMMENDED.join(", ")}`);
  }
  return rendered.map((r) => r.obj);
}

// the default, for any cluster (docker/k8s/base), and the shared-volume overlay
const objects = validated(render(path.join(dir, "base")));
const shared = validated(render(path.join(dir, "shared-tables")));
const files = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? files(path.join(d, e.name))
    : /\.ya?ml$/.test(e.name) && e.name !== "kustomization.yaml" ? [path.resolve(d, e.name)] : []);
const orphans = files(dir).filter((f) => !manifestsRead.has(f));
check(orphans.length === 0, `manifests no kustomization applies: ${orphans.join(", ")}`);
const of = (kind) => objects.filter((o) => o.kind === kind);
for (const kind of ["Deployment", "PodDisruptionBudget", "HorizontalPodAutoscaler", "ServiceMonitor"])
  check(of(kind).length === 1, `one ${kind} (found ${of(kind).length})`);
check(of("Service").length === 2, `a Service for traffic and one for metrics (found ${of("Service").length})`);

// the check bites: a misspelt field and a wrong type are both refused, in a custom
// resource too
const deployment = of("Deployment")[0] || {};
const monitor = JSON.parse(JSON.stringify(of("ServiceMonitor")[0] || {}));
if (monitor.spec) monitor.spec.endpoints[0].intervall = "30s";
check(problems(monitor).some((p) => p.includes("intervall: unknown field")),
      "a misspelt field of the ServiceMonitor is refused");
const misspelt = JSON.parse(JSON.stringify(deployment));
if (misspelt.spec) misspelt.spec.template.spec.containers[0].imagePullPolcy = "Always";
check(problems(misspelt).some((p) => p.includes("imagePullPolcy: unknown field")),
      "a misspelt field is refused");
const mistyped = JSON.parse(JSON.stringify(deployment));
if (mistyped.spec) mistyped.spec.replicas = "three";
check(problems(mistyped).length > 0, "a string for replicas is refused");

// the Deployment as an operator expects it
const pod = (deployment.spec && deployment.spec.template) || { metadata: {}, spec: {} };
const labels = pod.metadata.labels || {};
const c = (pod.spec.containers || [])[0] || {};
const env = Object.fromEntries((c.env || []).map((e) => [e.name, e.value]));
const help = execFileSync(binary, ["--help"], { encoding: "utf8" });
for (const name of Object.keys(env))
  check(help.includes(name), `env ${name} is not a variable nimberd --help lists`);
const listen = Number(env.NIMBER_PORT || 8080);
const named = Object.fromEntries((c.ports || []).map((p) => [p.name, p.containerPort]));
const portOf = (p) => (typeof p === "string" ? named[p] : p);
check((c.ports || []).some((p) => p.containerPort === listen),
      `the container declares the port nimberd listens on (${listen})`);
check(["Always", "IfNotPresent", "Never"].includes(c.imagePullPolicy), "imagePullPolicy is set");
check(c.image && !/:latest$|^[^:]*$/.test(c.image), `the image has a fixed tag: ${c.image}`);
// the tag the operations document builds and compose runs is the one the Deployment runs
const readme = fs.readFileSync(path.join(__dirname, "..", "docs", "OPERATIONS.md"), "utf8");
const compose = fs.readFileSync(path.join(__dirname, "..", "docker", "compose.yaml"), "utf8");
check(readme.includes(`docker build -f docker/Dockerfile --build-arg COMMIT=$(git rev-parse --short HEAD) -t ${c.image} .`) &&
      compose.includes(`image: ${c.image}\n`),
      `docs/OPERATIONS.md's docker build and compose.yaml use the Deployment's image ${c.image}`);
// compose's load balancer: nginx's stable line (1.30 from April 2026), pinned by digest
const proxy = (compose.match(/^ {4}image: (nginx:\S+)$/m) || [])[1] || "";
check(/^nginx:1\.(3[02468]|[4-9]\d)\.\d+@sha256:[0-9a-f]{64}$/.test(proxy),
      `compose runs a supported nginx pinned by digest: ${proxy || "(none)"}`);
// the image builds on a base pinned by digest, the same in every stage, and says which
const dockerfile = fs.readFileSync(path.join(__dirname, "..", "docker", "Dockerfile"), "utf8");
const base = (dockerfile.match(/^ARG BASE=(\S+)$/m) || [])[1] || "";
const froms = dockerfile.match(/^FROM .*$/gm) || [];
check(/^[a-z0-9./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/.test(base),
      `the Dockerfile's base is pinned by digest: ${base || "(no ARG BASE)"}`);
check(froms.length >= 2 && froms.every((f) => /^FROM \$\{BASE\}( AS \w+)?$/.test(f)),
      `every stage builds FROM \${BASE}: ${froms.join("; ")}`);
check(dockerfile.includes('org.opencontainers.image.base.name="$BASE"'),
      "the image's labels name its base");
// the runtime stage keeps nothing of apt in its layer: lists, caches and logs go in the
// RUN that installs (a later RUN cannot take them out of the layer before it)
const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
const installs = (runtime.match(/^RUN [^]*?[^\\]\n/gm) || []).filter((r) => r.includes("apt-get install"));
check(installs.length === 1 && ["apt-get clean", "/var/lib/apt/lists/*", "/var/cache/apt/*",
                                "/var/log/apt"].every((w) => installs[0].includes(w)),
      `the runtime stage's apt-get install removes apt's lists, caches and logs in its layer`);
for (const [probe, route] of [["readinessProbe", "/readyz"], ["livenessProbe", "/healthz"],
                              ["startupProbe", "/readyz"]]) {
  const get = c[probe] && c[probe].httpGet;
  check(get && get.path === route && portOf(get.port) === listen,
        `${probe} GETs ${route} on port ${listen}: ${JSON.stringify(get)}`);
}
const notes = pod.metadata.annotations || {};
// metrics on a listener of their own (--metrics-listen), else on the main port
const scrape = env.NIMBER_METRICS_LISTEN ? Number(env.NIMBER_METRICS_LISTEN.split(":").pop()) : listen;
check((c.ports || []).some((p) => p.containerPort === scrape),
      `the container declares the port metrics are served on (${scrape})`);
check(notes["prometheus.io/scrape"] === "true" && Number(notes["prometheus.io/port"]) === scrape &&
      notes["prometheus.io/path"] === "/metrics", "Prometheus scrapes /metrics on its port");
const psc = pod.spec.securityContext || {}, csc = c.securityContext || {};
check(psc.runAsNonRoot === true && psc.runAsUser > 0, "the pod runs as a non-root user");
check(csc.readOnlyRootFilesystem === true, "the root filesystem is read-only");
check(csc.allowPrivilegeEscalation === false, "no privilege escalation");
check(JSON.stringify((csc.capabilities || {}).drop) === '["ALL"]', "every capability dropped");
const res = c.resources || {};
for (const kind of ["requests", "limits"])
  check(res[kind] && res[kind].cpu && res[kind].memory, `cpu and memory ${kind}`);
const selects = (sel) => sel && Object.entries(sel).every(([k, v]) => labels[k] === v);
const stable = (sel) => JSON.stringify(Object.keys(sel || {}).sort()) ===
  JSON.stringify(["app.kubernetes.io/instance", "app.kubernetes.io/name"]);
check(stable(deployment.spec && deployment.spec.selector.matchLabels),
      "the Deployment selects its pods by name and instance alone (a selector cannot change)");
const [svc, metricsSvc] = ["http", "metrics"].map((port) => of("Service").find(
  (s) => (s.spec.ports || []).some((p) => portOf(p.targetPort) === (port === "http" ? listen : scrape)))
  || { spec: {}, metadata: {} });
check(selects(svc.spec.selector) && stable(svc.spec.selector) &&
      (svc.spec.ports || []).every((p) => portOf(p.targetPort) === listen),
      "the Service selects the pods and targets their port");
check(selects(metricsSvc.spec.selector) && metricsSvc.spec.clusterIP === "None" &&
      (metricsSvc.spec.ports || []).every((p) => portOf(p.targetPort) === scrape),
      "a headless Service exposes the metrics port alone");
const sm = of("ServiceMonitor")[0] || { spec: {} };
const smSel = (sm.spec.selector || {}).matchLabels || {};
const picks = (s) => Object.entries(smSel).every(([k, v]) => (s.metadata.labels || {})[k] === v);
check(picks(metricsSvc) && !picks(svc) && (sm.spec.endpoints || []).some(
  (e) => e.port === "metrics" && e.path === "/metrics"),
      "the ServiceMonitor scrapes /metrics through the metrics Service alone");
const pdb = of("PodDisruptionBudget")[0] || { spec: {} };
check(selects((pdb.spec.selector || {}).matchLabels) && pdb.spec.maxUnavailable === 1 &&
      pdb.spec.minAvailable === undefined,
      "the PDB lets one replica go at a time, at any scale (maxUnavailable: 1)");
const hpa = of("HorizontalPodAutoscaler")[0] || { spec: {} };
const target = hpa.spec.scaleTargetRef || {};
check(target.kind === "Deployment" && target.name === deployment.metadata.name &&
      (hpa.spec.metrics || []).some((m) => m.resource && m.resource.name === "cpu"),
      "the HPA scales the Deployment on CPU");
check(deployment.spec && deployment.spec.replicas === undefined,
      "the Deployment leaves its replicas to the HPA (an apply would reset them)");
check(hpa.spec.minReplicas >= 2, "the HPA keeps at least two replicas, so one may go");
const spread = pod.spec.topologySpreadConstraints || [];
for (const key of ["kubernetes.io/hostname", "topology.kubernetes.io/zone"])
  check(spread.some((t) => t.topologyKey === key && selects((t.labelSelector || {}).matchLabels)),
        `the pods spread across ${key}`);

// Tables: the default runs on a plain cluster (an emptyDir per pod, no claim); the
// overlay changes only that volume, to a ReadWriteMany claim the precompute Job shares
const tablesOf = (o) => (((o.spec || {}).template || {}).spec || { volumes: [] }).volumes
  .find((v) => v.name === "tables") || {};
const MIB = { Mi: 1, Gi: 1024, Ti: 1 << 20 };
const sizeMiB = (q) => { const m = /^(\d+)(Mi|Gi|Ti)$/.exec(q || ""); return m ? Number(m[1]) * MIB[m[2]] : 0; };
const own = tablesOf(deployment).emptyDir;
check(own && sizeMiB(own.sizeLimit) >= Number(env.NIMBER_TABLE_DIR_MB || 0) && sizeMiB(own.sizeLimit) > 0,
      `the default keeps tables on an emptyDir that NIMBER_TABLE_DIR_MB fits: ${JSON.stringify(own)}`);
check(of("PersistentVolumeClaim").length === 0, "the default needs no volume claim");
const sharedOf = (kind) => shared.filter((o) => o.kind === kind);
const claim = sharedOf("PersistentVolumeClaim")[0] || { metadata: {}, spec: {} };
check(sharedOf("PersistentVolumeClaim").length === 1 &&
      (claim.spec.accessModes || []).includes("ReadWriteMany"), "the overlay claims a ReadWriteMany volume");
const sharedDeployment = sharedOf("Deployment")[0] || {};
const job = sharedOf("Job")[0] || {};
for (const o of [sharedDeployment, job])
  check((tablesOf(o).persistentVolumeClaim || {}).claimName === claim.metadata.name,
        `the overlay's ${o.kind} mounts the claim ${claim.metadata.name} as its tables`);
const withoutTables = (o) => {
  const copy = JSON.parse(JSON.stringify(o));
  if (copy.spec) copy.spec.template.spec.volumes = copy.spec.template.spec.volumes.filter((v) => v.name !== "tables");
  return JSON.stringify(copy);
};
check(withoutTables(sharedDeployment) === withoutTables(deployment) &&
      shared.length === objects.length + 2,
      "the overlay adds the claim and the Job and changes the Deployment's tables volume alone");
const jobContainer = (((job.spec || {}).template || {}).spec || { containers: [{}] }).containers[0];
const mount = (jobContainer.volumeMounts || []).find((m) => m.name === "tables") || {};
const jobArgs = jobContainer.args || [];
check(jobArgs[0] === "precompute" && jobArgs[jobArgs.indexOf("--table-dir") + 1] === mount.mountPath &&
      mount.mountPath === env.NIMBER_TABLE_DIR,
      "the Job precomputes into the directory the replicas read");

// kustomize itself, where kubectl is installed, renders the same objects
const canonical = (o) => JSON.stringify(o, (k, v) => (v && typeof v === "object" && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((key) => [key, v[key]])) : v));
let kubectl = null;
try { execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" }); kubectl = "kubectl"; } catch (e) { /* none */ }
if (kubectl) {
  for (const [sub, mine] of [["base", objects], ["shared-tables", shared]]) {
    let theirs = [];
    try {
      theirs = YAML.parseAllDocuments(execFileSync(kubectl, ["kustomize", path.join(dir, sub)],
        { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })).map((d) => d.toJS());
    } catch (e) {
      check(false, `kubectl kustomize ${sub}: ${String(e.stderr).trim()}`);
    }
    check(JSON.stringify(theirs.map(canonical).sort()) === JSON.stringify(mine.map(canonical).sort()),
          `kubectl kustomize ${sub} renders what this check read`);
  }
} else {
  console.log("k8s: no kubectl here; the kustomizations were rendered by this check alone");
}

console.log(`k8s: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
