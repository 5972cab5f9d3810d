package io.unboundedcloud.racer.release;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The CAs a registry client trusts the standard way, as buildah, podman and Helm (Go) do: the
 * system's store (here the JVM's, which Debian fills from it), the PEM bundle named by {@code
 * SSL_CERT_FILE}, and {@code /etc/containers/certs.d/HOST:PORT/*.crt} (also {@code
 * /etc/docker/certs.d}). Never adds anything to a store.
 */
final class RegistryTrust {
  private static final List<Path> CERTS_D =
      List.of(Path.of("/etc/containers/certs.d"), Path.of("/etc/docker/certs.d"));

  private RegistryTrust() {}

  /** The CA file of {@code host} ({@code HOST:PORT}) in certs.d, if there is one. */
  static Path certsDirCa(String host) {
    for (Path root : CERTS_D) {
      Path ca = root.resolve(host).resolve("ca.crt");
      if (Files.isRegularFile(ca)) {
        return ca;
      }
    }
    return null;
  }

  /** An SSL context trusting only the CAs in the PEM file {@code ca}. */
  static SSLContext trusting(Path ca) {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {trustManager(store(read(ca)))}, null);
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot trust " + ca + ": " + e, e);
    }
  }

  /** An SSL context trusting the system's CAs, SSL_CERT_FILE's and those of certs.d for host. */
  static SSLContext forHost(String host) {
    try {
      List<X509Certificate> extra = new ArrayList<>();
      String bundle = System.getenv("SSL_CERT_FILE");
      if (bundle != null && !bundle.isEmpty() && Files.isRegularFile(Path.of(bundle))) {
        extra.addAll(read(Path.of(bundle)));
      }
      for (Path root : CERTS_D) {
        Path folder = root.resolve(host);
        if (Files.isDirectory(folder)) {
          try (DirectoryStream<Path> crts = Files.newDirectoryStream(folder, "*.crt")) {
            for (Path crt : crts) {
              extra.addAll(read(crt));
            }
          }
        }
      }
      X509TrustManager system = trustManager(null);
      X509TrustManager added = extra.isEmpty() ? null : trustManager(store(extra));
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {either(system, added)}, null);
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot set up TLS trust for " + host + ": " + e, e);
    }
  }

  private static List<X509Certificate> read(Path pem) throws IOException, CertificateException {
    List<X509Certificate> certificates = new ArrayList<>();
    try (InputStream in = Files.newInputStream(pem)) {
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        certificates.add((X509Certificate) c);
      }
    }
    return certificates;
  }

  private static KeyStore store(List<X509Certificate> certificates)
      throws GeneralSecurityException, IOException {
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    store.load(null, null);
    for (int i = 0; i < certificates.size(); i++) {
      store.setCertificateEntry("ca-" + i, certificates.get(i));
    }
    return store;
  }

  private static X509TrustManager trustManager(KeyStore store) throws GeneralSecurityException {
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(store);
    for (TrustManager manager : factory.getTrustManagers()) {
      if (manager instanceof X509TrustManager x509) {
        return x509;
      }
    }
    throw new GeneralSecurityException("no X509TrustManager");
  }

  /** Trusts a server chain when the system does, or else when the added CAs do. */
  private static X509TrustManager either(X509TrustManager system, X509TrustManager added) {
    return new X509TrustManager() {
      @Override
      public void checkClientTrusted(X509Certificate[] chain, String authType)
          throws CertificateException {
        system.checkClientTrusted(chain, authType);
      }

      @Override
      public void checkServerTrusted(X509Certificate[] chain, String authType)
          throws CertificateException {
        try {
          system.checkServerTrusted(chain, authType);
        } catch (CertificateException untrusted) {
          if (added == null) {
            throw untrusted;
          }
          added.checkServerTrusted(chain, authType);
        }
      }

      @Override
      public X509Certificate[] getAcceptedIssuers() {
        return system.getAcceptedIssuers();
      }
    };
  }
}
