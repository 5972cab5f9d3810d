package io.unboundedcloud.racer.krm.diff;

import java.util.Locale;

/** The three forms of diff's report, as {@code --output} names them. */
public enum DiffOutput {
  TEXT,
  MARKDOWN,
  JSON;

  /** The form a {@code --output} value names, or {@code null} for none. */
  public static DiffOutput named(String name) {
    for (DiffOutput output : values()) {
      if (output.name().toLowerCase(Locale.ROOT).equals(name)) {
        return output;
      }
    }
    return null;
  }

  /** The report in this form. */
  public String write(DiffReport report) {
    return switch (this) {
      case TEXT -> TextReport.of(report);
      case MARKDOWN -> MarkdownReport.of(report);
      case JSON -> JsonReport.of(report);
    };
  }
}
