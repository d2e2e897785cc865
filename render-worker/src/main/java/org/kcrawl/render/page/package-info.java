/**
 * One page in one tab: the page's own response handed to the browser, every request its scripts make
 * judged ({@link org.kcrawl.render.page.RequestRules}) and, when allowed, fetched by the worker's HTTP
 * client under its host's politeness, then the DOM taken once the page has loaded and its network is
 * quiet ({@link org.kcrawl.render.page.PageRender}).
 */
package org.kcrawl.render.page;
