package io.unboundedcloud.racer.krm.yaml.pipeline;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.util.AbstractCollection;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.ScannerImpl;
import org.yaml.snakeyaml.tokens.CommentToken;
import org.yaml.snakeyaml.tokens.Token;

/**
 * snakeyaml's {@link ScannerImpl}, the same tokens and errors, at a cost per token that does not
 * grow with the number of flow collections open on a line.
 *
 * <p>The scanner keeps a "possible simple key" for each open flow level (every {@code [} and {@code
 * {} may start a key, {@code [a]: b}), and before each token it walks all of them to drop the ones
 * that can no longer be keys: those on an earlier line, or more than 1,024 characters back. On one
 * line of {@code [[[[...} up to 1,024 keys are held at once, so every token walked about a thousand
 * of them twice: 2 MiB of {@code [} took 49 to 60 s of CPU (found with JFR: {@code
 * ScannerImpl.stalePossibleSimpleKeys} and {@code LinkedHashMap}'s iterator in nine samples of
 * ten), {@code [{a: } repeated 20 s, and a line of 250 nested pairs of brackets repeated to 2 MiB,
 * which renders, about as long.
 *
 * <p>The keys are held in the order they were saved, which is the order of their index in the text
 * (a key is saved at the reader's position, and a level's key is removed before it is saved again),
 * and an index later in the text is on the same line or a later one. So if a key is still possible
 * (on the current line, within 1,024 characters), every key after it is too: the ones to drop are
 * always a prefix. This scanner's table hands the scanner's walk the keys up to the first one it
 * keeps, and stops there: the walk drops exactly what it dropped before, refuses exactly the
 * required keys it refused before, and costs one step more than what it drops.
 *
 * <p>The queue of tokens scanned but not yet taken was an {@link ArrayList} taken from its head, a
 * copy of the whole queue per token. At the end of a line of {@code - - - ... x} (block sequences
 * of sequences) the scanner closes every level at once and queues one block end per level, so 1 MiB
 * of {@code - } queued half a million tokens and took them in time quadratic in their number
 * (JFR: {@code ArrayList.remove} on top): over 36 s of CPU for 2 MiB. Here the queue is a ring:
 * taking the head, adding at the tail, and the scanner's insertion of a key's token near the head
 * move no more than the tokens between the insertion and the nearer end.
 *
 * <p>Both are put in place of the scanner's own by reflection (they are private in snakeyaml 2.5):
 * {@code SnakeyamlContractTest} checks the fields and that the tokens stay the same.
 */
public final class LinearScanner {

  /**
   * The scanner's fields this class replaces, looked up once when the class is loaded: a snakeyaml
   * without them fails the first read with {@link #field}'s message, never falls back to the
   * quadratic scanner.
   */
  private static final Field POSSIBLE_SIMPLE_KEYS = field("possibleSimpleKeys", Map.class);

  private static final Field TOKENS = field("tokens", List.class);

  private LinearScanner() {}

  /**
   * The same fields' setters, through which they are set with their exact types: a {@link Field}'s
   * {@code set} adapts its setter to (Object, Object) and spins method-handle classes for that at
   * run time (three per run, which the class-data archive cannot hold: {@code RuntimeArchiveIT}).
   */
  private static final MethodHandle SET_SIMPLE_KEYS = setter(POSSIBLE_SIMPLE_KEYS);

  private static final MethodHandle SET_TOKENS = setter(TOKENS);

  private static final MethodHandle GET_SIMPLE_KEYS = getter(POSSIBLE_SIMPLE_KEYS);

  private static final MethodHandle GET_TOKENS = getter(TOKENS);

  /** A scanner of {@code reader}, as {@code new ScannerImpl(reader, options)}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static ScannerImpl of(StreamReader reader, LoaderOptions options) {
    ScannerImpl scanner = new ScannerImpl(reader, options);
    // each keeps what it held: the constructor queues the stream's start, and the table is empty
    StalePrefixTable<Object, Object> table = new StalePrefixTable<>();
    TokenRing tokens = new TokenRing();
    try {
      table.putAll((Map<Object, Object>) (Map) GET_SIMPLE_KEYS.invokeExact(scanner));
      tokens.addAll((List<Token>) (List) GET_TOKENS.invokeExact(scanner));
      SET_SIMPLE_KEYS.invokeExact(scanner, (Map) table);
      SET_TOKENS.invokeExact(scanner, (List) tokens);
    } catch (Throwable e) {
      throw changed("possibleSimpleKeys or tokens cannot be set", e);
    }
    return scanner;
  }

  private static MethodHandle getter(Field field) {
    try {
      return MethodHandles.lookup().unreflectGetter(field);
    } catch (IllegalAccessException e) {
      throw changed(field.getName() + " cannot be read", e);
    }
  }

  private static MethodHandle setter(Field field) {
    try {
      return MethodHandles.lookup().unreflectSetter(field);
    } catch (IllegalAccessException e) {
      throw changed(field.getName() + " cannot be set", e);
    }
  }

  /**
   * snakeyaml's private field {@code name} of {@link ScannerImpl}, made accessible; an {@link
   * IllegalStateException} naming the field and what to do when it is missing or of another type.
   */
  static Field field(String name, Class<?> type) {
    Field field;
    try {
      field = ScannerImpl.class.getDeclaredField(name);
    } catch (NoSuchFieldException e) {
      throw changed(name + " is gone", e);
    }
    if (field.getType() != type) {
      throw changed(
          name + " is a " + field.getType().getName() + ", not a " + type.getName(), null);
    }
    try {
      field.setAccessible(true);
    } catch (RuntimeException e) {
      throw changed(name + " cannot be made accessible", e);
    }
    return field;
  }

  private static IllegalStateException changed(String what, Throwable cause) {
    return new IllegalStateException(
        "snakeyaml's ScannerImpl is not the one LinearScanner was written against (2.5): its field "
            + what
            + "; check LinearScanner and SnakeyamlContractTest against this snakeyaml version",
        cause);
  }

  /**
   * A map in insertion order whose {@link #values()} walk stops after an entry the walker keeps:
   * the scanner removes each stale key through the iterator, and the first key it does not remove
   * is followed only by keys that are not stale either. The first entry is always handed out, as
   * {@code nextPossibleSimpleKey} reads it.
   */
  static final class StalePrefixTable<K, V> extends LinkedHashMap<K, V> {
    private static final long serialVersionUID = 1L;

    private final transient Collection<V> prefix =
        new AbstractCollection<>() {
          @Override
          public Iterator<V> iterator() {
            return new PrefixIterator<>(StalePrefixTable.super.values().iterator());
          }

          @Override
          public int size() {
            return StalePrefixTable.this.size();
          }
        };

    @Override
    public Collection<V> values() {
      return prefix;
    }
  }

  /** Hands out entries while the one handed out last was removed. */
  private static final class PrefixIterator<V> implements Iterator<V> {
    private final Iterator<V> entries;

    /** Whether the entry handed out last is still in the table. */
    private boolean kept;

    PrefixIterator(Iterator<V> entries) {
      this.entries = entries;
    }

    @Override
    public boolean hasNext() {
      return !kept && entries.hasNext();
    }

    @Override
    public V next() {
      V next = entries.next();
      kept = true;
      return next;
    }

    @Override
    public void remove() {
      entries.remove();
      kept = false;
    }
  }

  /**
   * The scanner's queue of tokens, in a ring of slots: {@code get}, {@code add} at the tail and
   * {@code remove(0)} in constant time, an insertion or a removal elsewhere moving the tokens on
   * its shorter side.
   *
   * <p>A comment token waits here in a few fields (its type, text and position) and is made again
   * when it is looked at: the scanner queues every comment line up to the next token at once, so a
   * run of a million comment lines was a million tokens of two marks each, about 110 MB. What is
   * read of a comment's marks later is its index, line and column, and for one on a sequence item's
   * dash line the text before it ({@link CompactEventParser#afterDash}): such a one waits as it
   * came.
   */
  static final class TokenRing extends AbstractList<Token> implements RandomAccess {
    private Object[] slots = new Object[128];
    private int head;
    private int size;

    @Override
    public int size() {
      return size;
    }

    @Override
    public Token get(int index) {
      Objects.checkIndex(index, size);
      int slot = slot(index);
      if (slots[slot] instanceof QueuedComment comment) {
        Token token = comment.token();
        slots[slot] = token;
        return token;
      }
      return (Token) slots[slot];
    }

    @Override
    public Token set(int index, Token token) {
      Token before = get(index);
      slots[slot(index)] = QueuedComment.of(token);
      return before;
    }

    @Override
    public void add(int index, Token token) {
      Objects.checkIndex(index, size + 1);
      if (size == slots.length) {
        grow();
      }
      if (index < size - index) {
        head = (head - 1 + slots.length) % slots.length;
        for (int i = 0; i < index; i++) {
          slots[slot(i)] = slots[slot(i + 1)];
        }
      } else {
        for (int i = size; i > index; i--) {
          slots[slot(i)] = slots[slot(i - 1)];
        }
      }
      slots[slot(index)] = QueuedComment.of(token);
      size++;
      modCount++;
    }

    @Override
    public Token remove(int index) {
      Token removed = get(index);
      if (index < size - 1 - index) {
        for (int i = index; i > 0; i--) {
          slots[slot(i)] = slots[slot(i - 1)];
        }
        slots[head] = null;
        head = (head + 1) % slots.length;
      } else {
        for (int i = index; i < size - 1; i++) {
          slots[slot(i)] = slots[slot(i + 1)];
        }
        slots[slot(size - 1)] = null;
      }
      size--;
      modCount++;
      return removed;
    }

    @Override
    public void clear() {
      Arrays.fill(slots, null);
      head = 0;
      size = 0;
      modCount++;
    }

    private int slot(int index) {
      return (head + index) % slots.length;
    }

    private void grow() {
      Object[] next = new Object[slots.length * 2];
      for (int i = 0; i < size; i++) {
        next[i] = slots[slot(i)];
      }
      slots = next;
      head = 0;
    }
  }

  /** A queued comment token, what is read of it. */
  private record QueuedComment(
      CommentType type, String value, String name, int index, int line, int column) {
    private static final int[] NO_SNIPPET = new int[0];

    /** {@code token} to queue: a comment as a record, unless the text before it is read. */
    static Object of(Token token) {
      if (token instanceof CommentToken comment
          && comment.getStartMark() != null
          && !CompactEventParser.afterDash(comment.getStartMark())) {
        Mark mark = comment.getStartMark();
        return new QueuedComment(
            comment.getCommentType(),
            comment.getValue(),
            mark.getName(),
            mark.getIndex(),
            mark.getLine(),
            mark.getColumn());
      }
      return token;
    }

    Token token() {
      Mark mark = new Mark(name, index, line, column, NO_SNIPPET, 0);
      return new CommentToken(type, value, mark, mark);
    }
  }
}
