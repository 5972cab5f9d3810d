package io.unboundedcloud.racer.krm.yaml;

import java.util.HashMap;
import java.util.Map;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.CommentEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingEndEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceEndEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.parser.Parser;

/**
 * Sits between snakeyaml's parser and its composer and hands on events that cost less heap, and refuses
 * deep nesting before the composer recurses into it.
 * <p>
 * snakeyaml's marks keep a reference to the reader's buffer window, so a composed tree keeps about four
 * bytes per input character alive through them. The marks given on here keep line and column only, start
 * marks only. Short scalar values (keys above all) are shared instead of repeated per object.
 */
final class CompactEventParser implements Parser {

    private static final int[] NO_SNIPPET = new int[0];
    private static final int SHARED_VALUE_MAX_LENGTH = 40;
    private static final int SHARED_VALUES_MAX = 100_000;

    private final Parser parser;
    private final String source;
    private final int maxNestingDepth;
    private final Map<String, String> sharedValues = new HashMap<>();
    private Event peeked;
    private Mark lastMark;
    private int depth;

    CompactEventParser(Parser parser, String source, int maxNestingDepth) {
        this.parser = parser;
        this.source = source;
        this.maxNestingDepth = maxNestingDepth;
    }

    @Override
    public boolean checkEvent(Event.ID choice) {
        Event next = peekEvent();
        return next != null && next.is(choice);
    }

    @Override
    public Event peekEvent() {
        if (peeked == null) {
            Event raw = parser.peekEvent();
            if (raw == null) {
                return null;
            }
            lastMark = raw.getStartMark();
            peeked = compact(raw);
        }
        return peeked;
    }

    @Override
    public Event getEvent() {
        Event next = peekEvent();
        parser.getEvent();
        peeked = null;
        if (next instanceof CollectionStartEvent) {
            depth++;
            if (depth > maxNestingDepth) {
                throw YamlInputException.at(source, next.getStartMark(), "nesting deeper than " + maxNestingDepth
                        + " levels of mappings and sequences; refused. Kubernetes objects nest far less: "
                        + "check the input for runaway brackets or indentation.");
            }
        } else if (next instanceof MappingEndEvent || next instanceof SequenceEndEvent) {
            depth--;
        }
        return next;
    }

    /** Where the parser is: the start of the last event looked at, for errors that carry no mark. */
    Mark lastMark() {
        return lastMark;
    }

    private Event compact(Event raw) {
        switch (raw.getEventId()) {
            case Scalar: {
                ScalarEvent e = (ScalarEvent) raw;
                return new ScalarEvent(e.getAnchor(), e.getTag(), e.getImplicit(), shared(e.getValue()),
                        light(e.getStartMark()), null, e.getScalarStyle());
            }
            case MappingStart: {
                MappingStartEvent e = (MappingStartEvent) raw;
                return new MappingStartEvent(e.getAnchor(), e.getTag(), e.getImplicit(), light(e.getStartMark()),
                        null, e.getFlowStyle());
            }
            case SequenceStart: {
                SequenceStartEvent e = (SequenceStartEvent) raw;
                return new SequenceStartEvent(e.getAnchor(), e.getTag(), e.getImplicit(), light(e.getStartMark()),
                        null, e.getFlowStyle());
            }
            case MappingEnd:
                return new MappingEndEvent(null, null);
            case SequenceEnd:
                return new SequenceEndEvent(null, null);
            case Comment: {
                CommentEvent e = (CommentEvent) raw;
                return new CommentEvent(e.getCommentType(), e.getValue(), light(e.getStartMark()), null);
            }
            default:
                return raw; // stream, document and alias events: the composer does not keep their marks
        }
    }

    private Mark light(Mark mark) {
        return mark == null ? null
                : new Mark(source, mark.getIndex(), mark.getLine(), mark.getColumn(), NO_SNIPPET, 0);
    }

    private String shared(String value) {
        if (value.length() > SHARED_VALUE_MAX_LENGTH) {
            return value;
        }
        String known = sharedValues.get(value);
        if (known != null) {
            return known;
        }
        if (sharedValues.size() < SHARED_VALUES_MAX) {
            sharedValues.put(value, value);
        }
        return value;
    }
}
