# One image per worker (and one for the crawl command), built from the same file:
#   docker build --build-arg MODULE=fetcher-worker -t kcrawl/fetcher-worker:0.1.0 .
#   docker build --build-arg MODULE=parser-worker  -t kcrawl/parser-worker:0.1.0 .
#   docker build --build-arg MODULE=archiver-worker -t kcrawl/archiver-worker:0.1.0 .
#   docker build --build-arg MODULE=crawl-cli      -t kcrawl/crawl-cli:0.1.0 .
#   docker build --build-arg MODULE=render-worker --target renderer -t kcrawl/render-worker:0.1.0 .
# The runtime image is a JRE 17 with the module's jars, run as an unprivileged user; it writes nothing
# but /tmp (and the archiver its WARC files to the volume mounted at warc_dir), so it runs with a
# read-only root filesystem. Third-party jars and kcrawl's own are separate
# layers (deploy/docker/layers.sh), so a code change pushes and pulls a few hundred KiB, not the whole
# runnable jar. The base images can be pinned by digest, so a rebuild uses exactly the images tested:
#   docker build --build-arg JDK_IMAGE=eclipse-temurin:17-jdk@sha256:... \
#                --build-arg JRE_IMAGE=eclipse-temurin:17-jre@sha256:... --build-arg MODULE=... .
# and the render worker's Debian likewise (--build-arg RENDERER_IMAGE=debian:bookworm-slim@sha256:...).
ARG MODULE=fetcher-worker
ARG JDK_IMAGE=eclipse-temurin:17-jdk
ARG JRE_IMAGE=eclipse-temurin:17-jre
# Debian 12: its chromium and openjdk-17-jre-headless packages are what the renderer stage installs.
ARG RENDERER_IMAGE=debian:bookworm-slim

# Just the poms, in their directories, so the dependency layer below is rebuilt when a pom changes
# rather than on every source edit (and new modules need no change here).
FROM ${JDK_IMAGE} AS poms
WORKDIR /src
COPY . .
RUN mkdir /poms && find . -name pom.xml -not -path './.mvn/*' -exec cp --parents {} /poms \;

FROM ${JDK_IMAGE} AS build
ARG MODULE
WORKDIR /src
COPY .mvn .mvn
COPY mvnw ./
COPY --from=poms /poms/ ./
# Every dependency and plugin the build needs, downloaded from the poms alone: packaging the modules
# without their sources runs the very plugins and resolves the very artifacts the real build does, so
# this layer is rebuilt only when a pom changes, and a dependency that cannot be had fails here. Tests
# are compiled, not run: the workers' builds need the test jar of common.
RUN ./mvnw -B -q -pl ${MODULE} -am package dependency:copy-dependencies -DskipTests \
        -DincludeScope=runtime -Dmdep.prependGroupId=true \
 && rm -rf */target target
COPY . .
# Offline: everything was fetched above, so a missing artifact is a failure, not a silent download.
RUN ./mvnw -B -q -o -pl ${MODULE} -am package dependency:copy-dependencies -DskipTests \
        -DincludeScope=runtime -Dmdep.prependGroupId=true \
 && sh deploy/docker/layers.sh ${MODULE} /out

# The render worker's image: Debian, whose chromium package is the browser the worker drives (nothing is
# downloaded at run time), with Debian's JRE 17 and the fonts pages are laid out with. Same layers.
FROM ${RENDERER_IMAGE} AS renderer
ARG MODULE
LABEL org.opencontainers.image.title="kcrawl ${MODULE}" \
      org.opencontainers.image.description="kcrawl, a Kafka-native distributed web crawler: ${MODULE}"
RUN apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jre-headless chromium fonts-liberation ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 kcrawl \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin kcrawl
COPY --from=build /out/lib/ /app/lib/
COPY --from=build /out/app/ /app/
USER 10001:10001
EXPOSE 9400
# The browser's profile and shared memory go to /tmp (--disable-dev-shm-usage): the root stays read-only.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=40", "-XX:+ExitOnOutOfMemoryError", "-Djava.io.tmpdir=/tmp", \
            "-jar", "/app/worker.jar"]

FROM ${JRE_IMAGE}
ARG MODULE
LABEL org.opencontainers.image.title="kcrawl ${MODULE}" \
      org.opencontainers.image.description="kcrawl, a Kafka-native distributed web crawler: ${MODULE}"
RUN groupadd --system --gid 10001 kcrawl \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin kcrawl
# Dependencies first: their layer stays the same across code changes.
COPY --from=build /out/lib/ /app/lib/
COPY --from=build /out/app/ /app/
USER 10001:10001
# metrics_port: /metrics, /healthz, /readyz
EXPOSE 9400
# Heap at 60% of the container's memory leaves room for Netty's direct buffers and the JVM itself.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=60", "-XX:+ExitOnOutOfMemoryError", "-Djava.io.tmpdir=/tmp", \
            "-jar", "/app/worker.jar"]
