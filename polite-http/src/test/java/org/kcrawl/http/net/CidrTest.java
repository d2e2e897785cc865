package org.kcrawl.http.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CidrTest {

    @Test
    void containsAddressesInsideTheRangeOnly() {
        Cidr range = Cidr.parse("172.16.0.0/12");
        assertThat(range.contains(AddressGuard.literal("172.16.0.1"))).isTrue();
        assertThat(range.contains(AddressGuard.literal("172.31.255.255"))).isTrue();
        assertThat(range.contains(AddressGuard.literal("172.32.0.0"))).isFalse();
        assertThat(range.contains(AddressGuard.literal("172.15.255.255"))).isFalse();
    }

    @Test
    void familiesNeverMatchEachOther() {
        assertThat(Cidr.parse("0.0.0.0/0").contains(AddressGuard.literal("2001:db8::1"))).isFalse();
        assertThat(Cidr.parse("::/0").contains(AddressGuard.literal("8.8.8.8"))).isFalse();
    }

    @Test
    void ipv6PrefixesOnOddBitBoundaries() {
        Cidr ula = Cidr.parse("fc00::/7");
        assertThat(ula.contains(AddressGuard.literal("fd12:3456::1"))).isTrue();
        assertThat(ula.contains(AddressGuard.literal("fe00::1"))).isFalse();
        assertThat(ula.toString()).isEqualTo("fc00::/7");
    }

    @Test
    void bareAddressIsASingleHostRange() {
        Cidr one = Cidr.parse("127.0.0.2");
        assertThat(one.prefixLength()).isEqualTo(32);
        assertThat(one.contains(AddressGuard.literal("127.0.0.2"))).isTrue();
        assertThat(one.contains(AddressGuard.literal("127.0.0.3"))).isFalse();
    }

    @Test
    void rejectsNamesBadPrefixesAndHostBits() {
        assertThatThrownBy(() -> Cidr.parse("localhost/8")).hasMessageContaining("IP address literal");
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/33")).hasMessageContaining("outside 0..32");
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/x")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> Cidr.parse("10.0.0.1/8")).hasMessageContaining("did you mean 10.0.0.0/8");
        assertThatThrownBy(() -> Cidr.parse(" ")).hasMessageContaining("cidr must not be blank");
    }
}
