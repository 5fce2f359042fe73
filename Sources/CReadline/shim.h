#ifndef CAIRN_CREADLINE_SHIM_H
#define CAIRN_CREADLINE_SHIM_H
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline's global settings are mutable C globals, which Swift 6 will not touch from
// concurrent code; these accessors set them from the REPL's single thread.
static inline void cairn_rl_set_completion(char **(*function)(const char *, int, int)) {
    rl_attempted_completion_function = function;
    rl_completer_word_break_characters = " \t\n\"'(),=";
}
static inline void cairn_rl_no_default_completion(void) { rl_attempted_completion_over = 1; }
/// What follows a single match (readline resets it to a space before each completion).
static inline void cairn_rl_set_append_character(int character) { rl_completion_append_character = character; }
/// Ctrl-C is Cairn's to handle; readline keeps following the terminal's size while editing.
static inline void cairn_rl_set_catch_signals(int on) { rl_catch_signals = on; rl_catch_sigwinch = 1; }
static inline const char *cairn_rl_line_buffer(void) { return rl_line_buffer; }
static inline int cairn_rl_point(void) { return rl_point; }
/// Abandons the line being edited and shows `prompt` afresh (after Ctrl-C).
static inline void cairn_rl_cancel_line(const char *prompt) {
    rl_replace_line("", 0);
    rl_crlf();
    rl_set_prompt(prompt);
    rl_on_new_line();
    rl_redisplay();
}
/// Called by readline on its own thread of control after a signal interrupted its read
/// (readline 6.3 and later): where Ctrl-C abandons the line, outside the signal handler.
static inline void cairn_rl_set_signal_hook(int (*hook)(void)) { rl_signal_event_hook = hook; }

/// readline's read, waiting at most 50 ms at a time and asking `cairn_rl_pending` in between:
/// a Ctrl-C that arrives while readline is not blocked in read() (drawing, completing) still
/// abandons the line at once instead of waiting for the next key.
static inline int (**cairn_rl_pending(void))(void) {
    static int (*pending)(void) = 0;
    return &pending;
}
static inline int cairn_rl_getc(FILE *stream) {
    for (;;) {
        if (*cairn_rl_pending()) (*cairn_rl_pending())();
        struct pollfd wait = { fileno(stream), POLLIN, 0 };
        int ready = poll(&wait, 1, 50);
        if (ready != 0 && !(ready < 0 && errno == EINTR)) return rl_getc(stream);
    }
}
static inline void cairn_rl_set_getc(int (*pending)(void)) {
    *cairn_rl_pending() = pending;
    rl_getc_function = cairn_rl_getc;
}
#endif
