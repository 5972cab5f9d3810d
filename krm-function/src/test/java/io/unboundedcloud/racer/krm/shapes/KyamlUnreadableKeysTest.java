package io.unboundedcloud.racer.krm.shapes;

import static org.assertj.core.api.Assertions.assertThat;

import io.unboundedcloud.racer.krm.harness.KrmRun;
import io.unboundedcloud.racer.krm.harness.PlainYamlParser;
import io.unboundedcloud.racer.krm.realfiles.RealFiles;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The generated cases kyaml reads but kpt cannot take back ({@link KnownFailures#KYAML_REFUSES}: a
 * mapping key that is a collection, empty or null, in every place): kpt reads such a file and sends
 * it to a function in kyaml's layout, then fails on reading any function's output that holds it,
 * {@code cat}'s included ("wrong node kind"), and kustomize refuses the file before any function
 * runs. So no message of the function's could reach a user of either, and kyaml's YAML layer does
 * write these keys: the function gives each item back as kyaml wrote it, which is what kyaml's
 * round trip would do were kpt able to read its own output. The reference is the ResourceList kpt
 * sent for these cases, captured and held current by {@code GeneratedShapesIT}.
 */
@DisplayName("Collection, empty and null keys, each generated case as kpt sends it")
class KyamlUnreadableKeysTest {

  private static final Pattern NAME = Pattern.compile("(?m)^    name: (\\S+)$");

  private final String sent = RealFiles.sentUnreadableShapesResourceList();

  @Test
  @DisplayName("the reference holds every case of the class, and no other")
  void wholeClass() {
    Set<String> names = new TreeSet<>();
    Matcher matcher = NAME.matcher(sent.substring(0, sent.indexOf("\nfunctionConfig:")));
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    names.removeAll(Set.of("corpus", "racer-settings"));
    assertThat(names).isEqualTo(KnownFailures.KYAML_REFUSES);
  }

  @Test
  @DisplayName(
      "gives every item back byte for byte as kyaml wrote it, exit 0, in output that parses, the"
          + " same on its own output")
  void givenBackAsKyamlWroteThem() {
    KrmRun run = KrmRun.function(sent);

    assertThat(run.exitCode()).as(run.describe()).isZero();
    PlainYamlParser.assertComposes(run.stdout(), "the output");
    String items = sent.substring(0, sent.indexOf("\nfunctionConfig:") + 1);
    assertThat(items).contains("? [key-flow-sequence, b]\n", "? - key-block-sequence\n");
    String out = run.stdout();
    String prefix = out.substring(0, Math.min(items.length(), out.length()));
    assertThat(prefix).as(RealFiles.firstDifference(items, prefix)).isEqualTo(items);
    assertThat(KrmRun.function(run.stdoutWithoutResults()).stdout()).isEqualTo(out);
  }
}
