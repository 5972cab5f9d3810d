package io.unboundedcloud.racer.krm.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** An entry of allowedRegistries, and the parts of an image reference it is matched against. */
@DisplayName("RegistryPrefix: an allowedRegistries entry and the image names it covers")
class RegistryPrefixTest {
  @Nested
  @DisplayName("an entry as written")
  class Parse {
    @Test
    @DisplayName("one trailing '/' and the spaces around it dropped")
    void trailingSlash() {
      assertThat(RegistryPrefix.parse(" mirror.example.com/team/ "))
          .isEqualTo(new RegistryPrefix("mirror.example.com/team"));
    }
  }

  @Nested
  @DisplayName("the repository name of an image")
  class RepositoryName {
    @Test
    @DisplayName("a bare name, without registry, tag nor digest: itself")
    void bareName() {
      assertThat(RegistryPrefix.repositoryName("racer-dataplane")).isEqualTo("racer-dataplane");
      assertThat(RegistryPrefix.isUnpinned("racer-dataplane")).isTrue();
    }

    @Test
    @DisplayName("a registry's port is kept, the tag dropped")
    void port() {
      assertThat(RegistryPrefix.repositoryName("mirror.example.com:5000/racer/dp:1.0"))
          .isEqualTo("mirror.example.com:5000/racer/dp");
      assertThat(RegistryPrefix.repositoryName("mirror.example.com:5000/racer/dp"))
          .isEqualTo("mirror.example.com:5000/racer/dp");
    }
  }
}
