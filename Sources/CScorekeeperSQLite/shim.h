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

/// sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, 64 MiB): statement
/// journals stay in memory up to 64 MiB. Replacing a photo inside a
/// transaction journals every page its old bytes freed, and SQLite would
/// otherwise write those megabytes to a temporary file and delete it
/// moments later (its default spills at 64 KiB).
///
/// Not -1 (never spill): an in-memory journal is a list of 1 KiB chunks,
/// and each statement nested in another (the tracking functions' under a
/// trigger, `SyncTracking`) cuts it back to where it began by walking the
/// list from the start. Under one statement of a million rows that was
/// quadratic. A spill size makes the journal one chunk of that size (an
/// allocation of address space: only the pages written are touched), so
/// the cut is immediate; a spilled journal is not cut at all.
/// Only takes effect before SQLite initializes (the first open).
static inline int scorekeeper_keep_statement_journals_in_memory(void) {
  return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, 64 * 1024 * 1024);
}

/// SQLITE_TRANSIENT is a macro around a cast Swift cannot import.
static inline sqlite3_destructor_type scorekeeper_transient(void) {
  return SQLITE_TRANSIENT;
}

#endif
