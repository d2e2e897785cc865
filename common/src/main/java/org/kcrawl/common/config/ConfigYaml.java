package org.kcrawl.common.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one YAML mapper of configuration: it is immutable once configured, and its caches of
 * (de)serializers for the large configuration records are built once per process instead of once per
 * binder, which a start-up that binds every worker's section would otherwise pay several times.
 */
final class ConfigYaml {
    static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory())
            .registerModule(new JavaTimeModule())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private ConfigYaml() {}
}
