/**
 * The warm renderer: one JVM, started beside Argo CD's plugin server by the sidecar's command
 * ({@code bin/racer-krm-renderer}), that runs racer-krm for the plugin's processes so that an
 * Application costs no JVM start. The launcher hands a run to it through a small native client
 * ({@code src/main/runtime/racer-krm-client.c}) over a Unix socket in a folder that only the
 * renderer's own user may enter; the client sends its command line, working directory, environment
 * and stdin, and prints what comes back.
 *
 * <p>It owns the socket and its folder ({@code SocketFolder}), the wire format ({@code Wire},
 * {@code Request}), who may ask (the peer's uid must be the renderer's: {@code Peer}), what runs at
 * once and in how much heap ({@code Admission}), and one request's life ({@code Connection}). Every
 * request runs through {@code cli.Command.run}, the very path of a cold run, with the caller's
 * folder, environment and stdin ({@code cli.Caller}): nothing of one request reaches the next,
 * since the command keeps no state between runs.
 *
 * <p>It must never render anything itself, read a file a cold run would not read, answer a run it
 * cannot finish as a cold run would (one too large for its heap, a busy renderer: the client then
 * runs cold, with one line on stderr), or let a request hold a render slot while its client sends
 * slowly (the request is read whole, within a deadline, before it takes one). Running out of heap
 * ends the JVM ({@code -XX:+ExitOnOutOfMemoryError}): a shared heap that ran out would fail the
 * other requests in ways a cold run would not, so every request in flight runs cold instead.
 */
package io.unboundedcloud.racer.krm.warm;
