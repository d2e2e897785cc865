package org.kcrawl.common.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CrawlTopicsTest {
    private final CrawlTopics topics = new CrawlTopics("shop");

    @Test
    void parkingTiersAreNamedAfterTheUrlsTopicAndMapBackToTheirTier() {
        assertThat(topics.parkedTopics()).containsExactly("shop.urls.parked-0", "shop.urls.parked-1",
                "shop.urls.parked-2", "shop.urls.parked-3");
        for (int tier = 0; tier < CrawlTopics.PARKING_TIERS; tier++) {
            assertThat(topics.parkingTier(topics.parked(tier))).isEqualTo(tier);
        }
        assertThat(topics.parkingTier("shop.urls")).isEqualTo(-1);
        assertThat(topics.parkingTier("other.urls.parked-0")).as("another crawl's tier").isEqualTo(-1);
        assertThat(topics.parkingTier("shop.urls.parked-4")).isEqualTo(-1);
        assertThat(topics.parkingTier("shop.urls.parked-10")).isEqualTo(-1);
        assertThatThrownBy(() -> topics.parked(4)).hasMessageContaining("tier");
    }

    @Test
    void everyTopicIncludesTheTiersAndGroupsAreDistinct() {
        assertThat(topics.all()).contains("shop.urls", "shop.seen", "shop.scope", "shop.urls.parked-2", "shop.render",
                "shop.host-rates").hasSize(13).doesNotHaveDuplicates();
        assertThat(topics.parkingGroup()).isNotEqualTo(topics.fetcherGroup()).startsWith("shop.");
        assertThat(topics.rendererGroup()).isEqualTo("shop.renderer");
    }
}
