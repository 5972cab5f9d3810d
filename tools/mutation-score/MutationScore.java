import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The mutation score of one module, per package, from PIT's {@code mutations.xml}; run by the Maven
 * profile {@code mutation} after PIT (see docs/development.md, "Mutation testing"). PIT's own
 * console summary gives one figure per module; the goals are per package, and a reviewer needs the
 * surviving mutants in the log.
 *
 * <pre>
 * java MutationScore.java MODULE target/pit-reports/mutations.xml PACKAGE=PERCENT[,PACKAGE=PERCENT...]
 * </pre>
 *
 * Prints, per package and per goal: killed of total (the score) and the test strength (killed of
 * those a test reached), counted as PIT counts them: a mutant is killed when a test failed, erred
 * or timed out on it. Then every mutant that survived or that no test reached, one per line. Exits
 * 1 when a goal (a package and its subpackages) is not met, saying which, 2 on a bad command line
 * or report. A goal whose package had no mutants this run (a run narrowed with
 * -Dracer.mutation.classes) is not judged.
 */
public final class MutationScore {
  /** PIT's statuses that count as detected. */
  private static final Set<String> KILLED =
      Set.of("KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR");

  private static final String NO_COVERAGE = "NO_COVERAGE";

  private record Mutant(String packageName, String location, String status, String description) {
    boolean killed() {
      return KILLED.contains(status);
    }

    boolean reached() {
      return !NO_COVERAGE.equals(status);
    }
  }

  /** Killed, reached and total mutants of one package or goal. */
  private static final class Tally {
    int killed;
    int reached;
    int total;

    void add(Mutant mutant) {
      total++;
      if (mutant.reached()) {
        reached++;
      }
      if (mutant.killed()) {
        killed++;
      }
    }

    /** Killed of total: 1 when there is nothing to kill. */
    double score() {
      return total == 0 ? 1 : (double) killed / total;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%d of %d mutants killed (%s), test strength %s",
          killed,
          total,
          percent(killed, total),
          percent(killed, reached));
    }

    private static String percent(int part, int whole) {
      return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
  }

  private MutationScore() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println(
          "usage: java MutationScore.java MODULE MUTATIONS_XML PACKAGE=PERCENT[,PACKAGE=PERCENT...]");
      System.exit(2);
    }
    String module = args[0];
    Path report = Path.of(args[1]);
    if (!Files.isRegularFile(report)) {
      System.err.println(
          "[mutation] " + module + ": no PIT report at " + report + " (did PIT run?)");
      System.exit(2);
    }
    Map<String, Integer> goals = goals(args[2]);
    List<Mutant> mutants = read(report);

    Map<String, Tally> perPackage = new TreeMap<>();
    Map<String, Tally> perGoal = new LinkedHashMap<>();
    goals.keySet().forEach(goal -> perGoal.put(goal, new Tally()));
    Tally all = new Tally();
    for (Mutant mutant : mutants) {
      all.add(mutant);
      perPackage.computeIfAbsent(mutant.packageName(), p -> new Tally()).add(mutant);
      perGoal.forEach(
          (goal, tally) -> {
            if (within(mutant.packageName(), goal)) {
              tally.add(mutant);
            }
          });
    }

    System.out.println("[mutation] " + module + ": " + all);
    perPackage.forEach((name, tally) -> System.out.println("[mutation]   " + name + ": " + tally));
    for (Mutant mutant : mutants) {
      if (!mutant.killed()) {
        System.out.println(
            "[mutation]   "
                + (mutant.reached() ? "survived" : "no test reached")
                + ": "
                + mutant.location()
                + " "
                + mutant.description());
      }
    }
    List<String> missed = new ArrayList<>();
    perGoal.forEach(
        (goal, tally) -> {
          int percent = goals.get(goal);
          String line = goal + ": " + tally + "; goal " + percent + "%";
          if (tally.total == 0) {
            // PIT itself fails when it finds nothing to mutate: here only -Dracer.mutation.classes
            // left
            // it out
            System.out.println("[mutation] no mutants in " + goal + ": its goal is not judged");
          } else if (tally.score() * 100 < percent) {
            missed.add(line);
          } else {
            System.out.println("[mutation] met " + line);
          }
        });
    for (String line : missed) {
      System.out.println(
          "[mutation] NOT MET "
              + line
              + ": kill the surviving mutants above with tests, or explain them in docs/development.md");
    }
    if (!missed.isEmpty()) {
      System.exit(1);
    }
  }

  /** {@code a.b=96,a.c=90} in the order given. */
  private static Map<String, Integer> goals(String spec) {
    Map<String, Integer> goals = new LinkedHashMap<>();
    for (String goal : spec.split(",")) {
      String[] parts = goal.trim().split("=");
      if (parts.length != 2 || !parts[1].matches("\\d{1,3}")) {
        System.err.println("[mutation] a goal is PACKAGE=PERCENT, not \"" + goal + "\"");
        System.exit(2);
      }
      goals.put(parts[0], Integer.parseInt(parts[1]));
    }
    return goals;
  }

  /** The package itself and its subpackages. */
  private static boolean within(String packageName, String goal) {
    return packageName.equals(goal) || packageName.startsWith(goal + ".");
  }

  private static List<Mutant> read(Path report) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    NodeList nodes =
        factory.newDocumentBuilder().parse(report.toFile()).getElementsByTagName("mutation");
    List<Mutant> mutants = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      Element mutation = (Element) nodes.item(i);
      String mutatedClass = text(mutation, "mutatedClass");
      int dot = mutatedClass.lastIndexOf('.');
      String location =
          mutatedClass.substring(dot + 1)
              + "."
              + text(mutation, "mutatedMethod")
              + ":"
              + text(mutation, "lineNumber");
      mutants.add(
          new Mutant(
              dot < 0 ? "" : mutatedClass.substring(0, dot),
              location,
              mutation.getAttribute("status"),
              text(mutation, "description")));
    }
    return mutants;
  }

  private static String text(Element parent, String tag) {
    NodeList found = parent.getElementsByTagName(tag);
    return found.getLength() == 0 ? "" : found.item(0).getTextContent();
  }
}
