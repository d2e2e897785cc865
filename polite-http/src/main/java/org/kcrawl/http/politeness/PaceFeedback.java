package org.kcrawl.http.politeness;

/**
 * What an ended request tells the pace of its host and of its IP address. A refusal (429, 503) pauses the
 * host for its Retry-After and lowers the rate it learned ({@link LearnedRate}), unless its address keeps
 * to a rate of its own ({@link AddressPaces}), which then learns instead; two hosts of one address refused
 * close together make the address start learning. An answer lets a learned rate climb. Guarded by the
 * {@link HostScheduler}'s lock.
 */
final class PaceFeedback {
    private final AddressPaces addresses;
    private final LimitedHosts limited;

    PaceFeedback(AddressPaces addresses, LimitedHosts limited) {
        this.addresses = addresses;
        this.limited = limited;
    }

    /**
     * The request of {@code permit}, to host {@code h}, ended at {@code now} with {@code feedback} (a refusal's
     * pause: {@code retryAfterNanos}). Returns the host's learned rate when it changed, else null.
     */
    HostRate ended(HostState h, Permit permit, Permit.Feedback feedback, long now, long retryAfterNanos) {
        long sentAt = permit.startedAt();
        String address = permit.address();
        boolean changed;
        if (feedback == Permit.Feedback.REFUSED) {
            if (addresses.limits(address)) {
                h.pace.refused(now, sentAt, retryAfterNanos, false);
                addresses.refused(address, h.host, sentAt, now, retryAfterNanos);
                changed = false;
            } else {
                changed = h.pace.refused(now, sentAt, retryAfterNanos, true);
                if (h.pace.learned() != null) {
                    addresses.noteRefusal(address, h.host, h.pace.learned().rate(), now);
                }
            }
        } else {
            // Behind a learning address the address's pace holds the host: an answer on that pace lets what the
            // host learned alone climb too, or a rate cut before the address learned would keep binding it.
            boolean onPace = permit.onPace || (addresses.limits(address) && permit.addressOnPace);
            changed = h.pace.ended(feedback, permit.latencyAt(now), now, sentAt, onPace, retryAfterNanos);
            if (feedback == Permit.Feedback.ANSWERED || feedback == Permit.Feedback.SERVER_ERROR) {
                addresses.answered(address, sentAt, permit.addressOnPace);
            }
        }
        limited.track(h);
        return changed ? rateOf(h) : null;
    }

    /** The learned rate of {@code h} as the scheduler reports it; {@code h} has one. */
    static HostRate rateOf(HostState h) {
        LearnedRate r = h.pace.learned();
        return new HostRate(h.host, h.claim.partition().partition(), r.rate(), r.refusedAt(), r.limited());
    }
}
