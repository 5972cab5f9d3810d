package io.unboundedcloud.racer.krm.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.unboundedcloud.racer.krm.inputs.ReadOutcome;
import io.unboundedcloud.racer.krm.results.Result;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("ARGOCD_APP_PARAMETERS: the Application's parameters as Argo CD writes them")
class ParametersJsonTest {

  @Nested
  @DisplayName("no parameter")
  class None {
    @ParameterizedTest(name = "[{index}] {0}")
    @NullSource
    @ValueSource(strings = {"", " \n", "null", "[]", " [ ] "})
    @DisplayName("absent, empty, null (an Application that names the plugin and sets none) and []")
    void none(String json) {
      ReadOutcome<ApplicationParameters> read = ParametersJson.read(json);

      assertThat(read.ok()).as("%s", read.results()).isTrue();
      assertThat(read.results().isEmpty()).isTrue();
      assertThat(read.value().isEmpty()).isTrue();
    }
  }

  @Nested
  @DisplayName("reads")
  class Reads {
    @Test
    @DisplayName(
        "the issue's example: a settings key by its own name, and the settings map, in order")
    void example() {
      ApplicationParameters parameters =
          read(
              """
              [{"name":"RACER_NVIDIA","string":"cdi"},\
              {"name":"settings","map":{"RACER_PEER_PORT":"9300","RACER_SHARES":"8"}}]""");

      assertThat(parameters.settings())
          .extracting(ParameterValue::key, ParameterValue::value, ParameterValue::parameter)
          .containsExactly(
              tuple("RACER_NVIDIA", "cdi", "RACER_NVIDIA"),
              tuple("RACER_PEER_PORT", "9300", "settings"),
              tuple("RACER_SHARES", "8", "settings"));
      assertThat(parameters.functionConfig()).isEmpty();
    }

    @Test
    @DisplayName("imageRegistry, imageTag, dataplaneImage and objectImage as function config keys")
    void functionConfig() {
      ApplicationParameters parameters =
          read(
              """
              [{"name":"imageRegistry","string":"mirror.example.com/racer"},\
              {"name":"imageTag","string":"0.19.1"},\
              {"name":"dataplaneImage","string":"d.example.com/dp:1"},\
              {"name":"objectImage","string":"o.example.com/obj:1"}]""");

      assertThat(parameters.functionConfigValues())
          .containsExactly(
              java.util.Map.entry("imageRegistry", "mirror.example.com/racer"),
              java.util.Map.entry("imageTag", "0.19.1"),
              java.util.Map.entry("dataplaneImage", "d.example.com/dp:1"),
              java.util.Map.entry("objectImage", "o.example.com/obj:1"));
      assertThat(parameters.settings()).isEmpty();
      assertThat(parameters.functionConfigKey("objectImage"))
          .map(ParameterValue::value)
          .contains("o.example.com/obj:1");
      assertThat(parameters.functionConfigKey("strict")).isEmpty();
    }

    @Test
    @DisplayName(
        "values exactly: '=', spaces, quotes, backslashes, newlines, tabs and non-ASCII survive")
    void exactValues() {
      String awkward = "a=b=c  two  spaces \"double\" 'single' back\\slash\nline two\ttab ü 日本 🚀";
      String json =
          "[{\"name\":\"settings\",\"map\":{\"RACER_SHARES\":\""
              + awkward
                  .replace("\\", "\\\\")
                  .replace("\"", "\\\"")
                  .replace("\n", "\\n")
                  .replace("\t", "\\t")
              + "\"}},{\"name\":\"imageTag\",\"string\":\"x=y\"}]";

      ApplicationParameters parameters = read(json);

      // read exactly as written; the key's rule judges it when the folder renders
      assertThat(parameters.settingsValues()).containsEntry("RACER_SHARES", awkward);
      assertThat(parameters.functionConfigValues()).containsEntry("imageTag", "x=y");
    }

    @Test
    @DisplayName("characters outside the BMP (a surrogate pair, escaped or not) are valid UTF-8")
    void supplementary() {
      ApplicationParameters parameters =
          read("[{\"name\":\"imageTag\",\"string\":\"a\\ud83d\\ude80🚀\"}]");

      assertThat(parameters.functionConfigValues()).containsEntry("imageTag", "a🚀🚀");
    }

    @Test
    @DisplayName(
        "a JSON null in string, map or array counts as absent, as Argo CD's Go types read it")
    void nullFields() {
      ApplicationParameters parameters =
          read("[{\"name\":\"RACER_NVIDIA\",\"string\":\"off\",\"map\":null,\"array\":null}]");

      assertThat(parameters.settingsValues())
          .containsExactly(java.util.Map.entry("RACER_NVIDIA", "off"));
    }
  }

  @Nested
  @DisplayName("fails, naming the parameter and saying it came from the Application's parameters")
  class Fails {
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.unboundedcloud.racer.krm.parameters.ParametersJsonTest#errors")
    @DisplayName("one error, no parameters")
    void fails(String what, String json, String message) {
      ReadOutcome<ApplicationParameters> read = ParametersJson.read(json);

      assertThat(read.ok()).isFalse();
      assertThat(read.value()).isNull();
      assertThat(read.results().list())
          .extracting(Result::message)
          .singleElement()
          .asString()
          .contains(message);
    }
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        Arguments.of(
            "an unknown name, with the nearest known one",
            "[{\"name\":\"RACER_NVIDA\",\"string\":\"cdi\"}]",
            "Application parameter RACER_NVIDA (ARGOCD_APP_PARAMETERS) is unknown: the parameters"
                + " are the racer-settings keys (RACER_*), settings and imageRegistry, imageTag,"
                + " dataplaneImage, objectImage, strict; did you mean RACER_NVIDIA?"),
        Arguments.of(
            "a misspelt function config parameter",
            "[{\"name\":\"imageRegistery\",\"string\":\"r\"}]",
            "did you mean imageRegistry?"),
        Arguments.of(
            "a name far from any", "[{\"name\":\"colour\",\"string\":\"r\"}]", "is unknown"),
        Arguments.of(
            "settings as a string",
            "[{\"name\":\"settings\",\"string\":\"RACER_PEER_PORT=9300\"}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) is a string, but settings is"
                + " a map of racer-settings keys to values"),
        Arguments.of(
            "RACER_NVIDIA as a map",
            "[{\"name\":\"RACER_NVIDIA\",\"map\":{\"mode\":\"cdi\"}}]",
            "Application parameter RACER_NVIDIA (ARGOCD_APP_PARAMETERS) is a map, but RACER_NVIDIA"
                + " takes a string (or set it in the map parameter settings)"),
        Arguments.of(
            "imageRegistry as an array",
            "[{\"name\":\"imageRegistry\",\"array\":[\"a\",\"b\"]}]",
            "Application parameter imageRegistry (ARGOCD_APP_PARAMETERS) is an array, but"
                + " imageRegistry takes a string"),
        Arguments.of(
            "a key set by its own name and in settings",
            "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cdi\"},"
                + "{\"name\":\"settings\",\"map\":{\"RACER_NVIDIA\":\"off\"}}]",
            "RACER_NVIDIA is set twice by the Application's parameters, by Application parameter"
                + " RACER_NVIDIA and by Application parameter settings, key RACER_NVIDIA: set it once"),
        Arguments.of(
            "a parameter given twice",
            "[{\"name\":\"imageTag\",\"string\":\"1\"},{\"name\":\"imageTag\",\"string\":\"2\"}]",
            "Application parameter imageTag (ARGOCD_APP_PARAMETERS) is set twice"),
        Arguments.of(
            "a parameter without a value",
            "[{\"name\":\"RACER_NVIDIA\"}]",
            "Application parameter RACER_NVIDIA (ARGOCD_APP_PARAMETERS) has no value"),
        Arguments.of(
            "a parameter without a name",
            "[{\"string\":\"cdi\"}]",
            "Application parameter number 1 has no name"),
        Arguments.of(
            "the third parameter without a name: counted from 1",
            "[{\"name\":\"imageTag\",\"string\":\"1\"},{\"name\":\"strict\",\"string\":\"true\"},"
                + "{\"string\":\"cdi\"}]",
            "Application parameter number 3 has no name"),
        Arguments.of(
            "a settings key the API server would refuse",
            "[{\"name\":\"settings\",\"map\":{\"two words\":\"x\"}}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) key two words is not a"
                + " ConfigMap key"),
        Arguments.of(
            "a settings key outside the catalog: the environment of a privileged DaemonSet",
            "[{\"name\":\"settings\",\"map\":{\"LD_PRELOAD\":\"/tmp/x.so\"}}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) key LD_PRELOAD is not a"
                + " racer-settings key of the catalog: an Application may set only the catalog's"
                + " keys (RACER_*, those the Parameters tab lists), while the folder's own"
                + " racer-settings may hold any key; set LD_PRELOAD in the folder's racer-settings"
                + " instead"),
        Arguments.of(
            "a settings value that is a number, not a string",
            "[{\"name\":\"settings\",\"map\":{\"RACER_PEER_PORT\":9300}}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) key RACER_PEER_PORT is not a"
                + " string: racer-settings values are strings"),
        Arguments.of(
            "a proxy for the dataplane",
            "[{\"name\":\"settings\",\"map\":{\"HTTPS_PROXY\":\"http://evil.example.com\"}}]",
            "key HTTPS_PROXY is not a racer-settings key of the catalog"),
        Arguments.of(
            "a settings key near a catalog key: the nearest named",
            "[{\"name\":\"settings\",\"map\":{\"RACER_PEER_PROT\":\"9300\"}}]",
            "set RACER_PEER_PROT in the folder's racer-settings instead; did you mean"
                + " RACER_PEER_PORT?"),
        Arguments.of(
            "a string value holding U+FFFD: bytes that were not UTF-8",
            "[{\"name\":\"RACER_NVIDIA\",\"string\":\"cd\uFFFD\"}]",
            "Application parameter RACER_NVIDIA (ARGOCD_APP_PARAMETERS) is not valid UTF-8"),
        Arguments.of(
            "a map value holding U+FFFD as a JSON escape",
            "[{\"name\":\"settings\",\"map\":{\"RACER_NVIDIA\":\"cd\\ufffd\"}}]",
            "Application parameter settings (ARGOCD_APP_PARAMETERS) key RACER_NVIDIA is not valid"
                + " UTF-8"),
        Arguments.of(
            "half of a surrogate pair as a JSON escape",
            "[{\"name\":\"imageTag\",\"string\":\"1\\ud800\"}]",
            "Application parameter imageTag (ARGOCD_APP_PARAMETERS) is not valid UTF-8"),
        Arguments.of(
            "a name that is not UTF-8",
            "[{\"name\":\"RACER_\uFFFD\",\"string\":\"1\"}]",
            "Application parameter number 1 (ARGOCD_APP_PARAMETERS) has a name that is not valid"
                + " UTF-8"),
        Arguments.of("not JSON", "[{\"name\":", "ARGOCD_APP_PARAMETERS is not JSON"),
        Arguments.of(
            "a JSON object instead of the array",
            "{\"RACER_NVIDIA\":\"cdi\"}",
            "ARGOCD_APP_PARAMETERS is a JSON object, not the array of the Application's parameters"),
        Arguments.of(
            "a JSON key twice in one parameter",
            "[{\"name\":\"imageTag\",\"string\":\"1\",\"string\":\"2\"}]",
            "ARGOCD_APP_PARAMETERS is not JSON (Duplicate field 'string')"),
        Arguments.of(
            "issue 41: words after the array",
            "[{\"name\":\"imageTag\",\"string\":\"1\"}] trailing",
            "ARGOCD_APP_PARAMETERS holds text after its JSON value, from character 36 on"
                + " (\"trailing\"): it should hold the Application's parameters as one JSON array"
                + " and nothing else"),
        Arguments.of(
            "a second array after the first",
            "[] \n [{\"name\":\"strict\",\"string\":\"false\"}]",
            "ARGOCD_APP_PARAMETERS holds text after its JSON value, from character 6 on"),
        Arguments.of(
            "a closing bracket too many",
            "[{\"name\":\"imageTag\",\"string\":\"1\"}]]",
            "ARGOCD_APP_PARAMETERS holds text after its JSON value, from character 35 on (\"]\")"),
        Arguments.of(
            "null followed by text",
            "null x",
            "ARGOCD_APP_PARAMETERS holds text after its JSON value, from character 6 on (\"x\")"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        // the input of the fuzz finding crash-not-json-message-quoting-replacement-character
        "\uFFFD\u0000\u0004mirror.example.",
        "[] \uFFFD",
        "[{\"name\":\"settings\",\"map\":{\"RACER_\uFFFD\":\"1\"}}]",
        "[{\"name\":\"settings\",\"map\":{\"two \uFFFD\":\"1\"}}]"
      })
  @DisplayName(
      "U+FFFD where the JSON breaks, after it, or in a settings key: the UTF-8 error, and no"
          + " message quotes the character")
  void lostBytesNeverQuoted(String json) {
    ReadOutcome<ApplicationParameters> read = ParametersJson.read(json);

    assertThat(read.ok()).isFalse();
    assertThat(read.results().list())
        .extracting(Result::message)
        .singleElement()
        .asString()
        .contains("is not valid UTF-8")
        .doesNotContain("\uFFFD");
  }

  @Test
  @DisplayName("white space after the array is no text: it reads")
  void trailingWhiteSpace() {
    assertThat(read("[{\"name\":\"imageTag\",\"string\":\"1\"}] \t\r\n ").functionConfig())
        .extracting(ParameterValue::value)
        .containsExactly("1");
  }

  @Test
  @DisplayName(
      "issue 41: dataplaneImage \" \", objectImage \"\" and imageTag over a folder that pins by"
          + " digest: an error for each blank parameter, naming it")
  void blankImages() {
    ReadOutcome<ApplicationParameters> read =
        ParametersJson.read(
            "[{\"name\":\"dataplaneImage\",\"string\":\" \"},"
                + "{\"name\":\"objectImage\",\"string\":\"\"},"
                + "{\"name\":\"imageTag\",\"string\":\"0.19.0-rc1\"}]");

    assertThat(read.ok()).isFalse();
    assertThat(read.results().list())
        .extracting(Result::message)
        .satisfiesExactly(
            dataplane ->
                assertThat(dataplane)
                    .startsWith(
                        "Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS) is blank"
                            + " (\" \"): the function config reads a blank value as unset, so it"
                            + " would drop the folder's own dataplaneImage (a digest pin with it)"
                            + " rather than choose an image; give a whole image reference"),
            object ->
                assertThat(object)
                    .startsWith(
                        "Application parameter objectImage (ARGOCD_APP_PARAMETERS) is blank"
                            + " (\"\")"));
  }

  private static ApplicationParameters read(String json) {
    ReadOutcome<ApplicationParameters> read = ParametersJson.read(json);
    assertThat(read.ok()).as("%s", read.results()).isTrue();
    return read.value();
  }
}
