package org.kcrawl.parser.content.eval;

/**
 * What the evaluation measures: something that turns a page into its main text. An extractor reads the page
 * as the crawler would get it: {@link EvalPage#htmlBytes()}, {@link EvalPage#url()} (null where the set
 * records none) and {@link EvalPage#declaredCharset()}.
 */
@FunctionalInterface
public interface ContentExtractor {
    /** The page's main content as text (or Markdown, when the run scores Markdown); empty when none is found. */
    String extract(EvalPage page) throws Exception;
}
