package org.kcrawl.embedded.web;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The filler paragraphs that bring synthetic pages up to a realistic size. Plain prose with a few
 * non-ASCII words, so a fetcher that mishandles the UTF-8 charset produces visibly wrong text.
 */
final class Prose {
    static final List<String> PARAGRAPHS = List.of(
            "The river settles into a slow bend below the old mill, where the current has carved a shelf of"
                    + " smooth grey stone. Anglers arrive before dawn, thermos flasks in hand, and argue quietly"
                    + " about whether the trout still rise the way they did before the weir was rebuilt.",
            "Bread dough needs patience more than skill. Mix the flour, water and salt, fold it every half hour"
                    + " for the first two hours, and then leave it alone overnight in a cool room. The crumb that"
                    + " comes out of the oven the next morning repays every minute of waiting.",
            "At the café on the corner of the market square the owner writes the menu on a chalkboard each"
                    + " morning: soup of the day, a crème brûlée that sells out by noon, and coffee roasted in a"
                    + " shed behind the building by her brother, who refuses to explain his method.",
            "Weather stations on the ridge report wind speed every ten minutes. On calm nights the readings"
                    + " flatten into a line so regular that technicians once suspected a broken sensor, until a"
                    + " storm in late October sent the needle past the top of the scale.",
            "The library keeps its maps in wide, shallow drawers that slide out without a sound. Visitors are"
                    + " asked to wear cotton gloves, though the oldest sheets are so brittle that most of them are"
                    + " now shown only as photographs pinned beside the reading tables.",
            "Trains from Zürich arrive twice an hour, and the platform fills with hikers carrying poles and"
                    + " folded maps. By midday most of them have left the valley floor for the trails that climb"
                    + " through larch forest toward the high pastures and the mountain huts.",
            "A naïve estimate of the harvest, made in spring, usually turns out too generous. Late frost,"
                    + " a dry July or a week of hail can each take a fifth of the crop, and the farmers who have"
                    + " worked these slopes longest plan for at least one of the three every year.",
            "The workshop smells of pine resin and linseed oil. Chisels hang in a row above the bench, each"
                    + " in its own slot, and the apprentice learns in the first week that a tool put back in the"
                    + " wrong place is a tool that will not be found when it is needed.",
            "Every spring the town repaints the benches along the promenade in the same dark green. Older"
                    + " residents can point to places where the layers of paint have built up so thickly that"
                    + " the wood underneath has not seen daylight in forty years.",
            "Musicians from São Paulo played in the square on the last evening of the festival. The crowd"
                    + " stayed long after the final song, and the organisers, who had planned to clear the stage"
                    + " by ten o'clock, gave up and let the encore run until midnight.",
            "The lighthouse keeper's log records every ship that passed the headland for sixty years: name,"
                    + " flag, direction and weather, in a small, careful hand. Historians now use it to date"
                    + " wrecks found along the coast — and to settle arguments in the harbour pub.",
            "Beekeepers move their hives up the hillside as the season turns, following the flowering of"
                    + " clover, then heather. The honey changes colour with each move, from pale gold in June to"
                    + " a deep amber by the end of August.");

    /** UTF-8 length of each paragraph wrapped in {@code <p>...</p>\n}, for sizing pages in bytes. */
    static final int[] WRAPPED_BYTES = PARAGRAPHS.stream()
            .mapToInt(p -> p.getBytes(StandardCharsets.UTF_8).length + "<p></p>\n".length())
            .toArray();

    private Prose() {}
}
