package io.unboundedcloud.racer.krm.parameters;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.results.Result;
import io.unboundedcloud.racer.krm.results.Results;
import io.unboundedcloud.racer.workload.settings.KeySuggestion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads {@code ARGOCD_APP_PARAMETERS}: the JSON array of the Application's parameters as Argo CD
 * writes it, each {@code {"name": ..., "string": ...}}, {@code {"name": ..., "map": {...}}} or
 * {@code {"name": ..., "array": [...]}}. Absent, empty, {@code null} and {@code []} are no
 * parameter. Values are taken exactly as the JSON holds them.
 */
public final class ParametersJson {
  /** A ConfigMap data key, as the API server accepts it. */
  private static final Pattern CONFIG_MAP_KEY = Pattern.compile("[-._a-zA-Z0-9]{1,253}");

  /**
   * Why a value that is not valid UTF-8 is refused, and what to do, after "Application parameter X
   * ".
   */
  private static final String NOT_UTF8 =
      "is not valid UTF-8 (it holds U+FFFD, the character that stands in for bytes that are not"
          + " UTF-8, or half of a surrogate pair): write it in UTF-8; nothing is rendered from a"
          + " value whose characters were lost";

  /** Names longer than this get no nearest-name hint: no parameter name is nearly as long. */
  private static final int HINTED_LENGTH = 64;

  /** How much of the text after the JSON an error quotes. */
  private static final int SHOWN_REST = 40;

  private static final String STRING = "a string";
  private static final String MAP = "a map";

  /** The mapper, made when a run first has parameters to read. */
  private static final class Mapper {
    static final ObjectMapper JSON =
        new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  }

  private ParametersJson() {}

  /**
   * The parameters {@code json} sets, or errors that name each parameter at fault.
   *
   * @param json the variable's value, or {@code null} when it is not set
   */
  public static ReadOutcome<ApplicationParameters> read(String json) {
    if (json == null || json.isBlank()) {
      return ReadOutcome.of(ApplicationParameters.NONE, new Results());
    }
    return parse(json);
  }

  /**
   * The JSON read with Jackson's databind, which only a run with parameters loads: every other run
   * keeps the start-up the class-data archive was trained for (RuntimeArchiveIT).
   */
  private static ReadOutcome<ApplicationParameters> parse(String json) {
    JsonNode root;
    try (JsonParser parser = Mapper.JSON.createParser(json)) {
      root = Mapper.JSON.readTree(parser);
      int end = (int) parser.currentLocation().getCharOffset();
      if (!atEnd(parser)) {
        return ReadOutcome.failed(isUnicode(json) ? trailing(json, end) : notUnicode());
      }
    } catch (JsonProcessingException broken) {
      if (!isUnicode(json)) {
        // Jackson's message quotes the character it stopped at: U+FFFD, not what was sent
        return ReadOutcome.failed(notUnicode());
      }
      return ReadOutcome.failed(
          Result.error(
              ParameterNames.ENVIRONMENT_VARIABLE
                  + " is not JSON ("
                  + broken.getOriginalMessage()
                  + "): it should hold the Application's parameters as Argo CD writes them"));
    } catch (IOException unreadable) {
      throw new UncheckedIOException("a string always reads", unreadable);
    }
    if (root == null || root.isNull()) {
      return ReadOutcome.of(ApplicationParameters.NONE, new Results());
    }
    if (!root.isArray()) {
      return ReadOutcome.failed(
          Result.error(
              ParameterNames.ENVIRONMENT_VARIABLE
                  + " is a JSON "
                  + root.getNodeType().name().toLowerCase(Locale.ROOT)
                  + ", not the array of the Application's parameters"));
    }
    return new Collector().read(root);
  }

  /**
   * Whether nothing but white space follows the first JSON value: Jackson reads one value and
   * stops, so without this {@code [...] trailing} would pass as its array alone.
   */
  private static boolean atEnd(JsonParser parser) throws IOException {
    try {
      return parser.nextToken() == null;
    } catch (JsonProcessingException notJson) {
      return false;
    }
  }

  /**
   * The error of a value that is not JSON, or has text after it, and is not valid UTF-8 either:
   * what the parser would quote is a character that stands for lost bytes.
   */
  private static Result notUnicode() {
    return Result.error(ParameterNames.ENVIRONMENT_VARIABLE + " " + NOT_UTF8);
  }

  /** The error of a value with text after its JSON, which starts at character {@code end}. */
  private static Result trailing(String json, int end) {
    int from = end;
    while (from < json.length() && " \t\r\n".indexOf(json.charAt(from)) >= 0) {
      from++;
    }
    String rest = json.substring(from);
    return Result.error(
        ParameterNames.ENVIRONMENT_VARIABLE
            + " holds text after its JSON value, from character "
            + (from + 1)
            + " on (\""
            + (rest.length() > SHOWN_REST ? rest.substring(0, SHOWN_REST) + "..." : rest)
            + "\"): it should hold the Application's parameters as one JSON array and nothing"
            + " else, as Argo CD writes them; nothing is rendered from a value read in part");
  }

  /** The parameters read so far, and the errors found. */
  private static final class Collector {
    private final Results results = new Results();
    private final Map<String, ParameterValue> settings = new LinkedHashMap<>();
    private final Map<String, ParameterValue> functionConfig = new LinkedHashMap<>();
    private final List<String> names = new ArrayList<>();

    ReadOutcome<ApplicationParameters> read(JsonNode array) {
      int index = 0;
      for (JsonNode parameter : array) {
        readParameter(parameter, index++);
      }
      ApplicationParameters parameters =
          new ApplicationParameters(
              List.copyOf(settings.values()), List.copyOf(functionConfig.values()));
      return results.hasError()
          ? ReadOutcome.of(null, results)
          : ReadOutcome.of(parameters, results);
    }

    private void readParameter(JsonNode parameter, int index) {
      String name = nameOf(parameter, index);
      if (name == null) {
        return;
      }
      if (names.contains(name)) {
        error(where(name) + "is set twice: set it once");
        return;
      }
      names.add(name);
      String kind = valueKind(parameter);
      if (kind == null) {
        error(where(name) + "has no value: give it a \"string\" (or a \"map\" for settings)");
      } else if (name.equals(ParameterNames.SETTINGS)) {
        if (kind.equals(MAP)) {
          readSettingsMap(parameter.get("map"));
        } else {
          error(
              where(name)
                  + "is "
                  + kind
                  + ", but "
                  + ParameterNames.SETTINGS
                  + " is a map of racer-settings keys to values");
        }
      } else if (ParameterNames.isSettingKey(name)
          || ParameterNames.FUNCTION_CONFIG.contains(name)) {
        readString(parameter, name, kind);
      } else {
        error(
            where(name)
                + "is unknown: the parameters are the racer-settings keys (RACER_*), "
                + ParameterNames.SETTINGS
                + " and "
                + String.join(", ", ParameterNames.FUNCTION_CONFIG)
                + hint(name));
      }
    }

    /** The parameter's name, or {@code null} with an error when it has none or not a text one. */
    private String nameOf(JsonNode parameter, int index) {
      JsonNode nameNode = parameter.get("name");
      if (!parameter.isObject() || nameNode == null || !nameNode.isTextual()) {
        error(
            "Application parameter number "
                + (index + 1)
                + " has no name: each is an object with a \"name\" and a \"string\" or a \"map\"");
        return null;
      }
      String name = nameNode.textValue();
      if (!isUnicode(name)) {
        error(
            "Application parameter number "
                + (index + 1)
                + " ("
                + ParameterNames.ENVIRONMENT_VARIABLE
                + ") has a name that "
                + NOT_UTF8);
        return null;
      }
      return name;
    }

    /** A racer-settings key or a function config field given as a string: one value kept. */
    private void readString(JsonNode parameter, String name, String kind) {
      if (!kind.equals(STRING)) {
        error(
            where(name)
                + "is "
                + kind
                + ", but "
                + name
                + " takes a string"
                + (ParameterNames.isSettingKey(name)
                    ? " (or set it in the map parameter " + ParameterNames.SETTINGS + ")"
                    : ""));
        return;
      }
      if (!isUnicode(parameter.get("string").textValue())) {
        error(where(name) + NOT_UTF8);
        return;
      }
      String text = parameter.get("string").textValue();
      if (text.isBlank() && ParameterNames.IMAGE_CHOOSING.containsKey(name)) {
        error(
            where(name)
                + "is blank (\""
                + text
                + "\"): the function config reads a blank value as unset, so it would drop"
                + " the folder's own "
                + name
                + " (a digest pin with it) rather than choose an image; give "
                + ParameterNames.IMAGE_CHOOSING.get(name)
                + ", or leave the parameter out to keep the folder's");
        return;
      }
      ParameterValue value = new ParameterValue(name, text, name);
      if (ParameterNames.isSettingKey(name)) {
        putSetting(value);
      } else {
        functionConfig.put(name, value);
      }
    }

    private void readSettingsMap(JsonNode map) {
      Iterator<Map.Entry<String, JsonNode>> fields = map.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        String key = field.getKey();
        String where = where(ParameterNames.SETTINGS) + "key " + key + " ";
        if (!isUnicode(key)) {
          // checked first: every other message names the key
          error(where(ParameterNames.SETTINGS) + "has a key that " + NOT_UTF8);
        } else if (!CONFIG_MAP_KEY.matcher(key).matches()) {
          error(
              where
                  + "is not a ConfigMap key, which the API server would refuse: use letters,"
                  + " digits, '-', '_' and '.'");
        } else if (!ParameterNames.isSettingKey(key)) {
          error(
              where
                  + "is not a racer-settings key of the catalog: an Application may set only the"
                  + " catalog's keys (RACER_*, those the Parameters tab lists), while the folder's"
                  + " own racer-settings may hold any key; set "
                  + key
                  + " in the folder's racer-settings instead"
                  + hint(key));
        } else if (!field.getValue().isTextual()) {
          error(where + "is not a string: racer-settings values are strings");
        } else if (!isUnicode(field.getValue().textValue())) {
          error(where + NOT_UTF8);
        } else {
          putSetting(
              new ParameterValue(key, field.getValue().textValue(), ParameterNames.SETTINGS));
        }
      }
    }

    private void putSetting(ParameterValue value) {
      ParameterValue earlier = settings.get(value.key());
      if (earlier != null) {
        error(
            value.key()
                + " is set twice by the Application's parameters, by "
                + earlier.describe()
                + " and by "
                + value.describe()
                + ": set it once");
        return;
      }
      settings.put(value.key(), value);
    }

    private void error(String message) {
      results.add(Result.error(message));
    }
  }

  /**
   * Which of string, map and array the parameter holds, as a message says it ({@code "a string"}; a
   * JSON null counts as absent); {@code null} when none.
   */
  private static String valueKind(JsonNode parameter) {
    List<String> kinds = new ArrayList<>();
    JsonNode string = parameter.get("string");
    if (string != null && !string.isNull()) {
      kinds.add(
          string.isTextual()
              ? STRING
              : "a JSON " + string.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    JsonNode map = parameter.get("map");
    if (map != null && !map.isNull()) {
      kinds.add(map.isObject() ? MAP : "a malformed map");
    }
    JsonNode array = parameter.get("array");
    if (array != null && !array.isNull()) {
      kinds.add("an array");
    }
    return kinds.isEmpty() ? null : kinds.size() == 1 ? kinds.get(0) : "values of several kinds";
  }

  /**
   * A value holding U+FFFD, the character that stands for bytes that were not UTF-8 (the JVM's and
   * racer-krm's decoding of the environment, and Argo CD's JSON encoding, put it there), or half of
   * a surrogate pair (a JSON escape such as {@code \\ud800}): what was meant is lost, so it is
   * refused rather than rendered.
   */
  static boolean isUnicode(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\uFFFD') {
        return false;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /** The nearest known name, as a hint; none for a name far longer than any. */
  static String hint(String name) {
    return name.length() > HINTED_LENGTH
        ? ""
        : KeySuggestion.nearest(name, ParameterNames.known())
            .map(nearest -> "; did you mean " + nearest + "?")
            .orElse("");
  }

  /** How an error starts for parameter {@code name}: where it came from. */
  static String where(String name) {
    return "Application parameter " + name + " (" + ParameterNames.ENVIRONMENT_VARIABLE + ") ";
  }
}
