package io.unboundedcloud.racer.chart.docs;

import com.github.jknack.handlebars.Context;
import com.github.jknack.handlebars.EscapingStrategy;
import com.github.jknack.handlebars.Handlebars;
import com.github.jknack.handlebars.context.MapValueResolver;
import com.github.jknack.handlebars.io.ClassPathTemplateLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Renders the {@code racer-chart/*.hbs} templates with {@code [[ ]]} delimiters and no escaping.
 */
public final class ChartTexts {
  private final Handlebars handlebars;
  private final Map<String, Object> facts;

  public ChartTexts(Map<String, Object> facts) {
    this.handlebars =
        new Handlebars(new ClassPathTemplateLoader("/racer-chart", ".hbs"))
            .with(EscapingStrategy.NOOP)
            .prettyPrint(true);
    handlebars.setStartDelimiter("[[");
    handlebars.setEndDelimiter("]]");
    this.facts = facts;
  }

  /** The text of template {@code name} (without {@code .hbs}). */
  public String render(String name) {
    try {
      Context context = Context.newBuilder(facts).resolver(MapValueResolver.INSTANCE).build();
      return handlebars.compile(name).apply(context);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render racer-chart/" + name + ".hbs", e);
    }
  }
}
