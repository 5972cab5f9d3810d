import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes io/unboundedcloud/racer/krm/codec/Fabric8Trees.java: a reader and a writer for every
 * fabric8 class reachable from the given root classes, as plain method calls. Run by the build
 * (generate-sources):
 *
 * <pre>
 *   java -cp DEPENDENCIES Fabric8TreesGenerator.java OUTPUT_DIR ROOT_CLASS...
 * </pre>
 *
 * Jackson decides everything here, at build time: which properties a class has, their names,
 * getters and setters, their order (@JsonPropertyOrder) and when they are left out (@JsonInclude),
 * so the generated code writes what ObjectMapper.convertValue would. A model shape it does not know
 * (a property of type Object, a custom serializer other than IntOrString's and Quantity's, an
 * inclusion rule other than NON_NULL and NON_EMPTY, a property alias, a class without any-getter
 * and any-setter) stops the build with a message, instead of being written wrongly.
 */
public final class Fabric8TreesGenerator {
  private static final String PACKAGE = "io.unboundedcloud.racer.krm.codec";
  private static final String INT_OR_STRING = "io.fabric8.kubernetes.api.model.IntOrString";
  private static final String QUANTITY = "io.fabric8.kubernetes.api.model.Quantity";

  private final ObjectMapper mapper = new ObjectMapper();
  private final SerializationConfig serialization = mapper.getSerializationConfig();
  private final DeserializationConfig deserialization = mapper.getDeserializationConfig();
  private final Map<Class<?>, String> names = new LinkedHashMap<>();
  private final Set<String> usedNames = new HashSet<>();
  private final Map<String, String> listHelpers = new LinkedHashMap<>();
  private final StringBuilder out = new StringBuilder();

  public static void main(String[] args) throws IOException, ClassNotFoundException {
    if (args.length < 2) {
      System.err.println("usage: Fabric8TreesGenerator OUTPUT_DIR ROOT_CLASS...");
      System.exit(2);
    }
    List<Class<?>> roots = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      roots.add(Class.forName(args[i]));
    }
    String source = new Fabric8TreesGenerator().generate(roots);
    Path file = Path.of(args[0]).resolve(PACKAGE.replace('.', '/')).resolve("Fabric8Trees.java");
    Files.createDirectories(file.getParent());
    // rewritten only when it changed, so that an unchanged model does not recompile the module
    if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(source)) {
      Files.writeString(file, source, StandardCharsets.UTF_8);
    }
  }

  private String generate(List<Class<?>> roots) {
    List<Class<?>> beans = closure(roots);
    line("package " + PACKAGE + ";");
    line("");
    line("import io.unboundedcloud.racer.krm.tree.FieldPath;");
    line("import java.util.ArrayList;");
    line("import java.util.LinkedHashMap;");
    line("import java.util.List;");
    line("import java.util.Map;");
    line("");
    line("/**");
    line(
        " * Generated at build time by src/codegen/Fabric8TreesGenerator.java from Jackson's view of the fabric8");
    line(
        " * model; do not edit. Readers and writers for "
            + beans.size()
            + " classes, reachable from "
            + String.join(", ", roots.stream().map(Class::getSimpleName).toList())
            + ".");
    line(" */");
    line("public final class Fabric8Trees {");
    line("  private Fabric8Trees() {}");
    line("");
    dispatch(beans);
    for (Class<?> bean : beans) {
      writer(bean);
      reader(bean);
    }
    listHelpers.values().forEach(out::append);
    line("}");
    return out.toString();
  }

  /** Every bean class reachable from the roots, in the order they are first met. */
  private List<Class<?>> closure(List<Class<?>> roots) {
    List<Class<?>> beans = new ArrayList<>();
    Deque<JavaType> pending = new ArrayDeque<>();
    roots.forEach(root -> pending.add(mapper.constructType(root)));
    Set<Class<?>> seen = new HashSet<>();
    while (!pending.isEmpty()) {
      JavaType type = pending.poll();
      if (type.isContainerType()) {
        pending.add(type.getContentType());
        continue;
      }
      Class<?> raw = type.getRawClass();
      if (leaf(raw) != null || !seen.add(raw)) {
        continue;
      }
      beans.add(raw);
      name(raw);
      for (BeanPropertyDefinition property : properties(raw)) {
        pending.add(property.getPrimaryType());
      }
    }
    return beans;
  }

  private void name(Class<?> bean) {
    String name = bean.getSimpleName();
    if (!usedNames.add(name)) {
      String pkg = bean.getPackageName();
      name =
          Character.toUpperCase(pkg.charAt(pkg.lastIndexOf('.') + 1))
              + pkg.substring(pkg.lastIndexOf('.') + 2)
              + name;
      if (!usedNames.add(name)) {
        throw new IllegalStateException("two model classes named " + name);
      }
    }
    names.put(bean, name);
  }

  private List<BeanPropertyDefinition> properties(Class<?> bean) {
    BeanDescription description = serialization.introspect(mapper.constructType(bean));
    JsonSerialize serializer = bean.getAnnotation(JsonSerialize.class);
    JsonDeserialize deserializer = bean.getAnnotation(JsonDeserialize.class);
    if (description.findJsonValueAccessor() != null
        || serializer != null && serializer.using() != JsonSerializer.None.class
        || deserializer != null && deserializer.using() != JsonDeserializer.None.class) {
      throw new IllegalStateException(
          bean.getName()
              + " has a custom (de)serializer: a model shape this generator does not know");
    }
    if (description.findAnyGetter() == null) {
      throw new IllegalStateException(
          bean.getName() + " has no any-getter: a model shape this generator does not know");
    }
    return description.findProperties();
  }

  /** The generated name of a leaf type's reader, or null for a bean. */
  private static String leaf(Class<?> raw) {
    if (raw == String.class) {
      return "string";
    }
    if (raw == Integer.class) {
      return "int32";
    }
    if (raw == Long.class) {
      return "int64";
    }
    if (raw == Boolean.class) {
      return "bool";
    }
    if (raw.getName().equals(INT_OR_STRING)) {
      return "intOrString";
    }
    if (raw.getName().equals(QUANTITY)) {
      return "quantity";
    }
    if (raw.isPrimitive()
        || raw.getName().startsWith("java.")
        || raw.isEnum()
        || raw.isInterface()) {
      throw new IllegalStateException("unsupported property type " + raw.getName());
    }
    return null;
  }

  private void dispatch(List<Class<?>> beans) {
    line("  /** The classes this codec reads and writes. */");
    line("  public static List<Class<?>> types() {");
    line("    return List.of(");
    for (int i = 0; i < beans.size(); i++) {
      line("        " + beans.get(i).getName() + ".class" + (i + 1 < beans.size() ? "," : ");"));
    }
    line("  }");
    line("");
    line("  /**");
    line("   * Reads a tree as a model object; the tree's maps and lists may be kept in it.");
    line("   *");
    line("   * @throws TreeShapeException when a value does not fit its field");
    line("   */");
    line("  public static <T> T read(Object tree, Class<T> type, FieldPath at) {");
    line("    switch (type.getName()) {");
    for (Class<?> bean : beans) {
      line("      case \"" + bean.getName() + "\":");
      line("        return type.cast(read" + names.get(bean) + "(tree, at));");
    }
    line("      default:");
    line("        throw new IllegalArgumentException(\"no tree reader for \" + type.getName());");
    line("    }");
    line("  }");
    line("");
    line("  /** A model object as the plain tree Jackson would make of it. */");
    line("  public static Map<String, Object> write(Object object) {");
    line("    switch (object.getClass().getName()) {");
    for (Class<?> bean : beans) {
      line("      case \"" + bean.getName() + "\":");
      line("        return write((" + bean.getName() + ") object);");
    }
    line("      default:");
    line(
        "        throw new IllegalArgumentException(\"no tree writer for \" + object.getClass().getName());");
    line("    }");
    line("  }");
    line("");
  }

  private void writer(Class<?> bean) {
    BeanDescription description = serialization.introspect(mapper.constructType(bean));
    JsonInclude.Value classInclusion =
        description.findPropertyInclusion(serialization.getDefaultPropertyInclusion(bean));
    line("  static Map<String, Object> write(" + bean.getName() + " value) {");
    line("    if (value == null) {");
    line("      return null;");
    line("    }");
    line("    Map<String, Object> tree = new LinkedHashMap<>();");
    for (BeanPropertyDefinition property : description.findProperties()) {
      if (!property.hasGetter()) {
        throw new IllegalStateException(
            bean.getName() + "." + property.getName() + " has no getter");
      }
      JavaType type = property.getPrimaryType();
      JsonInclude.Include inclusion =
          classInclusion.withOverrides(property.findInclusion()).getValueInclusion();
      String get = "value." + property.getGetter().getName() + "()";
      String condition =
          switch (inclusion) {
            case NON_NULL -> get + " != null";
            case NON_EMPTY -> {
              if (!type.isContainerType()) {
                throw new IllegalStateException(
                    bean.getName() + "." + property.getName() + ": NON_EMPTY on a non-container");
              }
              yield get + " != null && !" + get + ".isEmpty()";
            }
            case ALWAYS -> "true";
            default ->
                throw new IllegalStateException(
                    bean.getName() + "." + property.getName() + ": inclusion " + inclusion);
          };
      line("    if (" + condition + ") {");
      line("      tree.put(\"" + property.getName() + "\", " + writeExpression(type, get) + ");");
      line("    }");
    }
    AnnotatedMember anyGetter = description.findAnyGetter();
    line("    TreeOutput.putAdditional(tree, value." + anyGetter.getName() + "());");
    line("    return tree;");
    line("  }");
    line("");
  }

  private String writeExpression(JavaType type, String value) {
    if (type.isMapLikeType()) {
      requireStringKeys(type);
      String content = leaf(type.getContentType().getRawClass());
      return switch (content == null ? "bean" : content) {
        case "string" -> "TreeOutput.stringMap(" + value + ")";
        case "quantity" -> "TreeOutput.quantityMap(" + value + ")";
        default -> throw new IllegalStateException("unsupported map " + type);
      };
    }
    if (type.isCollectionLikeType()) {
      Class<?> element = type.getContentType().getRawClass();
      String content = leaf(element);
      if (content == null) {
        return "write" + names.get(element) + "List(" + value + ")";
      }
      return switch (content) {
        case "string", "int32", "int64" -> "TreeOutput.scalars(" + value + ")";
        default -> throw new IllegalStateException("unsupported list " + type);
      };
    }
    String leaf = leaf(type.getRawClass());
    if (leaf == null) {
      return "write(" + value + ")";
    }
    return switch (leaf) {
      case "intOrString" -> "TreeOutput.intOrString(" + value + ")";
      case "quantity" -> "TreeOutput.quantity(" + value + ")";
      default -> value;
    };
  }

  private void reader(Class<?> bean) {
    BeanDescription description = deserialization.introspect(mapper.constructType(bean));
    String name = names.get(bean);
    line("  static " + bean.getName() + " read" + name + "(Object tree, FieldPath at) {");
    line("    if (tree == null) {");
    line("      return null;");
    line("    }");
    line("    " + bean.getName() + " value = new " + bean.getName() + "();");
    line("    for (Map.Entry<String, Object> field : TreeInput.mapping(tree, at).entrySet()) {");
    line("      Object v = field.getValue();");
    line("      switch (field.getKey()) {");
    for (BeanPropertyDefinition property : description.findProperties()) {
      if (!property.hasSetter()) {
        throw new IllegalStateException(
            bean.getName() + "." + property.getName() + " has no setter");
      }
      if (!property.findAliases().isEmpty()) {
        throw new IllegalStateException(
            bean.getName() + "." + property.getName() + " has aliases " + property.findAliases());
      }
      JavaType type = property.getSetter().getParameterType(0);
      line("        case \"" + property.getName() + "\":");
      line(
          "          value."
              + property.getSetter().getName()
              + "("
              + readExpression(type, "v", "at.key(\"" + property.getName() + "\")")
              + ");");
      line("          break;");
    }
    AnnotatedMember anySetter = description.findAnySetterAccessor();
    if (anySetter == null) {
      throw new IllegalStateException(bean.getName() + " has no any-setter");
    }
    line("        default:");
    line("          value." + anySetter.getName() + "(field.getKey(), TreeInput.untyped(v));");
    line("      }");
    line("    }");
    line("    return value;");
    line("  }");
    line("");
  }

  private String readExpression(JavaType type, String value, String at) {
    if (type.isMapLikeType()) {
      requireStringKeys(type);
      String content = leaf(type.getContentType().getRawClass());
      return switch (content == null ? "bean" : content) {
        case "string" -> "TreeInput.stringMap(" + value + ", " + at + ")";
        case "quantity" -> "TreeInput.quantityMap(" + value + ", " + at + ")";
        default -> throw new IllegalStateException("unsupported map " + type);
      };
    }
    if (type.isCollectionLikeType()) {
      Class<?> element = type.getContentType().getRawClass();
      String content = leaf(element);
      if (content == null) {
        listHelpers(element);
        return "read" + names.get(element) + "List(" + value + ", " + at + ")";
      }
      return switch (content) {
        case "string" -> "TreeInput.strings(" + value + ", " + at + ")";
        case "int32" -> "TreeInput.int32s(" + value + ", " + at + ")";
        case "int64" -> "TreeInput.int64s(" + value + ", " + at + ")";
        default -> throw new IllegalStateException("unsupported list " + type);
      };
    }
    String leaf = leaf(type.getRawClass());
    if (leaf == null) {
      return "read" + names.get(type.getRawClass()) + "(" + value + ", " + at + ")";
    }
    return "TreeInput." + leaf + "(" + value + ", " + at + ")";
  }

  private void listHelpers(Class<?> element) {
    String name = names.get(element);
    if (listHelpers.containsKey(name)) {
      return;
    }
    String type = element.getName();
    listHelpers.put(
        name,
        String.join(
            "\n",
            "  static List<Object> write" + name + "List(List<" + type + "> values) {",
            "    List<Object> tree = new ArrayList<>(values.size());",
            "    for (" + type + " value : values) {",
            "      tree.add(write(value));",
            "    }",
            "    return tree;",
            "  }",
            "",
            "  static List<" + type + "> read" + name + "List(Object tree, FieldPath at) {",
            "    if (tree == null) {",
            "      return null;",
            "    }",
            "    List<?> list = TreeInput.list(tree, at);",
            "    List<" + type + "> values = new ArrayList<>(list.size());",
            "    for (int i = 0; i < list.size(); i++) {",
            "      values.add(read"
                + name
                + "(TreeInput.entry(list.get(i), at.index(i)), at.index(i)));",
            "    }",
            "    return values;",
            "  }",
            "",
            ""));
  }

  private static void requireStringKeys(JavaType type) {
    if (type.getKeyType().getRawClass() != String.class) {
      throw new IllegalStateException("unsupported map key in " + type);
    }
  }

  private void line(String text) {
    out.append(text).append('\n');
  }
}
