/**
 * A consumed URL's way through a worker that fetches it (the fetcher, or the render worker in a browser):
 * the task a URL is while it waits for its host ({@link org.kcrawl.http.pipeline.ConsumedTask}), its steps
 * checked against its partition claim ({@link org.kcrawl.http.pipeline.TaskSteps}), and what a response
 * or a failure amounts to ({@link org.kcrawl.http.pipeline.ResponsePlanner}: a page, a redirect, a retry
 * by the {@link org.kcrawl.http.pipeline.RetryPolicy}, a failure), counted by
 * {@link org.kcrawl.http.pipeline.UrlOutcomes}.
 */
package org.kcrawl.http.pipeline;
