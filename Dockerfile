# One image per worker: docker build --build-arg MODULE=fetcher-worker -t kcrawl/fetcher-worker .
#                       docker build --build-arg MODULE=parser-worker  -t kcrawl/parser-worker .
ARG MODULE=fetcher-worker

FROM eclipse-temurin:17-jdk AS build
ARG MODULE
WORKDIR /src
COPY .mvn .mvn
COPY mvnw pom.xml ./
COPY common/pom.xml common/
COPY testkit/pom.xml testkit/
COPY fetcher-worker/pom.xml fetcher-worker/
COPY parser-worker/pom.xml parser-worker/
COPY crawl-cli/pom.xml crawl-cli/
# Dependencies first, so source edits do not re-download the world.
RUN ./mvnw -B -q -pl ${MODULE} -am dependency:go-offline -DskipTests || true
COPY . .
RUN ./mvnw -B -q -pl ${MODULE} -am package -DskipTests \
 && cp ${MODULE}/target/${MODULE}-*-all.jar /worker.jar

FROM eclipse-temurin:17-jre
ARG MODULE
LABEL org.opencontainers.image.title="kcrawl ${MODULE}"
RUN useradd --system --uid 10001 --no-create-home kcrawl
COPY --from=build /worker.jar /app/worker.jar
USER 10001:10001
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError -Djava.io.tmpdir=/tmp"
EXPOSE 9400
ENTRYPOINT ["java", "-jar", "/app/worker.jar"]
