#ifndef SCOREKEEPER_SQLITE_SHIM_H
#define SCOREKEEPER_SQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions, so the few variadic entry points
// the SQLite layer needs get fixed-arity wrappers here.

/// sqlite3_db_config for the boolean options (SQLITE_DBCONFIG_DQS_DML, ...).
static inline int scorekeeper_db_config_bool(sqlite3 *db, int op, int value) {
  return sqlite3_db_config(db, op, value, (int *)0);
}

/// sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0): no allocation statistics,
/// which SQLite otherwise keeps under a global mutex on every malloc.
/// Only takes effect before SQLite initializes (the first open).
static inline int scorekeeper_disable_memstatus(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes): see
/// `Database.statementJournalSpill`. Only takes effect before SQLite
/// initializes (the first open).
static inline int scorekeeper_set_statement_journal_spill(int bytes) {
  return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

/// mallopt(M_TRIM_THRESHOLD, bytes) where the C library is glibc: see
/// `Database.keptFreeHeap`. Elsewhere nothing (returns 0).
static inline int scorekeeper_keep_free_heap(int bytes) {
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
  return mallopt(M_TRIM_THRESHOLD, bytes);
#else
  (void)bytes;
  return 0;
#endif
}

/// SQLITE_TRANSIENT is a macro around a cast Swift cannot import.
static inline sqlite3_destructor_type scorekeeper_transient(void) {
  return SQLITE_TRANSIENT;
}

#endif
