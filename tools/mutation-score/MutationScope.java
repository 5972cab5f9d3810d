import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which mutation goals a change touches, so that CI runs PIT on those packages only (.ci/mutation;
 * docs/development.md, "Mutation testing in CI").
 *
 * <pre>
 * git diff --name-only BASE | java MutationScope.java REPOSITORY   the goals the changed files touch
 * java MutationScope.java REPOSITORY --all                          every goal
 * </pre>
 *
 * The goals are read from each module's pom ({@code racer.mutation.goals} of its profile {@code
 * mutation}), so this never holds a copy of them. A changed file touches the goal whose package
 * holds it: a main class (its mutants) or a test (what kills them) of that package or a subpackage.
 * A change to how the score is taken touches every goal of its scope: a module's pom every goal of
 * that module; the root pom, tools/mutation-score/ and .ci/mutation every goal. Other files touch
 * none.
 *
 * <p>Prints one line per module with a goal touched: {@code MODULE<TAB>CLASSES}, the classes in
 * PIT's form ({@code a.b.*,a.c.*}); nothing when no goal is touched. Says on stderr which file
 * touched which goal. Exits 2 on a bad command line.
 */
public final class MutationScope {
  private static final Pattern GOALS =
      Pattern.compile("<racer\\.mutation\\.goals>([^<]*)</racer\\.mutation\\.goals>");
  private static final Set<String> EVERY_GOAL =
      Set.of("pom.xml", ".ci/mutation", "tools/mutation-score/");
  private static final List<String> SOURCE_ROOTS = List.of("/src/main/java/", "/src/test/java/");

  private MutationScope() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2 || (args.length == 2 && !args[1].equals("--all"))) {
      System.err.println(
          "usage: java MutationScope.java REPOSITORY [--all] (changed files on stdin)");
      System.exit(2);
    }
    Map<String, List<String>> goals = goals(Path.of(args[0]));
    Map<String, Set<String>> touched = new TreeMap<>();
    if (args.length == 2) {
      goals.forEach((module, packages) -> touched.put(module, new TreeSet<>(packages)));
    } else {
      BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String file = in.readLine(); file != null; file = in.readLine()) {
        if (!file.isBlank()) {
          touch(file.strip(), goals, touched);
        }
      }
    }
    touched.forEach(
        (module, packages) -> {
          List<String> classes = packages.stream().map(p -> p + ".*").toList();
          System.out.println(module + "\t" + String.join(",", classes));
        });
  }

  /** The goals a changed file touches, added to {@code touched}. */
  private static void touch(
      String file, Map<String, List<String>> goals, Map<String, Set<String>> touched) {
    if (EVERY_GOAL.stream()
        .anyMatch(scope -> scope.endsWith("/") ? file.startsWith(scope) : file.equals(scope))) {
      say(file, "every goal");
      goals.forEach(
          (module, packages) ->
              touched.computeIfAbsent(module, m -> new TreeSet<>()).addAll(packages));
      return;
    }
    int slash = file.indexOf('/');
    if (slash < 0 || !goals.containsKey(file.substring(0, slash))) {
      return;
    }
    String module = file.substring(0, slash);
    if (file.equals(module + "/pom.xml")) {
      say(file, "every goal of " + module);
      touched.computeIfAbsent(module, m -> new TreeSet<>()).addAll(goals.get(module));
      return;
    }
    for (String root : SOURCE_ROOTS) {
      String prefix = module + root;
      if (file.startsWith(prefix) && file.endsWith(".java")) {
        String path = file.substring(prefix.length());
        int last = path.lastIndexOf('/');
        String pkg = last < 0 ? "" : path.substring(0, last).replace('/', '.');
        for (String goal : goals.get(module)) {
          if (pkg.equals(goal) || pkg.startsWith(goal + ".")) {
            say(file, goal);
            touched.computeIfAbsent(module, m -> new TreeSet<>()).add(goal);
          }
        }
      }
    }
  }

  private static void say(String file, String goal) {
    System.err.println("[mutation] " + file + " touches " + goal);
  }

  /** Each module's goal packages, from its pom, modules in name order. */
  private static Map<String, List<String>> goals(Path repository) throws Exception {
    Map<String, List<String>> goals = new LinkedHashMap<>();
    List<Path> poms;
    try (Stream<Path> modules = Files.list(repository)) {
      poms = modules.map(m -> m.resolve("pom.xml")).filter(Files::isRegularFile).sorted().toList();
    }
    for (Path pom : poms) {
      Matcher matcher = GOALS.matcher(Files.readString(pom));
      if (matcher.find()) {
        List<String> packages = new ArrayList<>();
        for (String goal : matcher.group(1).split(",")) {
          packages.add(goal.strip().split("=")[0]);
        }
        goals.put(pom.getParent().getFileName().toString(), packages);
      }
    }
    if (goals.isEmpty()) {
      System.err.println("[mutation] no module of " + repository + " sets racer.mutation.goals");
      System.exit(2);
    }
    return goals;
  }
}
