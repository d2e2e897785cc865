# One image per worker (and one for the crawl command), built from the same file:
#   docker build --build-arg MODULE=fetcher-worker -t kcrawl/fetcher-worker:0.1.0 .
#   docker build --build-arg MODULE=parser-worker  -t kcrawl/parser-worker:0.1.0 .
#   docker build --build-arg MODULE=crawl-cli      -t kcrawl/crawl-cli:0.1.0 .
#   docker build --build-arg MODULE=render-worker --target renderer -t kcrawl/render-worker:0.1.0 .
# The runtime image is a JRE 17 with the module's runnable jar, run as an unprivileged user; it writes
# nothing but /tmp, so it runs with a read-only root filesystem.
ARG MODULE=fetcher-worker

# Just the poms, in their directories, so the dependency layer below is rebuilt when a pom changes
# rather than on every source edit (and new modules need no change here).
FROM eclipse-temurin:17-jdk AS poms
WORKDIR /src
COPY . .
RUN mkdir /poms && find . -name pom.xml -not -path './.mvn/*' -exec cp --parents {} /poms \;

FROM eclipse-temurin:17-jdk AS build
ARG MODULE
WORKDIR /src
COPY .mvn .mvn
COPY mvnw ./
COPY --from=poms /poms/ ./
# Best effort: sibling modules are not built yet, so go-offline cannot resolve them; whatever it
# misses is downloaded by the package step below.
RUN ./mvnw -B -q -pl ${MODULE} -am dependency:go-offline -Dmaven.test.skip=true || true
COPY . .
RUN ./mvnw -B -q -pl ${MODULE} -am package -Dmaven.test.skip=true \
 && jar="$(ls ${MODULE}/target/${MODULE}-*-all.jar ${MODULE}/target/crawl.jar 2>/dev/null | head -n 1)" \
 && test -n "$jar" \
 && cp "$jar" /worker.jar

# The render worker's image: Debian, whose chromium package is the browser the worker drives (nothing is
# downloaded at run time), with Debian's JRE 17 and the fonts pages are laid out with.
FROM debian:bookworm-slim AS renderer
ARG MODULE
LABEL org.opencontainers.image.title="kcrawl ${MODULE}" \
      org.opencontainers.image.description="kcrawl, a Kafka-native distributed web crawler: ${MODULE}"
RUN apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jre-headless chromium fonts-liberation ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 kcrawl \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin kcrawl
COPY --from=build /worker.jar /app/worker.jar
USER 10001:10001
EXPOSE 9400
# The browser's profile and shared memory go to /tmp (--disable-dev-shm-usage): the root stays read-only.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=40", "-XX:+ExitOnOutOfMemoryError", "-Djava.io.tmpdir=/tmp", \
            "-jar", "/app/worker.jar"]

FROM eclipse-temurin:17-jre
ARG MODULE
LABEL org.opencontainers.image.title="kcrawl ${MODULE}" \
      org.opencontainers.image.description="kcrawl, a Kafka-native distributed web crawler: ${MODULE}"
RUN groupadd --system --gid 10001 kcrawl \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin kcrawl
COPY --from=build /worker.jar /app/worker.jar
USER 10001:10001
# metrics_port: /metrics, /healthz, /readyz
EXPOSE 9400
# Heap at 60% of the container's memory leaves room for Netty's direct buffers and the JVM itself.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=60", "-XX:+ExitOnOutOfMemoryError", "-Djava.io.tmpdir=/tmp", \
            "-jar", "/app/worker.jar"]
