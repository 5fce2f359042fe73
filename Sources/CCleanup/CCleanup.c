#define _GNU_SOURCE
#include "CCleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SLOTS 64

/// Each slot holds a path made by strdup, or NULL. A forgotten path's memory is never freed:
/// a handler running on another thread may still be reading it.
static char *volatile slots[SLOTS];

int cairn_cleanup_add(const char *path) {
    char *copy = strdup(path);
    if (!copy) return -1;
    for (int i = 0; i < SLOTS; i++) {
        char *expected = NULL;
        if (__atomic_compare_exchange_n(&slots[i], &expected, copy, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return 0;
    }
    free(copy);
    return -1;
}

void cairn_cleanup_forget(const char *path) {
    for (int i = 0; i < SLOTS; i++) {
        char *held = __atomic_load_n(&slots[i], __ATOMIC_SEQ_CST);
        if (held && strcmp(held, path) == 0) {
            __atomic_compare_exchange_n(&slots[i], &held, NULL, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        }
    }
}

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/// Removes a folder's files (a CSV export's staging folder holds files only), then the folder.
static void remove_folder(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    char buffer[4096] __attribute__((aligned(8)));
    for (;;) {
        long count = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (count <= 0) break;
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            const char *name = entry->d_name;
            if (!(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))) unlinkat(fd, name, 0);
            offset += entry->d_reclen;
        }
    }
    close(fd);
    rmdir(path);
}

void cairn_cleanup_run(void) {
    int saved = errno;
    for (int i = 0; i < SLOTS; i++) {
        char *held = __atomic_exchange_n(&slots[i], NULL, __ATOMIC_SEQ_CST);
        if (!held) continue;
        if (unlink(held) != 0 && (errno == EISDIR || errno == EPERM)) remove_folder(held);
    }
    errno = saved;
}

static void handler(int signal_number) {
    cairn_cleanup_run();
    // End as the signal would have: the parent sees the same status (130 for Ctrl-C).
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

void cairn_cleanup_install(void) {
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    // A parent may have left them blocked (a test runner's threads do): they must reach Cairn.
    sigset_t wanted;
    sigemptyset(&wanted);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&wanted, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction previous;
        if (sigaction(signals[i], NULL, &previous) != 0) continue;
        if (previous.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = handler;
        sigfillset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}
