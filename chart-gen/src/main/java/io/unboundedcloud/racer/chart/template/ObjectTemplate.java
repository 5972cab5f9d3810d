package io.unboundedcloud.racer.chart.template;

import java.util.ArrayList;
import java.util.List;

/**
 * One chart template file: the merged tree of one object written with its substitutions, between
 * the Helm lines that open and close it (a validation include, an {@code if} switch, a {@code
 * range}).
 *
 * @param fileName the file under {@code templates/}
 * @param prelude Helm lines before the object
 * @param tree the merged object
 * @param substitutions its sentinels, replacements and additions
 * @param epilogue Helm lines after the object
 */
public record ObjectTemplate(
    String fileName,
    List<String> prelude,
    TemplateNode tree,
    Substitutions substitutions,
    List<String> epilogue) {

  public ObjectTemplate {
    prelude = List.copyOf(prelude);
    epilogue = List.copyOf(epilogue);
  }

  /**
   * The file's text.
   *
   * @throws IllegalStateException when a substitution was never used
   */
  public String render() {
    List<String> lines = new ArrayList<>(prelude);
    lines.addAll(TemplateWriter.write(tree, substitutions));
    substitutions.assertAllUsed();
    lines.addAll(epilogue);
    return String.join("\n", lines) + "\n";
  }
}
