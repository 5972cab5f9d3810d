package io.unboundedcloud.racer.krm.yaml;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads manifest files: a YAML stream of Kubernetes objects separated by {@code ---}, as a user keeps them
 * in a repository. Empty documents (nothing, only comments, or null) are skipped; every other document
 * must be a mapping with a {@code kind}. A {@code kind: List} document is returned as it is, not expanded.
 */
final class ManifestStreamReader {

    private final YamlLimits limits;

    ManifestStreamReader(YamlLimits limits) {
        this.limits = limits;
    }

    /** The objects of one stream, in order; {@code source} names it in messages. Does not close the stream. */
    List<MappingNode> read(InputStream in, String source) {
        DocumentReader documents = new DocumentReader(in, source, limits);
        List<MappingNode> objects = new ArrayList<>();
        for (Optional<Node> next = documents.next(); next.isPresent(); next = documents.next()) {
            Node document = next.get();
            int number = objects.size() + 1;
            if (!(document instanceof MappingNode object)) {
                throw YamlInputException.at(source, document.getStartMark(), "document " + number + " is "
                        + ResourceListReader.describe(document) + ", not a Kubernetes object (a mapping with "
                        + "apiVersion and kind). Fix or remove it.");
            }
            if (!ResourceListReader.hasKind(object)) {
                throw YamlInputException.at(source, document.getStartMark(), "document " + number + " has no "
                        + "kind; every document must be a Kubernetes object with apiVersion and kind. Fix or "
                        + "remove it.");
            }
            objects.add(object);
        }
        return objects;
    }
}
