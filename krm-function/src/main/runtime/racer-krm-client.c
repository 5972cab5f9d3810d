/*
 * racer-krm-client: how the launcher (bin/racer-krm) hands a run to the warm renderer
 * (bin/racer-krm-renderer, krm.warm in the jar) when RACER_KRM_RENDERER names its socket, so that
 * the run costs no JVM start. It starts in well under a millisecond: a JVM client could not.
 *
 *   racer-krm-client COLD_LAUNCHER [ARG...]
 *
 * It sends the command line, its working directory, its environment (without RACER_KRM_RENDERER)
 * and, for a run that reads stdin (the function mode, or an argument "-"), stdin read whole; then
 * it prints what the renderer answers: stderr, stdout, and exits with the run's code, the very
 * bytes a cold run gives (the renderer runs the same code, krm.cli.Command). The wire format is
 * krm.warm.Wire's.
 *
 * Whenever the renderer cannot answer as a cold run would, the client runs cold instead: it execs
 * COLD_LAUNCHER with the same arguments, its stdin given back byte for byte, after one line on
 * stderr saying why (no renderer there, its folder not private, busy, an input too large for it,
 * a renderer that stopped before answering). Without one, when RACER_KRM_RENDERER is unset or
 * empty, when stdin is a terminal, or for a command the renderer does not serve. Nothing reaches
 * stdout before the whole answer is in: a renderer that dies mid-run leaves nothing half-written.
 *
 * The socket's folder must be a folder (no link) of this process's user with no access for
 * anyone else, as the renderer makes it: the client never talks to a socket another user could
 * have put there, and the renderer serves only its own uid (SO_PEERCRED).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* krm.warm.Wire */
#define MAGIC 0x524b5731u
#define GO 'G'
#define FALL_BACK 'F'
#define COLD 'C'
#define DONE 'D'
/* krm.warm.WarmRenderer.MAX_STDIN: larger stdin runs cold without asking */
#define MAX_STDIN (16u << 20)
/* the longest the renderer takes to admit a request (krm.warm.Admission waits 2 s) */
#define ADMIT_TIMEOUT_MS 10000
#define MAX_ANSWER (1u << 30)

static char **cold_argv;
static const char *socket_path;
static unsigned char *stdin_bytes;
static size_t stdin_length;
static int stdin_read; /* stdin was read, to stdin_length bytes or to its end */
static int stdin_ended;

static void run_cold(void) __attribute__((noreturn));

/* Execs the cold launcher, giving back what was read of stdin first. */
static void run_cold(void) {
  if (stdin_read && stdin_length > 0) {
    int pipe_fds[2];
    if (pipe(pipe_fds) == 0) {
      pid_t writer = fork();
      if (writer == 0) {
        /* the writer: what was read, then the rest of stdin; ends when the run stops reading */
        signal(SIGPIPE, SIG_DFL);
        close(pipe_fds[0]);
        size_t done = 0;
        while (done < stdin_length) {
          ssize_t n = write(pipe_fds[1], stdin_bytes + done, stdin_length - done);
          if (n < 0 && errno == EINTR) continue;
          if (n <= 0) _exit(0);
          done += (size_t)n;
        }
        if (!stdin_ended) {
          char buffer[65536];
          for (;;) {
            ssize_t n = read(0, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            for (ssize_t off = 0; off < n;) {
              ssize_t w = write(pipe_fds[1], buffer + off, (size_t)(n - off));
              if (w < 0 && errno == EINTR) continue;
              if (w <= 0) _exit(0);
              off += w;
            }
          }
        }
        _exit(0);
      }
      if (writer > 0) {
        dup2(pipe_fds[0], 0);
      }
      close(pipe_fds[0]);
      close(pipe_fds[1]);
    }
  }
  execv(cold_argv[0], cold_argv);
  fprintf(stderr, "racer-krm: cannot run %s: %s\n", cold_argv[0], strerror(errno));
  exit(126);
}

/* One line on stderr, then the cold run. */
static void fall_back(const char *format, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void fall_back(const char *format, ...) {
  char reason[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(reason, sizeof reason, format, args);
  va_end(args);
  fprintf(stderr, "racer-krm: the warm renderer (%s) %s; running cold\n", socket_path, reason);
  run_cold();
}

struct buffer {
  unsigned char *bytes;
  size_t length, capacity;
};

static void put(struct buffer *b, const void *bytes, size_t length) {
  if (b->length + length > b->capacity) {
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity < b->length + length) capacity *= 2;
    unsigned char *grown = realloc(b->bytes, capacity);
    if (grown == NULL) fall_back("could not be asked: out of memory");
    b->bytes = grown;
    b->capacity = capacity;
  }
  memcpy(b->bytes + b->length, bytes, length);
  b->length += length;
}

static void put_u32(struct buffer *b, uint32_t value) {
  unsigned char bytes[4] = {value >> 24, value >> 16, value >> 8, value};
  put(b, bytes, 4);
}

static void put_string(struct buffer *b, const char *text) {
  size_t length = strlen(text);
  put_u32(b, (uint32_t)length);
  put(b, text, length);
}

static int send_all(int fd, const unsigned char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = send(fd, bytes, length, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    bytes += n;
    length -= (size_t)n;
  }
  return 0;
}

/* Reads exactly length bytes; -1 at an early end or error. */
static int receive_all(int fd, void *into, size_t length) {
  unsigned char *bytes = into;
  while (length > 0) {
    ssize_t n = read(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    bytes += n;
    length -= (size_t)n;
  }
  return 0;
}

static int receive_u32(int fd, uint32_t *value) {
  unsigned char bytes[4];
  if (receive_all(fd, bytes, 4) != 0) return -1;
  *value = (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
  return 0;
}

static unsigned char *receive_string(int fd, uint32_t *length) {
  if (receive_u32(fd, length) != 0 || *length > MAX_ANSWER) return NULL;
  unsigned char *bytes = malloc(*length + 1);
  if (bytes == NULL || receive_all(fd, bytes, *length) != 0) return NULL;
  bytes[*length] = 0;
  return bytes;
}

static void write_all(int fd, const unsigned char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    bytes += n;
    length -= (size_t)n;
  }
}

/* Reads stdin whole, up to MAX_STDIN + 1 bytes: past that the run is too large to send. */
static void read_stdin(void) {
  size_t capacity = 65536;
  stdin_bytes = malloc(capacity);
  stdin_read = 1;
  if (stdin_bytes == NULL) fall_back("could not be asked: out of memory");
  for (;;) {
    if (stdin_length == capacity) {
      if (capacity > MAX_STDIN) return;
      capacity *= 2;
      unsigned char *grown = realloc(stdin_bytes, capacity);
      if (grown == NULL) fall_back("could not be asked: out of memory");
      stdin_bytes = grown;
    }
    ssize_t n = read(0, stdin_bytes + stdin_length, capacity - stdin_length);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fall_back("could not be asked: stdin cannot be read (%s)", strerror(errno));
    if (n == 0) {
      stdin_ended = 1;
      return;
    }
    stdin_length += (size_t)n;
  }
}

/* Whether the run reads stdin: the function mode (no arguments), or an argument "-" or "...=-". */
static int reads_stdin(int argc, char **argv) {
  if (argc == 0) return 1;
  for (int i = 0; i < argc; i++) {
    size_t length = strlen(argv[i]);
    if (strcmp(argv[i], "-") == 0 || (length >= 2 && strcmp(argv[i] + length - 2, "=-") == 0)) {
      return 1;
    }
  }
  return 0;
}

static int await(int fd, int timeout_ms) {
  struct pollfd ready = {.fd = fd, .events = POLLIN};
  for (;;) {
    int n = poll(&ready, 1, timeout_ms);
    if (n < 0 && errno == EINTR) continue;
    return n;
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "racer-krm-client: usage: racer-krm-client COLD_LAUNCHER [ARG...]\n");
    return 2;
  }
  cold_argv = argv + 1;
  const char *named = getenv("RACER_KRM_RENDERER");
  static char socket_copy[sizeof(((struct sockaddr_un *)0)->sun_path)];
  size_t named_length = named == NULL ? 0 : strlen(named);
  if (named != NULL) {
    snprintf(socket_copy, sizeof socket_copy, "%s", named);
  }
  int asked = named_length > 0;
  socket_path = socket_copy;
  /* neither run sees it: the cold run must not ask again, and both get one environment */
  unsetenv("RACER_KRM_RENDERER");
  int args = argc - 2;
  char **run_args = argv + 2;
  if (!asked || isatty(0)) run_cold();
  if (named_length >= sizeof socket_copy) fall_back("cannot be reached: the path is too long");

  /* the folder: this user's alone */
  char folder[PATH_MAX];
  snprintf(folder, sizeof folder, "%s", socket_path);
  char *slash = strrchr(folder, '/');
  if (slash == NULL) fall_back("cannot be reached: the path names no folder");
  if (slash == folder) slash[1] = 0; else *slash = 0;
  struct stat seen;
  if (lstat(folder, &seen) != 0) fall_back("is not running (%s: %s)", folder, strerror(errno));
  if (!S_ISDIR(seen.st_mode) || seen.st_uid != geteuid() || (seen.st_mode & 077) != 0) {
    fall_back("is not used: its folder %s is not a folder of this user's alone (mode 0700)", folder);
  }

  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) fall_back("cannot be reached: %s", strerror(errno));
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  memcpy(address.sun_path, socket_path, strlen(socket_path) + 1);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    fall_back("is not running (%s)", strerror(errno));
  }

  if (reads_stdin(args, run_args)) {
    read_stdin();
    if (stdin_length > MAX_STDIN) {
      fall_back("is not asked: stdin holds more than it takes (%u MiB)", MAX_STDIN >> 20);
    }
  }
  char cwd[PATH_MAX];
  if (getcwd(cwd, sizeof cwd) == NULL) {
    fall_back("cannot be asked: the working directory cannot be named (%s)", strerror(errno));
  }

  struct buffer request = {0};
  put_u32(&request, MAGIC);
  put_string(&request, cwd);
  put_u32(&request, (uint32_t)args);
  for (int i = 0; i < args; i++) put_string(&request, run_args[i]);
  uint32_t entries = 0;
  for (char **entry = environ; *entry != NULL; entry++) entries++;
  put_u32(&request, entries);
  for (char **entry = environ; *entry != NULL; entry++) put_string(&request, *entry);
  put_u32(&request, (uint32_t)stdin_length);
  if (send_all(fd, request.bytes, request.length) != 0) {
    fall_back("stopped before answering (%s)", strerror(errno));
  }

  int ready = await(fd, ADMIT_TIMEOUT_MS);
  if (ready == 0) fall_back("did not answer within %d ms", ADMIT_TIMEOUT_MS);
  unsigned char answer;
  if (ready < 0 || receive_all(fd, &answer, 1) != 0) fall_back("stopped before answering");
  if (answer == COLD) run_cold();
  if (answer == GO) {
    if (send_all(fd, stdin_bytes, stdin_length) != 0) fall_back("stopped before answering");
    if (await(fd, -1) < 0 || receive_all(fd, &answer, 1) != 0) {
      fall_back("stopped before answering");
    }
  }
  if (answer == FALL_BACK) {
    uint32_t length;
    unsigned char *reason = receive_string(fd, &length);
    fall_back("declined: %s", reason == NULL ? "no reason given" : (char *)reason);
  }
  if (answer != DONE) fall_back("answered what this client cannot read");
  uint32_t exit_code, out_length, err_length;
  unsigned char *out, *err;
  if (receive_u32(fd, &exit_code) != 0 || (out = receive_string(fd, &out_length)) == NULL ||
      (err = receive_string(fd, &err_length)) == NULL) {
    fall_back("stopped before answering");
  }
  close(fd);
  write_all(2, err, err_length);
  write_all(1, out, out_length);
  return (int)(exit_code & 0xff);
}
