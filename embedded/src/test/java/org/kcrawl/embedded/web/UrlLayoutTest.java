package org.kcrawl.embedded.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class UrlLayoutTest {
    private final UrlLayout layout = new UrlLayout(5, 100, 20, 4321);

    @Test
    void namesHostsAndPages() {
        assertThat(layout.address(0)).isEqualTo("127.0.0.20");
        assertThat(layout.address(4)).isEqualTo("127.0.0.24");
        assertThat(layout.pageUrl(0, 0)).isEqualTo("http://127.0.0.20:4321/");
        assertThat(layout.pageUrl(2, 7)).isEqualTo("http://127.0.0.22:4321/p/7");
        assertThat(layout.pageId(2, 7)).isEqualTo(207);
        assertThat(layout.hostOfId(207)).isEqualTo(2);
        assertThat(layout.pageOfId(207)).isEqualTo(7);
    }

    @Test
    void servesOnlyCanonicalPagePaths() {
        assertThat(layout.pageOf("/")).isZero();
        assertThat(layout.pageOf("/p/1")).isEqualTo(1);
        assertThat(layout.pageOf("/p/99")).isEqualTo(99);
        assertThat(layout.pageOf("http://127.0.0.20:4321/p/5")).isEqualTo(5);
        assertThat(layout.pageOf("http://127.0.0.20:4321")).isZero();
        assertThat(layout.pageOf("/p/100")).isEqualTo(-1);
        assertThat(layout.pageOf("/p/0")).isEqualTo(-1);
        assertThat(layout.pageOf("/p/07")).isEqualTo(-1);
        assertThat(layout.pageOf("/p/")).isEqualTo(-1);
        assertThat(layout.pageOf("/p/1?x=1")).isEqualTo(-1);
        assertThat(layout.pageOf("/p/1/")).isEqualTo(-1);
        assertThat(layout.pageOf("/p/99999999999")).isEqualTo(-1);
        assertThat(layout.pageOf("/index.html")).isEqualTo(-1);
        assertThat(layout.pageOf("*")).isEqualTo(-1);
    }

    @Test
    void mapsListenerAddressesToHosts() throws Exception {
        assertThat(layout.hostIndexOf(InetAddress.getByName("127.0.0.20"))).isZero();
        assertThat(layout.hostIndexOf(InetAddress.getByName("127.0.0.24"))).isEqualTo(4);
        assertThat(layout.hostIndexOf(InetAddress.getByName("127.0.0.25"))).isEqualTo(-1);
        assertThat(layout.hostIndexOf(InetAddress.getByName("127.0.0.19"))).isEqualTo(-1);
        assertThat(layout.hostIndexOf(InetAddress.getByName("127.0.1.20"))).isEqualTo(-1);
        assertThat(layout.hostIndexOf(InetAddress.getByName("::1"))).isEqualTo(-1);
    }
}
