package io.unboundedcloud.racer.krm.diff;

/** The three forms of diff's report, as {@code --output} names them (in lower case). */
public enum DiffOutput {
  TEXT,
  MARKDOWN,
  JSON;

  /** The report in this form. */
  public String write(DiffReport report) {
    return switch (this) {
      case TEXT -> TextReport.of(report);
      case MARKDOWN -> MarkdownReport.of(report);
      case JSON -> JsonReport.of(report);
    };
  }
}
