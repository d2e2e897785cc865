package org.kcrawl.parser.content.meta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StatedDateTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2019-06-20|2019-06-20",
        "2019/06/20|2019-06-20",
        "20190620|2019-06-20",
        " 2019-06-20 |2019-06-20",
        "2026-08-30T21:00:06.000Z|2026-08-30T21:00:06Z",
        "2019-06-20T14:39+02:00|2019-06-20T14:39:00+02:00",
        "2019-06-17T18:28:00+0200|2019-06-17T18:28:00+02:00",
        "2019-06-17T18:28:00-05|2019-06-17T18:28:00-05:00",
        "2019-06-17T18:28:00+00:00|2019-06-17T18:28:00Z",
        "2019-06-20 14:39:54|2019-06-20T14:39:54",
        "2019-06-20T14:39:54,5|2019-06-20T14:39:54",
        "2019-06-20 14:39:54 UTC|2019-06-20T14:39:54Z",
        "2019-06-20T14:39:54 GMT+0100|2019-06-20T14:39:54+01:00",
        "20190620T143954Z|2019-06-20T14:39:54Z",
        "2020-02-29|2020-02-29",
        "2000-02-29|2000-02-29",
        "'Thu, 20 Jun 2019 15:32:00 GMT'|2019-06-20T15:32:00Z",
        "'20 Jun 2019 15:32:00 +0200'|2019-06-20T15:32:00+02:00",
    })
    void readsWhatThePageStatesAndKeepsItsPrecision(String stated, String iso) {
        assertThat(StatedDate.normalize(stated)).isEqualTo(iso);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "garbage", "23. Juni 2016", "9:05 PM", "2019", "2019-06", "2019-13-01", "2019-02-29",
        "1900-02-29", "2019-04-31", "2019-06-20T25:00", "2019-06-20T12:60", "2019-06-20T12:00:61", "2019-06-20T12",
        "2019-06-20X", "2019-06-20T12:00+25:00", "2019-06-20T12:00 GMT+01 junk", "0000-01-01", "9999-12-31",
        "20231-05-01", "-2019-06-20", "0999-12-31", "3000-01-01", "2019/06-20", "1561044720",
        "2019-06-20T12:00:00.Z", "Thu, 31 Feb 2019 15:32:00 GMT", "Mon, 20 Jun 99999 15:32:00 GMT",
        "2019-06-20T12:00:00.000000000000000000000000000000000000000000000000000000000000000000Z"})
    void leavesOutWhatIsNoFullDate(String stated) {
        assertThat(StatedDate.normalize(stated)).isNull();
    }
}
