package org.kcrawl.cli.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A kustomization rendered the way kustomize renders the parts of it this repository uses (resources,
 * namespace, strategic-merge and JSON 6902 patches, secret generators, image rewrites), so the overlays can
 * be checked on a machine without kustomize; {@link OverlaysTest} compares it with {@code kubectl kustomize}
 * wherever kubectl is installed. A field it does not know fails the rendering rather than being ignored.
 */
final class Overlay {
    private static final Set<String> KNOWN_FIELDS =
            Set.of("apiVersion", "kind", "namespace", "resources", "patches", "images", "secretGenerator");
    /** The merge key of each list a strategic merge patch merges element by element (Kubernetes' own). */
    private static final Map<String, String> MERGE_KEYS = Map.of("containers", "name", "initContainers", "name",
            "env", "name", "volumes", "name", "volumeMounts", "mountPath", "ports", "containerPort");

    private final Path dir;
    private final List<ObjectNode> docs;

    private Overlay(Path dir, List<ObjectNode> docs) {
        this.dir = dir;
        this.docs = docs;
    }

    /** Renders the kustomization in {@code relativeDir} (from the repository root). */
    static Overlay render(String relativeDir) {
        Path dir = Repo.root().resolve(relativeDir).normalize();
        return new Overlay(dir, build(dir));
    }

    /** Every rendered document. */
    List<ObjectNode> all() {
        return docs;
    }

    /** The kustomization file itself. */
    JsonNode kustomization() {
        return Repo.yamlDocuments(dir.resolve("kustomization.yaml")).get(0);
    }

    List<ObjectNode> ofKind(String kind) {
        return docs.stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
    }

    ObjectNode named(String kind, String name) {
        return ofKind(kind).stream().filter(d -> d.path("metadata").path("name").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(dir + " renders no " + kind + " " + name));
    }

    /** The worker's only container. */
    JsonNode container(WorkerKind kind) {
        return named("Deployment", "kcrawl-" + kind.name).path("spec").path("template").path("spec").path("containers")
                .get(0);
    }

    /** The worker's YAML file in the ConfigMap. */
    String configYaml(WorkerKind kind) {
        return ofKind("ConfigMap").get(0).path("data").path(kind.name + ".yaml").asText(null);
    }

    /** The worker's variables: their values, or "" for one taken from a Secret or ConfigMap. */
    Map<String, String> env(WorkerKind kind) {
        Map<String, String> env = new LinkedHashMap<>();
        container(kind).path("env").forEach(e -> env.put(e.path("name").asText(), e.path("value").asText("")));
        return env;
    }

    /** The settings the worker would run with: the ConfigMap's file under the container's variables. */
    WorkerKind.Bound bound(WorkerKind kind) {
        return kind.bind(configYaml(kind), env(kind));
    }

    private static List<ObjectNode> build(Path dir) {
        JsonNode k = Repo.yamlDocuments(dir.resolve("kustomization.yaml")).get(0);
        k.fieldNames().forEachRemaining(f -> {
            if (!KNOWN_FIELDS.contains(f)) {
                throw new AssertionError(dir + ": the test renderer does not know '" + f + "'");
            }
        });
        List<ObjectNode> docs = new ArrayList<>();
        for (JsonNode r : k.path("resources")) {
            Path p = dir.resolve(r.asText()).normalize();
            if (Files.isDirectory(p)) {
                if (dir.startsWith(p)) {
                    throw new AssertionError(dir + " lies inside its base " + p + ": kustomize refuses that (a cycle)");
                }
                docs.addAll(build(p));
            } else {
                Repo.yamlDocuments(p).forEach(d -> docs.add((ObjectNode) d));
            }
        }
        for (JsonNode g : k.path("secretGenerator")) {
            if (!g.path("options").path("disableNameSuffixHash").asBoolean()) {
                throw new AssertionError(dir + ": secretGenerator " + g.path("name").asText()
                        + " needs disableNameSuffixHash: custom resources that name it are not rewritten");
            }
            ObjectNode secret = Repo.YAML.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
            secret.putObject("metadata").put("name", g.path("name").asText());
            ObjectNode data = secret.putObject("data");
            for (JsonNode literal : g.path("literals")) {
                String[] kv = literal.asText().split("=", 2);
                data.put(kv[0], Base64.getEncoder().encodeToString(kv[1].getBytes(StandardCharsets.UTF_8)));
            }
            secret.put("type", "Opaque");
            docs.add(secret);
        }
        for (JsonNode patch : k.path("patches")) {
            applyPatch(dir, patch, docs);
        }
        if (k.has("namespace")) {
            String ns = k.path("namespace").asText();
            for (ObjectNode d : docs) {
                if (d.path("kind").asText().equals("Namespace")) {
                    ((ObjectNode) d.path("metadata")).put("name", ns);
                } else {
                    ((ObjectNode) d.path("metadata")).put("namespace", ns);
                }
            }
        }
        for (JsonNode image : k.path("images")) {
            docs.forEach(d -> rewriteImages(d, image));
        }
        return docs;
    }

    private static void applyPatch(Path dir, JsonNode patch, List<ObjectNode> docs) {
        String text = patch.has("path") ? read(dir.resolve(patch.path("path").asText())) : patch.path("patch").asText();
        JsonNode ops = jsonPatch(text);
        if (ops != null) {
            JsonNode target = patch.path("target");
            List<ObjectNode> targets = docs.stream()
                    .filter(d -> !target.has("kind") || d.path("kind").asText().equals(target.path("kind").asText()))
                    .filter(d -> !target.has("name")
                            || d.path("metadata").path("name").asText().equals(target.path("name").asText()))
                    .toList();
            if (targets.isEmpty()) {
                throw new AssertionError(dir + ": patch target " + target + " matches nothing");
            }
            targets.forEach(d -> ops.forEach(op -> jsonPatch(d, op)));
            return;
        }
        for (JsonNode body : Repo.yamlDocuments(writeTemp(text))) {
            String kind = body.path("kind").asText();
            String name = body.path("metadata").path("name").asText();
            ObjectNode target = docs.stream().filter(d -> d.path("kind").asText().equals(kind)
                    && d.path("metadata").path("name").asText().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError(dir + ": patch for " + kind + " " + name
                            + " matches no resource"));
            merge(target, body, "");
        }
    }

    private static void merge(ObjectNode target, JsonNode patch, String field) {
        patch.properties().forEach(f -> {
            JsonNode existing = target.get(f.getKey());
            JsonNode value = f.getValue();
            if (existing instanceof ObjectNode obj && value.isObject()) {
                merge(obj, value, f.getKey());
            } else if (existing instanceof ArrayNode list && value.isArray() && MERGE_KEYS.containsKey(f.getKey())) {
                mergeList(list, (ArrayNode) value, MERGE_KEYS.get(f.getKey()));
            } else {
                target.set(f.getKey(), value.deepCopy());
            }
        });
    }

    /**
     * Merges elements with the same key. The patch's elements come first, in the patch's order (merged
     * into their match where the list has one), then the list's other elements: the order kustomize gives.
     */
    private static void mergeList(ArrayNode target, ArrayNode patch, String key) {
        List<JsonNode> merged = new ArrayList<>();
        List<JsonNode> rest = new ArrayList<>();
        target.forEach(rest::add);
        for (JsonNode element : patch) {
            ObjectNode match = null;
            for (JsonNode t : rest) {
                if (match == null && t.path(key).equals(element.path(key))) {
                    match = (ObjectNode) t;
                }
            }
            if (match == null) {
                merged.add(element.deepCopy());
            } else {
                ObjectNode found = match;
                rest.removeIf(t -> t == found);
                merge(match, element, key);
                merged.add(match);
            }
        }
        merged.addAll(rest);
        target.removeAll();
        target.addAll(merged);
    }

    private static void jsonPatch(ObjectNode doc, JsonNode op) {
        String[] path = op.path("path").asText().substring(1).split("/");
        JsonNode parent = doc;
        for (int i = 0; i < path.length - 1; i++) {
            parent = parent.isArray() ? parent.get(Integer.parseInt(path[i])) : parent.get(path[i]);
            if (parent == null) {
                throw new AssertionError("JSON patch path " + op.path("path").asText() + " does not exist in "
                        + doc.path("kind").asText() + " " + doc.path("metadata").path("name").asText());
            }
        }
        String last = path[path.length - 1];
        switch (op.path("op").asText()) {
            case "replace" -> {
                if (!parent.has(last) && !(parent.isArray() && parent.has(Integer.parseInt(last)))) {
                    throw new AssertionError("replace of a missing " + op.path("path").asText());
                }
                setChild(parent, last, op.path("value"));
            }
            case "add" -> setChild(parent, last, op.path("value"));
            case "remove" -> ((ObjectNode) parent).remove(last);
            default -> throw new AssertionError("the test renderer does not know JSON patch op " + op);
        }
    }

    private static void setChild(JsonNode parent, String name, JsonNode value) {
        if (parent instanceof ObjectNode obj) {
            obj.set(name, value.deepCopy());
        } else {
            ((ArrayNode) parent).set(Integer.parseInt(name), value.deepCopy());
        }
    }

    private static void rewriteImages(JsonNode node, JsonNode image) {
        if (node.isObject()) {
            JsonNode containers = node.get("containers");
            if (containers != null && containers.isArray()) {
                for (JsonNode c : containers) {
                    String current = c.path("image").asText();
                    String name = current.contains("@") ? current.substring(0, current.indexOf('@'))
                            : current.lastIndexOf(':') > current.lastIndexOf('/')
                            ? current.substring(0, current.lastIndexOf(':')) : current;
                    if (name.equals(image.path("name").asText())) {
                        String newName = image.path("newName").asText(name);
                        String suffix = image.has("digest") ? "@" + image.path("digest").asText()
                                : image.has("newTag") ? ":" + image.path("newTag").asText()
                                : current.substring(name.length());
                        ((ObjectNode) c).put("image", newName + suffix);
                    }
                }
            }
            Iterator<JsonNode> children = node.elements();
            while (children.hasNext()) {
                rewriteImages(children.next(), image);
            }
        } else if (node.isArray()) {
            node.forEach(child -> rewriteImages(child, image));
        }
    }

    /** The operations of a JSON 6902 patch (a YAML list), or null for a strategic merge patch. */
    private static JsonNode jsonPatch(String yaml) {
        try {
            JsonNode node = Repo.YAML.readTree(yaml);
            return node != null && node.isArray() ? node : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path writeTemp(String yaml) {
        try {
            Path file = Files.createTempFile("kcrawl-patch", ".yaml");
            file.toFile().deleteOnExit();
            Files.writeString(file, yaml, StandardCharsets.UTF_8);
            return file;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
