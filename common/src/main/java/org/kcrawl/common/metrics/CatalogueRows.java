package org.kcrawl.common.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kcrawl.common.message.FailureReason;

/** How the parts of the {@link MeterCatalogue} write a row: a meter with its tags given as key, values pairs. */
final class CatalogueRows {
    private CatalogueRows() {}

    /** A row of the table; {@code tagPairs} alternate a tag key and the list of its bounded values. */
    static MeterSpec meter(String name, MeterSpec.Kind kind, String unit, MeterSpec.Worker worker,
                           String description, Object... tagPairs) {
        Map<String, List<String>> tags = new LinkedHashMap<>();
        for (int i = 0; i < tagPairs.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) tagPairs[i + 1];
            tags.put((String) tagPairs[i], values);
        }
        return new MeterSpec(name, kind, unit, tags, worker, description);
    }

    /** The values of an outcome meter's {@code reason} tag: {@code none}, every failure reason, then {@code more}. */
    static List<String> failureReasons(List<String> more) {
        List<String> reasons = new ArrayList<>();
        reasons.add("none");
        for (FailureReason r : FailureReason.values()) {
            reasons.add(r.wireName());
        }
        reasons.addAll(more);
        return List.copyOf(reasons);
    }
}
