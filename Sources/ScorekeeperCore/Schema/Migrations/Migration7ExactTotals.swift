extension Migration {
  /// Schema v7: totals that never overflow, and the changes made here.
  ///
  /// - Two devices can each record changes that fit in 64 bits on their
  ///   own and together do not. A total that saturated as events arrived
  ///   would depend on their order (max, max, -max ends at 0 or at max),
  ///   so devices would disagree. Instead each player keeps the exact sum
  ///   of its events in two parts, `scoreHigh * 2^32 + scoreLow` with
  ///   `0 <= scoreLow < 2^32` (`scoreHigh` cannot overflow before 2^31
  ///   events), and `score` is that sum clamped to 64 bits: a function of
  ///   the set of events, the same on every device in any order. Every
  ///   event still counts, so later changes bring the score back exactly.
  /// - `localChanges`: the changes made on this device, in the order they
  ///   were made: a score change by its event, any other change by what it
  ///   did. `undo` reverts the last one not yet reverted when it is a score
  ///   change, and otherwise says what it was instead of reaching past it
  ///   to an older score change. Reverts themselves are not listed (undo
  ///   walks back past them), and `scoreEvents_undoes` finds them. The
  ///   log starts with this device's existing score changes.
  /// - `syncState.deviceClaim`: the cloud, device id and file this
  ///   database last claimed its device id for (`CloudContainer.claimDevice`),
  ///   so the claim is made once, not on every sync.
  /// - `syncState.outageSince`, `retryAt`: the cloud has not answered
  ///   since then; automatic syncs around commands wait until `retryAt`
  ///   rather than each paying for the wait (an explicit sync always tries).
  static let exactTotals = Migration(
    version: 7,
    identifier: "exactTotals",
    sql: """
      ALTER TABLE players ADD COLUMN scoreHigh INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE players ADD COLUMN scoreLow INTEGER NOT NULL DEFAULT 0;
      UPDATE players SET scoreHigh = score >> 32, scoreLow = score & 4294967295;

      CREATE TABLE localChanges (
        seq INTEGER PRIMARY KEY,
        event TEXT,
        description TEXT,
        CHECK ((event IS NULL) <> (description IS NULL))
      ) STRICT;
      INSERT INTO localChanges (event)
      SELECT id FROM scoreEvents
      WHERE device = (SELECT id FROM localDevice) AND undoes IS NULL ORDER BY rowid;
      CREATE INDEX scoreEvents_undoes ON scoreEvents (undoes) WHERE undoes IS NOT NULL;
      ALTER TABLE syncState ADD COLUMN deviceClaim TEXT;
      ALTER TABLE syncState ADD COLUMN outageSince TEXT;
      ALTER TABLE syncState ADD COLUMN retryAt TEXT;

      DROP TRIGGER scoreEvents_afterInsert;
      DROP TRIGGER scoreEvents_afterDelete;
      CREATE TRIGGER scoreEvents_afterInsert AFTER INSERT ON scoreEvents BEGIN
        UPDATE players SET scoreHigh = scoreHigh + (NEW.delta >> 32),
          scoreLow = scoreLow + (NEW.delta & 4294967295)
        WHERE id = NEW.playerID;
        \(normalizeTotal("NEW"))
      END;
      CREATE TRIGGER scoreEvents_afterDelete AFTER DELETE ON scoreEvents BEGIN
        UPDATE players SET scoreHigh = scoreHigh - (OLD.delta >> 32),
          scoreLow = scoreLow - (OLD.delta & 4294967295)
        WHERE id = OLD.playerID;
        \(normalizeTotal("OLD"))
      END;
      """
  )

  /// Carries `scoreLow` (now in (-2^32, 2^33)) into `scoreHigh` (`>>` is
  /// arithmetic, `&` two's complement), then sets the clamped `score`
  /// (v16's triggers end the same way).
  static func normalizeTotal(_ row: String) -> String {
    """
    UPDATE players SET scoreHigh = scoreHigh + (scoreLow >> 32), scoreLow = scoreLow & 4294967295
        WHERE id = \(row).playerID;
        UPDATE players SET score = CASE
            WHEN scoreHigh > 2147483647 THEN 9223372036854775807
            WHEN scoreHigh < -2147483648 THEN -9223372036854775807 - 1
            ELSE scoreHigh * 4294967296 + scoreLow END
        WHERE id = \(row).playerID;
    """
  }
}
