package io.unboundedcloud.racer.krm.cli;

import io.unboundedcloud.racer.krm.inputs.Inputs;
import io.unboundedcloud.racer.krm.inputs.ItemLocator;
import io.unboundedcloud.racer.krm.inputs.ItemTextProblem;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.memory.KeptInput;
import io.unboundedcloud.racer.krm.parameters.ApplicationParameters;
import io.unboundedcloud.racer.krm.paths.NewObjectFiles;
import io.unboundedcloud.racer.krm.render.Outcome;
import io.unboundedcloud.racer.krm.render.Renderer;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.yaml.ResourceList;
import io.unboundedcloud.racer.krm.yaml.YamlInputException;
import io.unboundedcloud.racer.krm.yaml.YamlLimits;
import io.unboundedcloud.racer.krm.yaml.YamlReader;
import io.unboundedcloud.racer.krm.yaml.YamlWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;

/**
 * The KRM function: one ResourceList on stdin, one on stdout. Any error result exits 1 with every
 * input item unchanged in the output, and each error also on stderr, since kustomize shows only
 * stderr. A run that breaks still answers with every item ({@link Mode.Stdout#RESOURCE_LIST}). The
 * objects it adds get their file ({@link NewObjectFiles}), as kpt asks of new objects; the
 * ResourceList goes out in the input's apiVersion.
 */
final class FunctionMode implements Mode {
  private final Rendering rendering;

  FunctionMode() {
    this(Renderer::render);
  }

  FunctionMode(Rendering rendering) {
    this.rendering = rendering;
  }

  @Override
  public String name() {
    return "";
  }

  @Override
  public Syntax syntax() {
    // --version is answered before any mode runs; named here so that the table holds every flag
    return Syntax.none().flags(Flag.toggle(Command.VERSION.get(0)));
  }

  @Override
  public Stdout stdout() {
    return Stdout.RESOURCE_LIST;
  }

  @Override
  public int run(Invocation call, OutputStream out) {
    KeptInput input;
    ResourceList list;
    try {
      input = call.keptStdin();
      list =
          YamlReader.readResourceList(
              input.open(),
              Invocation.STDIN,
              YamlLimits.DEFAULT,
              call.budget(),
              Inputs::readsOnlyIdentity);
    } catch (YamlInputException unreadable) {
      YamlInputException refused = keepingItems(unreadable, call);
      if ((refused.isExpansion() || refused.isDeepNesting()) && call.kept().isPresent()) {
        giveBack(refused, call, out);
      } else {
        refuse(refused, keptStdin(call), out, call.stderr());
      }
      return 1;
    }
    List<MappingNode> inputItems = List.copyOf(list.items());
    ReadOutcome<ApplicationParameters> parameters = call.parameters();
    // parameters that cannot be read: every item back unchanged, with their errors
    Outcome outcome =
        parameters.ok()
            ? rendering.render(
                list.items(),
                list.functionConfig().orElse(null),
                parameters.value(),
                ItemLocator.ANNOTATIONS)
            : new Outcome(list.items(), parameters.results());
    NewObjectFiles.place(inputItems, outcome.items());
    for (Result result : outcome.results()) {
      call.stderr().println(result.toLine());
    }
    List<Map<String, Object>> results = outcome.results().stream().map(Result::toTree).toList();
    // bytes, always UTF-8, whatever the platform's default encoding (a bare container has none)
    YamlWriter.writeResourceList(
        new ResourceList(list.apiVersion(), outcome.items(), list.functionConfig().orElse(null)),
        results,
        out);
    return outcome.results().exitCode();
  }

  /**
   * A refusal for a duplicate key with the input's items read again, both entries of a repeated key
   * kept: kpt passes such items through, so they go back as they came.
   */
  private static YamlInputException keepingItems(YamlInputException refused, Invocation call) {
    if (!refused.isDuplicateKey() || refused.items().isPresent() || call.kept().isEmpty()) {
      return refused;
    }
    return YamlReader.keepingItems(refused, call.kept().get().open());
  }

  /**
   * An input refused for what its aliases stand for (alone, or with a key written twice, whose
   * items cannot be read again for them) or for nesting deeper than the function reads: YAML kpt
   * and kubectl read, so it goes back as it came (aliases unexpanded: expanding them is what was
   * refused), with the error about the item that holds the problem.
   */
  private static void giveBack(YamlInputException refused, Invocation call, OutputStream out) {
    // as the other refusals of a key written twice or of nesting say it
    String prefix =
        refused.isDuplicateKey() || refused.isDeepNesting() ? "input is not a ResourceList: " : "";
    Result error = ItemTextProblem.of(prefix, refused, keptStdin(call));
    call.stderr().println(error.toLine());
    if (!InputEcho.echo(call.kept().get(), error, out)) {
      YamlWriter.writeUnusedItems(null, List.of(error.toTree()), out);
    }
  }

  /** Stdin as it was kept, for a refusal to find the item it is about; null when not kept. */
  private static InputStream keptStdin(Invocation call) {
    return call.kept().map(KeptInput::open).orElse(null);
  }

  /**
   * An input that is not a ResourceList: its items as parsed, when there are any, and the error,
   * about the item whose text holds the problem when one does ({@link ItemTextProblem}).
   */
  private static void refuse(
      YamlInputException unreadable, InputStream input, OutputStream output, PrintStream stderr) {
    Result error = ItemTextProblem.of("input is not a ResourceList: ", unreadable, input);
    stderr.println(error.toLine());
    YamlWriter.writeUnusedItems(unreadable.items().orElse(null), List.of(error.toTree()), output);
  }
}
