package org.kcrawl.parser.content.pdf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The fields a PDF's XMP packet states that its record uses: {@code dc:title} (its first value),
 * {@code dc:creator} (every value, joined by ", "), {@code xmp:CreateDate} and {@code xmp:ModifyDate}, as
 * elements or as attributes of an {@code rdf:Description}. Read with the JDK's SAX parser, no DTDs or
 * external entities; XMP that is not XML gives nothing.
 */
record XmpFields(String title, String creators, String created, String modified) {
    static final XmpFields NONE = new XmpFields(null, null, null, null);
    private static final String DC = "http://purl.org/dc/elements/1.1/";
    private static final String XMP = "http://ns.adobe.com/xap/1.0/";

    static XmpFields read(byte[] xml) {
        Handler h = new Handler();
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            SAXParser parser = factory.newSAXParser();
            parser.parse(new ByteArrayInputStream(xml), h);
        } catch (SAXException | IOException | ParserConfigurationException e) {
            // not XML from some point on: what was read before stays
        }
        String creators = h.creators.isEmpty() ? null : String.join(", ", h.creators);
        return new XmpFields(h.title, creators, h.created, h.modified);
    }

    /** Collects the fields' texts as the packet is read. */
    private static final class Handler extends DefaultHandler {
        private final List<String> creators = new ArrayList<>();
        private String title;
        private String created;
        private String modified;
        /** The field being read ("title", "creator", "created", "modified"), or null. */
        private String field;
        private final StringBuilder text = new StringBuilder();

        @Override
        public void startElement(String uri, String local, String qName, Attributes atts) {
            for (int i = 0; i < atts.getLength(); i++) {
                if (XMP.equals(atts.getURI(i))) {
                    take(fieldOf(atts.getURI(i), atts.getLocalName(i)), atts.getValue(i));
                }
            }
            String f = fieldOf(uri, local);
            if (f != null) {
                field = f;
            }
            text.setLength(0);
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (field != null && text.length() < 4096) {
                text.append(ch, start, Math.min(length, 4096 - text.length()));
            }
        }

        @Override
        public void endElement(String uri, String local, String qName) {
            if (field != null && (local.equals("li") || fieldOf(uri, local) != null)) {
                take(field, text.toString());
            }
            if (fieldOf(uri, local) != null) {
                field = null;
            }
            text.setLength(0);
        }

        private void take(String f, String value) {
            String v = value == null ? "" : value.strip();
            if (f == null || v.isEmpty()) {
                return;
            }
            switch (f) {
                case "title" -> title = title == null ? v : title;
                case "creator" -> {
                    if (!creators.contains(v) && creators.size() < 20) {
                        creators.add(v);
                    }
                }
                case "created" -> created = created == null ? v : created;
                case "modified" -> modified = modified == null ? v : modified;
                default -> { }
            }
        }

        private static String fieldOf(String uri, String local) {
            if (DC.equals(uri)) {
                return local.equals("title") ? "title" : local.equals("creator") ? "creator" : null;
            }
            if (XMP.equals(uri)) {
                return local.equals("CreateDate") ? "created" : local.equals("ModifyDate") ? "modified" : null;
            }
            return null;
        }
    }
}
