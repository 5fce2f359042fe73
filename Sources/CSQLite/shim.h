#ifndef CAIRN_CSQLITE_SHIM_H
#define CAIRN_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
// These wrappers let Swift bind text and blobs that SQLite must copy before the call returns.
static inline int cairn_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}
// SQLITE_STATIC: the caller keeps the text where it is until the statement is reset.
static inline int cairn_sqlite3_bind_text_static(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_STATIC);
}
// sqlite3_db_config is variadic, which Swift cannot call. Every connection Cairn opens gets
// this: defensive mode (no writes to the schema or shadow tables by SQL), an untrusted schema
// (functions with side effects refused in views, triggers and defaults), no extension loading,
// no two-argument fts3_tokenizer() (it registers a pointer the next full-text query calls), and
// neither triggers nor views run: a dataset's own code never runs in Cairn.
static inline int cairn_sqlite3_harden(sqlite3 *db) {
    int rc = SQLITE_OK;
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)0);
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, (int *)0);
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    rc |= sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
    rc |= sqlite3_enable_load_extension(db, 0);
    return rc;
}
#endif
