package org.kcrawl.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class DoneOffsetsTest {

    @Test
    void namesEveryOffsetPastTheCommittedOneThatIsDone() {
        // Committed 100 (pending); 101-104 done; 105 pending; 106 done; 107-109 pending; 110-119 done.
        TreeSet<Long> notDone = new TreeSet<>(List.of(100L, 105L, 107L, 108L, 109L));
        DoneOffsets done = DoneOffsets.decode(100, DoneOffsets.encode(100, 120, notDone));
        for (long o = 95; o < 125; o++) {
            boolean expected = o > 100 && o < 120 && !notDone.contains(o);
            assertThat(done.isDone(o)).as("offset %d", o).isEqualTo(expected);
        }
        assertThat(done.end()).isEqualTo(120);
    }

    @Test
    void saysNothingWhenNothingPastTheCommittedOffsetIsDone() {
        assertThat(DoneOffsets.encode(100, 100, new TreeSet<>())).isEmpty();
        assertThat(DoneOffsets.encode(100, 103, new TreeSet<>(List.of(100L, 101L, 102L)))).isEmpty();
    }

    @Test
    void metadataItDidNotWriteSkipsNothing() {
        for (String foreign : List.of("", "some tool's note", "d1;zz", "d1;5;!.1", "d1;-3;", "d1;5;3.0")) {
            DoneOffsets done = DoneOffsets.decode(10, foreign);
            assertThat(LongStream.range(0, 40).filter(done::isDone)).as("'%s'", foreign).isEmpty();
        }
        assertThat(DoneOffsets.decode(10, null).isDone(11)).isFalse();
    }

    @Test
    void aLongListIsCutShortUnderTheBrokersMetadataLimitAndClaimsNothingBeyondIt() {
        // Every other offset pending over 100,000 offsets: far more runs than fit.
        TreeSet<Long> notDone = new TreeSet<>();
        for (long o = 0; o < 100_000; o += 2) {
            notDone.add(o);
        }
        String metadata = DoneOffsets.encode(0, 100_000, notDone);
        assertThat(metadata.length()).isLessThanOrEqualTo(DoneOffsets.MAX_CHARS);
        DoneOffsets done = DoneOffsets.decode(0, metadata);
        assertThat(done.end()).isLessThan(100_000).isGreaterThan(100);
        for (long o = 0; o < 100_000; o++) {
            if (done.isDone(o)) {
                assertThat(o % 2).as("offset %d claimed done", o).isEqualTo(1);
                assertThat(o).isLessThan(done.end());
            }
        }
        assertThat(done.isDone(1)).isTrue();
    }
}
