#ifndef CAIRN_CCLEANUP_H
#define CAIRN_CCLEANUP_H

/// Files Cairn is writing under a temporary name (a staging file or folder), removed when
/// SIGINT, SIGTERM or SIGHUP ends the process before they are renamed into place. The
/// handler uses only async-signal-safe calls (unlink, rmdir, getdents64, unlinkat), then
/// ends the process by the same signal. kill -9 cannot be caught: the next command that
/// writes beside the same name removes what a dead process left (StagingFile.removeAbandoned).

/// Installs the handler for SIGINT, SIGTERM and SIGHUP, leaving alone a signal the parent
/// set to be ignored. Call once, early; a later handler (the REPL's Ctrl-C) replaces it.
void cairn_cleanup_install(void);

/// Adds a path to remove on such a signal; 0 when kept, -1 when the table is full.
int cairn_cleanup_add(const char *path);

/// Forgets a path (renamed into place or removed).
void cairn_cleanup_forget(const char *path);

/// Removes every registered path now (the handler's work), for tests.
void cairn_cleanup_run(void);

#endif
