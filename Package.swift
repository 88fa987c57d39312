// swift-tools-version: 6.1
import PackageDescription

// No package dependencies: the toolchain and the system's libsqlite3 and
// libpq only (libpq's header here; the library is loaded at run time).
// SHA-256 in hardware on x86-64 (see SHA256+Hardware.swift): Clang's SHA
// intrinsics compile only with the feature on. Only code that checked
// CPUID first uses them.
#if arch(x86_64)
  let hardwareHashing: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-msha"])]
#else
  let hardwareHashing: [SwiftSetting] = []
#endif

let package = Package(
  name: "Scorekeeper",
  products: [
    .executable(name: "scorekeeper", targets: ["scorekeeper"]),
    .library(name: "ScorekeeperCore", targets: ["ScorekeeperCore"]),
  ],
  targets: [
    .systemLibrary(
      name: "CScorekeeperSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(
      name: "CScorekeeperPQ",
      providers: [.apt(["libpq-dev"])]
    ),
    // Infrastructure, knowing nothing of games: bounded waits, the SQLite
    // wrapper, the PostgreSQL client, the HTTP server. Only the two
    // speaking C import the system libraries.
    .target(name: "ScorekeeperSystem"),
    .target(name: "ScorekeeperSQLite", dependencies: ["CScorekeeperSQLite", "ScorekeeperSystem"]),
    .target(name: "ScorekeeperPostgreSQL", dependencies: ["CScorekeeperPQ", "ScorekeeperSystem"]),
    .target(name: "ScorekeeperHTTP", dependencies: ["ScorekeeperSystem"]),
    .target(
      name: "ScorekeeperCore",
      dependencies: ["ScorekeeperSystem", "ScorekeeperSQLite", "ScorekeeperPostgreSQL", "ScorekeeperHTTP"],
      // The server's SQL files are embedded by the plugin, not resources.
      exclude: ["Cloud/Live/Server/SQL"],
      swiftSettings: hardwareHashing,
      plugins: ["EmbedServerSQL"]
    ),
    // Embeds the server's SQL files in ScorekeeperCore at every build.
    .plugin(
      name: "EmbedServerSQL",
      capability: .buildTool(),
      dependencies: ["embed-server-sql"]
    ),
    .executableTarget(name: "embed-server-sql"),
    .executableTarget(
      name: "scorekeeper",
      dependencies: ["ScorekeeperCore"]
    ),
    .executableTarget(
      name: "scorekeeper-bench",
      dependencies: ["ScorekeeperCore", "ThrowawayPostgres", "ScorekeeperHarness"],
      path: "Benchmarks/scorekeeper-bench"
    ),
    // A throwaway PostgreSQL cluster (socket and TCP), started on first
    // use: for the tests and the benchmarks.
    .target(
      name: "ThrowawayPostgres",
      dependencies: ["ScorekeeperCore"],
      path: "Tests/ThrowawayPostgres",
      // Read from the source tree by the tests, not built in.
      exclude: ["test-switches.sql"]
    ),
    // What runs the binary from outside and talks to it, shared by the
    // tests and the bench: a raw HTTP client.
    .target(
      name: "ScorekeeperHarness",
      path: "Tests/ScorekeeperHarness"
    ),
    // Helpers shared by both test targets: temporary databases, seeding,
    // readable difference assertions, line diffs, SHA-256.
    .target(
      name: "ScorekeeperTestSupport",
      dependencies: ["ScorekeeperCore", "ThrowawayPostgres"],
      path: "Tests/ScorekeeperTestSupport"
    ),
    .testTarget(
      name: "ScorekeeperCoreTests",
      dependencies: [
        "ScorekeeperCore", "ScorekeeperTestSupport", "ScorekeeperSQLite", "ScorekeeperPostgreSQL",
        "ScorekeeperHTTP", "ScorekeeperSystem",
      ]
    ),
    .testTarget(
      name: "ScorekeeperCLITests",
      dependencies: [
        "scorekeeper", "ScorekeeperCore", "ScorekeeperTestSupport", "ScorekeeperSQLite", "ScorekeeperHarness",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
