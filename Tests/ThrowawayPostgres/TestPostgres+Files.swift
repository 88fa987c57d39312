@_spi(Testing) import ScorekeeperCore

extension TestPostgres {
  /// Runs an SQL file in `database` with psql, as the administrator, in
  /// one transaction that stops at the first error; `variables` are psql's
  /// (`-v name=value`, which the file names as `:"name"`).
  public func run(file: String, in database: String, variables: [String: String] = [:]) throws {
    try ShellCommand.output(
      [
        bin + "/psql", "-X", "-q", "-1", "-v", "ON_ERROR_STOP=1", "-d", connectionString(database: database),
        "-f", file,
      ]
        + variables.sorted { $0.key < $1.key }.flatMap { ["-v", "\($0.key)=\($0.value)"] })
  }

  /// `pg_dump --schema-only` of `database`, normalised so that two
  /// databases' schemas compare line by line: comments, blank lines and
  /// session settings dropped, the group roles named `:"owner"` and
  /// `:"users"` whatever the database is called, and each table's columns
  /// in name order (a column a repair added comes last; nothing reads
  /// these tables by position).
  public func schemaDump(of database: String, roles: ServerRoles) throws -> [String] {
    let dump = try pgDump(database, "--schema-only")
    var lines: [String] = []
    var columns: [String]?
    for line in dump.split(separator: "\n").map(String.init) {
      if line.hasPrefix("CREATE TABLE "), line.hasSuffix(" (") {
        lines.append(line)
        columns = []
      } else if columns != nil, line == ");" {
        lines += columns!.sorted() + [line]
        columns = nil
      } else if columns != nil {
        columns!.append(line.hasSuffix(",") ? String(line.dropLast()) : line)
      } else {
        lines.append(line)
      }
    }
    return lines.filter { line in
      !line.isEmpty && !line.hasPrefix("--") && !line.hasPrefix("SET ") && !line.hasPrefix("\\")
        && !line.hasPrefix("SELECT pg_catalog.set_config")
    }.map { line in
      line.replacing(quotedIdentifier(roles.owner), with: #":"owner""#).replacing(
        roles.owner, with: #":"owner""#
      )
      .replacing(quotedIdentifier(roles.users), with: #":"users""#).replacing(roles.users, with: #":"users""#)
    }
  }

  /// What `pg_dump` prints for `database` with `options`.
  public func pgDump(_ database: String, _ options: String...) throws -> String {
    try ShellCommand.output([bin + "/pg_dump"] + options + ["-d", connectionString(database: database)])
  }
}
