// The throwaway PostgreSQL cluster is its own target, so the benchmarks
// can start one too; tests get it with the rest of the support.
@_exported import ThrowawayPostgres
