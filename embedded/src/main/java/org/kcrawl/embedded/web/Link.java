package org.kcrawl.embedded.web;

/**
 * One anchor on a synthetic page: where it points and how its href is spelled.
 *
 * @param form how the href is written
 * @param targetHost host index of the target, or -1 for an external link
 * @param targetPage page index of the target, or the external link's ordinal for an external link
 * @param fragment 0 for no fragment, otherwise the section number appended as {@code #section-N}
 */
record Link(Form form, int targetHost, int targetPage, int fragment) {

    /** The spellings of an href that a crawler has to resolve to the same absolute URL. */
    enum Form {
        /** {@code /p/12}: resolved against the page's origin. */
        ROOT_RELATIVE,
        /** {@code ../p/12} from {@code /p/N}, {@code p/12} from {@code /}: resolved against the page's path. */
        PATH_RELATIVE,
        /** {@code http://127.0.0.X:PORT/p/12}: same-host or cross-host. */
        ABSOLUTE,
        /** A link to a host outside the synthetic web that never resolves. */
        EXTERNAL
    }

    boolean external() {
        return form == Form.EXTERNAL;
    }
}
