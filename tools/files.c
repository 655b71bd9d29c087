/* The one way the grundy tool opens the files it reads or writes (checkpoints, certificates,
 * snapshot logs, certificates to verify). Nothing here ever waits in open(): a path is looked at
 * with stat() or opened with O_NONBLOCK and looked at with fstat() before anything is read or
 * written, so a FIFO with nobody on the other end is refused at once. A file is replaced
 * through a fresh temporary file beside it (mkstemp), synced, renamed over it, and the directory
 * synced, so a reader sees the old file or the whole new one and a device or FIFO is never
 * replaced by a regular file. grundy(1) says, per option, which files are refused and which are
 * written in place. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "a FIFO", "a directory", ... for a message */
static const char *file_kind_name(mode_t mode)
{
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

static int file_refuse(cli_t *c, const char *opt, const char *path, const char *verb,
                       const char *why)
{
    return cli_error(c, CLI_FAIL, "%s%s'%.*s%s': cannot %s it: %s", opt, opt[0] ? " " : "",
                     CLI_ARG(path), verb, why);
}

static int file_refuse_kind(cli_t *c, const char *opt, const char *path, const char *verb,
                            mode_t mode)
{
    char why[80];
    snprintf(why, sizeof why, "not a regular file (%s)", file_kind_name(mode));
    return file_refuse(c, opt, path, verb, why);
}

int cli_file_kind(cli_t *c, const char *opt, const char *path, int *exists)
{
    struct stat info;
    *exists = 0;
    if (path[0] == '\0') return file_refuse(c, opt, path, "read", "an empty file name");
    if (stat(path, &info) != 0) {
        if (errno == ENOENT) return CLI_OK;
        return file_refuse(c, opt, path, "read", strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) return file_refuse_kind(c, opt, path, "read", info.st_mode);
    *exists = 1;
    return CLI_OK;
}

/* path + suffix, or NULL */
static char *file_beside(const char *path, const char *suffix)
{
    size_t len = strlen(path), k = strlen(suffix);
    char *s;
    if (len > SIZE_MAX - k - 1 || (s = (char *)malloc(len + k + 1)) == NULL) return NULL;
    memcpy(s, path, len);
    memcpy(s + len, suffix, k + 1);
    return s;
}

int cli_file_can_replace(cli_t *c, const char *opt, const char *path, int *exists)
{
    char *probe;
    int fd, err, st;
    if ((st = cli_file_kind(c, opt, path, exists)) != CLI_OK) return st;
    if (*exists) {
        /* a regular file: this open cannot wait */
        if ((fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)) < 0)
            return file_refuse(c, opt, path, "write", strerror(errno));
        close(fd);
    }
    if ((probe = file_beside(path, ".probe-XXXXXX")) == NULL)
        return file_refuse(c, opt, path, "write", strerror(ENOMEM));
    fd = mkstemp(probe);
    err = errno;
    if (fd >= 0) {
        close(fd);
        unlink(probe);
    }
    free(probe);
    if (fd < 0) return file_refuse(c, opt, path, "write", strerror(err));
    return CLI_OK;
}

int cli_file_read(cli_t *c, const char *opt, const char *path, size_t max, char **buf,
                  size_t *len)
{
    struct stat info;
    ssize_t k;
    size_t n = 0;
    int fd;
    *buf = NULL;
    *len = 0;
    if (max > SIZE_MAX - 2) max = SIZE_MAX - 2;
    if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0)
        return file_refuse(c, opt, path, "open", strerror(errno));
    if (fstat(fd, &info) != 0) {
        int err = errno;
        close(fd);
        return file_refuse(c, opt, path, "read", strerror(err));
    }
    if (!S_ISREG(info.st_mode)) {
        close(fd);
        return file_refuse_kind(c, opt, path, "read", info.st_mode);
    }
    if ((*buf = (char *)malloc(max + 2)) == NULL) {
        close(fd);
        return file_refuse(c, opt, path, "read", strerror(ENOMEM));
    }
    /* max + 1 bytes at most: one more than allowed says the file is too long */
    while (n < max + 1) {
        k = read(fd, *buf + n, max + 1 - n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            int err = errno;
            close(fd);
            free(*buf);
            *buf = NULL;
            return file_refuse(c, opt, path, "read", strerror(err));
        }
        if (k == 0) break;
        n += (size_t)k;
    }
    close(fd);
    (*buf)[n] = '\0';
    *len = n;
    return CLI_OK;
}

/* the directory that holds path, synced so that the rename survives a crash */
static void file_sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;
    int fd;
    if (slash == NULL) {
        dir = file_beside(".", "");
    } else if (slash == path) {
        dir = file_beside("/", "");
    } else if ((dir = file_beside(path, "")) != NULL) {
        dir[slash - path] = '\0';
    }
    if (dir == NULL) return;
    if ((fd = open(dir, O_RDONLY | O_NONBLOCK | O_NOCTTY)) >= 0) {
        (void)fsync(fd);   /* some file systems refuse to sync a directory: nothing to do */
        close(fd);
    }
    free(dir);
}

static int file_write_all(int fd, const char *p, size_t n)
{
    ssize_t k;
    while (n > 0) {
        k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

int cli_file_replace(cli_t *c, const char *opt, const char *path, const void *data, size_t n)
{
    char *tmp;
    int fd, err, exists, st;
    if ((st = cli_file_kind(c, opt, path, &exists)) != CLI_OK) return st;
    if ((tmp = file_beside(path, ".XXXXXX")) == NULL)
        return file_refuse(c, opt, path, "write", strerror(ENOMEM));
    if ((fd = mkstemp(tmp)) < 0) {
        err = errno;
        free(tmp);
        return file_refuse(c, opt, path, "write", strerror(err));
    }
    if (fchmod(fd, 0644) != 0 || file_write_all(fd, (const char *)data, n) != 0 ||
        fsync(fd) != 0) {
        err = errno ? errno : EIO;
        close(fd);
        goto fail;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        err = errno;
        goto fail;
    }
    free(tmp);
    file_sync_dir(path);
    return CLI_OK;
fail:
    unlink(tmp);
    free(tmp);
    return file_refuse(c, opt, path, "write", strerror(err));
}

FILE *cli_file_append(cli_t *c, const char *opt, const char *path)
{
    struct stat info;
    FILE *f;
    int fd, flags;
    if (path[0] == '\0') {
        file_refuse(c, opt, path, "write", "an empty file name");
        return NULL;
    }
    /* O_NONBLOCK: a FIFO with no reader fails at once (ENXIO) rather than wait for one */
    fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY, 0644);
    if (fd < 0) {
        file_refuse(c, opt, path, "write",
                    errno == ENXIO ? "a FIFO with nobody reading it" : strerror(errno));
        return NULL;
    }
    if (fstat(fd, &info) != 0) {
        int err = errno;
        close(fd);
        file_refuse(c, opt, path, "write", strerror(err));
        return NULL;
    }
    if (!S_ISREG(info.st_mode) && !S_ISFIFO(info.st_mode) && !S_ISCHR(info.st_mode)) {
        close(fd);
        file_refuse_kind(c, opt, path, "write", info.st_mode);
        return NULL;
    }
    /* a reader is there: from now on the lines wait for it as they would on a pipe */
    if ((flags = fcntl(fd, F_GETFL)) != -1) (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if ((f = fdopen(fd, "a")) == NULL) {
        file_refuse(c, opt, path, "write", strerror(errno));
        close(fd);
    }
    return f;
}
