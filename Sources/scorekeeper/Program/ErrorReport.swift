import ScorekeeperCore

/// A refusal a command words itself, for what only it knows (exit 1).
struct CommandFailure: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

/// Turns any error into what a person reads on stderr and the documented
/// exit status. Every message quotes the input it is about and, where
/// there is one, says what to do next.
struct ErrorReport {
  let errors: Output

  /// The error's own sentence, in the error colour on a terminal that
  /// wants colour; what follows it (usage, a hint) stays plain.
  private func fail(_ message: String) {
    errors.write(message, in: .error)
    errors.line()
  }

  func report(_ error: any Error) -> ExitCode {
    switch error {
    case let error as UsageError:
      fail(error.message)
      if let name = error.command, let command = Command.named(name) {
        errors.line("Usage: scorekeeper \(command.spec.usage)")
        errors.line("Run \"scorekeeper help \(name)\" for more.")
      }
      return .usage
    case is InvalidTextError, is ScoreChangeError:
      fail("\(error)")
      return .usage
    case let error as StoreError:
      fail(ErrorWords.of(error))
      switch error {
      case .gameNotFound(_, let suggestions) where suggestions.isEmpty:
        errors.line("Run \"scorekeeper list\" to see your games.")
      case .playerNotFound(_, let game, let suggestions) where suggestions.isEmpty:
        errors.line(
          "Run \"scorekeeper list \(ArgumentParser.shellQuoted(game.title))\" to see its players.")
      default:
        break
      }
      return .failure
    case is SyncError, is CloudError, is SharingError, is LiveCloudError, is ServerSchemaError,
      is ServerUserError, is ClientLibraryMissing, is NoDatabaseError, is AdministratorNeeded:
      fail(ErrorWords.of(error))
      return .failure
    case let error as PGError:
      fail(error.summary)
      return .failure
    case let error as PhotoFileError:
      fail(error.message)
      return .failure
    case let error as ConfigFileError:
      fail(error.message)
      return .failure
    case let error as DeclinedError:
      fail(error.message)
      return .failure
    case let error as CommandFailure:
      fail(error.message)
      return .failure
    case let error as GameRulesError:
      fail(error.description + " Nothing was changed.")
      return .failure
    case let error as KindRulesError:
      fail(error.description + " Nothing was changed.")
      return .failure
    case let error as DatabaseFileError:
      fail(error.description)
      return .unusableDatabase
    case let error as RestoreError:
      fail(error.description)
      return .failure
    case let error as DatabaseCheckError:
      // A backup's copy (restore words its own): the database is damaged.
      fail(
        "The database is damaged (SQLite's check of its copy: \(error.problems.prefix(3).joined(separator: "; "))): "
          + "no backup was written. A backup made before it was damaged can be put back with: "
          + "scorekeeper restore FILE. Nothing was changed.")
      return .unusableDatabase
    case let error as ChangeSignalError:
      fail(error.description)
      return .failure
    case let error as PollError:
      // Only serve's own wait meets it here (libpq's and the change
      // signals' say what they waited for).
      fail("Can't wait for connections: \(error). The scoreboard stopped.")
      return .failure
    case let error as FileCloudError:
      fail(error.description)
      return .unusableDatabase
    case let error as ListenError:
      fail(error.description)
      if error.portInUse {
        errors.line(
          "Another program (or another scorekeeper serve) is using that port. "
            + "Choose another with --port N, or --port 0 for any free port.")
      } else if error.portNeedsPrivileges {
        errors.line("Ports below 1024 need root. Choose one above, or --port 0 for any free port.")
      }
      return .failure
    case let error as DatabaseError:
      return report(error)
    case is RowDecodingError, is CachedResultError:
      // A value the schema's checks keep right, found wrong: the file was
      // changed by something else.
      fail("The database cannot be used: \(error). Nothing was changed.")
      return .unusableDatabase
    default:
      fail("Unexpected error: \(error)")
      return .failure
    }
  }

  /// SQLite errors that reach the command line: a lock held too long, or a
  /// file that went bad while in use.
  private func report(_ error: DatabaseError) -> ExitCode {
    switch error.primaryCode {
    case 5:  // SQLITE_BUSY
      fail(
        "The database is busy: another process kept it locked for over "
          + "\(Database.defaultBusyTimeoutMilliseconds / 1000) seconds. Nothing was changed; try again.")
      return .failure
    case 3, 8, 10, 11, 13, 14, 26:  // PERM, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB
      fail("The database cannot be used: \(error.message) (\(error.codeName)). Nothing was changed.")
      return .unusableDatabase
    default:
      fail("Unexpected database error: \(error)")
      return .failure
    }
  }
}
