#ifndef SCOREKEEPER_PQ_SHIM_H
#define SCOREKEEPER_PQ_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <postgresql/libpq-fe.h>

// libpq is loaded when live mode first needs it, not linked: the release
// binary is fully static (libpq has no static build with its TLS and
// Kerberos dependencies), and loading its two dozen shared libraries at
// every start would cost the mock mode ~1.3 ms a command. The header
// gives each function its exact type; `scorekeeper_libpq_load` fills the
// table from the loaded library.

#define SCOREKEEPER_LIBPQ_FUNCTIONS(X) \
  X(PQlibVersion) X(PQconnectStart) X(PQconnectPoll) X(PQsocket) X(PQstatus) X(PQerrorMessage) X(PQfinish) \
  X(PQconnectionNeedsPassword) X(PQconnectionUsedPassword) X(PQserverVersion) \
  X(PQparameterStatus) X(PQdb) X(PQhost) X(PQport) X(PQuser) X(PQsslInUse) \
  X(PQresultStatus) X(PQresultErrorField) X(PQresultErrorMessage) \
  X(PQntuples) X(PQnfields) X(PQfname) X(PQgetvalue) X(PQgetlength) X(PQgetisnull) \
  X(PQcmdTuples) X(PQclear) X(PQconninfoParse) X(PQconninfoFree) \
  X(PQencryptPasswordConn) X(PQfreemem) X(PQsetNoticeProcessor) X(PQsendQueryParams) \
  X(PQgetResult) X(PQenterPipelineMode) X(PQpipelineSync) X(PQtransactionStatus) X(PQbackendPID) \
  X(PQsetnonblocking) X(PQflush) X(PQconsumeInput) X(PQisBusy) X(PQnotifies)

#define SCOREKEEPER_LIBPQ_FIELD(name) __typeof__(&name) name;
typedef struct scorekeeper_libpq {
  SCOREKEEPER_LIBPQ_FUNCTIONS(SCOREKEEPER_LIBPQ_FIELD)
} scorekeeper_libpq;
#undef SCOREKEEPER_LIBPQ_FIELD

/// Fills `api` from the library `handle` (from dlopen); returns the name of
/// the first function it lacks, or NULL when all were found.
static inline const char *scorekeeper_libpq_load(void *handle, scorekeeper_libpq *api) {
#define SCOREKEEPER_LIBPQ_LOAD(name) \
  if (!(api->name = (__typeof__(&name))dlsym(handle, #name))) return #name;
  SCOREKEEPER_LIBPQ_FUNCTIONS(SCOREKEEPER_LIBPQ_LOAD)
#undef SCOREKEEPER_LIBPQ_LOAD
  return NULL;
}

#endif
