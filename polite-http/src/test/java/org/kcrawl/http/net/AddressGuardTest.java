package org.kcrawl.http.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class AddressGuardTest {
    private final AddressGuard strict = AddressGuard.strict();

    @ParameterizedTest
    @ValueSource(strings = {
        "127.0.0.1", "127.255.255.254", "10.1.2.3", "172.16.5.4", "192.168.1.1", "169.254.169.254",
        "169.254.0.1", "100.64.0.1", "100.100.100.200", "0.0.0.0", "0.1.2.3", "255.255.255.255",
        "240.0.0.1", "224.0.0.251", "239.255.255.250", "198.18.0.1", "198.19.255.255", "192.0.2.10",
        "198.51.100.7", "203.0.113.9", "192.0.0.170", "192.88.99.1"})
    void refusesNonGlobalIpv4(String address) {
        assertThat(strict.allows(AddressGuard.literal(address))).as(address).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "::1", "::", "fc00::1", "fd00:ec2::254", "fe80::1", "fec0::1", "ff02::1", "2001:db8::1", "3fff::1",
        "100::1", "64:ff9b:1::1", "2001::1", "2001:2::1", "2001:20::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
        "::ffff:169.254.169.254", "::127.0.0.1", "::10.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::a00:1",
        "2002:7f00:1::", "2002:c0a8:101::1", "2002:a9fe:a9fe::", "4000::1", "::2:3:4:5"})
    void refusesNonGlobalIpv6AndEmbeddedForms(String address) {
        assertThat(strict.allows(AddressGuard.literal(address))).as(address).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "8.8.8.8", "1.1.1.1", "93.184.216.34", "100.63.255.255", "100.128.0.0", "172.32.0.1", "192.0.1.1",
        "198.20.0.1", "2606:4700::1111", "2a00:1450:4001::1", "::ffff:8.8.8.8", "64:ff9b::808:808",
        "2002:808:808::1"})
    void allowsGlobalAddresses(String address) {
        assertThat(strict.allows(AddressGuard.literal(address))).as(address).isTrue();
    }

    @Test
    void namesTheRangeThatBlocks() {
        assertThat(strict.blockingRange(AddressGuard.literal("169.254.169.254")))
                .contains(Cidr.parse("169.254.0.0/16"));
        assertThat(strict.blockingRange(AddressGuard.literal("::ffff:192.168.0.1")))
                .contains(Cidr.parse("192.168.0.0/16"));
        assertThat(strict.blockingRange(AddressGuard.literal("8.8.8.8"))).isEmpty();
    }

    @Test
    void allowPrivateOpensEverything() {
        AddressGuard open = new AddressGuard(true, List.of());
        assertThat(open.allows(AddressGuard.literal("127.0.0.1"))).isTrue();
        assertThat(open.allows(AddressGuard.literal("169.254.169.254"))).isTrue();
        assertThat(open.allows(AddressGuard.literal("::1"))).isTrue();
    }

    @Test
    void allowListOpensOnlyItsRangesIncludingTheirMappedForms() {
        AddressGuard guard = new AddressGuard(false, List.of(Cidr.parse("127.0.0.0/8"), Cidr.parse("fd00::/8")));
        assertThat(guard.allows(AddressGuard.literal("127.0.0.1"))).isTrue();
        assertThat(guard.allows(AddressGuard.literal("::ffff:127.0.0.1"))).isTrue();
        assertThat(guard.allows(AddressGuard.literal("fd00::5"))).isTrue();
        assertThat(guard.allows(AddressGuard.literal("10.0.0.1"))).isFalse();
        assertThat(guard.allows(AddressGuard.literal("169.254.169.254"))).isFalse();
        assertThat(guard.allows(AddressGuard.literal("::1"))).isFalse();
    }

    @Test
    void deniedRangesWinOverGlobalAllowedAndAllowPrivateIncludingEmbeddedForms() {
        List<Cidr> denied = List.of(Cidr.parse("34.118.224.0/20"), Cidr.parse("2600:1900:4000::/44"),
                Cidr.parse("127.0.0.2/32"));
        AddressGuard guard = new AddressGuard(false, List.of(Cidr.parse("127.0.0.0/8")), denied);
        assertThat(guard.blockingRange(AddressGuard.literal("34.118.230.7"))).contains(denied.get(0));
        assertThat(guard.isDenied(denied.get(0))).isTrue();
        assertThat(guard.allows(AddressGuard.literal("::ffff:34.118.230.7"))).as("IPv4-mapped").isFalse();
        assertThat(guard.allows(AddressGuard.literal("64:ff9b::2276:e607"))).as("NAT64").isFalse();
        assertThat(guard.allows(AddressGuard.literal("2002:2276:e607::1"))).as("6to4").isFalse();
        assertThat(guard.allows(AddressGuard.literal("2600:1900:4001::1"))).isFalse();
        assertThat(guard.allows(AddressGuard.literal("127.0.0.2"))).as("denied inside an allowed range").isFalse();
        assertThat(guard.allows(AddressGuard.literal("127.0.0.3"))).isTrue();
        assertThat(guard.allows(AddressGuard.literal("34.118.240.1"))).as("just outside").isTrue();
        assertThat(guard.allows(AddressGuard.literal("8.8.8.8"))).isTrue();
        assertThat(guard.isDenied(Cidr.parse("10.0.0.0/8"))).isFalse();

        AddressGuard open = new AddressGuard(true, List.of(), denied);
        assertThat(open.allows(AddressGuard.literal("34.118.224.1"))).as("allow_private does not open it").isFalse();
        assertThat(open.allows(AddressGuard.literal("10.0.0.1"))).isTrue();
    }

    @Test
    void literalParsingNeverResolvesNames() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AddressGuard.literal("localhost"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an IP address literal");
    }
}
