package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.SourceFiles;
import io.unboundedcloud.racer.krm.memory.OutOfMemory;
import io.unboundedcloud.racer.krm.yaml.ByteBudget;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The one reader of the command line modes' input: named files, directories walked for .yaml and
 * .yml files, {@code -} for stdin, and the one-object function config file. Lists ({@code kind:
 * List}) stand for their items.
 *
 * <p>Two bounds hold for every read. A file is read only when its real path lies inside the path it
 * was found under, as that path resolves once (a symbolic link named on the command line is the
 * user's choice; one inside a folder may point only inside it): a repository cannot make racer-krm
 * print a file from elsewhere on the machine. And all files and stdin together spend one budget of
 * bytes ({@link YamlLimits#maxInputBytes()}): the files' sizes are checked against it before any is
 * parsed.
 */
final class ManifestFiles {
  /** Files in a directory that are build instructions, not manifests ({@link BuildFile}). */
  static final Set<String> SKIPPED_FILES = Set.copyOf(BuildFile.allNames());

  private static final String STDIN = "-";

  private final InputStream stdin;
  private final PrintStream stderr;
  private final ByteBudget budget;
  private final StdinNotice notice;
  private final Caller caller;

  /**
   * A reader for one run: its stdin, where its warnings go, its budget of bytes, and the notice it
   * gives before it reads stdin from a terminal, and the caller whose folder relative paths resolve
   * against.
   */
  ManifestFiles(
      InputStream stdin, PrintStream stderr, ByteBudget budget, StdinNotice notice, Caller caller) {
    this.stdin = stdin;
    this.stderr = stderr;
    this.budget = budget;
    this.notice = notice;
    this.caller = caller;
  }

  /** A path that cannot be read as the command needs it; the message says which and why. */
  static final class Unusable extends RuntimeException {
    Unusable(String message) {
      super(message);
    }
  }

  /**
   * A file to read: where it was found, as the user would name it, and what to open.
   *
   * @param named the path under the one given, as messages name it
   * @param real its real path, inside the given path's real path
   */
  record Found(Path named, Path real) {}

  /**
   * A build file found in a folder and not read (a kustomization, a Kptfile): what a mode tells the
   * user, on stderr or as a finding of the side it belongs to.
   *
   * @param file the file, under the folder as given
   * @param warning what it is and what to do instead, without a severity
   */
  record Skipped(Path file, String warning) {}

  /**
   * Refuses, before anything is parsed, the files of {@code paths} (and the function config file,
   * when there is one) when their sizes pass what is left of the budget.
   *
   * @throws YamlInputException when they do
   * @throws Unusable when a path does not exist or a link points outside its folder
   */
  void admit(List<String> paths, Path functionConfig) {
    List<Path> named = new ArrayList<>();
    for (String path : paths) {
      if (!path.equals(STDIN)) {
        named.add(Path.of(path));
      }
    }
    if (functionConfig != null) {
      named.add(functionConfig);
    }
    List<Found> files = files(caller, named, "", new PrintStream(OutputStream.nullOutputStream()));
    long total = 0;
    for (Found file : files) {
      total += size(file.real());
    }
    if (!budget.admits(total)) {
      throw overBudget(files, total);
    }
    caller.admission().admit(total);
  }

  /**
   * The objects of each path in order: a file, every .yaml/.yml file of a directory, or {@code -}
   * for the stream on stdin. Their files are {@linkplain #admit admitted} first.
   *
   * @param command the mode reading them, for the warning about skipped kustomizations
   * @param sources told which file each object came from
   * @throws YamlInputException when one is not valid YAML of objects, or the budget is spent
   * @throws Unusable when a path does not exist or a link points outside its folder
   */
  List<MappingNode> objects(List<String> paths, String command, SourceFiles sources) {
    return objects(paths, command, sources, printed(stderr));
  }

  /**
   * As {@link #objects(List, String, SourceFiles)}, each build file that is not read handed to
   * {@code skipped} instead of printed.
   */
  List<MappingNode> objects(
      List<String> paths, String command, SourceFiles sources, Consumer<Skipped> skipped) {
    admit(paths, null);
    List<MappingNode> objects = new ArrayList<>();
    for (String path : paths) {
      if (path.equals(STDIN)) {
        notice.reading(command, "manifests", "give a file or folder to read instead");
        objects.addAll(
            YamlReader.readManifests(stdin, Invocation.STDIN, YamlLimits.DEFAULT, budget));
        continue;
      }
      for (Found file : files(caller, List.of(Path.of(path)), command, skipped)) {
        objects.addAll(read(file, sources));
      }
    }
    return objects;
  }

  /** The function config file: exactly one object. */
  MappingNode functionConfig(Path file, SourceFiles sources) {
    Path real = realPath(caller, file);
    if (!Files.isRegularFile(real)) {
      throw new Unusable(file + ": not a file; the function config is one file with one ConfigMap");
    }
    List<MappingNode> configs = read(new Found(file, real), sources);
    if (configs.size() != 1) {
      throw new Unusable(
          file + " holds " + configs.size() + " objects; the function config is one ConfigMap");
    }
    return configs.get(0);
  }

  private List<MappingNode> read(Found file, SourceFiles sources) {
    List<MappingNode> read =
        YamlReader.readManifests(file.real(), file.named().toString(), YamlLimits.DEFAULT, budget);
    sources.read(file.named(), read);
    return read;
  }

  /**
   * The files to read: each named file, and every .yaml/.yml file under each directory, sorted.
   * Links inside a directory are followed to files inside it only; links to directories are not
   * followed.
   *
   * @param command the mode, named in the warning about a kustomization that is not built
   * @throws Unusable when a path does not exist, or a .yaml/.yml link points outside its folder
   */
  static List<Found> files(Caller caller, List<Path> paths, String command, PrintStream stderr) {
    return files(caller, paths, command, printed(stderr));
  }

  /** Each skipped build file as a warning line on {@code stderr}. */
  private static Consumer<Skipped> printed(PrintStream stderr) {
    return skipped -> stderr.println("warning: " + skipped.warning());
  }

  private static List<Found> files(
      Caller caller, List<Path> paths, String command, Consumer<Skipped> skipped) {
    List<Found> files = new ArrayList<>();
    for (Path path : paths) {
      Path root = realPath(caller, path);
      if (Files.isDirectory(root)) {
        files.addAll(folder(caller, path, root, command, skipped));
      } else if (Files.isRegularFile(root)) {
        refuseChart(path);
        files.add(new Found(path, root));
      } else {
        throw new Unusable(path + ": not a file or a directory");
      }
    }
    return files;
  }

  private static List<Found> folder(
      Caller caller, Path folder, Path root, String command, Consumer<Skipped> skipped) {
    List<Path> found;
    // walked from its real path (a folder named through a link is the user's choice), each file
    // named under the folder as given
    try (Stream<Path> walk = Files.walk(root)) {
      found =
          walk.filter(Files::isRegularFile)
              .map(file -> folder.resolve(root.relativize(file)))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    found.forEach(ManifestFiles::refuseChart);
    if (found.stream().noneMatch(ManifestFiles::isManifestFile)) {
      throw new Unusable(EmptyFolder.message(folder, found));
    }
    List<Found> files = new ArrayList<>();
    for (Path file : found) {
      if (isManifestFile(file)) {
        files.add(new Found(file, inside(caller, file, folder, root)));
      } else {
        BuildFile.of(file)
            .ifPresent(
                build ->
                    skipped.accept(
                        new Skipped(
                            file,
                            file
                                + " is not read: "
                                + command
                                + " reads manifests only, and it is "
                                + build.advice())));
      }
    }
    return files;
  }

  /**
   * Refuses a Helm chart's Chart.yaml, and so the chart's folder: what lies beside it are templates
   * that no YAML reader can take for objects.
   */
  private static void refuseChart(Path file) {
    BuildFile.of(file)
        .filter(BuildFile::refusesFolder)
        .ifPresent(
            chart -> {
              throw new Unusable(
                  file
                      + ": "
                      + (file.getParent() == null ? Path.of(".") : file.getParent())
                      + " is "
                      + chart.advice());
            });
  }

  /**
   * The real path of {@code file}, found under {@code folder} (whose real path is {@code root});
   * refused when it lies outside.
   */
  private static Path inside(Caller caller, Path file, Path folder, Path root) {
    Path real = realPath(caller, file);
    if (!real.startsWith(root)) {
      throw new Unusable(
          file
              + ": a symbolic link to a file outside "
              + folder
              + "; racer-krm reads only the files inside the folder it is given, so that a"
              + " repository cannot make it print a file from elsewhere. Copy the file into the"
              + " folder, or name it on the command line of its own");
    }
    return real;
  }

  /** The real path of {@code path} as the caller's process names it (from its folder). */
  private static Path realPath(Caller caller, Path path) {
    try {
      return caller.resolve(path).toRealPath();
    } catch (NoSuchFileException gone) {
      throw new Unusable(path + ": no such file or directory");
    } catch (IOException e) {
      throw new Unusable(
          path
              + ": cannot be read ("
              + (e instanceof AccessDeniedException ? "permission denied" : "I/O error")
              + ")");
    }
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException gone) {
      return 0; // read, or reported unreadable, later
    }
  }

  private YamlInputException overBudget(List<Found> files, long total) {
    List<Found> largest =
        files.stream()
            .sorted(Comparator.comparingLong((Found file) -> size(file.real())).reversed())
            .limit(3)
            .toList();
    List<String> named = new ArrayList<>();
    for (Found file : largest) {
      named.add(file.named() + " " + OutOfMemory.mebibytes(size(file.real())));
    }
    if (files.size() > largest.size()) {
      named.add(OutOfMemory.count(files.size() - largest.size(), "more file"));
    }
    return YamlInputException.overBudget(
        OutOfMemory.count(files.size(), "file")
            + " of "
            + OutOfMemory.mebibytes(total)
            + " together ("
            + String.join(", ", named)
            + (budget.spent() == 0
                ? ""
                : "; " + OutOfMemory.mebibytes(budget.spent()) + " read before them")
            + ")",
        budget.total());
  }

  private static boolean isManifestFile(Path file) {
    String name = file.getFileName().toString();
    return (name.endsWith(".yaml") || name.endsWith(".yml")) && !SKIPPED_FILES.contains(name);
  }
}
